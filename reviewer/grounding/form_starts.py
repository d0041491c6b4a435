"""Where a pool's names may start in a text: the positions a name pattern is tried at.

A name pattern (`names.name_pattern`) matches where a form's first word stands, with no
word character, `$`, `€` or `£` right before it. For a pool of a few dozen names, one
`str.find` scan of the text per first word finds those places fastest. For a pool of
thousands that is a scan per name, and the texts such a pool is read in grow with it (the
template arms write a sentence per known value): the cost grows with the square of the
pool. Past FEW words the text is scanned once instead, for word starts, each looked up
among the first words of its first character and length.

Both ways give every position where a name can match; the second leaves out positions
right after a word character, `$`, `€` or `£`, where none can.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

FEW = 64  # first words up to which a `str.find` scan per word is the quicker way

Lookup = dict[str, tuple[tuple[int, frozenset[str]], ...]]


def form_starts(text: str, low: str, words: tuple[str, ...]) -> list[int]:
    """The positions, in order, where one of `words` stands in `low` (`text` lowered, each
    character in its place); past FEW words, only those a name pattern can match at."""
    if len(words) <= FEW:
        starts = set()
        for word in words:
            at = low.find(word)
            while at >= 0:
                starts.add(at)
                at = low.find(word, at + 1)
        return sorted(starts)
    opener, lookup = _index(words)
    found = []
    for m in opener.finditer(text):
        at = m.start()
        for size, group in lookup.get(low[at], ()):
            if low[at : at + size] in group:
                found.append(at)
                break
    return found


def by_first_character(words: Iterable[str]) -> Lookup:
    """The words by their first character, then by length (shortest first): where one of
    them stands at a place of a lowered text, `low[at : at + size] in group` says which."""
    groups: dict[str, dict[int, set[str]]] = {}
    for word in words:
        if word:
            groups.setdefault(word[0], {}).setdefault(len(word), set()).add(word)
    return {
        first: tuple((size, frozenset(group)) for size, group in sorted(sizes.items()))
        for first, sizes in groups.items()
    }


@lru_cache(maxsize=16)
def _index(words: tuple[str, ...]) -> tuple[re.Pattern[str], Lookup]:
    """A pattern for a word start whose first character (either case) begins a first
    word, and the first words by first character, then by length."""
    lookup = by_first_character(words)
    chars = "".join(re.escape(c) for c in sorted({*lookup, *(c.upper() for c in lookup)}))
    return re.compile(rf"(?<!\w)(?<![$€£])[{chars}]"), lookup
