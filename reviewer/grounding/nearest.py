"""Nearest known value by bisection, with the tie-breaking of a naive `min()` over the pool.

The published check takes `min(candidates, key=lambda k: abs(value - k.value))`: the first
candidate in pool order among equal distances. `UnitIndex` answers the same question in
O(log n) from the candidates' distinct values sorted once per pool, falling back to that
very `min()` when a value is not finite (NaN and infinity have no order to bisect).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Sequence
from itertools import pairwise

from reviewer.grounding.types import Known


class UnitIndex:
    """The candidates of one unit: pool order, distinct sorted values, first holder of each."""

    __slots__ = (
        "candidates",
        "exact",
        "finite",
        "first",
        "knowns",
        "limit",
        "n_negative",
        "n_nonpositive",
        "values",
    )

    def __init__(self, candidates: list[Known]) -> None:
        self.candidates = candidates
        self.finite = all(math.isfinite(known.value) for known in candidates)
        exact: dict[float, Known] = {}
        first: dict[float, int] = {}
        for position, known in enumerate(candidates):
            exact.setdefault(known.value, known)
            first.setdefault(known.value, position)
        self.exact = exact
        self.values = sorted(exact) if self.finite else []
        self.first = [first[v] for v in self.values]
        self.knowns = [exact[v] for v in self.values]
        self.n_negative = bisect_left(self.values, 0.0)
        self.n_nonpositive = bisect_right(self.values, 0.0)
        self.limit = self._safe_limit()

    def _safe_limit(self) -> float:
        """Below this magnitude two distinct values never round to equal distances.

        For M = max(|value|, |candidates|), a distance is off by at most M * 2**-51, so
        values more than M * 2**-50 apart keep strictly ordered distances on each side:
        the two neighbours decide. Beyond the limit (or with NaN/inf) the careful path runs.
        """
        values = self.values
        if not self.finite or not values:
            return 0.0
        gaps = [b - a for a, b in pairwise(values)]
        gap = min(gaps, default=math.inf)
        if gap < 1e-290:
            return 0.0
        limit = gap * 2.0**50
        return limit if max(-values[0], values[-1]) < limit else 0.0

    def nearest(self, value: float) -> Known:
        """The first candidate in pool order at the least `abs(value - k.value)`."""
        limit = self.limit
        if -limit < value < limit:
            hit = self.exact.get(value)
            if hit is not None:
                return hit
            values = self.values
            i = bisect_left(values, value)
            if i == 0:
                return self.knowns[0]
            if i == len(values):
                return self.knowns[-1]
            below = value - values[i - 1]
            above = values[i] - value
            if below < above or (below == above and self.first[i - 1] < self.first[i]):
                return self.knowns[i - 1]
            return self.knowns[i]
        if not self.finite or not math.isfinite(value):
            return min(self.candidates, key=lambda k: abs(value - k.value))
        found = self.nearest_within(value, 0, len(self.values))
        assert found is not None
        return found

    def nearest_within(self, value: float, lo: int, hi: int) -> Known | None:
        """Like `nearest`, over the sorted values[lo:hi] only, walking every tie."""
        values = self.values
        if lo >= hi or not self.finite or not math.isfinite(value):
            return None
        i = bisect_left(values, value, lo, hi)
        if -self.limit < value < self.limit:  # the neighbours decide (see _safe_limit)
            if i == lo:
                return self.knowns[i]
            if i == hi:
                return self.knowns[i - 1]
            below, above = value - values[i - 1], values[i] - value
            if below < above or (below == above and self.first[i - 1] < self.first[i]):
                return self.knowns[i - 1]
            return self.knowns[i]
        if i == lo:
            best = abs(value - values[i])
        elif i == hi:
            best = abs(value - values[i - 1])
        else:
            best = min(abs(value - values[i - 1]), abs(value - values[i]))
        first = self.first
        position = len(self.candidates)
        j = i - 1
        while j >= lo and abs(value - values[j]) == best:
            position = min(position, first[j])
            j -= 1
        j = i
        while j < hi and abs(value - values[j]) == best:
            position = min(position, first[j])
            j += 1
        return self.candidates[position]

    def nearest_opposite(self, value: float) -> Known | None:
        """The candidate of opposite sign nearest to -value (a sign inversion's target)."""
        if not self.finite or not math.isfinite(value) or value == 0:
            return None
        if value > 0:
            return self.nearest_within(-value, 0, self.n_negative)
        return self.nearest_within(-value, self.n_nonpositive, len(self.values))


class PoolIndex:
    """Per-unit indexes of one pool, built once and reused for every token and text.

    `verdicts(key)` is a memo a detector keeps with the pool: the verdict for a distinct
    (token text, unit) is computed once, however often the number recurs in the briefs.
    """

    __slots__ = ("_verdicts", "pool", "units")

    def __init__(self, pool: Sequence[Known]) -> None:
        self.pool = tuple(pool)
        grouped: dict[str, list[Known]] = {}
        for known in self.pool:
            grouped.setdefault(known.unit, []).append(known)
        self.units = {unit: UnitIndex(candidates) for unit, candidates in grouped.items()}
        self._verdicts: dict[object, dict[tuple[str, str], tuple]] = {}

    def clear_verdicts(self) -> None:
        """Forget every memoised verdict (benchmarks measure the cold path with this)."""
        self._verdicts.clear()

    def verdicts(self, key: object) -> dict[tuple[str, str], tuple]:
        """The memo of one detector configuration (`key`) for this pool."""
        memo = self._verdicts.get(key)
        if memo is None:
            memo = self._verdicts[key] = {}
        elif len(memo) > VERDICT_MEMO_SIZE:
            memo.clear()
        return memo


_BY_ID: OrderedDict[int, tuple[Sequence[Known], PoolIndex]] = OrderedDict()
_BY_CONTENT: OrderedDict[tuple[Known, ...], PoolIndex] = OrderedDict()
_CACHE_SIZE = 128
VERDICT_MEMO_SIZE = 50_000


def pool_index(pool: Sequence[Known]) -> PoolIndex:
    """The index of `pool`, cached by identity for tuples and by content otherwise."""
    if isinstance(pool, tuple):
        hit = _BY_ID.get(id(pool))
        if hit is not None and hit[0] is pool:
            return hit[1]
    key = tuple(pool)
    try:
        index = _BY_CONTENT.get(key)
    except TypeError:  # unhashable values inside a Known: index without caching
        return PoolIndex(key)
    if index is None:
        index = PoolIndex(key)
        _BY_CONTENT[key] = index
        if len(_BY_CONTENT) > _CACHE_SIZE:
            _BY_CONTENT.popitem(last=False)
    if isinstance(pool, tuple):
        _BY_ID[id(pool)] = (pool, index)
        if len(_BY_ID) > _CACHE_SIZE:
            _BY_ID.popitem(last=False)
    return index
