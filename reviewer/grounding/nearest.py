"""Nearest known value by bisection, with the tie-breaking of a naive `min()` over the pool.

The published check takes `min(candidates, key=lambda k: abs(value - k.value))`: the first
candidate in pool order among equal distances. `UnitIndex` answers the same question in
O(log n) from the candidates' distinct values sorted once per pool. Computed distances are
monotone on each side of the value (rounding is monotone), so the values tied at the least
distance sit in one run around it, and of those the one whose first holder comes first in
the pool wins. For a value that is not finite (NaN and infinity have no order to bisect),
that very `min()` answers.

Indexes are cheap to make and built per unit only when a text asks for that unit: most
pools are read with a single brief (ingest), so nothing is built that is not used.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from operator import attrgetter

from reviewer.grounding.types import Known


def _neighbour(
    values: list[float], knowns: list[Known], order: list[int], target: float, lo: int, hi: int
) -> Known:
    """The entry of values[lo:hi] (non-empty, sorted, distinct) at the least computed
    `abs(target - v)`; of values tied at that distance, the one whose holder comes first
    in pool order (`order`). Ties sit in one run around the target: distances are monotone
    on each side of it."""
    i = bisect_left(values, target, lo, hi)
    if i == hi:
        least = abs(target - values[i - 1])
    elif i == lo:
        least = abs(target - values[i])
    else:
        least = min(abs(target - values[i - 1]), abs(target - values[i]))
    first = i - 1 if i > lo and abs(target - values[i - 1]) == least else i
    last = i if i < hi and abs(target - values[i]) == least else i - 1
    while first - 1 >= lo and abs(target - values[first - 1]) == least:
        first -= 1
    while last + 1 < hi and abs(target - values[last + 1]) == least:
        last += 1
    if first == last:  # no tie: the one nearest value
        return knowns[first]
    return knowns[min(range(first, last + 1), key=order.__getitem__)]


class UnitIndex:
    """The candidates of one unit: pool order, distinct sorted values, first holder of each."""

    __slots__ = ("candidates", "exact", "finite", "knowns", "order", "values")

    def __init__(self, candidates: list[Known]) -> None:
        self.candidates = candidates
        values = list(map(_VALUE, candidates))
        self.finite = all(map(math.isfinite, values))
        # later assignments win, so in reverse the first holder in pool order is kept
        self.exact = exact = dict(zip(values[::-1], candidates[::-1], strict=True))
        self.values = sorted(exact) if self.finite else []
        self.knowns = list(map(exact.__getitem__, self.values))
        position: dict[int, int] = {}
        for n, known in enumerate(candidates):
            position.setdefault(id(known), n)
        self.order = [position[id(known)] for known in self.knowns]

    def nearest(self, value: float) -> Known:
        """The first candidate in pool order at the least `abs(value - k.value)`."""
        if self.finite:
            hit = self.exact.get(value)  # a distance of 0: no other value has it
            if hit is not None:
                return hit
            if value - value == 0:  # finite
                return _neighbour(self.values, self.knowns, self.order, value, 0, len(self.values))
        return min(self.candidates, key=lambda k: abs(value - k.value))

    def nearest_opposite(self, value: float) -> Known | None:
        """The candidate of opposite sign nearest to -value (a sign inversion's target)."""
        if not self.finite or not math.isfinite(value) or value == 0:
            return None
        values = self.values
        if value > 0:
            lo, hi = 0, bisect_left(values, 0.0)
        else:
            lo, hi = bisect_right(values, 0.0), len(values)
        if lo >= hi:
            return None
        return _neighbour(values, self.knowns, self.order, -value, lo, hi)


class PoolIndex:
    """Per-unit indexes of one pool, each built on first use and reused for every text.

    `judgements(key)` is a memo a detector keeps with the pool: the judgement for a distinct
    reading of a number is computed once, however often the number recurs in the briefs.
    """

    __slots__ = ("_grouped", "_judgements", "cached", "extras", "pool", "units")

    def __init__(self, pool: Sequence[Known], *, cached: bool = False) -> None:
        self.pool = tuple(pool)
        self.cached = cached  # kept by `pool_index`: its judgements count against the budget
        self._grouped: dict[str, list[Known]] | None = None
        self.units: dict[str, UnitIndex | None] = {}  # those built so far
        self._judgements: dict[object, dict] = {}
        self.extras: dict[object, object] = {}  # what a detector derives from the pool once

    def unit(self, unit: str) -> UnitIndex | None:
        """The index of the pool entries of `unit`; None when there are none."""
        if unit in self.units:
            return self.units[unit]
        grouped = self._grouped
        if grouped is None:
            grouped = self._grouped = {}
            for known in self.pool:
                same = grouped.get(known.unit)
                if same is None:
                    grouped[known.unit] = [known]
                else:
                    same.append(known)
        candidates = grouped.get(unit)
        found = self.units[unit] = UnitIndex(candidates) if candidates else None
        return found

    def clear_judgements(self) -> None:
        """Forget every memoised judgement (benchmarks measure the cold path with this)."""
        if self.cached:
            remembered(-sum(map(len, self._judgements.values())))
        self._judgements.clear()

    def judgements(self, key: object) -> dict:
        """The memo of one detector configuration (`key`) for this pool."""
        memo = self._judgements.get(key)
        if memo is None:
            memo = self._judgements[key] = {}
        elif len(memo) > JUDGEMENT_MEMO_SIZE:
            if self.cached:
                remembered(-len(memo))
            memo.clear()
        return memo


_BY_ID: dict[int, tuple[Sequence[Known], PoolIndex]] = {}
# by the hash of the pool's (name, value, unit) fields; the fields are compared on a hit
_BY_CONTENT: dict[int, tuple[tuple[tuple[str, float, str], ...], PoolIndex]] = {}
_SEEN: dict[int, None] = {}  # hashes of pools met once: cached when met again
_SEEN_SIZE = 4096
_FIELDS = attrgetter("name", "value", "unit")
_VALUE = attrgetter("value")
_CACHE_SIZE = 128  # pools; first in, first out
JUDGEMENT_MEMO_SIZE = 50_000  # judgements of one pool and one detector configuration
JUDGEMENT_BUDGET = 200_000  # judgements of every cached pool together
_judgement_total = 0  # judgements added since the last clear-all (never below the true count)


def remembered(count: int) -> None:
    """Account for `count` judgements added to (or, negative, removed from) pool memos.

    Past the budget every cached pool forgets its judgements: a run over many distinct pools
    keeps at most the budget, and a single pool keeps up to JUDGEMENT_MEMO_SIZE of its own.
    """
    global _judgement_total
    _judgement_total += count
    if _judgement_total > JUDGEMENT_BUDGET:
        forget_judgements()


def forget_judgements() -> None:
    """Every cached pool forgets its memoised judgements."""
    global _judgement_total
    for _, index in _BY_CONTENT.values():
        index._judgements.clear()
    for _, index in _BY_ID.values():
        index._judgements.clear()
    _judgement_total = 0


def judgement_total() -> int:
    """Judgements counted against the budget (an upper bound of those held by cached pools)."""
    return _judgement_total


def pool_index(pool: Sequence[Known]) -> PoolIndex:
    """The index of `pool`: cached by identity for tuples and by content otherwise, from the
    second time a pool is met. A pool met once (ingest: every brief brings its own) gets an
    index that dies with its caller, young, so the garbage collector never walks it."""
    if isinstance(pool, tuple):
        hit = _BY_ID.get(id(pool))
        if hit is not None and hit[0] is pool:
            return hit[1]
    fields = tuple(map(_FIELDS, pool))
    try:
        key = hash(fields)  # C hashes the plain fields (a Known's own hash runs Python code)
    except TypeError:  # unhashable values inside a Known: index without caching
        return PoolIndex(pool)
    hit = _BY_CONTENT.get(key)
    if hit is not None and hit[0] == fields:
        index = hit[1]
    elif key not in _SEEN:
        _SEEN[key] = None
        if len(_SEEN) > _SEEN_SIZE:
            del _SEEN[next(iter(_SEEN))]
        return PoolIndex(pool)
    else:
        index = PoolIndex(pool, cached=True)
        if hit is not None:  # another pool with the same hash gives way
            _forget(_BY_CONTENT.pop(key)[1])
        _BY_CONTENT[key] = (fields, index)
        if len(_BY_CONTENT) > _CACHE_SIZE:
            _forget(_BY_CONTENT.pop(next(iter(_BY_CONTENT)))[1])
    if isinstance(pool, tuple):
        _BY_ID[id(pool)] = (pool, index)
        if len(_BY_ID) > _CACHE_SIZE:
            del _BY_ID[next(iter(_BY_ID))]
    return index


def _forget(evicted: PoolIndex) -> None:
    """An index leaves the cache: whatever still holds it recomputes its judgements, and the
    count of remembered judgements stays exact."""
    remembered(-sum(map(len, evicted._judgements.values())))
    evicted._judgements.clear()
