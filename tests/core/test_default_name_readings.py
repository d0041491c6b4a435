"""The readings of the numbers a name points at are tables of ids in priority order
(default.py's NAME_READINGS and the tables it is made of): each id names one reading, and
none is a rule of the catalogue, since every flag they make carries the `name` rule."""

from __future__ import annotations

from reviewer.grounding.config import config_from_dict
from reviewer.grounding.default import (
    AFTER_NAME_VETOES,
    BEFORE_NAME,
    NAME_READINGS,
    NAME_VETOES,
    DefaultDetector,
)
from reviewer.grounding.rules import by_id
from reviewer.grounding.types import Known

TABLES = (NAME_VETOES, AFTER_NAME_VETOES, BEFORE_NAME, NAME_READINGS)


def test_each_table_names_each_reading_once() -> None:
    for table in TABLES:
        ids = [rule_id for rule_id, _ in table]
        assert len(set(ids)) == len(ids)
        assert all(rule_id.startswith("name.") for rule_id in ids)


def test_no_name_reading_is_a_catalogue_rule() -> None:
    ids = {rule_id for table in TABLES for rule_id, _ in table}
    assert [rule_id for rule_id in sorted(ids) if by_id(rule_id) is not None] == []


def test_a_closer_whole_name_wins_over_a_name_before_a_comma() -> None:
    """ "deep sleep, 70 min REM": the 70 is REM's (the number's own name after it), not
    deep sleep's, though deep sleep's name comes first."""
    pool = [Known("deep_sleep", 62, "min"), Known("rem_sleep", 103, "min")]
    config = config_from_dict({"names": {"rem_sleep": ["REM sleep", "REM"]}})
    flags = DefaultDetector(config).flag("Last night: 1 h of deep sleep, 70 min REM.", pool)
    assert [(f.token, f.nearest, f.rule) for f in flags] == [("70", "rem_sleep", "name:rem")]
