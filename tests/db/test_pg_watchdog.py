"""The suite's throwaway PostgreSQL server never outlives the process that started it:
killing that process (as a killed pytest is) stops the server and deletes its folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tests.support.pg_server import ENV, _stop, server_programs

ROOT = Path(__file__).parents[2]
STARTER = """
import sys, time
from tests.support.pg_server import start
cluster = start()
print(cluster.folder, cluster.url, cluster.watchdog.pid, flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def gone_within(seconds: float, *paths_or_pids: Path | int) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(p.exists() if isinstance(p, Path) else alive(p) for p in paths_or_pids):
            return True
        time.sleep(0.1)
    return False


def test_killing_the_starter_stops_its_server_and_deletes_its_folder():
    if server_programs() is None:
        if os.environ.get("CI"):
            pytest.fail("CI installs PostgreSQL's server programs")
        pytest.skip("PostgreSQL's server programs are not installed")
    env = {k: v for k, v in os.environ.items() if k not in (ENV, "PYTEST_XDIST_WORKER")}
    starter = subprocess.Popen(
        [sys.executable, "-c", STARTER], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    line = starter.stdout.readline().split() if starter.stdout else []
    assert len(line) == 3, "the cluster did not start"
    folder, url, watchdog = Path(line[0]), line[1], int(line[2])
    try:
        postmaster = int((folder / "data" / "postmaster.pid").read_text().split()[0])
        engine = create_engine(url)
        with engine.connect() as connection:  # a real server, answering
            assert connection.scalar(text("SELECT 1")) == 1
        engine.dispose()

        starter.send_signal(signal.SIGKILL)  # no clean-up of its own runs
        starter.wait(timeout=10)
        assert gone_within(30, postmaster, folder, watchdog), "the server outlived its starter"
    finally:
        starter.kill()
        if folder.exists():  # the watchdog failed: do its work, so nothing is left running
            _stop(server_programs(), folder, os.geteuid() == 0)  # type: ignore[arg-type]
