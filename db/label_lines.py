"""The lines of a labels file (`reviewer labels export` / `import`), read and checked
against the database before anything is written, so an import is all or nothing.

One JSON object a line: a verdict on a span of a brief,
`{"brief", "start", "end", "verdict", "known", "reviewer", "note"}` (`verdict` one of
true-positive, false-positive, skip, miss; `known` the known value a miss contradicts),
or `{"brief", "reviewed": true, "reviewer"}` for a brief read in full. Two optional keys
keep where a label was made, so strata count it as they did: `run` (the run's name, else
its id) and `queue` (true when it came from that run's random queue); `role` is
`adjudicator` for a final verdict. `rule`, the reading that made the labeled flag, and
`probability`, the learned model's when one decided it, are written by an export for
whoever reads the file and ignored by an import.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from db.figures import run_ref
from db.tables import ROLES, Db
from db.tables import brief as B
from db.tables import claim as C
from db.tables import detectorrun as R
from db.tables import miss as M
from db.tables import pool as P
from reviewer.grounding.checked import default_scanner
from reviewer.jsonlimits import JsonLimitError
from reviewer.jsonlimits import loads as limited_loads
from reviewer.vocabulary import FALSE_POSITIVE, SKIP, TRUE_POSITIVE

MISS = "miss"
# the verdict as a file writes it -> as the label table stores it (a miss is no label)
WRITTEN = {"true-positive": TRUE_POSITIVE, "false-positive": FALSE_POSITIVE, "skip": SKIP}
STORED = {stored: written for written, stored in WRITTEN.items()}
LABEL_KEYS = {"brief", "start", "end", "verdict", "known", "reviewer", "note", "run", "queue"}
LABEL_KEYS |= {"token"}  # the words labeled, as an export writes them: checked, when given
LABEL_KEYS |= {"role", "rule", "probability"}
REVIEWED_KEYS = {"brief", "reviewed", "reviewer", "run"}


class LabelLineError(ValueError):
    """A line the import refuses: its number and what is wrong."""

    def __init__(self, line: int, problem: str) -> None:
        self.line, self.problem = line, problem
        super().__init__(f"line {line}: {problem}")


@dataclass(frozen=True, slots=True)
class LabelLine:
    """One line of a labels file, checked: the stored brief and, for a span, its token."""

    line: int
    brief_pk: int
    reviewer: str
    verdict: str | None = None  # stored name, or "miss"; None for a brief read in full
    start: int = 0
    end: int = 0
    token: str = ""
    known: str | None = None
    known_value: float = 0.0
    value: float = 0.0
    unit: str = ""
    note: str | None = None
    run_id: int | None = None
    queue: bool = False
    role: str = "reviewer"


def parse(raw: str, line: int, default_reviewer: str) -> dict[str, Any]:
    """The line's fields, checked for shape (not yet against the database)."""
    try:
        data = limited_loads(raw)  # (a key given twice, a lone surrogate: refused)
    except json.JSONDecodeError as problem:
        raise LabelLineError(line, f"not JSON: {problem.msg} at column {problem.colno}") from None
    except JsonLimitError as problem:
        raise LabelLineError(line, str(problem)) from None
    if not isinstance(data, dict):
        raise LabelLineError(line, "not a JSON object")
    reviewed = "reviewed" in data
    extra = set(data) - (REVIEWED_KEYS if reviewed else LABEL_KEYS)
    if extra:
        raise LabelLineError(line, f"unknown field {sorted(extra)[0]!r}")
    if not isinstance(data.get("brief"), str) or not data["brief"]:
        raise LabelLineError(line, "no brief id (a string)")
    reviewer = data.get("reviewer", default_reviewer)
    if not isinstance(reviewer, str) or not reviewer.strip():
        raise LabelLineError(line, "reviewer must be a name")
    if not reviewer.isprintable():
        shown = ascii(reviewer) if len(reviewer) <= 40 else ascii(reviewer[:37] + "...")
        raise LabelLineError(line, f"reviewer {shown} holds a control character: a name is text")
    data["reviewer"] = reviewer
    if reviewed:
        if data["reviewed"] is not True:
            raise LabelLineError(line, "reviewed must be true")
        return data
    _shape_of_label(data, line)
    return data


def _shape_of_label(data: dict[str, Any], line: int) -> None:
    for key in ("start", "end"):
        if type(data.get(key)) is not int or data[key] < 0:
            raise LabelLineError(line, f"{key} must be a whole number ≥ 0")
    if data["end"] <= data["start"]:
        raise LabelLineError(line, "end must be after start")
    verdict = data.get("verdict")
    if verdict != MISS and verdict not in WRITTEN:
        choices = ", ".join([*WRITTEN, MISS])
        said = "no verdict" if verdict is None else f"bad verdict {verdict!r}"
        raise LabelLineError(line, f"{said} (one of {choices})")
    if verdict == MISS and not isinstance(data.get("known"), str):
        raise LabelLineError(line, "a miss needs known: the name of the known value")
    if data.get("note") is not None and not isinstance(data["note"], str):
        raise LabelLineError(line, "note must be text")
    if "token" in data and not (isinstance(data["token"], str) and data["token"]):
        raise LabelLineError(line, "token must be the words labeled")
    if not isinstance(data.get("queue", False), bool):
        raise LabelLineError(line, "queue must be true or false")
    if data.get("role", "reviewer") not in ROLES:
        raise LabelLineError(line, f"role must be one of {', '.join(ROLES)}")
    if "run" in data and type(data["run"]) not in (int, str):
        raise LabelLineError(line, "run must be a run's id or name")


class _Briefs:
    """Stored briefs by id, read once each: text, pool, and the numbers the scanner reads."""

    def __init__(self, session: Db) -> None:
        self.session = session
        self.found: dict[str, tuple[int, str, dict[str, float]] | None] = {}
        self.numbers: dict[int, dict[tuple[int, int], tuple[float, str]]] = {}

    def get(self, brief_id: str) -> tuple[int, str, dict[str, float]] | None:
        if brief_id not in self.found:
            row = self.session.execute(
                select(B.c.pk, B.c.text, P.c.knowns)
                .select_from(B.join(P, P.c.pk == B.c.pool_pk))
                .where(B.c.brief_id == brief_id)
            ).first()
            pool = {name: value for name, value, _unit in json.loads(row.knowns)} if row else {}
            self.found[brief_id] = (row.pk, row.text, pool) if row else None
        return self.found[brief_id]

    def number_at(self, pk: int, text: str, start: int, end: int) -> tuple[float, str] | None:
        """The value and unit of the number the scanner reads at exactly this span."""
        if pk not in self.numbers:
            tokens = default_scanner().scan(text)
            self.numbers[pk] = {(t.start, t.end): (t.value, t.unit) for t in tokens}
        return self.numbers[pk].get((start, end))


def _claimed(session: Db, pk: int, start: int, end: int, token: str) -> bool:
    """Whether some run flagged exactly this span (a detector with its own scanner)."""
    found = select(C.c.id).where(
        C.c.brief_pk == pk, C.c.start == start, C.c.end == end, C.c.token == token
    )
    return session.scalar(found) is not None


def _named_words(session: Db, pk: int, data: dict[str, Any], token: str) -> bool:
    """Whether a span the default scanner reads no number at is still a flag's: a run here
    flagged it (a detector with its own scanner), or the line gives the words a verdict
    was made on, a number, and they are there (an export of another database's run: "100"
    of "100K" as `reference` reads it). A miss needs the number read: its value is stored."""
    if data["verdict"] != MISS and "token" in data and any(c.isdigit() for c in token):
        return True  # (the caller found the text at the span to be the line's token)
    return _claimed(session, pk, data["start"], data["end"], token)


def _made_on(session: Db, pk: int, span: tuple[int, int, str], data: dict[str, Any]) -> bool:
    """Whether this database holds the line's label on these words of the brief (a verdict's
    claim, or the same miss), made on a text `ingest --replace` has since replaced: its
    export imports back changing nothing."""
    start, end, token = span
    if data["verdict"] != MISS:
        return _claimed(session, pk, start, end, token)
    found = select(M.c.id).where(
        M.c.brief_pk == pk, M.c.start == start, M.c.end == end, M.c.token == token,
        M.c.reviewer == data["reviewer"], M.c.known == data["known"], M.c.undone_at.is_(None),
    )  # fmt: skip
    return session.scalar(found.limit(1)) is not None


def _run_id(session: Db, ref: int | str) -> int | None:
    wanted = run_ref(str(ref))
    column = R.c.id if isinstance(wanted, int) else R.c.name
    return session.scalar(select(R.c.id).where(column == wanted).order_by(R.c.id).limit(1))


def check(session: Db, lines: Iterable[tuple[int, str]], reviewer: str) -> list[LabelLine]:
    """Every non-blank line parsed and checked against the stored briefs; the first bad
    one raises LabelLineError. A run the database does not hold leaves the label with no
    run (counted as made outside this database's runs)."""
    briefs = _Briefs(session)
    checked = []
    verdicts: dict[tuple[str, int, int, str], int] = {}  # a reviewer's verdict: its line
    for number, raw in lines:
        if not raw.strip():
            continue
        data = parse(raw, number, reviewer)
        found = briefs.get(data["brief"])
        if found is None:
            raise LabelLineError(number, f"unknown brief {data['brief']!r}")
        if data.get("verdict", MISS) != MISS:
            _once(verdicts, data, number)
        pk, text, pool = found
        run_id = _run_id(session, data["run"]) if "run" in data else None
        common = {"line": number, "brief_pk": pk, "reviewer": data["reviewer"], "run_id": run_id}
        if "reviewed" in data:
            checked.append(LabelLine(**common))
            continue
        checked.append(_span_line(session, briefs, data, common, (pk, text, pool)))
    return checked


def _once(verdicts: dict[tuple[str, int, int, str], int], data: dict[str, Any], line: int) -> None:
    """One verdict a reviewer on a span: a second would leave which one stands to the
    order of the lines, and import anew at each import of the file."""
    key = (data["brief"], data["start"], data["end"], data["reviewer"])
    first = verdicts.setdefault(key, line)
    if first != line:
        raise LabelLineError(
            line,
            f"brief {data['brief']!r} {data['start']}-{data['end']} has a verdict by "
            f"{data['reviewer']!r} on line {first} already (one verdict a reviewer)",
        )


def _span_line(
    session: Db,
    briefs: _Briefs,
    data: dict[str, Any],
    common: dict[str, Any],
    brief: tuple[int, str, dict[str, float]],
) -> LabelLine:
    pk, text, pool = brief
    number, start, end = common["line"], data["start"], data["end"]
    token = text[start:end]
    read = briefs.number_at(pk, text, start, end) if end <= len(text) else None
    written = data.get("token", token)
    if written != token:  # made on other words: an earlier text this database holds, or none
        if not _made_on(session, pk, (start, end, written), data):
            raise LabelLineError(
                number,
                f"brief {data['brief']!r} reads {token!r} at {start}-{end}, not {written!r}: "
                "the label was made on another text of the brief",
            )
        token, read = written, None
    elif read is None and not (end <= len(text) and _named_words(session, pk, data, token)):
        shown = repr(token) if end <= len(text) else f"past the end ({len(text)} characters)"
        raise LabelLineError(
            number, f"{start}-{end} is no number of brief {data['brief']!r}: {shown}"
        )
    known = data.get("known")
    if known is not None and known not in pool:
        raise LabelLineError(number, f"unknown known value {known!r} in brief {data['brief']!r}")
    verdict = data["verdict"]
    value, unit = read if read is not None else (0.0, "")
    return LabelLine(
        **common,
        verdict=WRITTEN.get(verdict, MISS),
        start=start,
        end=end,
        token=token,
        known=known,
        known_value=pool.get(known, 0.0) if known else 0.0,
        value=value,
        unit=unit,
        note=data.get("note"),
        queue=data.get("queue", False),
        role=data.get("role", "reviewer"),
    )
