"""Rules switched off from a team's labels, measured on briefs the labels did not come from:
5-fold cross-validation grouped by brief, per domain.

    python scripts/rules_off_eval.py [--root fixtures/independent] [--folds 5] [--json]

In each fold, the other folds' briefs are the team's labeled briefs: every flag `default`
makes on them (with the domain's config) is labeled true or false from the truth, and
each rule a config can switch (`name:WORDS` for one name's words) gets its precision
with a 95% Wilson interval. A rule is switched off as `reviewer stats --by-rule` suggests
it: its interval lies wholly under one half and under the run's precision (most of its
flags are false, and fewer are true than of the run's). The labels are read as a sample of
the domain's prose, not as every flag, so a rule with few labels keeps its wide interval
and stays on. The fold's own briefs are then
read with `[rules] off` holding those rules, and scored as scripts/evaluate.py scores:
a flag is matched to the truth entry its span overlaps most, recall is over every
misstatement the truth holds.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluate import Span, Tally, domain_config, read_corpus, score_brief

from db.by_rule import worth_switching_off
from reviewer.grounding import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default import DefaultDetector
from reviewer.grounding.rules import by_id
from reviewer.learn.fit import FOLDS

ROOT = Path(__file__).resolve().parent.parent / "fixtures" / "independent"
Brief = dict[str, Any]


def switch_id(rule: str) -> str | None:
    """The id `[rules] off` takes for a flag's rule (`name:WORDS` its own), or None."""
    return None if by_id(rule) is None else rule


def flags_of(detector: DefaultDetector, brief: Brief) -> list[tuple[Span, str, bool]]:
    """Each flag on `brief`: its span, the id that switches its rule, and whether the truth
    says it is a misstatement (the entry its span overlaps most contradicts)."""
    pool = [Known(k["name"], float(k["value"]), k.get("unit", "none")) for k in brief["pool"]]
    found = []
    for flag in detector.flag(brief["text"], pool):
        span = Span(flag.start, flag.end, flag.nearest)
        true = score_brief(brief["truth"], [span]).tally.true_positives == 1
        found.append((span, switch_id(flag.rule) or flag.rule, true))
    return found


def chosen_off(labeled: Sequence[tuple[Span, str, bool]]) -> list[str]:
    """The switchable rules `reviewer stats --by-rule` would suggest switching off."""
    if not labeled:
        return []
    run = sum(true for _, _, true in labeled) / len(labeled)
    by_rule: dict[str, list[bool]] = defaultdict(list)
    for _, rule, true in labeled:
        by_rule[rule].append(true)
    return [
        rule
        for rule, verdicts in sorted(by_rule.items())
        if by_id(rule) is not None and worth_switching_off(sum(verdicts), len(verdicts), run)
    ]


def cross_validate(briefs: Sequence[Brief], config: DetectorConfig | None, folds: int) -> dict:
    """Rules alone and rules switched off from the other folds' labels, over every fold."""
    base = config or DetectorConfig()
    detector = DefaultDetector(base)
    labeled = {b["id"]: flags_of(detector, b) for b in briefs}
    ids = sorted(labeled)
    n = min(folds, len(ids))
    fold_of = {brief_id: i % n for i, brief_id in enumerate(ids)}
    alone, switched = Tally(), Tally()
    switched_off: list[list[str]] = []
    for k in range(n):
        train = [f for b in ids if fold_of[b] != k for f in labeled[b]]
        off = chosen_off(train)
        switched_off.append(off)
        tuned = DefaultDetector(replace(base, rules_off=base.rules_off | frozenset(off)))
        for brief in (b for b in briefs if fold_of[b["id"]] == k):
            read = labeled[brief["id"]]
            alone.add(score_brief(brief["truth"], [s for s, _, _ in read]).tally)
            if off:  # read again only where the fold switched something off
                read = flags_of(tuned, brief)
            switched.add(score_brief(brief["truth"], [s for s, _, _ in read]).tally)
    return {"rules": alone.to_dict(), "switched": switched.to_dict(), "off": switched_off}


def pooled(parts: Any, side: str) -> dict:
    """One side's tallies over every domain, added up."""
    total = Tally()
    for part in parts:
        counts = part[side]
        total.add(Tally(counts["flags"], counts["true_positives"], counts["contradictions"],
                        counts["found"]))  # fmt: skip
    return total.to_dict()


def _pct(part: dict) -> str:
    p, (low, high) = part["precision"], part["precision_ci"]
    r, (r_low, r_high) = part["recall"], part["recall_ci"]
    show = "—" if p is None else f"{100 * p:.1f}% ({100 * low:.0f}–{100 * high:.0f})"
    return f"{show} | {100 * (r or 0):.1f}% ({100 * r_low:.0f}–{100 * r_high:.0f})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="a folder of corpora, or one")
    parser.add_argument("--folds", type=int, default=FOLDS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    # a corpus is a folder with its briefs' configs/; --root may be one, or hold several
    roots = (
        [args.root]
        if (args.root / "configs").is_dir()
        else sorted(p for p in args.root.iterdir() if (p / "configs").is_dir())
    )
    report: dict[str, Any] = {}
    for folder in roots:
        briefs = read_corpus(folder)
        for domain in sorted({b.get("meta", {}).get("domain", "") for b in briefs}):
            mine = [b for b in briefs if b.get("meta", {}).get("domain", "") == domain]
            config = domain_config(folder, domain, [])
            report[f"{folder.name}/{domain}"] = cross_validate(mine, config, args.folds)
    report["all"] = {side: pooled(report.values(), side) for side in ("rules", "switched")}
    report["all"]["off"] = []
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print("| corpus/domain | rules: precision | recall | switched off: precision | recall "
          "| switched off (ids, by fold) |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for name, part in report.items():
        off = sorted({rule for fold in part["off"] for rule in fold})
        told = ", ".join(f"`{r}` ({sum(r in f for f in part['off'])})" for r in off) or "—"
        print(f"| {name} | {_pct(part['rules'])} | {_pct(part['switched'])} | {told} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
