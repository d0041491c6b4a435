"""The engine factory on real SQLite files: pragmas, schema version, refusing foreign files."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import text
from sqlmodel import Session

import db
from db.migrations import HEAD, MANAGED_VERSION


def test_new_database_gets_schema_version_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "r.db"
    engine = db.make_engine(str(path))
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL: power-loss safe
    with Session(engine) as session:
        assert session.get(db.Meta, "schema_version").value == MANAGED_VERSION
        assert session.execute(text("SELECT version_num FROM alembic_version")).all() == [(HEAD,)]
    engine.dispose()
    db.make_engine(str(path)).dispose()  # reopening an existing database works


def test_sqlalchemy_url_is_accepted(tmp_path):
    engine = db.make_engine(f"sqlite:///{tmp_path / 'u.db'}")
    assert (tmp_path / "u.db").exists()
    engine.dispose()


def test_unknown_schema_revision_is_a_clear_error(tmp_path):
    path = tmp_path / "r.db"
    db.make_engine(str(path)).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(db.SchemaError, match="revision 9999, which this reviewer does not know"):
        db.make_engine(str(path))


def test_a_file_without_migrations_and_an_unknown_version_is_refused(tmp_path):
    path = tmp_path / "r.db"
    db.make_engine(str(path)).dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE alembic_version")
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(db.SchemaError, match="schema version 99 is not supported"):
        db.make_engine(str(path))


def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello, not a database\n")
    with pytest.raises(db.SchemaError, match="not a reviewer database"):
        db.make_engine(str(path))
    assert path.read_text() == "hello, not a database\n"


def test_someone_elses_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(db.SchemaError, match="not a reviewer database"):
        db.make_engine(str(path))
    with sqlite3.connect(path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert names == ["invoices"]


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(db.SchemaError, match="does not exist"):
        db.make_engine(str(tmp_path / "nope" / "r.db"))
