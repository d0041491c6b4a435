"""A throwaway PostgreSQL server for the suite, so one test command covers both backends.

When $REVIEWER_TEST_PG_URL is unset and PostgreSQL's server programs are installed, the
controlling pytest process starts a cluster in a private folder (listening only on a Unix
socket there, durability off), points the variable at it before any xdist worker starts
(workers inherit it), and stops and deletes it at the end. initdb refuses to run as root,
so under root the cluster belongs to the `postgres` user. Without the programs the
PostgreSQL cases skip (and fail under CI, which installs them).
"""

from __future__ import annotations

import contextlib
import glob
import os
import random
import shlex
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

ENV = "REVIEWER_TEST_PG_URL"


@dataclass
class Cluster:
    bin: Path
    folder: Path
    as_postgres: bool

    def run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(command)]
        subprocess.run(command, check=True, stdin=subprocess.DEVNULL, capture_output=True)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, OSError):
            self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def server_programs() -> Path | None:
    """The newest installed PostgreSQL bin folder with initdb, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: [int(x) for x in Path(p).parent.parent.name.split(".") if x.isdigit()],
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def start() -> Cluster | None:
    """Start a cluster and set $REVIEWER_TEST_PG_URL, or None when there is nothing to do."""
    if os.environ.get(ENV) or os.environ.get("PYTEST_XDIST_WORKER"):
        return None
    programs = server_programs()
    if programs is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="reviewer-pg-"))
    as_postgres = os.geteuid() == 0
    if as_postgres:
        shutil.chown(folder, user="postgres")
    cluster = Cluster(programs, folder, as_postgres)
    port = random.randint(20000, 39999)
    options = (
        f"-k {folder} -p {port} -c listen_addresses='' -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
    )
    data, log = str(folder / "data"), str(folder / "log")
    try:
        cluster.run("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "-N")
        cluster.run("pg_ctl", "-D", data, "-l", log, "-w", "-o", options, "start")
    except (subprocess.CalledProcessError, OSError):
        cluster.stop()
        return None
    os.environ[ENV] = f"postgresql+psycopg://postgres@/postgres?host={folder}&port={port}"
    return cluster
