"""`[lexicon]` adds a team's own sign words (`negative_words`, `positive_words`) and hedges
(`approximate_words`), through the real commands: an added word changes what a number is
read as (a sign flag appears, a flag becomes a citation, a hedged number is flagged only
when plainly off), the same word after the number or in another clause changes nothing,
a sign written on the number and a built-in sign word win, `[rules] off` turns the added
words off with their rule, `scan --explain` names the rule, and a misspelt class is
refused by name (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from reviewer.cli import app

runner = CliRunner()
CHURN = [{"name": "churn_change", "value": 4.1, "unit": "pct"}]
OCCUPANCY = [
    {"name": "occupancy", "value": 84, "unit": "pct"},
    {"name": "occupancy_change", "value": 3.4, "unit": "pct"},
]
BALANCE = [{"name": "training_stress_balance", "value": -10.9, "unit": "none"}]
SIGNS = [
    {"id": "moderated", "text": "Churn moderated 4.1% this month.", "pool": CHURN},
    {"id": "by", "text": "Churn moderated by 4.1% this month.", "pool": CHURN},
    {"id": "written", "text": "Churn moderated +4.1% this month.", "pool": CHURN},
    {"id": "after", "text": "Churn was 4.1% this month and moderated.", "pool": CHURN},
    {"id": "built-in", "text": "Churn up 4.1% this month.", "pool": CHURN},
    {"id": "firmed", "text": "Occupancy firmed 3.4% this week.", "pool": OCCUPANCY},
    {"id": "level", "text": "Form is underwater at 10.9 today.", "pool": BALANCE},
]
# "up" is a built-in positive word: adding it to negative_words must not flip it
SIGN_WORDS = '[lexicon]\nnegative_words = ["moderated", "underwater", "up"]\n'
SIGN_WORDS += 'positive_words = ["firmed"]\n'
RHR = [{"name": "rhr", "value": 57, "unit": "bpm"}]
HEDGES = [
    {"id": "hedged", "text": "Resting heart rate was give or take 61 bpm.", "pool": RHR},
    {"id": "plainly-off", "text": "Resting heart rate was give or take 75 bpm.", "pool": RHR},
    {"id": "after", "text": "Resting heart rate was 61 bpm, give or take.", "pool": RHR},
    {"id": "elsewhere", "text": "Give or take, sleep held; resting heart rate was 61 bpm.",
     "pool": RHR},
]  # fmt: skip
NAMES = '[names]\nrhr = ["resting heart rate"]\n'
HEDGE_WORDS = NAMES + '[lexicon]\napproximate_words = ["give or take"]\n'


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), env={"COLUMNS": "220"})


def written(tmp_path: Path, name: str, body: str) -> str:
    (tmp_path / name).write_text(body)
    return str(tmp_path / name)


def briefs(tmp_path: Path, name: str, lines: list[dict]) -> str:
    return written(tmp_path, name, "".join(json.dumps(line) + "\n" for line in lines))


def scanned(*args: str) -> dict[str, list[tuple[str, float, str]]]:
    """Each brief's flags as (token, signed value, kind)."""
    result = invoke("scan", *args, "--workers", "0")
    assert result.exit_code == 0, result.output
    found = {}
    for line in map(json.loads, result.stdout.splitlines()):
        found[line["id"]] = [(f["token"], f["value"], f["kind"]) for f in line["flags"]]
    return found


def explained(*args: str) -> dict[str, list[tuple[str, str, str]]]:
    """Each brief's readings as (token, outcome, rule)."""
    result = invoke("scan", *args, "--workers", "0", "--explain")
    assert result.exit_code == 0, result.output
    return {
        line["id"]: [(r["token"], r["outcome"], r["rule"]) for r in line["readings"]]
        for line in map(json.loads, result.stdout.splitlines())
    }


def test_added_sign_words_sign_a_number_and_make_it_a_change(tmp_path: Path) -> None:
    path = briefs(tmp_path, "signs.jsonl", SIGNS)
    config = written(tmp_path, "signs.toml", SIGN_WORDS)
    assert scanned(path) == {
        "moderated": [], "by": [], "written": [], "after": [], "built-in": [],
        "firmed": [("3.4", 3.4, "value")],  # read as occupancy 84, a level
        "level": [("10.9", 10.9, "sign")],
    }  # fmt: skip
    assert scanned(path, "--config", config) == {
        "moderated": [("4.1", -4.1, "sign")],  # churn moderated: down, against +4.1
        "by": [("4.1", -4.1, "sign")],
        "written": [],  # the sign on the number wins
        "after": [],  # a sign word after the number: not one of the added words' places
        "built-in": [],  # "up" is read as the built-in word it is
        "firmed": [],  # a change now: the change of occupancy, cited
        "level": [],  # "underwater at 10.9": the balance's level below zero, cited
    }


def test_explain_names_sign_word_on_a_number_an_added_word_signed(tmp_path: Path) -> None:
    path = briefs(tmp_path, "signs.jsonl", SIGNS)
    config = written(tmp_path, "signs.toml", SIGN_WORDS)
    assert explained(path)["level"] == [("10.9", "flag", "band")]
    readings = explained(path, "--config", config)
    assert readings["level"] == [("10.9", "cited", "sign.word")]
    # compared with the change, read by the name "occupancy" (a level's name, a change word)
    assert readings["firmed"] == [("3.4", "cited", "name:occupancy")]


def test_sign_word_off_turns_the_added_sign_words_off(tmp_path: Path) -> None:
    path = briefs(tmp_path, "signs.jsonl", SIGNS)
    off = written(tmp_path, "off.toml", SIGN_WORDS + '[rules]\noff = ["sign.word"]\n')
    assert scanned(path, "--config", off) == scanned(path)


def test_an_added_hedge_flags_a_number_only_when_plainly_off(tmp_path: Path) -> None:
    path = briefs(tmp_path, "hedges.jsonl", HEDGES)
    plain = written(tmp_path, "names.toml", NAMES)
    config = written(tmp_path, "hedges.toml", HEDGE_WORDS)
    value = [("61", 61.0, "value")]
    off_by_far = [("75", 75.0, "value")]
    assert scanned(path, "--config", plain) == {
        "hedged": value, "plainly-off": off_by_far, "after": value, "elsewhere": value,
    }  # fmt: skip
    assert scanned(path, "--config", config) == {
        "hedged": [], "plainly-off": off_by_far, "after": value, "elsewhere": value,
    }  # fmt: skip
    readings = explained(path, "--config", config)
    assert readings["hedged"] == [("61", "no statement", "approximate.around")]
    assert readings["after"] == [("61", "flag", "name:resting heart rate")]


def test_approximate_around_off_turns_the_added_hedges_off(tmp_path: Path) -> None:
    path = briefs(tmp_path, "hedges.jsonl", HEDGES)
    off = written(tmp_path, "off.toml", HEDGE_WORDS + '[rules]\noff = ["approximate.around"]\n')
    assert scanned(path, "--config", off)["hedged"] == [("61", 61.0, "value")]


def test_a_misspelt_sign_or_hedge_class_is_refused_by_name(tmp_path: Path) -> None:
    path = briefs(tmp_path, "signs.jsonl", SIGNS)
    for typo in ("negative_word", "approximates"):
        config = written(tmp_path, f"{typo}.toml", f'[lexicon]\n{typo} = ["moderated"]\n')
        result = invoke("scan", path, "--config", config)
        assert result.exit_code == 2, result.output
        assert config in result.stderr and f"{typo!r}" in result.stderr
        assert "negative_words, positive_words, approximate_words" in result.stderr
        assert "Traceback" not in result.output


def test_the_added_words_are_in_the_runs_config(tmp_path: Path) -> None:
    path, where = briefs(tmp_path, "signs.jsonl", SIGNS), str(tmp_path / "r.db")
    config = written(tmp_path, "words.toml", SIGN_WORDS + 'approximate_words = ["give or take"]\n')
    assert invoke("ingest", path, "--db", where).exit_code == 0
    assert invoke("flag", "--db", where, "--config", config).exit_code == 0
    runs = json.loads(invoke("runs", "--json", "--db", where).stdout)
    assert runs[0]["config_digest"] != runs[1]["config_digest"]
    assert runs[1]["config_changes"] == (
        "lexicon.approximate_words +1, lexicon.negative_words +3, lexicon.positive_words +1"
    )
    reference = invoke("scan", path, "-d", "reference", "--config", config)
    assert reference.exit_code == 2 and "does not read [lexicon]" in reference.stderr


def test_rules_shows_the_words_an_example_adds() -> None:
    result = invoke("rules", "--format", "json")
    assert result.exit_code == 0, result.output
    sign = next(rule for rule in json.loads(result.stdout) if rule["id"] == "sign.word")
    added = [e["lexicon"] for e in sign["examples"] if "lexicon" in e]
    assert added == [{"negative_words": ["underwater"]}]
