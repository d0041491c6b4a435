"""`reviewer stats --by-rule`: each rule's figures from the labels made, through the real
command on a database file (and PostgreSQL), as the kind and unit rows are."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import select, update
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db.tables import flagrecord as F
from reviewer.cli import app
from tests.support.store_files import TEXTS, brief_line, write_briefs

runner = CliRunner()
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday")
TP, FP = "true_positive", "false_positive"


def ingest(tmp_path: Path, dbp: str) -> None:
    """The small briefs, and four more whose TSB's sign is wrong: enough flags of the
    `name:tsb` reading that labels of all of them say most such flags are false."""
    more = [brief_line(f"t{i}", f"TSB is +22.4 on {day}.") for i, day in enumerate(DAYS)]
    path = write_briefs(tmp_path / "b.jsonl", [*map(brief_line, TEXTS, TEXTS.values()), *more])
    assert runner.invoke(app, ["ingest", str(path), "--db", dbp]).exit_code == 0


def rules_of(dbp: str) -> dict[int, str | None]:
    """claim -> the rule of its flag in run 1, as stored."""
    engine = db.make_engine(dbp)
    with engine.connect() as c:
        found = dict(c.execute(select(F.c.claim_id, F.c.rule).where(F.c.run_id == 1)).all())
    engine.dispose()
    return found


def units_of(dbp: str) -> dict[str, set[int]]:
    """unit -> the claims of its flags in run 1."""
    engine = db.make_engine(dbp)
    with engine.connect() as c:
        found: dict[str, set[int]] = {}
        for claim, unit in c.execute(select(F.c.claim_id, F.c.unit).where(F.c.run_id == 1)):
            found.setdefault(unit, set()).add(claim)
    engine.dispose()
    return found


def label(dbp: str, reviewer: str, verdicts: dict[int, str], *, queue: bool = False) -> None:
    """`reviewer` gives each claim its verdict in run 1, as the app records it."""
    engine = db.make_engine(dbp)
    with Session(engine) as session:
        for claim_id, verdict in verdicts.items():
            db.record_label(session=session, claim_id=claim_id, reviewer=reviewer,
                            verdict=verdict, run_id=1, queue=queue)  # fmt: skip
    engine.dispose()


def by_rule(dbp: str, *args: str) -> dict:
    result = runner.invoke(app, ["stats", "--by-rule", "--json", "--db", dbp, *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def table(dbp: str, *args: str) -> str:
    result = runner.invoke(app, ["stats", "--by-rule", "--db", dbp, *args])
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


@pytest.fixture
def ruled(tmp_path, database):  # type: ignore[no-untyped-def]
    """Run 1 over the small briefs, every flag labeled by ana by hand: the name rule of
    `tsb` false, every other rule true."""
    ingest(tmp_path, database)
    rules = rules_of(database)
    assert {"band", "name:tsb"} <= set(rules.values()) and len(set(rules.values())) >= 3
    verdicts = {claim: FP if rule == "name:tsb" else TP for claim, rule in rules.items()}
    label(database, "ana", verdicts)
    return database, rules, verdicts


def expected(rules: dict[int, str | None], verdicts: dict[int, str]) -> dict[str, Counter]:
    found: dict[str, Counter] = {}
    for claim, rule in rules.items():
        counts = found.setdefault(rule or "(not recorded)", Counter())
        counts["flags"] += 1
        if claim in verdicts:
            counts[verdicts[claim]] += 1
    return found


def test_each_rule_has_its_labels_counts_and_precision(ruled) -> None:  # type: ignore[no-untyped-def]
    dbp, rules, verdicts = ruled
    figures = by_rule(dbp)
    want = expected(rules, verdicts)
    order = sorted(want, key=lambda rule: (-want[rule]["flags"], rule))
    assert list(figures["by_rule"]) == order
    for rule, counts in want.items():
        row = figures["by_rule"][rule]
        tp, fp = counts[TP], counts[FP]
        assert (row["flags"], row["labeled"]) == (counts["flags"], tp + fp)
        assert (row["true_positives"], row["false_positives"]) == (tp, fp)
        # every flag labeled: the precision is known exactly
        assert row["precision"] == pytest.approx(tp / (tp + fp))
        assert row["precision_ci"] == pytest.approx([tp / (tp + fp)] * 2)
        assert row["unmeasured"] == []
    assert sum(row["flags"] for row in figures["by_rule"].values()) == figures["flags"]
    assert figures["rules_below_run"] == [{"rule": "name:tsb", "mostly_false": True,
                                           "off": "name:tsb"}]  # fmt: skip
    tsb = want["name:tsb"][FP]
    high = figures["switch_off"][0].pop("sample_high")
    assert figures["switch_off"] == [{"rule": "name:tsb", "off": "name:tsb"}]
    # 0 of tsb true, read as a sample: Wilson's upper end, (z²/n) / (1 + z²/n)
    assert high == pytest.approx((3.8415 / tsb) / (1 + 3.8415 / tsb), abs=1e-4) and high < 0.5
    assert "by_rule" not in json.loads(
        runner.invoke(app, ["stats", "--json", "--db", dbp]).stdout
    )  # only when asked


def test_the_table_names_the_mostly_false_rule_and_the_id_that_switches_it_off(
    ruled, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    dbp, rules, _ = ruled
    shown = table(dbp)
    tsb = sum(rule == "name:tsb" for rule in rules.values())
    assert "by rule" in shown
    assert f"name:tsb {tsb} {tsb} 0 {tsb} 0 0.0% 0.0–0.0 100.0%" in shown
    overall = 100 * (len(rules) - tsb) / len(rules)
    high = 100 * (3.8415 / tsb) / (1 + 3.8415 / tsb)
    assert (f"rules below the run (95% interval wholly under its low end, {overall:.1f}%): "
            f"name:tsb 0/{tsb} true (0.0–0.0%). Most flags of name:tsb (under {high:.1f}%) "
            "are false, read as a sample of the domain's prose (95%): where that holds for a "
            'domain, [rules] off = ["name:tsb"] in its detector config (a name:WORDS id stops '
            "those words naming a value; `name` stops them all)") in shown  # fmt: skip
    # the id the hint gives is one a detector config takes: it turns off that name's
    # reading alone, the other names' readings stay
    scan = ["scan", str(tmp_path / "b.jsonl")]
    before = runner.invoke(app, scan)
    config = tmp_path / "d.toml"
    config.write_text('[rules]\noff = ["name:TSB"]\n', encoding="utf-8")
    found = runner.invoke(app, [*scan, "--config", str(config)])
    assert before.exit_code == found.exit_code == 0, found.output
    read = [[f["rule"] for f in json.loads(line)["flags"]] for line in before.stdout.splitlines()]
    left = [[f["rule"] for f in json.loads(line)["flags"]] for line in found.stdout.splitlines()]
    assert sum(rules.count("name:tsb") for rules in read) == tsb
    for was, now in zip(read, left, strict=True):  # (the band may read a number it frees)
        assert "name:tsb" not in now
        assert not Counter(r for r in was if r != "name:tsb") - Counter(now)
    assert any(rule.startswith("name:") for rules in left for rule in rules)


def test_one_reviewers_verdicts_and_the_teams_final_verdict(ruled) -> None:  # type: ignore[no-untyped-def]
    dbp, rules, verdicts = ruled
    label(dbp, "bob", dict.fromkeys(rules, TP))  # bob differs from ana on the tsb flags
    bob = by_rule(dbp, "--reviewer", "bob")["by_rule"]
    ana = by_rule(dbp, "--reviewer", "ana")["by_rule"]
    team = by_rule(dbp)["by_rule"]
    for rule, counts in expected(rules, verdicts).items():
        assert (bob[rule]["true_positives"], bob[rule]["false_positives"]) == (counts["flags"], 0)
        assert (ana[rule]["true_positives"], ana[rule]["false_positives"]) == (
            counts[TP], counts[FP])  # fmt: skip
        # the team's verdict: agreed where they agree, in dispute where they differ
        disputed = counts[FP]
        assert team[rule]["in_dispute"] == disputed
        assert team[rule]["true_positives"] == counts[TP]
    assert team["name:tsb"]["precision"] is None and team["name:tsb"]["unmeasured"]
    assert by_rule(dbp, "--reviewer", "bob")["rules_below_run"] == []


def test_flags_without_a_rule_group_as_not_recorded(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = str(tmp_path / "r.db")
    ingest(tmp_path, dbp)
    engine = db.make_engine(dbp)
    with engine.begin() as c:  # as flags stored before their rule was kept
        c.execute(update(F).where(F.c.rule == "name:tsb").values(rule=None))
    engine.dispose()
    rules = rules_of(dbp)
    verdicts = {claim: FP if rule is None else TP for claim, rule in rules.items()}
    label(dbp, "ana", verdicts)
    figures = by_rule(dbp)
    row = figures["by_rule"]["(not recorded)"]
    none = sum(rule is None for rule in rules.values())
    assert none and (row["flags"], row["false_positives"], row["precision"]) == (none, none, 0.0)
    assert "name:tsb" not in figures["by_rule"]
    assert figures["rules_below_run"] == [{"rule": "(not recorded)", "mostly_false": True,
                                           "off": None}]  # fmt: skip
    shown = table(dbp)
    assert "(not recorded)" in shown and "no rule id to switch off" in shown
    assert "[rules] off" not in shown
    listed = runner.invoke(app, ["rules", "--db", dbp], env={"COLUMNS": "250"}).stdout
    assert f"(not recorded): 0.0% [0.0–0.0] · 0/{none} true · {none} flag" in listed


def test_a_rule_is_estimated_from_the_queue_and_bounded_where_unmeasured(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Labels through the run's queue are each rule's sample; a rule the queue has not
    reached yet gives bounds, marked `*`, never a point."""
    dbp = str(tmp_path / "r.db")
    ingest(tmp_path, dbp)
    rules = rules_of(dbp)
    engine = db.make_engine(dbp)
    with Session(engine) as session:  # the queue's first two flags, as the app brings them
        queued = []
        while len(queued) < 2 and (
            f := db.next_unlabeled(session=session, run_id=1, reviewer="ana")
        ):
            verdict = FP if f.rule == "name:tsb" else TP
            db.record_label(session=session, claim_id=f.claim_id, reviewer="ana",
                            verdict=verdict, run_id=1, queue=True)  # fmt: skip
            queued.append((f.claim_id, verdict))
    engine.dispose()
    everything = by_rule(dbp)
    figures = everything["by_rule"]
    sample = expected(rules, dict(queued))
    # the tsb name reading made exactly the flags of unit `none`: the same figures
    assert units_of(dbp)["none"] == {c for c, rule in rules.items() if rule == "name:tsb"}
    assert figures["name:tsb"] == everything["by_unit"]["none"]
    for rule, counts in sample.items():
        row = figures[rule]
        tp, fp = counts[TP], counts[FP]
        assert (row["true_positives"], row["false_positives"]) == (tp, fp)
        if tp + fp:  # the sample's share, its interval around it
            assert row["precision"] == pytest.approx(tp / (tp + fp)) and not row["unmeasured"]
            low, high = row["precision_ci"]
            assert low <= tp / (tp + fp) <= high
        else:
            assert row["precision"] is None and row["precision_ci"] == [0.0, 1.0]
            assert row["unmeasured"] == ["sampled"]
    assert any(not c[TP] + c[FP] for c in sample.values())  # some rule not reached yet
    shown = table(dbp)
    assert "0.0–100.0*" in shown and "* bounds, not an interval: some flags of that rule" in shown


def test_rules_with_a_database_gives_each_rules_labeled_precision(ruled) -> None:  # type: ignore[no-untyped-def]
    """`reviewer rules --db`: the figures beside each catalogue rule, every name:WORDS
    reading counted as `name`, the id a config switches off."""
    dbp, rules, verdicts = ruled
    result = runner.invoke(app, ["rules", "--format", "json", "--db", dbp])
    assert result.exit_code == 0, result.output
    listed = {rule["id"]: rule["labeled"] for rule in json.loads(result.stdout)}
    grouped: dict[str, Counter] = {}
    for claim, rule in rules.items():
        counts = grouped.setdefault("name" if rule.startswith("name:") else rule, Counter())
        counts["flags"] += 1
        counts[verdicts[claim]] += 1
    for rule_id, counts in grouped.items():
        row = listed[rule_id]
        assert (row["run_id"], row["flags"]) == (1, counts["flags"])
        assert (row["true_positives"], row["false_positives"]) == (counts[TP], counts[FP])
        assert row["precision"] == pytest.approx(counts[TP] / counts["flags"])
    assert listed["plan.bound"] is None  # a reading that makes no flag
    shown = runner.invoke(app, ["rules", "--db", dbp], env={"COLUMNS": "250"}).stdout
    name = grouped["name"]
    share = 100 * name[TP] / name["flags"]
    assert "labeled in run 1" in shown
    assert f"{share:.1f}% [{share:.1f}–{share:.1f}] · {name[TP]}/{name['flags']} true" in shown


def test_rules_with_a_database_refuses_what_it_cannot_show(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dbp = str(tmp_path / "r.db")
    ingest(tmp_path, dbp)
    for args, said in (
        (["--db", dbp, "--run", "9"], "no detector run 9"),
        (["--db", dbp, "--format", "markdown"], "the markdown is the docs' catalogue"),
    ):
        result = runner.invoke(app, ["rules", *args])
        assert result.exit_code == 2 and said in result.stderr, (args, result.output)
        assert "Traceback" not in result.output
    # --run alone reads the database every command reads: $REVIEWER_DB, else ./reviewer.db
    missing = str(tmp_path / "none.db")
    result = runner.invoke(app, ["rules", "--run", "1"], env={"REVIEWER_DB": missing})
    assert result.exit_code == 2 and f"{missing}: no such database" in result.stderr
    result = runner.invoke(app, ["rules", "--run", "1"], env={"REVIEWER_DB": dbp})
    assert result.exit_code == 0 and "labeled in run 1" in " ".join(result.stdout.split())


def test_while_a_stratum_is_unmeasured_rules_are_held_against_the_labels(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Labels made by hand on all flags but one of the tsb name reading's: the run's
    estimate is bounds (the flag left has no queue label), so a rule is held against what
    the labels alone say, and that reading, false on every label, is still the one to
    switch off."""
    dbp = str(tmp_path / "r.db")
    ingest(tmp_path, dbp)
    rules = rules_of(dbp)
    left = max(claim for claim, rule in rules.items() if rule == "name:tsb")
    label(dbp, "ana", {c: FP if r == "name:tsb" else TP for c, r in rules.items() if c != left})
    figures = by_rule(dbp)
    assert figures["precision"] is None and figures["unmeasured"]  # bounds, no estimate
    tsb = sum(rule == "name:tsb" for rule in rules.values()) - 1  # its labeled flags
    assert figures["labeled_precision"]["precision"] == pytest.approx(
        (len(rules) - 1 - tsb) / (len(rules) - 1)
    )
    assert [advice["off"] for advice in figures["switch_off"]] == ["name:tsb"]
    assert '[rules] off = ["name:tsb"]' in table(dbp)


def test_piped_a_long_rule_keeps_its_row_on_one_line(tmp_path: Path) -> None:
    # a console squeezes a table into 80 columns when stdout is no terminal: a metric's
    # long name then wrapped onto a second line that read as a row of its own
    name = "resting_heart_rate_measured_each_morning_before_rising"
    line = json.dumps({"id": "a", "text": "The resting heart rate measured each morning "
                       "before rising was 70 bpm today.",
                       "pool": [{"name": name, "value": 52, "unit": "bpm"}]})  # fmt: skip
    briefs = write_briefs(tmp_path / "b.jsonl", [line])
    dbp = str(tmp_path / "r.db")
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    for args in (["ingest", str(briefs)], ["stats", "--by-rule"]):
        done = subprocess.run([sys.executable, "-m", "reviewer", *args, "--db", dbp],
                              capture_output=True, text=True, env=env, check=True)  # fmt: skip
    rows = [r for r in done.stdout.splitlines() if "name:resting heart rate" in r]
    assert len(rows) == 1 and "rising" in rows[0] and "0.0–100.0*" in rows[0]
    assert max(map(len, done.stdout.splitlines())) > 80
