"""Reading one brief's flags made elsewhere: optional fields pass through, counts derive."""

from __future__ import annotations

import pytest

from reviewer.checks.flag_json import FlagJsonError, read_answer
from reviewer.grounding.types import Known

TEXT = "HR 55 bpm, 60 bpm later."
POOL = (Known("rhr", 52.0, "bpm"),)
FLAG = {"start": 3, "end": 5, "token": "55", "value": 55, "unit": "bpm", "nearest": "rhr",
        "nearest_value": 52, "delta": 3, "kind": "value"}  # fmt: skip


def test_rule_and_basis_pass_through_and_default():
    flags, _ = read_answer({"flags": [FLAG | {"rule": "near-bpm", "basis": "name"}]}, TEXT, POOL)
    assert (flags[0].rule, flags[0].basis, flags[0].value) == ("near-bpm", "name", 55.0)
    plain, _ = read_answer({"flags": [FLAG]}, TEXT, POOL)
    assert (plain[0].rule, plain[0].basis) == ("band", "band")


@pytest.mark.parametrize(
    ("extra", "checkable"),
    [
        ({}, None),
        ({"checkable": 2}, 2),
        ({"invention_rate": 0.5}, 2),
        ({"invention_rate": 1 / 3}, 3),
    ],
)
def test_the_checkable_count_is_given_or_derived(extra, checkable):
    assert read_answer({"flags": [FLAG]} | extra, TEXT, POOL)[1] == checkable


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ({"flags": [FLAG], "checkable": 0}, "at least the 1 flags"),
        ({"flags": [FLAG], "invention_rate": 0}, "'invention_rate' is 0"),
        ({"flags": [FLAG | {"extra": 1}]}, "unknown field 'extra'"),
        ({"flags": [FLAG | {"value": True}]}, "'value' must be a finite number"),
        ({"flags": {}}, "'flags' must be a list"),
        ([], "expected a JSON object"),
    ],
)
def test_a_bad_answer_says_what_is_wrong(answer, problem):
    with pytest.raises(FlagJsonError, match=problem):
        read_answer(answer, TEXT, POOL)
