"""Run a detector over batches of briefs, in worker processes when the work is large.

The writer (one process, SQLite) and the detector (pure Python, CPU-bound) overlap: the
caller submits batches and stores each one's scans once they are back. What crosses the
process boundary is plain: text and the pool as JSON in, tuples of flag fields out.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import msgspec

from db.writes import ScanRow, flag_row
from reviewer.grounding.registry import analyze
from reviewer.grounding.types import Known

Item = tuple[int, str, str | bytes]
"""(brief pk, text, pool): the pool as stored (a JSON list of [name, value, unit]) or as
msgspec JSON bytes of `Known` objects (what ingest sends: cheaper to decode)."""
CHUNK = 200  # briefs per task sent to a worker

_WORKER_DETECTOR: list[Any] = []
_POOL_OBJECTS = msgspec.json.Decoder(list[Known])
_POOL_ROWS = msgspec.json.Decoder(list[tuple[str, float, str]])


def encode_pool(pool: Sequence[Known]) -> bytes:
    """A pool as JSON bytes of `Known` objects, the fastest form for a worker to read back."""
    return msgspec.json.encode(pool)


def decode_pool(data: str | bytes) -> tuple[Known, ...]:
    """The pool of an Item: bytes from `encode_pool`, or the stored JSON text."""
    if isinstance(data, bytes):
        return tuple(_POOL_OBJECTS.decode(data))
    return tuple(Known(name, value, unit) for name, value, unit in _POOL_ROWS.decode(data))


def analyze_items(detector: Any, items: Sequence[Item]) -> list[ScanRow]:
    """One detector pass per brief: (brief pk, checkable count, flags as stored tuples)."""
    scans = []
    for brief_pk, text, pool in items:
        analysis = analyze(detector, text, decode_pool(pool))
        scans.append((brief_pk, analysis.checkable, [flag_row(f) for f in analysis.flags]))
    return scans


def _in_worker(items: Sequence[Item]) -> list[ScanRow]:
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

    def submit(self, items: Sequence[Item]) -> Waiter:
        """Start analysing a batch; the returned waiter gives its scans, in order."""
        if self.pool is None:
            scans = analyze_items(self.detector, items)
            return Waiter(lambda: scans, lambda: True)
        # small chunks keep every worker busy even for the last batch
        futures = [
            self.pool.submit(_in_worker, list(items[at : at + CHUNK]))
            for at in range(0, len(items), CHUNK)
        ]
        return Waiter(
            lambda: [scan for future in futures for scan in future.result()],
            lambda: all(future.done() for future in futures),
        )

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None

    def __enter__(self) -> BatchAnalyzer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Waiter:
    """A submitted batch: call it for the scans (waiting if need be); `done()` never waits."""

    def __init__(self, result: Callable[[], list[ScanRow]], done: Callable[[], bool]) -> None:
        self._result = result
        self.done = done

    def __call__(self) -> list[ScanRow]:
        return self._result()
