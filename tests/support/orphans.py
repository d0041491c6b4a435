"""Kill a parent process that holds worker processes, and see whether the workers end too.

`parent` is the source of a Python script that prints its workers' pids on its first line
and then keeps them busy (or idle) until it is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state, parent, ...), or None
    when the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None


def alive(pid: int) -> bool:
    """A process that exists and is not a zombie waiting for its reaper."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def living_children(parent: int) -> set[int]:
    """The processes alive (not zombies) whose parent is `parent`."""
    found = set()
    for entry in os.listdir("/proc"):
        fields = _stat(int(entry)) if entry.isdigit() else None
        if fields is not None and fields[0] != "Z" and fields[1] == str(parent):
            found.add(int(entry))
    return found


def workers_left_after_killing(parent: str, sig: signal.Signals, *, busy: float = 0.0) -> list[int]:
    """Start `parent`, read its two workers' pids, wait `busy` seconds, send it `sig`, and
    return the workers still alive ten seconds after it ended (none, when they end with it).
    Whatever happens, no process is left behind."""
    process = subprocess.Popen(
        [sys.executable, "-c", parent],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    workers: list[int] = []
    try:
        assert process.stdout is not None
        workers = [int(pid) for pid in process.stdout.readline().split()]
        assert len(workers) == 2 and all(map(alive, workers)), "the workers did not start"
        time.sleep(busy)
        process.send_signal(sig)
        process.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(map(alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        return list(filter(alive, workers))
    finally:
        process.kill()
        process.wait()
        for pid in filter(alive, workers):  # never leave one behind, even when failing
            os.kill(pid, signal.SIGKILL)
