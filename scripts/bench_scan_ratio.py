"""Whole-process `reviewer scan` against a bare tokenizer on the same long-brief corpus.

    python scripts/bench_scan_ratio.py [--briefs 4000] [--repeat 5] [--corpus FILE]

The bare tokenizer is the floor any scanner pays: start Python, read each JSON line, run
the token regex over the text, write one JSON line per brief. The script times both as
separate processes (start-up included) and prints each detector's median time as a ratio
of the tokenizer's median. Medians, because the machine may be shared and noisy.

The long briefs are demo briefs joined: of their 127,000 sentences with a number, about 540
are distinct. A reading remembered by its sentence would meet any target here and say
nothing of other prose, so `--corpus` times the same commands on briefs of your own (JSON
Lines with `id`, `text` and `pool`), such as the ingest benchmark's.

reviewer's bytecode is compiled first, as installing it does: a checkout run with
PYTHONDONTWRITEBYTECODE set would otherwise compile every module at each start (some
20 ms a run, which no installed copy pays).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "fixtures" / "demo"

BARE = """
import json, re, sys
token = re.compile(r"[-+]?\\d[\\d,]*(?:\\.\\d+)?")
out = sys.stdout
for line in open(sys.argv[1], encoding="utf-8"):
    brief = json.loads(line)
    out.write(json.dumps({"id": brief["id"], "tokens": token.findall(brief["text"])}) + "\\n")
"""


def long_briefs(path: Path, count: int, seed: int = 15) -> None:
    """Briefs of about 6,000 characters, each several demo briefs joined, with their pools."""
    demo = []
    for file in sorted(DEMO.glob("*.jsonl")):
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "text" in record and "pool" in record:
                demo.append(record)
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for i in range(count):
            parts = rng.sample(demo, k=min(4, len(demo)))
            text = "\n\n".join(p["text"] for p in parts)
            out.write(json.dumps({"id": f"long-{i}", "text": text, "pool": parts[0]["pool"]}))
            out.write("\n")


def timed(command: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--briefs", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--corpus", type=Path, help="briefs to time instead of the long ones")
    args = parser.parse_args()
    reviewer = str(Path(sys.executable).with_name("reviewer"))
    compileall.compile_dir(ROOT / "reviewer", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = args.corpus or Path(tmp) / "long.jsonl"
        if args.corpus is None:
            long_briefs(corpus, args.briefs)
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
        commands = {
            "bare tokenizer": [sys.executable, str(bare), str(corpus)],
            "scan -d reference": [reviewer, "scan", str(corpus), "-d", "reference"],
            "scan -d default": [reviewer, "scan", str(corpus), "-d", "default"],
        }
        start_load = os.getloadavg()
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.repeat):  # interleaved, so drifting load hits all alike
            for name, command in commands.items():
                times[name].append(timed(command))
        size = corpus.stat().st_size / 1e6
        end_load = os.getloadavg()
        with corpus.open("rb") as lines:
            count = sum(1 for _ in lines)
        print(f"{count} briefs of {corpus.name if args.corpus else 'the long corpus'}, "
              f"{size:.1f} MB, median of {args.repeat} runs each")  # fmt: skip
        print(
            f"{os.cpu_count()} cores; load average (1, 5, 15 min) at start "
            f"{', '.join(f'{x:.1f}' for x in start_load)}, at end "
            f"{', '.join(f'{x:.1f}' for x in end_load)}"
        )
        floor = statistics.median(times["bare tokenizer"])
        for name, runs in times.items():
            median = statistics.median(runs)
            print(f"{name:18s} {median:6.2f} s  {median / floor:5.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
