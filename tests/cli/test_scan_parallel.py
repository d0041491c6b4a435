"""`reviewer scan` on more than one core prints exactly what one process prints.

The real command runs in a subprocess on a file past the size at which it forks workers,
with the workers on and off; a bad line and a failing plugin stop it at the same brief,
after the same lines, with the same message.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from reviewer.commands.scan import PARALLEL_BYTES, scan_workers
from tests.support.hostile_plugins import TRIGGER

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"


def long_briefs(path: Path, count: int, *, seed: int = 7) -> list[str]:
    """Briefs of several demo briefs each, with the first one's pool: many flags."""
    demo = [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines()]
    demo = [record for record in demo if "text" in record and "pool" in record]
    rng = random.Random(seed)
    lines = []
    for i in range(count):
        parts = rng.sample(demo, k=4)
        text = "\n\n".join(p["text"] for p in parts)
        lines.append(json.dumps({"id": f"b{i}", "text": text, "pool": parts[0]["pool"]}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def run_scan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reviewer", "scan", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("parallel") / "long.jsonl"
    long_briefs(path, 320)
    assert path.stat().st_size >= PARALLEL_BYTES  # large enough to be scanned in parallel
    return path


def test_a_large_file_gets_workers_and_a_small_one_none(corpus: Path, tmp_path: Path) -> None:
    small = tmp_path / "small.jsonl"
    long_briefs(small, 3)
    assert scan_workers(str(small)) == 0
    assert scan_workers("-") == 0
    assert scan_workers(str(corpus)) == max(0, min(3, (os.cpu_count() or 1) - 1))


@pytest.mark.parametrize("detector", ["reference", "default"])
def test_workers_print_what_one_process_prints(corpus: Path, detector: str) -> None:
    alone = run_scan(str(corpus), "-d", detector, "--workers", "0")
    assert alone.returncode == 0, alone.stderr
    lines = alone.stdout.splitlines()
    assert len(lines) == 320
    assert sum(len(json.loads(line)["flags"]) for line in lines) > 1000
    for workers in ("1", "2"):
        together = run_scan(str(corpus), "-d", detector, "--workers", workers)
        assert together.returncode == 0, together.stderr
        assert together.stdout == alone.stdout  # same lines, same order, byte for byte
    by_default = run_scan(str(corpus), "-d", detector)
    assert by_default.stdout == alone.stdout


def test_a_bad_line_stops_both_after_the_same_briefs(corpus: Path, tmp_path: Path) -> None:
    lines = corpus.read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*lines[:250], '{"id": "x", "text": 5}', *lines[250:]]) + "\n")
    alone = run_scan(str(bad), "-d", "reference", "--workers", "0")
    together = run_scan(str(bad), "-d", "reference", "--workers", "2")
    assert alone.returncode == together.returncode == 2
    assert len(together.stdout.splitlines()) == 250
    assert together.stdout == alone.stdout
    assert f"{bad}:251:" in together.stderr
    assert together.stderr == alone.stderr


def test_a_failing_plugin_stops_both_at_the_same_brief(corpus: Path, tmp_path: Path) -> None:
    records = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()]
    records[201]["text"] += f" {TRIGGER}"
    faulty = tmp_path / "faulty.jsonl"
    faulty.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    plugin = "tests.support.hostile_plugins:Raises"
    alone = run_scan(str(faulty), "-d", plugin, "--workers", "0")
    together = run_scan(str(faulty), "-d", plugin, "--workers", "2")
    assert alone.returncode != 0
    assert together.returncode == alone.returncode
    assert len(together.stdout.splitlines()) == 201  # every brief before the faulty one
    assert together.stdout == alone.stdout
    assert "'b201'" in together.stderr and "ZeroDivisionError" in together.stderr
    assert together.stderr == alone.stderr


def test_pool_units_no_detector_reads_are_warned_of_on_every_path(tmp_path: Path) -> None:
    """A pool in "%" and "kg" (units the default never reads in prose) is named on stderr
    once each, after the JSON lines, whether one process scans or workers do, as JSON
    lines or a table; a config naming "kg" quiets its warning, and stdout is unchanged."""
    path = tmp_path / "units.jsonl"
    lines = long_briefs(path, 320)
    odd = json.loads(lines[200])
    odd["pool"] = [*odd["pool"], {"name": "lift", "value": 85, "unit": "kg"},
                   {"name": "readiness_share", "value": 74, "unit": "%"}]  # fmt: skip
    lines[200] = json.dumps(odd)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    plain = tmp_path / "plain.jsonl"
    long_briefs(plain, 320)
    expected = [
        "warning: known values in the pools have the unit '%', which default never reads in "
        "prose, so no number is compared with them by unit: write it as 'pct' in the pools",
        "warning: known values in the pools have the unit 'kg', which default never reads in "
        "prose, so no number is compared with them by unit: add it under [units] in a config",
    ]
    alone = run_scan(str(path), "--workers", "0")
    assert alone.returncode == 0, alone.stderr
    assert alone.stderr.splitlines() == expected
    for workers in ("1", "2"):
        together = run_scan(str(path), "--workers", workers)
        assert together.returncode == 0 and together.stdout == alone.stdout
        assert together.stderr.splitlines() == expected
    table = run_scan(str(path), "--format", "table")
    assert table.returncode == 0 and table.stderr.splitlines() == expected
    quiet = run_scan(str(plain))
    assert quiet.returncode == 0 and quiet.stderr == ""
    config = tmp_path / "kg.toml"
    config.write_text('[units]\nkg = ["kg"]\n', encoding="utf-8")
    configured = run_scan(str(path), "--config", str(config))
    assert configured.returncode == 0 and configured.stderr.splitlines() == expected[:1]
