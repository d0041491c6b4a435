"""Numbers no output can hold, run through the real commands on files under tmp_path.

A known value near the float maximum made `scan` print `"delta": Infinity` (not JSON) and
`ingest` store it: a sign flip of -1.7e308 read as +1e308 is a distance of 2.7e308. Known
values must now lie within ±1e300 (input beyond is refused, naming file, line and the
pool entry), and a flag whose numbers are still not finite (a band set to 1 or more, and a
number in prose near the float maximum) is never written: not as JSON, not to the database.
"""

from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.store_files import row_counts

runner = CliRunner()
NEAR_MAX = "17976931348623157" + "0" * 292  # 1.7976931348623157e308, the largest float
HUGE_POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "tsb", "value": -1.7e308, "unit": "none"},
]
FAR_POOL = [
    {"name": "tsb", "value": -1e299, "unit": "none"},
    {"name": "rhr", "value": 52, "unit": "bpm"},
]


def write(path: Path, *records: dict) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def strict_json(line: str) -> dict:
    """A JSON line as a strict reader takes it: NaN and Infinity are not JSON."""

    def refuse(name: str) -> float:
        raise ValueError(f"{name} is not JSON")

    return json.loads(line, parse_constant=refuse)


def sign_band_of_one(tmp_path: Path) -> Path:
    """A config whose sign band takes every pair of opposite signs, however far apart."""
    config = tmp_path / "wide.toml"
    config.write_text("[thresholds]\nsign = 1.0\n", encoding="utf-8")
    return config


@pytest.mark.parametrize("detector", ["default", "reference"])
def test_scan_refuses_a_known_value_too_large_to_compare(tmp_path: Path, detector: str) -> None:
    path = write(
        tmp_path / "b.jsonl",
        {"id": "ok", "text": "Resting HR 57 bpm.", "pool": HUGE_POOL[:1]},
        {"id": "x", "text": "TSB " + "9" * 308 + " today.", "pool": HUGE_POOL},
    )
    result = runner.invoke(app, ["scan", str(path), "--detector", detector])
    assert result.exit_code == 2, result.output
    assert (
        f"{path}:2: pool[1] 'tsb': value -1.7e+308 is too large to compare "
        "(a known value must lie between -1e+300 and 1e+300)"
    ) in result.stderr
    assert "Infinity" not in result.stdout
    assert [strict_json(line)["id"] for line in result.stdout.splitlines()] == ["ok"]


def test_ingest_refuses_it_and_skip_invalid_skips_it(tmp_path: Path) -> None:
    dbp = tmp_path / "r.db"
    path = write(
        tmp_path / "b.jsonl",
        {"id": "ok", "text": "Resting HR 57 bpm.", "pool": HUGE_POOL[:1]},
        {"id": "x", "text": "TSB " + "9" * 308 + " today.", "pool": HUGE_POOL},
    )
    refused = runner.invoke(app, ["ingest", str(path), "--db", str(dbp)])
    assert refused.exit_code == 2, refused.output
    assert f"{path}:2: pool[1] 'tsb': value -1.7e+308 is too large to compare" in refused.stderr
    assert row_counts(dbp)["brief"] == 0
    skipped = runner.invoke(app, ["ingest", str(path), "--skip-invalid", "--db", str(dbp)])
    assert skipped.exit_code == 0, skipped.output
    assert f"rejected {path}:2: pool[1] 'tsb'" in skipped.stderr
    assert "1 brief added, 0 unchanged, 1 rejected" in skipped.stdout
    with sqlite3.connect(dbp) as conn:
        values = [v for (v,) in conn.execute("SELECT value FROM flagrecord")]
    assert values == [57.0]


def test_a_pools_file_and_a_fixture_are_held_to_the_same_limit(tmp_path: Path) -> None:
    pools = write(
        tmp_path / "pools.jsonl",
        {"id": "p1", "pool": [{"name": "big", "value": 1e300, "unit": "none"}]},
    )
    briefs = write(tmp_path / "b.jsonl", {"id": "x", "text": "It reads 5.", "pool_id": "p1"})
    scanned = runner.invoke(app, ["scan", str(briefs), "--pools", str(pools)])
    assert scanned.exit_code == 2, scanned.output
    assert f"{pools}:1: pool[0] 'big': value 1e+300 is too large to compare" in scanned.stderr
    arms = runner.invoke(app, ["arms", "--pools", str(pools)])
    assert arms.exit_code == 2, arms.output
    assert f"{pools}:1: pool[0] 'big'" in arms.stderr

    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    fixture = {
        "format": "reviewer-regression/1",
        "brief_id": "x",
        "span": {"start": 9, "end": 10},
        "token": "5",
        "verdict": "false_positive",
        "expect": "not_flagged",
        "detector": {"name": "default", "version": "2.0"},
        "flag": None,
        "reviewer": "ana",
        "note": None,
        "text": "It reads 5.",
        "pool": [{"name": "big", "value": -2e300, "unit": "none"}],
    }
    (fixtures / "x.json").write_text(json.dumps(fixture), encoding="utf-8")
    replayed = runner.invoke(app, ["regress", str(fixtures)])
    assert replayed.exit_code == 2, replayed.output
    assert (
        f"{fixtures / 'x.json'}: pool[0] 'big': value -2e+300 is too large to compare"
        in replayed.stderr
    )


def test_values_just_inside_the_limit_are_read_and_compared(tmp_path: Path) -> None:
    pool = [{"name": "big", "value": -9.99e299, "unit": "none"}]
    path = write(
        tmp_path / "b.jsonl", {"id": "x", "text": "It reads 999" + "0" * 297 + ".", "pool": pool}
    )
    result = runner.invoke(app, ["scan", str(path), "--detector", "reference"])
    assert result.exit_code == 0, result.output
    (flag,) = strict_json(result.stdout)["flags"]
    assert (flag["kind"], flag["value"], flag["delta"]) == ("sign", 9.99e299, 1.998e300)


def overflowing_brief(tmp_path: Path) -> tuple[Path, Path]:
    """A brief whose number at the float maximum is of the other sign from a known value,
    and a config whose sign band of 1 lets the two be compared: their distance overflows."""
    text = f"Form reads {NEAR_MAX} today, and rhr 57 bpm."
    path = write(tmp_path / "b.jsonl", {"id": "edge", "text": text, "pool": FAR_POOL})
    return path, sign_band_of_one(tmp_path)


@pytest.mark.parametrize("detector", ["default", "reference"])
def test_scan_never_writes_infinity_even_with_a_sign_band_of_one(
    tmp_path: Path, detector: str
) -> None:
    """Known values within the limit, but a band that lets any opposite signs through and a
    number in prose at the float maximum: their distance overflows. That flag is left out
    (its number stays checkable); every other flag is written as before."""
    path, config = overflowing_brief(tmp_path)
    for fmt in ("jsonl", "table"):
        result = runner.invoke(
            app,
            ["scan", str(path), "--detector", detector, "--config", str(config), "--format", fmt],
            env={"COLUMNS": "200"},
        )
        assert result.exit_code == 0, result.output
        assert "Infinity" not in result.stdout and "inf" not in result.stdout.split()
        if fmt == "jsonl":
            line = strict_json(result.stdout)
            assert [f["token"] for f in line["flags"]] == ["57"]
            assert line["invention_rate"] == 0.5  # two checkable numbers, one flag written
        else:
            assert "1 brief, 1 flag, mean invention rate 0.500" in result.stdout


def test_ingest_never_stores_infinity_even_with_a_sign_band_of_one(tmp_path: Path) -> None:
    dbp = tmp_path / "r.db"
    path, config = overflowing_brief(tmp_path)
    for detector in ("reference", "default"):
        result = runner.invoke(
            app,
            ["ingest", str(path), "-d", detector, "--config", str(config), "--db", str(dbp)],
        )
        assert result.exit_code == 0, result.output
        flagged = runner.invoke(
            app, ["flag", "-d", detector, "--config", str(config), "--db", str(dbp)]
        )
        assert flagged.exit_code == 0, flagged.output
    with sqlite3.connect(dbp) as conn:
        rows = conn.execute(
            "SELECT token, value, nearest_value, delta, rel FROM flagrecord"
        ).fetchall()
        scans = conn.execute("SELECT checkable, flags FROM briefscan").fetchall()
    assert rows and all(math.isfinite(v) for row in rows for v in row[1:])
    assert {row[0] for row in rows} == {"57"}
    assert set(scans) == {(2, 1)}


def test_an_older_database_with_an_infinite_flag_still_exports_and_diffs(tmp_path: Path) -> None:
    """A database written before such flags were left out may hold one: export writes
    the other fixtures and names the one it leaves out, and diff --json stays JSON."""
    from sqlmodel import Session

    import db

    dbp = tmp_path / "old.db"
    demo = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"
    assert runner.invoke(app, ["ingest", str(demo), "--db", str(dbp)]).exit_code == 0
    with sqlite3.connect(dbp) as conn:  # as an older version stored it
        conn.execute("UPDATE flagrecord SET value = 9e999, delta = 9e999 "
                     "WHERE pk = (SELECT min(pk) FROM flagrecord)")  # fmt: skip
        brief_id, token = conn.execute(
            "SELECT b.brief_id, f.token FROM flagrecord f JOIN brief b ON b.pk = f.brief_pk "
            "WHERE f.pk = (SELECT min(pk) FROM flagrecord)"
        ).fetchone()
        claims = [c for (c,) in conn.execute("SELECT claim_id FROM flagrecord ORDER BY pk LIMIT 3")]
    engine = db.make_engine(str(dbp))
    with Session(engine) as session:
        for claim_id in claims:
            db.record_label(session=session, claim_id=claim_id, reviewer="ana",
                            verdict="false_positive")  # fmt: skip
    engine.dispose()
    out = tmp_path / "fixtures"
    result = runner.invoke(app, ["export", "--db", str(dbp), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 written" in result.stdout and "1 left out (numbers out of range)" in result.stdout
    assert f"left out, {brief_id} {token!r}" in result.stderr
    assert "its stored flag has a number JSON cannot hold" in result.stderr
    assert len(list(out.glob("*.json"))) == 2
    assert runner.invoke(app, ["flag", "-d", "reference", "--db", str(dbp)]).exit_code == 0
    shown = runner.invoke(app, ["diff", "--json", "--only", "new,gone,same", "--db", str(dbp)])
    report = strict_json(shown.stdout)
    assert any(c["a"] and c["a"]["value"] is None for c in report["claims"])
