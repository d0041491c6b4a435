"""`OrderedMap`: spans computed on forked workers and this process come back in order,
a failure comes back at its span's turn, and the workers end with the map or its parent."""

from __future__ import annotations

import os
import signal
import textwrap
import time
from fractions import Fraction
from pathlib import Path

import pytest

from reviewer.pipeline.parallel import OrderedMap
from tests.support.orphans import alive, workers_left_after_killing

SPANS = [(i * 10, i * 10 + 10, i + 1) for i in range(300)]


def _slow_sum(state: int, span: tuple[int, int, int]) -> tuple[int, int]:
    time.sleep(0.0005)  # long enough that every process gets some spans
    return sum(span) + state, os.getpid()


def _breaks_at(state: int, span: tuple[int, int, int]) -> int:
    if span[2] == state:
        raise ValueError(f"span {span} is bad")
    return span[2]


def _fraction(state: int, span: tuple[int, int, int]) -> Fraction:
    time.sleep(0.0005)
    return Fraction(span[2], state)


@pytest.mark.parametrize("workers", [0, 1, 3])
def test_results_come_in_span_order_from_every_process(workers: int) -> None:
    with OrderedMap(_slow_sum, 7, workers) as parts:
        results = list(parts.map(SPANS))
    assert [value for value, _ in results] == [sum(span) + 7 for span in SPANS]
    pids = {pid for _, pid in results}
    if workers:
        assert len(pids) > 1  # the workers computed some of them
    else:
        assert pids == {os.getpid()}


def test_a_failure_is_raised_at_its_turn_after_every_result_before_it() -> None:
    for bad in (1, 150, 300):  # whichever process computes it
        seen = []
        with OrderedMap(_breaks_at, bad, 2) as parts, pytest.raises(ValueError) as raised:
            for value in parts.map(SPANS):
                seen.append(value)
        assert seen == list(range(1, bad))
        assert str(raised.value) == f"span {SPANS[bad - 1]} is bad"


def test_a_result_marshal_cannot_write_crosses_by_pickle() -> None:
    with OrderedMap(_fraction, 3, 2) as parts:
        assert list(parts.map(SPANS)) == [Fraction(span[2], 3) for span in SPANS]


def test_the_workers_are_reaped_when_the_map_closes_early() -> None:
    parts = OrderedMap(_slow_sum, 0, 2)
    pids = [worker.pid for worker in parts.workers]
    assert len(pids) == 2 and all(map(alive, pids))
    results = parts.map(SPANS)
    next(results)  # spans are still out at the workers
    parts.close()
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # already reaped: no zombie left behind


PARENT = textwrap.dedent(
    """
    import time
    from reviewer.pipeline.parallel import OrderedMap

    def slow(state, span):
        time.sleep(0.01)
        return span[0]

    parts = OrderedMap(slow, None, 2)
    print(" ".join(str(worker.pid) for worker in parts.workers), flush=True)
    for _ in parts.map((i, i, i) for i in range(10**6)):
        pass
    """
)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed_mid_map(sig: signal.Signals) -> None:
    left = workers_left_after_killing(PARENT, sig, busy=0.2)  # busy with spans
    assert left == [], "a worker outlived its parent"
