"""An ordered table of readings whose word gates are data: each reading says which words
it needs before the number (one of them at least), and the table, not the reading, keeps
it from being tried where none of them is.

A reading's words are worked out from the patterns it searches (`gated_on`, by
`rules.needs`), not written beside them: a word the pattern needs is in its gate because the
pattern says so.

The table builds once an index from each needed word to the readings that need it; for a
clause it takes the needed words the clause holds (one set intersection) and runs, in the
table's order, the readings that need nothing and those whose words are there. The list of
readings for one set of words found is worked out once and kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

from reviewer.grounding.rules.needs import needed_words

Read = TypeVar("Read")  # a reading's test: what it is called with and returns is its own


@dataclass(frozen=True, slots=True)
class Reading(Generic[Read]):
    """One row of a table: `read` says what the number is, or None (False) where the
    reading does not hold; `needs`, the words one of which must be in the clause before
    the number for `read` to be tried at all (None: it is tried at every number); `rule`,
    the rule's id where the table's caller names it (a reading that returns a `Why` names
    its rule itself)."""

    read: Read
    needs: frozenset[str] | None = None
    rule: str = ""


class GatedTable(Generic[Read]):
    """The readings of a table in priority order, each tried only where the words it needs
    are present."""

    def __init__(self, readings: Iterable[Reading[Read]]) -> None:
        self.readings = tuple(readings)
        index: dict[str, set[int]] = {}
        for at, reading in enumerate(self.readings):
            for word in reading.needs or ():
                index.setdefault(word, set()).add(at)
        self.index = {word: frozenset(ats) for word, ats in index.items()}
        self.words = frozenset(index)
        # every reading, ungated: what a plain reading runs
        self.every: tuple[Read, ...] = tuple(reading.read for reading in self.readings)
        self._for_found: Any = lru_cache(maxsize=4096)(self._choose)

    def _choose(self, found: frozenset[str]) -> tuple[Read, ...]:
        gated_in = set().union(*(self.index[word] for word in found))
        return tuple(
            reading.read
            for at, reading in enumerate(self.readings)
            if reading.needs is None or at in gated_in
        )

    def candidates(self, present: set[str]) -> tuple[Read, ...]:
        """The reads to try, in order, for a clause whose words before the number are
        `present`."""
        return self._for_found(self.words.intersection(present))


def gated_on(
    read: Read, searched: Iterable[Any] = (), matched: Iterable[Any] = (), rule: str = ""
) -> Reading[Read]:
    """A reading that can hold only where one of the patterns `searched` is found in the
    clause before the number, or one of `matched` matches at its start: its gate is the
    words those patterns cannot match without (none, where one of them needs no word)."""
    needs: set[str] = set()
    for pattern, anchored in [*((p, False) for p in searched), *((p, True) for p in matched)]:
        words = needed_words(pattern, anchored=anchored)
        if words is None:
            return Reading(read, None, rule)
        needs |= words
    return Reading(read, frozenset(needs) if needs else None, rule)
