"""Fixtures every layer's tests share: a fresh database, the app's terminal size, and a
steady text cursor (a blinking one makes screenshots differ from run to run).

`database` runs a test on a SQLite file and on a real PostgreSQL server: $REVIEWER_TEST_PG_URL
names one (any database on it the tests may use to create others, e.g.
postgresql+psycopg://postgres@/postgres?host=/tmp/pg&port=55432); without it, a throwaway
server is started when PostgreSQL is installed (tests/support/pg_server.py). Each test gets
a database of its own there, dropped afterwards. With no server at all the PostgreSQL cases
skip, except under CI, where they must run.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

PG_ENV = "REVIEWER_TEST_PG_URL"
_CLUSTER_KEY = pytest.StashKey[object]()


def pytest_configure(config: pytest.Config) -> None:
    """Start a throwaway PostgreSQL server when none is named and the programs are here."""
    from tests.support.pg_server import start

    cluster = start()
    if cluster is not None:
        config.stash[_CLUSTER_KEY] = cluster


def pytest_unconfigure(config: pytest.Config) -> None:
    cluster = config.stash.get(_CLUSTER_KEY, None)
    if cluster is not None:
        cluster.stop()  # type: ignore[attr-defined]


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker's heap after its share of the suite takes about a second for each full
    garbage collection, and pytest collects five times as it unconfigures: past the 5 s
    that execnet gives a worker to end before it sends the worker a SIGINT (which then
    lands in hypothesis' gc callback, or anywhere). The tests are over: freeze what they
    left, so those collections skip it."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        import gc

        gc.freeze()


SIZE = (120, 40)  # columns, lines: the terminal every app test and snapshot runs in


@pytest.fixture
def size() -> tuple[int, int]:
    return SIZE


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    """A new, empty reviewer database in a real SQLite file."""
    import db

    made = db.make_engine(str(tmp_path / "reviewer.db"))
    yield made
    made.dispose()


@pytest.fixture(autouse=True)
def app_tests(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the app tests, text inputs start with the cursor blink off, and every notice an
    app raised is kept for the test to read, however long ago (support/notices.py)."""
    if "tui" not in request.path.parts:
        return
    from textual.widgets import Input

    from tests.support.notices import keep_every_notice

    monkeypatch.setattr(Input.cursor_blink, "_default", False)
    keep_every_notice(monkeypatch)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database."""
    admin = os.environ.get(PG_ENV)
    if not admin:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the PostgreSQL tests: set {PG_ENV}")
        pytest.skip(f"no PostgreSQL server ({PG_ENV} is not set)")
    from sqlalchemy import create_engine, make_url

    name = f"reviewer_test_{uuid.uuid4().hex[:12]}"
    server = create_engine(admin, isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        with server.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        server.dispose()


@pytest.fixture(scope="module")
def pg_cluster() -> Iterator[object]:
    """A PostgreSQL server of the module's own, durable, for tests that restart or
    reconfigure a server: the shared one serves other tests at the same time."""
    from tests.support.pg_server import new_cluster, server_programs

    if server_programs() is None:
        if os.environ.get("CI"):
            pytest.fail("CI installs PostgreSQL's server programs")
        pytest.skip("PostgreSQL's server programs are not installed")
    cluster = new_cluster(durable=True)
    assert cluster is not None, "a PostgreSQL server would not start"
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path) -> str:  # type: ignore[no-untyped-def]
    """Where a test's database lives: a SQLite file path, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "reviewer.db")
    return request.getfixturevalue("pg_url")
