"""Honest numbers on the demo: labels carried from a `default` run to a `reference` run.

The demo's known answers (fixtures/demo/briefs.jsonl, meta.planted) say which flags are
true: a flag overlapping a planted true positive is one, any other flag is a false alarm.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select, update
from typer.testing import CliRunner

import db
from db import misses, queue
from db.tables import brief as B
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from reviewer.cli import app

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"
runner = CliRunner()


def planted() -> dict[str, list[tuple[int, int, str]]]:
    answers = {}
    for line in DEMO.read_text(encoding="utf-8").splitlines():
        brief = json.loads(line)
        answers[brief["id"]] = [
            (p["start"], p["start"] + len(p["token"]), p["truth"]) for p in brief["meta"]["planted"]
        ]
    return answers


def truth_of(answers, brief_id: str, start: int, end: int) -> str:  # type: ignore[no-untyped-def]
    hit = any(s < end and start < e and t == "true_positive" for s, e, t in answers[brief_id])
    return "true_positive" if hit else "false_positive"


def run_flags(connection, run_id: int):  # type: ignore[no-untyped-def]
    query = (
        select(F.c.pk, F.c.claim_id, B.c.brief_id, F.c.start, F.c.end)
        .select_from(F.join(B, B.c.pk == F.c.brief_pk))
        .where(F.c.run_id == run_id)
    )
    return connection.execute(query).all()


def stats(dbp: Path, *args: str) -> dict:
    result = runner.invoke(app, ["stats", "--json", "--db", str(dbp), *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def label_then_reference(dbp: Path) -> None:
    """The demo flagged by `default`, every flag labeled from the answers, then `reference`."""
    assert runner.invoke(app, ["ingest", str(DEMO), "--db", str(dbp)]).exit_code == 0
    answers = planted()
    engine = db.make_engine(str(dbp))
    with engine.connect() as c:
        for _, claim_id, brief_id, start, end in run_flags(c, 1):
            verdict = truth_of(answers, brief_id, start, end)
            db.record_label(session=c, claim_id=claim_id, reviewer="ana", verdict=verdict, run_id=1)
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)]).exit_code == 0
    engine.dispose()


@pytest.fixture(scope="module")
def carried(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The demo labeled on `default` and flagged by `reference`, with a fixed queue seed."""
    dbp = tmp_path_factory.mktemp("honest") / "demo.db"
    label_then_reference(dbp)
    answers = planted()
    engine = db.make_engine(str(dbp))
    with engine.connect() as c:
        # a fixed seed for the queue, so the sample below is the same on every test run
        c.execute(update(R).where(R.c.id == 2).values(order_seed=13))
        c.execute(update(F).where(F.c.run_id == 2).values(queue_rank=None))
        assert queue.ensure_order(session=c, run_id=2) == 13
        flags = run_flags(c, 2)
    engine.dispose()
    true = sum(truth_of(answers, b, s, e) == "true_positive" for _, _, b, s, e in flags)
    return dbp, answers, true, len(flags)


def test_the_true_precision_of_reference_on_the_demo(carried) -> None:  # type: ignore[no-untyped-def]
    _, _, true, flags = carried
    assert (true, flags) == (92, 226)  # as fixtures/demo/README.md says


def test_carried_labels_are_an_inherited_stratum_and_new_flags_unmeasured(carried) -> None:  # type: ignore[no-untyped-def]
    dbp, _, true, flags = carried
    s = stats(dbp, "--run", "2")
    strata = {part["name"]: part for part in s["strata"]}
    assert strata["inherited"]["flags"] == strata["inherited"]["labeled"] > 80
    assert strata["inherited"]["precision"] > 0.95
    assert strata["new"]["flags"] > 100 and strata["new"]["labeled"] == 0
    assert s["unmeasured"] == ["new"] and s["precision"] is None
    low, high = s["precision_ci"]
    assert low <= true / flags <= high
    assert high - low > 0.5  # bounds, not a narrow interval around what was inherited
    table = runner.invoke(app, ["stats", "--run", "2", "--db", str(dbp)]).stdout
    assert "unmeasured stratum (new since run 1" in table
    assert "inherited" in table


def test_a_random_sample_of_the_new_flags_brings_an_interval_around_the_truth(carried) -> None:  # type: ignore[no-untyped-def]
    dbp, answers, true, flags = carried
    engine = db.make_engine(str(dbp))
    with engine.connect() as c:
        where = {pk: (b, s, e) for pk, _, b, s, e in run_flags(c, 2)}
        after = None
        for _ in range(40):
            found = queue.next_in_queue(session=c, run_id=2, reviewer="ana", after=after)
            assert found is not None
            assert queue.is_next_in_queue(
                session=c, run_id=2, reviewer="ana", flag_pk=found.flag_pk
            )
            verdict = truth_of(answers, *where[found.flag_pk])
            db.record_label(
                session=c, claim_id=found.claim_id, reviewer="ana", verdict=verdict,
                run_id=2, queue=True,
            )  # fmt: skip
            after = queue.queue_key(session=c, flag_pk=found.flag_pk)
    engine.dispose()
    s = stats(dbp, "--run", "2")
    assert s["unmeasured"] == [] and s["queue_labels"] == 40
    low, high = s["precision_ci"]
    assert low <= true / flags <= high
    assert high - low < 0.2
    assert s["precision"] == pytest.approx(true / flags, abs=0.1)
    assert s["against_previous"]["difference"] < -0.4  # reference is far worse than default


def test_diff_gives_each_runs_precision_the_change_and_recall_over_briefs_read_in_full(
    tmp_path: Path,
) -> None:
    """Every brief read in full after run 1 was labeled from the answers: the known
    contradictions are run 1's true positives; run 2 catches those it flags too."""
    dbp = tmp_path / "read.db"
    label_then_reference(dbp)
    engine = db.make_engine(str(dbp))
    with engine.connect() as c:
        for (brief_pk,) in c.execute(select(B.c.pk)):
            misses.set_reviewed(session=c, brief_pk=brief_pk, reviewer="ana", run_id=1)
        true_claims = set(c.execute(select(C.c.id).where(C.c.verdict == "true_positive")).scalars())
        in_run_2 = {claim for _, claim, *_ in run_flags(c, 2)}
        flags_1 = len(run_flags(c, 1))  # every one labeled: the precision is exact
    engine.dispose()
    result = runner.invoke(app, ["diff", "1", "2", "--json", "--db", str(dbp)])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    a, b = found["recall"]["a"], found["recall"]["b"]
    assert (a["caught"], a["missed"]) == (len(true_claims), 0)
    caught = len(true_claims & in_run_2)
    assert 80 < caught < len(true_claims)  # reference misses the hidden sign inversions
    assert (b["caught"], b["missed"]) == (caught, len(true_claims) - caught)
    low, high = b["recall_ci"]
    assert low < caught / len(true_claims) < high and high - low < 0.2
    assert found["precision"]["a"]["precision"] == pytest.approx(len(true_claims) / flags_1)
    assert (
        found["precision"]["a"]["precision_ci"] == [pytest.approx(len(true_claims) / flags_1)] * 2
    )
    assert found["precision"]["b"]["unmeasured"] == ["new"]
    assert found["precision"]["difference"]["difference"] is None
    dlow, dhigh = found["precision"]["difference"]["bounds"]
    assert dlow < -0.5 < dhigh
    text = runner.invoke(app, ["diff", "1", "2", "--db", str(dbp)]).stdout
    share = 100 * caught / len(true_claims)
    assert f"recall #2: {share:.1f}% [" in text
    assert f"({caught} caught, {len(true_claims) - caught} missed)" in text
    assert "precision #2: between " in text and "(unmeasured: new)" in text


def test_each_kind_and_unit_is_estimated_over_its_strata_not_pooled(tmp_path: Path) -> None:
    """Run 2 inherits run 1's census (nearly all true) and gets 40 labels from its queue.
    Pooling the two put each kind's and unit's interval far above its true precision; over
    the strata each interval holds the truth, and a slice whose queue sample is empty gets
    bounds, marked as such."""
    dbp = tmp_path / "demo.db"
    label_then_reference(dbp)
    answers = planted()
    engine = db.make_engine(str(dbp))
    truth: dict[tuple[str, str], list[int]] = {}
    with engine.connect() as c:
        c.execute(update(R).where(R.c.id == 2).values(order_seed=13))
        c.execute(update(F).where(F.c.run_id == 2).values(queue_rank=None))
        queue.ensure_order(session=c, run_id=2)
        rows = c.execute(select(F.c.pk, F.c.kind, F.c.unit).where(F.c.run_id == 2)).all()
        slices = {pk: (kind, unit) for pk, kind, unit in rows}
        where = {pk: (b, s, e) for pk, _, b, s, e in run_flags(c, 2)}
        for pk, (kind, unit) in slices.items():
            true = truth_of(answers, *where[pk]) == "true_positive"
            for key in (("kind", kind), ("unit", unit)):
                truth.setdefault(key, [0, 0])[0] += true
                truth[key][1] += 1
        after = None
        for _ in range(40):
            found = queue.next_in_queue(session=c, run_id=2, reviewer="ana", after=after)
            assert found is not None
            db.record_label(session=c, claim_id=found.claim_id, reviewer="ana",
                            verdict=truth_of(answers, *where[found.flag_pk]), run_id=2,
                            queue=True)  # fmt: skip
            after = queue.queue_key(session=c, flag_pk=found.flag_pk)
    engine.dispose()
    s = stats(dbp, "--run", "2")
    checked = 0
    for (place, name), (true, flags) in truth.items():
        part = s[f"by_{place}"][name]
        assert part["flags"] == flags
        low, high = part["precision_ci"]
        assert low - 1e-9 <= true / flags <= high + 1e-9, (place, name, part, true / flags)
        if part["unmeasured"]:
            assert part["precision"] is None and part["precision_bounds"] == [low, high]
        else:
            assert part["labels_needed"] <= flags - part["labeled"]  # never more than are left
        checked += 1
    assert checked >= 6
    # the pooled figure this replaces: "value" labels are 74% true, its flags 46%
    value = s["by_kind"]["value"]
    pooled = value["true_positives"] / (value["true_positives"] + value["false_positives"])
    assert pooled > value["precision_ci"][1]
    table = runner.invoke(app, ["stats", "--run", "2", "--db", str(dbp)]).stdout
    if any(p["unmeasured"] for p in [*s["by_kind"].values(), *s["by_unit"].values()]):
        assert "* bounds, not an interval" in table


def test_a_fully_labeled_slice_needs_no_more_labels(carried) -> None:  # type: ignore[no-untyped-def]
    dbp, *_ = carried
    s = stats(dbp, "--run", "1")  # every flag of run 1 is labeled
    for part in [*s["by_kind"].values(), *s["by_unit"].values()]:
        assert part["coverage"] == 1.0 and part["labels_needed"] == 0, part
        low, high = part["precision_ci"]
        assert low == high == part["precision"]
