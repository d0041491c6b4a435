"""The figures of `reviewer stats`, from run rows and tally counts: no SQL and no SQLAlchemy,
so db.stats (through SQLAlchemy) and db.direct (plain drivers) assemble the same result."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from db.strata import Rows, RunStrata, SliceLabels, run_strata, slice_precision
from reviewer.agreement import DISPUTED, FINAL_RULE
from reviewer.metrics import (
    Recall,
    StratifiedPrecision,
    labels_needed,
    precision_difference,
    wilson_interval,
)
from reviewer.vocabulary import FALSE_POSITIVE, SKIP, TRUE_POSITIVE

T = TypeVar("T")

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
    precision_bounds: list[float]  # where precision lies while a stratum is unmeasured
    unmeasured: list[str]  # strata with flags but no label yet

    def __getitem__(self, key: str) -> Any:
        """A figure by its name in `stats --json` (stats["flags"])."""
        return getattr(self, key)

    def to_dict(self) -> dict[str, Any]:
        """Plain data in the order `stats --json` prints it."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class RunStats(SliceStats):
    """A slice that is one detector run (None: there is no run yet). Its `precision`,
    `precision_ci` and `labels_needed` are the estimate over the run's strata (db.strata):
    while a stratum is unmeasured, `precision` is None and `precision_ci` the bounds.
    What the labels alone say is `labeled_precision`."""

    run_id: int | None
    detector: str | None
    version: str | None
    labeled_precision: dict[str, Any]  # {"precision", "precision_ci"} of the labels
    labels_needed_by_stratum: dict[str, int]
    labels_reach: bool  # False: the claims in dispute keep the interval wider than ±5 points


@dataclass(frozen=True, slots=True)
class PrecisionStats(RunStats):
    """Precision of a run for a reviewer, by kind and unit, beside every finished run;
    its strata, where its labels came from, its recall, and its change since the
    previous run (with an interval)."""

    reviewer: str | None
    verdict_rule: str
    by_kind: dict[str, SliceStats]
    by_unit: dict[str, SliceStats]
    by_run: list[RunStats]
    strata: list[dict[str, Any]]
    previous_run: int | None
    queue_labels: int  # labels made through the run's random queue
    hand_labels: int  # labels made in the run on flags chosen by hand
    recall: dict[str, Any]
    against_previous: dict[str, Any] | None  # precision minus the previous run's
    # per class (new, same): true and false labels made in the run off that stratum's
    # random queue, no sample of it (its sample is its stratum's true and false labels)
    off_queue: dict[str, int] = field(default_factory=dict)


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
        "labels_needed": labels_needed(tp, fp) if flags else 0,  # (no flag: none to label)
        "precision_bounds": [low, high],
        "unmeasured": [],
    }


def summarize(
    flags: int, verdicts: Counter[str | None], estimate: StratifiedPrecision | None = None
) -> SliceStats:
    """The figures of one slice of flags; with `estimate` (db.strata.slice_precision), its
    precision, interval and labels needed are the estimate over the slice's strata, as a
    run's are, not the labels pooled whatever their origin."""
    figures = _figures(flags, verdicts)
    if estimate is None:
        return SliceStats(**figures)
    low, high = estimate.bounds
    return SliceStats(**{
        **figures,
        "precision": estimate.value,
        "precision_ci": list(estimate.ci) if estimate.ci is not None else [low, high],
        "precision_bounds": [low, high],
        "unmeasured": list(estimate.unmeasured),
        "labels_needed": sum(estimate.labels_needed().values()),
    })  # fmt: skip


def _honest(figures: dict[str, Any], estimate: RunStrata | None) -> dict[str, Any]:
    """The labels' figures with the stratified estimate in place of their precision."""
    labeled = {"precision": figures["precision"], "precision_ci": figures["precision_ci"]}
    if estimate is None:  # no run: nothing to stratify
        low, high = figures["precision_ci"]
        return {**figures, "labeled_precision": labeled, "precision_bounds": [low, high],
                "unmeasured": [], "labels_needed_by_stratum": {},
                "labels_reach": True}  # fmt: skip
    sp = estimate.precision
    low, high = sp.bounds
    needed = sp.labels_needed()
    return {
        **figures,
        "precision": sp.value,
        "precision_ci": list(sp.ci) if sp.ci is not None else [low, high],
        "labels_needed": sum(needed.values()),
        "labeled_precision": labeled,
        "precision_bounds": [low, high],
        "unmeasured": list(sp.unmeasured),
        "labels_needed_by_stratum": needed,
        "labels_reach": sp.within_reach(),
    }


def assemble(
    run: Any,
    runs: list[Any],
    counts: Counts,
    reviewer: str | None,
    strata: dict[int, RunStrata],
    recall: Recall | None = None,
    slices: SliceLabels | None = None,
) -> PrecisionStats:
    """The stats of `run` (None: no run yet) beside every run of `runs`: each has id,
    detector and version attributes; counts as db.tally.read gives them, strata per run
    as db.strata.run_strata, the run's recall as db.strata.run_recall, and its labels by
    kind and unit as db.strata.slice_labels (without them, a kind's or unit's precision
    is its labels' alone)."""
    overall: Counter[str | None] = Counter()
    by_kind: defaultdict[str, Counter[str | None]] = defaultdict(Counter)
    by_unit: defaultdict[str, Counter[str | None]] = defaultdict(Counter)
    groups = list(counts.get(run.id, {})) if run is not None else []
    if run is not None:
        for (kind, unit), c in counts.get(run.id, {}).items():
            overall.update(c)
            by_kind[kind].update(c)
            by_unit[unit].update(c)
    by_run = []
    for r in runs:
        c = sum(counts.get(r.id, {}).values(), Counter())
        figures = _honest(_figures(sum(c.values()), c), strata.get(r.id))
        by_run.append(
            RunStats(**figures, run_id=r.id, detector=r.detector, version=r.version)
        )  # fmt: skip
    estimate = strata.get(run.id) if run is not None else None
    before = strata.get(estimate.previous_run) if estimate and estimate.previous_run else None
    change = None
    if estimate is not None and before is not None:
        difference = precision_difference(before.precision, estimate.precision)
        change = {"run_id": before.run_id, **difference.to_dict()}
    return PrecisionStats(
        **_honest(_figures(sum(overall.values()), overall), estimate),
        run_id=run.id if run else None,
        detector=run.detector if run else None,
        version=run.version if run else None,
        reviewer=reviewer,
        verdict_rule=FINAL_RULE if reviewer is None else "this reviewer's current verdicts",
        by_kind={k: _slice(k, c, 0, groups, slices) for k, c in sorted(by_kind.items())},
        by_unit={u: _slice(u, c, 1, groups, slices) for u, c in sorted(by_unit.items())},
        by_run=by_run,
        strata=estimate.precision.to_dict()["strata"] if estimate else [],  # type: ignore[arg-type]
        previous_run=estimate.previous_run if estimate else None,
        queue_labels=estimate.queue_labels if estimate else 0,
        hand_labels=estimate.hand_labels if estimate else 0,
        recall=(recall or Recall(0, 0)).to_dict(),
        against_previous=change,
        off_queue=dict(estimate.off_queue) if estimate else {},
    )


def _slice(
    name: str,
    verdicts: Counter[str | None],
    place: int,
    groups: list[tuple[str, str]],
    slices: SliceLabels | None,
) -> SliceStats:
    """A kind's (place 0) or unit's (place 1) figures, estimated over its strata."""
    flags = sum(verdicts.values())
    if slices is None:
        return summarize(flags, verdicts)
    queued: Counter[str] = Counter()
    for group in groups:
        if group[place] == name and group in slices:
            queued.update(slices[group])
    return summarize(flags, verdicts, slice_precision(flags, verdicts, queued))


def read_strata(
    rows: Rows, run: Any, runs: list[Any], reviewer: str | None
) -> dict[int, RunStrata]:
    """The strata of every run of `runs`, of the run, and of its previous run (for the
    change)."""
    found = {r.id: run_strata(rows=rows, run_id=r.id, reviewer=reviewer) for r in runs}
    if run is not None and run.id not in found:
        found[run.id] = run_strata(rows=rows, run_id=run.id, reviewer=reviewer)
    before = found[run.id].previous_run if run is not None else None
    if before is not None and before not in found:
        found[before] = run_strata(rows=rows, run_id=before, reviewer=reviewer)
    return found


def run_ref(ref: str) -> int | str:
    """What a run is called on the command line: its id (`3`, `#3`) as int, else its name."""
    text = ref.strip()
    number = text[1:] if text.startswith("#") else text
    return int(number) if number.isascii() and number.isdigit() else text


def by_name(named: list[T], status: Callable[[T], str]) -> list[T]:
    """The runs of one name, oldest first, narrowed as a name picks: the one run that did
    not fail, or where every run of it failed (a failed run's name is free to take again),
    the newest; several runs that did not fail stay several."""
    live = [run for run in named if status(run) != "failed"]
    if len(named) > 1 and len(live) <= 1:
        return live or named[-1:]
    return named


def no_run(ref: int | str, ids: Iterable[int] = ()) -> str:
    """Why `ref` picks no run (no `ids`) or too many (the ids of its name)."""
    shown = ", ".join(map(str, ids))
    if shown:
        return f"several runs are named {ref!r} (runs {shown}): give an id"
    if isinstance(ref, int):
        return f"no detector run {ref} (reviewer runs lists them)"
    return f"no detector run named {ref!r} (reviewer runs lists them)"


def unusable(run_id: int, status: str) -> str:
    if status == "failed":
        return (
            f"run {run_id} failed: its flags were removed, so it has no figures "
            "(reviewer runs lists the finished runs)"
        )
    return (
        f"run {run_id} has not finished: it is still running, or its process was killed "
        "(the next reviewer ingest or flag marks it failed)"
    )
