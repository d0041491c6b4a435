"""What `reviewer learn` reads and keeps: the labeled briefs with their verdicts by span,
and learned models by name."""

from __future__ import annotations

import json
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError

from db.tables import Db, meta, utcnow
from db.tables import brief as B
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import label as L
from db.tables import learnedmodel as LM
from db.tables import miss as M
from db.tables import pool as P
from db.tables import reviewedbrief as RB
from db.views import pool_from_json
from reviewer.grounding.types import Known
from reviewer.vocabulary import FALSE_POSITIVE, TRUE_POSITIVE

Span = tuple[int, int]


@dataclass
class LabeledBrief:
    """A brief with something known of its numbers: the team's verdicts by span (true or
    false positive), its misses, and whether someone read it in full."""

    brief_id: str
    text: str
    pool: tuple[Known, ...]
    verdicts: dict[Span, bool] = field(default_factory=dict)
    misses: set[Span] = field(default_factory=set)
    reviewed: bool = False

    def truth(self, span: Span, flagged: bool) -> bool | None:
        """Whether the number at `span` contradicts its known value, as far as the labels
        say: a true positive or a miss yes, a false positive no, and in a brief read in
        full an unflagged number no; None when the labels do not say."""
        if span in self.misses:
            return True
        if span in self.verdicts:
            return self.verdicts[span]
        return False if self.reviewed and not flagged else None


@dataclass(frozen=True)
class TrainingSet:
    briefs: list[LabeledBrief]
    last_label: int | None
    last_miss: int | None


def labeled_briefs(*, session: Db) -> TrainingSet:
    """Every brief with a settled verdict, a live miss or a reading in full, in brief order
    (a claim in dispute or skipped says nothing either way)."""
    found: dict[int, LabeledBrief] = {}
    settled = (TRUE_POSITIVE, FALSE_POSITIVE)
    wanted: dict[int, list[Any]] = defaultdict(list)
    verdicts = select(C.c.brief_pk, C.c.start, C.c.end, C.c.verdict).where(C.c.verdict.in_(settled))
    for row in session.execute(verdicts):
        wanted[row.brief_pk].append(("verdict", (row.start, row.end), row.verdict == TRUE_POSITIVE))
    live = select(M.c.brief_pk, M.c.start, M.c.end).where(M.c.undone_at.is_(None))
    for row in session.execute(live):
        wanted[row.brief_pk].append(("miss", (row.start, row.end), True))
    for (pk,) in session.execute(select(RB.c.brief_pk).distinct()):
        wanted[pk].append(("reviewed", (0, 0), True))
    rows = select(B.c.pk, B.c.brief_id, B.c.text, P.c.knowns).select_from(
        B.join(P, P.c.pk == B.c.pool_pk)
    )
    for pk in sorted(wanted):
        row = session.execute(rows.where(B.c.pk == pk)).one()
        brief = found[pk] = LabeledBrief(row.brief_id, row.text, pool_from_json(row.knowns))
        for what, span, value in wanted[pk]:
            if what == "verdict":
                brief.verdicts[span] = value
            elif what == "miss":
                brief.misses.add(span)
            else:
                brief.reviewed = True
    last_label = session.scalar(select(func.max(L.c.id)))
    last_miss = session.scalar(select(func.max(M.c.id)))
    return TrainingSet(list(found.values()), last_label, last_miss)


def database_id(*, session: Db, create: bool = False) -> str | None:
    """This database's own id, made (with `create`) the first time a model is learned in it.
    A model names the database it learned in, so that another database never takes that
    database's run and label ids for its own."""
    found = session.scalar(select(meta.c.value).where(meta.c.key == "database_id"))
    if found is not None or not create:
        return found
    made = uuid.uuid4().hex
    try:
        with session.begin_nested():  # a learn beside this one may make it first
            session.execute(insert(meta).values(key="database_id", value=made))
    except IntegrityError:
        return session.scalar(select(meta.c.value).where(meta.c.key == "database_id"))
    return made


def store_model(*, session: Db, name: str, body: str) -> int:
    """Keep a learned model (its file's JSON), with what it learned from as columns; its id.

    A model learned in another database (or in one before models named theirs) learned
    from labels this one cannot tell apart: its run is none of this database's, and every
    label and miss already here counts as one it may have learned from, so that only the
    labels made after it came are a sample of its flags."""
    learned = json.loads(body).get("trained_on", {})
    keys = ("run", "examples", "contradictions", "briefs", "last_label", "last_miss")
    number = {k: learned.get(k) if isinstance(learned.get(k), int) else None for k in keys}
    here = learned.get("database")
    if not isinstance(here, str) or here != database_id(session=session):
        number["run"] = None
        number["last_label"] = session.scalar(select(func.max(L.c.id)))
        number["last_miss"] = session.scalar(select(func.max(M.c.id)))
    added = session.execute(
        insert(LM).values(
            name=name, body=body, created_at=utcnow(), run_id=number["run"],
            detector=str(learned.get("detector", "")), version=str(learned.get("version", "")),
            config_digest=learned.get("config_digest"), examples=number["examples"] or 0,
            positives=number["contradictions"] or 0, briefs=number["briefs"] or 0,
            last_label=number["last_label"], last_miss=number["last_miss"],
        )
    )  # fmt: skip
    session.commit()
    return int(added.inserted_primary_key[0])


def find_model(*, session: Db, ref: str) -> Any | None:
    """A stored model by id (`3` or `#3`) or by name (the newest of that name)."""
    text = ref.strip()
    number = text[1:] if text.startswith("#") else text
    query = select(LM)
    if number.isascii() and number.isdigit():
        query = query.where(LM.c.id == int(number))
    else:
        query = query.where(LM.c.name == text)
    return session.execute(query.order_by(LM.c.id.desc()).limit(1)).first()


def set_run_model(*, session: Db, run_id: int, model_id: int) -> None:
    """Record that a run was made with a learned model."""
    session.execute(update(R).where(R.c.id == run_id).values(model_id=model_id))
    session.commit()
