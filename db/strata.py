"""A run's flags in strata, by what is known of them, for reviewer.metrics to combine; and
its recall over the briefs read in full.

- inherited: the verdict was made while reviewing another run (or before runs were
  recorded). Known exactly, but it says nothing of the flags around it.
- by_hand: labeled in this run on a flag the reviewer chose, not the queue's next one.
  Known exactly, and likewise no sample.
- new: flags whose claim the previous run did not flag (every flag, for a first run).
- same: flags the previous run had too, with no inherited label.
The last two are estimated from the labels made through this run's random queue, a simple
random sample of what neither census covers. The previous run of run N is the newest
finished run with a smaller id. Without a reviewer the verdict is the team's (as precision
counts it: final, else agreed); a claim in dispute is counted, a flag whose verdict is
not known, which no queue brings again.

Plain SQL text run by whatever reads it: SQLAlchemy (db.stats, the app) or the bare driver
(db.direct, so that `reviewer stats` never imports SQLAlchemy); both give the same figures.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from reviewer.agreement import DISPUTED
from reviewer.metrics import Recall, StratifiedPrecision, Stratum
from reviewer.vocabulary import FALSE_POSITIVE, SKIP, TRUE_POSITIVE

STRATA = ("inherited", "by_hand", "new", "same")
KEYS = {TRUE_POSITIVE: "tp", FALSE_POSITIVE: "fp", SKIP: "skipped", DISPUTED: "in_dispute"}

# (sql with :name parameters, parameters) -> result rows as tuples
Rows = Callable[[str, Mapping[str, Any]], list[tuple[Any, ...]]]


def reader(connection: Any) -> Rows:
    """Rows from a SQLAlchemy Connection or Session, or a sqlite3 / psycopg connection."""
    if not hasattr(connection, "cursor"):  # SQLAlchemy: imported only when it is in use
        from sqlalchemy import text

        return lambda sql, params: [tuple(r) for r in connection.execute(text(sql), params)]
    pyformat = type(connection).__module__.startswith("psycopg")

    def rows(sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        if pyformat:
            sql = re.sub(r":(\w+)", r"%(\1)s", sql)
        cursor = connection.cursor()
        try:
            cursor.execute(sql, dict(params))
            return [tuple(row) for row in cursor.fetchall()]
        finally:
            cursor.close()

    return rows


@dataclass(frozen=True, slots=True)
class RunStrata:
    """A run's stratified precision and where its labels came from."""

    run_id: int
    previous_run: int | None
    precision: StratifiedPrecision
    queue_labels: int  # labels (skips too) made in this run through its random queue
    hand_labels: int  # labels made in this run on flags chosen by hand
    # per class of flags (new, same): true and false labels made in this run off its
    # stratum's random queue, so no sample of it (the stratum's own tp + fp are)
    off_queue: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {
            **self.precision.to_dict(),
            "run_id": self.run_id,
            "previous_run": self.previous_run,
            "queue_labels": self.queue_labels,
            "hand_labels": self.hand_labels,
            "off_queue": dict(self.off_queue),
        }


PREVIOUS = "SELECT max(id) FROM detectorrun WHERE id < :run AND status = 'finished'"


def previous_run(rows: Rows, run_id: int) -> int | None:
    """The newest finished run made before this one (as db.runs.previous_run says)."""
    found = rows(PREVIOUS, {"run": run_id})
    return found[0][0] if found and found[0][0] is not None else None


_TEAM = (
    "FROM flagrecord f JOIN claim c ON c.id = f.claim_id LEFT JOIN label l ON l.id = c.label_id",
    "c.verdict",
)
_ONE = (
    "FROM flagrecord f LEFT JOIN labelstate s ON s.claim_id = f.claim_id "
    "AND s.reviewer = :reviewer LEFT JOIN label l ON l.id = s.label_id",
    "s.verdict",
)
STRATA_SQL = (
    "SELECT verdict, label_run, queue, earlier, count(*) FROM (SELECT {verdict} AS verdict, "
    "l.run_id AS label_run, l.queue AS queue, CASE WHEN EXISTS (SELECT 1 FROM flagrecord e "
    "WHERE e.run_id = :before AND e.claim_id = f.claim_id) THEN 1 ELSE 0 END AS earlier "
    "{source} WHERE f.run_id = :run) t GROUP BY verdict, label_run, queue, earlier"
)


SAME_SQL = (
    "SELECT count(*) FROM flagrecord f WHERE f.run_id = :run AND EXISTS (SELECT 1 "
    "FROM flagrecord e WHERE e.run_id = :before AND e.claim_id = f.claim_id)"
)


def count_same(rows: Rows, run_id: int) -> tuple[int | None, int]:
    """(previous run, how many of the run's flags it flagged too): one pass over the run's
    flags, made once when the run finishes (detectorrun.same_as, same_flags)."""
    before = previous_run(rows, run_id)
    if before is None:
        return None, 0
    return before, int(rows(SAME_SQL, {"run": run_id, "before": before})[0][0])


# The labeled claims a run flags, by what the strata need: counted once per run when it
# finishes (and by migration 0009 for runs finished before), then kept by the label
# functions (db.tally.Moves), so `stats` reads a few rows whatever the labels number.
# The CROSS JOIN keeps SQLite from walking the run's flags instead of the verdict index.
_STRATUM = (
    "CASE WHEN l.run_id = :run THEN 1 ELSE 0 END, CASE WHEN l.queue THEN 1 ELSE 0 END, "
    "CASE WHEN EXISTS (SELECT 1 FROM flagrecord e WHERE e.run_id = :before "
    "AND e.claim_id = f.claim_id) THEN 1 ELSE 0 END, count(*)"
)
COUNT_STRATA_SQL = (
    "INSERT INTO runstratum (run_id, reviewer, verdict, here, queue, earlier, n) "
    f"SELECT :run, '', c.verdict, {_STRATUM} "
    "FROM claim c CROSS JOIN flagrecord f LEFT JOIN label l ON l.id = c.label_id "
    "WHERE c.verdict IS NOT NULL AND f.claim_id = c.id AND f.run_id = :run "
    "GROUP BY c.verdict, 4, 5, 6",
    "INSERT INTO runstratum (run_id, reviewer, verdict, here, queue, earlier, n) "
    f"SELECT :run, s.reviewer, s.verdict, {_STRATUM} "
    "FROM labelstate s CROSS JOIN flagrecord f LEFT JOIN label l ON l.id = s.label_id "
    "WHERE s.verdict IS NOT NULL AND f.claim_id = s.claim_id AND f.run_id = :run "
    "GROUP BY s.reviewer, s.verdict, 4, 5, 6",
)
KEPT_SQL = (
    "SELECT verdict, here, queue, earlier, n FROM runstratum "
    "WHERE run_id = :run AND reviewer = :who AND n <> 0"
)
COUNTS_SQL = "SELECT same_as, same_flags, status FROM detectorrun WHERE id = :run"
FLAGS_SQL = "SELECT count(*) FROM flagrecord WHERE run_id = :run"


def _counted(
    read: Rows, run_id: int, before: int | None, reviewer: str | None
) -> list[tuple[Any, ...]] | None:
    """The strata's rows from the labeled claims and the counts stored with the run; None
    when the run's counts are not stored or no longer hold (then one pass over its flags
    gives them)."""
    stored = read(COUNTS_SQL, {"run": run_id})
    if not stored or stored[0][2] != "finished" or stored[0][1] is None:
        return None
    same_as, same, _ = stored[0]
    if same_as != before:  # a run before it finished later: counted against another
        return None
    flags = int(read(FLAGS_SQL, {"run": run_id})[0][0])
    kept = read(KEPT_SQL, {"run": run_id, "who": "" if reviewer is None else reviewer})
    found = [
        (v, run_id if here else None, queue, earlier, n) for v, here, queue, earlier, n in kept
    ]
    labeled: Counter[int] = Counter()
    for *_, earlier, n in found:
        labeled[earlier] += n
    unlabeled_same, unlabeled_new = same - labeled[1], flags - same - labeled[0]
    if unlabeled_same < 0 or unlabeled_new < 0:
        return None
    return [*found, (None, None, None, 1, unlabeled_same), (None, None, None, 0, unlabeled_new)]


def run_strata(
    *, session: Any = None, rows: Rows | None = None, run_id: int, reviewer: str | None = None
) -> RunStrata:
    """Count the run's flags per stratum and verdict, read from `session` (any connection
    `reader` takes) or through `rows`: from its labeled claims and the counts stored when
    it finished, else in one pass over its flags."""
    read = rows or reader(session)
    before = previous_run(read, run_id)
    found = _counted(read, run_id, before, reviewer)
    if found is None:
        source, verdict = _TEAM if reviewer is None else _ONE
        found = read(
            STRATA_SQL.format(verdict=verdict, source=source),
            {"run": run_id, "before": -1 if before is None else before, "reviewer": reviewer},
        )
    counts: dict[str, Counter[str]] = {name: Counter() for name in STRATA}
    queue_labels = hand_labels = 0
    off_queue: Counter[str] = Counter({"new": 0, "same": 0})
    for label, label_run, queue, earlier, n in found:
        here = label_run == run_id
        if label is not None and here:
            queue_labels += n if queue else 0
            hand_labels += 0 if queue else n
        if label in (TRUE_POSITIVE, FALSE_POSITIVE) and not (here and queue):
            name = "by_hand" if here else "inherited"
            if here:
                off_queue["same" if earlier else "new"] += n
        else:
            name = "same" if earlier else "new"
        counts[name]["flags"] += n
        if label in KEYS:
            counts[name][KEYS[label]] += n
    strata = tuple(
        Stratum(name, c["flags"], c["tp"], c["fp"], c["skipped"], c["in_dispute"])
        for name, c in counts.items()
    )
    return RunStrata(
        run_id, before, StratifiedPrecision(strata), queue_labels, hand_labels, dict(off_queue)
    )


def _briefs(reviewer: str | None) -> str:
    where = "" if reviewer is None else " WHERE reviewer = :reviewer"
    return f"SELECT brief_pk FROM reviewedbrief{where}"


_FLAGGED = "EXISTS (SELECT 1 FROM flagrecord f WHERE f.claim_id = c.id AND f.run_id = :run)"
_FLAG_ON_IT = (
    "EXISTS (SELECT 1 FROM flagrecord f WHERE f.run_id = :run AND f.brief_pk = m.brief_pk "
    'AND f.start < m."end" AND m.start < f."end")'
)


def run_recall(
    *, session: Any = None, rows: Rows | None = None, run_id: int, reviewer: str | None = None
) -> Recall:
    """Recall of a run over the briefs read in full (by the reviewer, or anyone): the known
    contradictions are their claims labeled true (the team's verdict, or the reviewer's;
    overlapping ones count once) and their live misses; caught are those the run flags (a
    miss, by a flag on its words). A few lookups per contradiction, none per flag."""
    read = rows or reader(session)
    briefs = _briefs(reviewer)
    params = {"run": run_id, "reviewer": reviewer}
    if reviewer is None:
        true = (
            f'SELECT c.id, c.brief_pk, c.start, c."end", {_FLAGGED} FROM claim c '
            "WHERE c.verdict = :tp"
        )
    else:
        true = (
            f'SELECT c.id, c.brief_pk, c.start, c."end", {_FLAGGED} FROM claim c '
            "JOIN labelstate s ON s.claim_id = c.id WHERE s.reviewer = :reviewer "
            "AND s.verdict = :tp"
        )
    known = read(f"{true} AND c.brief_pk IN ({briefs})", {**params, "tp": TRUE_POSITIVE})
    by_reviewer = "" if reviewer is None else " AND m.reviewer = :reviewer"
    missed_rows = read(
        f'SELECT 0, m.brief_pk, m.start, m."end", {_FLAG_ON_IT} FROM miss m '
        f"WHERE m.undone_at IS NULL{by_reviewer} AND m.brief_pk IN ({briefs})",
        params,
    )
    caught = missed = 0
    for group in _contradictions(known):
        if any(row[4] for row in group):
            caught += 1
        else:
            missed += 1
    in_brief: dict[Any, list[tuple[Any, ...]]] = {}
    for row in known:
        in_brief.setdefault(row[1], []).append(row)
    for miss in missed_rows:
        if any(_overlap(miss, row) for row in in_brief.get(miss[1], ())):
            continue  # the same contradiction, already counted as a labeled claim
        if miss[4]:
            caught += 1
        else:
            missed += 1
    if caught + missed:
        return Recall(caught, missed)
    ((reviewed,),) = read(f"SELECT count(*) FROM ({briefs}) r", params)
    return Recall(0, 0, int(reviewed))


def _contradictions(claims: list[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
    """Claims labeled true, grouped where their words overlap: two runs reading one number
    differently ("−12.6" and "12.6") make two claims of one contradiction."""
    groups: list[list[tuple[Any, ...]]] = []
    end = None
    for row in sorted(claims, key=lambda row: (row[1], row[2], row[3])):
        if groups and end is not None and row[1] == groups[-1][0][1] and row[2] < end:
            groups[-1].append(row)
            end = max(end, row[3])
        else:
            groups.append([row])
            end = row[3]
    return groups


def _overlap(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return a[1] == b[1] and a[2] < b[3] and b[2] < a[3]


# The true and false verdicts of a run's flags that its random queue brought, by kind and
# unit (or another column of the flags): the sample the rest of each slice is estimated
# from. Driven by the run's queue labels (ix_label_run_queue), so its cost follows them,
# not every label; the census part of each kind and unit is its tally (runtally) less these.
_QUEUED_FROM = {
    "team": "FROM label l CROSS JOIN claim c CROSS JOIN flagrecord f "
    "WHERE l.run_id = :run AND l.queue = :yes AND c.id = l.claim_id AND c.label_id = l.id "
    "AND c.verdict IN (:tp, :fp) AND f.claim_id = c.id AND f.run_id = :run",
    "one": "FROM label l CROSS JOIN labelstate c CROSS JOIN flagrecord f "
    "WHERE l.run_id = :run AND l.queue = :yes AND l.reviewer = :reviewer "
    "AND c.claim_id = l.claim_id AND c.reviewer = :reviewer AND c.label_id = l.id "
    "AND c.verdict IN (:tp, :fp) AND f.claim_id = c.claim_id AND f.run_id = :run",
}
_QUEUED_SQL = "SELECT {columns}, c.verdict, count(*) {source} GROUP BY {columns}, c.verdict"
SliceLabels = dict[tuple[str, str], Counter[str]]  # (kind, unit) -> queue verdicts


def queued_verdicts(
    rows: Rows, run_id: int, reviewer: str | None, columns: str
) -> list[tuple[Any, ...]]:
    """(*the flag's `columns`, verdict, count) of the true and false verdicts (team's, or
    the reviewer's) that the run's random queue brought; `columns` of flagrecord `f`."""
    source = _QUEUED_FROM["team" if reviewer is None else "one"]
    params = {"run": run_id, "reviewer": reviewer, "yes": True,
              "tp": TRUE_POSITIVE, "fp": FALSE_POSITIVE}  # fmt: skip
    return rows(_QUEUED_SQL.format(columns=columns, source=source), params)


def slice_labels(rows: Rows, run_id: int, reviewer: str | None) -> SliceLabels:
    """The true and false verdicts (team's, or the reviewer's) that the run's random queue
    brought, per (kind, unit) of the run's flags."""
    found: SliceLabels = {}
    for kind, unit, verdict, n in queued_verdicts(rows, run_id, reviewer, "f.kind, f.unit"):
        found.setdefault((kind, unit), Counter())[verdict] += n
    return found


def slice_precision(flags: int, labels: Counter[Any], queued: Counter[str]) -> StratifiedPrecision:
    """The stratified precision of a slice of a run's flags (a kind, a unit): its true and
    false verdicts that the queue did not bring are a census, known exactly; the rest of
    its flags are estimated from the queue's verdicts, as the run's strata are. `labels`:
    the slice's verdict counts (db.figures.fold); `queued`: its slice_labels."""
    q_tp, q_fp = queued[TRUE_POSITIVE], queued[FALSE_POSITIVE]
    tp = max(labels[TRUE_POSITIVE] - q_tp, 0)
    fp = max(labels[FALSE_POSITIVE] - q_fp, 0)
    rest = max(flags - tp - fp, 0)
    skipped, disputed = labels[SKIP], labels[DISPUTED]
    open_ = min(skipped + disputed, max(rest - q_tp - q_fp, 0))
    skipped = min(skipped, open_)
    return StratifiedPrecision((
        Stratum("census", tp + fp, tp, fp, 0, 0),
        Stratum("sampled", rest, q_tp, q_fp, skipped, open_ - skipped),
    ))  # fmt: skip
