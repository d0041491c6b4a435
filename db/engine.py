"""The engine factory: a path or SQLAlchemy URL in, a checked, ready database out."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, create_engine, event, insert, inspect, make_url, select, update
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.schema import CreateColumn

from db import busy
from db.tables import LATER, LATER_COLUMNS, TABLES, briefscan, meta, metadata

SCHEMA_VERSION = "3"
# version 1 lacked the review progress (ReviewProgress, DoneSpan, ix_briefscan_flagged),
# which fills in on the first review of each run and reviewer; versions 1 and 2 lacked the
# replaced texts (BriefVersion). Opening an older database adds what it lacks.
UPGRADABLE = {"1", "2"}
SQLITE_HEADER = b"SQLite format 3\x00"


class SchemaError(Exception):
    """The database cannot be used: not a database, not ours, or a schema version we don't know."""


class MissingDatabase(SchemaError):
    """A command that reads was pointed at a database that is not there (nothing created)."""


def to_url(url_or_path: str) -> str:
    """A SQLAlchemy URL as is; anything else is a path to a SQLite file."""
    if "://" in url_or_path:
        return url_or_path
    return f"sqlite:///{Path(url_or_path).expanduser()}"


def _check_sqlite_file(url_or_path: str) -> None:
    if "://" in url_or_path:
        return
    path = Path(url_or_path).expanduser()
    if path.is_dir():
        raise SchemaError(f"{url_or_path}: is a directory, not a database file")
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as fh:
            if fh.read(16) != SQLITE_HEADER:
                raise SchemaError(f"{url_or_path}: not a reviewer database (not an SQLite file)")
    elif not path.parent.exists():
        raise SchemaError(f"{url_or_path}: folder {path.parent} does not exist")


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(busy.busy_timeout() * 1000)}")
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: a committed label is on disk before the app takes the next key, surviving power
    # loss too, not only a killed process (NORMAL under WAL); it costs about 0.3 ms a commit
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def make_engine(url_or_path: str) -> Engine:
    """Open (creating if new) a reviewer database; raises SchemaError with a clear message."""
    _check_sqlite_file(url_or_path)
    url = to_url(url_or_path)
    try:
        engine = create_engine(url)
    except (SQLAlchemyError, ValueError) as err:
        raise SchemaError(f"{url_or_path}: cannot open database ({err})") from err
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
        busy.watch(engine)
    try:
        _prepare_schema(engine, url_or_path)
    except SchemaError:
        engine.dispose()
        raise
    except SQLAlchemyError as err:
        engine.dispose()
        reason = str(getattr(err, "orig", None) or err).splitlines()[0]
        raise SchemaError(f"{url_or_path}: cannot use database ({reason})") from err
    return engine


def database_exists(url_or_path: str) -> bool:
    """A SQLite file (by path or sqlite:/// URL) must be there; other servers are asked when
    connecting (a missing server database is their error to word)."""
    if "://" not in url_or_path:
        return Path(url_or_path).expanduser().is_file()
    try:
        url = make_url(url_or_path)
    except ArgumentError:
        return True  # make_engine words the problem
    if not url.drivername.startswith("sqlite") or url.database in (None, "", ":memory:"):
        return True
    return Path(url.database).expanduser().is_file()


def open_existing(url_or_path: str) -> Engine:
    """Open a reviewer database that already exists, path or URL: what every command that
    only reads uses, so a typo never leaves an empty database behind. Raises
    MissingDatabase (creating nothing) or, like make_engine, SchemaError."""
    if not database_exists(url_or_path):
        raise MissingDatabase(
            f"{url_or_path}: no such database; create one with "
            f"`reviewer ingest FILE --db {url_or_path}` (or try `reviewer demo`)"
        )
    return make_engine(url_or_path)


def _prepare_schema(engine: Engine, where: str) -> None:
    names = set(inspect(engine).get_table_names())
    if not names:
        with engine.begin() as connection:
            metadata.create_all(connection, tables=TABLES)
            connection.execute(insert(meta).values(key="schema_version", value=SCHEMA_VERSION))
        return
    if "meta" not in names:
        raise SchemaError(f"{where}: not a reviewer database (it has other tables)")
    with engine.connect() as connection:
        version = connection.scalar(select(meta.c.value).where(meta.c.key == "schema_version"))
    if version is None:
        raise SchemaError(f"{where}: not a reviewer database (no schema version stored)")
    if version in UPGRADABLE:
        _upgrade(engine, names, version)
        names = set(inspect(engine).get_table_names())
    elif version != SCHEMA_VERSION:
        raise SchemaError(
            f"{where}: database schema version {version} is not supported by this reviewer "
            f"(it reads version {SCHEMA_VERSION}); use a matching reviewer or a new --db"
        )
    missing = {t.name for t in TABLES} - names
    if missing:
        raise SchemaError(
            f"{where}: damaged reviewer database (missing {', '.join(sorted(missing))})"
        )
    _add_later_columns(engine)


def _add_later_columns(engine: Engine) -> None:
    """Add the nullable columns of LATER_COLUMNS a database made before them lacks."""
    inspector = inspect(engine)
    for name, columns in LATER_COLUMNS.items():
        have = {c["name"] for c in inspector.get_columns(name)}
        lacking = [c for c in columns if c not in have]
        if not lacking:
            continue
        table = metadata.tables[name]
        with engine.begin() as connection:
            for column in lacking:
                spec = CreateColumn(table.c[column]).compile(dialect=engine.dialect)
                connection.exec_driver_sql(f'ALTER TABLE "{name}" ADD COLUMN {spec}')
            if name == "detectorrun" and "status" in lacking:
                # before status, a run was finished exactly when it had a finish time; an
                # unfinished one is a run that was interrupted
                connection.exec_driver_sql(
                    "UPDATE detectorrun SET status = CASE WHEN finished_at IS NULL "
                    "THEN 'failed' ELSE 'finished' END"
                )


def _upgrade(engine: Engine, names: set[str], version: str) -> None:
    """From an older schema version we know: add what it lacks, then record the version."""
    missing = [t for t in TABLES if t.name not in names]
    newer = {name for name, since in LATER.items() if int(since) > int(version)}
    if {t.name for t in missing} - newer:
        return  # damaged, not old: the check below says what is missing
    with engine.begin() as connection:
        metadata.create_all(connection, tables=missing)
        for index in briefscan.indexes:
            index.create(connection, checkfirst=True)
        connection.execute(
            update(meta).where(meta.c.key == "schema_version").values(value=SCHEMA_VERSION)
        )
