"""Labels out of and into a database as lines (db.label_lines says their shape): every
reviewer's current verdicts, misses and briefs read in full. An import writes the rows the
review app's label functions write, so its labels count everywhere like the app's: a chunk
of lines at a time, all in one transaction (a transaction a label, as the app writes them,
took 30 s for 5,000 labels)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy import Row, TextClause, bindparam, exists, insert, select, update

from db import progress, tally
from db.figures import ANY
from db.label_lines import MISS, STORED, LabelLine
from db.tables import Db, utcnow
from db.tables import brief as B
from db.tables import briefscan as S
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import flagrecord as F
from db.tables import label as L
from db.tables import labelstate as LS
from db.tables import miss as M
from db.tables import reviewedbrief as RB
from db.tables import reviewprogress as RP
from reviewer.agreement import team_verdict


def _run_of(name: str | None, run_id: int | None) -> dict[str, Any]:
    if run_id is None:
        return {}
    return {"run": name if name else run_id}


def export_lines(*, session: Db, run_id: int | None = None) -> list[dict[str, Any]]:
    """The database's labels as lines, brief by brief: briefs read in full first, then
    verdicts and misses in text order. With `run_id`, the verdicts on the run's flags and
    the misses and reading marks of the briefs it scanned."""
    made_in = R.alias("made_in")
    # the flag the label was made on (of `run_id`, else of the run it was made in): its rule
    # and, when a learned model decided it, the model's probability
    flagged = F.alias("flagged")
    on_run = L.c.run_id if run_id is None else run_id
    labels = (
        select(
            B.c.pk,
            B.c.brief_id,
            C.c.start,
            C.c.end,
            C.c.token,
            LS.c.reviewer,
            LS.c.verdict,
            LS.c.note,
            LS.c.role,
            L.c.run_id,
            L.c.queue,
            made_in.c.name,
            flagged.c.rule,
            flagged.c.probability,
        )
        .select_from(
            LS.join(C, C.c.id == LS.c.claim_id)
            .join(B, B.c.pk == C.c.brief_pk)
            .outerjoin(L, L.c.id == LS.c.label_id)
            .outerjoin(made_in, made_in.c.id == L.c.run_id)
            .outerjoin(flagged, (flagged.c.claim_id == C.c.id) & (flagged.c.run_id == on_run))
        )
        .where(LS.c.verdict.is_not(None))
    )
    misses = (
        select(
            B.c.pk,
            B.c.brief_id,
            M.c.start,
            M.c.end,
            M.c.token,
            M.c.reviewer,
            M.c.known,
            M.c.note,
            M.c.run_id,
            made_in.c.name,
        )
        .select_from(
            M.join(B, B.c.pk == M.c.brief_pk).outerjoin(made_in, made_in.c.id == M.c.run_id)
        )
        .where(M.c.undone_at.is_(None))
    )
    reviewed = select(B.c.pk, B.c.brief_id, RB.c.reviewer, RB.c.run_id, made_in.c.name).select_from(
        RB.join(B, B.c.pk == RB.c.brief_pk).outerjoin(made_in, made_in.c.id == RB.c.run_id)
    )
    if run_id is not None:
        labels = labels.where(exists().where(F.c.run_id == run_id, F.c.claim_id == C.c.id))
        scanned = select(S.c.brief_pk).where(S.c.run_id == run_id)
        misses = misses.where(M.c.brief_pk.in_(scanned))
        reviewed = reviewed.where(RB.c.brief_pk.in_(scanned))
    rows: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    for r in session.execute(reviewed):
        line = {"brief": r.brief_id, "reviewed": True, "reviewer": r.reviewer}
        rows.append(((r.pk, 0, 0, r.reviewer), line | _run_of(r.name, r.run_id)))
    for r in session.execute(labels):
        rows.append(((r.pk, 1, r.start, r.reviewer), _label_line(r)))
    for r in session.execute(misses):
        rows.append(((r.pk, 1, r.start, r.reviewer), _miss_line(r)))
    rows.sort(key=lambda row: row[0])
    return [line for _key, line in rows]


def _label_line(r: Row) -> dict[str, Any]:
    """A verdict's line: what every line says, then what only some labels have."""
    line = {
        "brief": r.brief_id,
        "start": r.start,
        "end": r.end,
        "token": r.token,
        "verdict": STORED[r.verdict],
        "reviewer": r.reviewer,
    }
    line |= {"note": r.note} if r.note else {}
    line |= _run_of(r.name, r.run_id) | ({"queue": True} if r.queue else {})
    line |= {"role": r.role} if r.role != "reviewer" else {}
    line |= {"rule": r.rule} if r.rule else {}
    line |= {"probability": round(r.probability, 4)} if r.probability is not None else {}
    return line


def _miss_line(r: Row) -> dict[str, Any]:
    """A miss's line: the span a reviewer marked and the known value it misstates."""
    line = {
        "brief": r.brief_id,
        "start": r.start,
        "end": r.end,
        "token": r.token,
        "verdict": MISS,
        "known": r.known,
        "reviewer": r.reviewer,
    }
    return line | ({"note": r.note} if r.note else {}) | _run_of(r.name, r.run_id)


Key = tuple[int, int, int, str]  # a claim's span: brief, start, end, token


@dataclass(slots=True)
class _Claim:
    id: int
    verdict: str | None  # the team's verdict (db.labels keeps it)
    label_id: int | None  # the newest current label on it


class _State(NamedTuple):
    """A reviewer's current verdict on a claim: a labelstate row."""

    verdict: str | None
    note: str | None
    label_id: int | None
    role: str


class _Flag(NamedTuple):
    """A flag of a claim, with its run as db.tally.Moves reads it."""

    run_id: int
    brief_pk: int
    kind: str
    unit: str
    status: str | None
    same_as: int | None


def set_aside(*, session: Db, lines: list[LabelLine]) -> tuple[list[LabelLine], int]:
    """The lines that would write something, and how many would not: their reading mark,
    live miss or reviewer's same verdict is stored already. Read before the write, nothing
    locked (the write looks again under its locks at the lines it gets): a second import
    of a file takes no write lock, and writes nothing."""
    stored = _Found(session, lines)
    new = [line for line in lines if not stored.there(line)]
    return new, len(lines) - len(new)


def import_lines(*, session: Db, chunks: Iterable[list[LabelLine]]) -> Counter[str]:
    """Write checked lines (db.label_lines.checked) in the caller's transaction, a chunk at
    a time: the rows db.labels.record_label, db.misses.record_miss and a reading mark make
    line by line, with a few statements a chunk instead of a transaction a line, so its
    labels count everywhere like the app's. What is already there is left alone, so a
    second import of the same file changes nothing. Counts what was written and kept."""
    counts: Counter[str] = Counter()
    for lines in chunks:
        counts.update(_import_chunk(session, lines))
    return counts


def _import_chunk(session: Db, lines: list[LabelLine]) -> Counter[str]:
    """One chunk's rows, decided in line order (times too, as one write a line had them)."""
    stored = _Stored(session, lines)
    counts: Counter[str] = Counter()
    rows: dict[str, list[dict[str, Any]]] = {"reviewed": [], "misses": [], "labels": []}
    for line in lines:
        kind, row = stored.take(line)
        counts[kind] += 1
        if row is not None:
            rows[kind].append(row)
    if rows["reviewed"]:
        session.execute(insert(RB), rows["reviewed"])
    if rows["misses"]:
        session.execute(insert(M), rows["misses"])
    if rows["labels"]:
        session.execute(insert(L), rows["labels"])
        _Verdicts(session, stored).record(rows["labels"], _label_ids(session, rows["labels"]))
    return counts


def _label_ids(session: Db, rows: list[dict[str, Any]]) -> list[int]:
    """The ids of the labels just written, found as record_label finds its own: by claim,
    reviewer and time (RETURNING in the rows' order would cost SQLite a statement a row)."""
    claims = {row["claim_id"] for row in rows}
    found = select(L.c.claim_id, L.c.reviewer, L.c.created_at, L.c.id)
    found = found.where(L.c.claim_id.in_(claims))
    made = {tuple(row[:3]): row.id for row in session.execute(found)}
    return [made[(row["claim_id"], row["reviewer"], row["created_at"])] for row in rows]


class _Found:
    """What a chunk's lines find stored, read without locks: the reading marks and live
    misses of its briefs, and its reviewers' current verdicts on its spans."""

    def __init__(self, session: Db, lines: list[LabelLine]) -> None:
        self.session = session
        marked = {line.brief_pk for line in lines if line.verdict is None}
        marks = select(RB.c.brief_pk, RB.c.reviewer).where(RB.c.brief_pk.in_(marked))
        self.reviewed = {tuple(row) for row in session.execute(marks)} if marked else set()
        missed = {line.brief_pk for line in lines if line.verdict == MISS}
        live = select(M.c.brief_pk, M.c.reviewer, M.c.start, M.c.end, M.c.known)
        live = live.where(M.c.brief_pk.in_(missed), M.c.undone_at.is_(None))
        self.missed = {tuple(row) for row in session.execute(live)} if missed else set()
        self.verdicts = self._verdicts([line for line in lines if _verdict(line)])

    def _verdicts(self, lines: list[LabelLine]) -> dict[tuple[Key, str], _State]:
        """The current verdicts on the claims of the lines' briefs (by brief: rendering the
        spans themselves into the query takes longer than reading the other verdicts of
        their briefs; by reviewer too, SQLite would walk all of a reviewer's)."""
        found = select(C.c.brief_pk, C.c.start, C.c.end, C.c.token, LS.c.reviewer, LS.c.verdict)
        found = found.add_columns(LS.c.note, LS.c.label_id, LS.c.role)
        found = found.select_from(LS.join(C, C.c.id == LS.c.claim_id))
        found = found.where(C.c.brief_pk.in_({line.brief_pk for line in lines}))
        rows = self.session.execute(found) if lines else []
        return {(tuple(row[:4]), row.reviewer): _State(*row[5:]) for row in rows}

    def there(self, line: LabelLine) -> bool:
        """Whether the line's mark, miss, or the reviewer's same verdict is stored."""
        if line.verdict is None:
            return (line.brief_pk, line.reviewer) in self.reviewed
        if line.verdict == MISS:
            return (line.brief_pk, line.reviewer, line.start, line.end, line.known) in self.missed
        return _has_label(self.verdicts.get((_key(line), line.reviewer)), line)


class _Stored(_Found):
    """What a chunk's lines find stored, to write them: their spans' claims too, locked
    as a label write locks its claim (a span no run flagged yet gets its claim, where a
    later run that flags it finds its labels), with every reviewer's state on them."""

    def _verdicts(self, lines: list[LabelLine]) -> dict[tuple[Key, str], _State]:
        """The verdicts, from the claims (locked) and their states the writes go on from."""
        self.claims = self._claims(list(dict.fromkeys(map(_key, lines))))
        self.states: dict[int, dict[str, _State]] = {claim.id: {} for claim in self.claims.values()}
        found = select(LS.c.claim_id, LS.c.reviewer, LS.c.verdict, LS.c.note, LS.c.label_id)
        found = found.add_columns(LS.c.role).where(LS.c.claim_id.in_(self.states))
        self.stored_states: set[tuple[int, str]] = set()  # those a row holds already
        for row in self.session.execute(found):
            self.states[row.claim_id][row.reviewer] = _State(*row[2:])
            self.stored_states.add((row.claim_id, row.reviewer))
        return {
            (key, reviewer): state
            for key, claim in self.claims.items()
            for reviewer, state in self.states[claim.id].items()
        }

    def _read(self, spans: list[Key]) -> dict[Key, _Claim]:
        """The spans' claims, asked for by brief (as the verdicts above)."""
        found = select(*_CLAIM).where(C.c.brief_pk.in_({brief_pk for brief_pk, *_ in spans}))
        wanted = set(spans)
        rows = (row for row in self.session.execute(found) if tuple(row[:4]) in wanted)
        return {tuple(row[:4]): _Claim(*row[4:]) for row in rows}

    def _claims(self, spans: list[Key]) -> dict[Key, _Claim]:
        """The spans' claims, locked in id order (their spans never change: read before
        the lock); those missing made, in line order."""
        claims = self._read(spans)
        new = [key for key in spans if key not in claims]
        if new:
            names = ("brief_pk", "start", "end", "token")
            self.session.execute(insert(C), [dict(zip(names, key, strict=True)) for key in new])
            claims |= self._read(new)
        ids = {claim.id for claim in claims.values()}
        found = select(C.c.id, C.c.verdict, C.c.label_id).where(C.c.id.in_(ids)).order_by(C.c.id)
        now = {row.id: row for row in self.session.execute(found.with_for_update(key_share=True))}
        for claim in claims.values():
            claim.verdict, claim.label_id = now[claim.id].verdict, now[claim.id].label_id
        return claims

    def take(self, line: LabelLine) -> tuple[str, dict[str, Any] | None]:
        """What the line adds ("reviewed", "misses", "labels") and its row, else
        ("unchanged", None): a line whose verdict, mark or miss is there already."""
        if self.there(line):
            return "unchanged", None
        if line.verdict is None:
            self.reviewed.add((line.brief_pk, line.reviewer))
            row = {"brief_pk": line.brief_pk, "reviewer": line.reviewer, "run_id": line.run_id}
            return "reviewed", row | {"created_at": utcnow()}
        if line.verdict == MISS:
            self.missed.add((line.brief_pk, line.reviewer, line.start, line.end, line.known))
            return "misses", _miss_row(line)
        claim = self.claims[_key(line)]
        state = self.states[claim.id].get(line.reviewer)
        kept = line.note if line.note is not None else (state.note if state else None)
        return "labels", {
            "claim_id": claim.id, "reviewer": line.reviewer, "verdict": line.verdict,
            "note": kept, "created_at": utcnow(), "role": line.role, "run_id": line.run_id,
            "queue": line.queue,
        }  # fmt: skip


_CLAIM = (C.c.brief_pk, C.c.start, C.c.end, C.c.token, C.c.id, C.c.verdict, C.c.label_id)


def _verdict(line: LabelLine) -> bool:
    return line.verdict is not None and line.verdict != MISS


def _key(line: LabelLine) -> Key:
    return (line.brief_pk, line.start, line.end, line.token)


def _has_label(state: _State | None, line: LabelLine) -> bool:
    if state is None or state.verdict != line.verdict or state.role != line.role:
        return False
    return line.note is None or state.note == line.note


def _miss_row(line: LabelLine) -> dict[str, Any]:
    return {
        "brief_pk": line.brief_pk, "run_id": line.run_id, "reviewer": line.reviewer,
        "start": line.start, "end": line.end, "token": line.token, "value": line.value,
        "unit": line.unit, "known": line.known or "", "known_value": line.known_value,
        "note": line.note, "created_at": utcnow(),
    }  # fmt: skip


class _Verdicts:
    """A chunk's new labels made current one after another as db.labels.record_label makes
    each: the reviewer's state, the claim's team verdict and newest label, the tallies and
    strata of every run that flagged the claim (moved as db.tally.Moves moves them), and
    the reviewer's progress spans (db.progress); written at the end of the chunk."""

    def __init__(self, session: Db, stored: _Stored) -> None:
        self.session, self.stored = session, stored
        self.claims = {claim.id: claim for claim in stored.claims.values()}
        self.origins = self._origins()
        self.flags: dict[int, list[_Flag]] = {claim_id: [] for claim_id in self.claims}
        runs = select(F.c.claim_id, F.c.run_id, F.c.brief_pk, F.c.kind, F.c.unit, R.c.status)
        runs = runs.add_columns(R.c.same_as).select_from(F.join(R, R.c.id == F.c.run_id))
        for row in session.execute(runs.where(F.c.claim_id.in_(self.claims))):
            self.flags[row.claim_id].append(_Flag(*row[1:]))
        self.deltas: Counter[tuple[Any, ...]] = Counter()  # every key a label moved
        self.strata: Counter[tuple[Any, ...]] = Counter()
        self.changed: dict[tuple[int, str], None] = {}  # (claim, reviewer) states, in order
        self.unlabeled: list[tuple[int, str, str]] = []  # (claim, reviewer, verdict)

    def _origins(self) -> dict[int, tally.Origin]:
        """Where each stored label a claim or state points at was made (db.tally.Origin)."""
        ids = {claim.label_id for claim in self.claims.values()}
        ids |= {s.label_id for states in self.stored.states.values() for s in states.values()}
        found = select(L.c.id, L.c.run_id, L.c.queue).where(L.c.id.in_(ids - {None}))
        return {row.id: (row.run_id, bool(row.queue)) for row in self.session.execute(found)}

    def record(self, rows: list[dict[str, Any]], ids: list[int]) -> None:
        for row, label_id in zip(rows, ids, strict=True):
            self._one(row, label_id)
        self._write()

    def _one(self, row: dict[str, Any], label_id: int) -> None:
        """record_label's steps for one label, on the rows as the labels before left them."""
        claim, reviewer, verdict = self.claims[row["claim_id"]], row["reviewer"], row["verdict"]
        states = self.stored.states[claim.id]
        state = states.get(reviewer)
        before = state.verdict if state else None
        was = None if state is None or state.label_id is None else self._made(state.label_id)
        now = (row["run_id"], row["queue"])
        self.origins[label_id] = now
        moves = _Moves(self.flags[claim.id])
        moves.add(reviewer, before, verdict, was, now)
        team_was = self.origins.get(claim.label_id) if claim.label_id is not None else None
        states[reviewer] = _State(verdict, row["note"], label_id, row["role"])
        self.changed[(claim.id, reviewer)] = None
        live = [(s.role, s.verdict, s.label_id) for s in states.values() if s.verdict is not None]
        after = team_verdict(live)
        newest = max((label for _role, _verdict, label in live), default=None)
        team_now = now if newest == label_id else self.origins.get(newest)  # type: ignore[arg-type]
        moves.add(ANY, claim.verdict, after, team_was, team_now)
        claim.verdict, claim.label_id = after, newest
        _touch(self.deltas, moves.deltas)
        _touch(self.strata, moves.strata)
        if before is None:
            self.unlabeled.append((claim.id, reviewer, verdict))

    def _made(self, label_id: int) -> tally.Origin:
        """A state's label's origin as db.labels._state reads it (an outer join)."""
        return self.origins.get(label_id, (None, False))

    def _write(self) -> None:
        """The chunk's states, claims and tallies, then the progress of each reviewer who
        keeps it (db.progress.moved, once a run's brief: it looks at the whole brief)."""
        progress_kept = self._lock_progress()
        self._write_states()
        labeled = {claim_id for claim_id, _reviewer in self.changed}
        claims = [
            {"b_id": claim.id, "b_verdict": claim.verdict, "b_label": claim.label_id}
            for claim in (self.claims[claim_id] for claim_id in sorted(labeled))
        ]
        at = bindparam
        done = update(C).where(C.c.id == at("b_id"))
        self.session.execute(done.values(verdict=at("b_verdict"), label_id=at("b_label")), claims)
        _upsert(self.session, tally.UPSERT, TALLY_KEYS, self.deltas)
        _upsert(self.session, tally.UPSERT_STRATUM, STRATUM_KEYS, self.strata)
        self._progress(progress_kept)

    def _progress(self, kept: set[tuple[str, int]]) -> None:
        """db.progress.moved for each brief a reviewer who keeps progress may have
        finished: once a brief (it looks at the whole brief), and only where none of the
        brief's flags is left open for them (elsewhere it changes nothing)."""
        places: dict[tuple[str, int, int], tuple[int, str]] = {}  # -> a (claim, verdict) there
        for claim_id, reviewer, verdict in self.unlabeled:
            for flag in self.flags[claim_id]:
                if (reviewer, flag.run_id) in kept:
                    places.setdefault((reviewer, flag.run_id, flag.brief_pk), (claim_id, verdict))
        left = set()
        for reviewer in {reviewer for reviewer, _run, _brief in places}:
            briefs = {brief for who, _run, brief in places if who == reviewer}
            left |= {(reviewer, *place) for place in self._open(reviewer, briefs)}
        moved = set()
        for place, (claim_id, verdict) in places.items():
            if place not in left and (claim_id, place[0]) not in moved:
                progress.moved(self.session, claim_id, place[0], None, verdict)
                moved.add((claim_id, place[0]))

    def _open(self, reviewer: str, briefs: set[int]) -> set[tuple[int, int]]:
        """The (run, brief) of these briefs with a flag the reviewer has no verdict on."""
        mine = (LS.c.claim_id == F.c.claim_id) & (LS.c.reviewer == reviewer)
        found = select(F.c.run_id, F.c.brief_pk).select_from(F.outerjoin(LS, mine))
        found = found.where(F.c.brief_pk.in_(briefs), LS.c.verdict.is_(None)).distinct()
        return {tuple(row) for row in self.session.execute(found)}

    def _lock_progress(self) -> set[tuple[str, int]]:
        """The (reviewer, run) progress rows of the chunk's reviewers, locked in run order
        as db.progress.lock locks them, between the claims and the tallies."""
        reviewers = {reviewer for _claim_id, reviewer in self.changed}
        kept = select(RP.c.reviewer, RP.c.run_id).where(RP.c.reviewer.in_(reviewers))
        rows = self.session.execute(kept.order_by(RP.c.run_id, RP.c.reviewer).with_for_update())
        return {tuple(row) for row in rows}

    def _write_states(self) -> None:
        """Each state made, in the order of its label (as the labels' own writes added
        the new ones)."""
        new, old = [], []
        for claim_id, reviewer in self.changed:
            state = self.stored.states[claim_id][reviewer]
            values = {"b_label": state.label_id, "b_verdict": state.verdict}
            values |= {"b_note": state.note, "b_role": state.role}
            row = values | {"b_claim": claim_id, "b_reviewer": reviewer}
            (old if (claim_id, reviewer) in self.stored.stored_states else new).append(row)
        at = bindparam
        values = {"label_id": at("b_label"), "verdict": at("b_verdict")}
        values |= {"note": at("b_note"), "role": at("b_role")}
        if new:
            made = insert(LS).values(claim_id=at("b_claim"), reviewer=at("b_reviewer"), **values)
            self.session.execute(made, new)
        if old:
            where = (LS.c.claim_id == at("b_claim"), LS.c.reviewer == at("b_reviewer"))
            self.session.execute(update(LS).where(*where).values(**values), old)


TALLY_KEYS = ("run_id", "reviewer", "kind", "unit", "verdict")
STRATUM_KEYS = ("run_id", "reviewer", "verdict", "here", "queue", "earlier")


class _Moves:
    """One label's bucket changes, as db.tally.Moves.add makes them, from its claim's flags
    read for the whole chunk."""

    def __init__(self, flags: list[_Flag]) -> None:
        self.flags = flags
        self.deltas: Counter[tuple[Any, ...]] = Counter()
        self.strata: Counter[tuple[Any, ...]] = Counter()

    def add(
        self,
        reviewer: str,
        before: str | None,
        after: str | None,
        was: tally.Origin,
        now: tally.Origin,
    ) -> None:
        if before == after and was == now:
            return
        flagged = {flag.run_id for flag in self.flags}
        for flag in self.flags:
            if before != after:
                if before is not None:
                    self.deltas[(flag.run_id, reviewer, flag.kind, flag.unit, before)] -= 1
                if after is not None:
                    self.deltas[(flag.run_id, reviewer, flag.kind, flag.unit, after)] += 1
            if flag.status != "finished":
                continue  # counted when it finishes (db.tally.rebuild_run)
            earlier = int(flag.same_as in flagged)
            for verdict, origin, step in ((before, was, -1), (after, now, 1)):
                if verdict is not None:
                    here = int(origin is not None and origin[0] == flag.run_id)
                    queue = int(origin is not None and bool(origin[1]))
                    self.strata[(flag.run_id, reviewer, verdict, here, queue, earlier)] += step


def _touch(totals: Counter[tuple[Any, ...]], moved: Counter[tuple[Any, ...]]) -> None:
    """Add one label's non-zero changes: a bucket one label moved keeps its row, at zero
    too, as it would after that label's own upsert."""
    for key, n in moved.items():
        if n:
            totals[key] += n


def _upsert(session: Db, sql: TextClause, names: tuple[str, ...], totals: Counter) -> None:
    """Every moved bucket in key order (the lock order every label write keeps)."""
    rows = [{**dict(zip(names, key, strict=True)), "n": n} for key, n in sorted(totals.items())]
    if rows:
        session.execute(sql, rows)
