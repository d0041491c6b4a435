"""The scan as a plain function over a batch of briefs, for engines that run Python
functions over partitions of a dataset (Dask, Ray, Spark): no database, no UI.

    from reviewer import scan_batch
    scan_batch([{"id": "b1", "text": "HR 55 bpm", "pool": [...]}], detector="reference")

returns the records `reviewer scan --format jsonl` writes for the same briefs, in order.
A detector given by its spec is loaded once per process and kept.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from reviewer.checks.registry import load_detector
from reviewer.commands.scan_lines import brief_line
from reviewer.grounding.config import DetectorConfig, load_config
from reviewer.grounding.types import Detector
from reviewer.pipeline.reader import read_brief

Record = bytes | str | Mapping[str, Any]  # a JSON line of a briefs file, or its object
_LOADED: dict[tuple[str, str | None], Detector] = {}


def scan_batch(
    records: Iterable[Record],
    detector: str | Detector = "default",
    config: str | DetectorConfig | None = None,
    *,
    lines: bool = False,
    where: str = "batch",
) -> list[Any]:
    """One record per brief, as `reviewer scan --format jsonl` writes it: `{"id",
    "invention_rate", "flags"}` (with `lines`, the JSON text of each, byte for byte the
    scan's line without its newline). A bad brief raises InputError (`where:N: problem`,
    N counting the batch's records from 1); a detector's fault raises DetectorFault naming
    the brief."""
    found = _detector(detector, config)
    made: list[Any] = []
    for number, record in enumerate(records, 1):
        brief = read_brief(record, where, number)
        if brief is None:
            continue
        line = brief_line(found, brief.id, brief.text, brief.pool)
        made.append(line if lines else json.loads(line))
    return made


def _detector(detector: str | Detector, config: str | DetectorConfig | None) -> Detector:
    if not isinstance(detector, str):
        return detector
    if isinstance(config, DetectorConfig):
        return load_detector(detector, config)
    key = (detector, config)
    if key not in _LOADED:
        _LOADED[key] = load_detector(detector, load_config(config) if config else None)
    return _LOADED[key]
