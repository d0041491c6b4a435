"""Wilson intervals, labels needed, precision and reviewer agreement against known values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer.metrics import Precision, cohen_kappa, labels_needed, wilson_interval


def test_wilson_8_of_10_matches_published_value() -> None:
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.490, abs=5e-4)
    assert high == pytest.approx(0.943, abs=5e-4)


def test_wilson_edges_stay_inside_unit_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 20)
    assert low == 0.0
    assert high == pytest.approx(0.161, abs=1e-3)
    low, high = wilson_interval(20, 20)
    assert high == 1.0
    assert low == pytest.approx(0.839, abs=1e-3)


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5000), st.integers(0, 5000))
def test_wilson_contains_the_point_estimate(a: int, b: int) -> None:
    successes, n = min(a, b), max(a, b)
    low, high = wilson_interval(successes, n)
    assert 0.0 <= low <= high <= 1.0
    if n:
        assert low - 1e-12 <= successes / n <= high + 1e-12


def _half(tp: int, fp: int) -> float:
    low, high = wilson_interval(tp, tp + fp)
    return (high - low) / 2


def test_labels_needed_is_the_smallest_count_reaching_the_target() -> None:
    # 50/50 precision: the worst case needs about 380 labels in all for ±5 points.
    more = labels_needed(10, 10)
    total = 20 + more
    assert 370 <= total <= 390
    assert _half(total // 2, total - total // 2) <= 0.0501
    assert labels_needed(10, 10, half_width=0.10) < more


def test_labels_needed_zero_when_already_narrow() -> None:
    assert labels_needed(900, 100) == 0
    assert labels_needed(0, 0) > 300


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 400), st.integers(0, 400))
def test_labels_needed_reaches_but_does_not_overshoot(tp: int, fp: int) -> None:
    more = labels_needed(tp, fp)
    n = tp + fp
    p = tp / n if n else 0.5
    from reviewer.metrics import Z95, _half_width

    assert _half_width(p, n + more, Z95) <= 0.05
    if more:
        assert n + more - 1 == 0 or _half_width(p, n + more - 1, Z95) > 0.05


def test_precision_dataclass() -> None:
    p = Precision(tp=8, fp=2)
    assert p.n == 10
    assert p.value == 0.8
    assert p.ci == wilson_interval(8, 10)
    assert p.to_dict()["precision_ci"] == list(wilson_interval(8, 10))
    empty = Precision(0, 0)
    assert empty.value is None
    assert empty.ci == (0.0, 1.0)


def test_cohen_kappa_known_values() -> None:
    tp, fp = "true_positive", "false_positive"
    assert cohen_kappa([tp, fp, tp, fp], [tp, fp, tp, fp]) == pytest.approx(1.0)
    # Textbook 2x2: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no -> kappa 0.4
    a = ["y"] * 25 + ["n"] * 25
    b = ["y"] * 20 + ["n"] * 5 + ["y"] * 10 + ["n"] * 15
    assert cohen_kappa(a, b) == pytest.approx(0.4)
    assert cohen_kappa([], []) is None
    assert cohen_kappa(["y", "y"], ["y", "y"]) is None
    with pytest.raises(ValueError):
        cohen_kappa(["y"], [])
