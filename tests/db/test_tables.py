"""db.tables (Core, what queries and label writes use) and db.models (SQLModel classes, what
the object-based commands use) must describe one schema, and the app must start without
the ORM."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import PrimaryKeyConstraint, UniqueConstraint, insert, select
from sqlalchemy.dialects import mysql, postgresql, sqlite
from sqlalchemy.schema import CreateIndex, CreateTable
from sqlmodel import Session, SQLModel

import db
import db.models  # registers the SQLModel tables
from db import tables

DIALECTS = [sqlite.dialect(), postgresql.dialect(), mysql.dialect()]


def ddl(metadata, dialect) -> dict[str, tuple[str, set[str]]]:  # type: ignore[no-untyped-def]
    return {
        table.name: (
            str(CreateTable(table).compile(dialect=dialect)),
            {str(CreateIndex(index).compile(dialect=dialect)) for index in table.indexes},
        )
        for table in metadata.sorted_tables
    }


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_core_tables_and_sqlmodel_classes_create_the_same_schema(dialect) -> None:  # type: ignore[no-untyped-def]
    assert ddl(tables.metadata, dialect) == ddl(SQLModel.metadata, dialect)


def default_of(column):  # type: ignore[no-untyped-def]
    if column.default is None:
        return None
    arg = column.default.arg
    return getattr(arg, "__name__", arg)  # callables by name, scalars by value


def test_core_tables_fill_in_the_same_python_side_defaults() -> None:
    for table in SQLModel.metadata.sorted_tables:
        core = tables.metadata.tables[table.name]
        for column in table.columns:
            assert default_of(core.c[column.name]) == default_of(column), (table.name, column.name)


def test_moments_are_stored_in_utc_and_read_back_aware(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine = db.make_engine(str(tmp_path / "t.db"))
    ahead = datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=2)))
    with engine.begin() as connection:
        connection.execute(insert(tables.pool).values(pk=1, digest="d", knowns="[]"))
        run = {"detector": "x", "version": "1", "config": "{}"}
        connection.execute(insert(tables.detectorrun).values(**run, created_at=ahead))
    with Session(engine) as session:  # the SQLModel class reads what Core wrote
        run = session.scalars(select(db.DetectorRun)).one()
        assert run.created_at == ahead and run.created_at.tzinfo == UTC
        assert (run.briefs, run.flags, run.checkable) == (0, 0, 0)
    with engine.connect() as connection, pytest.raises(Exception, match="timezone"):
        connection.execute(
            insert(tables.detectorrun).values(
                detector="x", version="1", config="{}", created_at=datetime(2026, 1, 1)
            )
        )
    engine.dispose()


def test_the_review_command_imports_no_orm_no_sqlmodel_and_no_pydantic(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # the command line parsed and the app's modules loaded, as `reviewer review` does
    code = (
        "import sys\n"
        "from reviewer.cli import app\n"
        "try:\n"
        f"    app(['review', '--db', {str(tmp_path / 'none.db')!r}], standalone_mode=False)\n"
        "except BaseException:\n"
        "    pass\n"
        "import reviewer.tui.app\n"
        "print(sorted(m for m in sys.modules if m.startswith("
        "('sqlmodel', 'sqlalchemy.orm', 'db.models', 'pydantic'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "no such database" in out.stderr  # the command really ran
    assert out.stdout.strip() == "[]"


def test_every_column_that_points_at_a_row_leads_an_index() -> None:
    """Deleting a row (taking back an interrupted ingest, failing a run) checks every column
    that may point at it; a column no index leads makes that a pass over its whole table
    for each row deleted (minutes, on a database of 20,000 briefs)."""
    unindexed = []
    for table in tables.metadata.sorted_tables:
        leading = {index.columns[0].name for index in table.indexes}
        keys = [
            c for c in table.constraints if isinstance(c, PrimaryKeyConstraint | UniqueConstraint)
        ]
        leading |= {key.columns[0].name for key in keys if len(key.columns)}
        leading |= {column.name for column in table.columns if column.unique}
        unindexed += [
            f"{table.name}.{key.parent.name}"
            for key in table.foreign_keys
            if key.parent.name not in leading
        ]
    assert unindexed == []
