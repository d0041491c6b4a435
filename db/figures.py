"""The figures of `reviewer stats`, from run rows and tally counts: no SQL and no SQLAlchemy,
so db.stats (through SQLAlchemy) and db.direct (plain drivers) assemble the same result."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from reviewer.agreement import DISPUTED, FINAL_RULE
from reviewer.metrics import labels_needed, wilson_interval
from reviewer.vocabulary import FALSE_POSITIVE, SKIP, TRUE_POSITIVE

Counts = dict[int, dict[tuple[str, str], Counter[str | None]]]
ANY = ""  # runtally's reviewer key of the "newest verdict of anyone" view
ALL = ""  # runtally's verdict key of the flag totals


def fold(rows: Iterable[Any], who: str) -> Counts:
    """runtally rows (run_id, reviewer, kind, unit, verdict, n) of `who` and ANY -> run ->
    (kind, unit) -> verdict counts, with None counting the unlabeled flags."""
    found: Counts = defaultdict(lambda: defaultdict(Counter))
    totals: Counts = defaultdict(lambda: defaultdict(Counter))
    for run_id, rev, kind, unit, verdict, n in rows:
        if rev == ANY and verdict == ALL:
            totals[run_id][(kind, unit)][None] += n
        elif rev == who and verdict != ALL:
            found[run_id][(kind, unit)][verdict] += n
    for run_id, groups in totals.items():
        for group, total in groups.items():
            labeled = found[run_id][group]
            labeled[None] = total[None] - sum(labeled.values())
    return found


@dataclass(frozen=True, slots=True)
class SliceStats:
    """Precision of one slice of a run's flags (all of them, a kind, a unit): counts, the
    precision and its 95% Wilson interval, coverage, and labels still needed."""

    flags: int
    labeled: int
    true_positives: int
    false_positives: int
    skipped: int
    in_dispute: int  # claims whose reviewers differ and no adjudicator has settled
    precision: float | None
    precision_ci: list[float]  # [low, high]
    coverage: float
    labels_needed: int

    def __getitem__(self, key: str) -> Any:
        """A figure by its name in `stats --json` (stats["flags"])."""
        return getattr(self, key)

    def to_dict(self) -> dict[str, Any]:
        """Plain data in the order `stats --json` prints it."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class RunStats(SliceStats):
    """A slice that is one detector run (None: there is no run yet)."""

    run_id: int | None
    detector: str | None
    version: str | None


@dataclass(frozen=True, slots=True)
class PrecisionStats(RunStats):
    """Precision of a run for a reviewer, by kind and unit, beside every finished run."""

    reviewer: str | None
    verdict_rule: str
    by_kind: dict[str, SliceStats]
    by_unit: dict[str, SliceStats]
    by_run: list[RunStats]


def _figures(flags: int, verdicts: Counter[str | None]) -> dict[str, Any]:
    """Counts of one slice of flags -> precision, its 95% Wilson interval, coverage."""
    tp, fp, skip = verdicts[TRUE_POSITIVE], verdicts[FALSE_POSITIVE], verdicts[SKIP]
    disputed = verdicts[DISPUTED]
    n = tp + fp
    low, high = wilson_interval(tp, n)
    labeled = tp + fp + skip + disputed
    return {
        "flags": flags,
        "labeled": labeled,
        "true_positives": tp,
        "false_positives": fp,
        "skipped": skip,
        "in_dispute": disputed,
        "precision": tp / n if n else None,
        "precision_ci": [low, high],
        "coverage": labeled / flags if flags else 0.0,
        "labels_needed": labels_needed(tp, fp),
    }


def summarize(flags: int, verdicts: Counter[str | None]) -> SliceStats:
    """The figures of one slice of flags."""
    return SliceStats(**_figures(flags, verdicts))


def assemble(run: Any, runs: list[Any], counts: Counts, reviewer: str | None) -> PrecisionStats:
    """The stats of `run` (None: no run yet) beside every run of `runs`: each has id,
    detector and version attributes; counts as db.tally.read gives them."""
    overall: Counter[str | None] = Counter()
    by_kind: defaultdict[str, Counter[str | None]] = defaultdict(Counter)
    by_unit: defaultdict[str, Counter[str | None]] = defaultdict(Counter)
    if run is not None:
        for (kind, unit), c in counts.get(run.id, {}).items():
            overall.update(c)
            by_kind[kind].update(c)
            by_unit[unit].update(c)
    by_run = []
    for r in runs:
        c = sum(counts.get(r.id, {}).values(), Counter())
        by_run.append(
            RunStats(**_figures(sum(c.values()), c), run_id=r.id, detector=r.detector,
                     version=r.version)
        )  # fmt: skip
    return PrecisionStats(
        **_figures(sum(overall.values()), overall),
        run_id=run.id if run else None,
        detector=run.detector if run else None,
        version=run.version if run else None,
        reviewer=reviewer,
        verdict_rule=FINAL_RULE if reviewer is None else "this reviewer's current verdicts",
        by_kind={k: summarize(sum(c.values()), c) for k, c in sorted(by_kind.items())},
        by_unit={u: summarize(sum(c.values()), c) for u, c in sorted(by_unit.items())},
        by_run=by_run,
    )


def unusable(run_id: int, status: str) -> str:
    if status == "failed":
        return (
            f"run {run_id} failed: its flags were removed, so it has no figures "
            "(stats without --run shows the latest finished run)"
        )
    return (
        f"run {run_id} has not finished: it is still running, or its process was killed "
        "(the next reviewer ingest or flag marks it failed)"
    )
