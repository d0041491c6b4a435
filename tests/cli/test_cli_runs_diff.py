"""`reviewer flag --name`, `runs`, `diff` and `arms --run`, run as a user would."""

from __future__ import annotations

import json
import re

import pytest
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db import runs
from reviewer.checks.registry import load_detector
from reviewer.cli import app
from tests.support.runs_seed import BRIEFS, flagged
from tests.support.store_files import brief_line, write_briefs

runner = CliRunner()


def two_runs(tmp_path):  # type: ignore[no-untyped-def]
    """Run 1 reference, run 2 default named v2 with a narrower value band."""
    dbp = tmp_path / "r.db"
    lines = [brief_line(i, text, pool) for i, (text, pool) in BRIEFS.items()]
    briefs = write_briefs(tmp_path / "b.jsonl", lines)
    cfg = tmp_path / "narrow.toml"
    cfg.write_text("[thresholds]\nvalue = 0.10\n", encoding="utf-8")
    result = runner.invoke(app, ["ingest", str(briefs), "-d", "reference", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["flag", "--name", "v2", "--config", str(cfg), "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    return dbp


def label_first(dbp, change: str, verdict: str) -> runs.ClaimChange:  # type: ignore[no-untyped-def]
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        target = next(
            c for c in runs.claim_changes(db=session, run_a=1, run_b=2) if c.change == change
        )
        db.record_label(session=session, claim_id=target.claim_id, reviewer="ana", verdict=verdict)
    engine.dispose()
    return target


def test_runs_lists_name_detector_config_flags_labels_and_arms(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = two_runs(tmp_path)
    label_first(dbp, "same", "true_positive")
    result = runner.invoke(app, ["runs", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    first = next(line for line in lines if line.lstrip().startswith("#1 "))
    second = next(line for line in lines if line.lstrip().startswith("#2 v2"))
    assert "reference 1.1" in first and "built-in" in first
    assert "default 2.0" in second and "value=0.1" in second
    # one true positive, carried to run 2: no sample of its other 8 flags, so no 100%, only
    # the bounds stats gives (1 of 9 flags known true: 11.1% to 100%)
    assert "100.0%" not in second and " — " in second and "11.1–100.0*" in second
    assert "* bounds, not an interval" in result.stdout
    assert ("PASS" in second) or ("FAIL" in second)
    listed = json.loads(runner.invoke(app, ["runs", "--json", "--db", str(dbp)]).stdout)
    assert [r["name"] for r in listed] == [None, "v2"]
    assert listed[1]["config_changes"] == "value=0.1" and len(listed[1]["config_digest"]) == 12
    assert listed[1]["labeled"] == 1 and listed[1]["precision"] is None
    assert listed[1]["precision_ci"] == pytest.approx([1 / 9, 1.0]) and listed[1]["unmeasured"]
    stats = json.loads(
        runner.invoke(app, ["stats", "--json", "--run", "2", "--db", str(dbp)]).stdout
    )
    assert stats["precision_bounds"] == pytest.approx(listed[1]["precision_ci"])
    assert listed[0]["arms"]["means"].keys() == {
        "faithful", "corrupted", "sign-flip", "unrelated", "production",
    }  # fmt: skip


def expected_changes(tmp_path) -> tuple[set, set, set]:  # type: ignore[no-untyped-def]
    from reviewer.grounding.config import DetectorConfig

    old = flagged(load_detector("reference"))
    new = flagged(load_detector("default", DetectorConfig(value=0.10)))
    return new - old, old - new, old & new


def test_diff_lists_exactly_the_changed_claims_with_counts(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = two_runs(tmp_path)
    new, gone, same = expected_changes(tmp_path)
    assert new and gone and same
    result = runner.invoke(app, ["diff", "--json", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    listed = {(c["change"], c["brief"], c["start"], c["end"], c["token"]) for c in report["claims"]}
    assert listed == {("new", *c) for c in new} | {("gone", *c) for c in gone}
    counts = report["counts"]
    assert (counts["new"]["claims"], counts["gone"]["claims"], counts["same"]["claims"]) == (
        len(new), len(gone), len(same),
    )  # fmt: skip
    assert report["unreviewed"] == len(new) and report["recall_regressions"] == 0
    assert report["run_a"]["id"] == 1 and report["run_b"]["name"] == "v2"
    arms = {"faithful", "corrupted", "sign-flip", "unrelated"}
    assert set(report["arms"]) == arms | {"production"} | {f"rewrite {arm}" for arm in arms}
    assert all(m["a"] is not None and m["b"] is not None for m in report["arms"].values())
    every = json.loads(runner.invoke(app, ["diff", "1", "2", "--only", "new,gone,same", "--json",
                                           "--db", str(dbp)]).stdout)  # fmt: skip
    assert len(every["claims"]) == len(new | gone | same)

    text = runner.invoke(app, ["diff", "--db", str(dbp)]).stdout
    assert text.startswith("diff #1 (reference 1.1") and "→ #2 v2 (default 2.0" in text
    assert text.count("  + new ") == len(new) and text.count("  - gone ") == len(gone)
    assert "  = same " not in text
    assert f"unreviewed (new flags without a label): {len(new)}" in text


def test_a_gone_true_positive_is_a_recall_regression_and_fails_the_gate(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = two_runs(tmp_path)
    clean = runner.invoke(app, ["diff", "--fail-on", "recall-regression", "--db", str(dbp)])
    assert clean.exit_code == 0, clean.output
    target = label_first(dbp, "gone", "true_positive")
    result = runner.invoke(app, ["diff", "--fail-on", "recall-regression", "--db", str(dbp)])
    assert result.exit_code == 1
    assert "1 recall regression: true positives no longer flagged" in result.stderr
    line = next(x for x in result.stdout.splitlines() if json.dumps(target.token) in x
                and "gone" in x)  # fmt: skip
    assert "true positive (ana)" in line and line.endswith("RECALL REGRESSION")
    assert "recall regressions (gone true positives): 1" in result.stdout


def test_unreviewed_new_flags_fail_until_labeled_and_bad_options_exit_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = two_runs(tmp_path)
    result = runner.invoke(app, ["diff", "--fail-on", "unreviewed", "--db", str(dbp)])
    assert result.exit_code == 1 and "not reviewed yet" in result.stderr
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        for c in list(runs.claim_changes(db=session, run_a=1, run_b=2, only=["new"])):
            db.record_label(session=session, claim_id=c.claim_id, reviewer="bo", verdict="skip")
    engine.dispose()
    result = runner.invoke(app, ["diff", "--fail-on", "unreviewed,recall-regression",
                                 "--db", str(dbp)])  # fmt: skip
    assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["diff", "--fail-on", "recall", "--db", str(dbp)])
    assert bad.exit_code == 2 and "--fail-on: unknown value 'recall'" in bad.stderr
    missing = runner.invoke(app, ["diff", "1", "9", "--db", str(dbp)])
    assert missing.exit_code == 2 and "no detector run 9" in missing.stderr


def test_a_diff_needs_two_runs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = tmp_path / "r.db"
    briefs = write_briefs(tmp_path / "b.jsonl")
    runner.invoke(app, ["ingest", str(briefs), "--db", str(dbp)])
    result = runner.invoke(app, ["diff", "--db", str(dbp)])
    assert result.exit_code == 2 and "a diff needs two finished runs" in result.stderr


def test_arms_of_a_run_are_the_stored_ones(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = two_runs(tmp_path)
    for ref in ("1", "v2"):
        result = runner.invoke(app, ["arms", "--run", ref, "--json", "--db", str(dbp)])
        report = json.loads(result.stdout)
        assert result.exit_code == (0 if report["passed"] else 1)
        engine = db.make_engine(str(dbp))
        with engine.connect() as connection:
            run = runs.find_run(db=connection, ref=ref)
        engine.dispose()
        assert {k: v for k, v in report.items() if k != "run_id"} == json.loads(run.arms)
    text = runner.invoke(app, ["arms", "--run", "2", "--db", str(dbp)]).stdout
    assert "run #2 v2 (default 2.0" in text and "production" in text
    # a run made before arms were stored says so (exit 2), never recomputes silently
    engine = db.make_engine(str(dbp))
    with engine.begin() as connection:
        connection.exec_driver_sql("UPDATE detectorrun SET arms = NULL WHERE id = 1")
    engine.dispose()
    result = runner.invoke(app, ["arms", "--run", "1", "--db", str(dbp)])
    assert result.exit_code == 2 and "has no stored arms" in result.stderr


class AlwaysRaises:
    """A detector whose run fails on the first brief."""

    name = "broken"
    version = "1"

    def flag(self, text, pool):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")


ALWAYS_RAISES = AlwaysRaises()


def test_a_failed_run_is_refused_by_diff_agreement_and_arms(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A failed run keeps no flags: compared as if finished, every claim of the run before
    it was 'gone' and each true positive a recall regression (exit 1)."""
    dbp = two_runs(tmp_path)
    label_first(dbp, "same", "true_positive")
    spec = "test_cli_runs_diff:ALWAYS_RAISES"
    failed = runner.invoke(app, ["flag", "-d", spec, "--db", str(dbp)])
    assert failed.exit_code != 0 and "run 3 failed" in failed.output
    said = "run 3 failed: its flags were removed, so it has no figures"
    for command in (["diff", "3"], ["diff", "2", "3"], ["diff", "3", "2"],
                    ["diff", "3", "--fail-on", "recall-regression"],
                    ["agreement", "--run", "3"], ["arms", "--run", "3"]):  # fmt: skip
        result = runner.invoke(app, [*command, "--db", str(dbp)])
        assert result.exit_code == 2, (command, result.output)
        assert said in result.stderr, command
        assert "recall regression" not in result.stdout, command
    assert runner.invoke(app, ["diff", "--db", str(dbp)]).exit_code == 0  # runs 1 and 2


def test_run_names_that_cannot_pick_one_run_are_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = two_runs(tmp_path)  # run 2 is named v2
    for name, said in (("3", "reads as a run id"), ("#12", "reads as a run id"),
                       ("  ", "cannot be empty")):  # fmt: skip
        result = runner.invoke(app, ["flag", "--name", name, "--db", str(dbp)])
        assert result.exit_code == 2 and said in result.output, (name, result.output)
    again = runner.invoke(app, ["flag", "--name", "v2", "--db", str(dbp)])
    assert again.exit_code == 2 and "run 2 is already named 'v2'" in again.stderr
    listed = json.loads(runner.invoke(app, ["runs", "--json", "--db", str(dbp)]).stdout)
    assert len(listed) == 2  # nothing was run
    odd = runner.invoke(app, ["stats", "--run", "²", "--db", str(dbp)])
    assert odd.exit_code == 2 and "no detector run named '²'" in odd.stderr
    assert "invalid literal" not in odd.output


def disputed_same(tmp_path, adjudicator: str | None = None):  # type: ignore[no-untyped-def]
    """Two runs, ana true and ben false on a claim both flag; an adjudicator's false
    positive settles it if named. The database and that claim's change."""
    dbp = two_runs(tmp_path)
    target = label_first(dbp, "same", "true_positive")
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        db.record_label(session=session, claim_id=target.claim_id, reviewer="ben",
                        verdict="false_positive")  # fmt: skip
        if adjudicator is not None:
            db.record_label(session=session, claim_id=target.claim_id, reviewer=adjudicator,
                            verdict="false_positive", role="adjudicator")  # fmt: skip
    engine.dispose()
    return dbp, target


def test_diff_counts_a_claim_in_dispute_in_its_class(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """ana and ben differ on a claim both runs flag: the 'same' row counts it in dispute, so
    its columns add up to its claims; the runs' own headers carry no label counts."""
    dbp, _ = disputed_same(tmp_path)
    report = json.loads(runner.invoke(app, ["diff", "--json", "--db", str(dbp)]).stdout)
    same = report["counts"]["same"]
    assert same["in_dispute"] == 1 and same["true_positives"] == same["false_positives"] == 0
    parts = ("true_positives", "false_positives", "skipped", "in_dispute", "unlabeled")
    for change in ("new", "gone", "same"):
        row = report["counts"][change]
        assert sum(row[key] for key in parts) == row["claims"], (change, row)
    assert "in_dispute" not in report["run_a"] and "unmeasured" not in report["run_b"]
    table = runner.invoke(app, ["diff", "--only", "same", "--db", str(dbp)]).stdout
    header = next(line for line in table.splitlines() if line.startswith("class"))
    row = next(line for line in table.splitlines() if line.startswith("same "))
    assert "dispute" in header
    assert row.split()[1:6] == [str(same["claims"]), "0", "0", "0", "1"]


def test_diff_names_the_adjudicator_as_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """An adjudicator's verdict on a claim in dispute is listed with its role, in the table
    and in JSON, so a reader does not count a third reviewer."""
    dbp, target = disputed_same(tmp_path, adjudicator="cy")
    shown = runner.invoke(app, ["diff", "--json", "--only", "same", "--db", str(dbp)]).stdout
    (change,) = [c for c in json.loads(shown)["claims"] if c["claim_id"] == target.claim_id]
    assert {(x["reviewer"], x["role"]) for x in change["labels"]} == {
        ("ana", "reviewer"), ("ben", "reviewer"), ("cy", "adjudicator")
    }  # fmt: skip
    assert change["verdict"] == "false_positive"
    table = runner.invoke(app, ["diff", "--only", "same", "--db", str(dbp)]).stdout
    assert "false positive (cy, adjudicator)" in table and "(ben, adjudicator)" not in table


def test_diff_shows_a_token_as_the_brief_writes_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # full-width digits, as a model may write them: "５５", not "\uff15\uff15"
    dbp = tmp_path / "r.db"
    pool = [{"name": "rhr", "value": 52, "unit": "bpm"}]
    briefs = write_briefs(tmp_path / "b.jsonl", [brief_line("w1", "Resting HR ５５ bpm.", pool)])
    assert runner.invoke(app, ["ingest", str(briefs), "--no-flag", "--db", str(dbp)]).exit_code == 0
    log = tmp_path / "none.jsonl"
    log.write_text(json.dumps({"id": "w1", "flags": []}) + "\n")
    assert runner.invoke(app, ["flag", "--from", str(log), "--db", str(dbp)]).exit_code == 0
    made = runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)])
    assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["diff", "1", "2", "--db", str(dbp)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert '+ new   "５５" at 11' in result.stdout and "\\uff15" not in result.stdout


def reference_run(tmp_path):  # type: ignore[no-untyped-def]
    """The briefs ingested with a run of the reference (run 1)."""
    dbp = tmp_path / "r.db"
    lines = [brief_line(i, text, pool) for i, (text, pool) in BRIEFS.items()]
    briefs = write_briefs(tmp_path / "b.jsonl", lines)
    assert (
        runner.invoke(app, ["ingest", str(briefs), "-d", "reference", "--db", str(dbp)]).exit_code
        == 0
    )
    return dbp


def test_arms_of_one_detector_say_the_latest_run_was_another_s(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # run 1 by reference: `arms` measures the default, and says where reference's own are
    dbp = reference_run(tmp_path)
    result = runner.invoke(app, ["arms", "--db", str(dbp)])
    said = " ".join(result.stderr.split())
    assert "these are default's arms; the latest run, #1 (reference" in said
    assert "(reviewer arms --run 1)" in said and "four arms · default" in result.stdout
    same = runner.invoke(app, ["arms", "-d", "reference", "--db", str(dbp)])
    assert "latest run" not in same.stderr


@pytest.mark.parametrize("columns", [80, 120])
def test_runs_on_a_narrow_terminal_cuts_no_column(tmp_path, columns) -> None:  # type: ignore[no-untyped-def]
    # a row a run with its arms is some 170 columns: a narrower terminal gets the runs in
    # tables that fit, every figure whole
    dbp = two_runs(tmp_path)
    env = {"FORCE_COLOR": "1", "COLUMNS": str(columns)}
    result = runner.invoke(app, ["runs", "--db", str(dbp)], env=env)
    assert result.exit_code == 0, result.output
    shown = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)  # a terminal's styles
    said = shown.split("precision per run")[0]  # (the chart after it: cut to fit)
    assert all(len(line) <= columns for line in said.splitlines())
    assert "…" not in said
    for whole in ("#2 v2", "reference 1.1", "default 2.0", "config", "95% CI", "arms: faith"):
        assert whole in said
    made = str(db.open_to_read(str(dbp)).connect().exec_driver_sql(
        "SELECT created_at FROM detectorrun WHERE id = 2").scalar())[:16]  # fmt: skip
    assert made.replace("T", " ") in said


def test_a_name_only_failed_runs_hold_picks_the_newest_and_is_free_to_take(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = two_runs(tmp_path)
    for _ in range(2):  # two failed tries of a check under one name: runs 3 and 4
        failed = runner.invoke(app, ["flag", "-d", "cmd:false", "--name", "try", "--db", str(dbp)])
        assert failed.exit_code != 0
    for command in (["stats", "--run", "try"], ["diff", "try"]):
        said = runner.invoke(app, [*command, "--db", str(dbp)])
        assert said.exit_code == 2 and "run 4 failed" in said.stderr, said.output
        assert "several runs" not in said.stderr
    ok = runner.invoke(app, ["flag", "-d", "reference", "--name", "try", "--db", str(dbp)])
    assert ok.exit_code == 0, ok.output
    stats = runner.invoke(app, ["stats", "--json", "--run", "try", "--db", str(dbp)])
    assert stats.exit_code == 0 and json.loads(stats.stdout)["run_id"] == 5


def test_diff_of_the_same_flags_is_no_change_and_a_labeled_class_is_exact(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = reference_run(tmp_path)
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)]).exit_code == 0
    itself = runner.invoke(app, ["diff", "2", "2", "--db", str(dbp)])
    assert itself.exit_code == 2 and "run 2 is compared with itself" in itself.stderr
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:  # every claim labeled: true, false, true, ...
        claims = [c.claim_id for c in runs.claim_changes(db=session, run_a=1, run_b=2)]
        for at, claim in enumerate(claims):
            verdict = "true_positive" if at % 2 == 0 else "false_positive"
            db.record_label(session=session, claim_id=claim, reviewer="ana", verdict=verdict)
    engine.dispose()
    figures = json.loads(runner.invoke(app, ["diff", "--json", "--db", str(dbp)]).stdout)
    same = figures["counts"]["same"]
    assert same["claims"] == len(claims) > 1 and same["unlabeled"] == 0
    assert same["precision_ci"] == [same["precision"]] * 2
    assert figures["precision"]["difference"] == {
        "difference": 0.0, "difference_ci": [0.0, 0.0], "bounds": [0.0, 0.0]
    }  # fmt: skip
    said = " ".join(runner.invoke(app, ["diff", "--db", str(dbp)]).stdout.split())
    assert "change #1 → #2: +0.0 points [+0.0, +0.0]" in said


def test_diff_for_one_reviewer_lists_their_labels_alone(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp, target = disputed_same(tmp_path)  # ana true, ben false on one claim
    for who, shown in (("ana", {("ana", "true_positive")}), ("nobody", set())):
        out = runner.invoke(
            app, ["diff", "--json", "--only", "same", "--reviewer", who, "--db", str(dbp)]
        ).stdout
        (change,) = [c for c in json.loads(out)["claims"] if c["claim_id"] == target.claim_id]
        assert {(x["reviewer"], x["verdict"]) for x in change["labels"]} == shown
    table = runner.invoke(
        app, ["diff", "--only", "same", "--reviewer", "nobody", "--db", str(dbp)]
    ).stdout
    assert "(ana)" not in table and "(ben)" not in table and "unlabeled" in table
