"""The reference detector does exactly what PRODUCT.md publishes, weaknesses included."""

from __future__ import annotations

import pytest

from reviewer import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.reference import ReferenceDetector

POOL = (
    Known("rhr", 52, "bpm"),
    Known("rhr_baseline", 55, "bpm"),
    Known("tsb", -22.4, "none"),
    Known("distance", 5.00, "mi"),
)


def flags(text: str, pool=POOL, config: DetectorConfig | None = None):
    return [(f.token, f.kind, f.nearest) for f in ReferenceDetector(config).flag(text, pool)]


def test_faithful_citations_are_not_flagged() -> None:
    analysis = ReferenceDetector().analyze("RHR 52 bpm, baseline 55 bpm, TSB -22.4, 5 mi.", POOL)
    assert analysis.flags == []
    assert analysis.checkable == 4


def test_value_and_sign_flags() -> None:
    assert flags("It reads 58.50 bpm.") == [("58.50", "value", "rhr_baseline")]
    assert flags("It reads 22.40.") == [("22.40", "sign", "tsb")]
    assert flags("It reads -5.00 mi.") == [("-5.00", "sign", "distance")]


def test_far_values_are_ignored_as_unrelated() -> None:
    assert flags("It reads 140 bpm and 90.") == []


def test_flag_fields() -> None:
    (flag,) = ReferenceDetector().flag("Resting at 57.5 bpm today.", POOL)
    assert (flag.start, flag.end, flag.token) == (11, 15, "57.5")
    assert (flag.value, flag.unit, flag.nearest, flag.nearest_value) == (
        57.5,
        "bpm",
        "rhr_baseline",
        55,
    )
    assert flag.delta == pytest.approx(2.5)
    assert flag.kind == "value"


@pytest.mark.parametrize(
    "text",
    ["over 14 days 53 bpm", "a 7-day block", "3 weeks", "2 years", "month"],
)
def test_windows_are_skipped(text: str) -> None:
    pool = (
        Known("n", 14, "none"),
        Known("m", 7, "none"),
        Known("w", 3.1, "none"),
        Known("y", 2.1, "none"),
    )
    assert ReferenceDetector().checkable(text.replace("53 bpm", ""), pool) == 0


def test_duration_halves_are_skipped() -> None:
    pool = (Known("a", 7.1, "none"), Known("b", 31, "none"))
    assert ReferenceDetector().checkable("slept 7h 30m and 7h30m", pool) == 0
    assert ReferenceDetector().checkable("slept 7 h 30", pool) == 2


def test_units_follow_the_published_order() -> None:
    pool = (
        Known("d", 45, "mi"),
        Known("t", 45, "min"),
        Known("p", 12, "pct"),
        Known("s", 9000, "steps"),
    )
    detector = ReferenceDetector()
    assert [c.known.name for c in detector.citations("45 minutes, 12%, 9,000 steps", pool)] == [
        "d",
        "p",
        "s",
    ]
    # whitespace before the unit is stripped, whatever it is
    assert [c.known.name for c in detector.citations("12 % and 45\u00a0mi", pool)] == ["p", "d"]


def test_tie_goes_to_the_first_in_pool_order() -> None:
    pool = (Known("low", 9.0, "none"), Known("high", 11.0, "none"), Known("dup", 9.0, "none"))
    (flag,) = ReferenceDetector(DetectorConfig(value=0.2)).flag("10", pool)
    assert flag.nearest == "low"
    pool = (Known("high", 11.0, "none"), Known("low", 9.0, "none"))
    (flag,) = ReferenceDetector(DetectorConfig(value=0.2)).flag("10", pool)
    assert flag.nearest == "high"


def test_thresholds_come_from_the_config() -> None:
    loose = DetectorConfig(faithful=0.10)
    assert flags("It reads 58.50 bpm.", config=loose) == []
    assert flags("It reads 60 bpm.", config=DetectorConfig(value=0.2)) == [
        ("60", "value", "rhr_baseline")
    ]


def test_unicode_minus_is_a_weakness_of_the_reference() -> None:
    assert flags("TSB \u221222.4") == [("22.4", "sign", "tsb")]


def test_citations_carry_the_known_value() -> None:
    (citation,) = ReferenceDetector().citations("It reads 52.00 bpm.", POOL)
    assert (citation.start, citation.end, citation.token, citation.value) == (9, 14, "52.00", 52.0)
    assert citation.known == POOL[0]


def test_remembered_verdicts_stay_within_the_budget(monkeypatch) -> None:
    """A long run over distinct pools (ingest) keeps a bounded number of verdicts."""
    from reviewer.grounding import nearest
    from reviewer.grounding.default import DefaultDetector

    monkeypatch.setattr(nearest, "JUDGEMENT_BUDGET", 500)
    nearest.forget_judgements()
    detectors = [ReferenceDetector(), DefaultDetector()]
    for i in range(300):
        pool = (Known("a", float(i), "none"), Known("b", i + 0.5, "bpm"), Known("c", -i, "pct"))
        text = " ".join(f"{i + j} and {i + j}.5 bpm, {j - i}%" for j in range(6))
        for detector in detectors:
            assert detector.analyze(text, pool) == detector.analyze(text, pool)
        cached = {id(index): index for _, index in nearest._BY_CONTENT.values()}
        cached.update({id(index): index for _, index in nearest._BY_ID.values()})
        held = sum(len(memo) for index in cached.values() for memo in index._judgements.values())
        assert held <= nearest.judgement_total() <= 500


def test_pool_indexes_are_shared_by_content() -> None:
    from reviewer.grounding import nearest

    a = [Known("rhr", 52.0, "bpm"), Known("shared-by-content", -22.4)]  # met nowhere else
    b = [Known("rhr", 53.0, "bpm"), Known("shared-by-content", -22.4)]
    copy = [Known(k.name, k.value, k.unit) for k in a]
    first = nearest.pool_index(a)  # met once: an index of its own, not kept
    assert not first.cached and first is not nearest.pool_index(copy)
    assert nearest.pool_index(a) is nearest.pool_index(copy)  # met again: kept and shared
    assert nearest.pool_index(tuple(a)) is nearest.pool_index(a)
    nearest.pool_index(b)
    assert nearest.pool_index(b) is not nearest.pool_index(a)
    for pool in (a, b, a, b):
        assert nearest.pool_index(pool).pool == tuple(pool)
        assert [f.nearest_value for f in ReferenceDetector().flag("rhr 50 bpm", pool)] == [
            pool[0].value
        ]


def test_pools_with_one_hash_are_never_confused(monkeypatch) -> None:
    from reviewer.grounding import nearest

    monkeypatch.setattr(nearest, "hash", lambda fields: 7, raising=False)  # every pool collides
    a = [Known("rhr", 52.0, "bpm"), Known("tsb", -22.4)]
    b = [Known("rhr", 53.0, "bpm"), Known("tsb", -22.4)]
    for pool in (a, b, a, b, a, b):
        assert nearest.pool_index(pool).pool == tuple(pool)
        assert [f.nearest_value for f in ReferenceDetector().flag("rhr 50 bpm", pool)] == [
            pool[0].value
        ]
