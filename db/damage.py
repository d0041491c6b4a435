"""Finding the rows behind a stored value reviewer cannot read: a message names the table,
the row and the value, so someone can correct it (it was changed outside reviewer)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Engine, String, select, type_coerce

from db.tables import TABLES, Moment

SHOWN = 5  # rows named in a message at most


def unreadable_times(engine: Engine) -> list[str]:
    """`table row (key=value): column holds 'text'` for each stored time that is no time."""
    found: list[str] = []
    with engine.connect() as connection:
        for table in TABLES:
            keys = list(table.primary_key.columns)
            for column in table.columns:
                if not isinstance(column.type, Moment):
                    continue
                raw = type_coerce(column, String)
                rows = connection.execute(select(*keys, raw).where(column.is_not(None)))
                for *key, value in rows:
                    if _is_time(value):
                        continue
                    where = ", ".join(f"{k.name}={v}" for k, v in zip(keys, key, strict=True))
                    found.append(f"{table.name} row ({where}): {column.name} holds {value!r}")
                    if len(found) >= SHOWN:
                        return found
    return found


def _is_time(value: object) -> bool:
    if isinstance(value, datetime):
        return True
    try:
        datetime.fromisoformat(str(value))
    except ValueError:
        return False
    return True
