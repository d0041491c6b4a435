"""Precision and recall of detectors on the labeled evaluation corpus (fixtures/eval/).

    python scripts/evaluate.py [-d module:attr ...] [--only] [--corpus DIR]
                               [--split dev] [--json | --markdown]

`reference` and `default` are always measured, and each `-d` detector beside them
(`--only`: just the `-d` ones).

Each brief is checked with its domain's config (fixtures/eval/configs/<domain>.toml); the
`reference` detector always runs without one, since its vocabulary is fixed. A flag is
matched to the truth of the number whose span it overlaps: on a misstated number it is a
true positive, on anything else (a faithful citation, a plan, a range, a count...) a false
alarm of that number's class. Recall is over misstated numbers: found when at least one
flag lands on it. `--split dev` reads the dev briefs alone: the way to work on a detector
without seeing the held-out briefs' classes. Intervals are 95% Wilson intervals.

A config table the installed reader refuses (such as [names] before it is supported) is
left out, and the report says so, rather than evaluating nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reviewer.checks import DetectorLoadError, load_detector
from reviewer.grounding import ConfigError, DetectorConfig, Known, load_config
from reviewer.metrics import wilson_interval

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "eval"
BUILTIN = ("reference", "default")
READABLE = ("thresholds", "units")


@dataclass(frozen=True)
class Span:
    """A flag reduced to what matching needs."""

    start: int
    end: int
    nearest: str = ""


@dataclass
class Tally:
    """Counts for one slice of the corpus; precision and recall with their intervals."""

    flags: int = 0
    true_positives: int = 0
    contradictions: int = 0
    found: int = 0

    def add(self, other: Tally) -> None:
        self.flags += other.flags
        self.true_positives += other.true_positives
        self.contradictions += other.contradictions
        self.found += other.found

    @property
    def false_positives(self) -> int:
        return self.flags - self.true_positives

    def precision(self) -> float | None:
        return self.true_positives / self.flags if self.flags else None

    def recall(self) -> float | None:
        return self.found / self.contradictions if self.contradictions else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "flags": self.flags,
            "true_positives": self.true_positives,
            "false_positives": self.false_positives,
            "precision": self.precision(),
            "precision_ci": list(wilson_interval(self.true_positives, self.flags)),
            "contradictions": self.contradictions,
            "found": self.found,
            "recall": self.recall(),
            "recall_ci": list(wilson_interval(self.found, self.contradictions)),
        }


@dataclass
class BriefScore:
    """One detector on one brief: its tally, and the class of each false alarm and miss."""

    tally: Tally
    false_alarms: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    beyond_band: int = 0
    beyond_band_found: int = 0
    beyond_band_named: int = 0  # found by a flag naming the very known value misstated


def truth_class(entry: dict[str, Any]) -> str:
    """The label a false alarm or miss is counted under: the reason and PRODUCT.md class."""
    cls = entry.get("class")
    if "not_citation" in entry:
        base = entry["not_citation"]
    elif "citation" in entry:
        base = "faithful citation"
    else:
        base = entry.get("misstatement", "value")
    return f"{base} [{cls}]" if cls else base


def score_brief(truth: Sequence[dict[str, Any]], flags: Iterable[Span]) -> BriefScore:
    """Match flags to the truth by overlapping span; count hits, false alarms and misses."""
    tally = Tally()
    score = BriefScore(tally)
    hit: set[int] = set()
    named: set[int] = set()
    for flag in flags:
        tally.flags += 1
        best, overlap = None, 0
        for i, entry in enumerate(truth):
            shared = min(flag.end, entry["end"]) - max(flag.start, entry["start"])
            if shared > overlap:
                best, overlap = i, shared
        if best is None:
            score.false_alarms.append("not a number in the truth")
        elif "contradicts" in truth[best]:
            tally.true_positives += 1
            hit.add(best)
            if flag.nearest == truth[best]["contradicts"]:
                named.add(best)
        else:
            score.false_alarms.append(truth_class(truth[best]))
    for i, entry in enumerate(truth):
        if "contradicts" not in entry:
            continue
        tally.contradictions += 1
        beyond = entry.get("misstatement") == "beyond band"
        score.beyond_band += beyond
        if i in hit:
            tally.found += 1
            score.beyond_band_found += beyond
            score.beyond_band_named += beyond and i in named
        else:
            score.misses.append(truth_class(entry))
    return score


class Refused(Exception):
    """Input the evaluation cannot use; the message names the file and the problem."""


def read_corpus(root: Path, split: str | None = None) -> list[dict[str, Any]]:
    """Every brief under `root` (dev/ and held-out/, or `split/` alone), in a stable order."""
    briefs = []
    for path in sorted((root / split if split else root).rglob("*.jsonl")):
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    try:
                        briefs.append(json.loads(line))
                    except json.JSONDecodeError as err:
                        raise Refused(f"{path}:{number}: not JSON: {err}") from None
    return briefs


def domain_config(root: Path, domain: str, notes: list[str]) -> DetectorConfig | None:
    """The domain's config as the installed reader can take it; refused tables noted."""
    path = root / "configs" / f"{domain}.toml"
    if not path.exists():
        return None
    try:
        return load_config(path)
    except ConfigError as err:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        left_out = sorted(set(data) - set(READABLE))
        if not left_out:
            raise Refused(str(err)) from None
        notes.append(f"{path.name}: [{'], ['.join(left_out)}] not read by this version ({err})")
        with tempfile.TemporaryDirectory() as tmp:
            reduced = Path(tmp) / path.name
            reduced.write_text(_toml({k: data[k] for k in READABLE if k in data}), "utf-8")
            return load_config(reduced)


def _toml(data: dict[str, dict[str, Any]]) -> str:
    """The two readable tables back as TOML (numbers and lists of strings only)."""
    lines = []
    for table, values in data.items():
        lines.append(f"[{table}]")
        for key, value in values.items():
            lines.append(f"{json.dumps(key)} = {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


Detect = Callable[[str, list[Known]], list[Span]]


def detectors(specs: Sequence[str], root: Path, domains: Iterable[str], notes: list[str]):
    """spec -> domain -> flag function; each built once per domain with its config."""
    configs = {domain: domain_config(root, domain, notes) for domain in sorted(set(domains))}
    out: dict[str, dict[str, Detect]] = {}
    for spec in specs:
        out[spec] = {}
        for domain, config in configs.items():
            try:
                detector = load_detector(spec, None if spec == "reference" else config)
            except DetectorLoadError as err:
                raise Refused(str(err)) from None
            out[spec][domain] = lambda text, pool, d=detector: [
                Span(f.start, f.end, f.nearest) for f in d.flag(text, pool)
            ]
    return out


def evaluate(briefs: Sequence[dict[str, Any]], runs: dict[str, dict[str, Detect]]) -> dict:
    """Tallies per detector: overall, per split, per domain, per domain and split; classes."""
    report: dict[str, Any] = {}
    for spec, by_domain in runs.items():
        slices: dict[str, Tally] = defaultdict(Tally)
        false_alarms: dict[str, Counter[str]] = defaultdict(Counter)
        misses: dict[str, Counter[str]] = defaultdict(Counter)
        beyond = Counter()
        for brief in briefs:
            meta = brief["meta"]
            pool = [
                Known(k["name"], float(k["value"]), k.get("unit", "none")) for k in brief["pool"]
            ]
            flags = by_domain[meta["domain"]](brief["text"], pool)
            score = score_brief(brief["truth"], flags)
            for key in _slices(meta):
                slices[key].add(score.tally)
            for split in _splits(meta):
                false_alarms[split].update(score.false_alarms)
                misses[split].update(score.misses)
                beyond[f"{split}/total"] += score.beyond_band
                beyond[f"{split}/found"] += score.beyond_band_found
                beyond[f"{split}/named"] += score.beyond_band_named
        report[spec] = {
            "slices": {key: tally.to_dict() for key, tally in sorted(slices.items())},
            "false_alarms": {k: dict(v.most_common()) for k, v in false_alarms.items()},
            "misses": {k: dict(v.most_common()) for k, v in misses.items()},
            "beyond_band": {
                split: {key: beyond[f"{split}/{key}"] for key in ("total", "found", "named")}
                for split in ("all", "dev", "held-out")
            },
        }
    return report


def _splits(meta: dict[str, Any]) -> tuple[str, ...]:
    """The slice "all" and the brief's split; a corpus without splits (fixtures/independent) has
    "all" alone."""
    return ("all", meta["split"]) if meta.get("split") else ("all",)


def _slices(meta: dict[str, Any]) -> list[str]:
    """The slices a brief counts in: its splits, its domain and its domain in its split."""
    domain, split = meta["domain"], meta.get("split")
    return [*_splits(meta), domain, *([f"{domain}/{split}"] if split else [])]


def numbers_by_class(briefs: Sequence[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """How many numbers of each class the corpus holds, per split: what a count is out of."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for brief in briefs:
        for entry in brief["truth"]:
            for split in _splits(brief["meta"]):
                out[split][truth_class(entry)] += 1
    return {split: dict(counts.most_common()) for split, counts in out.items()}


def _pct(value: float | None, ci: Sequence[float]) -> str:
    if value is None:
        return "–"
    return f"{value:.2f} [{ci[0]:.2f}, {ci[1]:.2f}]"


def rows(report: dict, scopes: Sequence[str]) -> list[list[str]]:
    out = []
    for spec, result in report.items():
        for scope in scopes:
            s = result["slices"].get(scope)
            if s is None:
                continue
            out.append(
                [
                    spec,
                    scope,
                    str(s["flags"]),
                    str(s["true_positives"]),
                    str(s["false_positives"]),
                    _pct(s["precision"], s["precision_ci"]),
                    f"{s['found']}/{s['contradictions']}",
                    _pct(s["recall"], s["recall_ci"]),
                ]
            )
    return out


HEADER = [
    "detector",
    "slice",
    "flags",
    "TP",
    "FP",
    "precision [95% CI]",
    "found",
    "recall [95% CI]",
]


def scopes(report: dict) -> list[str]:
    keys = next(iter(report.values()))["slices"]
    domains = sorted(k for k in keys if "/" not in k and k not in {"all", "dev", "held-out"})
    return ["all", "dev", "held-out", *domains, *sorted(k for k in keys if "/" in k)]


def markdown(report: dict) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(r) + " |" for r in rows(report, scopes(report)[: 3 + 5])]
    return "\n".join(lines)


def show(report: dict, notes: Sequence[str], numbers: dict[str, dict[str, int]]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console()
    table = Table(title="Detectors on the evaluation corpus")
    for name in HEADER:
        table.add_column(name, justify="left" if name in {"detector", "slice"} else "right")
    for row in rows(report, scopes(report)):
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)
    # a corpus without splits (fixtures/independent) has the "all" column alone
    splits = [split for split in ("all", "dev", "held-out") if numbers.get(split)]
    for spec, result in report.items():
        for title, key in (
            ("false alarms by class", "false_alarms"),
            ("misses by class", "misses"),
        ):
            classes = Table(title=f"{spec}: {title}, of the numbers of that class")
            classes.add_column("class")
            for split in splits:
                classes.add_column(split, justify="right")
            counts = result[key]
            for cls in counts.get("all", {}):
                cells = [
                    f"{counts.get(split, {}).get(cls, 0)}/{numbers.get(split, {}).get(cls, 0)}"
                    for split in splits
                ]
                classes.add_row(Text(cls), *cells)
            console.print(classes)
        band = result["beyond_band"]
        console.print(
            Text(
                f"{spec}: beyond-band misstatements (the metric named beside them) flagged "
                + ", ".join(f"{s} {band[s]['found']}/{band[s]['total']}" for s in splits)
                + "; flagged against the value misstated "
                + ", ".join(f"{s} {band[s]['named']}/{band[s]['total']}" for s in splits)
            )
        )
    for note in notes:
        console.print(Text(f"note: {note}", style="yellow"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "-d",
        "--detector",
        action="append",
        default=[],
        help="a detector to measure beside reference and default (module:attr); repeatable",
    )
    parser.add_argument(
        "--only", action="store_true", help="measure only the detectors given with -d"
    )
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument(
        "--split", choices=("dev", "held-out"), help="measure one split only (tune on dev)"
    )
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="the full report as JSON")
    out.add_argument("--markdown", action="store_true", help="the summary table for the README")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except Refused as err:
        print(f"evaluate: {err}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    briefs = read_corpus(args.corpus, args.split)
    if not briefs:
        print(f"{args.corpus}: no briefs found", file=sys.stderr)
        return 2
    notes: list[str] = []
    specs = list(dict.fromkeys(args.detector if args.only else [*BUILTIN, *args.detector]))
    if not specs:
        print("--only needs at least one -d DETECTOR", file=sys.stderr)
        return 2
    runs = detectors(specs, args.corpus, (b["meta"]["domain"] for b in briefs), notes)
    report = evaluate(briefs, runs)
    if args.json:
        numbers = numbers_by_class(briefs)
        whole = {"briefs": len(briefs), "notes": notes, "numbers_by_class": numbers}
        print(json.dumps({**whole, "detectors": report}, indent=2))
    elif args.markdown:
        print(markdown(report))
    else:
        show(report, notes, numbers_by_class(briefs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
