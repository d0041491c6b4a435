"""`reviewer scan --explain`: every number of each brief with what the detector read it as
(a flag, a citation, no statement, unrelated, no candidate, skipped) and the rule that said
so. Brief text and ids are data: JSON strings, or `rich.text.Text` with control characters
made visible, never markup.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterable
from typing import Any

from reviewer.commands.console import counted, visible
from reviewer.grounding.types import Detector, Reading
from reviewer.pipeline.reader import BriefRecord

TABLE_CHUNK = 200  # readings per printed table: memory stays flat however long the file
OUTCOME_STYLE = {"flag": "bold yellow", "cited": "green", "skipped": "dim", "no candidate": "dim"}


def explains(detector: Detector) -> bool:
    """Whether the detector can say what it read each number as (every built-in does)."""
    return callable(getattr(detector, "explain", None))


def readings_of(detector: Detector, record: BriefRecord) -> list[Reading]:
    return detector.explain(record.text, record.pool)  # type: ignore[attr-defined,no-any-return]


def _finite(value: float | None) -> float | None:
    return value if value is None or math.isfinite(value) else None  # JSON has no inf


def reading_dict(reading: Reading) -> dict[str, Any]:
    """`Reading.to_dict()` with a value JSON cannot hold (a number of hundreds of digits)
    given as null."""
    data = reading.to_dict()
    data["value"] = _finite(reading.value)
    data["known_value"] = _finite(reading.known_value)
    return data


def explain_line(record_id: str, readings: Iterable[Reading]) -> str:
    """One JSON line per brief: `{"id", "readings": [...]}`."""
    data = {"id": record_id, "readings": [reading_dict(r) for r in readings]}
    return json.dumps(data, ensure_ascii=False, allow_nan=False)


def explain_to_jsonl(
    records: Iterable[BriefRecord], detector: Detector, advance: Callable[[], None]
) -> None:
    write = sys.stdout.write
    for record in records:
        write(explain_line(record.id, readings_of(detector, record)) + "\n")
        advance()


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def known_text(reading: Reading) -> str:
    """`rhr 57` for the known value a number was compared with; empty when none was."""
    if reading.known is None:
        return ""
    return f"{reading.known} {_number(reading.known_value)}".strip()


def _table(header: bool) -> Any:
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE, show_header=header, expand=True, pad_edge=False)
    table.add_column("brief", max_width=16, overflow="fold")
    table.add_column("number", overflow="fold")
    table.add_column("unit", no_wrap=True)
    table.add_column("outcome", no_wrap=True)
    table.add_column("rule", overflow="fold")
    table.add_column("known value", max_width=28, overflow="fold")
    return table


def _outcome(reading: Reading) -> str:
    """The outcome, with a learned model's probability beside it where it judged one."""
    probability = getattr(reading, "probability", None)
    return reading.outcome if probability is None else f"{reading.outcome} p={probability:.2f}"


def _cells(shown_id: str, reading: Reading) -> tuple[Any, ...]:
    from rich.text import Text

    def flat(text: str) -> str:
        return visible(text).replace("\n", " ").replace("\t", " ")

    return (
        Text(shown_id),
        Text(flat(reading.token), style="bold"),
        Text(flat(reading.unit)),
        Text(_outcome(reading), style=OUTCOME_STYLE.get(reading.outcome, "")),
        Text(flat(reading.rule)),
        Text(flat(known_text(reading))),
    )


def explain_to_table(
    records: Iterable[BriefRecord], detector: Detector, advance: Callable[[], None]
) -> None:
    """One row per number, printed a chunk at a time; a count of outcomes at the end."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    table, rows, header = _table(True), 0, True
    briefs, outcomes = 0, dict.fromkeys(("flag", "cited", "no statement"), 0)
    for record in records:
        shown_id = visible(record.id)
        briefs += 1
        for reading in readings_of(detector, record):
            table.add_row(*_cells(shown_id, reading))
            outcomes[reading.outcome] = outcomes.get(reading.outcome, 0) + 1
            rows += 1
        advance()
        if rows >= TABLE_CHUNK:
            console.print(table)
            table, rows, header = _table(False), 0, False
    if rows or header:
        console.print(table)
    counts = ", ".join(f"{n:,} {outcome}" for outcome, n in outcomes.items())
    numbers = counted(sum(outcomes.values()), "number")
    console.print(Text(f"{counted(briefs, 'brief')}, {numbers}: {counts}"))
