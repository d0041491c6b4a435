"""Rules alone and rules + a model learned from labels, on prose written independently
of the rules (fixtures/independent): 5-fold cross-validation grouped by brief.

    python scripts/learn_independent.py [--root fixtures/independent] [--folds 5] [--json]

For each corpus, every brief is checked by `default` with its domain's config, every
checked number becomes an example (it contradicts its known value or not, from the
truth), and in each fold the model of `reviewer learn` is fit on the other folds' briefs,
its thresholds chosen inside them (scripts/learn_eval.py does the work). Precision and
recall are over the checked numbers, with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluate import read_corpus
from learn_eval import _pct, examples_of

from reviewer.learn.fit import FOLDS, cross_validate

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "independent"
USE = {
    "a": "read to choose the model's features",
    "b": "scored before and after that",
    "c": "scored before and after that",
    "d": "scored once, then after the rules changed",
    "e": "written last, never read",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--folds", type=int, default=FOLDS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {}
    lines = [
        "| corpus | domains | briefs | rules: precision | rules: recall "
        "| + model: precision | + model: recall |",
        "|---|---|---:|---|---|---|---|",
    ]
    for folder in sorted(p for p in args.root.iterdir() if p.is_dir()):
        briefs = read_corpus(folder)
        domains = sorted({b.get("meta", {}).get("domain", "") for b in briefs})
        cv = cross_validate(examples_of(briefs, folder), args.folds)
        report[folder.name] = {"domains": domains, **cv.to_dict()}
        r, m = cv.rules.to_dict(), cv.model.to_dict()
        use = USE.get(folder.name, "")
        lines.append(
            f"| `{folder.name}`{f' ({use})' if use else ''} | {', '.join(domains)} | "
            f"{cv.briefs} | {_pct(r['precision'], r['precision_ci'])} | "
            f"{_pct(r['recall'], r['recall_ci'])} | {_pct(m['precision'], m['precision_ci'])} | "
            f"{_pct(m['recall'], m['recall_ci'])} |"
        )
    print(json.dumps(report, indent=2) if args.json else "\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
