"""Detector plugins used by the tests, written the way an outside team would write one.

`abs_mutant` is the grounding check of PRODUCT.md with the `abs()` bug: nearest and
relative comparisons run on magnitudes, so a negated value looks faithful. It has no
`checkable`, so the built-in token scanner supplies the denominator.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reviewer import Flag, Known

_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
_WINDOW = re.compile(r"[ -]*(?:day|week|month|year)s?")
_DURATION = re.compile(r"\d+h *\d+m")
_UNITS = ("bpm", "mi", "min", "steps")


def _unit(text: str, end: int) -> str:
    rest = text[end:]
    if rest.startswith("%"):
        return "pct"
    rest = rest.lstrip(" ")
    for unit in _UNITS:
        if rest.startswith(unit):
            return unit
    return "none"


class AbsMutant:
    """Compares magnitudes only: sign inversions pass as faithful citations."""

    name = "abs-mutant"
    version = "0"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        inside_durations = [m.span() for m in _DURATION.finditer(text)]
        flags = []
        for match in _NUMBER.finditer(text):
            start, end = match.span()
            if _WINDOW.match(text, end):
                continue
            if any(a <= start < b for a, b in inside_durations):
                continue
            value = float(match.group().replace(",", ""))
            unit = _unit(text, end)
            candidates = [k for k in pool if k.unit == unit]
            if not candidates:
                continue
            nearest = min(candidates, key=lambda k: abs(abs(value) - abs(k.value)))
            scale = max(abs(nearest.value), abs(value), 1e-9)
            rel = abs(abs(value) - abs(nearest.value)) / scale
            if rel <= 0.03:
                continue
            opposite = (value < 0) != (nearest.value < 0)
            if opposite and rel <= 0.50:
                kind = "sign"
            elif rel <= 0.12:
                kind = "value"
            else:
                continue
            flags.append(
                Flag(
                    start,
                    end,
                    match.group(),
                    value,
                    unit,
                    nearest.name,
                    nearest.value,
                    value - nearest.value,
                    kind,
                )
            )
        return flags


abs_mutant = AbsMutant()


class FlagsEveryNumber:
    """Flags every bare number against the first known value: a detector gone wild."""

    name = "every-number"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if not pool:
            return []
        first = pool[0]
        return [
            Flag(
                m.start(),
                m.end(),
                m.group(),
                float(m.group().replace(",", "")),
                first.unit,
                first.name,
                first.value,
                float(m.group().replace(",", "")) - first.value,
                "value",
            )
            for m in _NUMBER.finditer(text)
        ]
