"""A PostgreSQL server that ends a connection in use is "lost" however its words arrive
(SQLSTATE 57P01 admin_shutdown when its last message got through, psycopg's bare "the
connection is lost" or "server closed the connection" when only the closed socket did), and
a command says so in one sentence that does not depend on which came first."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.pool import NullPool

from db.writing import retryable, server_away
from reviewer.commands.console import explain

LOST = "the connection to the database server was lost"
DOWN = "the database server cannot be reached"


def wrapped(orig: Exception) -> DBAPIError:
    return OperationalError("SELECT 1", None, orig)


@pytest.mark.parametrize(
    "orig",
    [
        psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
        psycopg.errors.CrashShutdown("terminating connection because of crash of another"),
        psycopg.OperationalError("the connection is lost"),
        psycopg.OperationalError("consuming input failed: server closed the connection"),
    ],
)
def test_every_wording_of_a_lost_server_is_one_retryable_lost_connection(orig):
    err = wrapped(orig)
    assert server_away(err) == "lost"
    assert retryable(err)
    said = explain(err)
    assert said is not None and LOST in said
    assert str(orig).splitlines()[0] in said  # the server's own words stay, in brackets


@pytest.mark.parametrize(
    "orig",
    [
        psycopg.errors.CannotConnectNow("the database system is starting up"),
        psycopg.OperationalError(
            'connection failed: connection to server on socket "/tmp/x/.s.PGSQL.5432" '
            "failed: FATAL:  the database system is shutting down"
        ),
        psycopg.OperationalError("connection failed: No such file or directory"),
        psycopg.OperationalError("connection failed: Connection refused"),
        psycopg.OperationalError(  # met while a server restarted under three labelers
            'connection is bad: connection to server on socket "/tmp/x/.s.PGSQL.36854" '
            "failed: Connection reset by peer"
        ),
    ],
)
def test_a_server_that_is_stopped_or_restarting_cannot_be_reached(orig):
    err = wrapped(orig)
    assert server_away(err) == "down"
    assert retryable(err)
    said = explain(err)
    assert said is not None and DOWN in said


def test_sqlite_never_has_a_server_away():
    err = wrapped(sqlite3.OperationalError("unable to open database file"))
    assert server_away(err) is None
    assert LOST not in (explain(err) or "") and DOWN not in (explain(err) or "")


def test_a_backend_the_server_terminates_is_a_lost_connection(pg_url):
    """The real thing: the server ends a connection (as a restart does to each one); its
    next statement fails with whatever wording the timing gives, always called lost."""
    engine = create_engine(pg_url, poolclass=NullPool)
    admin = create_engine(pg_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            pid = connection.scalar(text("SELECT pg_backend_pid()"))
            connection.commit()
            with admin.connect() as other:  # waits (up to 30 s) until the backend is gone
                gone = other.scalar(text("SELECT pg_terminate_backend(:p, 30000)"), {"p": pid})
            assert gone
            with pytest.raises(DBAPIError) as raised:
                connection.execute(text("SELECT 1"))
        assert server_away(raised.value) == "lost", raised.value
        said = explain(raised.value)
        assert said is not None and LOST in said
    finally:
        engine.dispose()
        admin.dispose()
