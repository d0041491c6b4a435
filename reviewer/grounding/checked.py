"""Which numbers of a text a detector checks: what the app underlines beside the flags,
so a number the check read but did not flag (a possible miss) can be seen."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the app imports this module before it draws: nothing compiled yet
    from reviewer.grounding.tokens import Scanner
    from reviewer.grounding.types import Known


@cache
def default_scanner() -> Scanner:
    """The default token scanner, built once (compiling its patterns takes a few frames)."""
    from reviewer.grounding.default_scanner import DefaultScanner

    return DefaultScanner()


def checked_spans(
    text: str, pool: Sequence[Known], scanner: Scanner | None = None
) -> list[tuple[int, int]]:
    """(start, end) of every claim with a candidate in the pool, as `scanner` (the run's
    detector's; the default scanner when not given) reads the text: the numbers the check
    compared with a known value."""
    units = {known.unit for known in pool}
    scan = (scanner or default_scanner()).scan(text)
    return [(t.start, t.end) for t in scan if t.skip is None and t.unit in units]


def scanner_of(detector: object) -> Scanner:
    """The token scanner a detector reads numbers with: its own (reference, default), else
    the default scanner, which also counts a plugin's checkable numbers when it has none."""
    own = getattr(detector, "scanner", None)
    return own if callable(getattr(own, "scan", None)) else default_scanner()  # type: ignore[return-value]
