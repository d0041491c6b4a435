"""Flags as a stream: the built-ins make each flag only when it is taken, in text order,
and a plugin may return a list or yield; what it yields is checked as it comes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reviewer import Flag, Known
from reviewer.checks.registry import DetectorFault, analyze, stream
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.reference import ReferenceDetector

DETECTORS = [ReferenceDetector(), DefaultDetector()]
POOL = (
    Known("rhr", 52.0, "bpm"),
    Known("hrv", 64.0, "none"),
    Known("tsb", -22.4, "none"),
    Known("sleep_debt", 10.0, "none"),
    Known("distance", 5.0, "mi"),
)
# numbers and the pool's names, so the default reads some numbers by name and some by band
fragments = st.sampled_from(
    [
        "HRV is holding at 71", " rhr 66 bpm", " form 22.4", " tsb +9.8", " ran 5.1 mi",
        " resting heart rate of 54 bpm", " sleep debt 10.4", " 41.3", " down 22.4", ", ",
        ". ", " and ", "hrv ", " 64", " 4-5 mi", " plan 7 mi", " 23 strides", "\n",
    ]
)  # fmt: skip
texts = st.lists(fragments, max_size=25).map("".join)


@pytest.mark.parametrize("detector", DETECTORS, ids=lambda d: d.name)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts)
def test_the_stream_is_the_analysis_in_text_order(detector, text: str) -> None:
    analysis = detector.analyze(text, POOL)
    checkable, flags = detector.stream(text, POOL)
    streamed = list(flags)
    assert checkable == analysis.checkable == detector.checkable(text, POOL)
    assert streamed == analysis.flags == detector.flag(text, POOL)
    starts = [f.start for f in streamed]
    assert starts == sorted(starts) and len(set(starts)) == len(starts)
    cited = detector.citations(text, POOL)
    assert [c.start for c in cited] == sorted(c.start for c in cited)
    assert not {c.start for c in cited} & set(starts)


@pytest.mark.parametrize("detector", DETECTORS, ids=lambda d: d.name)
def test_flags_are_made_as_they_are_taken(detector) -> None:
    text = "Resting heart rate sat at 54 bpm today, form is 22.4 and you ran 5.1 mi. " * 500
    checkable, flags = stream(detector, text, POOL)
    assert iter(flags) is flags  # an iterator, not a list built beforehand
    first = next(flags)
    assert text[first.start : first.end] == first.token == "54"
    rest = list(flags)
    assert checkable == 1500 and [first, *rest] == detector.flag(text, POOL)
    assert len(rest) >= 499


class Yields:
    """A plugin whose flag() is a generator, failing part-way when told to."""

    name = "yields"

    def __init__(self, fail_after: int | None = None, bad_after: int | None = None) -> None:
        self.fail_after, self.bad_after = fail_after, bad_after

    def flag(self, text: str, pool: Sequence[Known]) -> Iterator[Flag]:
        for n, at in enumerate(range(0, len(text), 10)):
            if n == self.fail_after:
                raise KeyError("gone")
            if n == self.bad_after:
                yield Flag(at, at + 1, "not the text", 1.0, "none", "x", 2.0, -1.0, "value")
            yield Flag(at, at + 1, text[at], 1.0, "none", "x", 2.0, -1.0, "value")


def test_a_plugin_that_yields_is_read_like_one_that_returns_a_list() -> None:
    text = "a" * 100
    analysis = analyze(Yields(), text, POOL)
    assert [f.start for f in analysis.flags] == list(range(0, 100, 10))
    assert analysis.checkable == 0  # the default scanner's count: no numbers


@pytest.mark.parametrize(
    ("plugin", "problem"),
    [
        (Yields(fail_after=3), "raised KeyError: 'gone'"),
        (Yields(bad_after=2), "a flag's token 'not the text' is not the text at 20..21"),
    ],
)
def test_a_plugin_failing_part_way_through_its_stream_is_a_fault(plugin, problem) -> None:
    _, flags = stream(plugin, "a" * 100, POOL)
    taken = []
    with pytest.raises(DetectorFault) as fault:
        for flag in flags:
            taken.append(flag)
    assert problem in str(fault.value) and "'yields'" in str(fault.value)
    assert len(taken) <= 3
    with pytest.raises(DetectorFault):
        analyze(plugin, "a" * 100, POOL)
