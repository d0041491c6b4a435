"""`scripts/same_flags.py` holds a change to the readings to the flags before it: a file it
wrote is read back corpus by corpus, and a changed reading is named with its corpus."""

from __future__ import annotations

import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
sys.path.insert(0, str(SCRIPTS))

import same_flags  # noqa: E402


def written(path: Path, corpora: dict[str, list[str]]) -> Path:
    path.write_text(
        "".join(f"== {name}\n" + "".join(f"{line}\n" for line in lines)
                for name, lines in corpora.items()),
        encoding="utf-8",
    )  # fmt: skip
    return path


def test_the_same_readings_pass_and_a_changed_rule_is_named(tmp_path, capsys) -> None:
    flag = '{"id": "b1", "flags": [{"start": 11, "end": 13, "rule": "band"}]}'
    before = {"demo": [flag, '{"id": "b2", "flags": []}'], "eval/dev/x": ['{"id": "c"}']}
    back = same_flags.read_back(written(tmp_path / "before.txt", before))
    assert back == before
    assert same_flags.compare(back, before, shown=3) == 0
    assert "same flags and readings" in capsys.readouterr().out

    after = before | {"demo": [flag.replace('"band"', '"name:rhr"'), before["demo"][1]]}
    assert same_flags.compare(back, after, shown=3) == 1
    said = capsys.readouterr().out
    assert "demo: 2 lines before, 2 after" in said and '"rule": "name:rhr"' in said
    assert "eval/dev/x" not in said and "1 corpora differ" in said

    assert same_flags.compare(back, {"demo": before["demo"]}, shown=3) == 1
    assert "eval/dev/x: only before" in capsys.readouterr().out
