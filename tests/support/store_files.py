"""Small input files and row counts for the ingest / flag / stats command tests."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "rhr_baseline", "value": 55, "unit": "bpm"},
    {"name": "tsb", "value": -22.4, "unit": "none"},
    {"name": "distance", "value": 5.0, "unit": "mi"},
]
TEXTS = {
    "d1": "Resting HR 55 bpm sits near your 52 bpm norm; TSB is +22.4 after the rest day.",
    "d2": "You covered 5.4 mi at 8:30/mi, then 4-5 mi easy on the 14-day plan.",
    "d3": "Form \u22122.4 is fine; HR 53 bpm.",
    "d4": "Easy 5.00 mi and an rhr of 52 bpm: steady.",
    "d5": "HR 57 bpm vs a 53 bpm baseline, 5.3 mi done, TSB 21.9 and rhr 50 bpm.",
}
TABLES = ("pool", "brief", "detectorrun", "briefscan", "claim", "flagrecord", "label", "labelstate")


def brief_line(brief_id: str, text: str, pool: list | None = None, **extra: object) -> str:
    return json.dumps(
        {"id": brief_id, "text": text, "pool": POOL if pool is None else pool, **extra}
    )


def write_briefs(path: Path, lines: list[str] | None = None) -> Path:
    if lines is None:
        lines = [brief_line(i, t) for i, t in TEXTS.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def row_counts(db_path: Path) -> dict[str, int]:
    with sqlite3.connect(db_path) as conn:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
