"""`reviewer stats` on the plain drivers (sqlite3, psycopg), without SQLAlchemy.

Importing SQLAlchemy alone takes longer than the whole command may (0.3 s). Stats reads
three things: the schema revision, the runs and the tally rows. This module reads them
with the driver and hands them to db.figures, as db.stats does through SQLAlchemy; a
test keeps the two results equal. Anything it does not handle (another driver, a URL it
cannot read, a missing or unreachable database, a schema not at HEAD) returns None, and
the command falls back to the SQLAlchemy path, which words the problem.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import parse_qs, unquote, urlsplit

from db.busy import busy_timeout
from db.figures import (
    ANY,
    PrecisionStats,
    assemble,
    by_name,
    fold,
    no_run,
    read_strata,
    run_ref,
    unusable,
)
from db.migrations import HEAD
from db.sqlite_uri import read_only_uri
from db.strata import reader, run_recall, slice_labels

POSTGRES = {"postgresql", "postgres", "postgresql+psycopg"}


class Run(NamedTuple):
    id: int
    detector: str
    version: str
    status: str | None


def _sqlite(path: str) -> Any | None:
    file = Path(path).expanduser()
    if not file.is_file():
        return None
    # read-only: a stats command never creates or changes anything, and reads a file in a
    # folder it cannot write
    connection = sqlite3.connect(read_only_uri(file), uri=True, timeout=busy_timeout())
    return connection


def _postgres(url: str) -> Any | None:
    try:
        import psycopg
    except ImportError:
        return None
    parts = urlsplit(url)
    query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    options: dict[str, Any] = {
        "dbname": unquote(parts.path.lstrip("/")) or None,
        "user": unquote(parts.username) if parts.username else None,
        "password": unquote(parts.password) if parts.password else None,
        "host": parts.hostname,
        "port": parts.port,
    }
    options.update(query)  # ?host=/socket/dir&port=5433 as libpq takes them
    try:
        return psycopg.connect(
            **{k: v for k, v in options.items() if v is not None},
            autocommit=True,
            connect_timeout=10,
        )
    except psycopg.Error:
        return None  # the SQLAlchemy path says why, with the password masked


def connect(url_or_path: str) -> tuple[Any, str] | None:
    """A driver connection and its parameter mark, or None when this module cannot help.
    A bad REVIEWER_BUSY_TIMEOUT raises BusyTimeoutError (a ValueError), on any database."""
    busy_timeout()
    if "://" not in url_or_path:
        found = _sqlite(url_or_path)
        return (found, "?") if found is not None else None
    scheme = url_or_path.split("://", 1)[0]
    if scheme in {"sqlite", "sqlite+pysqlite"}:
        path = url_or_path.split("://", 1)[1]
        if not path.startswith("/") or path in ("/", "/:memory:"):
            return None
        found = _sqlite(path[1:])
        return (found, "?") if found is not None else None
    if scheme in POSTGRES:
        found = _postgres(url_or_path)
        return (found, "%s") if found is not None else None
    return None


def _picked(connection: Any, mark: str, columns: str, ref: int | str) -> list[tuple[Any, ...]]:
    """The one run `ref` names (an id, `#3` or a name), in find_run's words when none does
    (`columns` ends with the run's status: a name picks as find_run picks it)."""
    wanted = run_ref(str(ref))
    if isinstance(wanted, int):
        picked = _rows(connection, f"{columns} WHERE id = {mark}", (wanted,))
    else:
        picked = _rows(connection, f"{columns} WHERE name = {mark} ORDER BY id", (wanted,))
        picked = by_name(picked, lambda row: row[-1])
    if len(picked) != 1:
        raise ValueError(no_run(wanted, [] if isinstance(wanted, int) else [r[0] for r in picked]))
    return picked


def _rows(connection: Any, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    cursor = connection.cursor()
    try:
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()]
    finally:
        cursor.close()


def precision_stats(
    url_or_path: str, *, run_id: int | str | None, reviewer: str | None
) -> PrecisionStats | None:
    """db.precision_stats read by the driver itself; None: use the SQLAlchemy path.
    `run_id` may be a run's id, `#3` or its name, as db.runs.find_run reads them. Raises
    ValueError for no such run, several of that name, or a run that did not finish."""
    found = connect(url_or_path)
    if found is None:
        return None
    connection, mark = found
    try:
        try:
            revision = _rows(connection, "SELECT version_num FROM alembic_version")
        except Exception:  # no such table: an old or foreign database
            return None
        if revision != [(HEAD,)]:
            return None
        columns = "SELECT id, detector, version, status FROM detectorrun"
        if run_id is not None:
            picked = _picked(connection, mark, columns, run_id)
        else:
            picked = _rows(
                connection, f"{columns} WHERE status = 'finished' ORDER BY id DESC LIMIT 1"
            )
        run = Run(*picked[0]) if picked else None
        if run is not None and run.status != "finished":
            raise ValueError(unusable(run.id, str(run.status)))
        runs = [
            Run(*r) for r in _rows(connection, f"{columns} WHERE status = 'finished' ORDER BY id")
        ]
        if run is not None and run.id not in {r.id for r in runs}:
            runs.append(run)
        who = ANY if reviewer is None else reviewer
        counts = fold([], who)
        if runs:
            ids = ", ".join(str(int(r.id)) for r in runs)
            tally = _rows(
                connection,
                "SELECT run_id, reviewer, kind, unit, verdict, n FROM runtally "
                f"WHERE run_id IN ({ids}) AND reviewer IN ({mark}, {mark})",
                (ANY, who),
            )
            counts = fold(tally, who)
        rows = reader(connection)
        strata = read_strata(rows, run, runs, reviewer)
        recall = run_recall(rows=rows, run_id=run.id, reviewer=reviewer) if run else None
        slices = slice_labels(rows, run.id, reviewer) if run else None
        return assemble(run, runs, counts, reviewer, strata, recall, slices)
    finally:
        connection.close()


RATED = "('true_positive', 'false_positive')"


def run_ratings(
    url_or_path: str, *, run_id: int
) -> tuple[dict[int, dict[str, str]], dict[int, str]] | None:
    """db.agreement.run_ratings read by the driver: per doubly rated claim of the run each
    reviewer's verdict, and the claim's kind; None: use the SQLAlchemy path."""
    found = connect(url_or_path)
    if found is None:
        return None
    connection, mark = found
    try:
        rows = _rows(
            connection,
            "SELECT f.claim_id, f.kind, s.reviewer, s.verdict FROM flagrecord f "
            "JOIN labelstate s ON s.claim_id = f.claim_id "
            f"WHERE f.run_id = {mark} AND s.verdict IN {RATED} AND s.role = 'reviewer' "
            "AND f.claim_id IN (SELECT claim_id FROM labelstate "
            f"WHERE verdict IN {RATED} AND role = 'reviewer' "
            "GROUP BY claim_id HAVING count(*) >= 2) ORDER BY f.claim_id, s.reviewer",
            (run_id,),
        )
    except Exception:  # not a table we know: the SQLAlchemy path words it
        return None
    finally:
        connection.close()
    verdicts: dict[int, dict[str, str]] = {}
    kinds: dict[int, str] = {}
    for claim_id, kind, reviewer, verdict in rows:
        verdicts.setdefault(claim_id, {})[reviewer] = verdict
        kinds[claim_id] = kind
    return verdicts, kinds
