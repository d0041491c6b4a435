"""`reviewer labels export` / `import`: the real commands, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlmodel import Session
from typer.testing import CliRunner

import db
from db import misses
from reviewer.cli import app
from tests.support.store_files import write_briefs

runner = CliRunner()


def ingest(where: str, tmp_path: Path) -> None:
    briefs = write_briefs(tmp_path / "briefs.jsonl")
    result = runner.invoke(app, ["ingest", str(briefs), "--db", where])
    assert result.exit_code == 0, result.output


def label_in_the_app_way(where: str) -> None:
    """Labels as the review app makes them: through its queue and by hand, two reviewers
    who differ once, an adjudicator, a note, a miss, and a brief read in full."""
    engine = db.make_engine(where)
    with Session(engine) as session:
        run = db.latest_run(session=session)
        verdicts = ["true_positive", "false_positive", "skip", "true_positive"]
        for n, verdict in enumerate(verdicts):
            flag = db.next_unlabeled(session=session, run_id=run.id, reviewer="ana")
            db.record_label(
                session=session,
                claim_id=flag.claim_id,
                reviewer="ana",
                verdict=verdict,
                run_id=run.id,
                queue=n % 2 == 0,
                note="odd one" if n == 1 else None,
            )
        first = db.brief_flags(session=session, run_id=run.id, brief_pk=1, reviewer="bob")[0]
        db.record_label(
            session=session, claim_id=first.claim_id, reviewer="bob", verdict="false_positive"
        )
        db.record_label(
            session=session,
            claim_id=first.claim_id,
            reviewer="cy",
            verdict="true_positive",
            role="adjudicator",
            run_id=run.id,
        )
        # d4: "Easy 5.00 mi and an rhr of 52 bpm: steady." -- 52 is a checked number
        misses.record_miss(
            session=session,
            brief_pk=4,
            reviewer="ana",
            start=27,
            end=29,
            token="52",
            value=52.0,
            unit="bpm",
            known="rhr_baseline",
            known_value=55.0,
            run_id=run.id,
        )
        misses.set_reviewed(session=session, brief_pk=4, reviewer="ana", run_id=run.id)
        misses.set_reviewed(session=session, brief_pk=1, reviewer="bob")
    engine.dispose()


def stats(where: str) -> dict:
    result = runner.invoke(app, ["stats", "--json", "--db", where])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def export(where: str) -> str:
    result = runner.invoke(app, ["labels", "export", "--db", where])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_export_then_import_gives_the_same_stats(tmp_path, database):
    source = str(tmp_path / "source.db")
    ingest(source, tmp_path)
    label_in_the_app_way(source)
    out = tmp_path / "labels.jsonl"
    result = runner.invoke(app, ["labels", "export", "--out", str(out), "--db", source])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert {"brief": "d4", "reviewed": True, "reviewer": "ana", "run": 1} in lines
    assert any(line.get("verdict") == "miss" and line["known"] == "rhr_baseline" for line in lines)
    assert any(line.get("role") == "adjudicator" for line in lines)

    ingest(database, tmp_path)  # a fresh database of the same briefs
    result = runner.invoke(app, ["labels", "import", str(out), "--db", database])
    assert result.exit_code == 0, result.output
    assert stats(database) == stats(source)
    assert export(database) == out.read_text()

    again = runner.invoke(app, ["labels", "import", str(out), "--db", database])
    assert again.exit_code == 0, again.output
    assert f"{len(lines)} already there" in again.stderr
    assert stats(database) == stats(source) and export(database) == out.read_text()


def test_imported_labels_count_in_the_next_run(tmp_path):
    """A label on a span no run has flagged yet waits on its claim for the run that does."""
    where = str(tmp_path / "r.db")
    briefs = write_briefs(tmp_path / "briefs.jsonl")
    assert runner.invoke(app, ["ingest", str(briefs), "--no-flag", "--db", where]).exit_code == 0
    # d1: "... TSB is +22.4 after the rest day." -- the default detector flags the sign
    label = {"brief": "d1", "start": 53, "end": 58, "verdict": "true-positive"}
    path = tmp_path / "l.jsonl"
    path.write_text(json.dumps(label) + "\n")
    result = runner.invoke(app, ["labels", "import", str(path), "--reviewer", "ana", "--db", where])
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["flag", "--db", where]).exit_code == 0
    assert stats(where)["true_positives"] == 1
    # a census, as a label made on another run is: the table says imports are counted so
    table = " ".join(runner.invoke(app, ["stats", "--db", where]).stdout.split())
    assert "inherited: labels made on other runs or imported" in table


BAD = [
    ('{"brief": "nope", "start": 0, "end": 2, "verdict": "skip"}', "unknown brief 'nope'"),
    ('{"brief": "d1", "start": 0, "end": 7, "verdict": "skip"}', "0-7 is no number of brief"),
    ('{"brief": "d1", "start": 11, "end": 13, "verdict": "maybe"}', "bad verdict 'maybe'"),
    (
        '{"brief": "d1", "start": 11, "end": 13, "verdict": "miss", "known": "vo2"}',
        "unknown known value 'vo2'",
    ),
    ('{"brief": "d1", "start": 11, "end": 13, "verdict": "miss"}', "a miss needs known"),
    ('{"brief": "d1", "start": 11, "end": 13', "not JSON"),
    ('{"brief": "d1", "start": 11, "end": 13, "verdict": "skip", "x": 1}', "unknown field 'x'"),
    ('{"brief": "d1", "reviewed": "yes"}', "reviewed must be true"),
    # a string no database holds: refused here, never half written
    (
        '{"brief": "d1", "start": 11, "end": 13, "verdict": "skip", "note": "\\ud800"}',
        "a lone surrogate \\ud800",
    ),
    (
        '{"brief": "d1", "start": 11, "end": 13, "verdict": "skip", "verdict": "true-positive"}',
        "key 'verdict' is given twice",
    ),
    (
        '{"brief": "d1", "start": 11, "end": 13, "verdict": "skip", "reviewer": "m\\u001b[31m"}',
        "holds a control character",
    ),
    ('{"brief": "d1", "start": 11, "end": 13}', "no verdict (one of"),
    # the good first line's span again by its reviewer: which verdict stands is not the
    # lines' order to decide, and a second import would add both again
    (
        '{"brief": "d2", "start": 12, "end": 15, "verdict": "true-positive", "reviewer": "dee"}',
        "has a verdict by 'dee' on line 1 already",
    ),
]


@pytest.mark.parametrize(("line", "problem"), BAD)
def test_a_bad_line_is_refused_and_nothing_is_written(tmp_path, database, line, problem):
    ingest(database, tmp_path)
    label_in_the_app_way(database)
    before, counts = export(database), _counts(database)
    good = '{"brief": "d2", "start": 12, "end": 15, "verdict": "skip", "reviewer": "dee"}'
    path = tmp_path / "labels.jsonl"
    path.write_text(f'{good}\n{{"brief": "d3", "reviewed": true}}\n\n{line}\n')
    result = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:4: ") and problem in result.stderr
    assert "Traceback" not in result.output
    assert export(database) == before and _counts(database) == counts


def _counts(where: str) -> dict[str, int]:
    engine = db.make_engine(where)
    with engine.connect() as connection:
        tables = ("label", "labelstate", "claim", "miss", "reviewedbrief", "runtally")
        found = {t: connection.execute(text(f"SELECT count(*) FROM {t}")).scalar() for t in tables}
    engine.dispose()
    return found


def test_bytes_that_are_no_utf8_are_refused_with_their_line(tmp_path, database):
    ingest(database, tmp_path)
    label_in_the_app_way(database)
    before = export(database)
    path = tmp_path / "labels.jsonl"
    good = b'{"brief": "d2", "start": 12, "end": 15, "verdict": "skip", "reviewer": "dee"}\n'
    path.write_bytes(good + b'{"brief": "d1", "note": "\xff"}\n')
    result = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{path}:2: not valid UTF-8"
    assert export(database) == before


def test_a_file_that_opens_with_a_byte_order_mark_imports(tmp_path, database):
    ingest(database, tmp_path)
    path = tmp_path / "labels.jsonl"
    line = '{"brief": "d2", "start": 12, "end": 15, "verdict": "skip", "reviewer": "dee"}\n'
    path.write_bytes(b"\xef\xbb\xbf" + line.encode())
    result = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert result.exit_code == 0, result.output
    assert "imported 1 label" in result.stderr
    again = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert "imported 0 labels" in again.stderr and "1 already there" in again.stderr


def test_a_folder_is_no_labels_file(tmp_path, database):
    ingest(database, tmp_path)
    result = runner.invoke(app, ["labels", "import", str(tmp_path), "--db", database])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{tmp_path}: cannot read it: Is a directory"


def test_labels_made_on_a_replaced_text_export_with_their_words_and_import_back(tmp_path, database):
    from tests.support.store_files import TEXTS, brief_line

    ingest(database, tmp_path)
    label_in_the_app_way(database)  # a miss on d4's "52" at 27-29 among them
    changed = {**TEXTS, "d4": "Note. " + TEXTS["d4"]}  # every number six characters on
    replaced = write_briefs(tmp_path / "new.jsonl", [brief_line(i, t) for i, t in changed.items()])
    done = runner.invoke(app, ["ingest", str(replaced), "--replace", "--db", database])
    assert done.exit_code == 0, done.output
    path = tmp_path / "labels.jsonl"
    path.write_text(export(database))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    miss = next(line for line in lines if line.get("verdict") == "miss")
    assert (miss["brief"], miss["start"], miss["end"], miss["token"]) == ("d4", 27, 29, "52")
    assert all(line["token"] for line in lines if "start" in line)
    before, counts = export(database), _counts(database)
    again = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert again.exit_code == 0, again.output  # (it refused the whole file)
    assert "imported 0 labels, 0 misses, 0 briefs read in full" in again.stderr
    assert export(database) == before and _counts(database) == counts

    fresh = str(tmp_path / "fresh.db")  # the new text only: the words are not there
    assert runner.invoke(app, ["ingest", str(replaced), "--db", fresh]).exit_code == 0
    refused = runner.invoke(app, ["labels", "import", str(path), "--db", fresh])
    assert refused.exit_code == 2
    assert "reads 'hr' at 27-29, not '52': the label was made on another text" in refused.stderr
    assert "leave such lines out to import the rest" in refused.stderr
    kept = [line for line in path.read_text().splitlines() if '"token": "52"' not in line]
    rest = tmp_path / "rest.jsonl"  # as the message says
    rest.write_text("\n".join(kept) + "\n")
    taken = runner.invoke(app, ["labels", "import", str(rest), "--db", fresh])
    assert taken.exit_code == 0, taken.stderr


def test_a_verdict_on_words_another_scanner_read_imports_when_its_words_are_there(
    tmp_path, database
):
    # "8:30" of d2 as a detector with its own scanner may flag it: the default reads "8"
    # and "30" apart, so only the words the export gives tell the import it is the flag's
    ingest(database, tmp_path)
    path = tmp_path / "labels.jsonl"
    line = {"brief": "d2", "start": 22, "end": 26, "verdict": "false-positive", "reviewer": "ann"}
    path.write_text(json.dumps(line) + "\n")
    bare = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert bare.exit_code == 2 and "22-26 is no number of brief 'd2': '8:30'" in bare.stderr
    path.write_text(json.dumps(line | {"token": "8:31"}) + "\n")
    other = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert other.exit_code == 2 and "reads '8:30' at 22-26, not '8:31'" in other.stderr
    path.write_text(json.dumps(line | {"token": "8:30"}) + "\n")
    given = runner.invoke(app, ["labels", "import", str(path), "--db", database])
    assert given.exit_code == 0, given.output
    assert "imported 1 label" in given.stderr
    words = {"brief": "d1", "start": 0, "end": 7, "verdict": "skip", "token": "Resting"}
    path.write_text(json.dumps(words) + "\n")  # words, no number: no flag's
    assert runner.invoke(app, ["labels", "import", str(path), "--db", database]).exit_code == 2
