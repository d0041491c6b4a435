"""`reviewer db upgrade`: bring a database's schema to this reviewer's, keeping every row."""

from __future__ import annotations

from reviewer.commands.console import OK, USAGE, err, missing_driver, out, say


def upgrade(url_or_path: str) -> int:
    """Run the migrations (creating the schema in an empty database); 2 when the database
    cannot be used or upgraded (a failed migration's transaction is rolled back)."""
    from sqlalchemy.exc import SQLAlchemyError

    import db
    from db.engine import engine_for, reason_of
    from db.schema import upgrade as upgrade_schema

    where = db.display(url_or_path)
    if not db.database_exists(url_or_path):
        say(err(), f"{where}: no such database")
        return USAGE
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
