"""`reviewer ingest` run for real on files under tmp_path, checked against the database."""

from __future__ import annotations

import json
import re
import sqlite3

from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.store_files import TEXTS, brief_line, row_counts, write_briefs

runner = CliRunner()


def ingest(*args: str, input: str | None = None):
    return runner.invoke(app, ["ingest", *args], input=input)


def test_ingesting_the_same_file_twice_adds_nothing(tmp_path):
    briefs, dbp = write_briefs(tmp_path / "briefs.jsonl"), tmp_path / "r.db"
    first = ingest(str(briefs), "--db", str(dbp))
    assert first.exit_code == 0, first.output
    assert "5 briefs added, 0 unchanged, 0 rejected" in first.stdout
    assert "run 1 (default" in first.stdout
    counts = row_counts(dbp)
    assert counts["brief"] == 5 and counts["detectorrun"] == 1 and counts["flagrecord"] > 0
    assert counts["pool"] == 1  # the same pool is stored once
    second = ingest(str(briefs), "--db", str(dbp))
    assert second.exit_code == 0, second.output
    assert "0 briefs added, 5 unchanged, 0 rejected" in second.stdout
    assert "no new detector run" in second.stdout
    assert row_counts(dbp) == counts


def test_a_bad_line_names_file_and_line_and_stores_nothing_of_that_file(tmp_path):
    dbp = tmp_path / "r.db"
    ingest(str(write_briefs(tmp_path / "good.jsonl")), "--db", str(dbp))
    before = row_counts(dbp)
    bad = write_briefs(
        tmp_path / "bad.jsonl",
        [
            brief_line("n1", "New brief, HR 50 bpm."),
            brief_line("n2", "Also new."),
            '{"id": "n3", "text": ""}',
        ],
    )
    result = ingest(str(bad), "--db", str(dbp))
    assert result.exit_code == 2  # bad input, like a usage error
    assert f"{bad}:3: field 'text' is empty" in result.stderr
    assert (
        f"nothing was stored: {bad} was refused at line 3; the database is unchanged"
        in result.stderr
    )
    assert "--skip-invalid" in result.stderr
    assert result.stdout == ""  # no "0 briefs added" as if it had worked
    assert "Traceback" not in result.output
    assert row_counts(dbp) == before


def test_a_refused_file_into_a_new_database_says_it_holds_nothing(tmp_path):
    dbp = tmp_path / "new.db"
    bad = write_briefs(tmp_path / "bad.jsonl", [brief_line("n1", "HR 50 bpm."), "{oops"])
    result = ingest(str(bad), "--db", str(dbp))
    assert result.exit_code == 2
    assert f"{bad}:2: invalid JSON" in result.stderr
    assert "nothing was stored" in result.stderr and "new database holds no briefs" in result.stderr
    assert result.stdout == ""
    assert row_counts(dbp)["brief"] == 0 and row_counts(dbp)["detectorrun"] == 0


def test_a_refused_file_makes_no_first_run_over_briefs_stored_without_one(tmp_path):
    dbp = tmp_path / "r.db"
    assert (
        ingest(str(write_briefs(tmp_path / "a.jsonl")), "--no-flag", "--db", str(dbp)).exit_code
        == 0
    )
    before = row_counts(dbp)
    bad = write_briefs(tmp_path / "bad.jsonl", ['{"id": "x"}'])
    result = ingest(str(bad), "--db", str(dbp))
    assert result.exit_code == 2
    assert "the database is unchanged" in result.stderr
    assert row_counts(dbp) == before  # no detector run either


def test_missing_input_and_bad_pools_files_exit_2_and_store_nothing(tmp_path):
    dbp = tmp_path / "r.db"
    ingest(str(write_briefs(tmp_path / "a.jsonl")), "--db", str(dbp))
    before = row_counts(dbp)
    missing = tmp_path / "missing.jsonl"
    result = ingest(str(missing), "--db", str(dbp))
    assert result.exit_code == 2
    assert f"{missing}: cannot open" in result.stderr
    assert f"nothing was stored: {missing} was refused; the database is unchanged" in result.stderr
    pools = tmp_path / "pools.jsonl"
    pools.write_text('{"id": "p1"}\n')
    result = ingest(
        str(write_briefs(tmp_path / "b.jsonl")), "--pools", str(pools), "--db", str(dbp)
    )
    assert result.exit_code == 2
    assert f"{pools}:1: missing field 'pool'" in result.stderr
    assert "nothing was stored: the pools file was refused" in result.stderr
    assert row_counts(dbp) == before


def test_ingest_and_scan_give_the_same_exit_code_for_the_same_bad_file(tmp_path):
    bad = write_briefs(tmp_path / "bad.jsonl", [brief_line("a", "HR 50 bpm."), "[1]"])
    scanned = runner.invoke(app, ["scan", str(bad)])
    ingested = ingest(str(bad), "--db", str(tmp_path / "r.db"))
    assert scanned.exit_code == ingested.exit_code == 2
    assert f"{bad}:2: expected a JSON object" in scanned.stderr
    assert f"{bad}:2: expected a JSON object" in ingested.stderr


def test_same_id_with_different_text_is_a_conflict_unless_replace(tmp_path):
    dbp = tmp_path / "r.db"
    ingest(str(write_briefs(tmp_path / "a.jsonl")), "--db", str(dbp))
    before = row_counts(dbp)
    changed = write_briefs(tmp_path / "b.jsonl", [brief_line("d1", "Resting HR 58 bpm today.")])
    result = ingest(str(changed), "--db", str(dbp))
    assert result.exit_code == 2
    assert f"{changed}:1: brief 'd1' is already stored with a different text" in result.stderr
    assert "--replace" in result.stderr
    assert row_counts(dbp) == before

    result = ingest(str(changed), "--replace", "--db", str(dbp))
    assert result.exit_code == 0, result.output
    assert "0 briefs added, 0 unchanged, 1 replaced" in result.stdout
    with sqlite3.connect(dbp) as conn:
        assert (
            conn.execute("SELECT text FROM brief WHERE brief_id='d1'").fetchone()[0]
            == "Resting HR 58 bpm today."
        )
        assert (
            conn.execute(
                "SELECT count(*) FROM detectorrun WHERE finished_at IS NOT NULL"
            ).fetchone()[0]
            == 2
        )


def test_one_id_replaced_in_several_files_of_one_ingest_keeps_the_last(tmp_path):
    """Each file replaces what the one before it stored; the run scans the brief once, on
    its last text. (It failed with a database error, storing nothing.)"""
    versions = ["Resting HR 58 bpm today.", "Resting HR 52 bpm today.", "Resting HR 61 bpm."]
    files = [
        str(write_briefs(tmp_path / f"v{n}.jsonl", [brief_line("d1", text)]))
        for n, text in enumerate(versions)
    ]
    for existed in (False, True):  # on a new database, and over a stored brief
        dbp = tmp_path / f"r{existed}.db"
        if existed:
            ingest(str(write_briefs(tmp_path / "a.jsonl")), "--db", str(dbp))
        result = ingest(*files, "--replace", "--db", str(dbp))
        assert result.exit_code == 0, result.output
        with sqlite3.connect(dbp) as conn:
            (pk, text) = conn.execute("SELECT pk, text FROM brief WHERE brief_id='d1'").fetchone()
            assert text == versions[-1]
            run = conn.execute("SELECT max(id) FROM detectorrun").fetchone()[0]
            scans = conn.execute(
                "SELECT count(*) FROM briefscan WHERE run_id = ? AND brief_pk = ?", (run, pk)
            ).fetchone()[0]
            tokens = [
                t
                for (t,) in conn.execute(
                    "SELECT token FROM flagrecord WHERE run_id = ? AND brief_pk = ?", (run, pk)
                )
            ]
            kept = [
                t
                for (t,) in conn.execute(
                    "SELECT text FROM briefversion WHERE brief_pk = ? ORDER BY id", (pk,)
                )
            ]
        assert scans == 1 and tokens == ["61"]  # not the 58 of the first version
        assert kept[-2:] == versions[:2]  # each replaced text is kept


def test_skip_invalid_stores_good_lines_and_reports_the_rest(tmp_path):
    dbp = tmp_path / "r.db"
    path = write_briefs(
        tmp_path / "mixed.jsonl",
        [
            brief_line("g1", TEXTS["d1"]),
            "{not json",
            brief_line("g2", TEXTS["d2"]),
            brief_line("g1", "dup"),
        ],
    )
    result = ingest(str(path), "--skip-invalid", "--db", str(dbp))
    assert result.exit_code == 0, result.output
    assert f"rejected {path}:2: invalid JSON" in result.stderr
    assert f"rejected {path}:4: duplicate id 'g1'" in result.stderr
    assert "2 briefs added, 0 unchanged, 2 rejected" in result.stdout
    assert row_counts(dbp)["brief"] == 2


def test_skip_invalid_that_rejects_every_line_stores_nothing_and_exits_2(tmp_path):
    """A script reads the exit code: input with no usable line is bad input, not a success."""
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "bad.jsonl", ['{"id": "x"}', "{not json"])
    result = ingest(str(path), "--skip-invalid", "--db", str(dbp))
    assert result.exit_code == 2, result.output
    assert f"rejected {path}:1: missing field 'text'" in result.stderr
    assert f"rejected {path}:2: invalid JSON" in result.stderr
    assert (
        "nothing was stored: every line was rejected (2 lines); the new database holds no briefs"
        in result.stderr
    )
    assert result.stdout == ""  # no "0 briefs added" to read as a success
    assert row_counts(dbp)["brief"] == 0 and row_counts(dbp)["detectorrun"] == 0


def test_skip_invalid_rejecting_every_line_leaves_a_database_as_it_was(tmp_path):
    """Briefs stored without a run get none from input whose every line was rejected (as
    from a refused file), and conflicting ids count as rejected lines."""
    dbp = tmp_path / "r.db"
    assert (
        ingest(str(write_briefs(tmp_path / "a.jsonl")), "--no-flag", "--db", str(dbp)).exit_code
        == 0
    )
    before = row_counts(dbp)
    path = write_briefs(
        tmp_path / "b.jsonl", [brief_line("d1", "Changed text, HR 58 bpm."), '{"id": "y"}']
    )
    result = ingest(str(path), "--skip-invalid", "--db", str(dbp))
    assert result.exit_code == 2, result.output
    assert f"rejected {path}:1: brief 'd1' is already stored" in result.stderr
    assert "every line was rejected (2 lines); the database is unchanged" in result.stderr
    assert result.stdout == ""
    assert row_counts(dbp) == before


def test_skip_invalid_with_one_good_file_among_bad_ones_exits_0(tmp_path):
    dbp = tmp_path / "r.db"
    good = write_briefs(tmp_path / "good.jsonl", [brief_line("g1", TEXTS["d1"])])
    bad = write_briefs(tmp_path / "bad.jsonl", ['{"id": "x"}'])
    result = ingest(str(bad), str(good), "--skip-invalid", "--db", str(dbp))
    assert result.exit_code == 0, result.output
    assert "1 brief added, 0 unchanged, 1 rejected" in result.stdout
    assert "nothing was stored" not in result.stderr
    assert row_counts(dbp)["brief"] == 1


def test_pool_ids_resolve_through_a_pools_file(tmp_path):
    dbp = tmp_path / "r.db"
    pools = tmp_path / "pools.jsonl"
    pools.write_text(
        json.dumps({"id": "p1", "pool": [{"name": "rhr", "value": 52, "unit": "bpm"}]}) + "\n"
    )
    briefs = tmp_path / "b.jsonl"
    briefs.write_text(
        json.dumps({"id": "x", "text": "HR 55 bpm.", "pool_id": "p1", "meta": {"day": 3}}) + "\n"
    )
    result = ingest(str(briefs), "--pools", str(pools), "--db", str(dbp))
    assert result.exit_code == 0, result.output
    with sqlite3.connect(dbp) as conn:
        pool_id, meta = conn.execute("SELECT pool_id, meta FROM brief").fetchone()
    assert pool_id == "p1" and json.loads(meta) == {"day": 3}


def test_no_flag_stores_briefs_without_a_run(tmp_path):
    dbp = tmp_path / "r.db"
    result = ingest(str(write_briefs(tmp_path / "b.jsonl")), "--no-flag", "--db", str(dbp))
    assert result.exit_code == 0, result.output
    counts = row_counts(dbp)
    assert counts["brief"] == 5 and counts["detectorrun"] == 0


def test_a_second_file_failing_keeps_the_first(tmp_path):
    dbp = tmp_path / "r.db"
    good = write_briefs(tmp_path / "good.jsonl")
    bad = write_briefs(tmp_path / "bad.jsonl", [brief_line("z1", "HR 50 bpm."), '{"id": "z2"}'])
    later = write_briefs(tmp_path / "later.jsonl", [brief_line("z3", "HR 51 bpm.")])
    result = ingest(str(good), str(bad), str(later), "--db", str(dbp))
    assert result.exit_code == 2
    assert f"{bad}:2: missing field 'text'" in result.stderr
    assert f"nothing of {bad} was stored: it was refused at line 2" in result.stderr
    assert "the file after it was not read" in result.stderr
    assert "5 briefs added, 0 unchanged, 0 rejected" in result.stdout
    counts = row_counts(dbp)
    assert counts["brief"] == 5
    # the run still covers every stored brief
    assert counts["briefscan"] == 5 and counts["detectorrun"] == 1


def test_stdin_is_one_transaction(tmp_path):
    dbp = tmp_path / "r.db"
    text = "\n".join([brief_line("s1", "HR 55 bpm."), brief_line("s2", "HR 50 bpm."), "[1]"]) + "\n"
    result = ingest("-", "--db", str(dbp), input=text)
    assert result.exit_code == 2
    assert "-:3: expected a JSON object" in result.stderr
    assert "nothing was stored: standard input was refused at line 3" in result.stderr
    assert row_counts(dbp)["brief"] == 0 and row_counts(dbp)["detectorrun"] == 0
    result = ingest("-", "--db", str(dbp), input=text.rsplit("[1]", 1)[0])
    assert result.exit_code == 0, result.output
    assert row_counts(dbp)["brief"] == 2


def test_reviewer_db_environment_variable_is_the_default(tmp_path, monkeypatch):
    target = tmp_path / "from_env.db"
    monkeypatch.setenv("REVIEWER_DB", str(target))
    monkeypatch.chdir(tmp_path)
    result = ingest(str(write_briefs(tmp_path / "b.jsonl")))
    assert result.exit_code == 0, result.output
    assert row_counts(target)["brief"] == 5
    assert not (tmp_path / "reviewer.db").exists()


def test_unusable_databases_get_a_message_not_a_traceback(tmp_path):
    briefs = write_briefs(tmp_path / "b.jsonl")
    notes = tmp_path / "notes.txt"
    notes.write_text("just text\n")
    result = ingest(str(briefs), "--db", str(notes))
    assert result.exit_code == 2
    assert "not a reviewer database" in result.stderr and "Traceback" not in result.output

    dbp = tmp_path / "r.db"
    ingest(str(briefs), "--db", str(dbp))
    with sqlite3.connect(dbp) as conn:
        conn.execute("UPDATE alembic_version SET version_num='9999'")
    before = row_counts(dbp)
    result = ingest(str(briefs), "--db", str(dbp))
    assert result.exit_code == 2
    assert "revision 9999, which this reviewer does not know" in result.stderr
    assert row_counts(dbp) == before


def test_skip_invalid_reports_a_conflict_and_stores_the_rest(tmp_path):
    dbp = tmp_path / "r.db"
    ingest(str(write_briefs(tmp_path / "a.jsonl")), "--db", str(dbp))
    path = write_briefs(
        tmp_path / "b.jsonl",
        [brief_line("d1", "Changed text, HR 58 bpm."), brief_line("fresh", "HR 57 bpm.")],
    )
    result = ingest(str(path), "--skip-invalid", "--db", str(dbp))
    assert result.exit_code == 0, result.output
    assert f"rejected {path}:1: brief 'd1' is already stored" in result.stderr
    assert "1 brief added, 0 unchanged, 1 rejected" in result.stdout
    with sqlite3.connect(dbp) as conn:
        assert (
            conn.execute("SELECT text FROM brief WHERE brief_id='d1'").fetchone()[0] == TEXTS["d1"]
        )


def test_a_byte_order_mark_at_the_start_is_accepted_from_a_file_and_stdin(tmp_path):
    dbp = tmp_path / "r.db"
    path = write_briefs(tmp_path / "bom.jsonl")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    result = ingest(str(path), "--db", str(dbp))
    assert result.exit_code == 0, result.output
    assert row_counts(dbp)["brief"] == 5
    other = tmp_path / "other.db"
    result = runner.invoke(app, ["ingest", "-", "--db", str(other)], input=path.read_bytes())
    assert result.exit_code == 0, result.output
    assert row_counts(other)["brief"] == 5


def test_the_progress_bar_names_each_stage_and_never_passes_its_total(tmp_path):
    dbp = tmp_path / "r.db"
    first = write_briefs(tmp_path / "a.jsonl")
    assert ingest(str(first), "--no-flag", "--db", str(dbp)).exit_code == 0
    second = write_briefs(tmp_path / "b.jsonl", [brief_line("n1", "HR 57 bpm."), "{bad"])
    terminal = {"TTY_COMPATIBLE": "1", "COLUMNS": "150"}  # rich draws as on a terminal
    result = runner.invoke(
        app, ["ingest", str(second), "--skip-invalid", "--db", str(dbp)], env=terminal
    )
    assert result.exit_code == 0, result.output
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", result.stderr)
    assert f"checking {second} " in shown
    assert f"storing {second} " in shown
    assert "flagging the briefs stored before " in shown
    counts = [(int(m), int(n)) for m, n in re.findall(r" (\d+)/(\d+) ", shown)]
    assert (2, 2) in counts and (1, 1) in counts and (5, 5) in counts  # each stage ends full
    assert all(m <= n for m, n in counts)  # never past 100%


def test_no_flag_says_the_briefs_wait_for_a_detector_run(tmp_path):
    """--no-flag after storing or replacing briefs does not say "nothing changed": it says
    no detector ran, and `reviewer flag` then makes the run."""
    dbp = tmp_path / "r.db"
    briefs = write_briefs(tmp_path / "a.jsonl")
    stored = ingest(str(briefs), "--no-flag", "--db", str(dbp))
    assert stored.exit_code == 0 and "nothing changed" not in stored.stdout
    assert "no detector run (--no-flag): `reviewer flag` flags the briefs stored" in stored.stdout
    edited = tmp_path / "b.jsonl"
    edited.write_text(briefs.read_text().replace('"text": "', '"text": "Edited. ', 1))
    replaced = ingest(str(edited), "--replace", "--no-flag", "--db", str(dbp))
    assert "1 replaced" in replaced.stdout and "nothing changed" not in replaced.stdout
    assert "no detector run (--no-flag)" in replaced.stdout
    again = ingest(str(edited), "--replace", "--no-flag", "--db", str(dbp))
    said = " ".join(again.stdout.split())
    assert "no new detector run: nothing changed (`reviewer flag --detector D` makes a" in said
    assert row_counts(dbp)["detectorrun"] == 0
