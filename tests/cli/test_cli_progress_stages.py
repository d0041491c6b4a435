"""Progress on a terminal: an ingest shows a bar while the detector finishes and another
while the arms are scored (never `storing 68/68` standing full), `flag` likewise, and
`diff` has a bar of its own. Run as the installed command, stderr taken for a terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEMO = str(ROOT / "fixtures" / "demo" / "briefs.jsonl")
TERMINAL = {**os.environ, "TTY_COMPATIBLE": "1", "COLUMNS": "120"}


def reviewer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reviewer.cli", *args], capture_output=True, text=True,
        env=TERMINAL, check=False, cwd=ROOT,
    )  # fmt: skip


def test_each_stage_has_its_bar(tmp_path: Path) -> None:
    path = str(tmp_path / "p.db")
    ingest = reviewer("ingest", DEMO, "--db", path)
    assert ingest.returncode == 0, ingest.stderr
    for stage in ("checking", "storing", "scoring the four arms"):
        assert stage in ingest.stderr, stage
    assert ingest.stderr.index("storing") < ingest.stderr.index("scoring the four arms")
    flag = reviewer("flag", "-d", "reference", "--db", path)
    assert flag.returncode == 0, flag.stderr
    assert "flagging" in flag.stderr and "scoring the four arms" in flag.stderr
    diff = reviewer("diff", "--db", path)
    assert diff.returncode == 0, diff.stderr
    assert "diff" in diff.stderr and "━" in diff.stderr
    assert "recall regressions" in diff.stdout  # the listing itself stays on stdout
    piped = subprocess.run(
        [sys.executable, "-m", "reviewer.cli", "diff", "--db", path], capture_output=True,
        text=True, env={k: v for k, v in os.environ.items() if k != "TTY_COMPATIBLE"},
        check=False, cwd=ROOT,
    )  # fmt: skip
    assert piped.returncode == 0 and "━" not in piped.stderr  # no bar off a terminal


class LateDetector:
    """Scans that come back only when waited for: a detector still at work."""

    def take(self, wait: bool) -> list[object] | None:
        return [] if wait else None


def test_waiting_for_the_detector_is_a_stage_of_its_own() -> None:
    """A file stored while the detector still works on it: its bar is `flagging FILE`,
    counting the file's briefs as their scans come back, not `storing` standing full."""
    from reviewer.pipeline.batch_writer import BatchWriter

    counted: list[int] = []
    said: list[tuple[str, str | None, int | None]] = []
    writer = BatchWriter(None, None, counted.append)  # type: ignore[arg-type]
    writer.run_id, writer.detection = 1, LateDetector()  # type: ignore[assignment]
    writer.stage = lambda kind, path, total: said.append((kind, path, total))
    writer.awaiting.extend([{"a": 1, "b": 2}, {"c": 3}])
    writer.await_detector(None, "week.jsonl")  # type: ignore[arg-type]
    assert said == [("flag", "week.jsonl", 3)] and counted == [2, 1]
    writer.await_detector(None, "week.jsonl")  # type: ignore[arg-type]
    assert len(said) == 1  # nothing out: no stage
