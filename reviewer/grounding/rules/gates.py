"""An ordered table of readings whose word gates are data: each reading says which words
it needs before the number (one of them at least), and the table, not the reading, keeps
it from being tried where none of them is.

The table builds once an index from each needed word to the readings that need it; for a
clause it takes the needed words the clause holds (one set intersection) and runs, in the
table's order, the readings that need nothing and those whose words are there. The list of
readings for one set of words found is worked out once and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

Seen = TypeVar("Seen")  # what a reading looks at: the words around one number
Read = TypeVar("Read")  # what it returns where it holds


@dataclass(frozen=True, slots=True)
class Reading(Generic[Seen, Read]):
    """One row of a table: `read` returns what it reads, or None where it does not hold;
    `needs`, the words one of which must be in the clause before the number for `read` to
    be tried at all (None: it is tried at every number)."""

    read: Callable[[Seen], Read | None]
    needs: frozenset[str] | None = None


class GatedTable(Generic[Seen, Read]):
    """The readings of a table in priority order, each tried only where the words it needs
    are present."""

    def __init__(self, readings: Iterable[Reading[Seen, Read]]) -> None:
        self.readings = tuple(readings)
        index: dict[str, set[int]] = {}
        for at, reading in enumerate(self.readings):
            for word in reading.needs or ():
                index.setdefault(word, set()).add(at)
        self.index = {word: frozenset(ats) for word, ats in index.items()}
        self.words = frozenset(index)
        # every reading, ungated: what a plain reading runs
        self.every = tuple(reading.read for reading in self.readings)
        self._for_found = lru_cache(maxsize=4096)(self._choose)

    def _choose(self, found: frozenset[str]) -> tuple[Callable[[Seen], Read | None], ...]:
        gated_in = set().union(*(self.index[word] for word in found))
        return tuple(
            reading.read
            for at, reading in enumerate(self.readings)
            if reading.needs is None or at in gated_in
        )

    def candidates(self, present: set[str]) -> tuple[Callable[[Seen], Read | None], ...]:
        """The reads to try, in order, for a clause whose words before the number are
        `present`."""
        return self._for_found(self.words.intersection(present))
