"""A throwaway PostgreSQL server for the suite, so one test command covers both backends.

When $REVIEWER_TEST_PG_URL is unset and PostgreSQL's server programs are installed, the
controlling pytest process starts a cluster in a private folder (listening only on a Unix
socket there, durability off), points the variable at it before any xdist worker starts
(workers inherit it), and stops and deletes it at the end. initdb refuses to run as root,
so under root the cluster belongs to the `postgres` user. Without the programs the
PostgreSQL cases skip (and fail under CI, which installs them).

A pytest that is killed never reaches its clean-up, so every cluster also has a watchdog:
a small process of its own session that holds the read end of a pipe whose only write end
is the starting process's. When that process ends, however it ends, the kernel closes the
write end, the watchdog reads end-of-file, and stops and deletes the cluster.
`python pg_server.py watch BIN FOLDER AS_POSTGRES` is that watchdog.
"""

from __future__ import annotations

import contextlib
import glob
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ENV = "REVIEWER_TEST_PG_URL"
OPTIONS = "-c listen_addresses='' -c max_connections=100"
# the suite's server: fast, and a crash of the machine may lose it (nobody cares); a test
# that crashes the server itself needs every acknowledged commit kept (durable=True)
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


@dataclass
class Cluster:
    bin: Path
    folder: Path
    as_postgres: bool
    port: int = 0
    durable: bool = False
    watchdog: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _lifeline: int | None = field(default=None, repr=False)  # the pipe's write end

    @property
    def data(self) -> str:
        return str(self.folder / "data")

    @property
    def log(self) -> Path:
        return self.folder / "log"

    @property
    def url(self) -> str:
        """The maintenance database, as SQLAlchemy names it."""
        return f"postgresql+psycopg://postgres@/postgres?host={self.folder}&port={self.port}"

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(command)]
        return subprocess.run(
            command, check=check, stdin=subprocess.DEVNULL, capture_output=True
        )  # fmt: skip

    def pg_ctl(self, action: str, *args: str) -> None:
        """pg_ctl on this cluster's data folder, waiting for it: start, stop, restart."""
        options = f"-k {self.folder} -p {self.port} {OPTIONS}"
        if not self.durable:
            options += f" {FAST}"
        more = ["-l", str(self.log), "-o", options] if action in ("start", "restart") else []
        self.run("pg_ctl", "-D", self.data, "-w", *more, *args, action)

    def stop(self) -> None:
        """Stop the server, delete its folder, and let the watchdog go."""
        _stop(self.bin, self.folder, self.as_postgres)
        if self._lifeline is not None:
            os.close(self._lifeline)  # the watchdog reads end-of-file and finds nothing left
            self._lifeline = None
        if self.watchdog is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.watchdog.wait(timeout=30)


def _stop(bin: Path, folder: Path, as_postgres: bool) -> None:
    with contextlib.suppress(subprocess.CalledProcessError, OSError):
        if (folder / "data" / "postmaster.pid").exists():
            Cluster(bin, folder, as_postgres).run(
                "pg_ctl", "-D", str(folder / "data"), "-m", "immediate", "-w", "stop"
            )
    shutil.rmtree(folder, ignore_errors=True)


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


def new_cluster(*, durable: bool = False) -> Cluster | None:
    """A running cluster of its own, watched (see the module docstring); None without the
    server programs or when the server would not start."""
    programs = server_programs()
    if programs is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="reviewer-pg-"))
    as_postgres = os.geteuid() == 0
    if as_postgres:
        shutil.chown(folder, user="postgres")
    port = random.randint(20000, 39999)
    cluster = Cluster(programs, folder, as_postgres, port=port, durable=durable)
    _watch(cluster)
    try:
        cluster.run("initdb", "-D", cluster.data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                    "-N")  # fmt: skip
        cluster.pg_ctl("start")
    except (subprocess.CalledProcessError, OSError):
        cluster.stop()
        return None
    return cluster


def _watch(cluster: Cluster) -> None:
    """Start the cluster's watchdog before the server exists, so there is never a moment
    when a server runs unwatched."""
    read_end, write_end = os.pipe()  # both close-on-exec: no other child inherits them
    try:
        cluster.watchdog = subprocess.Popen(
            [sys.executable, __file__, "watch", str(cluster.bin), str(cluster.folder),
             str(int(cluster.as_postgres))],
            stdin=read_end, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,  # a Ctrl-C or a killed process group spares it
        )  # fmt: skip
    finally:
        os.close(read_end)
    cluster._lifeline = write_end


def new_database(cluster: Cluster) -> str:
    """A new, empty database on the cluster: its URL."""
    import uuid

    from sqlalchemy import create_engine, make_url

    name = f"reviewer_test_{uuid.uuid4().hex[:12]}"
    server = create_engine(cluster.url, isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    server.dispose()
    return make_url(cluster.url).set(database=name).render_as_string(hide_password=False)


def start() -> Cluster | None:
    """Start a cluster and set $REVIEWER_TEST_PG_URL, or None when there is nothing to do."""
    if os.environ.get(ENV) or os.environ.get("PYTEST_XDIST_WORKER"):
        return None
    cluster = new_cluster()
    if cluster is not None:
        os.environ[ENV] = cluster.url
    return cluster


def watchdog(bin: str, folder: str, as_postgres: str) -> None:
    """Wait for end-of-file on stdin (the starter has ended), then stop the cluster; a
    SIGTERM stops it at once. Terminal signals are not for it: its starter's clean-up or
    death is what ends it."""
    for sig in (signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    finally:
        _stop(Path(bin), Path(folder), as_postgres == "1")


if __name__ == "__main__":
    if sys.argv[1:2] == ["watch"] and len(sys.argv) == 5:
        watchdog(*sys.argv[2:5])


def label_verdicts(url: str) -> list[tuple[int, str]]:
    """(claim id, verdict) of every label in a database, in the order they were made."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT claim_id, verdict FROM label ORDER BY id")).all()
    engine.dispose()
    return [(claim_id, verdict) for claim_id, verdict in rows]
