"""The words a pattern cannot match without, read off the pattern itself.

A reading's gate says which words must be in the text for its pattern to match at all, so
that most numbers are passed over with a set lookup or a substring test instead of a search.
Written by hand beside the pattern, a gate drifts from it: a word added to the pattern and
not to the gate is a reading that silently never runs. Here the gate is worked out from the
pattern's parse: its literal parts, expanded where they are a few alternatives ("we|you",
"track(?:ing)?"), give the strings one of which every match holds.

Two gates are read:
- `needed_text`: strings, lowered, one of which is inside every match, lowered (a substring
  test of a window of ASCII text; past ASCII, `(?i:...)` reads letters that `lower` does not
  give, and the caller searches);
- `needed_words`: words one of which is a whole run of letters of every match, casefolded
  (the set of words a clause holds, intersected).

Either is None where the pattern holds no such part (it can match without any literal, or
one too many ways to list). What is found is always a necessary condition: it may let a
clause through that the pattern then refuses, never keep out one it would match.
"""

from __future__ import annotations

import re
from re import _constants as sre  # the parse tree's opcodes, as re itself reads them
from re import _parser

_MOST = 256  # strings a literal part is expanded to, at most
_CLASS_MOST = 8  # characters of a class expanded as alternatives, at most
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
# the letters past ASCII that `(?i:...)` reads as ASCII ones (İ ı ſ and the Kelvin sign)
_ODD = frozenset("\u0130\u0131\u017f\u212a")
_NOT_LETTERS = {
    sre.CATEGORY_SPACE, sre.CATEGORY_DIGIT, sre.CATEGORY_LINEBREAK,
    sre.CATEGORY_UNI_SPACE, sre.CATEGORY_UNI_DIGIT, sre.CATEGORY_UNI_LINEBREAK,
}  # fmt: skip
_BOUNDARIES = {sre.AT_BOUNDARY, sre.AT_UNI_BOUNDARY, sre.AT_BEGINNING, sre.AT_BEGINNING_STRING,
               sre.AT_END, sre.AT_END_STRING}  # fmt: skip
_REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT}
_CACHE: dict[tuple[str, int, str, bool], frozenset[str] | None] = {}


def needed_text(pattern: re.Pattern[str], *, exact: bool = False) -> frozenset[str] | None:
    """Lowered strings one of which every match of `pattern` holds, or None. `exact`: as
    the pattern writes them, where it reads no part of itself case-free (see `text_gate`)."""
    exact = exact and not case_free(pattern)
    key = (pattern.pattern, pattern.flags, "text", exact)
    if key not in _CACHE:
        items = list(_parser.parse(pattern.pattern, pattern.flags))
        _CACHE[key] = _frozen(_text(items, not exact))
    return _CACHE[key]


def text_gate(pattern: re.Pattern[str]) -> tuple[tuple[str, ...], bool]:
    """The strings a window is tested for (none: no test) and whether they are as written
    (test the window as it is) or lowered (test an ASCII window lowered)."""
    exact = not case_free(pattern)
    return tuple(sorted(needed_text(pattern, exact=exact) or ())), exact


def case_free(pattern: re.Pattern[str]) -> bool:
    """Whether any part of `pattern` may be read case-free (`re.I`, or `(?i` inside)."""
    return bool(pattern.flags & re.IGNORECASE) or "(?i" in pattern.pattern


def needed_words(pattern: re.Pattern[str], *, anchored: bool = False) -> frozenset[str] | None:
    """Words (runs of ASCII letters, lowered) one of which is a whole run of letters of
    every match of `pattern`, or None. `anchored`: the pattern is matched at the start of
    the text (`pattern.match(text)`), where no letter stands before it."""
    key = (pattern.pattern, pattern.flags, "words", anchored)
    if key not in _CACHE:
        items = list(_parser.parse(pattern.pattern, pattern.flags))
        _CACHE[key] = _frozen(_words(items, anchored, False))
    return _CACHE[key]


def _frozen(found: set[str] | None) -> frozenset[str] | None:
    return None if not found else frozenset(found)


def _best(sets: list[set[str]]) -> set[str] | None:
    """Of the parts a match needs all of, the one that rules out most text: the least
    likely, reckoning a letter as one chance in seven, a space as one in two, a digit one
    in five and a mark one in twenty ("s" passes more text than "(" or "total" do)."""
    if not sets:
        return None
    return min(sets, key=lambda strings: sum(map(_chance, strings)))


def _chance(s: str) -> float:
    chance = 1.0
    for c in s:
        chance *= 0.15 if c.isalpha() else 0.5 if c.isspace() else 0.2 if c.isdigit() else 0.05
    return chance


def _finite(items: list, most: int = _MOST, fold: bool = True) -> set[str] | None:
    """Every string `items` can match (lowered, with `fold`), where they are few; else None."""
    out = {""}
    for op, av in items:
        part = _finite_one(op, av, most, fold)
        if part is None:
            return None
        out = {a + b for a in out for b in part}
        if len(out) > most:
            return None
    return out


def _finite_one(op, av, most: int, fold: bool = True) -> set[str] | None:
    if op is sre.LITERAL:  # (an odd letter may match an ASCII one: it is not read)
        return None if chr(av) in _ODD else {chr(av).lower() if fold else chr(av)}
    if op is sre.IN:
        chars = _class_chars(av)
        if chars is None or _ODD.intersection(chars):
            return None
        return {c.lower() for c in chars} if fold else set(chars)
    if (parts := _parts(op, av)) is not None:
        out: set[str] = set()
        for part in parts:
            strings = _finite(part, most, fold)
            if strings is None:
                return None
            out |= strings
        return out
    if op in _REPEATS:
        low, high, body = av
        if high > 1:
            return None
        part = {""} if high == 0 else _finite(list(body), most, fold)
        return None if part is None else part | {""} if low == 0 else part
    return None


def _parts(op, av) -> list[list] | None:
    """The sequences a group (one) or a choice (one an alternative) holds, else None."""
    if op is sre.BRANCH:
        return [list(alternative) for alternative in av[1]]
    if op is sre.SUBPATTERN:
        return [list(av[3])]
    if op is sre.ATOMIC_GROUP:
        return [list(av)]
    return None


def _class_chars(av) -> list[str] | None:
    if len(av) > _CLASS_MOST or any(op is not sre.LITERAL for op, _ in av):
        return None
    return [chr(code) for _, code in av]


def _zero_width(op) -> bool:
    return op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT)


def _text(items: list, fold: bool = True) -> set[str] | None:
    """Strings one of which every match of the sequence `items` holds (lowered, with
    `fold`)."""
    found: list[set[str]] = []
    run: list = []
    for op, av in [*items, (None, None)]:
        if op is not None and not _zero_width(op) and _finite_one(op, av, _MOST, fold) is not None:
            run.append((op, av))
            continue
        if run:
            strings = _finite(run, _MOST, fold)
            if strings and "" not in strings:
                found.append(_fewest(strings))
            run = []
        if op is not None and not _zero_width(op):
            inner = _text_one(op, av, fold)
            if inner:
                found.append(_fewest(inner))
    return _best(found)


def _fewest(strings: set[str]) -> set[str]:
    """The strings of a text gate that hold none of the others: a text that holds
    "annualized" holds "annual" (fewer tests, the same text let through or more)."""
    return {s for s in strings if not any(t != s and t in s for t in strings)}


def _text_one(op, av, fold: bool) -> set[str] | None:
    if (parts := _parts(op, av)) is not None:
        return _union(_text(part, fold) for part in parts)
    if op in _REPEATS and av[0] >= 1:
        return _text(list(av[2]), fold)
    return None


def _union(parts) -> set[str] | None:
    out: set[str] = set()
    for part in parts:
        if not part:
            return None
        out |= part
    return out


def _words(items: list, left: bool, right: bool) -> set[str] | None:
    """Words one of which is a whole run of letters of every match of the sequence
    `items`; `left` and `right`: no letter stands right before (after) the sequence."""
    before = _bounded_from(items, left)
    after = _bounded_from([_reverse(item) for item in reversed(items)], right)[::-1]
    found: list[set[str]] = []
    start = None
    for at, (op, av) in enumerate([*items, (None, None)]):
        if op is not None and not _zero_width(op) and _finite_one(op, av, _MOST) is not None:
            start = at if start is None else start
            continue
        if start is not None:
            words = _whole_words(_finite(items[start:at]), before[start], after[at - 1])
            if words:
                found.append(words)
            start = None
        if op is not None and not _zero_width(op):
            inner = _words_one(op, av, before[at], after[at])
            if inner:
                found.append(inner)
    return _best(found)


def _words_one(op, av, left: bool, right: bool) -> set[str] | None:
    if (parts := _parts(op, av)) is not None:
        return _union(_words(part, left, right) for part in parts)
    if op in _REPEATS and av[0] >= 1:
        body = list(av[2])
        if av[1] > 1:  # a repeat's copy may stand beside another: its own ends must bound it
            left = left and _ends_bounded(body, first=False)
            right = right and _ends_bounded(body, first=True)
        return _words(body, left, right)
    return None


def _whole_words(strings: set[str] | None, left: bool, right: bool) -> set[str] | None:
    """For each string a literal part matches, a run of letters it holds whole (letters
    neither before nor after it); None when one of them holds none."""
    if not strings:
        return None
    out: set[str] = set()
    for s in strings:
        runs = [m for m in re.finditer("[a-z]+", s)
                if (m.start() > 0 or left) and (m.end() < len(s) or right)]  # fmt: skip
        if not runs or any(c in _ODD for c in s):
            return None
        out.add(max(runs, key=lambda m: m.end() - m.start()).group())
    return out


def _reverse(item):
    """An element as read from the right (a sequence's elements reversed, inside too), to
    ask what stands after an element as `_bounded_from` asks what stands before."""
    op, av = item
    if op is sre.SUBPATTERN:
        return op, (av[0], av[1], av[2], [_reverse(i) for i in reversed(list(av[3]))])
    if op is sre.BRANCH:
        return op, (av[0], [[_reverse(i) for i in reversed(list(a))] for a in av[1]])
    if op in _REPEATS:
        return op, (av[0], av[1], [_reverse(i) for i in reversed(list(av[2]))])
    if op is sre.ATOMIC_GROUP:
        return op, [_reverse(i) for i in reversed(list(av))]
    return item


def _bounded_from(items: list, bounded: bool) -> list[bool]:
    """For each element of `items`, whether no letter stands right before it, given
    whether one stands before the sequence."""
    out = []
    for op, av in items:
        out.append(bounded)
        bounded = _after(op, av, bounded)
    return out


def _after(op, av, bounded: bool) -> bool:
    """Whether no letter stands right after the element, given the same of before it."""
    if op is sre.AT:
        return True if av in _BOUNDARIES else bounded if av not in (
            sre.AT_NON_BOUNDARY, sre.AT_UNI_NON_BOUNDARY) else False  # fmt: skip
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        return bounded
    if op is sre.LITERAL:
        return _not_a_letter(chr(av))
    if op is sre.IN:
        return _class_not_letters(av)
    if (parts := _parts(op, av)) is not None:
        return all(_ends(part, bounded) for part in parts)
    if op in _REPEATS:
        low, _, body = av
        ends = _ends(list(body), bounded) and _ends_bounded(list(body), first=False)
        return ends and (bounded or low >= 1)
    return False


def _ends(items: list, bounded: bool) -> bool:
    for op, av in items:
        bounded = _after(op, av, bounded)
    return bounded


def _ends_bounded(body: list, *, first: bool) -> bool:
    """Whether a repeated body's every copy ends (with `first`, begins) with no letter."""
    items = [_reverse(i) for i in reversed(body)] if first else body
    return _ends(items, False)


def _not_a_letter(c: str) -> bool:
    return c not in _ASCII_LETTERS and c not in _ODD and not c.isalpha()


def _class_not_letters(av) -> bool:
    for op, value in av:
        if op is sre.LITERAL:
            if not _not_a_letter(chr(value)):
                return False
        elif op is sre.RANGE:
            low, high = value
            if (high >= 0x41 and low <= 0x7A) or high >= 0xAA:
                return False  # (past Latin-1, a range is not read: letters are everywhere)
        elif op is sre.CATEGORY:
            if value not in _NOT_LETTERS:
                return False
        else:  # a negated class, or anything else: it may hold a letter
            return False
    return True
