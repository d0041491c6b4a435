"""Properties every built-in detector keeps on any text and any pool."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reviewer import Known
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.reference import ReferenceDetector

DETECTORS = [ReferenceDetector(), DefaultDetector()]
UNITS = ["bpm", "mi", "min", "steps", "pct", "none", "km"]
SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

numberish = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 1e308, -1e308, 5e-324, 52.0, -22.4, 10600.0]),
    st.integers(-(10**30), 10**30).map(float),
)
knowns = st.builds(
    Known, st.text(max_size=5), numberish, st.sampled_from(UNITS) | st.text(max_size=4)
)
pools = st.lists(knowns, max_size=12).map(tuple)
fragments = st.one_of(
    st.text(max_size=20),
    st.sampled_from(
        [
            " bpm", "%", " mi", " min", " miles", " steps", "k steps", " days", "-day", "h 30m",
            "\u2212", "\u2013", "-", "+", ":", "/mi", " ", "\u00a0", ",", ".", "v", "٥", "x",
        ]
    ),
    st.integers(-(10**6), 10**6).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(lambda v: f"{v:f}"),
    st.integers(300, 400).map(lambda n: "9" * n),
)  # fmt: skip
texts = st.lists(fragments, max_size=12).map("".join)


@pytest.mark.parametrize("detector", DETECTORS, ids=lambda d: d.name)
@SETTINGS
@given(text=texts, pool=pools)
def test_never_raises_and_spans_point_into_the_text(detector, text: str, pool) -> None:
    analysis = detector.analyze(text, pool)
    assert 0 <= len(analysis.flags) <= analysis.checkable
    for flag in analysis.flags:
        assert 0 <= flag.start < flag.end <= len(text)
        assert text[flag.start : flag.end] == flag.token
        assert flag.kind in ("value", "sign")
        # a flag is against a known value of its unit; one found by the metric's name may
        # also be a number written without a unit word
        assert any(
            k.name == flag.nearest
            and (k.unit == flag.unit or (flag.basis == "name" and flag.unit == "none"))
            for k in pool
        )
        assert flag.basis in ("band", "name")
    for citation in detector.citations(text, pool):
        assert text[citation.start : citation.end] == citation.token
        assert citation.known in pool
    for token in detector.scanner.scan(text):
        assert text[token.start : token.end] == token.text


@pytest.mark.parametrize("detector", DETECTORS, ids=lambda d: d.name)
@SETTINGS
@given(text=texts, pool=pools)
def test_deterministic_and_consistent(detector, text: str, pool) -> None:
    first = detector.analyze(text, pool)
    fresh = type(detector)().analyze(text, list(pool))  # a list pool: no identity cache
    assert first.flags == fresh.flags
    assert first.checkable == fresh.checkable
    assert detector.flag(text, pool) == first.flags
    assert detector.checkable(text, pool) == first.checkable


WORD = {"bpm": " bpm", "mi": " mi", "min": " min", "steps": " steps", "pct": "%", "none": ""}
citable = st.builds(
    Known,
    st.sampled_from(["rhr", "tsb", "distance", "sleep", "steps", "readiness"]),
    st.one_of(
        st.integers(-500, 20000).map(float),
        st.decimals(-1000, 1000, places=2, allow_nan=False, allow_infinity=False).map(float),
    ),
    st.sampled_from(list(WORD)),
)


def cite(known: Known, detector) -> str:
    unit = known.unit
    if detector.name == "reference" and unit == "min":
        return "It took long."  # the reference cannot read minutes (weakness 4)
    return f"It reads {known.value!r}{WORD[unit]}."


@pytest.mark.parametrize("detector", DETECTORS, ids=lambda d: d.name)
@SETTINGS
@given(pool=st.lists(citable, min_size=1, max_size=10).map(tuple))
def test_a_text_of_exact_citations_is_never_flagged(detector, pool) -> None:
    text = " ".join(cite(k, detector) for k in pool)
    assert detector.flag(text, pool) == []
    cited = detector.citations(text, pool)
    readable = [k for k in pool if not (detector.name == "reference" and k.unit == "min")]
    assert len(cited) == len(readable)
    assert all(c.value == c.known.value for c in cited)


@pytest.mark.parametrize("detector", DETECTORS, ids=lambda d: d.name)
def test_extreme_values_do_not_raise(detector) -> None:
    pool = (
        Known("nan", math.nan, "none"),
        Known("inf", math.inf, "none"),
        Known("ninf", -math.inf, "bpm"),
        Known("huge", 1e308, "none"),
        Known("tiny", 5e-324, "none"),
    )
    text = "9" * 400 + " and -" + "9" * 320 + " bpm and 1e308 and 0 and -0.0 and 52 bpm"
    analysis = detector.analyze(text, pool)
    assert analysis.checkable >= 3
    assert detector.analyze("", ()).checkable == 0
    assert detector.analyze(text, ()).flags == []


SHARED_POOL = (
    Known("rhr", 52, "bpm"),
    Known("tsb", -22.4, "none"),
    Known("ctl", 41.3, "none"),
    Known("distance", 5.0, "mi"),
    Known("sleep", 45, "min"),
    Known("steps", 10600, "steps"),
    Known("readiness", 12, "pct"),
)


@pytest.mark.parametrize("detector", DETECTORS, ids=lambda d: d.name)
@SETTINGS
@given(text=texts)
def test_verdicts_remembered_from_other_texts_change_nothing(detector, text: str) -> None:
    """The per-pool memo outlives texts: a remembered verdict equals a fresh one."""
    from reviewer.grounding.nearest import pool_index

    remembered = detector.analyze(text, SHARED_POOL)
    citations = detector.citations(text, SHARED_POOL)
    pool_index(SHARED_POOL).clear_judgements()
    assert detector.analyze(text, SHARED_POOL) == remembered
    pool_index(SHARED_POOL).clear_judgements()
    assert detector.citations(text, SHARED_POOL) == citations


def test_a_flag_as_a_dict_holds_every_field_in_order() -> None:
    """What scan prints and exports store: every field, so a field added to Flag cannot be
    left out of the dict written by hand."""
    import dataclasses

    from reviewer import Flag

    flag = Flag(3, 5, "57", 57.0, "bpm", "rhr", 52.0, 5.0, "value", "name")
    assert flag.to_dict() == dataclasses.asdict(flag)
    assert list(flag.to_dict()) == [field.name for field in dataclasses.fields(Flag)]
