"""Time per kilobyte of one brief as it grows: the default's reading stays linear.

    python scripts/bench_long_brief.py [--sizes 40,160,640] [--rows 2000,8000,32000]

Three shapes of long brief: the demo briefs joined into one text (prose with many names
of the pool), a Markdown table of many rows under a "Last month | This month" header, and
a name and its number with a run of blank lines between them and the next (a pattern
that can try every split of a run of spaces takes time in the square of the run).
For each size the script prints the detector's CPU time for the whole brief and per
kilobyte; a reading that looks at every name or every row above for each number shows
as a time per kilobyte that grows with the size.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from reviewer.checks.registry import load_detector
from reviewer.grounding.types import Known

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "fixtures" / "demo" / "briefs.jsonl"
TABLE_POOL = [Known("burn", 92417.36, "usd"), Known("cash", 2466115.69, "usd")]


def demo_prose(parts: int) -> tuple[str, list[Known]]:
    """The demo briefs joined, `parts` of them in turn, with the first one's pool."""
    records = [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines()]
    records = [r for r in records if "text" in r and "pool" in r]
    text = "\n\n".join(records[i % len(records)]["text"] for i in range(parts))
    pool = [Known(p["name"], p["value"], p["unit"]) for p in records[0]["pool"]]
    return text, pool


def table(rows: int) -> str:
    body = "\n".join(f"| Burn | ${80 + i % 40}k | $92.4k |" for i in range(rows))
    return "| Item | Last month | This month |\n|---|---|---|\n" + body


def timed(detector, text: str, pool: list[Known], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        began = time.process_time()
        detector.flag(text, pool)
        best = min(best, time.process_time() - began)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="40,160,640", help="demo briefs joined, per run")
    parser.add_argument("--rows", default="2000,8000,32000", help="table rows, per run")
    parser.add_argument("--blank", default="8000,32000", help="blank lines, per run")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    detector = load_detector("default")
    print(f"{'brief':<28} {'KB':>7} {'CPU s':>8} {'ms/KB':>7}")
    for parts in (int(n) for n in args.sizes.split(",")):
        text, pool = demo_prose(parts)
        seconds = timed(detector, text, pool, args.repeat)
        kb = len(text.encode()) / 1024
        label = f"{parts} demo briefs joined"
        print(f"{label:<28} {kb:7.0f} {seconds:8.2f} {seconds / kb * 1000:7.2f}")
    for rows in (int(n) for n in args.rows.split(",")):
        text = table(rows)
        seconds = timed(detector, text, TABLE_POOL, args.repeat)
        kb = len(text.encode()) / 1024
        label = f"table of {rows} rows"
        print(f"{label:<28} {kb:7.0f} {seconds:8.2f} {seconds / kb * 1000:7.2f}")
    pool = [Known("hrv", 67, "none"), Known("rhr", 50, "bpm")]
    for lines in (int(n) for n in args.blank.split(",")):
        text = "HRV 52" + "\n" * lines + "Resting HR 61 bpm."
        seconds = timed(detector, text, pool, args.repeat)
        kb = len(text.encode()) / 1024
        label = f"{lines} blank lines"
        print(f"{label:<28} {kb:7.0f} {seconds:8.2f} {seconds / kb * 1000:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
