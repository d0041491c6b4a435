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

from reviewer.grounding.types import Known


class UnitIndex:
    """The candidates of one unit: pool order, distinct sorted values, first holder of each."""

    __slots__ = ("candidates", "exact", "finite", "first", "n_negative", "n_nonpositive", "values")

    def __init__(self, candidates: list[tuple[int, Known]]) -> None:
        self.candidates = [known for _, known in candidates]
        self.finite = all(math.isfinite(known.value) for known in self.candidates)
        exact: dict[float, Known] = {}
        first: dict[float, int] = {}
        for position, (_, known) in enumerate(candidates):
            exact.setdefault(known.value, known)
            first.setdefault(known.value, position)
        self.exact = exact
        self.values = sorted(exact) if self.finite else []
        self.first = [first[v] for v in self.values]
        self.n_negative = bisect_left(self.values, 0.0)
        self.n_nonpositive = bisect_right(self.values, 0.0)

    def nearest(self, value: float, lo: int = 0, hi: int | None = None) -> Known | None:
        """The first candidate in pool order at the least `abs(value - k.value)`.

        `lo`/`hi` restrict the search to sorted values[lo:hi] (e.g. negatives only).
        """
        values = self.values
        if hi is None:
            hi = len(values)
        if not self.finite or not math.isfinite(value):
            if lo != 0 or hi != len(values):
                return None
            return min(self.candidates, key=lambda k: abs(value - k.value))
        if lo >= hi:
            return None
        if lo == 0 and hi == len(values):
            hit = self.exact.get(value)
            if hit is not None:
                return hit
        i = bisect_left(values, value, lo, hi)
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
            return self.nearest(-value, 0, self.n_negative)
        return self.nearest(-value, self.n_nonpositive, len(self.values))


class PoolIndex:
    """Per-unit indexes of one pool, built once and reused for every token and text."""

    __slots__ = ("pool", "units")

    def __init__(self, pool: Sequence[Known]) -> None:
        self.pool = tuple(pool)
        grouped: dict[str, list[tuple[int, Known]]] = {}
        for position, known in enumerate(self.pool):
            grouped.setdefault(known.unit, []).append((position, known))
        self.units = {unit: UnitIndex(candidates) for unit, candidates in grouped.items()}


_BY_ID: OrderedDict[int, tuple[Sequence[Known], PoolIndex]] = OrderedDict()
_BY_CONTENT: OrderedDict[tuple[Known, ...], PoolIndex] = OrderedDict()
_CACHE_SIZE = 256


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
