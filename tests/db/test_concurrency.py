"""Several processes labeling and undoing on one database (SQLite file and PostgreSQL)
while a detector run is made: every write lands and every stored count equals a recount
from the label table itself."""

from __future__ import annotations

import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

import db
from db import tally
from db.progress import compute_spans
from reviewer.agreement import team_verdict
from reviewer.cli import app

TESTS = Path(__file__).parents[1]
DEMO = TESTS.parent / "fixtures" / "demo" / "briefs.jsonl"
# two windows of ana, one each of ben and cy
WORKERS = [("ana", 1), ("ana", 2), ("ben", 3), ("cy", 4)]
WRITES = 60

# each reviewer's current verdict on a claim, from the label rows alone: the newest live one
CURRENT = """
SELECT l.claim_id, l.reviewer, l.verdict, l.id, l.role FROM label l
WHERE l.undone_at IS NULL AND l.id = (
    SELECT max(m.id) FROM label m
    WHERE m.claim_id = l.claim_id AND m.reviewer = l.reviewer AND m.undone_at IS NULL)
"""


def recount(connection, run_id: int, reviewer: str | None) -> Counter:
    """(kind, unit, verdict) -> flags of the run, verdict None when unlabeled."""
    states: dict[int, list[tuple[str, str, int]]] = {}
    for claim_id, who, verdict, label_id, role in connection.execute(text(CURRENT)):
        if reviewer is not None and who != reviewer:
            continue
        states.setdefault(claim_id, []).append((role, verdict, label_id))
    # everyone's: the team's verdict (final, else agreed, else in dispute)
    current = {claim_id: team_verdict(found) for claim_id, found in states.items()}
    counts: Counter = Counter()
    flags = text("SELECT claim_id, kind, unit FROM flagrecord WHERE run_id = :r")
    for claim_id, kind, unit in connection.execute(flags, {"r": run_id}):
        counts[(kind, unit, current.get(claim_id))] += 1
    return counts


def stored(connection, run_id: int, reviewer: str | None) -> Counter:
    counts: Counter = Counter()
    for (kind, unit), verdicts in tally.read(connection, [run_id], reviewer)[run_id].items():
        for verdict, n in verdicts.items():
            if n:
                counts[(kind, unit, verdict)] += n
    return counts


def finished_briefs(connection, run_id: int, reviewer: str) -> int:
    """Flagged briefs of the run where the reviewer has a verdict on every flag."""
    rows = connection.execute(
        text("""
        SELECT f.brief_pk, count(*), count(ls.verdict) FROM flagrecord f
        LEFT JOIN labelstate ls ON ls.claim_id = f.claim_id AND ls.reviewer = :who
        WHERE f.run_id = :r GROUP BY f.brief_pk"""),
        {"r": run_id, "who": reviewer},
    )
    return sum(1 for _, flags, labeled in rows if flags == labeled)


def test_many_reviewers_and_a_detector_run_at_once_keep_every_count_exact(database):
    assert CliRunner().invoke(app, ["ingest", str(DEMO), "--db", database]).exit_code == 0
    start = time.time() + 3.0  # time for every process to import and connect
    python = [sys.executable, str(TESTS / "support" / "label_worker.py"), database]
    workers = [
        subprocess.Popen([*python, who, str(seed), str(WRITES), str(start)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for who, seed in WORKERS
    ]  # fmt: skip
    flag_cmd = [sys.executable, "-c", "from reviewer.cli import main; main()"]
    time.sleep(max(0.0, start - time.time() + 0.2))
    run = subprocess.run(
        [*flag_cmd, "flag", "--db", database], capture_output=True, text=True, timeout=300
    )
    results = [w.communicate(timeout=300) for w in workers]
    assert run.returncode == 0, run.stderr
    for worker, (out, err) in zip(workers, results, strict=True):
        assert worker.returncode == 0, err
        assert out.strip() == str(WRITES)

    engine = db.open_existing(database)
    with engine.connect() as connection:
        runs = [r for (r,) in connection.execute(text("SELECT id FROM detectorrun ORDER BY id"))]
        assert len(runs) == 2
        labels = connection.scalar(text("SELECT count(*) FROM label"))
        assert labels > len(WORKERS) * WRITES * 0.5  # the writes really happened
        for run_id in runs:
            for reviewer in (None, "ana", "ben", "cy"):
                assert stored(connection, run_id, reviewer) == recount(
                    connection, run_id, reviewer
                ), (run_id, reviewer)
        for who in ("ana", "ben", "cy"):  # each reviewer's state is their newest live label
            states = dict(
                connection.execute(
                    text("SELECT claim_id, verdict FROM labelstate WHERE reviewer = :w"),
                    {"w": who},
                ).all()
            )
            current = {c: v for c, w, v, _, _ in connection.execute(text(CURRENT)) if w == who}
            assert {c: v for c, v in states.items() if v is not None} == current
        run_id = runs[0]  # the run the workers built progress for
        for who in ("ana", "ben", "cy"):
            done = connection.scalar(
                text("SELECT done FROM reviewprogress WHERE run_id = :r AND reviewer = :w"),
                {"r": run_id, "w": who},
            )
            assert done == finished_briefs(connection, run_id, who), who
            spans = connection.execute(
                text("SELECT lo, hi, briefs FROM donespan WHERE run_id = :r AND reviewer = :w"
                     " ORDER BY lo"), {"r": run_id, "w": who}
            ).all()  # fmt: skip
            assert [tuple(s) for s in spans] == compute_spans(connection, run_id, who)
    engine.dispose()
