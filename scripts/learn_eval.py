"""Does learning from labels help? k-fold cross-validation grouped by brief on a labeled
corpus (the format of fixtures/eval: briefs with a `truth` per number).

    python scripts/learn_eval.py [--corpus DIR] [--split dev] [--folds 5] [--json]
                                 [--per-domain]

Each brief is checked by the `default` detector with its domain's config; every checked
number becomes an example (it contradicts its known value or not, from the truth), and
the model of reviewer learn is fit on the other folds' briefs, its threshold chosen inside
them. Printed: precision and recall of the rules alone and with the model on the held-out
folds, with 95% Wilson intervals, then a learning curve. Precision and recall here are
over the checked numbers, the ones a model can see.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluate import CORPUS, domain_config, read_corpus

from reviewer.checks import load_detector
from reviewer.grounding import Known
from reviewer.learn.candidates import Candidate, candidates
from reviewer.learn.fit import (
    FOLDS,
    Example,
    Score,
    cross_validate,
    learning_curve,
)


def truth_of(candidate: Candidate, truth: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The truth entry the candidate's span overlaps most (as scripts/evaluate.py matches)."""
    best, overlap = None, 0
    for entry in truth:
        shared = min(candidate.end, entry["end"]) - max(candidate.start, entry["start"])
        if shared > overlap:
            best, overlap = entry, shared
    return best


def examples_of(briefs: Sequence[dict[str, Any]], root: Path) -> list[Example]:
    notes: list[str] = []
    detectors: dict[str, Any] = {}
    found = []
    for brief in briefs:
        domain = brief.get("meta", {}).get("domain", "")
        if domain not in detectors:
            detectors[domain] = load_detector("default", domain_config(root, domain, notes))
        pool = [Known(k["name"], float(k["value"]), k.get("unit", "none")) for k in brief["pool"]]
        for c in candidates(detectors[domain], brief["text"], pool):
            entry = truth_of(c, brief["truth"])
            truth = entry is not None and "contradicts" in entry
            found.append(Example(brief["id"], c.features, truth, c.flag is not None, c.exact))
    return found


def _pct(value: float | None, ci: Sequence[float]) -> str:
    if value is None:
        return "—"
    return f"{100 * value:.1f}% ({100 * ci[0]:.0f}–{100 * ci[1]:.0f})"


def table(name: str, rules: Score, model: Score) -> list[str]:
    r, m = rules.to_dict(), model.to_dict()
    return [
        f"| {name} | rules | {r['flags']} | {_pct(r['precision'], r['precision_ci'])} | "
        f"{_pct(r['recall'], r['recall_ci'])} |",
        f"| {name} | rules + model | {m['flags']} | {_pct(m['precision'], m['precision_ci'])} | "
        f"{_pct(m['recall'], m['recall_ci'])} |",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--split", default=None, help="dev or held-out (default: both)")
    parser.add_argument("--folds", type=int, default=FOLDS)
    parser.add_argument("--per-domain", action="store_true", help="a model per domain")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    briefs = read_corpus(args.corpus, args.split)
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for brief in briefs:
        key = brief.get("meta", {}).get("domain", "") if args.per_domain else "all"
        groups[key].append(brief)
    report: dict[str, Any] = {}
    lines = [
        "| corpus | check | flags | precision (95% CI) | recall (95% CI) |",
        "|---|---|---:|---|---|",
    ]
    curves = ["| corpus | labeled briefs | precision | recall |", "|---|---:|---|---|"]
    for key, members in sorted(groups.items()):
        examples = examples_of(members, args.corpus)
        cv = cross_validate(examples, args.folds)
        curve = learning_curve(examples, n=args.folds)
        report[key] = {**cv.to_dict(), "curve": [{"briefs": n, **s.to_dict()} for n, s in curve]}
        lines += table(f"{key} ({cv.briefs} briefs, {cv.folds}-fold)", cv.rules, cv.model)
        for n, score in curve:
            s = score.to_dict()
            curves.append(
                f"| {key} | {n} | {_pct(s['precision'], s['precision_ci'])} | "
                f"{_pct(s['recall'], s['recall_ci'])} |"
            )
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print("\n".join(lines) + "\n\nLearning curve (model on the held-out folds):\n")
        print("\n".join(curves))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
