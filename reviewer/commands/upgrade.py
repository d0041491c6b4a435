"""`reviewer db upgrade`: bring a database's schema to this reviewer's, keeping every row."""

from __future__ import annotations

from pathlib import Path

from reviewer.commands.console import OK, USAGE, err, missing_driver, out, say


def _current(url_or_path: str) -> str | None:
    """The schema's revision when it is already this reviewer's, read without writing (a
    read-only file at the current revision needs no upgrade), else None."""
    import db
    from db.schema import HEAD, stored_revision

    try:
        engine = db.open_to_read(url_or_path)
        try:
            with engine.connect() as connection:
                found = stored_revision(connection)
        finally:
            engine.dispose()
    except Exception:  # not readable so: the upgrade itself says why
        return None
    return found if found == HEAD else None


def upgrade(url_or_path: str) -> int:
    """Run the migrations (creating the schema in an empty database); 2 when the database
    cannot be used or upgraded (a failed migration's transaction is rolled back)."""
    from sqlalchemy.exc import SQLAlchemyError

    import db
    from db.engine import engine_for, reason_of
    from db.schema import upgrade as upgrade_schema

    where = db.display(url_or_path)
    if not db.database_exists(url_or_path):
        folder = "://" not in url_or_path and Path(url_or_path).is_dir()
        say(
            err(),
            f"{where}: a folder, not a database file" if folder else f"{where}: no such database",
        )
        return USAGE
    current = _current(url_or_path)
    if current is not None:  # nothing to do: said without opening it for writing
        say(out(), f"{where}: schema already at revision {current}")
        return OK
    try:
        engine = engine_for(url_or_path)
        try:
            before, after = upgrade_schema(engine, where)
        finally:
            engine.dispose()
    except db.SchemaError as problem:
        say(err(), str(problem))
        return USAGE
    except ImportError as missing:
        say(err(), f"{where}: {missing_driver(missing)}")
        return USAGE
    except SQLAlchemyError as problem:
        say(err(), f"{where}: upgrade failed, nothing changed ({reason_of(problem, url_or_path)})")
        return USAGE
    if before == after:
        say(out(), f"{where}: schema already at revision {after}")
    elif before is None:
        say(out(), f"{where}: created the schema at revision {after}")
    else:
        start = f"revision {before}"
        if before.startswith("v"):
            start = f"schema version {before[1:]} (from before migrations)"
        say(out(), f"{where}: upgraded from {start} to revision {after}; labels kept")
    return OK
