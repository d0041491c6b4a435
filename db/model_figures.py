"""Honest figures of a run made with a learned model, read by the plain driver (db.direct,
as `stats` reads): the labels the model learned from are no sample of the run's flags,
so its precision is said twice apart: as cross-validated when it was learned, and from
the labels made on the run's flags after it was learned. The review app's panel reads the
same figures on its own connection (model_figures_on)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from db.direct import _rows, connect
from reviewer.wilson import wilson_interval

if TYPE_CHECKING:  # the plain driver's path (stats) never imports SQLAlchemy
    from sqlalchemy import Connection

TRUE, FALSE = "true_positive", "false_positive"


Rows = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]  # (sql, params) -> rows


def run_model_figures(url_or_path: str, *, run_id: int) -> dict[str, Any] | None:
    """{"model": ...} for a run made with a model; None for a run of the rules alone (or a
    database the driver cannot read)."""
    found = connect(url_or_path)
    if found is None:
        return None
    connection, mark = found
    try:
        return _read(lambda sql, params: _rows(connection, sql, params), mark, run_id)
    finally:
        connection.close()


def model_figures_on(connection: Connection, *, run_id: int) -> dict[str, Any] | None:
    """run_model_figures read on a SQLAlchemy connection (the review app's panel): the same
    queries and figures, through the connection's own driver."""
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"

    def rows(sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in connection.exec_driver_sql(sql, params)]

    return _read(rows, mark, run_id)


def _read(rows: Rows, mark: str, run_id: int) -> dict[str, Any] | None:
    try:
        model = rows(
            "SELECT m.id, m.name, m.body, m.last_label, m.run_id FROM detectorrun r "
            f"JOIN learnedmodel m ON m.id = r.model_id WHERE r.id = {mark}",
            (run_id,),
        )
        if not model:
            return None
        model_id, name, body, last_label, learned_here = model[0]
        verdicts = rows(
            "SELECT c.verdict, CASE WHEN c.label_id > {0} THEN 1 ELSE 0 END, count(*) "
            "FROM flagrecord f JOIN claim c ON c.id = f.claim_id "
            "WHERE f.run_id = {0} AND c.verdict IN ('true_positive', 'false_positive') "
            "GROUP BY 1, 2".replace("{0}", mark),
            (last_label if last_label is not None else -1, run_id),
        )
    except Exception:  # not tables this version knows: no figures rather than a failure
        return None
    figures = _figures(model_id, name, body, verdicts)
    figures["elsewhere"] = learned_here is None  # learned in another database (store_model)
    return {"model": figures}


def _figures(model_id: int, name: str, body: str, verdicts: list[tuple[Any, ...]]) -> dict:
    counts = {(verdict, bool(after)): n for verdict, after, n in verdicts}
    tp, fp = counts.get((TRUE, True), 0), counts.get((FALSE, True), 0)
    learned = json.loads(body).get("trained_on", {})
    cross = learned.get("cross_validation", {}).get("model", {})
    return {
        "id": model_id,
        "name": name,
        "cross_validated": {
            key: cross.get(key) for key in ("precision", "precision_ci", "recall", "recall_ci")
        },
        "after_training": {
            "labels": tp + fp,
            "true_positives": tp,
            "precision": tp / (tp + fp) if tp + fp else None,
            "precision_ci": list(wilson_interval(tp, tp + fp)),
        },
        "training_labels": counts.get((TRUE, False), 0) + counts.get((FALSE, False), 0),
    }
