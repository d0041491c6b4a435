"""The schema as SQLAlchemy Core tables: what every query and label write runs on.

`db.models` declares the same tables as SQLModel classes for the commands that work with
objects; a test keeps the two identical (DDL on every dialect, defaults, types). Reading
and labeling need only these, so the review app starts without importing an ORM or
pydantic models (a quarter of a second of its start-up).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    UniqueConstraint,
    false,
    text,
    types,
)
from sqlalchemy.engine import Dialect

from reviewer.vocabulary import VERDICT_NAMES

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    Db: TypeAlias = Connection | Session
else:
    Db = Connection  # what the functions of db take: a Connection, or an ORM Session

VERDICTS = VERDICT_NAMES  # what a label may say (reviewer.vocabulary)
ROLES = ("reviewer", "adjudicator")  # who gave it: an adjudicator's verdict is final


def engine_of(db: Db) -> Engine:
    """The engine behind a connection or session (to open a connection of one's own)."""
    bind = db.get_bind() if hasattr(db, "get_bind") else db
    return bind if isinstance(bind, Engine) else bind.engine


def utcnow() -> datetime:
    return datetime.now(UTC)


class Str(types.TypeDecorator[str]):
    """VARCHAR with no length, except where the dialect needs one (MySQL: 255)."""

    impl = String
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> types.TypeEngine[Any]:
        if dialect.name in {"mysql", "mariadb"}:
            return dialect.type_descriptor(String(255))
        return super().load_dialect_impl(dialect)


class Moment(types.TypeDecorator[datetime]):
    """A timezone-aware datetime, stored in UTC and read back as UTC."""

    impl = types.DateTime
    cache_ok = True

    def __init__(self) -> None:
        super().__init__(timezone=True)

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:
            raise ValueError(f"a stored time needs a timezone, got {value!r}")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.utcoffset() is None else value.astimezone(UTC)

    def result_processor(self, dialect: Dialect, coltype: Any) -> Any:
        """The stored value read as a time; one that is no time (a row changed outside
        reviewer) raises StoredTimeError, never a ValueError a caller takes for its own."""
        read = super().result_processor(dialect, coltype)
        if read is None:
            return None

        def process(value: Any) -> datetime | None:
            try:
                return read(value)
            except (ValueError, TypeError) as error:
                raise StoredTimeError(value) from error

        return process


class StoredTimeError(Exception):
    """A stored time that does not read as one (db.damage finds its row)."""

    def __init__(self, value: object) -> None:
        super().__init__(f"a stored time cannot be read: {value!r} is no date and time")
        self.value = value


metadata = MetaData()


def _int(name: str, *args: Any, **kw: Any) -> Column[Any]:
    return Column(name, Integer, *args, nullable=kw.pop("nullable", False), **kw)


def _str(name: str, *, nullable: bool = False, **kw: Any) -> Column[Any]:
    return Column(name, Str(), nullable=nullable, **kw)


def _real(name: str) -> Column[Any]:
    return Column(name, Float, nullable=False)


def _created() -> Column[Any]:
    return Column("created_at", Moment(), nullable=False, default=utcnow)


meta = Table("meta", metadata, _str("key", primary_key=True), _str("value"))

pool = Table(
    "pool",
    metadata,
    _int("pk", primary_key=True),
    _str("digest", unique=True),
    _str("knowns"),  # JSON list of [name, value, unit]
)

brief = Table(
    "brief",
    metadata,
    _int("pk", primary_key=True),
    _str("brief_id", unique=True),
    _str("text"),
    _int("pool_pk", ForeignKey("pool.pk")),
    _str("pool_id", nullable=True),
    _str("meta", nullable=True),  # JSON object
    _str("digest"),
    _str("source", nullable=True),
    _created(),
    # taking back an ingest deletes its pools: each deleted pool looks for a brief using it
    Index("ix_brief_pool", "pool_pk"),
)

# the earlier texts of briefs that `ingest --replace` overwrote, so a label made on an old
# text still has the words it was made on (export writes fixtures from them)
briefversion = Table(
    "briefversion",
    metadata,
    _int("id", primary_key=True),
    _int("brief_pk", ForeignKey("brief.pk"), index=True),
    _str("text"),
    _int("pool_pk", ForeignKey("pool.pk")),
    _str("meta", nullable=True),
    _str("digest"),
    Column("replaced_at", Moment(), nullable=False, default=utcnow),
    Index("ix_briefversion_pool", "pool_pk"),
)

detectorrun = Table(
    "detectorrun",
    metadata,
    _int("id", primary_key=True),
    _str("detector"),
    _str("version"),
    _str("config"),
    _created(),
    Column("finished_at", Moment(), nullable=True),
    _int("briefs", default=0),
    _int("flags", default=0),
    _int("checkable", default=0),
)

# ---- runs named and described, with their own arms (triage after a release)
# name: what the user called the run (`flag --name v0.40`); spec: how to load its detector
# again ("default", "reference" or module:attr); config_digest: the first 12 hex of the
# sha256 of the canonical config JSON; arms: the run's own four-arm report as JSON, made
# by the same workers as its flags
for _column in (
    _str("name", nullable=True),
    _str("spec", nullable=True),
    _str("config_digest", nullable=True),
    _str("arms", nullable=True),
):
    detectorrun.append_column(_column)

briefscan = Table(
    "briefscan",
    metadata,
    _int("run_id", ForeignKey("detectorrun.id")),
    _int("brief_pk", ForeignKey("brief.pk"), index=True),
    _int("checkable"),
    _int("flags"),
    PrimaryKeyConstraint("run_id", "brief_pk"),
    # the briefs with something to label, in order: the review app walks these (a
    # postgresql_where here would import that dialect on every start: 100 ms)
    Index("ix_briefscan_flagged", "run_id", "brief_pk", "flags", sqlite_where=text("flags > 0")),
)

claim = Table(
    "claim",
    metadata,
    _int("id", primary_key=True),
    _int("brief_pk", ForeignKey("brief.pk")),
    _int("start"),
    _int("end"),
    _str("token"),
    _str("verdict", nullable=True),
    _int("label_id", nullable=True),
    UniqueConstraint("brief_pk", "start", "end", "token"),
    Index("ix_claim_verdict", "verdict"),
)

flagrecord = Table(
    "flagrecord",
    metadata,
    _int("pk", primary_key=True),
    _int("run_id", ForeignKey("detectorrun.id")),
    _int("claim_id", ForeignKey("claim.id")),
    _int("brief_pk", ForeignKey("brief.pk")),
    _int("start"),
    _int("end"),
    _str("token"),
    _real("value"),
    _str("unit"),
    _str("nearest"),
    _real("nearest_value"),
    _real("delta"),
    _real("rel"),
    _str("kind"),
    # how the known value was chosen: "band" or "name"; NULL for flags stored before it
    # was kept (migration 0006)
    _str("basis", nullable=True),
    # the reading that made the flag ("band", "name:WORDS", "sign.word" ...); NULL for
    # flags stored before it was kept (migration 0012)
    _str("rule", nullable=True),
    # the learned model's probability that the flag contradicts its known value, for a
    # flag a run made with a model decided; NULL otherwise (migration 0013)
    Column("probability", Float, nullable=True),
    Index("ix_flag_run_brief_start", "run_id", "brief_pk", "start"),
    Index("ix_flag_claim_run", "claim_id", "run_id"),
    # taking back an ingest deletes its briefs: each deleted brief looks for its flags
    Index("ix_flag_brief", "brief_pk"),
)

label = Table(
    "label",
    metadata,
    _int("id", primary_key=True),
    _int("claim_id", ForeignKey("claim.id")),
    _str("reviewer"),
    _str("verdict"),
    _str("note", nullable=True),
    _created(),
    Column("undone_at", Moment(), nullable=True),
    Index("ix_label_reviewer_id", "reviewer", "id"),
    Index("ix_label_claim_reviewer", "claim_id", "reviewer", "id"),
)

labelstate = Table(
    "labelstate",
    metadata,
    _int("claim_id", ForeignKey("claim.id")),
    _str("reviewer"),
    _int("label_id", nullable=True),
    _str("verdict", nullable=True),
    _str("note", nullable=True),
    PrimaryKeyConstraint("claim_id", "reviewer"),
    Index("ix_labelstate_reviewer_verdict", "reviewer", "verdict"),
)

runtally = Table(
    "runtally",
    metadata,
    _int("run_id", ForeignKey("detectorrun.id")),
    _str("reviewer"),
    _str("kind"),
    _str("unit"),
    _str("verdict"),
    _int("n", default=0),
    PrimaryKeyConstraint("run_id", "reviewer", "kind", "unit", "verdict"),
)

# a run's labeled flags as its strata need them (db.strata), kept by the label functions
# like runtally: per reviewer ("" = the team's verdict, as precision counts it), verdict,
# whether that verdict's label was made while reviewing this run (here) and through its
# random queue, and whether the run's previous run (same_as) flagged the claim too
runstratum = Table(
    "runstratum",
    metadata,
    _int("run_id", ForeignKey("detectorrun.id")),
    _str("reviewer"),
    _str("verdict"),
    _int("here"),
    _int("queue"),
    _int("earlier"),
    _int("n", default=0),
    PrimaryKeyConstraint("run_id", "reviewer", "verdict", "here", "queue", "earlier"),
)

reviewprogress = Table(
    "reviewprogress",
    metadata,
    _int("run_id"),
    _str("reviewer"),
    _int("done", default=0),
    PrimaryKeyConstraint("run_id", "reviewer"),
)

donespan = Table(
    "donespan",
    metadata,
    _int("run_id"),
    _str("reviewer"),
    _int("lo"),
    _int("hi"),
    _int("briefs"),
    PrimaryKeyConstraint("run_id", "reviewer", "lo"),
)

# ---- run status (a run is usable only when finished) ---------------------------------
# status: "running" from start_run, "finished" from finish_run, "failed" when the run failed
# or was found abandoned (its rows removed). owner: "host:pid" of the process running it,
# so a later command can tell a run still in progress from one whose process was killed.
RUN_STATUSES = ("running", "finished", "failed")
# (nullable only so an older database can gain it by ALTER TABLE; every run has one)
detectorrun.append_column(_str("status", nullable=True, default="running"))
detectorrun.append_column(_str("owner", nullable=True))

# --- a team on one database: who adjudicates, and shared work (review --share) ---
# the share of a run's flags given to a second reviewer (None: never set for the run)
detectorrun.append_column(Column("overlap", Float, nullable=True))
# `reviewer` or `adjudicator` (review --adjudicate): an adjudicator's verdict is final
# (a server default: migration 0005 gives every older label the reviewer role)
label.append_column(
    Column("role", Str(), nullable=False, default="reviewer", server_default="reviewer")
)
labelstate.append_column(
    Column("role", Str(), nullable=False, default="reviewer", server_default="reviewer")
)
# a reviewer's hold on a flag of a run while labeling it; a claim has one slot, two in the
# overlap; an unlabeled hold lapses after a few minutes (db.share)
workclaim = Table(
    "workclaim",
    metadata,
    _int("run_id", ForeignKey("detectorrun.id")),
    _int("claim_id", ForeignKey("claim.id")),
    _int("slot"),
    _str("reviewer"),
    Column("claimed_at", Moment(), nullable=False, default=utcnow),
    PrimaryKeyConstraint("run_id", "claim_id", "slot"),
    Index("ix_workclaim_run_reviewer", "run_id", "reviewer"),
    Index("ix_workclaim_claim", "claim_id"),
)

# --- honest numbers: the run's random review queue, missed contradictions, and briefs
# a reviewer has read in full (recall is measured over those) ---
# seed of the run's review order; a flag's place in it is queue_rank (db.queue)
detectorrun.append_column(Column("order_seed", Integer, nullable=True))
flagrecord.append_column(Column("queue_rank", Integer, nullable=True))
Index("ix_flag_run_rank", flagrecord.c.run_id, flagrecord.c.queue_rank)
# the run reviewed when the label was made (None: before runs were recorded), and whether
# the flag came from that run's random queue (only those labels are a sample of its flags)
label.append_column(Column("run_id", Integer, nullable=True))
label.append_column(Column("queue", Boolean, nullable=False, default=False, server_default=false()))
# the labels a run's random queue brought: read by the strata of each kind and unit
Index("ix_label_run_queue", label.c.run_id, label.c.queue)
# how many of the run's flags its previous run (same_as) flagged too, counted when the run
# finished, so that its strata need no pass over every flag (None: not counted)
detectorrun.append_column(Column("same_as", Integer, nullable=True))
detectorrun.append_column(Column("same_flags", Integer, nullable=True))

miss = Table(
    "miss",
    metadata,
    _int("id", primary_key=True),
    _int("brief_pk", ForeignKey("brief.pk"), index=True),
    _int("run_id", nullable=True),
    _str("reviewer"),
    _int("start"),
    _int("end"),
    _str("token"),
    _real("value"),
    _str("unit"),
    _str("known"),  # the name of the known value it contradicts
    _real("known_value"),
    _str("note", nullable=True),
    _created(),
    Column("undone_at", Moment(), nullable=True),
)

reviewedbrief = Table(
    "reviewedbrief",
    metadata,
    _int("brief_pk", ForeignKey("brief.pk")),
    _str("reviewer"),
    _int("run_id", nullable=True),
    _created(),
    PrimaryKeyConstraint("brief_pk", "reviewer"),
)

# --- learned models (reviewer learn): the model file's JSON (body) with what it learned
# from: the run whose detector read the briefs, how many numbers (examples) and
# contradictions (positives) of how many briefs, and the newest label and miss it saw, so
# later labels can be told apart from its training labels. A run made with a model names
# it (model_id; None: the rules alone) ---
learnedmodel = Table(
    "learnedmodel",
    metadata,
    _int("id", primary_key=True),
    _str("name"),
    _int("run_id", ForeignKey("detectorrun.id"), nullable=True),
    _str("detector"),
    _str("version"),
    _str("config_digest", nullable=True),
    _int("examples"),
    _int("positives"),
    _int("briefs"),
    _int("last_label", nullable=True),
    _int("last_miss", nullable=True),
    _str("body"),
    _created(),
    Index("ix_learnedmodel_name", "name"),
    Index("ix_learnedmodel_run", "run_id"),
)
detectorrun.append_column(Column("model_id", Integer, nullable=True))
# what carrying a run's flags over unchanged briefs needs (db.writes.carry_scans): a
# digest of the code a built-in detector's run is made by, and the newest brief version
# when the run began
detectorrun.append_column(_str("code_digest", nullable=True))
detectorrun.append_column(Column("version_mark", Integer, nullable=True))

# in creation order (referenced tables first)
TABLES = [
    meta, pool, brief, briefversion, detectorrun, briefscan, claim, flagrecord, label,
    labelstate, runtally, runstratum, reviewprogress, donespan, workclaim, miss, reviewedbrief,
    learnedmodel,
]  # fmt: skip
