"""The tables: briefs and their pools, detector runs and their flags, and append-only labels.

A label belongs to a *claim* (brief + span + token), not to one run's flag row, so labels
carry over when a detector is re-run and flags the same span again.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    PrimaryKeyConstraint,
    UniqueConstraint,
    false,
    text,
)
from sqlmodel import Field, SQLModel

from db.tables import VERDICTS, Str, utcnow

__all__ = ["VERDICTS", "utcnow"]  # with the classes below


class Meta(SQLModel, table=True):
    """Key/value facts about the database itself, e.g. the schema version."""

    key: str = Field(primary_key=True)
    value: str


class Pool(SQLModel, table=True):
    """A pool of known values, stored once per distinct content (keyed by its digest)."""

    pk: int | None = Field(default=None, primary_key=True)
    digest: str = Field(unique=True)
    knowns: str  # JSON list of [name, value, unit]


class Brief(SQLModel, table=True):
    """One generated text as ingested; `digest` covers text, pool and meta for re-ingest checks."""

    __table_args__ = (Index("ix_brief_pool", "pool_pk"),)

    pk: int | None = Field(default=None, primary_key=True)
    brief_id: str = Field(unique=True)
    text: str
    pool_pk: int = Field(foreign_key="pool.pk")
    pool_id: str | None = None
    meta: str | None = None  # JSON object
    digest: str
    source: str | None = None
    created_at: datetime = Field(default_factory=utcnow)


class BriefVersion(SQLModel, table=True):
    """An earlier text of a brief that `ingest --replace` overwrote (labels made on it
    still export with the words they were made on)."""

    __table_args__ = (Index("ix_briefversion_pool", "pool_pk"),)

    id: int | None = Field(default=None, primary_key=True)
    brief_pk: int = Field(foreign_key="brief.pk", index=True)
    text: str
    pool_pk: int = Field(foreign_key="pool.pk")
    meta: str | None = None
    digest: str
    replaced_at: datetime = Field(default_factory=utcnow)


class DetectorRun(SQLModel, table=True):
    """One pass of one detector (name, version, config) over every stored brief."""

    id: int | None = Field(default=None, primary_key=True)
    detector: str
    version: str
    config: str
    created_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None
    briefs: int = 0
    flags: int = 0
    checkable: int = 0
    # ---- runs named and described, with their own arms (see db.tables)
    name: str | None = None
    spec: str | None = None
    config_digest: str | None = None
    arms: str | None = None  # JSON of the run's four-arm report
    # ---- run status (db.tables: RUN_STATUSES) ----
    status: str | None = "running"  # nullable only for ALTER TABLE; always set
    owner: str | None = None


class BriefScan(SQLModel, table=True):
    """Per run and brief: checkable tokens and flags, so brief lists never aggregate flags."""

    __table_args__ = (
        PrimaryKeyConstraint("run_id", "brief_pk"),
        # the briefs with something to label, in order: the review app walks these (a
        # postgresql_where here would import that dialect on every start: 100 ms)
        Index(
            "ix_briefscan_flagged", "run_id", "brief_pk", "flags", sqlite_where=text("flags > 0")
        ),
    )

    run_id: int = Field(foreign_key="detectorrun.id")
    brief_pk: int = Field(foreign_key="brief.pk", index=True)
    checkable: int
    flags: int


class Claim(SQLModel, table=True):
    """A flagged span of a brief; labels hang here. `verdict` is the newest current label of
    any reviewer, kept up to date by the label functions."""

    __table_args__ = (
        UniqueConstraint("brief_pk", "start", "end", "token"),
        Index("ix_claim_verdict", "verdict"),
    )

    id: int | None = Field(default=None, primary_key=True)
    brief_pk: int = Field(foreign_key="brief.pk")
    start: int
    end: int
    token: str
    verdict: str | None = None
    label_id: int | None = None


class FlagRecord(SQLModel, table=True):
    """One flag of one run, as the detector reported it."""

    __table_args__ = (
        Index("ix_flag_run_brief_start", "run_id", "brief_pk", "start"),
        Index("ix_flag_claim_run", "claim_id", "run_id"),
        Index("ix_flag_brief", "brief_pk"),
    )

    pk: int | None = Field(default=None, primary_key=True)
    run_id: int = Field(foreign_key="detectorrun.id")
    claim_id: int = Field(foreign_key="claim.id")
    brief_pk: int = Field(foreign_key="brief.pk")
    start: int
    end: int
    token: str
    value: float
    unit: str
    nearest: str
    nearest_value: float
    delta: float
    rel: float
    kind: str
    basis: str | None = None  # "band" or "name"; None for flags stored before it was kept
    rule: str | None = None  # the reading that made it; None for flags stored before 0012
    probability: float | None = None  # the model's, for a flag a learned model decided


class Label(SQLModel, table=True):
    """Append-only: a reviewer's verdict on a claim. Undo sets `undone_at`, never deletes."""

    __table_args__ = (
        Index("ix_label_reviewer_id", "reviewer", "id"),
        Index("ix_label_claim_reviewer", "claim_id", "reviewer", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    claim_id: int = Field(foreign_key="claim.id")
    reviewer: str
    verdict: str
    note: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    undone_at: datetime | None = None


class LabelState(SQLModel, table=True):
    """The current verdict (and note) of a claim for a reviewer: one row, no history scan."""

    __table_args__ = (
        PrimaryKeyConstraint("claim_id", "reviewer"),
        Index("ix_labelstate_reviewer_verdict", "reviewer", "verdict"),
    )

    claim_id: int = Field(foreign_key="claim.id")
    reviewer: str
    label_id: int | None = None
    verdict: str | None = None
    note: str | None = None


class RunTally(SQLModel, table=True):
    """Counts behind `precision_stats`, kept current by the label functions so stats never
    scan a million flags: per run, reviewer ("" = newest verdict of anyone), kind, unit and
    verdict ("" = all flags of that kind and unit)."""

    __table_args__ = (PrimaryKeyConstraint("run_id", "reviewer", "kind", "unit", "verdict"),)

    run_id: int = Field(foreign_key="detectorrun.id")
    reviewer: str
    kind: str
    unit: str
    verdict: str
    n: int = 0


class RunStratum(SQLModel, table=True):
    """A run's labeled flags counted as its strata need them (db.strata), kept current by
    the label functions: per run, reviewer ("" = the team's verdict), verdict, whether the
    label was made in this run (here, 0/1) and through its queue, and whether the run's
    previous run flagged the claim too (earlier)."""

    __table_args__ = (
        PrimaryKeyConstraint("run_id", "reviewer", "verdict", "here", "queue", "earlier"),
    )

    run_id: int = Field(foreign_key="detectorrun.id")
    reviewer: str
    verdict: str
    here: int
    queue: int
    earlier: int
    n: int = 0


class ReviewProgress(SQLModel, table=True):
    """Marks that DoneSpan rows are kept for this run and reviewer; `done` is how many
    flagged briefs they cover. Built on first review, then moved by each label and undo."""

    __table_args__ = (PrimaryKeyConstraint("run_id", "reviewer"),)

    run_id: int
    reviewer: str
    done: int = 0


class DoneSpan(SQLModel, table=True):
    """A maximal stretch of a run's flagged briefs (lo..hi by pk, `briefs` of them) whose
    every flag the reviewer has labeled: the next unlabeled flag hops over it, no scan."""

    __table_args__ = (PrimaryKeyConstraint("run_id", "reviewer", "lo"),)

    run_id: int
    reviewer: str
    lo: int
    hi: int
    briefs: int


# --- a team on one database: who adjudicates, and shared work (as in db.tables) ---
DetectorRun.__table__.append_column(Column("overlap", Float, nullable=True))  # type: ignore[attr-defined]
for _table in (Label.__table__, LabelState.__table__):  # type: ignore[attr-defined]
    _table.append_column(
        Column("role", Str(), nullable=False, default="reviewer", server_default="reviewer")
    )


class WorkClaim(SQLModel, table=True):
    """A reviewer's hold on a flag of a run while labeling it (review --share)."""

    __table_args__ = (
        PrimaryKeyConstraint("run_id", "claim_id", "slot"),
        Index("ix_workclaim_run_reviewer", "run_id", "reviewer"),
        Index("ix_workclaim_claim", "claim_id"),
    )

    run_id: int = Field(foreign_key="detectorrun.id")
    claim_id: int = Field(foreign_key="claim.id")
    slot: int
    reviewer: str
    claimed_at: datetime = Field(default_factory=utcnow)


# --- honest numbers: the run's random review queue, missed contradictions, and briefs
# a reviewer has read in full (the columns as in db.tables, in the same order) ---
DetectorRun.__table__.append_column(Column("order_seed", Integer, nullable=True))  # type: ignore[attr-defined]
FlagRecord.__table__.append_column(Column("queue_rank", Integer, nullable=True))  # type: ignore[attr-defined]
Index("ix_flag_run_rank", FlagRecord.__table__.c.run_id, FlagRecord.__table__.c.queue_rank)  # type: ignore[attr-defined]
Label.__table__.append_column(Column("run_id", Integer, nullable=True))  # type: ignore[attr-defined]
Label.__table__.append_column(  # type: ignore[attr-defined]
    Column("queue", Boolean, nullable=False, default=False, server_default=false())
)
Index("ix_label_run_queue", Label.__table__.c.run_id, Label.__table__.c.queue)  # type: ignore[attr-defined]
DetectorRun.__table__.append_column(Column("same_as", Integer, nullable=True))  # type: ignore[attr-defined]
DetectorRun.__table__.append_column(Column("same_flags", Integer, nullable=True))  # type: ignore[attr-defined]


class Miss(SQLModel, table=True):
    """A contradiction the detector did not flag, marked by a reviewer on a checked number.
    Undo sets `undone_at`, as for labels."""

    id: int | None = Field(default=None, primary_key=True)
    brief_pk: int = Field(foreign_key="brief.pk", index=True)
    run_id: int | None = None
    reviewer: str
    start: int
    end: int
    token: str
    value: float
    unit: str
    known: str
    known_value: float
    note: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    undone_at: datetime | None = None


class ReviewedBrief(SQLModel, table=True):
    """A brief a reviewer has read in full: every contradiction in it is flagged or marked
    missed, so recall can be counted over it."""

    __table_args__ = (PrimaryKeyConstraint("brief_pk", "reviewer"),)

    brief_pk: int = Field(foreign_key="brief.pk")
    reviewer: str
    run_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow)


# --- learned models (as in db.tables) ---
DetectorRun.__table__.append_column(Column("model_id", Integer, nullable=True))  # type: ignore[attr-defined]
DetectorRun.__table__.append_column(Column("code_digest", Str(), nullable=True))  # type: ignore[attr-defined]
DetectorRun.__table__.append_column(Column("version_mark", Integer, nullable=True))  # type: ignore[attr-defined]


class LearnedModel(SQLModel, table=True):
    """A model `reviewer learn` fit, as its file holds it, with what it learned from."""

    __table_args__ = (
        Index("ix_learnedmodel_name", "name"),
        Index("ix_learnedmodel_run", "run_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str
    run_id: int | None = Field(default=None, foreign_key="detectorrun.id")
    detector: str
    version: str
    config_digest: str | None = None
    examples: int
    positives: int
    briefs: int
    last_label: int | None = None
    last_miss: int | None = None
    body: str
    created_at: datetime = Field(default_factory=utcnow)
