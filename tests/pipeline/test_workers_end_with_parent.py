"""Detector workers end with their parent, however the parent ends (kill -9 included)."""

from __future__ import annotations

import signal
import textwrap
from pathlib import Path

import pytest

from tests.support.orphans import workers_left_after_killing

PARENT = textwrap.dedent(
    """
    import sys, time
    from reviewer.pipeline.workers import BatchAnalyzer
    from reviewer.checks.registry import load_detector

    analyzer = BatchAnalyzer(load_detector("default"), workers=2)
    print(" ".join(str(pid) for pid in analyzer.pool._processes), flush=True)
    time.sleep(600)
    """
)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads process states from /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed(sig: signal.Signals) -> None:
    assert workers_left_after_killing(PARENT, sig) == [], "a worker outlived its parent"
