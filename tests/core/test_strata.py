"""Honest numbers: finite-population intervals, strata, run differences, recall, coverage."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer.metrics import (
    Recall,
    StratifiedPrecision,
    Stratum,
    labels_needed,
    precision_difference,
    wilson_interval,
)


def test_labeling_every_flag_gives_a_point() -> None:
    assert wilson_interval(113, 114, population=114) == (113 / 114, 113 / 114)
    assert wilson_interval(0, 7, population=7) == (0.0, 0.0)


def test_finite_population_correction_known_value() -> None:
    # half of 200 flags labeled, 50% true: the effective sample is 100 * 199 / 100 = 199,
    # Wilson around 0.5 with n = 199 is 0.5 ± 0.0688 (worked by hand)
    low, high = wilson_interval(50, 100, population=200)
    assert low == pytest.approx(0.4312, abs=2e-4)
    assert high == pytest.approx(0.5688, abs=2e-4)
    plain = wilson_interval(50, 100)
    assert plain[0] < low and high < plain[1]


def test_finite_population_refuses_a_sample_larger_than_the_population() -> None:
    with pytest.raises(ValueError):
        wilson_interval(3, 10, population=9)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 400), st.data())
def test_corrected_interval_stays_inside_plain_and_proved_bounds(population: int, data) -> None:
    n = data.draw(st.integers(1, population))
    tp = data.draw(st.integers(0, n))
    low, high = wilson_interval(tp, n, population=population)
    plain_low, plain_high = wilson_interval(tp, n)
    assert plain_low - 1e-12 <= low <= tp / n <= high <= plain_high + 1e-12
    assert tp / population - 1e-12 <= low
    assert high <= (tp + population - n) / population + 1e-12


def test_strata_all_census_give_the_exact_precision() -> None:
    strata = (Stratum("inherited", 92, 92, 0), Stratum("by hand", 139, 3, 136))
    sp = StratifiedPrecision(strata)
    assert sp.measured
    assert sp.value == pytest.approx(95 / 231)
    assert sp.ci == pytest.approx((95 / 231, 95 / 231))


def test_one_sampled_stratum_is_the_corrected_wilson_interval() -> None:
    # skipped flags stay in the population: a skip is no verdict, their precision unknown
    sp = StratifiedPrecision((Stratum("here", 300, 40, 20, skipped=3),))
    assert sp.value == pytest.approx(40 / 60)
    assert sp.ci == pytest.approx(wilson_interval(40, 60, population=300))


def test_a_skip_keeps_a_census_from_being_exact() -> None:
    """8 true positives and 1 skip of 9 flags: not 100% [100, 100]; the skipped flag may
    be false, so the interval reaches down to at least 8/9."""
    sp = StratifiedPrecision((Stratum("queue", 9, 8, 0, skipped=1),))
    low, high = sp.ci  # type: ignore[misc]
    assert sp.value == 1.0 and high == 1.0
    assert 8 / 9 <= low < 1.0
    assert Stratum("queue", 9, 8, 0, skipped=1).left == 0  # the queue does not bring it again


def test_an_unmeasured_stratum_gives_bounds_not_an_interval() -> None:
    # the demo's triage: labels carried from the default run cover the 92 flags both runs
    # share, nothing is known of the 139 new ones
    sp = StratifiedPrecision((Stratum("inherited", 92, 92, 0), Stratum("new", 139, 0, 0)))
    assert sp.unmeasured == ("new",)
    assert sp.value is None and sp.ci is None
    assert sp.bounds == pytest.approx((92 / 231, 1.0))
    data = sp.to_dict()
    assert data["precision"] is None and data["unmeasured"] == ["new"]
    assert [s["name"] for s in data["strata"]] == ["inherited", "new"]
    assert data["strata"][0]["weight"] == pytest.approx(92 / 231)


def test_bounds_use_the_measured_strata_interval() -> None:
    here = Stratum("here", 200, 30, 10)
    sp = StratifiedPrecision((here, Stratum("new", 100, 0, 0)))
    low, high = wilson_interval(30, 40, population=200)
    assert sp.bounds == pytest.approx((low * 2 / 3, high * 2 / 3 + 1 / 3))


def test_sampling_new_flags_brings_the_interval_to_the_truth() -> None:
    # 30 of the 139 new flags labeled at random, all false: the truth (92 of 231) is inside
    sp = StratifiedPrecision((Stratum("inherited", 92, 92, 0), Stratum("new", 139, 0, 30)))
    low, high = sp.ci
    assert low <= 92 / 231 <= high
    assert high - low < 0.12  # and far from the 79% the inherited labels alone suggested


def _label_sample(rng: random.Random, truth: list[list[bool]], n: int) -> tuple[Stratum, ...]:
    """The first n flags of one random queue over every stratum, then post-stratified."""
    flags = [(h, v) for h, values in enumerate(truth) for v in values]
    rng.shuffle(flags)
    tp, fp = [0] * len(truth), [0] * len(truth)
    for h, v in flags[:n]:
        (tp if v else fp)[h] += 1
    return tuple(Stratum(str(h), len(truth[h]), tp[h], fp[h]) for h in range(len(truth)))


def test_intervals_cover_the_true_precision_about_95_percent_of_the_time() -> None:
    # a run of 300 flags, 120 true: a random queue, any prefix of it labeled
    rng = random.Random(13)
    truth = [[True] * 120 + [False] * 180]
    trials, covered = 2000, 0
    for _ in range(trials):
        (stratum,) = _label_sample(rng, truth, rng.randint(5, 300))
        low, high = stratum.ci
        covered += low <= 0.4 <= high
    assert 0.93 <= covered / trials <= 0.97


def test_stratified_intervals_cover_at_least_95_percent_of_the_time() -> None:
    # strata far apart (90%, 50%, 5% true): the pooled variance makes the interval err wide
    rng = random.Random(7)
    truth = [
        [i < 90 for i in range(100)],
        [i < 50 for i in range(100)],
        [i < 5 for i in range(100)],
    ]
    trials = covered = 0
    for _ in range(1500):
        sp = StratifiedPrecision(_label_sample(rng, truth, rng.randint(10, 300)))
        if sp.ci is None:
            continue
        trials += 1
        covered += sp.ci[0] <= 145 / 300 <= sp.ci[1]
    assert trials > 1400
    assert covered / trials >= 0.94


def test_strata_of_unequal_size_sampled_at_unequal_rates_cover_about_95_percent() -> None:
    # a queue scoped to one change set (review --only new) samples its strata unevenly, and
    # large shares of each are labeled: the strata's shares of the flags must weigh them,
    # and each stratum's finite-population correction must narrow its part (too wide
    # without it: coverage near 100%)
    rng = random.Random(5)
    sizes, true = (300, 60, 140), (150, 30, 100)
    trials = covered = 0
    for _ in range(2000):
        strata = []
        for name, flags, t, n in zip(
            "abc",
            sizes,
            true,
            (rng.randint(100, 290), rng.randint(30, 58), rng.randint(60, 135)),
            strict=True,
        ):
            labels = rng.sample([True] * t + [False] * (flags - t), n)
            strata.append(Stratum(name, flags, sum(labels), n - sum(labels)))
        sp = StratifiedPrecision(tuple(strata))
        assert sp.ci is not None
        trials += 1
        covered += sp.ci[0] <= sum(true) / sum(sizes) <= sp.ci[1]
    assert 0.93 <= covered / trials <= 0.975


def test_difference_matches_newcombes_published_example() -> None:
    # Newcombe (1998), method 10: 56/70 against 48/80, difference 0.2000 (0.0524, 0.3339);
    # a population of a billion flags makes the correction vanish
    a = StratifiedPrecision((Stratum("a", 10**9, 48, 32),))
    b = StratifiedPrecision((Stratum("b", 10**9, 56, 14),))
    d = precision_difference(a, b)
    assert d.value == pytest.approx(0.2)
    assert d.ci == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_difference_with_an_unmeasured_run_gives_bounds_only() -> None:
    a = StratifiedPrecision((Stratum("here", 114, 113, 1),))
    b = StratifiedPrecision((Stratum("inherited", 92, 92, 0), Stratum("new", 139, 0, 0)))
    d = precision_difference(a, b)
    assert d.value is None and d.ci is None
    assert d.bounds == pytest.approx((92 / 231 - 113 / 114, 1 - 113 / 114))


def test_recall_has_a_wilson_interval() -> None:
    r = Recall(caught=8, missed=2)
    assert r.value == 0.8
    assert r.ci == wilson_interval(8, 10)
    assert Recall(0, 0).to_dict()["recall"] is None


def test_labels_needed_of_one_large_stratum_matches_the_plain_count() -> None:
    sp = StratifiedPrecision((Stratum("here", 10**7, 10, 10),))
    assert sp.labels_needed()["here"] == pytest.approx(labels_needed(10, 10), abs=1)


def test_labels_needed_per_stratum_reaches_the_target_and_no_more() -> None:
    strata = (Stratum("inherited", 92, 92, 0), Stratum("new", 139, 0, 0), Stratum("here", 80, 5, 5))
    sp = StratifiedPrecision(strata)
    needed = sp.labels_needed()
    assert needed["inherited"] == 0
    assert 0 < needed["new"] <= 139 and 0 < needed["here"] <= 70
    # the new flags get their share of the queue: 139 of the 209 still unlabeled
    assert needed["new"] / (needed["new"] + needed["here"]) == pytest.approx(139 / 209, abs=0.02)
    # if the new labels came out at the worst-case 50%, the interval is then narrow enough
    tp = needed["new"] // 2
    after = StratifiedPrecision(
        (
            strata[0],
            Stratum("new", 139, tp, needed["new"] - tp),
            Stratum("here", 80, 5 + needed["here"] // 2, 5 + needed["here"] - needed["here"] // 2),
        )
    )
    low, high = after.ci
    assert (high - low) / 2 <= 0.051


def test_labels_needed_is_zero_when_every_flag_is_known() -> None:
    sp = StratifiedPrecision((Stratum("inherited", 92, 92, 0), Stratum("here", 10, 3, 7)))
    assert sp.labels_needed() == {"inherited": 0, "here": 0}


def test_strata_refuse_impossible_counts() -> None:
    with pytest.raises(ValueError):
        Stratum("x", 3, 2, 2)


def test_a_census_interval_never_has_its_low_end_above_its_high_end() -> None:
    """Two census strata, 3 of 3 and 2 of 3 true: the strata's sum and the labels' own
    proof of 5/6 differ in the last bit, and the interval must still run low to high."""
    both = StratifiedPrecision((Stratum("a", 3, 3, 0), Stratum("b", 3, 2, 1)))
    low, high = both.ci
    assert low <= high and low == pytest.approx(5 / 6) and high == pytest.approx(5 / 6)
    assert both.bounds[0] <= both.bounds[1]


def test_claims_in_dispute_keep_the_interval_open_at_a_census() -> None:
    """Every flag has a verdict, 3 of 60 in dispute: the interval is the sample's 54 of
    57 true over a population of 60, within what settling them could give."""
    sp = StratifiedPrecision((Stratum("queue", 60, 54, 3, in_dispute=3),))
    low, high = sp.ci
    assert sp.population == 60 and sp.value == pytest.approx(54 / 57)
    assert (low, high) == pytest.approx(wilson_interval(54, 57, population=60))
    assert 54 / 60 <= low < 54 / 57 < high <= 57 / 60
    settled = StratifiedPrecision((Stratum("queue", 60, 57, 3),))
    assert settled.ci == (0.95, 0.95)


def test_the_queue_cannot_bring_a_claim_in_dispute_again() -> None:
    s = Stratum("queue", 100, 40, 10, skipped=5, in_dispute=20)
    assert s.population == 100 and s.left == 25


def test_labels_alone_cannot_narrow_what_disputes_keep_open() -> None:
    """40 of 100 in dispute: labeling the 10 flags left still leaves the interval wider
    than ±5 points, so labels_needed asks for all of them and within_reach says no."""
    open_ = StratifiedPrecision((Stratum("queue", 100, 25, 25, in_dispute=40),))
    assert not open_.within_reach()
    assert open_.labels_needed() == {"queue": 10}
    few = StratifiedPrecision((Stratum("queue", 1000, 800, 100, in_dispute=2),))
    assert few.within_reach() and few.labels_needed() == {"queue": 0}


def test_a_stratum_whose_only_unknowns_are_in_dispute_is_unmeasured() -> None:
    sp = StratifiedPrecision((Stratum("by_hand", 5, 5, 0), Stratum("new", 1, 0, 0, in_dispute=1)))
    assert sp.value is None and sp.unmeasured == ("new",)
    assert sp.bounds == pytest.approx((5 / 6, 1.0))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(*[st.integers(0, 60)] * 5), min_size=1, max_size=4))
def test_disputes_keep_every_figure_within_what_settling_them_could_give(counts) -> None:
    """Random strata of (tp, fp, skipped, in dispute, unlabeled): the interval (or the
    bounds) lies within what the labels prove once every disputed and unlabeled flag is
    counted false, then true, and is never a point while a claim is in dispute; labels are
    never asked of flags the queue cannot bring."""
    strata = tuple(
        Stratum(f"s{i}", tp + fp + skip + open_ + rest, tp, fp, skip, open_)
        for i, (tp, fp, skip, open_, rest) in enumerate(counts)
    )
    sp = StratifiedPrecision(strata)
    if not sp.population:
        return
    tp, fp = sum(s.tp for s in strata), sum(s.fp for s in strata)
    floor, ceiling = tp / sp.population, (sp.population - fp) / sp.population
    low, high = sp.bounds
    assert floor - 1e-9 <= low <= high <= ceiling + 1e-9
    if sp.ci is not None:
        assert sp.ci == sp.bounds and low - 1e-12 <= sp.value <= high + 1e-12  # type: ignore[operator]
    needed = sp.labels_needed()
    assert all(needed[s.name] <= s.left for s in strata)
    if any(s.in_dispute or s.skipped for s in strata):  # an unknown verdict: never a point
        assert high > low
