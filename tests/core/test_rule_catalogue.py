"""The rule catalogue's examples are tests: each example's number is read by its rule, each
counter-example's number is not, and with the rule turned off (`[rules] off`) no example
of it is read by it any more."""

from __future__ import annotations

from dataclasses import replace

import pytest

from reviewer.grounding.config import ConfigError, config_from_dict
from reviewer.grounding.default import BAND_VETOES, DefaultDetector
from reviewer.grounding.rules import GROUPS, RULES, Example, by_id, unknown_ids

EXAMPLES = [(rule.id, example) for rule in RULES for example in rule.examples]
COUNTER = [(rule.id, example) for rule in RULES for example in rule.counter]


def reading_of(example: Example, off: frozenset[str] = frozenset()):
    """The reading of the example's number (its first occurrence) by the default."""
    detector = DefaultDetector(replace(example.config(), rules_off=off))
    at = example.text.index(example.number)
    for reading in detector.explain(example.text, list(example.pool)):
        if reading.start <= at < reading.end or reading.start == at - 1:
            return reading
    raise AssertionError(f"no reading of {example.number!r} in {example.text!r}")


def rule_of(reading) -> str:
    return "name" if reading.rule.startswith("name:") else reading.rule


def example_id(case) -> str:
    rule_id, example = case
    return f"{rule_id}: {example.text[:60]}"


@pytest.mark.parametrize("case", EXAMPLES, ids=[example_id(c) for c in EXAMPLES])
def test_an_example_is_read_by_its_rule(case) -> None:
    rule_id, example = case
    assert rule_of(reading_of(example)) == rule_id


@pytest.mark.parametrize("case", COUNTER, ids=[example_id(c) for c in COUNTER])
def test_a_counter_example_is_not_read_by_the_rule(case) -> None:
    rule_id, example = case
    assert rule_of(reading_of(example)) != rule_id


@pytest.mark.parametrize("case", EXAMPLES, ids=[example_id(c) for c in EXAMPLES])
def test_a_rule_turned_off_reads_none_of_its_examples(case) -> None:
    rule_id, example = case
    if rule_id in ("band", "name"):  # the readings every other one refines: tested apart
        return
    assert rule_of(reading_of(example, off=frozenset({rule_id}))) != rule_id


def test_every_rule_has_an_example_and_a_known_group() -> None:
    missing = [rule.id for rule in RULES if not rule.examples]
    assert missing == []
    assert {rule.group for rule in RULES} <= set(GROUPS)
    assert len({rule.id for rule in RULES}) == len(RULES)


def test_every_reading_in_the_code_is_in_the_catalogue() -> None:
    """An id the detector can give but the catalogue lacks would be a rule nobody can see
    or switch off."""
    import re
    from pathlib import Path

    import reviewer.grounding as grounding

    here = Path(grounding.__file__).parent
    said = set()
    for path in here.glob("*.py"):
        said |= set(re.findall(r'Why\("[a-z ]+", "([a-z.-]+)"\)', path.read_text()))
    said |= {veto.rule for veto in BAND_VETOES}
    assert said, "no reading found: the pattern above no longer matches the code"
    assert unknown_ids(sorted(said)) == []


def test_a_name_flag_names_its_rule_by_the_words() -> None:
    assert by_id("name:resting heart rate") is by_id("name")
    assert by_id("plan.nonsense") is None


def test_an_unknown_rule_id_in_a_config_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"unknown rule 'plan\.nonsense'"):
        config_from_dict({"rules": {"off": ["plan.bound", "plan.nonsense"]}}, source="x.toml")
    with pytest.raises(ConfigError, match="both off and on"):
        config_from_dict({"rules": {"off": ["plan.bound"], "on": ["plan.bound"]}})


def test_rules_off_changes_the_stored_config() -> None:
    plain = config_from_dict({})
    off = config_from_dict({"rules": {"off": ["plan.bound"]}})
    assert off.to_dict()["rules"] == {"off": ["plan.bound"], "on": []}
    assert plain.to_json() != off.to_json()


def test_band_and_name_readings_can_be_turned_off() -> None:
    """With `band` off only names read numbers; with `name` off only the band does."""
    from reviewer import Known

    pool = [Known("rhr", 52, "bpm"), Known("hrv", 64, "none")]
    text = "RHR was 66 bpm. Something read 55 bpm. HRV is holding at 71."
    plain = {(f.token, f.rule) for f in DefaultDetector(config_from_dict({})).flag(text, pool)}
    assert plain == {("66", "name:rhr"), ("55", "band"), ("71", "name:hrv")}
    no_band = config_from_dict({"rules": {"off": ["band"]}})
    assert {f.token for f in DefaultDetector(no_band).flag(text, pool)} == {"66", "71"}
    no_name = config_from_dict({"rules": {"off": ["name"]}})
    # 71 is within the band of hrv 64; 66 bpm is past it (27% from rhr 52): unseen
    assert {(f.token, f.rule) for f in DefaultDetector(no_name).flag(text, pool)} == {
        ("55", "band"),
        ("71", "band"),
    }


PRONOUN = (
    "Heart rate variability dropped overnight. It's at 52 now. Sleep was short, so HRV may "
    "stay low."
)
LISTED = (
    "Resting HR and heart rate variability sat at 58 and 52 overnight; RHR runs high after "
    "travel, HRV low."
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (PRONOUN, {("52", "name:heart rate variability")}),  # not the nearer "HRV" after it
        (LISTED, {("58", "name:resting hr"), ("52", "name:heart rate variability")}),
    ],
)
def test_a_pronoun_or_a_list_names_the_name_it_stands_for(text: str, expected) -> None:
    """ "It" and a list's numbers in turn are read by a name before them: that name is
    the flag's rule, even where another name of the same value stands nearer after it,
    so switching the flag's own id off is what takes the number from that name (the
    band may still read it)."""
    from reviewer import Known

    names = {"hrv": ["HRV", "heart rate variability"], "rhr": ["resting HR", "RHR"]}
    pool = [Known("hrv", 61, "none"), Known("rhr", 50, "none")]
    flags = DefaultDetector(config_from_dict({"names": names})).flag(text, pool)
    assert {(f.token, f.rule) for f in flags} == expected
    for token, rule in expected:
        off = config_from_dict({"names": names, "rules": {"off": [rule]}})
        read = {(f.token, f.rule) for f in DefaultDetector(off).flag(text, pool)}
        assert (token, rule) not in read
