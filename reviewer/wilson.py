"""Wilson's score interval for a binomial proportion: the one interval every share of
labels, and of claims that agree, is given with. Pure arithmetic, imported by both the
precision figures (reviewer.metrics) and the agreement figures (reviewer.agreement).
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(
    successes: int, n: int, z: float = Z95, *, population: int | None = None
) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (0.0, 1.0) when nothing is known.

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0/n and n/n,
    which is exactly where a small labeling session lives. With `population` (the flags
    the labels were drawn from, without replacement) the finite-population correction
    narrows it, down to a point when every flag is labeled, and it never leaves the
    bounds the labels themselves prove.
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if population is not None and population < n:
        raise ValueError(f"a sample of {n} cannot come from {population} flags")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    if population is None:
        return wilson_around(p, n, z)
    if population == n:
        return (p, p)
    low, high = wilson_around(p, n / fpc(n, population), z)
    # the unlabeled flags are all false (or all true) at worst
    floor, ceiling = successes / population, (successes + population - n) / population
    return (max(low, floor), min(high, ceiling))


def fpc(n: int, population: int) -> float:
    """The variance factor of sampling n of `population` without replacement."""
    return (population - n) / (population - 1)


def wilson_around(p: float, n: float, z: float) -> tuple[float, float]:
    """Wilson's interval around p for a (possibly effective, non-integer) sample size n."""
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # rounding must not put p itself outside (at n/n the upper end is 1, exactly)
    return (max(0.0, min(p, center - half)), min(1.0, max(p, center + half)))
