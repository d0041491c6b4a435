"""A child process for `--detector 'cmd:python -m tests.support.cmd_child DETECTOR'`: the
in-process detector DETECTOR (reference, default) behind the line protocol, standing in for
a check written in another language. `--exit-at N`, `--hang-at N`, `--garble-at N` and
`--misnumber-at N` misbehave on the Nth brief asked, as a broken program would.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from reviewer.checks.registry import analyze, load_detector
from reviewer.grounding.types import Known


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("detector")
    for fault in ("exit", "hang", "garble", "misnumber"):
        parser.add_argument(f"--{fault}-at", type=int, default=0)
    args = parser.parse_args()
    detector = load_detector(args.detector)
    for number, line in enumerate(sys.stdin, 1):
        asked = json.loads(line)
        if number == args.exit_at:
            sys.exit(3)
        if number == args.hang_at:
            time.sleep(3600)
        pool = [Known(k["name"], k["value"], k["unit"]) for k in asked["pool"]]
        analysis = analyze(detector, asked["text"], pool)
        answer = {
            "id": "?" if number == args.misnumber_at else asked["id"],
            "flags": [flag.to_dict() for flag in analysis.flags],
            "checkable": analysis.checkable,
        }
        sys.stdout.write("{not json\n" if number == args.garble_at else json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
