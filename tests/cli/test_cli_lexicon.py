"""`[lexicon]` in a config adds words to the default's extendable word classes, through the
real commands: an added plan word or plan noun makes a flag no flag (and the same sentence
flags without it), `scan --explain` names the rule that read it, `[rules] off` turns the
added words off with their rule, an unknown or closed class is refused by name (exit 2,
nothing stored), the reference refuses the table, and the run's config digest changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from reviewer.grounding import lexicon

runner = CliRunner()
RHR = [{"name": "rhr", "value": 57, "unit": "bpm"}]
BRIEFS = [
    {"id": "word", "text": "Your envisaged resting heart rate is 61 bpm.", "pool": RHR},
    {"id": "phrase", "text": "The north star for resting heart rate is 61 bpm.", "pool": RHR},
    {"id": "noun", "text": "Resting heart rate has a 61 bpm guardrail this week.", "pool": RHR},
    {"id": "said", "text": "Your resting heart rate was 61 bpm.", "pool": RHR},
]
ADDED = '[lexicon]\nplan_words = ["envisaged", "north star"]\nplan_nouns_after = ["guardrail"]\n'


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), env={"COLUMNS": "220"})


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    made = {
        "briefs.jsonl": "".join(json.dumps(brief) + "\n" for brief in BRIEFS),
        "added.toml": ADDED,
        "added_off.toml": ADDED + '[rules]\noff = ["plan.word"]\n',
        "typo.toml": '[lexicon]\nplan_word = ["OKR"]\n',
        "closed.toml": '[lexicon]\nmonths = ["brumaire"]\n',
        "not_a_list.toml": '[lexicon]\nplan_words = "OKR"\n',
    }
    for name, body in made.items():
        (tmp_path / name).write_text(body)
    return {name: tmp_path / name for name in made}


def flagged(*args: str) -> dict[str, list[str]]:
    result = invoke("scan", *args, "--workers", "0")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    return {line["id"]: [flag["token"] for flag in line["flags"]] for line in lines}


def test_added_plan_words_and_nouns_turn_a_flag_into_no_flag(files: dict[str, Path]) -> None:
    briefs = str(files["briefs.jsonl"])
    assert flagged(briefs) == {"word": ["61"], "phrase": ["61"], "noun": ["61"], "said": ["61"]}
    with_words = flagged(briefs, "--config", str(files["added.toml"]))
    assert with_words == {"word": [], "phrase": [], "noun": [], "said": ["61"]}


def test_explain_names_the_rule_that_read_an_added_word(files: dict[str, Path]) -> None:
    result = invoke(
        "scan", str(files["briefs.jsonl"]), "--config", str(files["added.toml"]), "--explain"
    )
    assert result.exit_code == 0, result.output
    rules = {
        line["id"]: [reading["rule"] for reading in line["readings"]]
        for line in map(json.loads, result.stdout.splitlines())
    }
    assert rules["word"] == rules["phrase"] == ["plan.word"]
    assert rules["noun"] == ["plan.noun-after"]


def test_a_rule_turned_off_turns_its_added_words_off(files: dict[str, Path]) -> None:
    found = flagged(str(files["briefs.jsonl"]), "--config", str(files["added_off.toml"]))
    assert found == {"word": ["61"], "phrase": ["61"], "noun": [], "said": ["61"]}


def refused(result, config: Path, said: str) -> None:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, result.output
    assert str(config) in result.stderr and said in result.stderr
    assert "Traceback" not in result.output


def test_an_unknown_word_class_is_refused_by_name(files: dict[str, Path], tmp_path: Path) -> None:
    typo, briefs = files["typo.toml"], str(files["briefs.jsonl"])
    refused(invoke("scan", briefs, "--config", str(typo)), typo, "'plan_word'")
    result = invoke("scan", briefs, "--config", str(typo))
    assert "plan_words" in result.stderr  # the classes that take words are listed
    where = tmp_path / "r.db"
    refused(invoke("ingest", briefs, "--db", str(where), "--config", str(typo)), typo, "plan_word")
    assert not where.exists()  # nothing stored


def test_a_class_closed_to_a_config_and_a_bad_list_are_refused(files: dict[str, Path]) -> None:
    briefs = str(files["briefs.jsonl"])
    closed, bad = files["closed.toml"], files["not_a_list.toml"]
    assert "months" in lexicon.WORDS and "months" not in lexicon.EXTENDABLE
    refused(invoke("scan", briefs, "--config", str(closed)), closed, "cannot take words")
    refused(invoke("scan", briefs, "--config", str(bad)), bad, "lexicon.plan_words must be a list")


def test_the_reference_refuses_a_lexicon(files: dict[str, Path]) -> None:
    added = files["added.toml"]
    result = invoke("scan", str(files["briefs.jsonl"]), "-d", "reference", "--config", str(added))
    refused(result, added, "does not read [lexicon]")


def test_added_words_change_the_runs_config_digest(files: dict[str, Path], tmp_path: Path) -> None:
    where, briefs = str(tmp_path / "r.db"), str(files["briefs.jsonl"])
    assert invoke("ingest", briefs, "--db", where).exit_code == 0
    assert invoke("flag", "--db", where, "--config", str(files["added.toml"])).exit_code == 0
    assert invoke("flag", "--db", where).exit_code == 0
    runs = json.loads(invoke("runs", "--json", "--db", where).stdout)
    digests = [run["config_digest"] for run in runs]
    assert digests[0] != digests[1] and digests[0] == digests[2]
    assert runs[1]["config_changes"] == "lexicon.plan_nouns_after +1, lexicon.plan_words +2"
    assert [run["flags"] for run in runs] == [4, 1, 4]


PAST_AND_OTHERS = [
    {"id": "past", "text": "The STLY resting heart rate is 61 bpm.", "pool": RHR},
    {"id": "other", "text": "The comp set's resting heart rate is 61 bpm.", "pool": RHR},
]
PAST_AND_OTHERS_ADDED = '[lexicon]\npast_words = ["STLY"]\nothers = ["comp set"]\n'


def test_added_past_and_others_words_read_as_their_rules(tmp_path: Path) -> None:
    briefs = tmp_path / "briefs.jsonl"
    briefs.write_text("".join(json.dumps(brief) + "\n" for brief in PAST_AND_OTHERS))
    added, half = tmp_path / "added.toml", tmp_path / "half.toml"
    added.write_text(PAST_AND_OTHERS_ADDED)
    half.write_text(PAST_AND_OTHERS_ADDED + '[rules]\noff = ["past.words"]\n')
    assert flagged(str(briefs)) == {"past": ["61"], "other": ["61"]}
    assert flagged(str(briefs), "--config", str(added)) == {"past": [], "other": []}
    assert flagged(str(briefs), "--config", str(half)) == {"past": ["61"], "other": []}
    result = invoke("scan", str(briefs), "--config", str(added), "--explain")
    assert result.exit_code == 0, result.output
    rules = {
        line["id"]: [reading["rule"] for reading in line["readings"]]
        for line in map(json.loads, result.stdout.splitlines())
    }
    assert rules == {"past": ["past.words"], "other": ["other.someone-else"]}
