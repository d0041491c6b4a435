"""Benchmark: peak memory of `reviewer ingest` (and `flag`) on one very long line.

Run: python scripts/bench_line_memory.py [--mb 50] [--kind prose|numbers|both]
Writes one brief whose text is `--mb` MB of prose without numbers ("prose") or of coach
prose with three numbers a sentence that the default detector flags ("numbers": about a
million flags for 50 MB), ingests it into a fresh database in a child process and reports
the child's peak RSS and its ratio to the line's size; then the same for a `flag` re-run.
A line past the reader's limit (64 MiB) is refused without being read into memory.
Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

POOL = [
    {"name": "rhr", "value": 52, "unit": "bpm"},
    {"name": "tsb", "value": -22.4, "unit": "none"},
    {"name": "distance", "value": 5.0, "unit": "mi"},
]
SENTENCES = {
    "prose": "The quick brown fox jumps over the lazy dog while the coach writes prose. ",
    "numbers": "Resting heart rate sat at 54 bpm today, form is 22.4 and you ran 5.1 mi. ",
}


# the command in a child that reports its own peak RSS as it exits (the children's maximum
# that getrusage gives would mix the ingest into the flag that follows it)
CHILD = (
    "import atexit, resource, sys\n"
    "atexit.register(lambda: sys.stderr.write("
    "f'PEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n'))\n"
    "sys.argv = ['reviewer', *sys.argv[1:]]\n"
    "from reviewer.cli import main\n"
    "main()\n"
)


def _peak_of(args: list[str]) -> tuple[float, float, str]:
    """(peak RSS in MB, seconds, last line said) of one reviewer command in a child."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args], capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - started
    peak = next(
        (int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("PEAK ")),
        0,
    )
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    said = [line for line in said if not line.startswith("PEAK ")]
    return peak / 1024, seconds, said[-1] if said else ""


def bench(kind: str, megabytes: float, folder: Path) -> None:
    sentence = SENTENCES[kind]
    path = folder / f"{kind}.jsonl"
    text = sentence * int(megabytes * 1_000_000 / len(sentence))
    path.write_text(json.dumps({"id": "long", "text": text, "pool": POOL}) + "\n")
    size = path.stat().st_size / 1_000_000
    database = folder / f"{kind}.db"
    for name, args in (
        ("ingest", ["ingest", str(path), "--db", str(database)]),
        ("flag", ["flag", "--db", str(database)]),
    ):
        peak, seconds, said = _peak_of(args)
        print(
            f"{kind:8} {name:6} line {size:6.1f} MB  peak RSS {peak:7.0f} MB "
            f"({peak / size:4.1f}x the line)  {seconds:6.1f} s  | {said[:70]}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=50)
    parser.add_argument("--kind", choices=["prose", "numbers", "both"], default="both")
    options = parser.parse_args()
    kinds = ["prose", "numbers"] if options.kind == "both" else [options.kind]
    with tempfile.TemporaryDirectory() as folder:
        for kind in kinds:
            bench(kind, options.mb, Path(folder))


if __name__ == "__main__":
    main()
