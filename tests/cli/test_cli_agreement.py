"""`reviewer agreement` on a real database: figures equal the reference packages'."""

from __future__ import annotations

import json
import random

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score
from sqlalchemy import text
from sqlmodel import Session
from typer.testing import CliRunner

import db
from reviewer.cli import app
from tests.support.db_seed import add_run, flag, seed

REVIEWERS = ("ann", "bob", "[red]cy")  # a name is data, never markup


@pytest.fixture
def labeled(tmp_path):
    """Forty briefs, two flags each (a value and a sign flag), labeled by three reviewers
    who mostly agree; returns the path and every stored verdict."""
    path = tmp_path / "team.db"
    engine, run_id, pks = seed(
        path, [[flag(10, "55", 55.0), flag(20, "22.4", 22.4, "sign", "none")]] * 40
    )
    rng = random.Random(8)
    verdicts: dict[int, dict[str, str]] = {}
    with Session(engine) as session:
        for pk in pks:
            for f in db.brief_flags(session=session, run_id=run_id, brief_pk=pk, reviewer="x"):
                truth = rng.choice(["true_positive", "false_positive"])
                for reviewer in REVIEWERS:
                    if rng.random() < 0.3:
                        continue
                    verdict = truth if rng.random() < 0.8 else rng.choice(["true_positive", "skip"])
                    db.record_label(
                        session=session, claim_id=f.claim_id, reviewer=reviewer, verdict=verdict
                    )
                    if verdict != "skip":
                        verdicts.setdefault(f.claim_id, {})[reviewer] = verdict
    engine.dispose()
    return path, verdicts


def reference_alpha(verdicts: dict[int, dict[str, str]]) -> float:
    code = {"true_positive": 0.0, "false_positive": 1.0}
    claims = sorted(verdicts)
    matrix = [[code.get(verdicts[c].get(r, ""), np.nan) for c in claims] for r in REVIEWERS]
    return float(krippendorff.alpha(reliability_data=matrix, level_of_measurement="nominal"))


def test_agreement_json_equals_the_reference_packages(labeled) -> None:
    path, verdicts = labeled
    result = CliRunner().invoke(app, ["agreement", "--db", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    doubly = {c: v for c, v in verdicts.items() if len(v) >= 2}
    assert report["claims"] == len(doubly) > 20
    assert report["disagreements"] == sum(len(set(v.values())) > 1 for v in doubly.values())
    assert report["alpha"]["value"] == pytest.approx(reference_alpha(verdicts), abs=1e-9)
    low, high = report["alpha"]["ci"]
    assert low < report["alpha"]["value"] < high
    assert {tuple(p["reviewers"]) for p in report["pairs"]} == {
        ("[red]cy", "ann"), ("[red]cy", "bob"), ("ann", "bob"),
    }  # fmt: skip
    for pair in report["pairs"]:
        a, b = pair["reviewers"]
        both = [v for v in verdicts.values() if a in v and b in v]
        expected = cohen_kappa_score([v[a] for v in both], [v[b] for v in both])
        assert pair["claims"] == len(both)
        assert pair["kappa"]["value"] == pytest.approx(expected, abs=1e-9)
    sign = {c: v for c, v in verdicts.items() if c % 2 == 0}  # seed: claim ids alternate
    assert report["by_kind"]["sign"]["alpha"]["value"] == pytest.approx(
        reference_alpha(sign), abs=1e-9
    )
    assert "skips are not ratings" in report["ratings"]


def test_agreement_table_and_list_print_names_as_text(labeled) -> None:
    path, verdicts = labeled
    result = CliRunner().invoke(app, ["agreement", "--db", str(path), "--list"])
    assert result.exit_code == 0, result.output
    assert "[red]cy × ann" in result.output
    assert "kind sign" in result.output and "kind value" in result.output
    split = [v for v in verdicts.values() if len(set(v.values())) > 1]
    listed = [line for line in result.output.splitlines() if line.startswith("b")]
    assert len(listed) == len(split) > 0
    assert all("positive" in line for line in listed)


def test_agreement_refuses_a_missing_run_or_database(labeled, tmp_path) -> None:
    path, _ = labeled
    result = CliRunner().invoke(app, ["agreement", "--db", str(path), "--run", "9"])
    assert result.exit_code == 2 and "no detector run 9" in result.output
    missing = tmp_path / "none.db"
    result = CliRunner().invoke(app, ["agreement", "--db", str(missing)])
    assert result.exit_code == 2 and not missing.exists()


def test_agreement_without_double_labels_says_undefined(tmp_path) -> None:
    engine, _, _ = seed(tmp_path / "one.db", [[flag(10, "55", 55.0)]])
    engine.dispose()
    result = CliRunner().invoke(app, ["agreement", "--db", str(tmp_path / "one.db")])
    assert result.exit_code == 0
    assert "undefined (fewer than two ratings)" in result.output
    result = CliRunner().invoke(app, ["agreement", "--db", str(tmp_path / "one.db"), "--json"])
    assert json.loads(result.output)["alpha"] == {
        "value": None, "ci": None, "undefined": "fewer than two ratings", "no_interval": None,
    }  # fmt: skip


def test_stats_json_carries_agreement_and_each_reviewer(labeled) -> None:
    path, verdicts = labeled
    result = CliRunner().invoke(app, ["stats", "--db", str(path), "--json", "--by-reviewer"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    doubly = {c: v for c, v in verdicts.items() if len(v) >= 2}
    assert report["agreement"]["claims"] == len(doubly)
    assert report["agreement"]["alpha"]["value"] == pytest.approx(reference_alpha(verdicts))
    assert set(report["by_reviewer"]) == set(REVIEWERS)
    for name, row in report["by_reviewer"].items():
        mine = [v[name] for v in verdicts.values() if name in v]
        assert row["true_positives"] == mine.count("true_positive")
        assert row["false_positives"] == mine.count("false_positive")
        shared = [v for v in doubly.values() if name in v]
        assert row["with_the_rest"]["claims"] == len(shared)
        pairs = [(v[name], w) for v in shared for o, w in v.items() if o != name]
        assert row["with_the_rest"]["agreement"]["value"] == pytest.approx(
            sum(a == b for a, b in pairs) / len(pairs)
        )
        expected = cohen_kappa_score([a for a, _ in pairs], [b for _, b in pairs])
        assert row["with_the_rest"]["kappa"]["value"] == pytest.approx(expected)
    table = CliRunner().invoke(app, ["stats", "--db", str(path), "--by-reviewer"])
    assert "agreement: α" in table.output and "[red]cy" in table.output


def test_stats_json_for_one_reviewer_reads_no_agreement(tmp_path) -> None:
    engine, run_id, pks = seed(tmp_path / "solo.db", [[flag(10, "55", 55.0)]])
    with Session(engine) as session:
        (f,) = db.brief_flags(session=session, run_id=run_id, brief_pk=pks[0], reviewer="x")
        db.record_label(session=session, claim_id=f.claim_id, reviewer="ann", verdict="skip")
    engine.dispose()
    result = CliRunner().invoke(app, ["stats", "--db", str(tmp_path / "solo.db"), "--json"])
    report = json.loads(result.output)
    assert report["agreement"]["claims"] == 0
    assert report["agreement"]["alpha"]["undefined"] == "fewer than two ratings"
    assert "by_reviewer" not in report


def test_adjudication_settles_disputes_and_precision_uses_final_verdicts(labeled) -> None:
    path, verdicts = labeled
    split = {c: v for c, v in verdicts.items() if len(set(v.values())) > 1}
    agreed = {c: next(iter(v.values())) for c, v in verdicts.items() if len(set(v.values())) == 1}
    before = json.loads(CliRunner().invoke(app, ["stats", "--db", str(path), "--json"]).output)
    assert before["in_dispute"] == len(split) > 0
    assert before["true_positives"] == list(agreed.values()).count("true_positive")
    assert "adjudicator" in before["verdict_rule"]
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        for claim_id in split:  # the adjudicator calls every disputed claim a false positive
            db.record_label(session=session, claim_id=claim_id, reviewer="dee",
                            verdict="false_positive", role="adjudicator")  # fmt: skip
    engine.dispose()
    after = json.loads(CliRunner().invoke(app, ["stats", "--db", str(path), "--json"]).output)
    assert after["in_dispute"] == 0
    assert after["true_positives"] == before["true_positives"]
    assert after["false_positives"] == before["false_positives"] + len(split)
    # the adjudicator's verdicts are not ratings: agreement is what the reviewers said
    assert after["agreement"]["claims"] == before["agreement"]["claims"]
    assert after["agreement"]["alpha"] == before["agreement"]["alpha"]
    assert "0 claims in dispute" in CliRunner().invoke(app, ["stats", "--db", str(path)]).output


def test_agreement_takes_a_run_by_name_as_review_does(labeled) -> None:
    path, _ = labeled
    engine = db.open_existing(str(path))
    with engine.begin() as connection:
        pks = list(connection.scalars(text("SELECT pk FROM brief ORDER BY pk")))
        connection.execute(text("UPDATE detectorrun SET name = 'v0.40' WHERE id = 1"))
    later = add_run(engine, pks, [[flag(30, "99", 99.0)]] * len(pks))  # nobody labeled it
    engine.dispose()

    def report(*args: str) -> dict:
        result = CliRunner().invoke(app, ["agreement", "--db", str(path), "--json", *args])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    named = report("--run", "v0.40")
    assert named == report("--run", "1") == report("--run", "#1")
    assert named["claims"] > 0 and report()["claims"] == 0  # the latest run is the other one
    table = CliRunner().invoke(app, ["agreement", "--db", str(path), "--run", "v0.40"])
    assert table.exit_code == 0, table.output
    assert table.output.startswith("run #1 v0.40 (test 1, cfg ")  # named as everywhere
    result = CliRunner().invoke(app, ["agreement", "--db", str(path), "--run", "v9"])
    assert result.exit_code == 2 and "no detector run named 'v9'" in result.output
    assert later == 2


def test_six_claims_none_differing_get_no_point_interval(tmp_path) -> None:
    """Two reviewers agree on all six claims they share: raw agreement gets Wilson's
    interval (six claims cannot prove 1.00), and κ and α, which every resample gives again,
    get no interval and say why, in the table and in the JSON."""
    path = tmp_path / "six.db"
    engine, run_id, pks = seed(path, [[flag(10, "55", 55.0)]] * 6)
    with Session(engine) as session:
        for i, pk in enumerate(pks):
            (shown,) = db.brief_flags(session=session, run_id=run_id, brief_pk=pk, reviewer="x")
            verdict = "true_positive" if i % 2 else "false_positive"
            for reviewer in ("ann", "bob"):
                db.record_label(session=session, claim_id=shown.claim_id, reviewer=reviewer,
                                verdict=verdict)  # fmt: skip
    engine.dispose()
    shown = CliRunner().invoke(app, ["agreement", "--db", str(path)])
    assert shown.exit_code == 0, shown.output
    low = 6 / (6 + 1.959963984540054**2)  # Wilson's lower end at 6 of 6
    assert f"1.00 [{low:.2f}, 1.00]" in shown.output
    assert "κ 1.00 (no interval)" in shown.output and "α 1.00 (no interval)" in shown.output
    assert "no interval: every resample of those claims gives the same figure" in shown.output
    assert "[1.00, 1.00]" not in shown.output
    figures = json.loads(CliRunner().invoke(app, ["agreement", "--db", str(path), "--json"]).output)
    assert figures["agreement"]["ci"] == [pytest.approx(low), 1.0]
    assert figures["alpha"]["ci"] is None and figures["alpha"]["no_interval"]
    assert figures["pairs"][0]["kappa"]["value"] == 1.0
    assert figures["pairs"][0]["kappa"]["ci"] is None


def test_agreement_says_which_differing_claims_are_settled(labeled) -> None:
    """After an adjudicator settles some of the claims that differ, the hint counts the
    settled and the open ones, and --list shows each claim's outcome and who settled it."""
    path, verdicts = labeled
    split = sorted(c for c, v in verdicts.items() if len(set(v.values())) > 1)
    assert len(split) >= 2
    run = CliRunner()

    def said(*extra: str) -> str:
        result = run.invoke(app, ["agreement", "--db", str(path), *extra])
        assert result.exit_code == 0, result.output
        return " ".join(result.output.split())

    assert f"{len(split)} with differing verdicts (agreement --list shows them, review " \
           "--adjudicate settles them)" in said()  # fmt: skip
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        db.record_label(session=session, claim_id=split[0], reviewer="dee",
                        verdict="false_positive", role="adjudicator")  # fmt: skip
    engine.dispose()
    assert f"{len(split)} with differing verdicts: 1 settled by an adjudicator, " \
           f"{len(split) - 1} still in dispute" in said()  # fmt: skip
    shown = run.invoke(app, ["agreement", "--db", str(path), "--json", "--list"]).output
    listed = json.loads(shown)
    assert listed["in_dispute"] == len(split) - 1
    outcome = {d["claim_id"]: (d["settled"], d["adjudicators"])
               for d in listed["disagreement_list"]}  # fmt: skip
    assert outcome[split[0]] == ("false_positive", {"dee": "false_positive"})
    assert all(outcome[c] == (None, {}) for c in split[1:])
    table = said("--list")
    assert table.count("→ settled false positive by dee") == 1
    assert table.count("→ in dispute") == len(split) - 1
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        for claim_id in split[1:]:
            db.record_label(session=session, claim_id=claim_id, reviewer="dee",
                            verdict="true_positive", role="adjudicator")  # fmt: skip
    engine.dispose()
    assert f"{len(split)} with differing verdicts, every one settled by an adjudicator" in said()
    assert "review --adjudicate settles" not in said()


def test_by_reviewer_names_who_adjudicated(labeled) -> None:
    """An adjudicator is listed with the role, in the table and in --json, and one who also
    rated claims as a reviewer says so: neither reads as one more rating reviewer."""
    path, verdicts = labeled
    split = sorted(c for c, v in verdicts.items() if len(set(v.values())) > 1)
    not_anns = next(c for c, v in verdicts.items() if "ann" not in v and c not in split)
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        db.record_label(session=session, claim_id=split[0], reviewer="dee",
                        verdict="false_positive", role="adjudicator")  # fmt: skip
        db.record_label(session=session, claim_id=not_anns, reviewer="ann",
                        verdict="true_positive", role="adjudicator")  # fmt: skip
    engine.dispose()
    args = ["stats", "--db", str(path), "--by-reviewer"]
    report = json.loads(CliRunner().invoke(app, [*args, "--json"]).output)
    rows = report["by_reviewer"]
    assert rows["dee"]["roles"] == ["adjudicator"]
    assert rows["ann"]["roles"] == ["reviewer", "adjudicator"]
    assert rows["bob"]["roles"] == ["reviewer"]
    table = CliRunner().invoke(app, args).output
    said = " ".join(table.split())
    assert "dee: adjudicator only; ann: also adjudicator (an adjudicator's verdicts" in said
    assert "bob:" not in said
