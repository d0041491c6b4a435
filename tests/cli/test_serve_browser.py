"""`reviewer serve`: a real headless Chromium opens the served app and labels a flag."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

import db
from db.tables import flagrecord as F
from db.tables import label as L
from reviewer.cli import app
from tests.support.db_seed import flag, seed

CHROMIUM = Path("/usr/bin/chromium")
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening_addresses(port: int) -> set[str]:
    """Local addresses with a socket listening on the port, from /proc/net/tcp{,6}."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as lines:
            for line in list(lines)[1:]:
                local, state = line.split()[1], line.split()[3]
                address, hex_port = local.rsplit(":", 1)
                if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                    found.add(address)
    return found


LOOPBACK = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1 as stored


def wait_until(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := check():
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def served(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "team.db"
    engine, _, _ = seed(path, [[flag(10, "55", 55.0)], [flag(10, "55", 55.0)]])
    engine.dispose()
    return path


TOKEN = "browser-test-token"


@pytest.fixture
def server(database: Path, tmp_path: Path):
    """`reviewer serve` on a free port, in its own process group, always stopped after."""
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "reviewer", "serve", "--db", str(database),
         "--port", str(port), "--reviewer", "browser", "--token", TOKEN],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=tmp_path,
    )  # fmt: skip
    try:
        wait_until(
            lambda: served(f"http://127.0.0.1:{port}/?token={TOKEN}"), 30, "the server to answer"
        )
        yield port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()


def labels(database: Path) -> list:
    engine = db.make_engine(str(database))
    try:
        with engine.connect() as session:
            return list(session.execute(select(L.c.reviewer, L.c.verdict, L.c.claim_id)))
    finally:
        engine.dispose()


@pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="needs Chromium from the system's packages (.ci/run installs it)",
)
def test_a_browser_labels_a_flag_through_the_served_app(
    server: int, database: Path, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    assert listening_addresses(server) and listening_addresses(server) <= LOOPBACK
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=str(CHROMIUM),
            args=BROWSER_ARGS,
            headless=True,
            viewport={"width": 1400, "height": 900},
            timeout=60_000,
        )
        try:
            page = browser.new_page()
            page.set_default_timeout(30_000)
            page.goto(f"http://127.0.0.1:{server}/?token={TOKEN}")
            page.wait_for_selector("body.-first-byte")  # the app process sent its screen
            terminal = page.locator(".xterm-helper-textarea")
            # the first key may arrive before the app listens: press until one is stored
            for _ in range(5):
                terminal.focus()
                page.keyboard.press("t")
                with contextlib.suppress(AssertionError):
                    wait_until(lambda: labels(database), 6, "a label")
                    break
        finally:
            browser.close()
    stored = labels(database)
    assert stored, "no label reached the database"
    assert {(r.reviewer, r.verdict) for r in stored} == {("browser", "true_positive")}
    assert stored[0].claim_id == first_in_queue(database)  # where the app starts


def first_in_queue(database: Path) -> int:
    """The claim of the run's random queue's first flag (db.queue)."""
    engine = db.make_engine(str(database))
    try:
        with engine.connect() as session:
            first = session.execute(
                select(F.c.claim_id).order_by(F.c.queue_rank, F.c.pk).limit(1)
            ).scalar_one()
            return int(first)
    finally:
        engine.dispose()


def test_serve_refuses_a_missing_database_and_creates_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.db"
    result = CliRunner().invoke(app, ["serve", "--db", str(missing), "--port", "1"])
    assert result.exit_code == 2
    assert "no such database" in result.output
    assert not missing.exists()


def test_served_command_never_carries_the_database_url() -> None:
    from reviewer.commands.serve import review_command

    command = review_command(["--reviewer", "ann; rm -rf /"])
    assert "postgresql" not in command and "--db" not in command
    assert command.endswith("review --reviewer 'ann; rm -rf /'")  # quoted, not run


def test_serve_passes_run_and_only_and_refuses_what_cannot_walk(
    tmp_path: Path, monkeypatch
) -> None:
    """--run and --only reach every tab's review command; options the database cannot walk
    are refused before anyone connects, with review's own reasons."""
    from reviewer.commands.serve_web import GuardedServer

    path = tmp_path / "two.db"
    engine, _, pks = seed(path, [[flag(10, "55", 55.0)]] * 2)
    engine.dispose()
    served: list[str] = []
    monkeypatch.setattr(GuardedServer, "serve", lambda self, *a, **k: served.append(self.command))
    base = ["serve", "--db", str(path), "--port", "1"]
    refused = CliRunner().invoke(app, [*base, "--only", "new"])
    assert refused.exit_code == 2 and "has no finished run before it" in refused.output
    engine = db.make_engine(str(path))
    from tests.support.db_seed import add_run

    add_run(engine, pks, [[flag(10, "55", 55.0), flag(30, "7", 7.0)]] * 2)
    engine.dispose()
    gone = CliRunner().invoke(app, [*base, "--share", "--only", "gone"])
    assert gone.exit_code == 2 and "--share --only takes new or same" in gone.output
    missing = CliRunner().invoke(app, [*base, "--run", "9"])
    assert missing.exit_code == 2 and "no detector run 9" in missing.output
    assert served == []
    ok = CliRunner().invoke(app, [*base, "--share", "--run", "2", "--only", "new"])
    assert ok.exit_code == 0, ok.output
    (command,) = served
    assert command.endswith("review --share --run 2 --only new")
