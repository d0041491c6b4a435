"""A write that must not block (the review app's key) waits on PostgreSQL at most its own
`busy` seconds for a row another connection holds, then fails as a lock timeout, to be
retried aside; other writes keep the long lock timeout."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, select, text

import db
from db.engine import to_url
from db.tables import claim as C
from db.writing import LOCK_TIMEOUT_MS, DatabaseUnavailable, transaction
from tests.support.tui_seed import seed


def _first_claim(url: str) -> int:
    engine = db.open_existing(url)
    with engine.connect() as connection:
        claim_id = connection.execute(select(C.c.id).order_by(C.c.id).limit(1)).scalar_one()
    engine.dispose()
    return claim_id


@pytest.mark.parametrize(("busy", "shown"), [(0.05, "50ms"), (None, f"{LOCK_TIMEOUT_MS // 1000}s")])
def test_a_held_row_fails_a_write_after_its_own_lock_wait(pg_url, busy, shown):
    seed(pg_url).dispose()
    claim_id = _first_claim(pg_url)
    holder = create_engine(to_url(pg_url)).connect()
    holder.execute(text("SELECT 1 FROM claim WHERE id = :c FOR UPDATE"), {"c": claim_id})
    engine = db.open_existing(pg_url)
    seen: list[str] = []

    def write(connection):
        seen.append(connection.exec_driver_sql("SHOW lock_timeout").scalar_one())
        connection.execute(text("SELECT 1 FROM claim WHERE id = :c FOR UPDATE"), {"c": claim_id})

    try:
        with pytest.raises(DatabaseUnavailable) as raised:
            transaction(engine, write, patience=0, busy=busy)
        assert getattr(raised.value.__cause__.orig, "sqlstate", None) == "55P03"  # lock timeout
        assert seen == [shown]
        holder.rollback()  # released: the same write goes through
        transaction(engine, write, patience=0, busy=busy)
        assert seen == [shown, shown]
    finally:
        holder.close()
        engine.dispose()
