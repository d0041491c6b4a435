"""The one token scanner: every number in a text, its value, its unit and why it is skipped.

Two rule sets share the `Token` shape: `ReferenceScanner` reads numbers exactly as the
published check does; `DefaultScanner` (reviewer.grounding.default_scanner) fixes its weaknesses.
Both scan a text in one pass, so a detector's cost is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
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
Claim = tuple[int, str, str]
# A detector's judgement on one claim: (kind, token, unit, value, known, delta) for "faithful",
# "value" and "sign"; ("unrelated",) when checkable but ignored; (None,) when not checkable.
Judgement = tuple
Judge = Callable[[str, str], Judgement]
NOT_CHECKABLE: Judgement = (None,)


class Scanner(Protocol):
    """Finds the tokens of a text.

    `scan`/`raw` give every token with its skip reason; `claims` gives (start, token
    text, unit) of the tokens not skipped, with `value(token)` to parse them; `tally` is
    the detectors' hot loop, memoising a judgement per distinct reading of a number.
    """

    def raw(self, text: str) -> Iterator[RawToken]: ...

    def scan(self, text: str) -> list[Token]: ...

    def claims(self, text: str) -> Iterator[Claim]: ...

    def value(self, token: str) -> float: ...

    def tally(
        self, text: str, memo: dict, judge: Judge, keep: frozenset[str]
    ) -> tuple[int, list[tuple[int, Judgement]]]: ...


class ReferenceScanner:
    """The published rules, read literally (weaknesses included).

    - Token: ``[-+]?\\d[\\d,]*(?:\\.\\d+)?`` (``\\d`` is Unicode); value = float of the token
      with commas removed.
    - Window: the text right after the token matches ``[ -]*(?:day|week|month|year)s?``:
      ASCII spaces or hyphens, then the lower-case word, with no word boundary ("7-day",
      "14 days", and also "3 daylight").
    - Duration: a token lying inside a match of ``\\d+h *\\d+m`` found by scanning the
      whole text ("7h 30m", "7h30m", "2h 5min" -- both halves skip; "-7h 30m" keeps "-7").
    - Unit: ``%`` immediately after the token -> ``pct``; else, after ASCII spaces, text
      starting with ``bpm``, ``mi``, ``min``, ``steps`` -- checked in that order, so
      "min"/"minutes"/"mid" read as ``mi`` and ``min`` is never produced; else ``none``.
      Case-sensitive; a no-break space does not count as a space.
    - A window skips before a duration when both apply (the reason is "window").
    """

    TOKEN = r"[-+]?\d[\d,]*(?:\.\d+)?"
    WINDOW = r"[ -]*(?:day|week|month|year)s?"
    DURATION = r"\d+h *\d+m"
    # A duration match starts a run of digits and ends with "m", so it is the digits that
    # end a token followed by "h *\d+m" (that token lies inside it when it is all digits;
    # a token ending in a comma ends no digits: "5,h 30m" holds no duration) plus the whole
    # next token. One pass finds durations too. The window or unit word is
    # consumed with the token (it holds no digit, so no token is lost): the whole match
    # then names the token's reading, and `tally` memoises judgements by it.
    # TOKEN written for speed, the same matches: one character class first (a sign or a
    # digit; a sign then needs a digit), so the engine skips prose at C speed; `(?:X|)`,
    # not `(?:X)?`, so it never enters its general repeat (which allocates every time).
    _PATTERN = re.compile(
        r"([-+\d](?:(?<=[-+])\d|(?<=\d))[\d,]*(?:\.\d+|))"
        rf"(?:({WINDOW})|(%)|[ ]*(bpm|mi|min|steps)|(?<=\d)(?=(h *\d+m))|)"
    )
    _WINDOW_GROUP, _DURATION_GROUP = 2, 5

    def raw(self, text: str) -> Iterator[RawToken]:
        second_half = False
        for m in self._PATTERN.finditer(text):
            token, window, pct, word, duration = m.groups()
            if second_half:  # neither a window nor a first half: it is followed by "m"
                second_half = False
                skip: str | None = "duration"
            elif duration is not None:
                second_half = True
                skip = "duration" if token.isdigit() else None
            else:
                skip = None if window is None else "window"
            start = m.start()
            unit = "pct" if pct else (word or "none")
            yield start, start + len(token), token, float(token.replace(",", "")), unit, skip

    def claims(self, text: str) -> Iterator[Claim]:
        """The same walk as `raw`, yielding only claims and parsing nothing."""
        second_half = False
        for m in self._PATTERN.finditer(text):
            token, window, pct, word, duration = m.groups()
            if second_half:
                second_half = False
            elif duration is not None:
                second_half = True
                if not token.isdigit():
                    yield m.start(), token, "pct" if pct else (word or "none")
            elif window is None:
                yield m.start(), token, "pct" if pct else (word or "none")

    def value(self, token: str) -> float:
        return float(token.replace(",", ""))

    def tally(
        self, text: str, memo: dict, judge: Judge, keep: frozenset[str]
    ) -> tuple[int, list[tuple[int, Judgement]]]:
        """The detectors' hot loop: how many claims are checkable, and (start, judgement) of
        those whose kind is in `keep`. Judgements are memoised by the whole match (the token
        and its unit word), so a recurring number is judged once."""
        checkable = 0
        hits: list[tuple[int, Judgement]] = []
        second_half = False
        window_group, duration_group = self._WINDOW_GROUP, self._DURATION_GROUP
        for m in self._PATTERN.finditer(text):
            if second_half:
                second_half = False
                continue
            last = m.lastindex
            if last == duration_group:
                second_half = True
                if m.group(1).isdigit():
                    continue
            elif last == window_group:
                continue
            key = m.group()
            judgement = memo.get(key)
            if judgement is None:
                token, _, pct, word, _ = m.groups()
                judgement = memo[key] = judge(token, "pct" if pct else (word or "none"))
            kind = judgement[0]
            if kind is not None:
                checkable += 1
                if kind in keep:
                    hits.append((m.start(), judgement))
        return checkable, hits

    def scan(self, text: str) -> list[Token]:
        return [Token(*raw) for raw in self.raw(text)]


REFERENCE_SCANNER = ReferenceScanner()
