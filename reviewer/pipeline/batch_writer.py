"""Writing a detector run and the briefs it covers: one transaction per batch of briefs,
with the scans the detector sends back for them, stored in the order they were queued.

A run is created unfinished, covers every stored brief, has its four arms scored by the
same detector workers, and only then is finished, so runs compare.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

import db
from db.ingest_turn import IngestTurn
from db.queries import iter_briefs_keyed, pool_units, run_flag_spans
from db.runs import arms_sample, iter_pool_rows, production, store_arms, stored_arms
from db.undo import Abandoned, IngestUndo
from db.views import pool_from_json
from db.writes import (
    BRIEF_COLUMNS,
    RunDiff,
    carry_scans,
    carry_source,
    delete_run,
    diff_runs,
    finish_run,
    forget_scan,
    insert_brief_rows,
    pool_pks,
    replace_brief,
    start_run,
    store_scan_rows,
    unchecked_references,
    unscanned_briefs,
)
from reviewer.arms import (
    ARM_SAMPLE,
    ARMS,
    DEFAULT_DRIFT,
    DEFAULT_SEED,
    ArmsReport,
    Cited,
    FlagSpan,
    Mean,
    assemble_report,
    planted_rate,
    rewrites_of,
    template_items,
    with_production,
)
from reviewer.checks.registry import code_digest, describe, spec_of
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.types import Known
from reviewer.pipeline.checking import BATCH, Advance, Prepared, in_batches, raise_error, sort_batch
from reviewer.pipeline.parallel import encode_pool
from reviewer.pipeline.reader import InputError
from reviewer.pipeline.workers import (
    BatchAnalyzer,
    OrderedScans,
    Waiter,
    cite_items,
    cites_itself,
    flag_count,
    row_spans,
)

IN_FLIGHT = 3  # batches out at the detector before the writer waits for the oldest
CITED_BATCH = 500  # briefs whose citations the rewrite arms ask the workers for at once
# briefs a task when finding citations: small, so that while a worker takes a batch's
# first tasks this process, waiting for them, takes its last ones (both cores work)
CITED_CHUNK = 20
CITE_FIRST = ARM_SAMPLE  # briefs a run of a detector that is its own citer reads with them
KEEP_REJECTED = 1000  # rejected lines kept for the report; the rest are only counted
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
    abandoned: Abandoned = field(default_factory=Abandoned)  # killed processes' work, undone
    # a warning for each pool unit the detector's vocabulary never reads in prose
    unread_units: list[str] = field(default_factory=list)
    carried: int = 0  # briefs whose flags came unchanged from run `carried_from`
    carried_from: int | None = None
    arms_from: int | None = None  # the run whose template and rewrite arms it took


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
    abandoned: Abandoned = field(default_factory=Abandoned)  # killed processes' work, undone

    @property
    def stored_anything(self) -> bool:
        """Whether the database changed: briefs written, or a new detector run."""
        return bool(self.added or self.replaced or self.run is not None)

    @property
    def all_rejected(self) -> bool:
        """Whether lines were rejected and not one was taken (added, unchanged or replaced):
        with --skip-invalid, input that held no usable brief at all."""
        return bool(self.rejected) and not (self.added or self.unchanged or self.replaced)

    def reject(self, err: InputError) -> None:
        self.rejected += 1
        if len(self.rejected_lines) < KEEP_REJECTED:
            self.rejected_lines.append(err)


class BatchWriter:
    """Writes batches of briefs and the current run's scans, one transaction per batch."""

    def __init__(self, engine: Engine, analyzer: BatchAnalyzer | None, advance: Advance) -> None:
        self.engine = engine
        self.analyzer = analyzer
        self.detection = OrderedScans(analyzer, IN_FLIGHT) if analyzer is not None else None
        # the faithful citations of briefs this run read with them, by pk: where the
        # detector is its own citer, its first ARM_SAMPLE briefs are read so, and the
        # rewrite arms of those in the arms' sample need no citation pass of their own
        self.cited: dict[int, list[Any]] = {}
        if self.detection is not None and analyzer is not None and cites_itself(analyzer.detector):
            self.detection.cite = CITE_FIRST
        # per queued batch, brief id -> pk of the briefs written (None: keys are pks)
        self.awaiting: deque[dict[str, int] | None] = deque()
        self.advance = advance
        self.run_id: int | None = None
        self.scanned = False
        self.committed_scans = False
        self.undo: IngestUndo | None = None  # what an ingest wrote, to take back on failure
        self.turn: IngestTurn | None = None  # an ingest's record, ended when it finishes
        self.stage: Stage | None = None  # announces a stage of the progress (ingest, flag)
        self.scored = 0  # arm texts scored so far (the arms' stage)
        self.carried = 0  # briefs whose flags the run took from an earlier one
        self.carried_from: int | None = None
        self.arms_from: int | None = None  # the run whose arms the run took, if any

    def start(self, *, name: str | None = None, spec: str | None = None) -> int:
        """Create the run up front (unfinished, so never "latest" until finish())."""
        assert self.analyzer is not None
        detector, version, config = describe(self.analyzer.detector)
        with Session(self.engine) as session:
            self.run_id = start_run(
                session, detector=detector, version=version, config=config, name=name,
                spec=spec_of(self.analyzer.detector, spec),
                code=code_digest(self.analyzer.detector),
            )  # fmt: skip
            if self.turn is not None:
                self.turn.note_run(session, self.run_id)
            session.commit()
        return self.run_id

    def score_arms(self, seed: int = DEFAULT_SEED, drift: float = DEFAULT_DRIFT) -> None:
        """The run's own four arms and production row, stored with the run: the template
        arms over the first ARM_SAMPLE stored pools and the rewrite arms over the first
        ARM_SAMPLE stored briefs (the sample `reviewer arms` reads, so a run of 100,000
        briefs pays seconds, not more detector passes), scored by the same detector
        workers as its flags; the production row over every brief."""
        assert self.detection is not None and self.analyzer is not None
        assert self.run_id is not None
        self.detection.cite = 0  # the arms' texts are read for their flags alone
        template = {arm: Mean() for arm in ARMS}
        rewritten = {arm: Mean() for arm in ARMS}
        with Session(self.engine) as session:
            sample = arms_sample(db=session, limit=ARM_SAMPLE)
            if self._carry_arms(session, sample, seed, drift):
                return
            pools = (
                (pk, pool_from_json(knowns))
                for pk, knowns in iter_pool_rows(db=session, limit=ARM_SAMPLE)
            )
            if self.stage is not None:  # texts to score, at most (briefs without a
                # faithful citation have no rewrite arms)
                stored = db.count_stored_briefs(session=session)
                pooled = db.count_pools(session=session)
                texts = len(ARMS) * (min(pooled, ARM_SAMPLE) + min(stored, ARM_SAMPLE))
                self.stage("arms", None, texts)
            self.scored = 0
            items = ((key, text, encode_pool(pool)) for key, text, pool in
                     template_items(pools, seed=seed, drift=drift))  # fmt: skip
            self._score(items, lambda scans: self._add_rates(template, scans))
            planted: dict[tuple[int, str], tuple[tuple[int, int], ...]] = {}
            self._score(
                self._rewrite_items(session, planted, seed, drift, rewritten["faithful"]),
                lambda scans: self._add_planted(rewritten, planted, scans),
            )
            if self.stage is not None:  # the rewrite arms of briefs without a citation
                self.advance(texts - self.scored)
            rate, briefs = production(db=session, run_id=self.run_id)
            name, version, _ = describe(self.analyzer.detector)
            report = assemble_report(
                name, version, seed=seed, drift=drift, template=template,
                rewritten=rewritten, production_rate=rate, production_n=briefs,
            )  # fmt: skip
            arms = report.to_dict() | {"pools": template["faithful"].n, "sample": sample}
            store_arms(db=session, run_id=self.run_id, arms=arms)
            session.commit()

    def _carry_arms(self, session: Session, sample: str, seed: int, drift: float) -> bool:
        """Whether the run took the arms of the run it carried its flags from (and stored
        them): the same code, detector and config over the same sample of pools and briefs
        (`arms_sample`), seed and drift score the same template and rewrite arms; the
        production row is the run's own."""
        if self.carried_from is None:
            return False
        source = stored_arms(db.get_run(session=session, run_id=self.carried_from))
        if source is None or source.get("sample") != sample:
            return False
        if (source.get("seed"), source.get("drift")) != (seed, drift):
            return False
        assert self.run_id is not None
        rate, briefs = production(db=session, run_id=self.run_id)
        report = with_production(ArmsReport.from_dict(source), rate, briefs)
        arms = report.to_dict() | {"pools": source.get("pools"), "sample": sample}
        store_arms(db=session, run_id=self.run_id, arms=arms)
        session.commit()
        self.arms_from = self.carried_from
        return True

    def _score(self, items: Iterable[Any], add: Callable[[list[Any] | None], None]) -> None:
        """Send items to the detector in batches, at most IN_FLIGHT out at once (counted
        on the progress when a stage is shown)."""
        assert self.detection is not None
        sizes: deque[int] = deque()

        def take() -> None:
            add(self.detection.take(wait=True))  # type: ignore[union-attr]
            done = sizes.popleft()
            if self.stage is not None:
                self.advance(done)
                self.scored += done

        for batch in in_batches(items, BATCH):
            self.detection.queue(batch)
            sizes.append(len(batch))
            while len(sizes) > IN_FLIGHT:
                take()
        while sizes:
            take()

    def _rewrite_items(
        self,
        session: Session,
        planted: dict[tuple[int, str], tuple[tuple[int, int], ...]],
        seed: int,
        drift: float,
        faithful: Mean,
    ) -> Iterator[tuple[tuple[int, str], str, bytes]]:
        """The rewrite arms of the first ARM_SAMPLE stored briefs, their faithful
        citations found by the default detector with the run's config (as `reviewer arms`
        finds them); where each planted number sits goes to `planted`. The faithful arm
        is each brief as stored, so it is scored from the run's own stored flags (the
        same detector's, on the same text) rather than by another detector pass."""
        run_id = self.run_id
        assert run_id is not None
        stored: dict[int, list[FlagSpan]] = {}
        with Session(self.engine) as flags:

            def stored_flags(first: int, last: int) -> dict[int, list[FlagSpan]]:
                return run_flag_spans(session=flags, run_id=run_id, first=first, last=last)

            sample = iter_briefs_keyed(session=session, limit=ARM_SAMPLE)
            briefs = self._cited(sample, stored, stored_flags)
            for (pk, arm), rewrite, pool in rewrites_of(briefs, seed=seed, drift=drift):
                if arm == "faithful":
                    faithful.add(planted_rate(stored.pop(pk, ()), rewrite.spans, arm=arm))
                    continue
                planted[pk, arm] = rewrite.spans
                yield (pk, arm), rewrite.text, encode_pool(pool)

    def _cited(
        self,
        briefs: Iterable[tuple[int, str, tuple[Known, ...]]],
        stored: dict[int, list[FlagSpan]],
        stored_flags: Callable[[int, int], dict[int, list[FlagSpan]]],
    ) -> Iterator[tuple[int, str, tuple[Known, ...], list[Cited]]]:
        """Each brief with its faithful citations, in order, found by the detector workers
        (and this process while it waits) up to IN_FLIGHT batches ahead of the rewrites;
        the run's stored flags of a batch's briefs go to `stored` as the batch is given."""
        assert self.analyzer is not None
        out: deque[tuple[list[tuple[int, str, tuple[Known, ...]]], Waiter | None]] = deque()

        def oldest() -> Iterator[tuple[int, str, tuple[Known, ...], list[Cited]]]:
            batch, waiter = out.popleft()
            stored.clear()  # the briefs of the batch before have been rewritten
            stored.update(stored_flags(batch[0][0], batch[-1][0]))
            found = dict(waiter()) if waiter is not None else {}
            for pk, text, pool in batch:
                citations = self.cited.pop(pk) if pk in self.cited else found[pk]
                yield pk, text, pool, [Cited(*citation) for citation in citations]

        for batch in in_batches(briefs, CITED_BATCH):
            # the briefs the run read without their citations (all, unless it is its own
            # citer) are read for them now
            items = [(pk, text, encode_pool(pool)) for pk, text, pool in batch
                     if pk not in self.cited]  # fmt: skip
            waiter = self.analyzer.submit(items, cite_items, CITED_CHUNK) if items else None
            out.append((batch, waiter))
            if len(out) > IN_FLIGHT:
                yield from oldest()
        while out:
            yield from oldest()

    @staticmethod
    def _add_rates(template: dict[str, Mean], scans: list[Any] | None) -> None:
        for (_pool, arm), checkable, flags in scans or ():
            template[arm].add(flag_count(flags) / checkable if checkable else 0.0)

    @staticmethod
    def _add_planted(
        rewritten: dict[str, Mean],
        planted: dict[tuple[int, str], tuple[tuple[int, int], ...]],
        scans: list[Any] | None,
    ) -> None:
        for key, _checkable, flags in scans or ():
            spans = row_spans(flags)
            rewritten[key[1]].add(planted_rate(spans, planted.pop(key), arm=key[1]))

    def discard(self) -> None:
        """Drop a run that never scanned anything (an ingest that changed nothing)."""
        with Session(self.engine) as session:
            delete_run(session=session, run_id=self.run_id)
            self._end_turn(session)
            session.commit()
        self.run_id = None
        self._ended()

    def end_turn(self) -> None:
        """An ingest without a run is done: its record goes (it is all stored)."""
        with Session(self.engine) as session:
            self._end_turn(session)
            session.commit()
        self._ended()

    def _end_turn(self, session: Session) -> None:
        if self.turn is not None:
            self.turn.end(session)

    def _ended(self) -> None:
        """The ingest is committed, record and all: nothing of it is taken back now."""
        if self.turn is not None:
            self.undo = None

    def close_turn(self) -> None:
        """The ingest is over, its record ended or left for the next command to take back."""
        if self.turn is not None:
            self.turn.close()
            self.turn = None

    def forget_queued(self) -> None:
        """Drop the detector's work for a file that is refused: none of it is stored (nor
        the citations read with it: its briefs' pks may be given to others)."""
        if self.detection is not None:
            self.detection.close()
        self.awaiting.clear()
        self.cited.clear()

    def store_ready(self, session: Session, keep: int, *, count: bool = False) -> None:
        """Store the scans that are back, in order, waiting for the oldest while more than
        `keep` written batches still wait for theirs (that bounds memory); `count`: advance
        the progress by each batch's briefs (a stage of waiting for the detector)."""
        assert self.detection is not None and self.run_id is not None
        while self.awaiting:
            scans = self.detection.take(wait=len(self.awaiting) > keep)
            if scans is None:
                return
            pks = self.awaiting.popleft()
            if pks is not None:  # briefs detected before they were written: keys are ids
                scans = [(pks[key], *rest) for key, *rest in scans if key in pks]
            store_scan_rows(session, self.run_id, self._keep_citations(scans))
            if count:
                self.advance(len(pks) if pks is not None else len(scans))

    def _keep_citations(self, scans: list[Any]) -> list[Any]:
        """The scans to store: a brief read with its citations leaves them in `cited`, and
        one read again without them (replaced since) takes them back out."""
        if not scans or (len(scans[0]) == 3 and not self.cited):
            return scans
        for at, scan in enumerate(scans):
            if len(scan) == 4:  # (a batch of briefs may run past the first CITE_FIRST)
                if scan[0] in self.cited or len(self.cited) < CITE_FIRST:
                    self.cited[scan[0]] = scan[3]
                scans[at] = scan[:3]
            else:
                self.cited.pop(scan[0], None)
        return scans

    def await_detector(self, session: Session, path: str) -> None:
        """Store the scans still out at the detector for a file's briefs: a stage of its
        own, so the bar moves while the detector works rather than standing full at
        `storing`."""
        waiting = sum(len(pks) for pks in self.awaiting if pks)
        if waiting and self.stage is not None:
            self.stage("flag", path, waiting)
            self.store_ready(session, 0, count=True)
        else:
            self.store_ready(session, 0)

    def write_file(
        self,
        path: str,
        batches: Iterable[list[Prepared]],
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
                    new, changed, unchanged = sort_batch(
                        session, path, batch, replace, on_error or raise_error
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
                    self.await_detector(session, path)
                session.commit()
                self.committed_scans = self.scanned
            except BaseException:
                session.rollback()
                self.forget_queued()
                self.scanned = self.committed_scans
                raise

    def _store_batch(
        self, session: Session, new: list[Prepared], changed: list[tuple[int, Prepared]]
    ) -> list[tuple[int, Prepared]]:
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
            if self.run_id is not None:  # an earlier file of this ingest may have scanned it
                forget_scan(session, self.run_id, pk)
        return [*zip(pks, new, strict=True), *changed]

    def cover_the_rest(
        self, advance: Advance, stage: Stage | None = None, *, carry: bool = False
    ) -> None:
        """Scan every stored brief the run has not covered yet, a batch per transaction;
        with `carry`, first take the flags of the briefs unchanged since the newest run of
        the same code, detector and config from it (`carry_scans`), in one transaction."""
        assert self.detection is not None and self.run_id is not None
        with Session(self.engine) as session, unchecked_references(session):
            left = db.count_uncovered(session=session, run_id=self.run_id)
            if not left:  # an ingest into a fresh run
                return
            source = carry_source(session, self.run_id) if carry else None
            if source is not None:
                self.carried = carry_scans(session, source=source, run_id=self.run_id)
                self.carried_from = source if self.carried else None
                session.commit()
                left -= self.carried
                if not left:
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
            self._end_turn(session)  # the run and its briefs are the database's now
            session.commit()
            self._ended()
            diff = diff_runs(session, previous, run.id) if previous is not None else None
            config = getattr(self.analyzer.detector, "config", None) if self.analyzer else None
            unread = (
                config.unread_warnings(
                    run.detector, pool_units(session=session), "in the stored pools"
                )
                if isinstance(config, DetectorConfig)
                else []  # a plugin's vocabulary is its own affair
            )
            return RunReport(
                run.id, run.detector, run.version, run.briefs, run.flags, run.checkable,
                previous, diff, unread_units=unread, carried=self.carried,
                carried_from=self.carried_from, arms_from=self.arms_from,
            )  # fmt: skip
