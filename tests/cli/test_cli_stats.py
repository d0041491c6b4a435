"""`reviewer stats`: the real command over a labeled database, JSON and table."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text as sa_text
from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer.cli import app
from reviewer.metrics import labels_needed, wilson_interval
from tests.support.store_files import write_briefs

runner = CliRunner()


@pytest.fixture
def labeled(tmp_path, database):
    """Ingested demo-like briefs; ana labels every flag in order: TP, FP, TP, skip, TP, ...
    On a SQLite file and on PostgreSQL (the `database` fixture)."""
    dbp = database
    assert (
        runner.invoke(
            app, ["ingest", str(write_briefs(tmp_path / "b.jsonl")), "--db", str(dbp)]
        ).exit_code
        == 0
    )
    engine = db.make_engine(str(dbp))
    cycle = ["true_positive", "false_positive", "true_positive", "skip"]
    given = []
    with Session(engine) as session:
        run = db.latest_run(session=session)
        while (f := db.next_unlabeled(session=session, run_id=run.id, reviewer="ana")) is not None:
            verdict = cycle[len(given) % 4]
            db.record_label(session=session, claim_id=f.claim_id, reviewer="ana", verdict=verdict)
            given.append((f.kind, verdict))
        # bob disagrees on the first flag only
        first = db.brief_flags(session=session, run_id=run.id, brief_pk=1, reviewer="bob")
    engine.dispose()
    yield dbp, run.flags, given, first


def test_stats_json_has_the_right_counts_and_interval(labeled):
    dbp, n_flags, given, _ = labeled
    result = runner.invoke(app, ["stats", "--json", "--reviewer", "ana", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    tp = sum(v == "true_positive" for _, v in given)
    fp = sum(v == "false_positive" for _, v in given)
    assert n_flags == len(given) >= 4
    assert stats["flags"] == n_flags and stats["labeled"] == len(given)
    assert (stats["true_positives"], stats["false_positives"]) == (tp, fp)
    # every flag labeled by hand, some skipped: a skip is no verdict, so the skipped flags
    # are unmeasured and precision only bounds, counting them all false, then all true
    skipped = sum(v == "skip" for _, v in given)
    assert skipped and stats["precision"] is None and stats["unmeasured"]
    assert stats["precision_ci"] == pytest.approx([tp / n_flags, (tp + skipped) / n_flags])
    assert stats["labeled_precision"]["precision_ci"] == pytest.approx(
        list(wilson_interval(tp, tp + fp))
    )
    assert stats["coverage"] == pytest.approx(1.0)
    assert stats["labels_needed"] == 0
    assert labels_needed(tp, fp) > 0  # what the interval without the correction would ask
    for kind in {k for k, _ in given}:
        assert stats["by_kind"][kind]["labeled"] == sum(k == kind for k, _ in given)
    assert [r["run_id"] for r in stats["by_run"]] == [1]


def test_stats_per_reviewer_and_per_run(labeled, tmp_path):
    dbp, n_flags, _, _ = labeled
    bob = json.loads(
        runner.invoke(app, ["stats", "--json", "--reviewer", "bob", "--db", str(dbp)]).stdout
    )
    assert bob["labeled"] == 0 and bob["precision"] is None and bob["precision_ci"] == [0.0, 1.0]
    missing = runner.invoke(app, ["stats", "--run", "9", "--db", str(dbp)])
    assert missing.exit_code == 2 and "no detector run 9" in missing.stderr
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)]).exit_code == 0
    both = json.loads(runner.invoke(app, ["stats", "--json", "--db", str(dbp)]).stdout)
    assert both["run_id"] == 2 and [r["run_id"] for r in both["by_run"]] == [1, 2]
    first = json.loads(
        runner.invoke(app, ["stats", "--json", "--run", "1", "--db", str(dbp)]).stdout
    )
    assert first["run_id"] == 1 and first["flags"] == n_flags


def test_stats_table_for_people(labeled):
    dbp, _, _, _ = labeled
    result = runner.invoke(app, ["stats", "--reviewer", "ana", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    assert "overall" in result.stdout and "95% CI" in result.stdout
    # ana labeled every flag, some of them skipped: their verdicts are still unknown
    assert "precision is exact" not in result.stdout
    assert "every flag is labeled but" in " ".join(result.stdout.split())
    assert "by hand" in result.stdout or "inherited" in result.stdout


def test_stats_without_a_run_or_without_a_database(tmp_path):
    dbp = tmp_path / "r.db"
    result = runner.invoke(app, ["stats", "--db", str(dbp)])
    assert result.exit_code == 2
    assert "no such database" in result.stderr and not dbp.exists()
    db.make_engine(str(dbp)).dispose()
    result = runner.invoke(app, ["stats", "--db", str(dbp)])
    assert result.exit_code == 0
    assert "no detector run yet" in result.stdout
    figures = json.loads(runner.invoke(app, ["stats", "--json", "--db", str(dbp)]).stdout)
    assert figures["run_id"] is None and figures["labels_needed"] == 0  # no flag to label


def test_a_missing_sqlite_url_is_refused_not_created(tmp_path) -> None:
    target = tmp_path / "typo.db"
    result = runner.invoke(app, ["stats", "--db", f"sqlite:///{target}"])
    assert result.exit_code == 2
    assert "no such database" in result.stderr
    assert not target.exists()


def test_a_missing_database_driver_is_a_message_not_a_traceback() -> None:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("psycopg is installed here")
    result = runner.invoke(app, ["stats", "--db", "postgresql+psycopg://u@localhost/x"])
    assert result.exit_code == 2
    assert "database driver is not installed" in result.stderr
    assert isinstance(result.exception, SystemExit)  # handled, not a crash


def test_stats_finds_a_run_by_name_on_both_paths(labeled):
    """`--run` takes an id, `#1` or a name, on the plain-driver path and through
    SQLAlchemy alike, with the same words when no run or several runs match."""
    from reviewer.commands.stats import _through_sqlalchemy

    dbp, n_flags, _, _ = labeled
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)]).exit_code == 0
    engine = db.open_existing(str(dbp))
    with engine.begin() as connection:
        connection.execute(sa_text("UPDATE detectorrun SET name = 'v0.40' WHERE id = 1"))
    engine.dispose()

    def figures(*args: str) -> dict:
        result = runner.invoke(app, ["stats", "--json", "--db", str(dbp), *args])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    named = figures("--run", "v0.40")
    assert named == figures("--run", "1") == figures("--run", "#1")
    assert named["run_id"] == 1 and named["flags"] == n_flags and figures()["run_id"] == 2
    code, through = _through_sqlalchemy(str(dbp), run="v0.40", reviewer=None)
    assert code == 0 and through is not None and through.to_dict()["run_id"] == 1
    missing = runner.invoke(app, ["stats", "--run", "v9", "--db", str(dbp)])
    assert missing.exit_code == 2 and "no detector run named 'v9'" in missing.stderr
    engine = db.open_existing(str(dbp))
    with engine.begin() as connection:
        connection.execute(sa_text("UPDATE detectorrun SET name = 'v0.40' WHERE id = 2"))
    engine.dispose()
    twice = runner.invoke(app, ["stats", "--run", "v0.40", "--db", str(dbp)])
    assert twice.exit_code == 2 and "several runs are named 'v0.40' (runs 1, 2)" in twice.stderr
    code, through = _through_sqlalchemy(str(dbp), run="v0.40", reviewer=None)
    assert code == 2 and through is None


def test_the_by_run_table_fits_80_columns_without_cutting_a_figure(labeled):
    """A long run name wraps in its own cell; no figure is cut to an ellipsis."""
    dbp, _, _, _ = labeled
    for _ in range(2):
        assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)]).exit_code == 0
    result = runner.invoke(app, ["stats", "--db", str(dbp)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    by_run = lines[lines.index("by run") : lines.index("by run") + 10]
    assert all(len(line) <= 80 for line in by_run)
    assert "…" not in "\n".join(by_run)
    header = next(line for line in by_run if "flags" in line)
    assert header.split() == ["flags", "labeled", "TP", "FP", "skip", "precision", "95%", "CI",
                              "coverage"]  # fmt: skip
    assert sum("run 3" in line for line in by_run) == 1


def _every_flag(dbp, verdicts: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Each reviewer gives every flag of the latest run one verdict."""
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        run = db.latest_run(session=session)
        for reviewer, verdict in verdicts.items():
            while f := db.next_unlabeled(session=session, run_id=run.id, reviewer=reviewer):
                db.record_label(session=session, claim_id=f.claim_id, reviewer=reviewer,
                                verdict=verdict, run_id=run.id)  # fmt: skip
    engine.dispose()


def test_exact_precision_is_not_claimed_while_claims_are_in_dispute(tmp_path):
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    _every_flag(dbp, {"ana": "true_positive"})
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        first = session.execute(sa_text("SELECT min(id) FROM claim")).scalar_one()
        db.record_label(session=session, claim_id=first, reviewer="ben", verdict="false_positive")
    engine.dispose()
    figures = json.loads(runner.invoke(app, ["stats", "--json", "--db", str(dbp)]).stdout)
    flags = figures["flags"]
    assert figures["in_dispute"] == 1 and figures["true_positives"] == flags - 1
    table = runner.invoke(app, ["stats", "--db", str(dbp)]).stdout
    assert "the precision is exact" not in table
    assert "settle the claims in dispute (reviewer review --adjudicate) to measure it" \
        in " ".join(table.split())  # fmt: skip
    low = 100 * (flags - 1) / flags
    assert f"every flag has a verdict but 1 claim in dispute: once settled, precision will lie " \
           f"between {low:.1f}–100.0%" in " ".join(table.split())  # fmt: skip


def test_a_skip_is_no_verdict_so_precision_is_not_exact(tmp_path):
    """Every flag a true positive but one skipped: not `100.0% [100.0–100.0]` nor "exact";
    the skipped flag's verdict is unknown, and the interval keeps room for it."""
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:  # as the app labels: the random queue, one key each
        run = db.latest_run(session=session)
        verdict = "skip"
        while f := db.next_unlabeled(session=session, run_id=run.id, reviewer="ana"):
            db.record_label(session=session, claim_id=f.claim_id, reviewer="ana",
                            verdict=verdict, run_id=run.id, queue=True)  # fmt: skip
            verdict = "true_positive"
    engine.dispose()
    with db.make_engine(str(dbp)).connect() as connection:  # what the database holds
        verdicts = dict(connection.execute(sa_text(
            "SELECT verdict, count(*) FROM labelstate GROUP BY verdict")).all())  # fmt: skip
    figures = json.loads(runner.invoke(app, ["stats", "--json", "--db", str(dbp)]).stdout)
    flags = figures["flags"]
    assert verdicts == {"skip": 1, "true_positive": flags - 1}
    assert figures["skipped"] == 1 and figures["true_positives"] == flags - 1
    low, high = figures["precision_ci"]
    assert figures["precision"] == 1.0 and high == 1.0 and (flags - 1) / flags <= low < 1.0
    table = runner.invoke(app, ["stats", "--db", str(dbp)]).stdout
    overall = next(line for line in table.splitlines() if "overall" in line)
    assert "100.0–100.0" not in overall and "precision is exact" not in table
    assert f"{100 * low:.1f}–100.0" in overall
    assert f"every flag is labeled but 1 skipped flag: no verdict is known for it, so " \
           f"precision is not exact; with a true or false verdict on the 1 skipped flag, it " \
           f"will lie between {100 * (flags - 1) / flags:.1f}–100.0%" \
        in " ".join(table.split())  # fmt: skip


def test_no_interval_is_claimed_when_nothing_can_be_measured(tmp_path):
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    _every_flag(dbp, {"ana": "skip"})
    table = " ".join(runner.invoke(app, ["stats", "--db", str(dbp)]).stdout.split())
    assert "within ±5 points" not in table
    assert "no true or false positive verdict yet: there is no precision to measure" in table


def _two_reviewers(dbp, ben_differs: int, count: int | None = None) -> None:  # type: ignore[no-untyped-def]
    """ana and ben label the run's random queue (its first `count` flags, or all), both
    true positive, except that ben says false positive on the first `ben_differs`."""
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        run = db.latest_run(session=session)
        done = 0
        while (count is None or done < count) and (
            f := db.next_unlabeled(session=session, run_id=run.id, reviewer="ana")
        ):
            for reviewer, verdict in (("ana", "true_positive"),
                                      ("ben", "false_positive" if done < ben_differs
                                       else "true_positive")):  # fmt: skip
                db.record_label(session=session, claim_id=f.claim_id, reviewer=reviewer,
                                verdict=verdict, run_id=run.id, queue=True)  # fmt: skip
            done += 1
    engine.dispose()


def test_a_claim_in_dispute_keeps_a_labeled_runs_interval_open(tmp_path):
    """Every flag labeled from the queue, one in dispute: the interval is no point, and
    it lies within what settling the dispute could give."""
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    _two_reviewers(dbp, ben_differs=1)
    figures = json.loads(runner.invoke(app, ["stats", "--json", "--db", str(dbp)]).stdout)
    flags = figures["flags"]
    low, high = figures["precision_ci"]
    assert figures["in_dispute"] == 1 and figures["labeled"] == flags
    assert (flags - 1) / flags <= low < high <= 1.0
    assert (low, high) == pytest.approx(wilson_interval(flags - 1, flags - 1, population=flags))
    table = " ".join(runner.invoke(app, ["stats", "--db", str(dbp)]).stdout.split())
    assert "counted as flags whose verdict is not known, which widens the interval" in table
    assert f"once settled, precision will lie between {100 * (flags - 1) / flags:.1f}–100.0%" \
        in table  # fmt: skip


def test_stats_says_when_only_settling_disputes_can_narrow_the_interval(tmp_path):
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    _two_reviewers(dbp, ben_differs=3, count=4)
    figures = json.loads(runner.invoke(app, ["stats", "--json", "--db", str(dbp)]).stdout)
    left = figures["flags"] - 4
    assert figures["in_dispute"] == 3 and figures["labels_reach"] is False
    assert figures["labels_needed"] == left
    table = " ".join(runner.invoke(app, ["stats", "--db", str(dbp)]).stdout.split())
    assert f"labeling the {left} flags left would not bring the interval to ±5 points " \
           "without settling the 3 claims in dispute" in table  # fmt: skip
    assert "would bring the interval to ±5 points" not in table


def test_recall_says_when_the_briefs_read_in_full_hold_no_contradiction(tmp_path):
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "b.jsonl")
    assert runner.invoke(app, ["ingest", str(path), "--db", str(dbp)]).exit_code == 0
    said = " ".join(runner.invoke(app, ["stats", "--db", str(dbp)]).stdout.split())
    assert "recall: unmeasured until a brief is read in full" in said
    first = json.loads(path.read_text().splitlines()[0])["id"]
    read = tmp_path / "read.jsonl"
    read.write_text(json.dumps({"brief": first, "reviewed": True}) + "\n")
    imported = runner.invoke(app, ["labels", "import", str(read), "--db", str(dbp)])
    assert imported.exit_code == 0, imported.output
    result = runner.invoke(app, ["stats", "--db", str(dbp)])
    said = " ".join(result.stdout.split())
    assert "recall: unmeasured: the 1 brief read in full holds no contradiction" in said
    figures = json.loads(runner.invoke(app, ["stats", "--json", "--db", str(dbp)]).stdout)
    assert figures["recall"]["reviewed_briefs"] == 1
