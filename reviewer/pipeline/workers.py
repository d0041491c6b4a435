"""Run a detector over batches of briefs, in worker processes when the work is large.

The writer (one process, SQLite) and the detector (pure Python, CPU-bound) overlap: the
caller submits batches and stores each one's scans once they are back. What crosses the
process boundary is plain: text and the pool as JSON in, tuples of flag fields out.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from itertools import chain, islice
from typing import IO, Any

from db import writes
from db.writes import FlagChunks, ScanRow, flag_row
from reviewer.arms import Citer, cites_as_it_reads
from reviewer.checks.registry import DetectorFault, load_detector, stream
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.types import Detector, Flag
from reviewer.jsonlimits import finite
from reviewer.pipeline.parallel import ForkedWorkers, decode_pool

Item = tuple[Any, str, str | bytes]
"""(key, text, pool): the key comes back in the scan (a brief pk, or a brief id while the
brief is not stored yet); the pool as stored (a JSON list of [name, value, unit]), or as
msgspec JSON bytes of `Known` objects."""
CHUNK = 200  # briefs per task sent to a worker
BIG_TEXT = 1_000_000  # characters from which a brief's flags stream to the database
Work = Callable[[Detector, Sequence[Item]], list[Any]]
"""What a worker does with a chunk of items: `analyze_items`, `cite_items` or both at
once (`cited_items`)."""

_WORKER_DETECTOR: list[Any] = []
_CITER: list[tuple[Detector, Citer]] = []  # the run's detector, and its citer


def analyze_items(detector: Detector, items: Sequence[Item]) -> list[ScanRow]:
    """One detector pass per brief: (key, checkable count, flags as stored tuples). A brief
    of BIG_TEXT characters or more gets its flags as chunks of rows made as they are
    taken (never all at once): such a scan stays in this process. A flag whose numbers
    are not all finite is not stored (see `storable`)."""
    scans: list[ScanRow] = []
    for key, text, pool in items:
        try:
            checkable, flags = stream(detector, text, decode_pool(pool))
            if len(text) >= BIG_TEXT:
                scans.append((key, checkable, _chunks(flags, key)))
            else:
                scans.append((key, checkable, [flag_row(f) for f in flags if storable(f)]))
        except DetectorFault as fault:
            raise fault.on(key) from None  # a brief id, or a stored brief's key
    return scans


def flag_count(flags: list[Any] | FlagChunks) -> int:
    """How many flags a scan of `analyze_items` holds (a list, or chunks of rows)."""
    return len(flags) if isinstance(flags, Sequence) else sum(map(len, flags))


def row_spans(flags: list[Any] | FlagChunks) -> list[tuple[int, int, str]]:
    """(start, end, basis) of each flag row of a scan of `analyze_items` (as
    `reviewer.arms.flag_spans` gives them of flags)."""
    rows = flags if isinstance(flags, Sequence) else chain.from_iterable(flags)
    return [(row[0], row[1], row[10]) for row in rows]


def citer_for(detector: Detector) -> Citer:
    """What finds the faithful citations the rewrite arms replace: the default detector,
    with the run's config when the run's detector has one (kept for the next call)."""
    if _CITER and _CITER[0][0] is detector:
        return _CITER[0][1]
    config = getattr(detector, "config", None)
    citer = load_detector("default", config if isinstance(config, DetectorConfig) else None)
    _CITER[:] = [(detector, citer)]
    return citer


def cites_itself(detector: Detector) -> bool:
    """Whether `detector` is its own citer (`reviewer.arms.cites_as_it_reads`): one pass
    of a brief then gives its flags and the citations the rewrite arms replace."""
    return cites_as_it_reads(detector, citer_for(detector))


def _citation_rows(cited: Iterable[Any]) -> list[tuple[int, int, str, float]]:
    """Citations as they cross from a worker: (start, end, token, value)."""
    return [(c.start, c.end, c.token, c.value) for c in cited]


def cite_items(detector: Detector, items: Sequence[Item]) -> list[tuple[Any, list[Any]]]:
    """(key, its faithful citations as (start, end, token, value)) of each item, in order,
    found by `citer_for(detector)`."""
    citer = citer_for(detector)
    return [(key, _citation_rows(citer.citations(text, decode_pool(pool))))
            for key, text, pool in items]  # fmt: skip


def cited_items(detector: Detector, items: Sequence[Item]) -> list[tuple[Any, ...]]:
    """`analyze_items` and `cite_items` of each item in one pass, where the detector is
    its own citer (`cites_itself`): (key, checkable count, flag rows, citations as
    `cite_items` gives them). A brief of BIG_TEXT characters or more is read twice, as
    before, so that its flags still stream."""
    found: list[tuple[Any, ...]] = []
    for key, text, pool in items:
        if len(text) >= BIG_TEXT:
            ((_, checkable, flags),) = analyze_items(detector, [(key, text, pool)])
            ((_, cited),) = cite_items(detector, [(key, text, pool)])
        else:
            checkable, made, citations = detector.cited(text, decode_pool(pool))  # type: ignore[attr-defined]
            flags = [flag_row(f) for f in made if storable(f)]
            cited = _citation_rows(citations)
        found.append((key, checkable, flags, cited))
    return found


def storable(flag: Flag) -> bool:
    """Whether a flag's numbers are all finite. A built-in detector's delta overflows only
    for a number in prose near the float maximum against a known value of the other sign,
    with a band set to 1 or more (known values stay below KNOWN_LIMIT): two numbers too
    far apart to compare, left out as an unrelated number is (it stays checkable)."""
    return finite(flag.value, flag.nearest_value, flag.delta)


def _chunks(flags: Iterator[Flag], key: Any) -> FlagChunks:
    """A brief's flags as rows, BIG_BRIEF at a time, made as they are taken."""
    rows, size = map(flag_row, filter(storable, flags)), writes.BIG_BRIEF
    try:
        while chunk := list(islice(rows, size)):
            yield chunk
    except DetectorFault as fault:
        raise fault.on(key) from None


def streams(items: Sequence[Item]) -> bool:
    """Whether a batch holds a brief whose flags are streamed (see analyze_items)."""
    return any(len(text) >= BIG_TEXT for _, text, _ in items)


def _in_worker(work: Work, items: Sequence[Item]) -> list[Any]:
    return work(_WORKER_DETECTOR[0], items)


PROSE_WORKERS_FROM = 200  # briefs from which a detector that reads prose gets workers
QUICK_WORKERS_FROM = 5000  # and one that does not


def default_workers(expected_briefs: int | None, detector: Detector | None = None) -> int:
    """Worker processes worth starting for a run of `detector` over `expected_briefs`.

    A detector that reads the prose around each number (`reads_prose`, the default: some
    3 ms a brief) keeps a worker busy from a few hundred briefs on: a run also reads its
    arms' texts, about eight passes a brief for the first ARM_SAMPLE. The process that
    reads, checks and writes then mostly waits on the workers, so it gets one per core
    (max 4). A quick detector (reference) reads a brief in about the time the brief takes
    to store: none for small jobs, else one per core but one (max 4); with a worker on
    every core the writing process gets only its equal share and the workers wait on it
    (on a shared 2-core machine one worker was the steadier: 3,500-3,800 briefs/s against
    2,100-4,000 with two)."""
    prose = bool(getattr(detector, "reads_prose", False))
    start = PROSE_WORKERS_FROM if prose else QUICK_WORKERS_FROM
    if expected_briefs is not None and expected_briefs < start:
        return 0
    if "fork" not in multiprocessing.get_all_start_methods():
        return 0
    return max(0, min(4, (os.cpu_count() or 1) - (0 if prose else 1)))


class BatchAnalyzer(ForkedWorkers):
    """`submit(items)` starts a batch and returns a waiter; with workers=0 it runs inline."""

    def __init__(self, detector: Detector, workers: int = 0, citer: Citer | None = None) -> None:
        self.detector = detector
        if citer is not None:  # what finds the rewrite arms' citations, when the caller says
            _CITER[:] = [(detector, citer)]
        if workers > 0:
            # fork copies the loaded detector (built-in or plugin) into the workers
            _WORKER_DETECTOR[:] = [detector]
            citer_for(detector)  # loaded once here, so every worker has it for the arms
            pool = self.fork(workers)
            # start the workers now, before any progress-bar thread exists to be forked
            for future in [pool.submit(_in_worker, analyze_items, []) for _ in range(workers)]:
                future.result()

    def submit(
        self, items: Sequence[Item], work: Work = analyze_items, chunk: int | None = None
    ) -> Waiter:
        """Start analysing a batch (or finding its citations: `work`), `chunk` briefs a
        task (CHUNK when not given); the returned waiter gives its scans, in order."""
        if self.pool is None:
            scans = work(self.detector, items)
            return Waiter(lambda: scans, lambda: True, streams(items))
        # small chunks keep every worker busy even for the last batch; a brief whose flags
        # stream is a chunk of its own, analysed here
        chunks: list[list[Item]] = []
        size = chunk or CHUNK
        alone = False  # the last chunk is a brief whose flags stream: nothing joins it
        for item in items:
            big = len(item[1]) >= BIG_TEXT
            if big or alone or not chunks or len(chunks[-1]) >= size:
                chunks.append([])
            chunks[-1].append(item)
            alone = big
        pool = self.pool
        futures: list[Future | None] = [
            None if streams(chunk) else pool.submit(_in_worker, work, chunk) for chunk in chunks
        ]

        def result() -> list[Any]:
            # rather than sit idle, this process runs the chunks no worker has started yet,
            # the last first, while the workers go on from the first: both cores detect
            helped: dict[int, list[Any]] = {}
            for index in reversed(range(len(futures))):
                future = futures[index]
                if future is None or future.cancel():
                    helped[index] = work(self.detector, chunks[index])
            return [
                scan
                for index, future in enumerate(futures)
                for scan in (helped[index] if index in helped else future.result())  # type: ignore[union-attr]
            ]

        def done() -> bool:
            return all(future.done() for future in futures if future is not None)

        return Waiter(result, done, any(future is None for future in futures))


class Waiter:
    """A submitted batch: call it for the scans (waiting if need be); `done()` never waits.
    `streams`: some of its scans stream their flags, so they cannot be spilled to a file."""

    def __init__(
        self, result: Callable[[], list[ScanRow]], done: Callable[[], bool], streams: bool
    ) -> None:
        self._result = result
        self.done = done
        self.streams = streams

    def __call__(self) -> list[ScanRow]:
        return self._result()


Batch = Sequence[Item] | Callable[[], Sequence[Item]]  # the items, or how to read them back


class OrderedScans:
    """Batches through the detector, their scans handed back in the order they were queued.

    The caller may queue batches long before it can store their scans (ingest checks a
    whole file before writing any of it). At most `in_flight` batches are out at the
    workers; a batch queued as a callable is read only when it is sent, and scans that are
    back before they are wanted wait in a temporary file: memory stays flat either way.
    """

    def __init__(self, analyzer: BatchAnalyzer, in_flight: int = 3) -> None:
        self.analyzer = analyzer
        self.in_flight = in_flight
        # briefs still to be read with their faithful citations (`cited_items`): a run
        # asks for its first ARM_SAMPLE, the briefs its rewrite arms are written from
        self.cite = 0
        self.queued: deque[Batch] = deque()
        self.pending: deque[Waiter] = deque()
        self.spill: IO[bytes] | None = None
        self.spilled: deque[tuple[int, int]] = deque()  # (offset, length) in the spill
        self.spill_end = 0

    def __len__(self) -> int:
        """Batches queued whose scans have not been taken yet."""
        return len(self.spilled) + len(self.pending) + len(self.queued)

    def has_room(self) -> bool:
        return not self.queued and len(self.pending) < self.in_flight

    def queue(self, batch: Batch) -> None:
        self.queued.append(batch)
        self.pump()

    def pump(self, *, spill: bool = False) -> None:
        """Send queued batches while there is room; with `spill`, first move the scans that
        are back to the spill file, which makes room."""
        while True:
            while spill and self.pending and self.pending[0].done() and not self.pending[0].streams:
                self._spill(self.pending.popleft()())
            if not self.queued or len(self.pending) >= self.in_flight:
                return
            batch = self.queued.popleft()
            items = batch() if callable(batch) else batch
            work = analyze_items
            if self.cite > 0:
                work, self.cite = cited_items, self.cite - len(items)
            self.pending.append(self.analyzer.submit(items, work))

    def take(self, *, wait: bool) -> list[ScanRow] | None:
        """The scans of the oldest batch not taken yet; None when they are not back and
        `wait` is false (or when nothing is queued)."""
        if self.spilled:
            return self._unspill()
        if not self.pending:
            self.pump()
        if self.pending and (wait or self.pending[0].done()):
            scans = self.pending.popleft()()
            self.pump()
            return scans
        return None

    def close(self) -> None:
        """Forget everything queued (a refused file): nothing of it is stored."""
        self.queued.clear()
        self.pending.clear()
        self.spilled.clear()
        self.spill_end = 0
        if self.spill is not None:
            self.spill.close()
            self.spill = None

    def _spill(self, scans: list[ScanRow]) -> None:
        if self.spill is None:
            self.spill = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        data = pickle.dumps(scans, protocol=pickle.HIGHEST_PROTOCOL)
        os.pwrite(self.spill.fileno(), data, self.spill_end)
        self.spilled.append((self.spill_end, len(data)))
        self.spill_end += len(data)

    def _unspill(self) -> list[ScanRow]:
        assert self.spill is not None
        offset, length = self.spilled.popleft()
        return pickle.loads(read_at(self.spill, offset, length))


def read_at(file: IO[bytes], offset: int, length: int) -> bytes:
    """`length` bytes of a file from `offset`, without moving its position."""
    parts = []
    while length > 0:
        part = os.pread(file.fileno(), length, offset)
        if not part:
            raise EOFError(f"spool ends {length} bytes early")
        parts.append(part)
        offset += len(part)
        length -= len(part)
    return b"".join(parts)
