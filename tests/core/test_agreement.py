"""Agreement figures against published examples and the reference packages on random data."""

from __future__ import annotations

import math
import random
from collections import Counter

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score

from reviewer.agreement import (
    ONE_CATEGORY,
    TOO_FEW,
    kappa_from_table,
    krippendorff_alpha,
    measure,
    measure_by,
    with_the_rest,
)
from reviewer.metrics import wilson_interval

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": four observers, twelve
# units, values 1-5, missing data; nominal alpha is 0.743.
KRIPPENDORFF_NOMINAL = {
    "A": [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    "B": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    "C": [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    "D": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
}
# The same paper's binary example: two observers, ten units; alpha is 0.095.
KRIPPENDORFF_BINARY = {
    "A": [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
    "B": [1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
}


def by_unit(columns: dict[str, list[object]]) -> dict[int, dict[str, object]]:
    """Observer-major rows (None = no rating) -> unit -> observer -> value."""
    units: dict[int, dict[str, object]] = {}
    for observer, values in columns.items():
        for unit, value in enumerate(values):
            if value is not None:
                units.setdefault(unit, {})[observer] = value
    return units


def test_krippendorff_published_nominal_example() -> None:
    assert krippendorff_alpha(by_unit(KRIPPENDORFF_NOMINAL)) == pytest.approx(0.743, abs=5e-4)


def test_krippendorff_published_binary_example() -> None:
    assert krippendorff_alpha(by_unit(KRIPPENDORFF_BINARY)) == pytest.approx(0.095, abs=5e-4)


def test_cohen_kappa_textbook_table() -> None:
    # 50 applications read by two readers: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no.
    # p_o = 0.70, p_e = 0.50, kappa = 0.40.
    table = Counter({("y", "y"): 20, ("y", "n"): 5, ("n", "y"): 10, ("n", "n"): 15})
    assert kappa_from_table(table) == (pytest.approx(0.4), None)


def random_ratings(rng: random.Random) -> tuple[dict[int, dict[str, str]], list[str]]:
    reviewers = [f"r{i}" for i in range(rng.randint(2, 5))]
    categories = ["true_positive", "false_positive", "skip"][: rng.randint(2, 3)]
    bias = {r: rng.random() for r in reviewers}  # so reviewers differ, and agree sometimes
    ratings: dict[int, dict[str, str]] = {}
    for unit in range(rng.randint(5, 80)):
        truth = rng.choice(categories)
        verdicts = {}
        for r in reviewers:
            if rng.random() < 0.7:
                verdicts[r] = truth if rng.random() > bias[r] * 0.6 else rng.choice(categories)
        ratings[unit] = verdicts
    return ratings, reviewers


@pytest.mark.parametrize("seed", range(60))
def test_alpha_equals_the_krippendorff_package_on_random_data(seed: int) -> None:
    ratings, reviewers = random_ratings(random.Random(seed))
    codes = {"true_positive": 0, "false_positive": 1, "skip": 2}
    matrix = [
        [codes[ratings[u][r]] if r in ratings[u] else np.nan for u in sorted(ratings)]
        for r in reviewers
    ]
    ours = krippendorff_alpha(ratings)
    try:
        theirs = krippendorff.alpha(reliability_data=matrix, level_of_measurement="nominal")
    except ValueError:  # the package refuses a single value in the domain
        theirs = math.nan
    if ours is None:
        assert math.isnan(theirs) or not any(len(v) >= 2 for v in ratings.values())
    else:
        assert ours == pytest.approx(theirs, abs=1e-9)


@pytest.mark.parametrize("seed", range(60))
def test_pair_kappa_equals_scikit_learn_on_random_data(seed: int) -> None:
    ratings, _ = random_ratings(random.Random(1000 + seed))
    report = measure(ratings, resamples=0)
    assert report.pairs
    for pair in report.pairs:
        both = [v for v in ratings.values() if pair.first in v and pair.second in v]
        first = [v[pair.first] for v in both]
        second = [v[pair.second] for v in both]
        assert pair.claims == len(both)
        assert pair.agreement.value == pytest.approx(
            sum(a == b for a, b in zip(first, second, strict=True)) / len(both)
        )
        if pair.kappa.value is None:
            assert pair.kappa.undefined == ONE_CATEGORY
            assert len(set(first) | set(second)) == 1
        else:
            assert pair.kappa.value == pytest.approx(cohen_kappa_score(first, second), abs=1e-9)


def test_undefined_figures_say_why() -> None:
    one_category = {1: {"a": "fp", "b": "fp"}, 2: {"a": "fp", "b": "fp", "c": "fp"}}
    report = measure(one_category)
    assert report.claims == 2
    assert report.alpha.value is None and report.alpha.undefined == ONE_CATEGORY
    assert report.pairs[0].kappa.undefined == ONE_CATEGORY
    assert report.agreement.value == 1.0
    assert report.alpha.words() == "undefined (one category only)"

    single = {1: {"a": "fp"}, 2: {"b": "tp"}}
    report = measure(single)
    assert report.claims == 0
    assert report.alpha.undefined == TOO_FEW
    assert report.agreement.undefined == TOO_FEW
    assert report.pairs == ()
    assert measure({}).alpha.undefined == TOO_FEW


def test_counts_reviewers_and_disagreements() -> None:
    ratings = {
        1: {"ann": "tp", "bob": "tp"},
        2: {"ann": "tp", "bob": "fp"},
        3: {"ann": "fp", "cy": "fp"},
        4: {"ann": "fp", "bob": "fp", "cy": "tp"},
        5: {"dee": "tp"},
    }
    report = measure(ratings, resamples=0)
    assert report.claims == 4
    assert report.disagreements == 2
    assert report.reviewers == ("ann", "bob", "cy")  # dee labeled nothing anyone else did
    assert report.agreement.value == pytest.approx(0.5)
    assert [(p.first, p.second, p.claims) for p in report.pairs] == [
        ("ann", "bob", 3),
        ("ann", "cy", 2),
        ("bob", "cy", 1),
    ]
    assert report.to_dict()["pairs"][0]["reviewers"] == ["ann", "bob"]


def test_bootstrap_interval_is_seeded_and_holds_the_estimate() -> None:
    ratings, _ = random_ratings(random.Random(5))
    first, again = measure(ratings, seed=3), measure(ratings, seed=3)
    assert first == again
    assert measure(ratings, seed=4).alpha.ci != first.alpha.ci
    for estimate in (first.alpha, first.agreement, *(p.kappa for p in first.pairs)):
        if estimate.value is not None and estimate.ci is not None:
            low, high = estimate.ci
            assert low <= high
            assert low - 0.05 <= estimate.value <= high + 0.05


def test_perfect_agreement_has_no_point_interval() -> None:
    """No claim differs: every resample gives κ and α of 1 again, and a point interval
    would claim a certainty 40 claims cannot give, so there is none, with the reason; raw
    agreement, a share of claims, gets Wilson's interval, below 1."""
    ratings = {u: {"a": v, "b": v} for u, v in enumerate(["tp", "fp"] * 20)}
    report = measure(ratings)
    assert report.alpha.value == pytest.approx(1.0)
    assert report.alpha.ci is None and report.alpha.no_interval
    assert report.pairs[0].kappa.ci is None and report.pairs[0].kappa.no_interval
    assert "no interval" in report.alpha.words()
    assert report.agreement.ci == (pytest.approx(40 / (40 + 1.959963984540054**2)), 1.0)
    assert report.pairs[0].agreement.ci == report.agreement.ci


def test_raw_agreement_has_wilsons_interval() -> None:
    """7 of 10 claims agree: the share's interval is Wilson's, whatever the seed."""
    ratings = {u: {"a": "tp", "b": "tp" if u < 7 else "fp"} for u in range(10)}
    assert measure(ratings, seed=1).agreement.ci == pytest.approx(wilson_interval(7, 10))
    assert measure(ratings, seed=2).agreement.ci == pytest.approx(wilson_interval(7, 10))


def test_bootstrap_matches_a_plain_bootstrap_with_the_reference_package() -> None:
    """Resampling claims and recomputing alpha with `krippendorff` gives the same interval,
    within Monte Carlo error, as the pattern-count bootstrap."""
    rng = random.Random(11)
    units = []
    for _ in range(150):
        truth = rng.random() < 0.6
        units.append([truth if rng.random() < 0.8 else not truth for _ in range(2)])
    ours = measure({i: {"a": u[0], "b": u[1]} for i, u in enumerate(units)}, resamples=2000)
    assert ours.alpha.ci is not None
    plain = np.random.default_rng(0)
    data = np.array(units, dtype=float).T
    draws = []
    for _ in range(1000):
        pick = plain.integers(0, len(units), len(units))
        resampled = data[:, pick]
        draws.append(krippendorff.alpha(reliability_data=resampled, level_of_measurement="nominal"))
    low, high = np.percentile(draws, [2.5, 97.5])
    assert ours.alpha.ci[0] == pytest.approx(low, abs=0.04)
    assert ours.alpha.ci[1] == pytest.approx(high, abs=0.04)
    assert ours.alpha.ci[1] - ours.alpha.ci[0] > 0.1  # a real interval, not a point


def test_by_group_measures_each_kind_alone() -> None:
    kinds = {1: "sign", 2: "sign", 3: "value", 4: "value"}
    ratings = {
        1: {"a": "tp", "b": "tp"},
        2: {"a": "fp", "b": "fp"},
        3: {"a": "tp", "b": "fp"},
        4: {"a": "fp", "b": "tp"},
    }
    groups = measure_by(ratings, kinds.__getitem__, resamples=0)
    assert list(groups) == ["sign", "value"]
    assert groups["sign"].alpha.value == pytest.approx(1.0)
    assert groups["value"].agreement.value == 0.0
    assert groups["value"].alpha.value is not None and groups["value"].alpha.value < 0


def test_with_the_rest_shows_a_drifting_reviewer() -> None:
    rng = random.Random(2)
    ratings = {}
    for unit in range(200):
        truth = rng.choice(["tp", "fp"])
        ratings[unit] = {
            "ann": truth,
            "bob": truth if rng.random() < 0.95 else rng.choice(["tp", "fp"]),
            "cy": rng.choice(["tp", "fp"]),  # labels at random
        }
    ann, cy = with_the_rest(ratings, "ann"), with_the_rest(ratings, "cy")
    assert ann.claims == cy.claims == 200
    assert ann.agreement.value is not None and cy.agreement.value is not None
    assert ann.agreement.value > 0.7 > 0.6 > cy.agreement.value
    assert ann.kappa.value is not None and cy.kappa.value is not None
    assert ann.kappa.value > 0.4 > 0.15 > cy.kappa.value
    assert ann.kappa.ci is not None and cy.kappa.ci is not None
    assert ann.kappa.ci[0] > cy.kappa.ci[1]  # the intervals separate them
    assert with_the_rest(ratings, "nobody").claims == 0


def test_team_verdict_final_then_agreed_then_in_dispute() -> None:
    from reviewer.agreement import DISPUTED, team_verdict

    tp, fp = "true_positive", "false_positive"
    assert team_verdict([]) is None
    assert team_verdict([("reviewer", None, 1)]) is None
    assert team_verdict([("reviewer", "skip", 1)]) == "skip"
    assert team_verdict([("reviewer", tp, 1), ("reviewer", "skip", 2)]) == tp  # skip aside
    assert team_verdict([("reviewer", tp, 1), ("reviewer", tp, 2)]) == tp
    assert team_verdict([("reviewer", tp, 1), ("reviewer", fp, 2)]) == DISPUTED
    assert team_verdict([("reviewer", tp, 1), ("reviewer", fp, 2), ("adjudicator", fp, 3)]) == fp
    # the newest adjudicator's verdict is final, even over reviewers who agree
    assert team_verdict([("adjudicator", tp, 9), ("reviewer", fp, 2), ("adjudicator", fp, 4)]) == tp
    assert team_verdict([("reviewer", fp, 1), ("reviewer", fp, 2), ("adjudicator", tp, 3)]) == tp


def test_a_constant_reviewer_gets_no_interval_and_a_true_reason() -> None:
    """Every claim differs, but a gave "tp" throughout: κ is 0 in every resample. It has
    no interval, and the reason does not say that no claim differs."""
    ratings = {u: {"a": "tp", "b": "fp" if u % 3 else "tp"} for u in range(12)}
    kappa = measure(ratings).pairs[0].kappa
    assert kappa.value == pytest.approx(0.0) and kappa.ci is None
    assert kappa.no_interval and "a reviewer gave one verdict throughout" in kappa.no_interval


def test_with_the_rest_of_one_teammate_is_the_pairs_raw_agreement() -> None:
    """Two reviewers: each claim gives one pair, so the reviewer's agreement with the rest
    is the pair's raw agreement, with the same Wilson interval; with a third reviewer on
    some claims the pairs within a claim are not independent and claims are resampled."""
    ratings = {i: {"ann": "tp", "bob": "tp" if i % 4 else "fp"} for i in range(8)}
    ann = with_the_rest(ratings, "ann")
    assert ann.agreement.value == 0.75
    assert ann.agreement.ci == wilson_interval(6, 8)
    pair = measure(ratings).pairs[0]
    assert pair.agreement.ci == ann.agreement.ci
    ratings[0]["cy"] = "tp"
    three = with_the_rest(ratings, "ann")
    assert three.agreement.value == pytest.approx(7 / 9)
    assert three.agreement.ci is not None and three.agreement.ci != wilson_interval(7, 9)
