"""Work on every core: forked workers, what crosses to them, and results in order.

What crosses the process boundary is plain: text, and pools as msgspec JSON bytes. This
module imports neither storage nor UI, so `reviewer scan` starts without them.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Self, TypeVar

import msgspec

from reviewer.grounding.types import Known

S = TypeVar("S")
C = TypeVar("C")
R = TypeVar("R")

_POOL_OBJECTS = msgspec.json.Decoder(list[Known])


class _StoredKnown(msgspec.Struct, array_like=True):
    """One `[name, value, unit]` of a stored pool."""

    name: str
    value: float
    unit: str


_POOL_ROWS = msgspec.json.Decoder(list[_StoredKnown])


def encode_pool(pool: Sequence[Known]) -> bytes:
    """A pool as JSON bytes of `Known` objects."""
    return msgspec.json.encode(pool)


def decode_pool(data: str | bytes) -> tuple[Known, ...]:
    """The pool of an Item: bytes from `encode_pool`, or the stored JSON text (read into
    `Known` objects by msgspec, about twice as fast as building them one by one)."""
    if isinstance(data, bytes):
        return tuple(_POOL_OBJECTS.decode(data))
    rows = _POOL_ROWS.decode(data)
    return tuple(msgspec.convert(rows, list[Known], from_attributes=True))


def end_with_parent(lifeline: int, keep: int) -> None:
    """In a worker: end the moment the parent is gone, however it went (killed by -9 too).

    The parent holds the only write end of the lifeline pipe (each worker closes its copy),
    so a read returns end-of-file exactly when the parent has died."""
    os.close(keep)

    def watch() -> None:
        while True:
            try:
                if not os.read(lifeline, 1):
                    break
            except InterruptedError:
                continue
            except OSError:
                break
        os._exit(1)  # no cleanup: the parent's transaction is rolled back by the database

    threading.Thread(target=watch, name="lifeline", daemon=True).start()


_WORKER_STATE: list[Any] = []


def _call_in_worker(func: Callable[[Any, Any], Any], chunk: Any) -> Any:
    return func(_WORKER_STATE[0], chunk)


class ForkedWorkers:
    """A pool of forked worker processes that end with this one (see `end_with_parent`),
    or none: `fork(n)` starts them; `close()`, or leaving a `with` block, stops them."""

    pool: ProcessPoolExecutor | None = None
    lifeline: tuple[int, int] | None = None

    def fork(self, workers: int) -> ProcessPoolExecutor:
        self.lifeline = os.pipe()
        self.pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("fork"),
            initializer=end_with_parent,
            initargs=self.lifeline,
        )
        return self.pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
        if self.lifeline is not None:
            for end in self.lifeline:
                os.close(end)
            self.lifeline = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class OrderedMap(ForkedWorkers):
    """`map(chunks)` gives `func(state, chunk)` for every chunk, in order, computed on
    `workers` forked processes and this one: while the oldest chunk is still out, this
    process runs the newest one no worker has started. At most a few chunks per worker are
    out at a time, so memory stays flat. `state` (a detector, say) reaches the workers by
    fork, never by pickling; with workers=0 (or no fork) everything runs here.

    The workers are forked when it is made, before any progress-bar thread exists."""

    def __init__(self, func: Callable[[S, C], R], state: S, workers: int) -> None:
        self.func = func
        self.state = state
        self.limit = 2 * workers + 2
        if workers <= 0 or "fork" not in multiprocessing.get_all_start_methods():
            return
        _WORKER_STATE[:] = [state]
        self.fork(workers).submit(int).result()  # forks every worker now

    def map(self, chunks: Iterable[C]) -> Iterator[R]:
        func, state, pool = self.func, self.state, self.pool
        if pool is None:
            for chunk in chunks:
                yield func(state, chunk)
            return
        pending: deque[list[Any]] = deque()  # [future or (result,), chunk], oldest first

        def oldest() -> R:
            head = pending[0][0]
            while isinstance(head, Future) and not head.done():
                for entry in reversed(pending):
                    if isinstance(entry[0], Future) and entry[0].cancel():
                        entry[0] = (func(state, entry[1]),)
                        break
                else:
                    break  # every chunk is at a worker: wait for the oldest
                head = pending[0][0]
            pending.popleft()
            return head.result() if isinstance(head, Future) else head[0]

        for chunk in chunks:
            pending.append([pool.submit(_call_in_worker, func, chunk), chunk])
            if len(pending) > self.limit:
                yield oldest()
        while pending:
            yield oldest()
