"""The four arms: the published table reproduces, and broken detectors fail with their message."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer import Known
from reviewer.arms import (
    MESSAGES,
    flag_spans,
    format_like,
    planted_rate,
    rewrite,
    rewrite_arms,
    run_arms,
    template_arms,
    template_sentence,
    verdict,
)
from reviewer.checks import registry
from reviewer.pipeline.reader import read_pools
from tests.support.plugins import FlagsEveryNumber, abs_mutant

ROOT = Path(__file__).resolve().parents[2]
SEED_RECORDS = ROOT / "fixtures" / "seed_records.jsonl"


@pytest.fixture(scope="module")
def seed_pools() -> list[tuple[Known, ...]]:
    return list(read_pools(str(SEED_RECORDS)).values())


def rounded(report, group: str = "template") -> dict[str, float]:
    return {arm: round(mean, 2) for arm, mean in report.means(group).items()}


def test_template_sentences_follow_the_published_form() -> None:
    assert template_sentence(52, "bpm") == "It reads 52.00 bpm."
    assert template_sentence(-22.4, "none") == "It reads -22.40."
    assert template_sentence(12.5, "pct") == "It reads 12.50%."
    assert template_sentence(5, "mi") == "It reads 5.00 mi."
    assert template_sentence(30, "min") == "It reads 30.00 min."
    assert template_sentence(9000, "steps") == "It reads 9000.00 steps."


def test_template_arms_are_built_from_the_pool(seed_pools) -> None:
    first = next(template_arms(seed_pools))
    assert first["faithful"] == (
        "It reads 52.00 bpm. It reads 55.00 bpm. It reads -22.40. It reads 5.00 mi."
    )
    assert first["corrupted"] == (
        "It reads 56.16 bpm. It reads 59.40 bpm. It reads -24.19. It reads 5.40 mi."
    )
    assert first["sign-flip"] == (
        "It reads -52.00 bpm. It reads -55.00 bpm. It reads 22.40. It reads -5.00 mi."
    )
    rng = random.Random(7)
    draws = [f"{rng.uniform(1, 200):.2f}" for _ in range(12)]
    unrelated = [arms["unrelated"] for arms in template_arms(seed_pools)]
    assert unrelated[0].startswith(f"It reads {draws[0]} bpm. It reads {draws[1]} bpm.")
    # One stream across records, in file order: the second record continues it.
    assert unrelated[1].startswith(f"It reads {draws[4]} bpm.")
    assert unrelated[2].endswith(f"It reads {draws[11]} mi.")


def test_reference_reproduces_the_published_table(seed_pools) -> None:
    report = run_arms(registry.load_detector("reference"), pools=seed_pools, seed=7)
    assert rounded(report) == {
        "faithful": 0.00,
        "corrupted": 0.75,
        "sign-flip": 1.00,
        "unrelated": 0.08,
    }
    assert report.passed
    assert report.failures == []


def test_default_detector_also_passes(seed_pools) -> None:
    report = run_arms(registry.load_detector("default"), pools=seed_pools, seed=7)
    assert report.passed, report.failures


def test_abs_mutant_hides_sign_inversions(seed_pools) -> None:
    report = run_arms(abs_mutant, pools=seed_pools, seed=7)
    assert rounded(report)["sign-flip"] == 0.00
    assert not report.passed
    assert report.failures == [MESSAGES["sign-flip"]]


def test_a_detector_that_flags_everything_fails_faithful_and_unrelated(seed_pools) -> None:
    report = run_arms(FlagsEveryNumber(), pools=seed_pools, seed=7)
    assert MESSAGES["faithful"] in report.failures
    assert MESSAGES["unrelated"] in report.failures
    assert report.to_dict()["passed"] is False


def test_verdict_messages_and_thresholds() -> None:
    good = {"faithful": 0.0, "corrupted": 0.75, "sign-flip": 1.0, "unrelated": 0.08}
    assert verdict(good) == []
    assert verdict(good | {"faithful": 0.06}) == ["faithful arm flags its own true citations"]
    assert verdict(good | {"corrupted": 0.49}) == ["corrupted arm slips past the detector"]
    assert verdict(good | {"corrupted": 0.49, "unrelated": 0.3}) == [
        "corrupted arm slips past the detector",
        "unrelated numbers score near corrupted ones; "
        "the detector is matching density, not contradiction",
    ]
    assert verdict(good | {"sign-flip": 0.2}) == ["sign inversions are invisible"]
    assert verdict(good | {"unrelated": 0.38}) != []
    assert verdict(good | {"unrelated": 0.375}) == []


def test_format_like_keeps_the_way_the_number_was_written() -> None:
    assert format_like("52", 56.16) == "56"
    assert format_like("52", -52.0) == "-52"
    assert format_like("-22.4", 22.4) == "22.4"
    assert format_like("+22.4", 22.4) == "+22.4"
    assert format_like("5.00", 5.4) == "5.40"
    assert format_like("10,400", 11232.0) == "11,232"
    assert format_like("10.6k", 11448.0) == "11.4k"
    assert format_like("\u221222.4", -24.192) == "\u221224.2"
    assert format_like("\u221222.4", 22.4) == "22.4"
    assert format_like("52", -52.0) == "-52"
    # Rounding must not swallow the corruption of a small integer.
    assert format_like("5", 5.4) == "5.4"


def test_rewrite_tracks_new_spans() -> None:
    result = rewrite("a 5 b 52 c", [(6, 8, "-52"), (2, 3, "5.4")])
    assert result.text == "a 5.4 b -52 c"
    assert [result.text[s:e] for s, e in result.spans] == ["5.4", "-52"]


def test_rewrite_arms_replace_only_faithful_citations(seed_pools) -> None:
    pool = seed_pools[0]
    text = "RHR was 52 bpm (baseline 55 bpm), TSB -22.4, and you ran 5.00 mi over 7 days."
    citer = registry.load_detector("default")
    citations = citer.citations(text, pool)
    assert {c.token for c in citations} >= {"52", "55", "5.00"}
    arms = rewrite_arms(text, citations, rng=random.Random(7))
    assert arms["faithful"].text == text
    flipped = arms["sign-flip"]
    assert "-52 bpm" in flipped.text and "-5.00 mi" in flipped.text
    assert "7 days" in arms["corrupted"].text
    for arm in arms.values():
        assert len(arm.spans) == len(citations)


def test_briefs_add_rewrite_arms_and_a_production_row(seed_pools) -> None:
    pool = seed_pools[0]
    briefs = [
        ("RHR was 52 bpm against a 55 bpm baseline, TSB -22.4 after 5.00 mi.", pool),
        ("Resting heart rate 57 bpm; you covered 5.00 mi.", pool),  # 57 vs 55: a value flag
    ]
    report = run_arms(registry.load_detector("reference"), briefs=briefs, seed=7)
    groups = {row.group for row in report.rows}
    assert groups == {"template", "rewrite", "production"}
    rewrite_means = report.means("rewrite")
    assert rewrite_means["faithful"] == 0.0
    assert rewrite_means["sign-flip"] == 1.0
    production = report.means("production")["production"]
    assert production == pytest.approx((0 / 4 + 1 / 2) / 2)
    # Production (0.25) is above the unrelated template arm: a warning, not a failure.
    assert report.warnings and "above the unrelated arm" in report.warnings[0]


def test_stored_production_rate_is_used_as_given(seed_pools) -> None:
    report = run_arms(registry.load_detector("reference"), pools=seed_pools, production_rate=0.01)
    assert report.means("production") == {"production": 0.01}
    assert report.warnings == []


def _pools(units: list[str]) -> st.SearchStrategy[tuple[Known, ...]]:
    entry = st.tuples(
        st.sampled_from(units), st.floats(-500, 500, allow_nan=False).map(lambda v: round(v, 2))
    )
    return st.lists(entry, min_size=1, max_size=6).map(
        lambda entries: tuple(Known(f"k{i}", v, u) for i, (u, v) in enumerate(entries))
    )


def _faithful_flags(name: str, pool: tuple[Known, ...]) -> list:
    text = next(template_arms([pool]))["faithful"]
    return registry.analyze(registry.load_detector(name), text, pool).flags


@settings(max_examples=200, deadline=None)
@given(_pools(["bpm", "mi", "none", "pct", "steps"]))
def test_faithful_template_never_flagged_by_builtins(pool) -> None:
    assert _faithful_flags("reference", pool) == []
    assert _faithful_flags("default", pool) == []


@settings(max_examples=100, deadline=None)
@given(_pools(["mi", "min", "none"]))
def test_default_reads_minutes_in_faithful_templates(pool) -> None:
    # The reference reads "min" as miles (a documented weakness); the default must not.
    assert _faithful_flags("default", pool) == []


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=60),
    st.lists(st.tuples(st.integers(0, 60), st.integers(1, 5), st.text(max_size=6))),
)
def test_rewrite_keeps_the_text_around_the_spans(text, edits) -> None:
    replacements = []
    taken = 0
    for start, width, new in sorted(edits):
        start = max(start, taken)
        end = min(start + width, len(text))
        if start >= end:
            break
        replacements.append((start, end, new))
        taken = end
    result = rewrite(text, replacements)
    assert [result.text[s:e] for s, e in result.spans] == [new for _, _, new in replacements]
    # Undo: put the originals back and the text is unchanged.
    restored = rewrite(
        result.text,
        [(s, e, text[a:b]) for (s, e), (a, b, _) in zip(result.spans, replacements, strict=True)],
    )
    assert restored.text == text


def test_the_unrelated_rewrite_arm_counts_band_flags_only() -> None:
    """A random number planted where the metric's name still stands is a misstatement a
    name-reading detector rightly flags (basis name): no density matched, so the negative
    control leaves it out; the corrupted and sign-flip arms count every flag."""
    pool = (Known("rhr", 52.0, "bpm"), Known("hrv", 64.0), Known("distance", 5.0, "mi"))
    text = "Your rhr is 52 bpm and hrv is 64 after 5.0 mi."
    detector = registry.load_detector("default")
    unrelated = rewrite_arms(text, detector.citations(text, pool), rng=random.Random(7))[
        "unrelated"
    ]
    flags = flag_spans(detector.flag(unrelated.text, pool))
    assert flags and {basis for _, _, basis in flags} == {"name"}
    assert planted_rate(flags, unrelated.spans, arm="unrelated") == 0.0
    assert planted_rate(flags, unrelated.spans, arm="corrupted") > 0.0
    band = [(start, end, "band") for start, end, _ in flags]
    assert planted_rate(band, unrelated.spans, arm="unrelated") == planted_rate(
        flags, unrelated.spans, arm="corrupted"
    )
    report = run_arms(detector, briefs=[(text, pool)], seed=7)
    assert report.means("rewrite")["unrelated"] == 0.0
