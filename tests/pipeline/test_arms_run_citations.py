"""A run of a detector that is its own citer (the default) reads its first briefs with their
faithful citations, and its rewrite arms take those instead of reading the briefs again:
the arms it stores are the ones `reviewer arms` computes, and the citation pass reads only
the sampled briefs the run did not read so (none, in a fresh ingest of fewer than 500)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import db
from reviewer.cli import app
from reviewer.pipeline import batch_writer

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
runner = CliRunner()


def cite_pass(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The keys of every brief the rewrite arms' citation pass reads from now on."""
    read: list[int] = []
    cite = batch_writer.cite_items

    def counting(detector, items):  # type: ignore[no-untyped-def]
        read.extend(key for key, _, _ in items)
        return cite(detector, items)

    monkeypatch.setattr(batch_writer, "cite_items", counting)
    return read


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def stored_and_serial(path: str) -> tuple[dict, dict]:
    """The latest run's stored arms, and the arms `reviewer arms` reads afresh."""
    engine = db.make_engine(path)
    with engine.connect() as connection:
        run = connection.exec_driver_sql("SELECT max(id) FROM detectorrun").scalar()
    engine.dispose()
    stored = json.loads(invoke("arms", "--json", "--run", str(run), "--db", path))
    serial = json.loads(invoke("arms", "--json", "-d", "default", "--db", path))
    for report in (stored, serial):  # (the production row is the run's, over every brief)
        report["rows"] = [r for r in report["rows"] if r["group"] != "production"]
    assert all(r["n"] > 0 for r in serial["rows"] if r["group"] == "rewrite")
    return stored["rows"], serial["rows"]


def test_a_fresh_ingest_reads_no_brief_again_for_its_rewrite_arms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "r.db")
    read = cite_pass(monkeypatch)
    invoke("ingest", str(DEMO), "--db", path)
    assert read == []
    stored, serial = stored_and_serial(path)
    assert stored == serial


@pytest.mark.parametrize("first", [0, 10])
def test_the_briefs_a_run_did_not_read_with_citations_are_read_for_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: int
) -> None:
    path = str(tmp_path / "r.db")
    invoke("ingest", str(DEMO), "--no-flag", "--db", path)
    monkeypatch.setattr(batch_writer, "CITE_FIRST", first)
    monkeypatch.setattr(batch_writer, "BATCH", 4)  # the run reads its briefs 4 at a time
    read = cite_pass(monkeypatch)
    invoke("flag", "--db", path)
    briefs = len(DEMO.read_text(encoding="utf-8").splitlines())
    # the first `first` were read with their citations (of the three batches that took
    # them, the run keeps the first ten's)
    assert sorted(read) == list(range(first + 1, briefs + 1))
    stored, serial = stored_and_serial(path)
    assert stored == serial


@pytest.mark.parametrize("first", [None, 10])
def test_a_brief_replaced_in_the_same_ingest_is_cited_as_it_now_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: int | None
) -> None:
    lines = DEMO.read_text(encoding="utf-8").splitlines()
    brief = json.loads(lines[0])
    changed = dict(brief, text=brief["text"].replace(".", ". It held.", 1))
    assert changed["text"] != brief["text"]
    later = tmp_path / "later.jsonl"
    later.write_text(json.dumps(changed) + "\n", encoding="utf-8")
    path = str(tmp_path / "r.db")
    if first is not None:
        monkeypatch.setattr(batch_writer, "CITE_FIRST", first)
    read = cite_pass(monkeypatch)
    invoke("ingest", str(DEMO), str(later), "--replace", "--db", path)
    if first is None:  # the replaced brief was read again with its citations
        assert read == []
    else:  # the first file's ten first briefs were read with their citations; the first
        # of them again, replaced, without: its citations then are the pass's to find
        assert sorted(read) == [1, *range(first + 1, len(lines) + 1)]
    stored, serial = stored_and_serial(path)
    assert stored == serial
