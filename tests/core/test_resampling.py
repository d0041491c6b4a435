"""The draws agreement's bootstrap is built on: a binomial draw (counting geometric gaps
for a small n·p, transformed rejection otherwise) and a multinomial draw of pattern counts
made of binomials. Each is held to the law it samples: the exact probabilities by a
chi-square test, the mean and variance, and a resample's total."""

from __future__ import annotations

import math
import random

import pytest

from reviewer.agreement import binomial, multinomial


def chi_square(n: int, p: float, draws: list[int]) -> tuple[float, int]:
    """Pearson's statistic of the draws against Binomial(n, p), bins with 5 or more expected
    (the tails pooled), and its degrees of freedom."""
    size = len(draws)
    pmf = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    seen = [0] * (n + 1)
    for k in draws:
        seen[k] += 1
    bins: list[tuple[float, int]] = []
    expected = observed = 0.0
    for k in range(n + 1):
        expected += pmf[k] * size
        observed += seen[k]
        if expected >= 5 and (1 - sum(pmf[: k + 1])) * size >= 5:
            bins.append((expected, observed))
            expected = observed = 0.0
    bins.append((expected, observed))
    return sum((o - e) ** 2 / e for e, o in bins), len(bins) - 1


@pytest.mark.parametrize(
    ("n", "p"),
    [(20, 0.3), (60, 0.4), (60, 0.6), (400, 0.05), (500, 0.5), (1000, 0.93)],
)
def test_binomial_draws_follow_the_binomial_law(n: int, p: float) -> None:
    rng = random.Random(n)
    draws = [binomial(n, p, rng) for _ in range(20_000)]
    statistic, freedom = chi_square(n, p, draws)
    # far past the 0.1% critical value of chi-square for these degrees of freedom
    assert statistic < freedom + 5 * math.sqrt(2 * freedom)
    assert all(0 <= k <= n for k in draws)


@pytest.mark.parametrize(("n", "p"), [(10**6, 0.37), (667_000, 0.004), (3_000_000, 0.999)])
def test_large_binomial_draws_have_the_mean_and_variance_of_the_law(n: int, p: float) -> None:
    rng = random.Random(7)
    draws = [binomial(n, p, rng) for _ in range(20_000)]
    mean = sum(draws) / len(draws)
    variance = sum((k - mean) ** 2 for k in draws) / (len(draws) - 1)
    spread = math.sqrt(n * p * (1 - p))
    assert abs(mean - n * p) < 5 * spread / math.sqrt(len(draws))
    assert variance == pytest.approx(spread**2, rel=0.06)


def test_binomial_edges() -> None:
    rng = random.Random(1)
    assert binomial(50, 0.0, rng) == 0
    assert binomial(50, 1.0, rng) == 50
    assert binomial(0, 0.4, rng) == 0


def test_a_multinomial_resample_keeps_its_total_and_each_share() -> None:
    rng = random.Random(3)
    weights = [600_000, 0, 50_000, 16_000, 1]
    n = sum(weights)
    totals = [0] * len(weights)
    for _ in range(2_000):
        drawn = multinomial(n, weights, rng)
        assert sum(drawn) == n and min(drawn) >= 0
        assert drawn[1] == 0  # a pattern no claim shows is never drawn
        totals = [t + d for t, d in zip(totals, drawn, strict=True)]
    for weight, total in zip(weights, totals, strict=True):
        share = weight / n
        spread = math.sqrt(n * share * (1 - share) / 2_000)
        assert abs(total / 2_000 - n * share) <= 5 * spread + 1e-9
