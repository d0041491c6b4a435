"""Precision with honest uncertainty, and agreement between reviewers.

Pure arithmetic: no database, no UI. Everything the stats command, the review app's
panel and the arms report say about "how sure are we" comes from here.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from reviewer.agreement import kappa_from_table

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (0.0, 1.0) when nothing is known.

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0/n and n/n,
    which is exactly where a small labeling session lives.
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, center - half), min(1.0, center + half))


def _half_width(p: float, n: int, z: float) -> float:
    z2 = z * z
    return z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)


def labels_needed(tp: int, fp: int, half_width: float = 0.05, z: float = Z95) -> int:
    """How many more labels until the Wilson half-width is <= `half_width`.

    Assumes the precision observed so far holds (0.5, the worst case, before any label).
    0 when the interval is already narrow enough.
    """
    if tp < 0 or fp < 0:
        raise ValueError("label counts cannot be negative")
    if not 0 < half_width < 0.5:
        raise ValueError(f"half_width must be in (0, 0.5), got {half_width}")
    n = tp + fp
    p = tp / n if n else 0.5
    if n and _half_width(p, n, z) <= half_width:
        return 0
    # The half-width shrinks as n grows: bracket, then bisect on the total count.
    lo, hi = max(n, 1), max(n, 1)
    while _half_width(p, hi, z) > half_width:
        lo, hi = hi, hi * 2
    while lo < hi:
        mid = (lo + hi) // 2
        if _half_width(p, mid, z) <= half_width:
            hi = mid
        else:
            lo = mid + 1
    return hi - n


@dataclass(frozen=True, slots=True)
class Precision:
    """Labeled true and false positives, the precision they give and its 95% interval."""

    tp: int
    fp: int

    @property
    def n(self) -> int:
        return self.tp + self.fp

    @property
    def value(self) -> float | None:
        return self.tp / self.n if self.n else None

    @property
    def ci(self) -> tuple[float, float]:
        return wilson_interval(self.tp, self.n)

    @property
    def labels_needed(self) -> int:
        """More labels until the interval is within ±5 points."""
        return labels_needed(self.tp, self.fp)

    def to_dict(self) -> dict[str, object]:
        low, high = self.ci
        return {
            "true_positives": self.tp,
            "false_positives": self.fp,
            "labeled": self.n,
            "precision": self.value,
            "precision_ci": [low, high],
            "labels_needed": self.labels_needed,
        }


def cohen_kappa(first: Sequence[str], second: Sequence[str]) -> float | None:
    """Cohen's kappa between two reviewers' verdicts on the same flags, in the same order.

    None when there is nothing to compare or agreement by chance is certain (one
    category only), where kappa is undefined.
    """
    if len(first) != len(second):
        raise ValueError(f"verdict lists differ in length: {len(first)} vs {len(second)}")
    return kappa_from_table(Counter(zip(first, second, strict=True)))[0]
