"""A labeled corpus's truth (fixtures/eval format) as the labels a careful reviewer would
make, in the file `reviewer labels import` reads.

    python scripts/truth_labels.py BRIEFS.jsonl [--config TOML] [--reviewer truth] > labels.jsonl

Each brief is read in full: every flag of the detector is labeled true or false positive
by the truth of the number it overlaps, and every checked number it did not flag that
misstates a known value is marked missed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from learn_eval import truth_of

from reviewer.checks import load_detector
from reviewer.grounding import Known, load_config
from reviewer.learn.candidates import candidates


def label_lines(brief: dict[str, Any], detector: Any, reviewer: str) -> Iterator[dict[str, Any]]:
    pool = [Known(k["name"], float(k["value"]), k.get("unit", "none")) for k in brief["pool"]]
    yield {"brief": brief["id"], "reviewed": True, "reviewer": reviewer}
    for c in candidates(detector, brief["text"], pool):
        entry = truth_of(c, brief["truth"])
        wrong = entry is not None and "contradicts" in entry
        line = {"brief": brief["id"], "start": c.start, "end": c.end, "reviewer": reviewer}
        if c.flag is not None:
            yield line | {"verdict": "true-positive" if wrong else "false-positive"}
        elif wrong and entry is not None:
            yield line | {"verdict": "miss", "known": entry["contradicts"]}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("briefs", type=Path)
    parser.add_argument("--config", type=Path, default=None)
    parser.add_argument("--reviewer", default="truth")
    args = parser.parse_args(argv)
    detector = load_detector("default", load_config(args.config) if args.config else None)
    with args.briefs.open(encoding="utf-8") as handle:
        for raw in handle:
            if raw.strip():
                for line in label_lines(json.loads(raw), detector, args.reviewer):
                    print(json.dumps(line))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
