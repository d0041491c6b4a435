"""The cluster recipe (scripts/cluster_scan.py) on a local Dask cluster of two processes:
its flags load with `flag --from` into the run `flag --detector reference` makes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.support.run_flags import run_flags

pytest.importorskip("distributed")
ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
runner = CliRunner()


def few_hundred_briefs(path: Path, copies: int = 5) -> Path:
    """The demo briefs five times over, each copy with ids of its own: 340 briefs."""
    originals = [json.loads(line) for line in DEMO.read_text().splitlines() if line.strip()]
    with path.open("w", encoding="utf-8") as out:
        for copy in range(copies):
            for brief in originals:
                out.write(json.dumps(brief | {"id": f"{brief['id']}-{copy}"}) + "\n")
    return path


def test_the_recipe_on_a_local_cluster_makes_the_reference_run(tmp_path):
    briefs = few_hundred_briefs(tmp_path / "briefs.jsonl")
    flags = tmp_path / "flags.jsonl"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "cluster_scan.py"), str(briefs), "--out",
         str(flags), "--detector", "reference", "--workers", "2", "--blocksize", "16kB"],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "340 briefs scanned into" in done.stderr
    lines = flags.read_text().splitlines()
    assert [json.loads(line)["id"] for line in lines] == [
        json.loads(line)["id"] for line in briefs.read_text().splitlines()
    ]
    database = str(tmp_path / "r.db")
    for args in (
        ["ingest", str(briefs), "--no-flag"],
        ["flag", "--from", str(flags), "--name", "cluster"],
        ["flag", "--detector", "reference"],
    ):
        result = runner.invoke(app, [*args, "--db", database])
        assert result.exit_code == 0, result.output
    assert len(run_flags(database, 1)) > 300
    assert run_flags(database, 1) == run_flags(database, 2)
    diff = runner.invoke(app, ["diff", "1", "2", "--json", "--db", database])
    assert json.loads(diff.stdout)["claims"] == []
