"""A connection-like reader that holds no connection between statements.

The review app reads on its UI thread between keys. A Connection kept open there sits in a
transaction after its first SELECT ("idle in transaction" on PostgreSQL, holding back
vacuum and killed by idle-session timeouts) and dies with the server. This object takes a
pooled connection for each statement, returns it at once (ending the transaction), and
tries a statement again when its connection was lost: the pool tests connections on
checkout, so a restarted server costs a reconnect, not a crash.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Engine, Result
from sqlalchemy.exc import DBAPIError

from db.writing import DatabaseUnavailable, OnRetry, reason, retryable

READ_PATIENCE = 3.0  # seconds a read on the UI thread may keep retrying


class TransientConnection:
    """execute / scalar / scalars like a Connection, each in its own short transaction."""

    def __init__(self, engine: Engine, *, patience: float = READ_PATIENCE) -> None:
        self.engine = engine
        self.dialect = engine.dialect
        self.patience = patience
        self.on_retry: OnRetry | None = None

    def _run(self, statement: Any, parameters: Any = None) -> Result[Any]:
        started = time.monotonic()
        attempt = 0
        while True:
            try:
                with self.engine.connect() as connection:
                    result = connection.execute(statement, parameters)
                    frozen = result.freeze() if result.returns_rows else None
                    connection.commit()
                if frozen is None:
                    return result
                return frozen()
            except DBAPIError as err:
                waited = time.monotonic() - started
                if not retryable(err):
                    raise
                if waited >= self.patience:
                    raise DatabaseUnavailable(
                        f"the database did not answer for {waited:.0f} s ({reason(err)})"
                    ) from err
                attempt += 1
                if self.on_retry is not None:
                    self.on_retry(err, attempt, waited)
                time.sleep(min(0.05 * 2**attempt, 0.5))

    def execute(self, statement: Any, parameters: Any = None) -> Result[Any]:
        return self._run(statement, parameters)

    def scalar(self, statement: Any, parameters: Any = None) -> Any:
        return self._run(statement, parameters).scalar()

    def scalars(self, statement: Any, parameters: Any = None) -> Any:
        return self._run(statement, parameters).scalars()

    def in_transaction(self) -> bool:
        return False

    def commit(self) -> None:
        """Nothing is ever left to commit: each statement committed on its own."""

    def rollback(self) -> None:
        """Nothing is ever left open to roll back."""

    def close(self) -> None:
        """No connection is held."""
