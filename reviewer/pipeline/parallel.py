"""Work on every core: forked workers, what crosses to them, and results in order.

What crosses the process boundary is plain: text, and pools as msgspec JSON bytes. This
module imports neither storage nor UI, so `reviewer scan` starts without them.
"""

from __future__ import annotations

import gc
import marshal
import os
import select
import signal
import struct
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Self, TypeVar

import msgspec

from reviewer.grounding.types import Known

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

S = TypeVar("S")
R = TypeVar("R")

_POOL_OBJECTS = msgspec.json.Decoder(list[Known])


class _StoredKnown(msgspec.Struct, array_like=True):
    """One `[name, value, unit]` of a stored pool."""

    name: str
    value: float
    unit: str


_POOL_ROWS = msgspec.json.Decoder(list[_StoredKnown])


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The cycle collector run every 100,000 allocations rather than every 700, for a
    scan, an ingest or a run (and the workers forked meanwhile): they make millions of
    short-lived tuples and strings and no cycles to speak of, and each collection walks
    every object the process holds (6% of a reference scan; 0.25 s of an ingest whose
    pool has 20,000 values)."""
    before = gc.get_threshold()
    gc.set_threshold(100_000, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def encode_pool(pool: Sequence[Known]) -> bytes:
    """A pool as JSON bytes of `Known` objects."""
    return msgspec.json.encode(pool)


def decode_pool(data: str | bytes) -> tuple[Known, ...]:
    """The pool of an Item: bytes from `encode_pool`, or the stored JSON text (read into
    `Known` objects by msgspec, about twice as fast as building them one by one)."""
    if isinstance(data, bytes):
        return _decoded(data)
    rows = _POOL_ROWS.decode(data)
    return tuple(msgspec.convert(rows, list[Known], from_attributes=True))


# the pool decoded last, by its bytes: the arms send one pool with each of their texts, and
# the same tuple again lets the detector find its index by identity (a pool of 20,000 values
# takes 40 ms to decode)
@lru_cache(maxsize=1)
def _decoded(data: bytes) -> tuple[Known, ...]:
    return tuple(_POOL_OBJECTS.decode(data))


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


class ForkedWorkers:
    """A pool of forked worker processes that end with this one (see `end_with_parent`),
    or none: `fork(n)` starts them; `close()`, or leaving a `with` block, stops them."""

    pool: ProcessPoolExecutor | None = None
    lifeline: tuple[int, int] | None = None

    def fork(self, workers: int) -> ProcessPoolExecutor:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

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


class OrderedMap:
    """`map(spans)` gives `func(state, span)` for every span (three ints, as
    reviewer.pipeline.reader.Span), in order, computed on `workers` forked processes and
    this one. `state` (a detector, say) reaches the workers by fork, never by pickling;
    with workers=0 (or no fork) everything runs here.

    The spans wait in one queue, a pipe every process reads: whoever is free takes the
    next, this process included whenever it is between two results, so no process waits
    while another holds work it has not started, and the last spans are shared out as
    the first were. Each result comes back up its worker's own pipe (marshal, or pickle
    for what marshal cannot write, faults included), made large where the system allows
    so a worker seldom waits for this process to read it. At most `limit` spans are out
    at a time, so memory stays flat. No thread, no executor. A worker ends when the queue
    closes: at `close()`, or when this process dies.

    The workers are forked when it is made, before any progress-bar thread exists."""

    def __init__(self, func: Callable[[S, Any], R], state: S, workers: int) -> None:
        self.func = func
        self.state = state
        self.limit = 4 * (max(workers, 0) + 1)  # spans out at a time, results included
        self.workers: list[_Worker] = []
        self.queue: tuple[int, int] | None = None
        if workers <= 0 or not hasattr(os, "fork"):
            return
        self.queue = os.pipe()
        os.set_blocking(self.queue[0], False)  # every reader: taking waits in select
        try:
            for _ in range(workers):
                self.workers.append(_Worker.fork(func, state, self.queue, self.workers))
        except BaseException:
            self.close()
            raise

    def map(self, spans: Iterable[tuple[int, int, int]]) -> Iterator[R]:
        func, state, workers = self.func, self.state, self.workers
        if self.queue is None:
            for span in spans:
                yield func(state, span)
            return
        take, put = self.queue
        done: dict[int, _Result] = {}  # results by the number of their span
        source = iter(spans)
        more = True
        sent = given = 0  # spans put in the queue; results given out
        while True:
            while more and sent - given < self.limit:
                span = next(source, None)
                if span is None:
                    more = False
                    break
                os.write(put, _TASK.pack(sent, *span))
                sent += 1
            for worker in workers:
                worker.take(done)
            while given in done:
                result = done.pop(given)
                given += 1
                yield result.value()
            if given == sent:  # nothing out: more spans, or the end
                if not more:
                    return
                continue
            task = _next_task(take)
            if task is not None:
                number, *span = task
                done[number] = _Result.of(func, state, tuple(span))
                continue
            _wait(workers)  # every span is at a worker: wait for a result

    def close(self) -> None:
        """End the workers and reap them; a worker still busy with a span is stopped."""
        workers, self.workers = self.workers, []
        queue, self.queue = self.queue, None
        if queue is not None:
            os.close(queue[1])  # an idle worker finds the queue ended and exits
        for worker in workers:
            worker.end()
        if queue is not None:
            os.close(queue[0])

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_TASK = struct.Struct("<4q")  # a span's number, then the span; written and read whole
_RESULT = struct.Struct("<BqQ")  # how the payload is written, its span's number, its length
_MARSHAL, _PICKLE, _RAISED = 0, 1, 2
_PIPE_SIZE = 1 << 20  # bytes a result pipe holds (Linux), so workers seldom wait


class _Result:
    """One span's result, or what computing it raised (raised when its turn comes)."""

    __slots__ = ("failure", "result")

    def __init__(self, result: Any = None, failure: BaseException | None = None) -> None:
        self.result = result
        self.failure = failure

    @classmethod
    def of(cls, func: Callable[[Any, Any], Any], state: Any, span: Any) -> _Result:
        try:
            return cls(func(state, span))
        except Exception as error:  # raised again in order, by value()
            return cls(failure=error)

    def value(self) -> Any:
        if self.failure is not None:
            raise self.failure
        return self.result


def _next_task(take: int) -> tuple[int, ...] | None:
    """The next span in the queue, if one is there (another process may take it first)."""
    try:
        data = os.read(take, _TASK.size)
    except BlockingIOError:
        return None
    if not data:
        return None
    if len(data) != _TASK.size:  # writes of a task are whole, and so are reads of one
        raise ChildProcessError(f"a task of {len(data)} bytes read from the work queue")
    return _TASK.unpack(data)


def _message(number: int, value: Any, kind: int = _MARSHAL) -> bytes:
    if kind == _MARSHAL:
        try:
            data = marshal.dumps(value)
        except ValueError:  # an object marshal cannot write
            kind = _PICKLE
    if kind != _MARSHAL:
        import pickle

        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return _RESULT.pack(kind, number, len(data)) + data


def _grow(fd: int) -> None:
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)  # type: ignore[attr-defined]
    except (ImportError, AttributeError, OSError):  # not Linux, or refused: a small pipe
        pass


class _Worker:
    """A forked process computing spans from the queue, and the pipe its results come up."""

    def __init__(self, pid: int, results: int) -> None:
        self.pid = pid
        self.results = results  # read end, non-blocking
        self.received = bytearray()
        self.busy = False  # a result has begun to arrive and is not whole yet

    @classmethod
    def fork(
        cls,
        func: Callable[[Any, Any], Any],
        state: Any,
        queue: tuple[int, int],
        earlier: list[_Worker],
    ) -> _Worker:
        results, write = os.pipe()
        _grow(write)
        pid = os.fork()
        if pid == 0:  # the worker: it never returns, and leaves this process's state alone
            code = 1
            try:
                for fd in (queue[1], results, *(worker.results for worker in earlier)):
                    os.close(fd)
                _serve(func, state, queue[0], write)
                code = 0
            finally:
                os._exit(code)
        os.close(write)
        os.set_blocking(results, False)
        return cls(pid, results)

    def take(self, done: dict[int, _Result]) -> None:
        """Read what has arrived, and put each whole result in `done` by its span's number."""
        received = self.received
        while True:
            try:
                part = os.read(self.results, _PIPE_SIZE)
            except BlockingIOError:
                break
            if not part:
                raise ChildProcessError(f"worker process {self.pid} ended before its results")
            received += part
        head = _RESULT.size
        while len(received) >= head:
            kind, number, size = _RESULT.unpack_from(received)
            if len(received) < head + size:
                break
            data = bytes(received[head : head + size])
            del received[: head + size]
            if kind == _MARSHAL:
                done[number] = _Result(marshal.loads(data))
            else:
                import pickle

                value = pickle.loads(data)
                done[number] = _Result(failure=value) if kind == _RAISED else _Result(value)

    def end(self) -> None:
        with suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGTERM)  # an idle worker is ending anyway
        os.close(self.results)
        os.waitpid(self.pid, 0)


def _wait(workers: list[_Worker]) -> None:
    select.select([worker.results for worker in workers], [], [])


def _serve(func: Callable[[Any, Any], Any], state: Any, take: int, results: int) -> None:
    """A worker's life: take spans from the queue and compute them until the queue ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        select.select([take], [], [])
        try:
            data = os.read(take, _TASK.size)
        except BlockingIOError:  # another process took it
            continue
        if not data:
            return
        number, *span = _TASK.unpack(data)
        try:
            message = _message(number, func(state, tuple(span)))
        except Exception as error:  # raised again where the result is taken
            try:
                message = _message(number, error, _RAISED)
            except Exception:  # an exception pickle cannot write
                failure = RuntimeError(f"{type(error).__name__}: {error}")
                message = _message(number, failure, _RAISED)
        view = memoryview(message)
        try:
            while view:
                view = view[os.write(results, view) :]
        except BrokenPipeError:
            return
