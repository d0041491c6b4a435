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
import sys
from collections.abc import Iterable, Iterator
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
    value: float = 0.0  # a miss's number as the scanner reads it (a verdict's flag has its own)
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


CHUNK = 1000  # lines checked, then written, together: a few statements a chunk
Parsed = list[tuple[int, dict[str, Any]]]  # a chunk of lines: (number, fields)
Verdicts = dict[tuple[int, int, int, str], int]  # a reviewer's verdict on a span: its line


class _Briefs:
    """The stored briefs a chunk of lines names, read in one query; the numbers the scanner
    reads are scanned only when a line needs them (a verdict on a flagged span needs none).
    Only a chunk's briefs are held at a time, so memory stays flat however many briefs a
    file names."""

    def __init__(self, session: Db, brief_ids: set[str]) -> None:
        self.session = session
        rows = session.execute(
            select(B.c.pk, B.c.brief_id, B.c.text, P.c.knowns)
            .select_from(B.join(P, P.c.pk == B.c.pool_pk))
            .where(B.c.brief_id.in_(brief_ids))
        )
        self.found = {row.brief_id: _Brief(row.pk, row.text, row.knowns) for row in rows}
        self.claims: set[tuple[Any, ...]] | None = None
        self.numbers: dict[int, dict[tuple[int, int], tuple[float, str]]] = {}
        self.misses: set[tuple[Any, ...]] | None = None

    def claimed(self, pk: int, start: int, end: int, token: str) -> bool:
        """Whether some run flagged exactly this span (the chunk's briefs' claims read when
        a line first asks: a verdict that gives its words, a number, needs none)."""
        if self.claims is None:
            pks = [brief.pk for brief in self.found.values()]
            spans = select(C.c.brief_pk, C.c.start, C.c.end, C.c.token)
            self.claims = {
                tuple(row) for row in self.session.execute(spans.where(C.c.brief_pk.in_(pks)))
            }
        return (pk, start, end, token) in self.claims

    def number_at(self, pk: int, text: str, start: int, end: int) -> tuple[float, str] | None:
        """The value and unit of the number the scanner reads at exactly this span."""
        if pk not in self.numbers:
            tokens = default_scanner().scan(text)
            self.numbers[pk] = {(t.start, t.end): (t.value, t.unit) for t in tokens}
        return self.numbers[pk].get((start, end))

    def missed(self, pk: int, span: tuple[int, int, str], reviewer: str, known: str) -> bool:
        """Whether a live miss of the reviewer's holds these words (read for the chunk's
        briefs when a line first asks: only lines made on a replaced text do)."""
        if self.misses is None:
            pks = [brief.pk for brief in self.found.values()]
            live = select(M.c.brief_pk, M.c.start, M.c.end, M.c.token, M.c.reviewer, M.c.known)
            live = live.where(M.c.brief_pk.in_(pks), M.c.undone_at.is_(None))
            self.misses = {tuple(row) for row in self.session.execute(live)}
        return (pk, *span, reviewer, known) in self.misses


@dataclass(slots=True)
class _Brief:
    """A stored brief; its pool's known values read from their JSON when a line names one."""

    pk: int
    text: str
    knowns: str
    read: dict[str, float] | None = None

    @property
    def pool(self) -> dict[str, float]:
        if self.read is None:
            self.read = _pool(self.knowns)
        return self.read


def _pool(knowns: str) -> dict[str, float]:
    return {name: value for name, value, _unit in json.loads(knowns)}


def _named_words(briefs: _Briefs, pk: int, data: dict[str, Any], token: str) -> bool:
    """Whether a span the default scanner reads no number at is still a flag's: a run here
    flagged it (a detector with its own scanner), or the line gives the words a verdict
    was made on, a number, and they are there (an export of another database's run: "100"
    of "100K" as `reference` reads it). A miss needs the number read: its value is stored."""
    if data["verdict"] != MISS and "token" in data and any(c.isdigit() for c in token):
        return True  # (the caller found the text at the span to be the line's token)
    return briefs.claimed(pk, data["start"], data["end"], token)


def _made_on(briefs: _Briefs, pk: int, span: tuple[int, int, str], data: dict[str, Any]) -> bool:
    """Whether this database holds the line's label on these words of the brief (a verdict's
    claim, or the same miss), made on a text `ingest --replace` has since replaced: its
    export imports back changing nothing."""
    if data["verdict"] != MISS:
        return briefs.claimed(pk, *span)
    return briefs.missed(pk, span, data["reviewer"], data["known"])


def _run_id(session: Db, runs: dict[str, int | None], ref: int | str) -> int | None:
    """The run a line names, asked of the database once for each way a file names it."""
    key = str(ref)
    if key not in runs:
        wanted = run_ref(key)
        column = R.c.id if isinstance(wanted, int) else R.c.name
        found = select(R.c.id).where(column == wanted).order_by(R.c.id).limit(1)
        runs[key] = session.scalar(found)
    return runs[key]


def checked(
    session: Db, lines: Iterable[tuple[int, str]], reviewer: str
) -> Iterator[list[LabelLine]]:
    """Every non-blank line parsed and checked against the stored briefs, CHUNK lines at a
    time; the first bad one raises LabelLineError (after the chunk of good lines before
    it). A run the database does not hold leaves the label with no run (counted as made
    outside this database's runs)."""
    runs: dict[str, int | None] = {}
    verdicts: Verdicts = {}
    for parsed, problem in _parsed(lines, reviewer):
        if parsed:
            yield _checked(session, parsed, runs, verdicts)
        if problem is not None:
            raise problem


def _parsed(
    lines: Iterable[tuple[int, str]], reviewer: str
) -> Iterator[tuple[Parsed, LabelLineError | None]]:
    """The lines' fields, CHUNK lines at a time. A line that does not parse ends the last
    chunk with its error, raised once the lines before it are checked: the first bad
    line is the one named, whichever check it fails."""
    chunk: Parsed = []
    for number, raw in lines:
        if not raw.strip():
            continue
        try:
            chunk.append((number, parse(raw, number, reviewer)))
        except LabelLineError as problem:
            yield chunk, problem
            return
        if len(chunk) == CHUNK:
            yield chunk, None
            chunk = []
    if chunk:
        yield chunk, None


def _checked(
    session: Db,
    parsed: Parsed,
    runs: dict[str, int | None],
    verdicts: Verdicts,
) -> list[LabelLine]:
    """A chunk of parsed lines checked in order, its briefs read in one query."""
    briefs = _Briefs(session, {data["brief"] for _number, data in parsed})
    checked = []
    for number, data in parsed:
        found = briefs.found.get(data["brief"])
        if found is None:
            raise LabelLineError(number, f"unknown brief {data['brief']!r}")
        pk = found.pk
        if data.get("verdict", MISS) != MISS:
            span = (pk, data["start"], data["end"], sys.intern(data["reviewer"]))
            _once(verdicts, span, data, number)
        run_id = _run_id(session, runs, data["run"]) if "run" in data else None
        common = {"line": number, "brief_pk": pk, "reviewer": data["reviewer"], "run_id": run_id}
        if "reviewed" in data:
            checked.append(LabelLine(**common))
            continue
        checked.append(_span_line(briefs, data, common, found))
    return checked


def _once(
    verdicts: Verdicts, key: tuple[int, int, int, str], data: dict[str, Any], line: int
) -> None:
    """One verdict a reviewer on a span: a second would leave which one stands to the
    order of the lines, and import anew at each import of the file. (Every verdict's key
    is kept till the end of the file, kept small: the stored brief, a shared name.)"""
    first = verdicts.setdefault(key, line)
    if first != line:
        raise LabelLineError(
            line,
            f"brief {data['brief']!r} {data['start']}-{data['end']} has a verdict by "
            f"{data['reviewer']!r} on line {first} already (one verdict a reviewer)",
        )


def _span_line(
    briefs: _Briefs, data: dict[str, Any], common: dict[str, Any], brief: _Brief
) -> LabelLine:
    pk, text = brief.pk, brief.text
    number, start, end = common["line"], data["start"], data["end"]
    token = text[start:end]
    written = data.get("token", token)
    read = None
    if written != token:  # made on other words: an earlier text this database holds, or none
        if not _made_on(briefs, pk, (start, end, written), data):
            raise LabelLineError(
                number,
                f"brief {data['brief']!r} reads {token!r} at {start}-{end}, not {written!r}: "
                "the label was made on another text of the brief, which this database does "
                "not hold (ingest --replace changed it); leave such lines out to import the rest",
            )
        token = written
    elif end > len(text) or not _named_words(briefs, pk, data, token):
        read = briefs.number_at(pk, text, start, end) if end <= len(text) else None
        if read is None:
            shown = repr(token) if end <= len(text) else f"past the end ({len(text)} characters)"
            raise LabelLineError(
                number, f"{start}-{end} is no number of brief {data['brief']!r}: {shown}"
            )
    elif data["verdict"] == MISS:
        read = briefs.number_at(pk, text, start, end)
    known = data.get("known")
    pool = brief.pool if known is not None else {}
    if known is not None and known not in pool:
        raise LabelLineError(number, f"unknown known value {known!r} in brief {data['brief']!r}")
    verdict = data["verdict"]
    value, unit = read if read is not None and verdict == MISS else (0.0, "")
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
