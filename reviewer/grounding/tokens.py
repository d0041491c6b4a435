"""The one token scanner: every number in a text, its value, its unit and why it is skipped.

Two rule sets share the `Token` shape: `ReferenceScanner` reads numbers exactly as the
published check does; `DefaultScanner` (reviewer.grounding.default_scanner) fixes its weaknesses.
Both scan a text in one pass, so a detector's cost is linear in the text.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple, Protocol


class Token(NamedTuple):
    """A number in the text. `skip` is None for a claim, else why it is not one."""

    start: int
    end: int
    text: str
    value: float
    unit: str
    skip: str | None


RawToken = tuple[int, int, str, float, str, "str | None"]
# A detector's judgement on one claim: (kind, token, unit, value, known, delta) for "faithful",
# "value" and "sign"; ("unrelated",) when checkable but ignored; (None,) when not checkable.
Judgement = tuple
Judge = Callable[[str, str], Judgement]
NOT_CHECKABLE: Judgement = (None,)
Hits = Iterable[tuple[int, Judgement]]
"""(start, judgement) of the claims a tally keeps, in text order: one pass, held as an
array of starts beside the (shared, memoised) judgements, 16 bytes a claim."""


class Scanner(Protocol):
    """Finds the tokens of a text.

    `scan`/`raw` give every token with its skip reason, `value(token)` parses a token's
    text; `tally` is the detectors' hot loop, memoising a judgement per distinct reading
    of a number.
    """

    def raw(self, text: str) -> Iterator[RawToken]: ...

    def scan(self, text: str) -> list[Token]: ...

    def value(self, token: str) -> float: ...

    def tally(
        self, text: str, memo: dict, judge: Judge, keep: frozenset[str]
    ) -> tuple[int, Hits]: ...


class ReferenceScanner:
    """The published rules (PRODUCT.md, "The grounding check"), weaknesses included.

    - Token: ``[-+]?\\d[\\d,]*(?:\\.\\d+)?`` (``\\d`` is any Unicode decimal digit);
      value = ``float()`` of the token with commas removed (a token it refuses is skipped).
    - Window: the text right after the token matches ``[\\s-]*(?:day|week|month|year)s?\\b``
      case-insensitively ("7-day", "14 Days", "14\\tdays"; not "3 daylight").
    - Duration: a token lying wholly inside a match of ``\\b\\d+h\\s*\\d+m\\b`` in the text
      ("7h 30m", "7h\\n30m"; not "x7h 30m"; "-7h 30m" keeps "-7").
    - Unit: the 12 characters after the token, stripped and lower-cased: ``%`` -> ``pct``,
      else the first of ``bpm``, ``mi``, ``min``, ``steps`` it starts with (so ``min`` is
      never produced), else ``none``.
    - A window skips before a duration when both apply (the reason is "window").
    """

    TOKEN = r"[-+]?\d[\d,]*(?:\.\d+)?"
    # The pattern reads the token and looks ahead for what decides its reading, consuming
    # nothing more. The unit tail is read without slicing: "the 12 characters stripped start
    # with bpm" is "at most 9 whitespace characters, then b/B, p/P, m/M" (lower() maps only
    # those to them, and U+0130 to "i" plus a dot, which is why "mi" accepts it).
    # TOKEN is written for speed with the same matches: one character class first (a sign
    # or a digit; a sign then needs a digit), and `(?:X|)` rather than `(?:X)?`.
    _PATTERN = re.compile(
        r"([-+\d](?:(?<=[-+])\d|(?<=\d))[\d,]*(?:\.\d+|))"
        r"(?:(?=([\s-]*(?i:day|week|month|year)(?i:s|)\b))"
        r"|(?=(h\s*\d+m\b))"
        r"|(?=(\s{0,11}%))"
        r"|(?=(\s{0,9}[bB][pP][mM]))"
        r"|(?=(\s{0,10}[mM][iI\u0130]))"
        r"|(?=(\s{0,7}[sS][tT][eE][pP][sS]))"
        r"|)"
    )
    _WINDOW, _DURATION = 2, 3
    _UNITS = (None, "none", "none", "none", "pct", "bpm", "mi", "steps")  # by lastindex
    _DIGIT = re.compile(r"\d")
    _BOUNDARY = re.compile(r"\b")

    def _opens_duration(self, text: str, start: int, end: int) -> bool:
        """Whether the digits that end the token start a match of the duration pattern (the
        text after them was matched): they must be there and follow a word boundary."""
        digit = self._DIGIT.match
        run = end
        while run > start and digit(text, run - 1):
            run -= 1
        return run < end and self._BOUNDARY.match(text, run) is not None

    def _readings(self, text: str) -> Iterator[tuple[re.Match[str], str | None]]:
        """Every token's match with its skip reason."""
        second_half = False
        opens = self._opens_duration
        for m in self._PATTERN.finditer(text):
            last = m.lastindex
            if second_half:  # the minutes of a duration that the previous token opened
                second_half = False
                yield m, "window" if last == self._WINDOW else "duration"
            elif last == self._DURATION:
                token = m.group(1)
                second_half = opens(text, m.start(), m.end())
                whole = second_half and token.isdecimal()  # digits only: no sign, comma or point
                yield m, "duration" if whole else None
            else:
                yield m, "window" if last == self._WINDOW else None

    def raw(self, text: str) -> Iterator[RawToken]:
        units = self._UNITS
        for m, skip in self._readings(text):
            token = m.group(1)
            try:
                value = self.value(token)
            except ValueError:
                continue
            start = m.start()
            yield start, start + len(token), token, value, units[m.lastindex], skip

    def value(self, token: str) -> float:
        return float(token.replace(",", ""))

    def tally(self, text: str, memo: dict, judge: Judge, keep: frozenset[str]) -> tuple[int, Hits]:
        """The detectors' hot loop: how many claims are checkable, and (start, judgement) of
        those whose kind is in `keep`. Judgements are memoised by the token (no unit) or by
        (group, token) (a unit), so a recurring number is judged once."""
        checkable = 0
        starts, judged = array("q"), []  # the hits, compact: a text may hold millions
        second_half = False
        window, duration = self._WINDOW, self._DURATION
        units = self._UNITS
        opens = self._opens_duration
        for m in self._PATTERN.finditer(text):
            last = m.lastindex
            if second_half:
                second_half = False
                continue
            if last == 1:
                key = token = m.group(1)
            elif last == window:
                continue
            elif last == duration:
                token = m.group(1)
                second_half = opens(text, m.start(), m.end())
                if second_half and token.isdecimal():
                    continue
                key = token
                last = 1
            else:
                token = m.group(1)
                key = (last, token)
            judgement = memo.get(key)
            if judgement is None:
                judgement = memo[key] = judge(token, units[last])
            kind = judgement[0]
            if kind is not None:
                checkable += 1
                if kind in keep:
                    starts.append(m.start())
                    judged.append(judgement)
        return checkable, zip(starts, judged, strict=True)

    def scan(self, text: str) -> list[Token]:
        return [Token(*raw) for raw in self.raw(text)]


REFERENCE_SCANNER = ReferenceScanner()
