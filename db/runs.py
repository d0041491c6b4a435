"""Detector runs as versions of the check: finding them, summing them up, their stored arms,
and which claims changed between two of them (new, gone, same) with their labels.

Claim identity is `claim.id` (brief + span + token). `claim_changes` walks the flags of
both runs in one ordered pass each and merges them, a chunk at a time: memory stays flat
however many briefs there are.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import exists, func, select, update

from db import tally
from db.figures import by_name, no_run, run_ref, unusable
from db.queries import RunRow, get_run
from db.strata import reader, run_strata
from db.tables import Db, engine_of
from db.tables import brief as B
from db.tables import briefscan as BS
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import labelstate as LS
from db.tables import pool as P
from reviewer.agreement import DISPUTED
from reviewer.grounding.config import changed_thresholds, changed_units
from reviewer.metrics import StratifiedPrecision

Change = Literal["new", "gone", "same"]
CHANGES: tuple[Change, ...] = ("new", "gone", "same")
CHUNK = 1000  # changes whose labels are read with one query


# ---------------------------------------------------------------- finding runs


def previous_run(*, db: Db, run_id: int) -> RunRow | None:
    """The newest finished run made before this one (what "gone" and "new" refer to)."""
    query = select(R).where(R.c.status == "finished", R.c.id < run_id)
    return db.execute(query.order_by(R.c.id.desc()).limit(1)).first()


def find_run(*, db: Db, ref: str, finished: bool = False) -> RunRow:
    """A run by id (`3` or `#3`) or by name; ValueError says why none (or several) match,
    or, with `finished`, why a failed or unfinished run has no figures to compare. A name
    also held by failed runs picks the one run that did not fail; a name only failed runs
    hold (a failed run's name is free to take again), the newest of them."""
    wanted = run_ref(ref)
    if isinstance(wanted, int):
        run = get_run(session=db, run_id=wanted)
        if run is None:
            raise ValueError(no_run(wanted))
    else:
        named = list(db.execute(select(R).where(R.c.name == wanted).order_by(R.c.id)))
        named = by_name(named, lambda run: run.status)
        if len(named) != 1:
            raise ValueError(no_run(wanted, [r.id for r in named]))
        run = named[0]
    if finished and run.status != "finished":
        raise ValueError(unusable(run.id, run.status))
    return run


def run_named(*, session: Db, name: str) -> int | None:
    """The id of a run (not a failed one) that has this name, if any."""
    query = select(R.c.id).where(R.c.name == name, R.c.status != "failed")
    return session.execute(query.order_by(R.c.id).limit(1)).scalar()


def run_pair(*, db: Db, a: str | None = None, b: str | None = None) -> tuple[RunRow, RunRow]:
    """The two runs a diff compares: both given; one given (its previous run, then it);
    none (the two latest finished runs). ValueError when there are not two runs."""
    if a is not None and b is not None:
        return find_run(db=db, ref=a, finished=True), find_run(db=db, ref=b, finished=True)
    if a is not None:
        newer = find_run(db=db, ref=a, finished=True)
        older = previous_run(db=db, run_id=newer.id)
        if older is None:
            raise ValueError(f"run {newer.id} has no finished run before it to compare with")
        return older, newer
    runs = db.execute(
        select(R).where(R.c.status == "finished").order_by(R.c.id.desc()).limit(2)
    ).all()
    if len(runs) < 2:
        raise ValueError(
            "a diff needs two finished runs: make another with `reviewer flag` "
            "(e.g. --detector reference or --config FILE)"
        )
    return runs[1], runs[0]


def run_title(run: Any) -> str:
    """How a run is named everywhere: `#3 v0.40 (default 1.0, cfg 1a2b3c4d)`."""
    digest = (getattr(run, "config_digest", None) or "")[:8]
    described = f"{run.detector} {run.version}" + (f", cfg {digest}" if digest else "")
    name = getattr(run, "name", None)
    return f"#{run.id} {name} ({described})" if name else f"#{run.id} ({described})"


def config_summary(config: str | None) -> str:
    """The thresholds and units that differ from the built-in ones, e.g. `value=0.2`, the
    rules turned off or on (`rules off: plan.bound`) and the words added to the lexicon."""
    parts = [f"{key}={band:g}" for key, band in changed_thresholds(config or "").items()]
    parts += [f"units.{unit}" for unit in changed_units(config or "")]
    parts += changed_rules(config)
    parts += added_words(config)
    return ", ".join(parts) if parts else "built-in"


def added_words(config: str | None) -> list[str]:
    """`lexicon.plan_words +2` per word class a stored config's [lexicon] table adds to."""
    try:
        data = json.loads(config or "")
    except ValueError:
        return []
    added = data.get("lexicon") if isinstance(data, dict) else None
    if not isinstance(added, dict):
        return []
    return [f"lexicon.{name} +{len(words)}" for name, words in added.items() if words]


def changed_rules(config: str | None) -> list[str]:
    """`rules off: a b`, `rules on: c` from a stored config's [rules] table."""
    try:
        data = json.loads(config or "")
    except ValueError:
        return []
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict):
        return []
    return [
        f"rules {key}: {' '.join(map(str, ids))}"
        for key in ("off", "on")
        if isinstance(ids := rules.get(key), list) and ids
    ]


# ---------------------------------------------------------------- stored arms


def iter_pool_rows(*, db: Db, limit: int | None = None) -> Iterator[tuple[int, str]]:
    """(pk, knowns JSON) of the stored pools in the order first ingested (the arms)."""
    query = select(P.c.pk, P.c.knowns).order_by(P.c.pk).limit(limit)
    yield from db.execute(query).yield_per(1000)


def arms_sample(*, db: Db, limit: int) -> str:
    """A digest of what a run's arms read: the first `limit` stored pools and briefs, each
    by its key and content digest. A run of the same code, detector and config over the
    same sample scores the same arms."""
    sha = hashlib.sha256()
    for pk, digest in db.execute(select(P.c.pk, P.c.digest).order_by(P.c.pk).limit(limit)):
        sha.update(f"p{pk}:{digest};".encode())
    briefs = select(B.c.pk, B.c.digest, B.c.pool_pk).order_by(B.c.pk).limit(limit)
    for pk, digest, pool_pk in db.execute(briefs):
        sha.update(f"b{pk}:{digest}:{pool_pk};".encode())
    return sha.hexdigest()[:16]


def production(*, db: Db, run_id: int) -> tuple[float, int]:
    """The production row of a run: its briefs' mean invention rate, and how many briefs."""
    rate = func.avg(func.coalesce(BS.c.flags * 1.0 / func.nullif(BS.c.checkable, 0), 0.0))
    mean, briefs = db.execute(select(rate, func.count()).where(BS.c.run_id == run_id)).one()
    return float(mean or 0.0), int(briefs or 0)


def store_arms(*, db: Db, run_id: int, arms: dict[str, Any]) -> None:
    """Keep a run's four-arm report (ArmsReport.to_dict, plus how many pools) with it."""
    db.execute(update(R).where(R.c.id == run_id).values(arms=json.dumps(arms)))


def stored_arms(run: Any) -> dict[str, Any] | None:
    """A run's stored arms report, or None for a run made before arms were stored."""
    text = getattr(run, "arms", None)
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def arm_means(arms: dict[str, Any] | None, group: str = "template") -> dict[str, float]:
    """arm -> mean of one group's arms (template or rewrite), plus `production`, from a
    stored report; empty for a group the run did not store (a run made before rewrite arms
    were stored has template arms only)."""
    if not arms:
        return {}
    return {
        row["arm"]: float(row["mean"])
        for row in arms.get("rows", [])
        if row.get("group") in (group, "production")
    }


# ---------------------------------------------------------------- run summaries


@dataclass(frozen=True, slots=True)
class RunSummary:
    """One line of `reviewer runs`: the run, its flags and labels, precision, its arms."""

    run: RunRow
    labeled: int
    true_positives: int
    false_positives: int
    skipped: int
    in_dispute: int = 0
    estimate: StratifiedPrecision | None = None  # over the run's strata, as `stats` gives it

    @property
    def title(self) -> str:
        return run_title(self.run)

    @property
    def precision(self) -> float | None:
        """The run's precision as `stats` estimates it; None while a stratum is unmeasured
        (then `precision_ci` holds the bounds) or before any true or false verdict."""
        return self.estimate.value if self.estimate is not None else None

    @property
    def precision_ci(self) -> tuple[float, float]:
        if self.estimate is None:
            return (0.0, 1.0)
        return self.estimate.ci or self.estimate.bounds

    @property
    def unmeasured(self) -> bool:
        """Labeled, but some stratum has no label yet: only bounds are known."""
        return (
            self.estimate is not None
            and bool(self.estimate.unmeasured)
            and (self.true_positives + self.false_positives > 0)
        )

    @property
    def arms(self) -> dict[str, Any] | None:
        return stored_arms(self.run)

    def to_dict(self) -> dict[str, Any]:
        run = self.run
        arms = self.arms
        return {
            "id": run.id,
            "name": run.name,
            "detector": run.detector,
            "version": run.version,
            "spec": run.spec,
            "config_digest": run.config_digest,
            "config_changes": config_summary(run.config),
            "created_at": _when(run.created_at),
            "finished_at": _when(run.finished_at),
            "status": run.status,
            "briefs": run.briefs,
            "flags": run.flags,
            "labeled": self.labeled,
            "true_positives": self.true_positives,
            "false_positives": self.false_positives,
            "skipped": self.skipped,
            "in_dispute": self.in_dispute,
            "precision": self.precision,
            "precision_ci": list(self.precision_ci),
            "unmeasured": list(self.estimate.unmeasured) if self.estimate else [],
            "arms": None if arms is None else {
                "passed": not arms.get("failures"),
                "means": arm_means(arms),
                "rewrite_means": {
                    arm: mean for arm, mean in arm_means(arms, "rewrite").items()
                    if arm != "production"
                },
                "failures": arms.get("failures", []),
                "warnings": arms.get("warnings", []),
            },
        }  # fmt: skip


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat(timespec="seconds")


def run_summaries(*, db: Db, reviewer: str | None = None) -> list[RunSummary]:
    """Every run (unfinished ones too), oldest first, with label counts from the tallies and
    each finished run's precision estimated over its strata, as `stats` gives it."""
    runs = list(db.execute(select(R).order_by(R.c.id)))
    counts = tally.read(db, [r.id for r in runs], reviewer)
    rows = reader(db)
    out = []
    for run in runs:
        verdicts = sum(counts.get(run.id, {}).values(), Counter())
        tp, fp, skip = (verdicts["true_positive"], verdicts["false_positive"], verdicts["skip"])
        disputed = verdicts[DISPUTED]
        estimate = None
        if run.status == "finished":
            estimate = run_strata(rows=rows, run_id=run.id, reviewer=reviewer).precision
        out.append(RunSummary(run, tp + fp + skip + disputed, tp, fp, skip, disputed, estimate))
    return out


# ---------------------------------------------------------------- claim changes


@dataclass(frozen=True, slots=True)
class Reading:
    """How one run flagged a claim."""

    value: float
    unit: str
    nearest: str
    nearest_value: float
    kind: str
    rule: str | None = None  # the reading that made the flag; None before 0012
    probability: float | None = None  # a learned model's, for a flag it decided


@dataclass(frozen=True, slots=True)
class ClaimChange:
    """A claim flagged by run A, run B or both, with its current labels."""

    change: Change
    claim_id: int
    brief_pk: int
    brief_id: str
    start: int
    end: int
    token: str
    a: Reading | None
    b: Reading | None
    verdict: str | None  # the reviewer's current verdict (any reviewer's newest without one)
    labels: tuple[tuple[str, str, str], ...]  # (reviewer, verdict, role) of every current label

    @property
    def reading(self) -> Reading:
        """The newer run's reading when it flags the claim, else the older one's."""
        found = self.b or self.a
        assert found is not None
        return found

    @property
    def recall_regression(self) -> bool:
        """A true positive the newer run no longer flags."""
        return self.change == "gone" and self.verdict == "true_positive"

    @property
    def fix(self) -> bool:
        """A false positive the newer run no longer flags."""
        return self.change == "gone" and self.verdict == "false_positive"

    @property
    def unreviewed(self) -> bool:
        """A new flag nobody (or not this reviewer) has labeled yet."""
        return self.change == "new" and self.verdict is None


_Row = tuple[int, int, str, int, int, str, float, str, str, float, str, str | None, float | None]


def _flags_of(
    db: Db, run_id: int, brief_pks: Sequence[int] | None, not_in: int | None = None
) -> Iterator[_Row]:
    """(claim_id, brief_pk, brief_id, start, end, token, value, unit, nearest,
    nearest_value, kind, rule, probability) of a run's flags in (brief, start, claim)
    order, streamed;
    with `not_in`, only the claims that run does not flag (an anti-join on the index)."""
    columns = (F.c.claim_id, F.c.brief_pk, B.c.brief_id, F.c.start, F.c.end, F.c.token,
               F.c.value, F.c.unit, F.c.nearest, F.c.nearest_value, F.c.kind,
               F.c.rule, F.c.probability)  # fmt: skip
    query = (
        select(*columns)
        .select_from(F.join(B, B.c.pk == F.c.brief_pk))
        .where(F.c.run_id == run_id)
        .order_by(F.c.brief_pk, F.c.start, F.c.claim_id)
    )
    if brief_pks is not None:
        query = query.where(F.c.brief_pk.in_(list(brief_pks)))
    if not_in is not None:
        twin = F.alias()
        query = query.where(
            ~exists().where(twin.c.run_id == not_in, twin.c.claim_id == F.c.claim_id)
        )
    for row in db.execute(query.execution_options(yield_per=CHUNK)):
        yield tuple(row)  # type: ignore[misc]


def _reading(row: _Row) -> Reading:
    return Reading(*row[6:13])


def _merged(
    a_rows: Iterator[_Row], b_rows: Iterator[_Row]
) -> Iterator[tuple[Change, _Row, _Row | None, _Row | None]]:
    """Merge two ordered flag streams by (brief, start, claim): each claim once, with the
    flag shown (B's when B has it) and each run's; readings are made for what is kept."""
    a, b = next(a_rows, None), next(b_rows, None)
    while a is not None or b is not None:
        a_key = (a[1], a[3], a[0]) if a is not None else None
        b_key = (b[1], b[3], b[0]) if b is not None else None
        if b_key is None or (a_key is not None and a_key < b_key):
            assert a is not None
            yield "gone", a, a, None
            a = next(a_rows, None)
        elif a_key is None or b_key < a_key:
            assert b is not None
            yield "new", b, None, b
            b = next(b_rows, None)
        else:
            assert b is not None
            yield "same", b, a, b
            a, b = next(a_rows, None), next(b_rows, None)


def _labels_of(
    db: Db, claim_ids: list[int], reviewer: str | None
) -> tuple[dict[int, str | None], dict[int, list[tuple[str, str, str]]]]:
    """The verdict that counts per claim, and the current labels with their roles: everyone's,
    or with `reviewer` theirs alone (the labels the counts beside them are of)."""
    labels: dict[int, list[tuple[str, str, str]]] = {}
    mine: dict[int, str | None] = {}
    rows = db.execute(
        select(LS.c.claim_id, LS.c.reviewer, LS.c.verdict, LS.c.role)
        .where(LS.c.claim_id.in_(claim_ids), LS.c.verdict.is_not(None))
        .order_by(LS.c.claim_id, LS.c.reviewer)
    )
    for claim_id, who, verdict, role in rows:
        if reviewer is None or who == reviewer:
            labels.setdefault(claim_id, []).append((who, verdict, role))
        if who == reviewer:
            mine[claim_id] = verdict
    if reviewer is None:
        mine = dict(db.execute(select(C.c.id, C.c.verdict).where(C.c.id.in_(claim_ids))).all())
    return mine, labels


def claim_changes(
    *,
    db: Db,
    run_a: int,
    run_b: int,
    reviewer: str | None = None,
    only: Sequence[Change] = CHANGES,
    brief_pks: Sequence[int] | None = None,
) -> Iterator[ClaimChange]:
    """Every claim flagged by run A or run B, in (brief, start) order, as new (B only),
    gone (A only) or same (both), with its labels; `only` keeps some classes, `brief_pks`
    some briefs. Streams: a chunk of CHUNK changes in memory at a time."""
    wanted = set(only)
    if "same" in wanted or engine_of(db).dialect.name != "sqlite":
        # PostgreSQL plans the anti-join below from the runs' estimated rows: with
        # statistics older than run B (flagged since the last ANALYZE) it expects one row
        # and rereads all of B's flags for each of A's, minutes where this takes seconds
        merged = _merged(_flags_of(db, run_a, brief_pks), _flags_of(db, run_b, brief_pks))
    else:  # only what changed: each run's flags the other lacks, one index lookup each
        gone = _flags_of(db, run_a, brief_pks, not_in=run_b) if "gone" in wanted else iter(())
        new = _flags_of(db, run_b, brief_pks, not_in=run_a) if "new" in wanted else iter(())
        merged = _merged(gone, new)
    chunk: list[tuple[Change, _Row, _Row | None, _Row | None]] = []

    def flush() -> Iterator[ClaimChange]:
        verdicts, labels = _labels_of(db, [row[0] for _, row, _, _ in chunk], reviewer)
        for change, row, a, b in chunk:
            claim_id = row[0]
            yield ClaimChange(
                change, claim_id, row[1], row[2], row[3], row[4], row[5],
                None if a is None else _reading(a), None if b is None else _reading(b),
                verdicts.get(claim_id), tuple(labels.get(claim_id, ())),
            )  # fmt: skip
        chunk.clear()

    for item in merged:
        if item[0] in wanted:
            chunk.append(item)
            if len(chunk) >= CHUNK:
                yield from flush()
    if chunk:
        yield from flush()


VerdictCounts = dict[Change, Counter[str | None]]


def change_counts(*, db: Db, run_a: int, run_b: int, reviewer: str | None = None) -> VerdictCounts:
    """Per class, the claims by current verdict (None: unlabeled): three aggregate queries
    over the (claim, run) index, however many flags there are."""
    counts: VerdictCounts = {}
    for change, this, other, present in (
        ("new", run_b, run_a, False),
        ("gone", run_a, run_b, False),
        ("same", run_b, run_a, True),
    ):
        flag, twin = F.alias(), F.alias()
        found = exists().where(twin.c.run_id == other, twin.c.claim_id == flag.c.claim_id)
        if reviewer is None:
            verdict = C.c.verdict
            source = flag.join(C, C.c.id == flag.c.claim_id)
        else:
            verdict = LS.c.verdict
            source = flag.outerjoin(
                LS, (LS.c.claim_id == flag.c.claim_id) & (LS.c.reviewer == reviewer)
            )
        query = (
            select(verdict, func.count())
            .select_from(source)
            .where(flag.c.run_id == this, found if present else ~found)
            .group_by(verdict)
        )
        counts[change] = Counter(dict(db.execute(query).all()))
    return counts
