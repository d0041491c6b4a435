"""`reviewer scan` with plain arguments starts without typer and does what typer's path
does: same output, messages and exit codes; anything else is left to typer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from reviewer.commands.scan_quick import parse

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
CONFIG = ROOT / "fixtures" / "eval" / "configs" / "ops.toml"

QUICK = [sys.executable, "-m", "reviewer", "scan"]
TYPER = [sys.executable, "-c", "import sys; from reviewer.cli import main; main()", "scan"]


def _run(command: list[str], *args: str) -> tuple[int, str, str]:
    done = subprocess.run([*command, *args], cwd=ROOT, capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("quick")
    lines = DEMO.read_text(encoding="utf-8").splitlines()
    bad = folder / "bad.jsonl"
    bad.write_text("\n".join([*lines[:5], '{"id": "x", "text": 5}', *lines[5:]]) + "\n")
    pools = folder / "pools.jsonl"
    pools.write_text('{"id": "p", "pool": [{"name": "rhr", "value": 52, "unit": "bpm"}]}\n')
    by_id = folder / "by_id.jsonl"
    by_id.write_text(json.dumps({"id": "a", "text": "rhr 58 bpm", "pool_id": "p"}) + "\n")
    return {"bad": str(bad), "pools": str(pools), "by_id": str(by_id)}


CASES = [
    [str(DEMO), "-d", "reference"],
    [str(DEMO), "--detector=default", "--workers", "0"],
    ["--format", "jsonl", str(DEMO), "--detector", "reference", "--workers=2"],
    [str(DEMO), "--format=table", "-d", "reference"],
    [str(DEMO), "--config", str(CONFIG)],
    [str(DEMO), "-d", "reference", "--config", str(CONFIG)],  # the reference refuses it
    [str(DEMO), "-d", "nosuch"],
    [str(DEMO), "-d", "tests.support.hostile_plugins:Raises"],
    ["/no/such/file.jsonl", "-d", "reference"],
    [str(DEMO), "--config", "/no/such/config.toml"],
    ["{bad}", "-d", "reference"],
    ["{by_id}", "--pools", "{pools}", "-d", "reference"],
    ["{by_id}", "-d", "reference"],  # a pool_id without a pools file
]


@pytest.mark.parametrize("args", CASES, ids=range(len(CASES)))
def test_the_quick_way_does_what_typer_does(args: list[str], files: dict[str, str]) -> None:
    args = [arg.format(**files) for arg in args]
    assert parse(args) is not None  # these are the quick way's to run
    assert _run(QUICK, *args) == _run(TYPER, *args)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        [str(DEMO), "--help"],
        [str(DEMO), str(DEMO)],
        [str(DEMO), "-d"],
        [str(DEMO), "-d", "--workers"],
        [str(DEMO), "-dreference"],
        [str(DEMO), "-d=reference"],
        [str(DEMO), "-d", "reference", "-d", "default"],
        [str(DEMO), "--format", "csv"],
        [str(DEMO), "--workers", "-1"],
        [str(DEMO), "--workers", "x"],
        [str(DEMO), "--workers", "\u0663"],
        [str(DEMO), "--bogus"],
        ["--", str(DEMO)],
    ],
)
def test_anything_else_is_left_to_typer(args: list[str]) -> None:
    assert parse(args) is None
    assert _run(QUICK, *args)[0] == _run(TYPER, *args)[0]  # typer's words name the program


def test_a_plain_scan_never_loads_typer_or_rich() -> None:
    probe = (
        "import sys, atexit; "
        "atexit.register(lambda: sys.stderr.write(' '.join(sorted({m.split('.')[0] "
        "for m in sys.modules} & {'typer', 'rich', 'concurrent', 'multiprocessing'})))); "
        f"sys.argv = ['reviewer', 'scan', {str(DEMO)!r}, '-d', 'reference']; "
        "from reviewer.__main__ import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert len(done.stdout.splitlines()) == 68  # every demo brief
    assert done.stderr == ""
