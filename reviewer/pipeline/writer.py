"""Glue between the input reader, the detectors and the database: ingest and detector runs.

Ingest checks a whole file before writing any of it (so a bad line stores nothing of that
file), then writes in batches of BATCH briefs, one transaction each, so the review app can
keep labeling meanwhile. A detector run always covers every stored brief, so runs compare.
"""

from __future__ import annotations

import pickle
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import IO, Any, NamedTuple

from sqlalchemy import Engine
from sqlmodel import Session

import db
from db.runs import iter_pool_rows, production, store_arms
from db.undo import IngestUndo
from db.views import pool_from_json
from db.writes import (
    BRIEF_COLUMNS,
    RunDiff,
    delete_run,
    diff_runs,
    digest,
    finish_run,
    insert_brief_rows,
    meta_to_json,
    pool_pks,
    replace_brief,
    start_run,
    store_scan_rows,
    stored_briefs,
    stored_pool,
    unchecked_references,
    unscanned_briefs,
)
from reviewer.grounding.arms import (
    ARMS,
    DEFAULT_DRIFT,
    DEFAULT_SEED,
    Mean,
    assemble_report,
    template_items,
)
from reviewer.grounding.registry import describe, spec_of
from reviewer.grounding.types import Detector
from reviewer.pipeline import recovery
from reviewer.pipeline.reader import BriefRecord, InputError, iter_briefs, read_pools
from reviewer.pipeline.workers import (
    Batch,
    BatchAnalyzer,
    Item,
    OrderedScans,
    default_workers,
    encode_pool,
    read_at,
)

BATCH = 2000
IN_FLIGHT = 3  # batches out at the detector before the writer waits for the oldest
ARM_POOLS = 2000  # a run's template arms score the first pools stored, at most this many
KEEP_REJECTED = 1000  # rejected lines kept for the report; the rest are only counted
Advance = Callable[[int], None]
Stage = Callable[[str, str | None, int | None], None]
"""A stage of an ingest begins: ("check" | "store" | "flag", its file or None, how many
units `advance` will count in it, or None when unknown). Each stage counts from zero:
checking a file counts its lines, storing it the briefs that passed, flagging the briefs
stored earlier that the run must still cover."""


@dataclass
class RunReport:
    """A finished detector run and how its flags differ from the previous run's, by claim."""

    run_id: int
    detector: str
    version: str
    briefs: int
    flags: int
    checkable: int
    previous_run: int | None = None
    diff: RunDiff | None = None
    abandoned: list[int] = field(default_factory=list)  # runs of killed processes, now failed


@dataclass
class IngestReport:
    """What an ingest did: counts, the lines it rejected, the file it refused, the run."""

    added: int = 0
    unchanged: int = 0
    replaced: int = 0
    rejected: int = 0
    rejected_lines: list[InputError] = field(default_factory=list)
    failed: InputError | None = None
    unread: int = 0  # files after the refused one, never read
    run: RunReport | None = None
    abandoned: list[int] = field(default_factory=list)  # runs of killed processes, now failed

    @property
    def stored_anything(self) -> bool:
        """Whether the database changed: briefs written, or a new detector run."""
        return bool(self.added or self.replaced or self.run is not None)

    def reject(self, err: InputError) -> None:
        self.rejected += 1
        if len(self.rejected_lines) < KEEP_REJECTED:
            self.rejected_lines.append(err)


def _batches(items: Iterable[Any], size: int = BATCH) -> Iterator[list[Any]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


class _Prepared(NamedTuple):
    """A validated brief in stored form (a plain tuple, cheap to spool between passes)."""

    brief_id: str
    text: str
    pool_id: str | None
    knowns: str
    meta: str | None
    digest: str
    line: int
    pool_digest: str
    pool: bytes  # for the detector workers (workers.encode_pool)


def _prepare(record: BriefRecord) -> _Prepared:
    knowns = stored_pool(record.pool)
    meta = meta_to_json(record.meta)
    content = digest(record.text, knowns, meta or "")
    return _Prepared(
        record.id, record.text, record.pool_id, knowns, meta, content, record.line,
        digest(knowns), encode_pool(record.pool),
    )  # fmt: skip


def _conflict(path: str, p: _Prepared) -> InputError:
    return InputError(
        path,
        p.line,
        f"brief {p.brief_id!r} is already stored with a different text, pool or meta "
        "(--replace overwrites it)",
    )


def _sort(
    session: Session, path: str, batch: list[_Prepared], replace: bool, on_conflict: Callable
) -> tuple[list[_Prepared], list[tuple[int, _Prepared]], int]:
    """Split a batch into new briefs, briefs to replace (pk, brief) and unchanged ones."""
    stored = stored_briefs(session, [p.brief_id for p in batch])
    new, changed, unchanged = [], [], 0
    for p in batch:
        found = stored.get(p.brief_id)
        if found is None:
            new.append(p)
        elif found[1] == p.digest:
            unchanged += 1
        elif replace:
            changed.append((found[0], p))
        else:
            on_conflict(_conflict(path, p))
    return new, changed, unchanged


def check_file(
    engine: Engine,
    path: str,
    *,
    pools: Mapping[str, Any] | None,
    replace: bool,
    on_error: Callable[[InputError], None] | None,
    advance: Advance | None = None,
    detection: OrderedScans | None = None,
) -> tuple[IO[bytes], int]:
    """Read a whole file and compare it with the database without writing; raises (or
    reports through on_error) every bad line and every conflicting id. Returns a spool of
    the good briefs in stored form, so the write pass does not parse the file again, and
    how many briefs it holds. `advance` counts lines read, good or rejected.

    With `detection`, every batch's new or changed briefs are queued for the detector at
    once (keyed by brief id), so the workers detect while this pass reads."""

    def conflict(err: InputError) -> None:
        if on_error is None:
            raise err
        on_error(err)

    skipped = 0  # lines the reader rejected since the last advance

    def skip(err: InputError) -> None:
        nonlocal skipped
        skipped += 1
        conflict(err)

    spool = tempfile.TemporaryFile()  # noqa: SIM115 - handed to the caller, who closes it
    end = spooled = 0
    try:
        with Session(engine) as session:
            read = iter_briefs(path, pools=pools, on_error=skip if on_error else None)
            # each record is dropped as soon as it is prepared: its many small objects never
            # live long enough to make the garbage collector walk them
            for prepared in _batches(map(_prepare, read)):
                count = len(prepared)
                stored = stored_briefs(session, [p.brief_id for p in prepared])
                if stored and not replace:  # only ids already stored can conflict
                    clashing = {
                        p.brief_id: p
                        for p in prepared
                        if p.brief_id in stored and stored[p.brief_id][1] != p.digest
                    }
                    for p in clashing.values():
                        conflict(_conflict(path, p))
                    prepared = [p for p in prepared if p.brief_id not in clashing]
                spooled += len(prepared)
                data = pickle.dumps(prepared, protocol=pickle.HIGHEST_PROTOCOL)
                spool.write(data)
                spool.flush()
                if detection is not None:
                    detection.queue(_fresh(prepared, stored, spool, end, len(data), detection))
                    detection.pump(spill=True)
                end += len(data)
                if advance:
                    advance(count + skipped)
                skipped = 0
        if advance and skipped:  # bad lines after the last good brief
            advance(skipped)
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool, spooled


def _fresh(
    prepared: list[_Prepared],
    stored: Mapping[str, tuple[int, str]],
    spool: IO[bytes],
    offset: int,
    length: int,
    detection: OrderedScans,
) -> Batch:
    """The detector's items for a checked batch (briefs not stored as they are): the items
    themselves when they go out at once, else how to read them back from the spool."""
    keep = [i for i, p in enumerate(prepared) if stored.get(p.brief_id, (0, ""))[1] != p.digest]
    if detection.has_room() or not keep:
        return [(p.brief_id, p.text, p.pool) for p in (prepared[i] for i in keep)]
    every = len(keep) == len(prepared)
    chosen = None if every else keep  # usually every brief of a batch is new

    def read_back() -> list[Item]:
        batch = pickle.loads(read_at(spool, offset, length))
        picked = batch if chosen is None else [batch[i] for i in chosen]
        return [(p.brief_id, p.text, p.pool) for p in picked]

    return read_back


def _spooled(spool: IO[bytes]) -> Iterator[list[_Prepared]]:
    while True:
        try:
            yield pickle.load(spool)
        except EOFError:
            return


class _Writer:
    """Writes batches of briefs and the current run's scans, one transaction per batch."""

    def __init__(self, engine: Engine, analyzer: BatchAnalyzer | None, advance: Advance) -> None:
        self.engine = engine
        self.analyzer = analyzer
        self.detection = OrderedScans(analyzer, IN_FLIGHT) if analyzer is not None else None
        # per queued batch, brief id -> pk of the briefs written (None: keys are pks)
        self.awaiting: deque[dict[str, int] | None] = deque()
        self.advance = advance
        self.run_id: int | None = None
        self.scanned = False
        self.committed_scans = False
        self.undo: IngestUndo | None = None  # what an ingest wrote, to take back on failure

    def start(self, *, name: str | None = None, spec: str | None = None) -> int:
        """Create the run up front (unfinished, so never "latest" until finish())."""
        assert self.analyzer is not None
        detector, version, config = describe(self.analyzer.detector)
        with Session(self.engine) as session:
            self.run_id = start_run(
                session, detector=detector, version=version, config=config, name=name,
                spec=spec_of(self.analyzer.detector, spec),
            )  # fmt: skip
            session.commit()
        return self.run_id

    def score_arms(self, seed: int = DEFAULT_SEED, drift: float = DEFAULT_DRIFT) -> None:
        """The run's own four arms and production row, stored with the run: the template
        arms over the first ARM_POOLS stored pools (the review panel's sample, so a run of
        100,000 briefs with a pool each pays about 1 s, not another detector pass), scored
        by the same detector workers as its flags; the production row over every brief."""
        assert self.detection is not None and self.analyzer is not None
        assert self.run_id is not None
        template = {arm: Mean() for arm in ARMS}
        with Session(self.engine) as session:
            pools = (
                (pk, pool_from_json(knowns))
                for pk, knowns in iter_pool_rows(db=session, limit=ARM_POOLS)
            )
            items = ((key, text, encode_pool(pool)) for key, text, pool in
                     template_items(pools, seed=seed, drift=drift))  # fmt: skip
            out = 0
            for batch in _batches(items, BATCH):
                self.detection.queue(batch)
                out += 1
                while out > IN_FLIGHT:
                    self._add_rates(template, self.detection.take(wait=True))
                    out -= 1
            while out:
                self._add_rates(template, self.detection.take(wait=True))
                out -= 1
            rate, briefs = production(db=session, run_id=self.run_id)
            name, version, _ = describe(self.analyzer.detector)
            report = assemble_report(
                name, version, seed=seed, drift=drift, template=template,
                production_rate=rate, production_n=briefs,
            )  # fmt: skip
            arms = report.to_dict() | {"pools": template["faithful"].n}
            store_arms(db=session, run_id=self.run_id, arms=arms)
            session.commit()

    @staticmethod
    def _add_rates(template: dict[str, Mean], scans: list[Any] | None) -> None:
        for (_pool, arm), checkable, flags in scans or ():
            template[arm].add(len(flags) / checkable if checkable else 0.0)

    def discard(self) -> None:
        """Drop a run that never scanned anything (an ingest that changed nothing)."""
        with Session(self.engine) as session:
            delete_run(session=session, run_id=self.run_id)
            session.commit()
        self.run_id = None

    def forget_queued(self) -> None:
        """Drop the detector's work for a file that is refused: none of it is stored."""
        if self.detection is not None:
            self.detection.close()
        self.awaiting.clear()

    def store_ready(self, session: Session, keep: int) -> None:
        """Store the scans that are back, in order, waiting for the oldest while more than
        `keep` written batches still wait for theirs (that bounds memory)."""
        assert self.detection is not None and self.run_id is not None
        while self.awaiting:
            scans = self.detection.take(wait=len(self.awaiting) > keep)
            if scans is None:
                return
            pks = self.awaiting.popleft()
            if pks is not None:  # briefs detected before they were written: keys are ids
                scans = [(pks[key], n, flags) for key, n, flags in scans if key in pks]
            store_scan_rows(session, self.run_id, scans)

    def write_file(
        self,
        path: str,
        batches: Iterable[list[_Prepared]],
        report: IngestReport,
        *,
        replace: bool,
        on_error: Callable[[InputError], None] | None,
        commit_each_batch: bool,
        queued: bool = False,
    ) -> None:
        """Write checked batches; `queued` when check_file already queued them (one detector
        batch per spooled batch), else each batch is queued once written."""
        with Session(self.engine) as session, unchecked_references(session):
            try:
                for batch in batches:
                    new, changed, unchanged = _sort(
                        session, path, batch, replace, on_error or _raise
                    )
                    written = self._store_batch(session, new, changed)
                    if self.undo is not None:
                        self.undo.wrote(
                            added=[pk for pk, _ in written[: len(new)]],
                            replaced=[pk for pk, _ in changed],
                        )
                    report.added += len(new)
                    report.replaced += len(changed)
                    report.unchanged += unchanged
                    if self.detection is not None:
                        self.scanned = self.scanned or bool(written)
                        if not queued:
                            self.detection.queue([(p.brief_id, p.text, p.pool) for _, p in written])
                        self.awaiting.append({p.brief_id: pk for pk, p in written})
                        self.store_ready(session, IN_FLIGHT)
                    if commit_each_batch:
                        session.commit()
                        self.committed_scans = self.scanned
                    self.advance(len(batch))
                if self.detection is not None:
                    self.store_ready(session, 0)
                session.commit()
                self.committed_scans = self.scanned
            except BaseException:
                session.rollback()
                self.forget_queued()
                self.scanned = self.committed_scans
                raise

    def _store_batch(
        self, session: Session, new: list[_Prepared], changed: list[tuple[int, _Prepared]]
    ) -> list[tuple[int, _Prepared]]:
        """Store new briefs and replace changed ones; (pk, brief) of every brief written."""
        everything = [*new, *(p for _, p in changed)]
        if not everything:
            return []
        pools = pool_pks(session, [(p.pool_digest, p.knowns) for p in everything])
        rows = [
            (p.brief_id, p.text, pool_pk, p.pool_id, p.meta, p.digest)
            for p, pool_pk in zip(everything, pools, strict=True)
        ]
        pks = insert_brief_rows(session, rows[: len(new)])
        for (pk, _), row in zip(changed, rows[len(new) :], strict=True):
            replace_brief(session, pk, dict(zip(BRIEF_COLUMNS, row, strict=True)))
        return [*zip(pks, new, strict=True), *changed]

    def cover_the_rest(self, advance: Advance, stage: Stage | None = None) -> None:
        """Scan every stored brief the run has not covered yet, a batch per transaction."""
        assert self.detection is not None and self.run_id is not None
        with Session(self.engine) as session, unchecked_references(session):
            left = db.count_uncovered(session=session, run_id=self.run_id)
            if not left:  # an ingest into a fresh run
                return
            if stage is not None:
                stage("flag", None, left)
            after = 0
            while rows := unscanned_briefs(session, self.run_id, after, BATCH):
                after = rows[-1][0]
                self.detection.queue(rows)
                self.awaiting.append(None)
                self.store_ready(session, IN_FLIGHT)
                session.commit()
                advance(len(rows))
            self.store_ready(session, 0)
            session.commit()

    def finish(self, previous: int | None) -> RunReport:
        assert self.run_id is not None
        with Session(self.engine) as session:
            run = finish_run(session, self.run_id)
            session.commit()
            diff = diff_runs(session, previous, run.id) if previous is not None else None
            return RunReport(
                run.id, run.detector, run.version, run.briefs, run.flags, run.checkable,
                previous, diff,
            )  # fmt: skip


def _raise(err: InputError) -> None:
    raise err


def _previous_run(engine: Engine) -> int | None:
    with Session(engine) as session:
        run = db.latest_run(session=session)
        return run.id if run else None


def _stored_count(engine: Engine) -> int:
    with Session(engine) as session:
        return db.count_stored_briefs(session=session)


def ingest_files(
    engine: Engine,
    paths: Sequence[str],
    *,
    pools_path: str | None = None,
    skip_invalid: bool = False,
    replace: bool = False,
    detector: Detector | None = None,
    workers: int | None = None,
    advance: Advance | None = None,
    stage: Stage | None = None,
    lines: Sequence[int | None] | None = None,
    expected: int | None = None,
    name: str | None = None,
    spec: str | None = None,
) -> IngestReport:
    """Store briefs from JSON Lines files; with a detector, then run it over every stored
    brief (a new run only when something changed or no run exists yet).

    Progress: `stage` announces each stage (check a file, store it, flag the briefs stored
    before) and `advance` counts within it; `lines` (per file, when the caller counted
    them) gives the check stages their totals."""
    report = IngestReport()
    advance = advance or (lambda n: None)
    stage = stage or (lambda kind, path, total: None)
    pools = read_pools(pools_path) if pools_path else None
    on_error = report.reject if skip_invalid else None
    if workers is None:
        workers = default_workers(expected) if detector is not None else 0
    report.abandoned = recovery.clean_abandoned(engine)
    previous = _previous_run(engine)
    analyzer = BatchAnalyzer(detector, workers) if detector is not None else None
    writer = _Writer(engine, analyzer, advance)
    try:
        writer.undo = recovery.begin_ingest(engine)
        if analyzer is not None:
            writer.start(name=name, spec=spec)
        _ingest_each(writer, paths, report, pools, on_error, replace, stage, advance, lines)
        if analyzer is not None:
            # a run over every stored brief when this ingest wrote any, or when the latest
            # run misses some (stored with --no-flag, or by an ingest that was killed)
            if writer.scanned or (report.failed is None and recovery.needs_run(engine)):
                writer.cover_the_rest(advance, stage)
                writer.score_arms()
                report.run = writer.finish(previous)
            else:
                writer.discard()
    except BaseException as error:
        _took_back(error, engine, writer, keep_run=False)
        raise
    finally:
        if analyzer is not None:
            analyzer.close()
    return report


def _took_back(error: BaseException, engine: Engine, writer: _Writer, *, keep_run: bool) -> None:
    writer.forget_queued()
    recovery.took_back(error, engine, undo=writer.undo, run_id=writer.run_id, keep_run=keep_run)


def _ingest_each(
    writer: _Writer,
    paths: Sequence[str],
    report: IngestReport,
    pools: Mapping[str, Any] | None,
    on_error: Callable[[InputError], None] | None,
    replace: bool,
    stage: Stage,
    advance: Advance,
    lines: Sequence[int | None] | None,
) -> None:
    """Check and store each file in turn; a refused file ends the loop (report.failed)."""
    engine = writer.engine
    for index, path in enumerate(paths):
        try:
            if path == "-":  # stdin cannot be read twice: one transaction instead
                stage("store", path, None)
                read = iter_briefs(path, pools=pools, on_error=on_error)
                batches = _batches(map(_prepare, read))
                writer.write_file(
                    path, batches, report, replace=replace, on_error=on_error,
                    commit_each_batch=False,
                )  # fmt: skip
                continue
            stage("check", path, lines[index] if lines else None)
            spool, good = check_file(
                engine, path, pools=pools, replace=replace, on_error=on_error,
                advance=advance, detection=writer.detection,
            )  # fmt: skip
            stage("store", path, good)
            with spool:
                writer.write_file(
                    path, _spooled(spool), report, replace=replace, on_error=_raise,
                    commit_each_batch=True, queued=True,
                )  # fmt: skip
        except InputError as err:
            writer.forget_queued()
            report.failed = err
            report.unread = len(paths) - index - 1
            break


def run_detector(
    engine: Engine,
    detector: Detector,
    *,
    workers: int | None = None,
    advance: Advance | None = None,
    name: str | None = None,
    spec: str | None = None,
) -> RunReport:
    """A new run of `detector` over every stored brief, compared with the previous run;
    its four arms are scored by the same workers and stored with it."""
    abandoned = recovery.clean_abandoned(engine)
    previous = _previous_run(engine)
    if workers is None:
        workers = default_workers(_stored_count(engine))
    with BatchAnalyzer(detector, workers) as analyzer:
        writer = _Writer(engine, analyzer, advance or (lambda n: None))
        try:
            writer.start(name=name, spec=spec)
            writer.cover_the_rest(advance or (lambda n: None))
            writer.score_arms()
            run = writer.finish(previous)
        except BaseException as error:
            _took_back(error, engine, writer, keep_run=True)
            raise
    run.abandoned = abandoned
    return run
