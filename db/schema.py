"""Which schema a database has, checked on every open by one stored string; creating the
schema in an empty database; and `upgrade`, the one way an existing schema changes.

Alembic is imported only by `upgrade` and by the (rare) diagnosis of a mismatch, never on
the open path: the review app's start-up budget has no room for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    insert,
    inspect,
    text,
)
from sqlalchemy.exc import DBAPIError

from db import busy
from db.migrations import HEAD, MANAGED_VERSION
from db.tables import TABLES, meta, metadata

# as Alembic itself creates it, so that `reviewer db upgrade` reads what `create` wrote
alembic_version = Table(
    "alembic_version",
    MetaData(),
    Column("version_num", String(32), nullable=False),
    PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
)
LEGACY_VERSIONS = {"1", "2", "3"}  # meta.schema_version of files from before migrations
LOCK_KEY = 7_263_114_011  # pg_advisory lock held while a schema is created or upgraded
UPGRADE = "reviewer db upgrade"


class SchemaError(Exception):
    """The database cannot be used: not a database, not ours, or a schema we don't read."""


class MissingDatabase(SchemaError):
    """No reviewer database there (no file, or an empty database): a writing command may
    create the schema, a reading one never does."""


def stored_revision(connection: Connection) -> str | None:
    """The Alembic revision the database is at, or None when it keeps none."""
    try:
        return connection.scalar(text("SELECT version_num FROM alembic_version"))
    except DBAPIError:
        connection.rollback()
        return None


def check(connection: Connection, where: str) -> None:
    """Pass when the schema is the one this reviewer reads; else raise SchemaError saying
    what the database is and what to do. One query when all is well."""
    found = stored_revision(connection)
    if found == HEAD:
        return
    raise diagnose(connection, where, found)


def diagnose(connection: Connection, where: str, found: str | None) -> SchemaError:
    names = set(inspect(connection).get_table_names())
    upgrade = f"run `{UPGRADE} --db {where}`"
    if found is not None:
        if found in known_revisions():
            return SchemaError(
                f"{where}: the database schema is at revision {found}, older than this "
                f"reviewer's {HEAD}; {upgrade} (it keeps every label)"
            )
        return SchemaError(
            f"{where}: the database schema is at revision {found}, which this reviewer does "
            f"not know (it reads {HEAD}); use a newer reviewer"
        )
    if not names:
        return MissingDatabase(f"{where}: no reviewer database here yet (it is empty)")
    if "meta" not in names:
        return SchemaError(f"{where}: not a reviewer database (it has other tables)")
    version = connection.scalar(text("SELECT value FROM meta WHERE key = 'schema_version'"))
    if version in LEGACY_VERSIONS:
        return SchemaError(
            f"{where}: the database has schema version {version}, from before migrations; "
            f"{upgrade} (it keeps every label)"
        )
    if version is None:
        return SchemaError(f"{where}: not a reviewer database (no schema version stored)")
    return SchemaError(
        f"{where}: database schema version {version} is not supported by this reviewer"
    )


def known_revisions() -> set[str]:
    return {script.revision for script in _scripts().walk_revisions()}


def _scripts():  # type: ignore[no-untyped-def]
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(Path(__file__).parent / "migrations"))


@contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """A connection in the transaction a schema change runs in, holding the lock that makes
    a second one wait (SQLite: the write lock; PostgreSQL: an advisory lock)."""
    with engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("PRAGMA busy_timeout=600000")  # wait for the other
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        elif connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        try:
            yield connection
        finally:
            if connection.dialect.name == "sqlite":
                connection.rollback()  # nothing left to undo after a commit
                timeout = int(busy.busy_timeout() * 1000)
                connection.exec_driver_sql(f"PRAGMA busy_timeout={timeout}")


def _revision_in_lock(connection: Connection) -> str | None:
    """stored_revision without a failing query, which would end the locked transaction."""
    if "alembic_version" not in inspect(connection).get_table_names():
        return None
    return connection.scalar(text("SELECT version_num FROM alembic_version"))


def create(engine: Engine, where: str) -> None:
    """Make the current schema in an empty database (tables from db.tables, stamped with
    HEAD: the same result as running every migration, which a test checks)."""
    with _locked(engine) as connection:
        if _revision_in_lock(connection) == HEAD:  # another process made it meanwhile
            connection.rollback()
            return
        if inspect(connection).get_table_names():
            raise diagnose(connection, where, None)
        metadata.create_all(connection, tables=TABLES)
        alembic_version.create(connection)
        connection.execute(insert(alembic_version).values(version_num=HEAD))
        connection.execute(insert(meta).values(key="schema_version", value=MANAGED_VERSION))
        connection.commit()


def upgrade(engine: Engine, where: str = "the database") -> tuple[str | None, str]:
    """Bring the schema to HEAD, creating it when the database is empty; returns what it
    was (a revision, `v1`.. for files from before migrations, or None when empty) and HEAD.
    A second upgrade at the same time waits for the first, then finds nothing to do. A
    database this reviewer cannot upgrade (a newer revision, an unknown schema version,
    another program's tables) raises SchemaError, as `check` words it, changing nothing."""
    from alembic import command
    from alembic.config import Config

    with _locked(engine) as connection:
        before = _revision_in_lock(connection)
        if before is None:
            names = set(inspect(connection).get_table_names())
            if "meta" in names:
                legacy = connection.scalar(
                    text("SELECT value FROM meta WHERE key = 'schema_version'")
                )
                if legacy not in LEGACY_VERSIONS:
                    raise diagnose(connection, where, None)
                before = f"v{legacy}"
            elif names:
                raise diagnose(connection, where, None)
        elif before != HEAD and before not in known_revisions():
            raise diagnose(connection, where, before)
        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
        connection.commit()
    return before, HEAD
