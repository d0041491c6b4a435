"""`reviewer export` and `reviewer regress` through the real CLI: export on a real SQLite
file and on PostgreSQL (the `database` fixture), regress from exported fixtures."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from sqlmodel import Session, select
from typer.testing import CliRunner

import db
from db import tables
from db.views import pool_to_json
from db.writes import Scan, digest, finish_run, insert_briefs, pool_pks, start_run, store_scans
from reviewer import Flag, Known
from reviewer.cli import app

runner = CliRunner()
POOL = (Known("distance", 45.2, "mi"), Known("tsb", -22.4, "none"))
TEXT = "Ran 45 min at easy pace; form sits at +22.4 and rhr 50 bpm."
BRIEF_ID = "../../x \u00e9t\u00e9 report"
FP = Flag(4, 6, "45", 45.0, "mi", "distance", 45.2, -0.2, "value")
TP = Flag(38, 43, "+22.4", 22.4, "none", "tsb", -22.4, 44.8, "sign")
SKIPPED = Flag(52, 54, "50", 50.0, "mi", "distance", 45.2, 4.8, "value")


class FlagsSpans:
    """A plugin detector that flags fixed spans, for replaying fixtures of TEXT."""

    def __init__(self, *flags: Flag) -> None:
        self.flags = list(flags)

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        return [f for f in self.flags if text[f.start : f.end] == f.token]


CORRECT = FlagsSpans(TP)  # misses the false positive, keeps the true one
FLAGS_ALL = FlagsSpans(FP, TP)  # flags the false positive again
FLAGS_NONE = FlagsSpans()  # misses the true positive
PLUGIN = "test_cli_export_regress"


def add_run(engine, detector: str, version: str, brief_pk: int, flags: list[Flag]) -> None:  # type: ignore[no-untyped-def]
    with Session(engine) as session:
        run_id = start_run(session, detector=detector, version=version, config="{}")
        store_scans(session, run_id, [Scan(brief_pk, 3, flags)])
        finish_run(session, run_id)
        session.commit()


def claim_ids(engine) -> dict[str, int]:  # type: ignore[no-untyped-def]
    with Session(engine) as session:
        return {c.token: c.id for c in session.exec(select(db.Claim))}  # type: ignore[misc]


@pytest.fixture
def labeled_db(database: str) -> str:
    """One brief with a hostile id, one run of `reference 1.0`, three flags: a false
    positive (with a note), a true positive and a skip."""
    return make_labeled(database)


def make_labeled(path: Path | str) -> str:
    engine = db.make_engine(str(path))
    with Session(engine) as session:
        knowns = pool_to_json(POOL)
        (pool_pk,) = pool_pks(session, [(digest(knowns), knowns)])
        (brief_pk,) = insert_briefs(
            session,
            [{"brief_id": BRIEF_ID, "text": TEXT, "pool_pk": pool_pk, "digest": digest(TEXT)}],
        )
        session.commit()
    add_run(engine, "reference", "1.0", brief_pk, [FP, TP, SKIPPED])
    ids = claim_ids(engine)
    with Session(engine) as session:
        db.record_label(
            session=session, claim_id=ids["45"], reviewer="ana", verdict="false_positive",
            note="minutes read as miles",
        )  # fmt: skip
        db.record_label(
            session=session, claim_id=ids["+22.4"], reviewer="ana", verdict="true_positive"
        )
        db.record_label(session=session, claim_id=ids["50"], reviewer="ana", verdict="skip")
    engine.dispose()
    return str(path)


def export(db_path: Path | str, out: Path, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["export", "--out", str(out), "--db", str(db_path), *args])


def regress(folder: Path, *args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["regress", str(folder), *args])


def fixtures_in(folder: Path) -> dict[str, dict]:
    return {
        json.loads(p.read_text())["token"]: json.loads(p.read_text())
        for p in sorted(folder.glob("*.json"))
    }


# --- export -----------------------------------------------------------------------------


def test_export_writes_one_fixture_per_labeled_flag(labeled_db: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = export(labeled_db, out)
    assert result.exit_code == 0, result.output
    assert "2 written, 0 unchanged, 0 conflicts" in result.stdout
    found = fixtures_in(out)
    assert set(found) == {"45", "+22.4"}  # the skip is not exported
    fp, tp = found["45"], found["+22.4"]
    assert fp["verdict"] == "false_positive" and fp["expect"] == "not_flagged"
    assert tp["verdict"] == "true_positive" and tp["expect"] == "flagged"
    assert fp["text"] == TEXT and fp["brief_id"] == BRIEF_ID
    assert fp["span"] == {"start": 4, "end": 6}
    assert fp["pool"] == [{"name": "distance", "value": 45.2, "unit": "mi"},
                          {"name": "tsb", "value": -22.4, "unit": "none"}]  # fmt: skip
    assert fp["detector"] == {"name": "reference", "version": "1.0"}
    assert fp["reviewer"] == "ana" and fp["note"] == "minutes read as miles"
    assert tp["flag"]["kind"] == "sign" and tp["flag"]["nearest"] == "tsb"
    for path in out.iterdir():  # plain files the team can read and commit, not 0600 temps
        assert path.stat().st_mode & 0o044 == 0o044


def test_hostile_brief_id_stays_inside_the_folder(labeled_db: str, tmp_path: Path) -> None:
    out = tmp_path / "deep" / "er" / "out"
    assert export(labeled_db, out).exit_code == 0
    assert sorted(p.parent for p in out.rglob("*")) == [out, out]
    for p in out.iterdir():
        assert re.fullmatch(r"x-ete-report-\d+-[0-9a-f]{12}\.json", p.name)
    assert not (tmp_path / "x").exists() and not (tmp_path / "deep" / "x").exists()


def test_reexport_is_idempotent_even_after_another_detector_run(
    labeled_db: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    export(labeled_db, out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    engine = db.make_engine(str(labeled_db))
    with Session(engine) as session:
        (brief_pk,) = [b.pk for b in session.exec(select(db.Brief))]
    add_run(engine, "default", "2.0", brief_pk, [TP])
    engine.dispose()
    result = export(labeled_db, out)
    assert result.exit_code == 0
    assert "0 written, 2 unchanged, 0 conflicts" in result.stdout
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_changed_label_is_refused_unless_forced(labeled_db: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    export(labeled_db, out)
    engine = db.make_engine(str(labeled_db))
    with Session(engine) as session:
        db.set_note(session=session, claim_id=claim_ids(engine)["45"], reviewer="ana", note="new")
    engine.dispose()
    (fp_file,) = [p for p in out.iterdir() if json.loads(p.read_text())["token"] == "45"]
    old = fp_file.read_bytes()
    refused = export(labeled_db, out)
    assert refused.exit_code == 1
    assert f"refused: {fp_file} exists with different content" in refused.stderr
    assert "0 written, 1 unchanged, 1 conflict" in refused.stdout
    assert fp_file.read_bytes() == old
    forced = export(labeled_db, out, "--force")
    assert forced.exit_code == 0 and "1 written" in forced.stdout
    assert json.loads(fp_file.read_text())["note"] == "new"


def test_a_fixture_the_labels_no_longer_back_is_reported_then_pruned(
    labeled_db: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert export(labeled_db, out).exit_code == 0
    files = {json.loads(p.read_text())["token"]: p for p in out.glob("*.json")}
    foreign = out / "other-database.json"  # a fixture of briefs this database never had
    foreign.write_text(json.dumps({**json.loads(files["45"].read_text()), "brief_id": "elsewhere"}))
    engine = db.make_engine(str(labeled_db))
    ids = claim_ids(engine)
    with Session(engine) as session:
        db.undo_last_label(session=session, reviewer="ana")  # the skip on "50"
        db.undo_last_label(session=session, reviewer="ana")  # the true positive on "+22.4"
        db.record_label(  # a second reviewer disagrees on the false positive
            session=session, claim_id=ids["45"], reviewer="ben", verdict="true_positive"
        )
    engine.dispose()
    before = {p: p.read_bytes() for p in out.glob("*.json")}
    stale = export(labeled_db, out)
    assert stale.exit_code == 1
    assert f"stale: {files['+22.4']}: no current true or false positive label" in stale.stderr
    assert f"stale: {files['45']}: its reviewers now disagree" in stale.stderr
    assert "--prune removes" in stale.stderr and "2 stale" in stale.stdout
    assert {p: p.read_bytes() for p in out.glob("*.json")} == before  # reported, untouched
    pruned = export(labeled_db, out, "--prune")
    assert pruned.exit_code == 0 and "2 stale removed" in pruned.stdout
    assert sorted(out.glob("*.json")) == [foreign]  # another database's fixture stays
    assert export(labeled_db, out).exit_code == 0


def test_an_adjudicated_claim_exports_the_adjudicators_verdict(
    labeled_db: str, tmp_path: Path
) -> None:
    """ana and ben differ on "45"; cy settles it as a false positive. The fixture says what
    precision counts (the adjudicator's verdict), backed by ana and cy, and the fixture ana's
    export wrote before the dispute stays current, not stale."""
    out = tmp_path / "out"
    assert export(labeled_db, out).exit_code == 0
    before = fixtures_in(out)["45"]
    engine = db.make_engine(str(labeled_db))
    ids = claim_ids(engine)
    with Session(engine) as session:
        db.record_label(
            session=session, claim_id=ids["45"], reviewer="ben", verdict="true_positive"
        )
    disputed = export(labeled_db, out)
    assert disputed.exit_code == 1 and "its reviewers now disagree" in disputed.stderr
    with Session(engine) as session:
        db.record_label(session=session, claim_id=ids["45"], reviewer="cy",
                        verdict="false_positive", role="adjudicator")  # fmt: skip
    engine.dispose()
    settled = export(labeled_db, out)
    assert "stale" not in settled.stderr and "disagree" not in settled.stderr
    assert settled.exit_code == 1  # the fixture now names cy too: a conflict, not a loss
    assert "1 conflict" in settled.stdout
    fresh = export(labeled_db, tmp_path / "fresh")
    assert fresh.exit_code == 0, fresh.output
    assert "left out" not in fresh.stderr and "2 written" in fresh.stdout
    fp = fixtures_in(tmp_path / "fresh")["45"]
    assert fp["verdict"] == "false_positive" and fp["reviewer"] == "ana, cy"
    assert fp["note"] == "ana: minutes read as miles"
    assert {k: v for k, v in fp.items() if k not in ("reviewer", "note")} == {
        k: v for k, v in before.items() if k not in ("reviewer", "note")
    }


def test_an_adjudicator_overruling_both_reviewers_decides_the_fixture(
    labeled_db: str, tmp_path: Path
) -> None:
    engine = db.make_engine(str(labeled_db))
    ids = claim_ids(engine)
    with Session(engine) as session:
        db.record_label(
            session=session, claim_id=ids["45"], reviewer="ben", verdict="false_positive"
        )
        db.record_label(session=session, claim_id=ids["45"], reviewer="cy",
                        verdict="true_positive", role="adjudicator")  # fmt: skip
    engine.dispose()
    result = export(labeled_db, tmp_path / "out", "--only", "true-positive")
    assert result.exit_code == 0, result.output
    tp = fixtures_in(tmp_path / "out")
    assert set(tp) == {"45", "+22.4"}
    assert tp["45"]["verdict"] == "true_positive" and tp["45"]["reviewer"] == "cy"


def test_only_and_reviewer_filters(labeled_db: str, tmp_path: Path) -> None:
    assert export(labeled_db, tmp_path / "fp", "--only", "false-positive").exit_code == 0
    assert set(fixtures_in(tmp_path / "fp")) == {"45"}
    assert export(labeled_db, tmp_path / "tp", "--only", "true-positive").exit_code == 0
    assert set(fixtures_in(tmp_path / "tp")) == {"+22.4"}
    result = export(labeled_db, tmp_path / "ben", "--reviewer", "ben")
    assert result.exit_code == 0 and "0 written" in result.stdout
    assert fixtures_in(tmp_path / "ben") == {}


def test_export_from_a_missing_database_or_into_a_file_exits_2(
    labeled_db: str, tmp_path: Path
) -> None:
    missing = export(tmp_path / "typo.db", tmp_path / "out")
    assert missing.exit_code == 2 and "typo.db: no such database" in missing.stderr
    assert not (tmp_path / "typo.db").exists()
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    blocked = export(labeled_db, a_file)
    assert blocked.exit_code == 2 and str(a_file) in blocked.stderr


# --- regress ----------------------------------------------------------------------------


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    out = tmp_path / "fixtures"
    assert export(make_labeled(tmp_path / "labels.db"), out).exit_code == 0
    return out


def names_by_token(folder: Path) -> dict[str, str]:
    return {json.loads(p.read_text())["token"]: p.name for p in folder.glob("*.json")}


def test_regress_passes_when_every_expectation_holds(exported: Path) -> None:
    result = regress(exported, "--detector", f"{PLUGIN}:CORRECT")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("PASS  ") == 2 and "FAIL" not in result.stdout
    assert "2 passed, 0 failed (FlagsSpans)" in result.stdout


def test_regress_fails_on_a_false_positive_flagged_again(exported: Path) -> None:
    names = names_by_token(exported)
    result = regress(exported, "--detector", f"{PLUGIN}:FLAGS_ALL")
    assert result.exit_code == 1
    assert (
        f"FAIL  {names['45']}  false positive flagged again: "
        "'45' read as 45 mi, nearest distance 45.2 (value)"
    ) in result.stdout
    assert f"PASS  {names['+22.4']}" in result.stdout
    assert f"failed: {names['45']}" in result.stdout


def test_regress_fails_on_a_missed_true_positive(exported: Path) -> None:
    names = names_by_token(exported)
    result = regress(exported, "--detector", f"{PLUGIN}:FLAGS_NONE")
    assert result.exit_code == 1
    assert f"FAIL  {names['+22.4']}  true positive missed: '+22.4' at 38-43" in result.stdout
    assert f"failed: {names['+22.4']}" in result.stdout


def test_regress_bad_fixture_exits_2_naming_the_file(exported: Path) -> None:
    bad = exported / "zz-broken.json"
    bad.write_text('{"format": "reviewer-regression/1"', encoding="utf-8")
    result = regress(exported, "--detector", f"{PLUGIN}:CORRECT")
    assert result.exit_code == 2
    assert f"{bad}:1: invalid JSON" in result.stderr
    assert "PASS" not in result.stdout


def beyond_limits(folder: Path) -> dict[str, str]:
    """Fixture files JSON can spell but no reader should take, from a good one: file name
    -> the problem regress must report."""
    good = json.loads(next(folder.glob("*.json")).read_text())
    files = {
        "zz-digits.json": (
            json.dumps({**good, "note": None}).replace('"note": null', '"note": 1' + "0" * 5000),
            "an integer of 5,001 digits (at most 4,300)",
        ),
        "zz-deep.json": ("[" * 100_000 + "]" * 100_000, "JSON nested more than 64 levels deep"),
        "zz-huge.json": (
            json.dumps({**good, "pool": [{"name": "x", "value": 10**400, "unit": "mi"}]}),
            "field 'pool[0].value' is too large a number",
        ),
        "zz-twice.json": (  # which verdict? the last one would flip what regress expects
            '{"verdict": "true_positive", ' + json.dumps(good)[1:],
            "key 'verdict' is given twice in one object",
        ),
    }
    for name, (text, _) in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {name: problem for name, (_, problem) in files.items()}


def test_regress_names_every_fixture_beyond_the_limits_and_exits_2(exported: Path) -> None:
    problems = beyond_limits(exported)
    result = regress(exported, "--detector", f"{PLUGIN}:CORRECT")
    assert result.exit_code == 2, result.output
    for name, problem in problems.items():
        assert f"{exported / name}: {problem}" in result.stderr
    assert "Traceback" not in result.output and "PASS" not in result.stdout


def test_export_reports_unreadable_files_in_its_folder(tmp_path: Path) -> None:
    labels = make_labeled(tmp_path / "labels.db")
    out = tmp_path / "fixtures"
    assert export(labels, out).exit_code == 0
    problems = beyond_limits(out)
    (out / "zz-broken.json").write_text("{", encoding="utf-8")
    result = export(labels, out)
    assert result.exit_code == 1, result.output  # regress cannot replay this folder
    for name, problem in problems.items():
        assert f"unreadable: {out / name}: {problem}; regress will report it" in result.stderr
    assert f"unreadable: {out / 'zz-broken.json'}:1: invalid JSON" in result.stderr
    assert f"0 written, 2 unchanged, 0 conflicts, {len(problems) + 1} unreadable" in result.stdout


def test_escape_sequences_in_file_names_and_plugins_are_shown_not_sent(
    exported: Path, tmp_path: Path
) -> None:
    """On a terminal nothing strips them: `color=True` keeps click from doing it here."""
    good = next(exported.glob("*.json"))
    folder = tmp_path / "esc"
    folder.mkdir()
    (folder / "\x1b[31mred.json").write_bytes(good.read_bytes())
    (folder / "\x1b[2Jbad.json").write_text("{", encoding="utf-8")
    bad = runner.invoke(app, ["regress", str(folder)], color=True)
    assert bad.exit_code == 2
    assert "\x1b" not in bad.output and "\u241b[2Jbad.json:1: invalid JSON" in bad.stderr
    (folder / "\x1b[2Jbad.json").unlink()
    result = runner.invoke(app, ["regress", str(folder), "-d", f"{PLUGIN}:LOUD"], color=True)
    assert result.exit_code == 1
    assert "\x1b" not in result.output
    assert "PASS  \u241b[31mred.json" not in result.stdout  # it raised, so it fails
    assert "detector raised RuntimeError: boom \u241b[2J" in result.stdout
    assert "(\u241b[31mevil 1)" in result.stdout


class Loud:
    """A plugin whose name and error carry escape sequences."""

    name = "\x1b[31mevil"
    version = "1"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        raise RuntimeError("boom \x1b[2J")


LOUD = Loud()


def test_regress_empty_or_missing_folder_exits_2(tmp_path: Path) -> None:
    empty = regress(tmp_path)
    assert empty.exit_code == 2 and "no fixture files" in empty.stderr
    missing = regress(tmp_path / "nope")
    assert missing.exit_code == 2 and "no such file or directory" in missing.stderr


def test_regress_unknown_detector_exits_2(exported: Path) -> None:
    result = regress(exported, "--detector", "no-such-detector")
    assert result.exit_code == 2 and "no-such-detector" in result.stderr


# --- the project's own fixtures ---------------------------------------------------------

REGRESSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "regressions"


def shipped() -> dict[str, dict]:
    return {p.name: json.loads(p.read_text()) for p in sorted(REGRESSIONS.glob("*.json"))}


def test_default_passes_every_shipped_fixture() -> None:
    fixtures = shipped()
    assert len(fixtures) > 100
    assert {f["verdict"] for f in fixtures.values()} == {"true_positive", "false_positive"}
    result = regress(REGRESSIONS, "--detector", "default")
    assert result.exit_code == 0, result.stdout[-2000:]
    assert f"{len(fixtures)} passed, 0 failed (default " in result.stdout


def test_reference_fails_naming_its_known_false_positives() -> None:
    fixtures = shipped()
    false_positives = {n for n, f in fixtures.items() if f["verdict"] == "false_positive"}
    # reference 1.0 read "13 %" and a no-break space before a unit as no unit (weakness 5);
    # the published rules strip that whitespace, so those false positives are gone for good
    raised_by_reference = {
        n
        for n in false_positives
        if fixtures[n]["detector"]["name"] == "reference"
        and not fixtures[n]["note"].startswith("planted weakness-5")
    }
    only_default_caught = {
        n
        for n, f in fixtures.items()
        if f["verdict"] == "true_positive" and f["detector"]["name"] == "default"
    }
    result = regress(REGRESSIONS, "--detector", "reference")
    assert result.exit_code == 1
    failed = set(re.findall(r"^FAIL  (\S+)  ", result.stdout, flags=re.MULTILINE))
    assert raised_by_reference  # the fixtures do hold the reference's false positives
    assert raised_by_reference <= failed  # every false positive it raised, it raises again
    assert failed <= false_positives | only_default_caught
    for name in raised_by_reference:
        assert f"FAIL  {name}  false positive flagged again: " in result.stdout
    (named,) = [line for line in result.stdout.splitlines() if line.startswith("failed: ")]
    assert set(named.removeprefix("failed: ").split(", ")) == failed


def test_regress_applies_the_config_file(tmp_path: Path) -> None:
    tight = tmp_path / "tight.toml"
    tight.write_text("[thresholds]\nvalue = 0.035\n", encoding="utf-8")
    result = regress(REGRESSIONS, "--detector", "default", "--config", str(tight))
    assert result.exit_code == 1  # corrupted values 4-11% off now fall outside the value band
    assert "true positive missed: " in result.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text("faithful = 'x'\n", encoding="utf-8")
    broken = regress(REGRESSIONS, "--config", str(bad))
    assert broken.exit_code == 2 and str(bad) in broken.stderr


def test_a_label_made_before_replace_exports_the_text_it_was_made_on(
    labeled_db: str, tmp_path: Path
) -> None:
    moved = "Today rhr 50 bpm; form sits at +22.4 after we ran 45 min at easy pace."
    briefs = tmp_path / "new.jsonl"
    pool = [{"name": k.name, "value": k.value, "unit": k.unit} for k in POOL]
    briefs.write_text(json.dumps({"id": BRIEF_ID, "text": moved, "pool": pool}) + "\n")
    result = runner.invoke(
        app, ["ingest", str(briefs), "--replace", "--no-flag", "--db", str(labeled_db)]
    )
    assert result.exit_code == 0 and "1 replaced" in result.stdout
    engine = db.make_engine(str(labeled_db))
    with engine.connect() as conn:  # the old text is kept beside the new one
        (kept,) = conn.execute(select(tables.briefversion.c.text)).scalars()
        assert kept == TEXT
    engine.dispose()
    out = tmp_path / "out"
    assert export(labeled_db, out).exit_code == 0
    for fixture in fixtures_in(out).values():  # every fixture's span holds its token
        span = fixture["span"]
        assert fixture["text"][span["start"] : span["end"]] == fixture["token"]
        assert fixture["text"] == TEXT
    assert set(fixtures_in(out)) == {"45", "+22.4"}
    assert regress(out, "-d", f"{PLUGIN}:CORRECT").exit_code == 0
