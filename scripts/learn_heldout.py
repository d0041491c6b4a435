"""Learn on the dev split, check the held-out split: the whole loop through the real
commands, domain by domain, on fixtures/eval.

    python scripts/learn_heldout.py [--corpus DIR] [--json]

For each domain: `reviewer ingest` the dev briefs with the domain's config, the dev
truth as labels (scripts/truth_labels.py: every flag labeled, every missed contradiction
marked, every brief read in full) through `reviewer labels import`, `reviewer learn
--out`, then `reviewer scan` of the held-out briefs with and without `--model`, each
scored against the held-out truth as scripts/evaluate.py scores (a flag is a true
positive when it overlaps a misstated number). The held-out texts are only ever read
by the commands.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluate import CORPUS, Span, Tally, score_brief

HERE = Path(__file__).resolve().parent
REVIEWER = [sys.executable, "-m", "reviewer"]


def run(*args: str, out: Path | None = None) -> str:
    done = subprocess.run([*args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}\n{done.stderr}")
    if out is not None:
        out.write_text(done.stdout, encoding="utf-8")
    return done.stdout


def scored(scan_output: str, truths: dict[str, list[dict[str, Any]]]) -> Tally:
    tally = Tally()
    for line in scan_output.splitlines():
        brief = json.loads(line)
        spans = [Span(f["start"], f["end"], f["nearest"]) for f in brief["flags"]]
        tally.add(score_brief(truths[brief["id"]], spans).tally)
    return tally


def domain(root: Path, name: str, work: Path) -> dict[str, Any]:
    config = str(root / "configs" / f"{name}.toml")
    dev, held = root / "dev" / f"{name}.jsonl", root / "held-out" / f"{name}.jsonl"
    where = str(work / f"{name}.db")
    run(*REVIEWER, "ingest", str(dev), "--config", config, "--db", where)
    labels = work / f"{name}-labels.jsonl"
    run(sys.executable, str(HERE / "truth_labels.py"), str(dev), "--config", config, out=labels)
    run(*REVIEWER, "labels", "import", str(labels), "--reviewer", "truth", "--db", where)
    model = work / f"{name}-model.json"
    run(*REVIEWER, "learn", "--name", name, "--out", str(model), "--db", where)
    truths = {}
    with held.open(encoding="utf-8") as handle:  # the truth only: its texts go to scan
        for raw in handle:
            if raw.strip():
                brief = json.loads(raw)
                truths[brief["id"]] = brief["truth"]
    scan = [*REVIEWER, "scan", str(held), "--config", config, "--workers", "0"]
    rules = scored(run(*scan), truths)
    learned = scored(run(*scan, "--model", str(model)), truths)
    trained = json.loads(model.read_text(encoding="utf-8"))["trained_on"]
    return {"rules": rules, "model": learned, "arms": trained.get("arms")}


def _pct(value: float | None, ci: Sequence[float]) -> str:
    return "—" if value is None else f"{100 * value:.1f}% ({100 * ci[0]:.0f}–{100 * ci[1]:.0f})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = sorted(p.stem for p in (args.corpus / "dev").glob("*.jsonl"))
    report: dict[str, Any] = {}
    total = {"rules": Tally(), "model": Tally()}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            report[name] = domain(args.corpus, name, Path(tmp))
            for check in total:
                total[check].add(report[name][check])
    report["all"] = total
    if args.json:
        print(json.dumps({k: {c: v[c].to_dict() for c in ("rules", "model")}
                          for k, v in report.items()}, indent=2))  # fmt: skip
        return 0
    print("| held-out | check | flags | precision (95% CI) | recall (95% CI) |")
    print("|---|---|---:|---|---|")
    for name, figures in report.items():
        for check in ("rules", "model"):
            t = figures[check].to_dict()
            shown = "rules alone" if check == "rules" else "rules + model"
            print(f"| {name} | {shown} | {t['flags']} | {_pct(t['precision'], t['precision_ci'])} "
                  f"| {_pct(t['recall'], t['recall_ci'])} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
