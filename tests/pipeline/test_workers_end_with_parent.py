"""Detector workers end with their parent, however the parent ends (kill -9 included)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

PARENT = textwrap.dedent(
    """
    import sys, time
    from reviewer.pipeline.workers import BatchAnalyzer
    from reviewer.grounding.registry import load_detector

    analyzer = BatchAnalyzer(load_detector("default"), workers=2)
    print(" ".join(str(pid) for pid in analyzer.pool._processes), flush=True)
    time.sleep(600)
    """
)


def _alive(pid: int) -> bool:
    """A process that exists and is not a zombie waiting for its reaper."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed(tmp_path, sig):
    root = Path(__file__).resolve().parents[2]
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT],
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    workers: list[int] = []
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(map(_alive, workers))
        parent.send_signal(sig)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, workers)), "a worker outlived its parent"
    finally:
        parent.kill()
        parent.wait()
        for pid in filter(_alive, workers):  # never leave one behind, even when failing
            os.kill(pid, signal.SIGKILL)
