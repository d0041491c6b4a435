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
from reviewer.wilson import Z95 as Z95  # (re-exported: callers read them from here)
from reviewer.wilson import wilson_around as _wilson
from reviewer.wilson import wilson_interval as wilson_interval


def _fpc_float(n: float, population: float) -> float:
    return (population - n) / (population - 1) if population > 1 else 1.0


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


@dataclass(frozen=True, slots=True)
class Stratum:
    """One part of a run's flags and its labels: a random sample of its `flags` (the
    run's queue), or all of them (a census: labels inherited or chosen by hand, which
    say nothing about the flags around them). A skipped flag and a claim in dispute
    between reviewers stay in the population: flags whose verdict is not known, so the
    interval is as wide as if they had never been labeled (a skip is no verdict, and a
    stratum with one is no census), and no queue brings them again (a reviewer may label
    a skipped flag later; only an adjudicator settles a dispute)."""

    name: str
    flags: int
    tp: int
    fp: int
    skipped: int = 0
    in_dispute: int = 0

    def __post_init__(self) -> None:
        if min(self.flags, self.tp, self.fp, self.skipped, self.in_dispute) < 0:
            raise ValueError(f"stratum {self.name}: counts cannot be negative")
        if self.tp + self.fp + self.skipped + self.in_dispute > self.flags:
            raise ValueError(f"stratum {self.name}: more labels than its {self.flags} flags")

    @property
    def n(self) -> int:
        return self.tp + self.fp

    @property
    def population(self) -> int:
        """The flags precision is about: all of them, skipped ones too (their verdict is
        unknown, not absent)."""
        return self.flags

    @property
    def left(self) -> int:
        """Flags with no verdict yet that the queue can still bring: not those skipped or
        in dispute."""
        return self.population - self.n - self.in_dispute - self.skipped

    @property
    def measured(self) -> bool:
        return self.n > 0 or self.population == 0

    @property
    def value(self) -> float | None:
        return self.tp / self.n if self.n else None

    @property
    def ci(self) -> tuple[float, float]:
        return wilson_interval(self.tp, self.n, population=self.population)

    def to_dict(self) -> dict[str, object]:
        low, high = self.ci
        return {
            "name": self.name,
            "flags": self.flags,
            "true_positives": self.tp,
            "false_positives": self.fp,
            "skipped": self.skipped,
            "in_dispute": self.in_dispute,
            "labeled": self.n,
            "measured": self.measured,
            "precision": self.value,
            "precision_ci": [low, high] if self.n else None,
        }


# (flags, labels, precision of the labels) of a stratum, as floats so that planning can
# ask what a fractional number of labels more would give
_Part = tuple[float, float, float]


def _combine(parts: Sequence[_Part], z: float) -> tuple[float, float, float]:
    """Stratified precision (weights = share of flags) and its interval.

    Census strata add their exact share. The sampled ones share one Wilson interval on
    their effective sample size, the stratified score interval of Yan and Su (2010)
    with each stratum's finite-population correction: it keeps Wilson's behaviour at
    0/n and n/n, where the strata of a triage live."""
    total = sum(flags for flags, _, _ in parts)
    exact, sampled = 0.0, []
    for flags, n, p in parts:
        if flags and n >= flags:
            exact += flags * p / total
        elif flags:
            sampled.append((flags, n, p))
    if not sampled:
        return exact, exact, exact
    weight = sum(flags for flags, _, _ in sampled) / total
    share = [(flags / (total * weight), n, p, flags) for flags, n, p in sampled]
    p_hat = sum(w * p for w, _, p, _ in share)
    inverse = sum(w * w * _fpc_float(n, flags) / n for w, n, _, flags in share)
    if inverse <= 0:
        return exact + weight * p_hat, exact + weight * p_hat, exact + weight * p_hat
    low, high = _wilson(p_hat, 1 / inverse, z)
    return exact + weight * p_hat, exact + weight * low, exact + weight * high


def _within(low: float, high: float, floor: float, ceiling: float) -> tuple[float, float]:
    """An interval kept within what the labels prove. The two are summed in different
    orders, so at a census they may differ in the last bit: never low above high."""
    low, high = max(low, floor), min(high, ceiling)
    return (low, high) if low <= high else (high, low)


@dataclass(frozen=True, slots=True)
class StratifiedPrecision:
    """A run's precision from its strata: combined with the strata's shares of the flags
    when every stratum has labels; otherwise only bounds, with the unmeasured strata
    anywhere from 0 to 100%."""

    strata: tuple[Stratum, ...]
    z: float = Z95

    @property
    def population(self) -> int:
        """The flags precision is about (skipped ones too: their verdict is unknown)."""
        return sum(s.population for s in self.strata)

    @property
    def unmeasured(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.strata if not s.measured)

    @property
    def measured(self) -> bool:
        return not self.unmeasured

    def weight(self, stratum: Stratum) -> float:
        return stratum.population / self.population if self.population else 0.0

    def _parts(self, strata: Sequence[Stratum]) -> list[_Part]:
        return [(s.population, s.n, s.value or 0.0) for s in strata if s.population and s.n]

    def _proved(self) -> tuple[float, float]:
        """What the labels alone prove: every unlabeled flag false, or every one true."""
        tp, fp = sum(s.tp for s in self.strata), sum(s.fp for s in self.strata)
        return tp / self.population, (self.population - fp) / self.population

    @property
    def value(self) -> float | None:
        if not self.population or not self.measured or not any(s.n for s in self.strata):
            return None
        return _combine(self._parts(self.strata), self.z)[0]

    @property
    def ci(self) -> tuple[float, float] | None:
        """The 95% interval, or None while a stratum is unmeasured."""
        if self.value is None:
            return None
        _, low, high = _combine(self._parts(self.strata), self.z)
        return _within(low, high, *self._proved())

    @property
    def bounds(self) -> tuple[float, float]:
        """The interval when every stratum is measured; else the measured strata's
        interval with the unmeasured flags counted all false, then all true."""
        if not self.population:
            return (0.0, 1.0)
        if self.ci is not None:
            return self.ci
        known = [s for s in self.strata if s.n]
        if not known:
            return (0.0, 1.0)
        share = sum(s.population for s in known) / self.population
        _, low, high = _combine(self._parts(known), self.z)
        return _within(share * low, share * high + 1 - share, *self._proved())

    def _width_after(self, more: float) -> float:
        """The interval's half-width once `more` labels are drawn at random from the flags
        the queue can still bring, each stratum's precision holding (50%, the worst case,
        where it has no labels yet); 1 while a stratum would still have none."""
        left = sum(s.left for s in self.strata)
        parts = []
        for s in self.strata:
            extra = more * s.left / left if left else 0.0
            parts.append((s.population, s.n + extra, s.value if s.n else 0.5))
        parts = [(f, n, p) for f, n, p in parts if f and n]
        if not parts or len(parts) < sum(1 for s in self.strata if s.population):
            return 1.0
        _, low, high = _combine(parts, self.z)
        return (high - low) / 2

    def within_reach(self, half_width: float = 0.05) -> bool:
        """Whether labels can bring the interval to ±half_width: not when the claims in
        dispute keep it wider even with every other flag labeled (settling them can)."""
        return self._width_after(sum(s.left for s in self.strata)) <= half_width

    def labels_needed(self, half_width: float = 0.05) -> dict[str, int]:
        """More labels per stratum until the combined interval is within ±half_width,
        if the queue keeps drawing at random from the flags still unlabeled (so each
        stratum gets its share of them) and each stratum's precision holds (50%, the
        worst case, where it has no labels yet). 0 everywhere when already narrow; every
        flag left when labels alone cannot get there (see within_reach)."""
        if not 0 < half_width < 0.5:
            raise ValueError(f"half_width must be in (0, 0.5), got {half_width}")
        left = sum(s.left for s in self.strata)
        if not left or self._width_after(0) <= half_width:
            return {s.name: 0 for s in self.strata}
        lo, hi = 0.0, float(left)
        for _ in range(60):  # the width shrinks as labels are added: bisect on the count
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if self._width_after(mid) <= half_width else (mid, hi)
        return {s.name: min(s.left, math.ceil(hi * s.left / left - 1e-9)) for s in self.strata}

    def to_dict(self) -> dict[str, object]:
        ci = self.ci
        low, high = self.bounds
        needed = self.labels_needed()
        return {
            "flags": sum(s.flags for s in self.strata),
            "population": self.population,
            "precision": self.value,
            "precision_ci": list(ci) if ci is not None else None,
            "bounds": [low, high],
            "unmeasured": list(self.unmeasured),
            "labels_needed": sum(needed.values()),
            "strata": [
                {**s.to_dict(), "weight": self.weight(s), "labels_needed": needed[s.name]}
                for s in self.strata
            ],
        }


@dataclass(frozen=True, slots=True)
class Difference:
    """Precision of run B minus run A, with a 95% interval (None while either run has an
    unmeasured stratum, when only the bounds are known)."""

    value: float | None
    ci: tuple[float, float] | None
    bounds: tuple[float, float]

    def to_dict(self) -> dict[str, object]:
        return {
            "difference": self.value,
            "difference_ci": list(self.ci) if self.ci is not None else None,
            "bounds": list(self.bounds),
        }


def precision_difference(a: StratifiedPrecision, b: StratifiedPrecision) -> Difference:
    """B − A by the method of variance estimates recovery (Newcombe's hybrid score
    interval, built from each run's own interval). It treats the runs as independent;
    runs over the same briefs share labels, so the true interval is if anything narrower."""
    (la, ua), (lb, ub) = a.bounds, b.bounds
    bounds = (max(-1.0, lb - ua), min(1.0, ub - la))
    pa, pb = a.value, b.value
    if pa is None or pb is None:
        return Difference(None, None, bounds)
    d = pb - pa
    low = d - math.hypot(pb - lb, ua - pa)
    high = d + math.hypot(ub - pb, pa - la)
    return Difference(d, (max(-1.0, low), min(1.0, high)), bounds)


@dataclass(frozen=True, slots=True)
class Recall:
    """Known contradictions in fully reviewed briefs: those the run flagged (labeled
    true) and those it missed (marked by a reviewer), with a 95% Wilson interval."""

    caught: int
    missed: int
    reviewed: int = 0  # the briefs read in full they were found in

    @property
    def n(self) -> int:
        return self.caught + self.missed

    @property
    def value(self) -> float | None:
        return self.caught / self.n if self.n else None

    @property
    def ci(self) -> tuple[float, float]:
        return wilson_interval(self.caught, self.n)

    def to_dict(self) -> dict[str, object]:
        return {
            "caught": self.caught,
            "missed": self.missed,
            "reviewed_briefs": self.reviewed,
            "recall": self.value,
            "recall_ci": list(self.ci) if self.n else None,
        }


def cohen_kappa(first: Sequence[str], second: Sequence[str]) -> float | None:
    """Cohen's kappa between two reviewers' verdicts on the same flags, in the same order.

    None when there is nothing to compare or agreement by chance is certain (one
    category only), where kappa is undefined.
    """
    if len(first) != len(second):
        raise ValueError(f"verdict lists differ in length: {len(first)} vs {len(second)}")
    return kappa_from_table(Counter(zip(first, second, strict=True)))[0]
