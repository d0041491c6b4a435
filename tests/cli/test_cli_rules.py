"""`reviewer rules` lists the catalogue (table, markdown, json); the docs' page is made from
it as the site builds (scripts/docs_hooks.py, tests/test_docs.py); `[rules]` in a config
given to scan, flag or ingest is checked (an unknown id: its file and id named, exit 2,
nothing stored) and changes the run's config digest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from reviewer.grounding.rules import GROUPS, RULES

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
BRIEF = {
    "id": "b1",
    "text": "Your resting heart rate of 66 bpm is up; 58 again.",
    "pool": [
        {"name": "rhr", "value": 57, "unit": "bpm"},
        {"name": "hrv", "value": 64, "unit": "none"},
    ],
}
NAMES = '[names]\nrhr = ["resting heart rate"]\n'


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), env={"COLUMNS": "220"})


def test_json_lists_every_rule_of_the_catalogue_in_order() -> None:
    result = invoke("rules", "--format", "json")
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    assert [r["id"] for r in listed] == [rule.id for rule in RULES]
    by_id = {r["id"]: r for r in listed}
    assert by_id["sign.word"]["group"] == "sign"
    assert by_id["sign.word"]["reads"] == GROUPS["sign"]
    assert by_id["plan.bound"]["summary"].startswith('"below 160 bpm"')
    with_examples = [rule for rule in RULES if rule.examples or rule.counter]
    for rule in with_examples:  # the examples as the tables hold them
        shown = by_id[rule.id]
        assert [e["text"] for e in shown["examples"]] == [e.text for e in rule.examples]
        assert [e["number"] for e in shown["counter"]] == [e.number for e in rule.counter]


def test_table_names_every_rule_and_what_its_group_reads() -> None:
    result = invoke("rules")
    assert result.exit_code == 0, result.output
    for rule in RULES:
        assert rule.id in result.stdout
    assert GROUPS["plan"] in result.stdout
    assert f"{len(RULES)} rules" in result.stdout


def test_markdown_has_a_section_per_group_and_per_rule() -> None:
    result = invoke("rules", "--format", "markdown")
    assert result.exit_code == 0, result.output
    page = result.stdout
    assert page.startswith("# Rule catalogue\n")
    for rule in RULES:
        assert f"### `{rule.id}`\n" in page
    for group in {rule.group for rule in RULES}:
        assert f"## {group}: {GROUPS[group]}\n" in page
    # a summary's code span stays code; its other characters are text
    assert "of `positions`)." in page


# --- [rules] in a config, through the commands ------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    made = {
        "briefs.jsonl": json.dumps(BRIEF) + "\n",
        "names.toml": NAMES,
        "off.toml": NAMES + '[rules]\noff = ["name"]\n',
        "typo.toml": NAMES + '[rules]\noff = ["name", "plan.bund"]\n',
    }
    for name, body in made.items():
        (tmp_path / name).write_text(body)
    return {name: tmp_path / name for name in made}


def refused(result, config: Path) -> None:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, result.output
    assert str(config) in result.stderr and "'plan.bund'" in result.stderr
    assert "reviewer rules" in result.stderr  # where the ids are listed
    assert "Traceback" not in result.output


def test_an_unknown_rule_id_stops_scan_ingest_and_flag(
    files: dict[str, Path], tmp_path: Path
) -> None:
    typo, briefs = files["typo.toml"], str(files["briefs.jsonl"])
    refused(invoke("scan", briefs, "--config", str(typo)), typo)
    refused(invoke("scan", briefs, "--config", str(typo), "--explain"), typo)
    where = tmp_path / "r.db"
    refused(invoke("ingest", briefs, "--db", str(where), "--config", str(typo)), typo)
    assert not where.exists()  # nothing stored, not even an empty database
    stored = invoke("ingest", briefs, "--db", str(where), "--config", str(files["names.toml"]))
    assert stored.exit_code == 0, stored.output
    before = where.read_bytes()
    refused(invoke("flag", "--db", str(where), "--config", str(typo)), typo)
    assert where.read_bytes() == before  # no run was started
    runs = json.loads(invoke("runs", "--json", "--db", str(where)).stdout)
    assert len(runs) == 1


def test_rules_off_changes_the_runs_config_digest(files: dict[str, Path], tmp_path: Path) -> None:
    where = str(tmp_path / "r.db")
    briefs = str(files["briefs.jsonl"])
    assert (
        invoke("ingest", briefs, "--db", where, "--config", str(files["names.toml"])).exit_code == 0
    )
    assert invoke("flag", "--db", where, "--config", str(files["off.toml"])).exit_code == 0
    assert invoke("flag", "--db", where, "--config", str(files["names.toml"])).exit_code == 0
    runs = json.loads(invoke("runs", "--json", "--db", where).stdout)
    digests = [run["config_digest"] for run in runs]
    assert digests[0] != digests[1] and digests[0] == digests[2]
    assert runs[1]["config_changes"] == "rules off: name"
    assert [run["flags"] for run in runs] == [2, 1, 2]
    table = invoke("runs", "--db", where).stdout
    assert "rules off: name" in table


def test_one_names_words_switched_off_leave_its_other_words_and_the_digest_says_so(
    tmp_path: Path,
) -> None:
    """`name:WORDS` turns off the reading of those words alone (matched as a flag's rule
    spells them: case and spacing aside); the metric's other names still read it."""
    brief = {
        "id": "b1",
        "text": "Your resting heart rate sat at 66 bpm. Later the RHR read 61 bpm.",
        "pool": [{"name": "rhr", "value": 57, "unit": "bpm"}],
    }
    briefs = tmp_path / "b.jsonl"
    briefs.write_text(json.dumps(brief) + "\n")
    names = tmp_path / "names.toml"
    names.write_text('[names]\nrhr = ["resting heart rate", "RHR"]\n')
    off = tmp_path / "off.toml"
    off.write_text(names.read_text() + '[rules]\noff = ["name:Resting  Heart Rate"]\n')

    def rules(config: Path) -> list[str]:
        result = invoke("scan", str(briefs), "--config", str(config))
        assert result.exit_code == 0, result.output
        return [flag["rule"] for flag in json.loads(result.stdout)["flags"]]

    assert rules(names) == ["name:resting heart rate", "name:rhr"]
    assert "name:resting heart rate" not in rules(off) and "name:rhr" in rules(off)
    where = str(tmp_path / "r.db")
    assert invoke("ingest", str(briefs), "--db", where, "--config", str(names)).exit_code == 0
    assert invoke("flag", "--db", where, "--config", str(off)).exit_code == 0
    runs = json.loads(invoke("runs", "--json", "--db", where).stdout)
    assert runs[0]["config_digest"] != runs[1]["config_digest"]
    assert runs[1]["config_changes"] == "rules off: name:resting heart rate"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ('[rules]\non = ["name:rhr"]\n', "a name's reading is on unless `off` turns it off"),
        ('[rules]\noff = ["name:  "]\n', "unknown rule 'name:  '"),
    ],
)
def test_a_names_id_only_turns_off_and_needs_words(tmp_path: Path, body: str, said: str) -> None:
    config = tmp_path / "c.toml"
    config.write_text(body)
    briefs = tmp_path / "b.jsonl"
    briefs.write_text(json.dumps(BRIEF) + "\n")
    result = invoke("scan", str(briefs), "--config", str(config))
    assert result.exit_code == 2 and str(config) in result.stderr and said in result.stderr
    assert "Traceback" not in result.output


def test_lexicon_lists_the_classes_a_config_extends_with_their_rule_and_words() -> None:
    from reviewer.grounding import lexicon
    from reviewer.grounding.rules import by_id

    result = invoke("rules", "--lexicon", "--format", "json")
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    assert [row["class"] for row in listed] == list(lexicon.EXTENDABLE)
    for row in listed:
        assert row["rule"] == lexicon.EXTENDABLE[row["class"]]
        assert by_id(row["rule"]) is not None  # a rule of the catalogue
        assert row["words"] == list(lexicon.WORDS[row["class"]]) and row["added_word"]
    table = invoke("rules", "--lexicon")
    assert table.exit_code == 0, table.output
    for row in listed:
        assert f"{row['class']}  read by {row['rule']}" in table.stdout
    assert "7 word classes take a config's words" in table.stdout
    markdown = invoke("rules", "--lexicon", "--format", "markdown").stdout
    rows = [line for line in markdown.splitlines() if line.startswith("| `")]
    assert [row.split("`")[1] for row in rows] == list(lexicon.EXTENDABLE)


def test_a_word_the_lexicon_listing_offers_reads_as_it_says(tmp_path: Path) -> None:
    # plan_words' added word makes the number a plan: the flag on 66 (rhr 57) goes, by
    # the rule the listing names
    listed = json.loads(invoke("rules", "--lexicon", "--format", "json").stdout)
    plan = next(row for row in listed if row["class"] == "plan_words")
    briefs = tmp_path / "b.jsonl"
    text = "Our north star for resting heart rate is 66 bpm."
    briefs.write_text(json.dumps({**BRIEF, "text": text}) + "\n")
    config = tmp_path / "c.toml"
    config.write_text(NAMES)
    before = invoke("scan", str(briefs), "--config", str(config))
    assert before.exit_code == 0 and json.loads(before.stdout)["flags"], before.output
    config.write_text(NAMES + '[lexicon]\nplan_words = ["north star"]\n')
    explained = invoke("scan", str(briefs), "--config", str(config), "--explain")
    assert explained.exit_code == 0, explained.output
    numbers = json.loads(explained.stdout)["readings"]
    assert [n["rule"] for n in numbers if n["token"] == "66"] == [plan["rule"]]


def test_lexicon_takes_no_run(tmp_path: Path) -> None:
    result = invoke("rules", "--lexicon", "--db", str(tmp_path / "r.db"))
    assert result.exit_code == 2
    assert "--lexicon lists the word classes" in result.stderr
    assert not (tmp_path / "r.db").exists()


def test_the_help_names_the_lexicon_table_as_written() -> None:
    result = runner.invoke(app, ["rules", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "a config's [lexicon] adds words to" in " ".join(result.output.split())
