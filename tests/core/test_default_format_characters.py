"""Format characters inside a number are read through by the default (a zero-width joiner
or space, a soft hyphen, a word joiner, bidi marks and isolates): "5\u200d2 bpm" states 52
bpm, and a contradiction cannot hide behind an invisible character. The flag's span and
token are the text as written. The reference reads the published rules, which do not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.reference import ReferenceDetector

POOL = [Known("rhr", 57, "bpm"), Known("tsb", -22.4, "none")]
FORMAT = ["\u200d", "\u200b", "\u00ad", "\u2060", "\u200e", "\u2066", "\ufeff", "\u200c"]
DEFAULT = DefaultDetector()


@pytest.mark.parametrize("mark", FORMAT)
def test_a_format_character_inside_a_number_is_read_through(mark: str) -> None:
    text = f"Resting HR was 5{mark}2 bpm."
    (flag,) = DEFAULT.flag(text, POOL)
    assert (flag.value, flag.nearest, flag.kind) == (52.0, "rhr", "value")
    assert text[flag.start : flag.end] == flag.token == f"5{mark}2"


def test_around_a_decimal_point_and_a_sign_too() -> None:
    text = "TSB is +2\u200d2.\u20604 today and RHR 5\u200b2.5 bpm."
    flags = {flag.token: flag for flag in DEFAULT.flag(text, POOL)}
    assert flags["+2\u200d2.\u20604"].kind == "sign"
    assert flags["5\u200b2.5"].value == 52.5


def test_bidi_isolates_around_a_number_leave_its_unit_read() -> None:
    (flag,) = DEFAULT.flag("Resting HR \u202a52\u202c bpm.", POOL)
    assert (flag.token, flag.unit) == ("52", "bpm")


def test_explain_tells_the_number_once_where_it_is_written() -> None:
    text = "Resting HR was 5\u00ad2 bpm."
    readings = DEFAULT.explain(text, POOL)
    assert [(r.token, r.outcome) for r in readings] == [("5\u00ad2", "flag")]


def test_the_reference_keeps_the_published_reading() -> None:
    assert ReferenceDetector().flag("Resting HR was 5\u200d2 bpm.", POOL) == []


def test_a_faithful_citation_with_a_format_character_is_a_citation() -> None:
    text = "Resting HR was 5\u200d7 bpm."
    assert DEFAULT.flag(text, POOL) == []
    (cited,) = DEFAULT.citations(text, POOL)
    assert text[cited.start : cited.end] == "5\u200d7"


@given(st.lists(st.sampled_from([*FORMAT, "5", "2", " ", " bpm", ".", "-", "x"]), max_size=20))
def test_spans_stay_inside_the_text_and_spell_their_token(parts: list[str]) -> None:
    text = "".join(parts)
    for flag in DEFAULT.flag(text, POOL):
        assert 0 <= flag.start < flag.end <= len(text)
        assert text[flag.start : flag.end] == flag.token
