"""What each of the default's rules did on a labeled corpus: which rules to trust, which to
switch off (`[rules] off` in the domain's config).

    python scripts/rule_report.py [--corpus DIR] [--split dev] [--domain D] [--json]

Every number of every brief is read with `explain` (with its domain's config) and matched,
by overlapping span, to the truth of the corpus (fixtures/eval's format: `truth` entries
with `contradicts` for a misstatement, `citation` or `not_citation` for the rest). For
each rule: the flags it made (true and false), and the numbers it read as no statement,
of which how many the truth says were misstatements (contradictions the rule hid). A rule
that hides more than it saves on a team's own labeled briefs is one to switch off there.

The evaluation corpus's dev split is the text the rules were written from: its figures
say what the rules do where they were tuned. `--split held-out` measures them apart.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluate import CORPUS, domain_config, read_corpus

from reviewer.grounding import Known
from reviewer.grounding.default import DefaultDetector


@dataclass
class RuleTally:
    """What one rule did: flags right and wrong, numbers passed over and those it hid."""

    true_flags: int = 0
    false_flags: int = 0
    passed_over: int = 0
    hidden: int = 0  # passed over, yet a misstatement

    def as_dict(self) -> dict[str, int]:
        return {"true_flags": self.true_flags, "false_flags": self.false_flags,
                "passed_over": self.passed_over, "hidden": self.hidden}  # fmt: skip


def _truth_at(truth: Sequence[dict], start: int, end: int) -> dict | None:
    for entry in truth:
        if entry["start"] < end and start < entry["end"]:
            return entry
    return None


def tally(briefs: Sequence[dict], root: Path) -> dict[str, RuleTally]:
    """Each rule's tally over `briefs`."""
    notes: list[str] = []
    detectors: dict[str, DefaultDetector] = {}
    rules: dict[str, RuleTally] = defaultdict(RuleTally)
    for brief in briefs:
        domain = brief.get("meta", {}).get("domain", "")
        if domain not in detectors:
            detectors[domain] = DefaultDetector(domain_config(root, domain, notes))
        pool = [Known(k["name"], k["value"], k.get("unit", "none")) for k in brief["pool"]]
        for reading in detectors[domain].explain(brief["text"], pool):
            entry = _truth_at(brief.get("truth", ()), reading.start, reading.end)
            wrong = entry is not None and "contradicts" in entry
            rule = "name" if reading.rule.startswith("name:") else reading.rule
            if reading.outcome == "flag":
                if wrong:
                    rules[rule].true_flags += 1
                else:
                    rules[rule].false_flags += 1
            elif reading.outcome == "no statement":
                rules[rule].passed_over += 1
                rules[rule].hidden += wrong
    return dict(sorted(rules.items()))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="a corpus in eval's format")
    parser.add_argument("--split", default=None, help="dev or held-out (default: both)")
    parser.add_argument("--domain", default=None, help="one domain only")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    briefs = read_corpus(args.corpus, args.split)
    if args.domain:
        briefs = [b for b in briefs if b.get("meta", {}).get("domain") == args.domain]
    rules = tally(briefs, args.corpus)
    if args.json:
        print(json.dumps({rule: t.as_dict() for rule, t in rules.items()}, indent=1))
        return 0
    print(f"{len(briefs)} briefs")
    print(f"{'rule':<28} {'true flags':>10} {'false flags':>11} {'passed over':>11} hidden")
    for rule, t in rules.items():
        print(
            f"{rule:<28} {t.true_flags:>10} {t.false_flags:>11} {t.passed_over:>11} {t.hidden:>6}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
