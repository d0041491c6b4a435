"""`reviewer.scan_batch`: the scan as a plain function over a batch of briefs, giving the
records `reviewer scan --format jsonl` writes, without the database layer or the UI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reviewer.checks.registry import load_detector
from reviewer.cli import app
from reviewer.pipeline.reader import InputError

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "briefs.jsonl"


@pytest.mark.parametrize("detector", ["reference", "default"])
def test_a_batch_gives_the_records_scan_writes(detector):
    from reviewer import scan_batch

    scanned = CliRunner().invoke(app, ["scan", str(DEMO), "-d", detector, "--format", "jsonl"])
    assert scanned.exit_code == 0, scanned.output
    lines = DEMO.read_text().splitlines(keepends=True)
    expected = [json.loads(line) for line in scanned.stdout.splitlines()]
    assert scan_batch(lines, detector=detector) == expected
    assert scan_batch([json.loads(line) for line in lines], detector=detector) == expected
    assert scan_batch(lines, detector=load_detector(detector)) == expected
    texts = scan_batch([line.encode() for line in lines], detector=detector, lines=True)
    assert "".join(text + "\n" for text in texts) == scanned.stdout


def test_a_bad_brief_names_the_batch_and_its_record():
    from reviewer import scan_batch

    good = {"id": "b1", "text": "HR 55 bpm", "pool": [{"name": "rhr", "value": 52, "unit": "bpm"}]}
    with pytest.raises(InputError, match=r"^part-3:2: missing field 'pool'"):
        scan_batch([good, {"id": "b2", "text": "x"}], detector="reference", where="part-3")


def test_importing_it_loads_neither_the_ui_nor_the_database():
    code = (
        "import sys\nfrom reviewer import scan_batch\n"
        "scan_batch([{'id': 'a', 'text': 'HR 55 bpm', 'pool': [{'name': 'rhr', 'value': 52,"
        " 'unit': 'bpm'}]}], detector='reference')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'db', 'sqlalchemy',"
        " 'sqlmodel', 'typer', 'rich'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
