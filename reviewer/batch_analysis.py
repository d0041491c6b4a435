"""Run a detector over batches of briefs, in worker processes when the work is large.

The writer (one process, SQLite) and the detector (pure Python, CPU-bound) overlap:
the caller submits batch k+1 before it stores batch k.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from db.views import pool_from_json
from db.writes import Scan
from reviewer.grounding.registry import analyze

Item = tuple[int, str, str]  # (brief pk, text, pool as stored JSON)
CHUNK = 200  # briefs per task sent to a worker

_WORKER_DETECTOR: list[Any] = []


def analyze_items(detector: Any, items: Sequence[Item]) -> list[Scan]:
    """One detector pass per brief: its checkable count and flags."""
    scans = []
    for brief_pk, text, knowns in items:
        analysis = analyze(detector, text, pool_from_json(knowns))
        scans.append(Scan(brief_pk, analysis.checkable, list(analysis.flags)))
    return scans


def _in_worker(items: Sequence[Item]) -> list[Scan]:
    return analyze_items(_WORKER_DETECTOR[0], items)


def default_workers(expected_briefs: int | None) -> int:
    """Worker processes worth starting: none for small jobs, else one per core (max 4)."""
    if expected_briefs is not None and expected_briefs < 5000:
        return 0
    if "fork" not in multiprocessing.get_all_start_methods():
        return 0
    return min(4, os.cpu_count() or 1) if (os.cpu_count() or 1) > 1 else 0


class BatchAnalyzer:
    """`submit(items)` starts a batch and returns a waiter; with workers=0 it runs inline."""

    def __init__(self, detector: Any, workers: int = 0) -> None:
        self.detector = detector
        self.pool: ProcessPoolExecutor | None = None
        if workers > 0:
            # fork copies the loaded detector (built-in or plugin) into the workers
            _WORKER_DETECTOR[:] = [detector]
            ctx = multiprocessing.get_context("fork")
            self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
            # start the workers now, before any progress-bar thread exists to be forked
            for future in [self.pool.submit(_in_worker, []) for _ in range(workers)]:
                future.result()

    def submit(self, items: Sequence[Item]) -> Callable[[], list[Scan]]:
        """Start analysing a batch; the returned callable waits for its scans, in order."""
        if self.pool is None:
            scans = analyze_items(self.detector, items)
            return lambda: scans
        # small chunks keep every worker busy even for the last batch
        futures = [
            self.pool.submit(_in_worker, list(items[at : at + CHUNK]))
            for at in range(0, len(items), CHUNK)
        ]
        return lambda: [scan for future in futures for scan in future.result()]

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None

    def __enter__(self) -> BatchAnalyzer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
