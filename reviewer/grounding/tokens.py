"""The one token scanner: every number in a text, its value, its unit and why it is skipped.

Two rule sets share the `Token` shape: `ReferenceScanner` reads numbers exactly as the
published check does; `DefaultScanner` (reviewer.grounding.units) fixes its weaknesses.
Both scan a text in one pass, so a detector's cost is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
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


class Scanner(Protocol):
    """Finds the tokens of a text; `raw` yields plain tuples for the hot loops."""

    def raw(self, text: str) -> Iterator[RawToken]: ...

    def scan(self, text: str) -> list[Token]: ...


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
    # end a token followed by "h *\d+m" (that token lies inside it when it is all digits)
    # plus the whole next token. One pass finds durations too.
    _PATTERN = re.compile(
        rf"({TOKEN})(?=({WINDOW})?)(?:(%)|(?=[ ]*(bpm|mi|min|steps))?)(?=(h *\d+m))?"
    )

    def raw(self, text: str) -> Iterator[RawToken]:
        second_half = False
        for m in self._PATTERN.finditer(text):
            token, window, pct, word, duration = m.groups()
            start = m.start()
            if window is not None:
                skip: str | None = "window"
            elif second_half or (duration is not None and token.isdigit()):
                skip = "duration"
            else:
                skip = None
            second_half = duration is not None
            unit = "pct" if pct else (word or "none")
            yield start, start + len(token), token, float(token.replace(",", "")), unit, skip

    def scan(self, text: str) -> list[Token]:
        return [Token(*raw) for raw in self.raw(text)]


REFERENCE_SCANNER = ReferenceScanner()
