"""`explain`: every number of a text with what a detector read it as, and which rule said so.

The detector's own walk leaves a trace of its decisions by the number's start (a flag, a
citation, a reading that makes it no statement); every other number is told from the scan
(a window, a date, a count ...) or from the pool (no known value of its unit, or none near).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reviewer.grounding.types import Citation, Flag, Known, Reading

Trace = Mapping[int, tuple[str, str, "Known | None"]]


def explained(
    detector: object,
    text: str,
    pool: Sequence[Known],
    flagged: Mapping[int, Flag],
    trace: Trace,
    citations: Sequence[Citation] = (),
) -> list[Reading]:
    """The readings of every token the detector's scanner finds, in text order, with the
    flags and citations that start elsewhere (a number read with its sign or symbol)."""
    units = {known.unit for known in pool}
    cited = {citation.start: citation for citation in citations}
    readings: dict[int, Reading] = {}
    for start, end, token, value, unit, skip in detector.scanner.raw(text):  # type: ignore[attr-defined]
        flag = flagged.get(start)
        if flag is not None:
            readings[start] = _of_flag(flag)
        elif start in trace:
            outcome, rule, known = trace[start]
            readings[start] = Reading(
                start, end, token, value, unit, outcome, rule,  # type: ignore[arg-type]
                known.name if known else None, known.value if known else None,
            )  # fmt: skip
        elif start in cited:
            known = cited[start].known
            readings[start] = Reading(start, end, token, value, unit, "cited", "band",
                                      known.name, known.value)  # fmt: skip
        elif skip is not None:
            readings[start] = Reading(start, end, token, value, unit, "skipped", f"scan.{skip}")
        elif unit in units:
            readings[start] = Reading(start, end, token, value, unit, "unrelated", "band")
        else:
            readings[start] = Reading(start, end, token, value, unit, "no candidate", "band")
    for start, flag in flagged.items():
        if start not in readings:
            readings[start] = _of_flag(flag)
    return [readings[start] for start in sorted(readings)]


def _of_flag(flag: Flag) -> Reading:
    return Reading(flag.start, flag.end, flag.token, flag.value, flag.unit, "flag",
                   flag.rule or flag.basis, flag.nearest, flag.nearest_value)  # fmt: skip
