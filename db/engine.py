"""The engine factory: a path or SQLAlchemy URL in, a checked, ready database out."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from db import busy, schema
from db.schema import MissingDatabase, SchemaError
from db.sqlite_uri import read_only_uri

SQLITE_HEADER = b"SQLite format 3\x00"

__all__ = [
    "MissingDatabase", "SchemaError", "check_intact", "database_exists", "display", "make_engine",
    "open_existing", "open_to_read", "to_url",
]  # fmt: skip


def to_url(url_or_path: str) -> str:
    """A SQLAlchemy URL as is; anything else is a path to a SQLite file."""
    if "://" in url_or_path:
        return url_or_path
    return f"sqlite:///{Path(url_or_path).expanduser()}"


_HIDDEN = "__hidden__"


def _secret_key(key: str) -> bool:
    """A URL query parameter that carries a secret (libpq's `password`, `sslpassword`, ...)."""
    key = key.lower()
    return any(word in key for word in ("password", "secret", "token"))


def display(url_or_path: str) -> str:
    """How a database is named in messages: a URL with its password masked, in the user
    part and in any query parameter that holds one (`?password=...`)."""
    if "://" not in url_or_path:
        return url_or_path
    try:
        url = make_url(url_or_path)
        hidden = {k: _HIDDEN for k in url.query if _secret_key(k)}
        if hidden:
            url = url.update_query_dict(hidden)
        return url.render_as_string(hide_password=True).replace(_HIDDEN, "***")
    except (ArgumentError, ValueError):
        return url_or_path.split("://", 1)[0] + "://…"  # unparsable: a password may be anywhere


def secrets_of(url_or_path: str) -> list[str]:
    """The passwords a database URL holds, to mask wherever a driver repeats them."""
    if "://" not in url_or_path:
        return []
    try:
        url = make_url(url_or_path)
    except (ArgumentError, ValueError):
        return []
    found = [str(url.password)] if url.password else []
    for key, value in url.query.items():
        if _secret_key(key):
            found += [value] if isinstance(value, str) else list(value)
    return [secret for secret in found if secret]


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


def sqlite_file(url_or_path: str) -> Path | None:
    """The file of a SQLite database given by path or sqlite:/// URL; None for a server, an
    in-memory database or a URL that does not parse (make_engine words that)."""
    if "://" not in url_or_path:
        return Path(url_or_path).expanduser()
    try:
        url = make_url(url_or_path)
    except ArgumentError:
        return None
    if not url.drivername.startswith("sqlite") or url.database in (None, "", ":memory:"):
        return None
    if url.database.startswith("file:"):
        return None  # a URI the user built: its own options
    return Path(url.database).expanduser()


def database_exists(url_or_path: str) -> bool:
    """A SQLite file (by path or sqlite:/// URL) must be there; other servers are asked when
    connecting (a missing server database is their error to word)."""
    file = sqlite_file(url_or_path)
    return True if file is None else file.is_file()


def _empty_file(url_or_path: str) -> bool:
    file = sqlite_file(url_or_path)
    return file is not None and file.is_file() and file.stat().st_size == 0


def _read_only_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(busy.busy_timeout() * 1000)}")
    cursor.execute("PRAGMA query_only=ON")
    cursor.close()


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(busy.busy_timeout() * 1000)}")
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: a committed label is on disk before the app takes the next key, surviving power
    # loss too, not only a killed process (NORMAL under WAL); it costs about 0.3 ms a commit
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def engine_for(url_or_path: str, *, read_only: bool = False) -> Engine:
    """An engine with our connection settings, the schema not looked at (for `db upgrade`).
    `read_only`: a SQLite file is opened so that nothing is written to it or beside it."""
    where = display(url_or_path)
    file = sqlite_file(url_or_path) if read_only else None
    target = f"sqlite:///{read_only_uri(file)}&uri=true" if file else to_url(url_or_path)
    try:
        url = make_url(target)
        # a server restart or dropped connection leaves dead pooled connections: test each
        # on checkout instead of failing the first statement after it
        engine = create_engine(url, pool_pre_ping=url.get_backend_name() != "sqlite")
    except (SQLAlchemyError, ValueError) as err:
        raise SchemaError(f"{where}: cannot open database ({reason_of(err, url_or_path)})") from err
    if engine.dialect.name == "sqlite":
        if file is not None:
            event.listen(engine, "connect", _read_only_pragmas)
        else:
            event.listen(engine, "connect", _sqlite_pragmas)
            busy.watch(engine)
    return engine


def make_engine(url_or_path: str, *, create: bool = True, read_only: bool = False) -> Engine:
    """Open a reviewer database at this reviewer's schema. With `create` an empty database
    (or a new SQLite file) gets the schema; without it that is a MissingDatabase error, and
    an empty file is left as it is (0 bytes). An older schema is never changed here: the
    error names `reviewer db upgrade`. `read_only` (never with `create`): see engine_for."""
    _check_sqlite_file(url_or_path)
    where = display(url_or_path)
    if not create and not database_exists(url_or_path):
        raise MissingDatabase(f"{where}: no such database; {_CREATE.format(where=where)}")
    if not create and _empty_file(url_or_path):
        raise MissingDatabase(
            f"{where}: no reviewer database here yet (it is empty); {_CREATE.format(where=where)}"
        )
    engine = engine_for(url_or_path, read_only=read_only and not create)
    try:
        with engine.connect() as connection:
            try:
                schema.check(connection, where)
                return engine
            except MissingDatabase as empty:
                if not create:
                    raise MissingDatabase(f"{empty}; {_CREATE.format(where=where)}") from None
        schema.create(engine, where)
    except SchemaError:
        engine.dispose()
        raise
    except SQLAlchemyError as err:
        engine.dispose()
        if _unwritable(url_or_path):
            raise SchemaError(f"{where}: {CANNOT_WRITE}") from err
        raise SchemaError(f"{where}: cannot use database ({reason_of(err, url_or_path)})") from err
    return engine


CANNOT_WRITE = (
    "the database cannot be written (a read-only file, folder or disk); make it writable, "
    "or work on a copy (--db); stats, runs, export, arms and diff still read it"
)


def _unwritable(url_or_path: str) -> bool:
    """A SQLite file that exists but that this user cannot write, or whose folder they
    cannot write (WAL needs its -wal and -shm files there)."""
    file = sqlite_file(url_or_path)
    if file is None or not file.is_file():
        return False
    return not (os.access(file, os.W_OK) and os.access(file.parent, os.W_OK))


_CREATE = "create one with `reviewer ingest FILE --db {where}` (or try `reviewer demo`)"


def open_existing(url_or_path: str) -> Engine:
    """Open a reviewer database that already exists, at this reviewer's schema: what every
    command that only reads uses, so it never creates a file or a schema. Raises
    MissingDatabase (creating nothing) or, like make_engine, SchemaError."""
    return make_engine(url_or_path, create=False)


def check_intact(engine: Engine, url_or_path: str) -> None:
    """Before a command writes to a SQLite file: SQLite's quick_check (pages, b-trees,
    records; about 30 ms for 20,000 briefs) must pass, so no work is added to a damaged
    database. Raises SchemaError saying what SQLite found; a server checks itself."""
    if engine.dialect.name != "sqlite":
        return
    where = display(url_or_path)
    try:
        with engine.connect() as connection:
            found = [str(row[0]) for row in connection.exec_driver_sql("PRAGMA quick_check(3)")]
    except SQLAlchemyError as err:
        found = [reason_of(err, url_or_path)]
    if found == ["ok"]:
        return
    lines = [line for text in found for line in text.splitlines() if not line.startswith("***")]
    raise SchemaError(
        f"{where}: the database is damaged (SQLite's quick_check: {'; '.join(lines[:3])}); "
        "nothing was written. Restore a backup, or save what SQLite can still read with "
        f"`sqlite3 {where} .recover`"
    )


def open_to_read(url_or_path: str) -> Engine:
    """open_existing for a command that only reads: a SQLite file is opened read-only
    (`mode=ro`, `immutable=1` where its folder cannot be written), so a read-only file,
    folder or mount can be read, and nothing is ever written to it."""
    return make_engine(url_or_path, create=False, read_only=True)


def reason_of(err: Exception, url_or_path: str) -> str:
    """The driver's first line, with any password in it masked."""
    reason = str(getattr(err, "orig", None) or err).splitlines()[0]
    for secret in sorted(secrets_of(url_or_path), key=len, reverse=True):
        reason = reason.replace(secret, "***")
    return reason
