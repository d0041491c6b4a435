"""A real PostgreSQL server restarted with pg_ctl (fast, and immediate: a crash) while
reviewers label: every label is stored exactly once and every count equals a recount; a
command facing a stopped server, or losing it mid-run, stops with exit 2 and the reason,
and works again once the server is back."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import create_engine, text
from typer.testing import CliRunner

import db
from reviewer.cli import app
from tests.db.test_concurrency import recount, stored
from tests.support.pg_server import Cluster, new_database

TESTS = Path(__file__).parents[1]
DEMO = TESTS.parent / "fixtures" / "demo" / "briefs.jsonl"
REVIEWERS = ("ana", "ben", "cy")
COMMAND = [sys.executable, "-c", "from reviewer.cli import main; main()"]


def scalar(url: str, sql: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.scalar(text(sql)) or 0)
    finally:
        engine.dispose()


def wait_for(url: str, sql: str, at_least: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while scalar(url, sql) < at_least:
        assert time.monotonic() < deadline, f"{sql} never reached {at_least}"
        time.sleep(0.05)


def ingest(url: str, path: Path = DEMO) -> None:
    result = CliRunner().invoke(app, ["ingest", str(path), "--db", url])
    assert result.exit_code == 0, result.output


def test_restarts_while_three_reviewers_label_lose_and_double_nothing(pg_cluster: Cluster):
    url = new_database(pg_cluster)
    ingest(url)
    claims = scalar(url, "SELECT count(DISTINCT claim_id) FROM flagrecord")
    labeler = [sys.executable, str(TESTS / "support" / "steady_labeler.py"), url]
    workers = [
        subprocess.Popen([*labeler, who, "0.01"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for who in REVIEWERS
    ]  # fmt: skip
    total = claims * len(REVIEWERS)
    labels = "SELECT count(*) FROM label"
    wait_for(url, labels, total // 6)
    pg_cluster.pg_ctl("restart", "-m", "fast")  # every client is disconnected
    wait_for(url, labels, total // 2)
    pg_cluster.pg_ctl("restart", "-m", "immediate")  # a crash: recovery from the WAL
    retries = 0
    for worker in workers:
        out, err = worker.communicate(timeout=300)
        assert worker.returncode == 0, err
        made, told = map(int, out.split())
        assert made == claims
        retries += told
    assert retries >= 2  # the restarts did fall in the middle of the labeling

    engine = db.open_existing(url)
    with engine.connect() as connection:
        for who in REVIEWERS:  # each claim labeled once by each reviewer: none lost or doubled
            rows, distinct = connection.execute(
                text("SELECT count(*), count(DISTINCT claim_id) FROM label WHERE reviewer = :w"),
                {"w": who},
            ).one()
            assert rows == distinct == claims, who
        run_id = db.latest_run(session=connection).id
        for who in (None, *REVIEWERS):
            assert stored(connection, run_id, who) == recount(connection, run_id, who), who
    engine.dispose()


def test_commands_facing_a_stopped_server_exit_2_and_work_again_once_it_is_back(
    pg_cluster: Cluster,
):
    url = new_database(pg_cluster)
    ingest(url)
    pg_cluster.pg_ctl("stop", "-m", "fast")
    try:
        for args in (["stats"], ["runs"], ["flag"], ["ingest", str(DEMO)]):
            done = subprocess.run([*COMMAND, *args, "--db", url], capture_output=True,
                                  text=True, timeout=120)  # fmt: skip
            assert done.returncode == 2, (args, done.stderr)
            assert "Traceback" not in done.stderr, args
            assert "No such file or directory" in done.stderr or "refused" in done.stderr, args
    finally:
        pg_cluster.pg_ctl("start")
    again = subprocess.run([*COMMAND, "stats", "--db", url], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr


def test_a_detector_run_losing_its_server_stops_cleanly_and_is_recovered(
    pg_cluster: Cluster, tmp_path: Path
):
    url = new_database(pg_cluster)
    many = tmp_path / "many.jsonl"
    # the demo a hundred times over: four batches, so that after the first is written the
    # run has seconds of work left (with two, the second could land before the server stops)
    with many.open("w") as out:
        for copy in range(100):
            for line in DEMO.read_text().splitlines():
                brief = json.loads(line)
                brief["id"] = f"{brief['id']}-{copy}"
                out.write(json.dumps(brief) + "\n")
    ingest(url, many)
    flag = subprocess.Popen([*COMMAND, "flag", "--db", url], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip
    wait_for(url, "SELECT count(*) FROM flagrecord WHERE run_id = 2", 1)
    # The server stays away until the run has stopped: a quick restart could fall between
    # two of its batches, where the pool's ping reconnects and the run never notices.
    pg_cluster.pg_ctl("stop", "-m", "fast")
    try:
        out, err = flag.communicate(timeout=300)
    finally:
        pg_cluster.pg_ctl("start")
    assert flag.returncode == 2, err
    assert "Traceback" not in err
    # Mid-statement the server's last words are 57P01 "terminating connection due to
    # administrator command", or only psycopg's "the connection is lost"; between statements
    # the reconnect finds no server. Each is one sentence of ours, whatever the timing.
    lost = "the connection to the database server was lost"
    assert lost in err or "the database server cannot be reached" in err, err
    # the server is away while the run is taken back: the next command finds and fails it
    assert "run 2 is left unfinished" in err, err
    again = subprocess.run([*COMMAND, "flag", "--db", url], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    found = "run 2: left unfinished by a process that ended; marked failed" in again.stderr
    assert found, again.stderr
    assert scalar(url, "SELECT count(*) FROM flagrecord WHERE run_id = 2") == 0
    flags = "SELECT count(*) FROM flagrecord WHERE run_id = {}"
    assert scalar(url, flags.format(3)) == scalar(url, flags.format(1)) > 0
    status = "SELECT count(*) FROM detectorrun WHERE status = '{}'"
    assert scalar(url, status.format("failed")) == 1 and scalar(url, status.format("running")) == 0
