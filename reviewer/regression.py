"""Regression fixtures: labeled flags written as self-contained JSON files and replayed.

A fixture holds everything a replay needs (text, pool, span, verdict), so a CI job can run
`reviewer regress DIR` without the database. Pure: no database, no UI.

Matching rule: a detector's flag *matches* a fixture when its character span overlaps the
fixture's span (`flag.start < end and start < flag.end`). Detectors may cut a token a little
differently (the default detector takes a Unicode minus into the token, a range may become
one token), so exact span equality would report false regressions.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reviewer.agreement import DISPUTED, team_verdict
from reviewer.grounding.bands import KNOWN_LIMIT, KNOWN_RANGE
from reviewer.grounding.types import Detector, Flag, Known
from reviewer.jsonlimits import BOM, JsonLimitError, json_kind
from reviewer.jsonlimits import loads as limited_loads
from reviewer.vocabulary import EXPORTED, VERDICTS

FORMAT = "reviewer-regression/1"
Verdict = str  # one of reviewer.vocabulary.EXPORTED: the verdicts that become fixtures
EXPECT = {name: str(VERDICTS[name].expect) for name in EXPORTED}  # verdict -> expectation
FLAG_FIELDS = ("kind", "value", "unit", "nearest", "nearest_value", "delta", "basis", "rule",
               "probability")  # fmt: skip
# kept only when given: older fixtures have neither basis nor rule, and only a flag a
# learned model decided has a probability
OPTIONAL = frozenset({"basis", "rule", "probability"})


@dataclass(frozen=True, slots=True)
class Fixture:
    """One labeled flag: a false positive must not be flagged again, a true positive must be."""

    brief_id: str
    text: str
    pool: tuple[Known, ...]
    start: int
    end: int
    token: str
    verdict: Verdict
    reviewer: str
    note: str | None = None
    detector: str = ""
    version: str = ""
    flag: dict[str, Any] | None = None  # the flag as first raised: kind, value, nearest, ...

    @property
    def expect(self) -> str:
        return EXPECT[self.verdict]

    @property
    def filename(self) -> str:
        return fixture_filename(self.brief_id, self.start, self.end, self.token)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object, keys in a fixed order: headers first, the prose and pool last."""
        return {
            "format": FORMAT,
            "brief_id": self.brief_id,
            "span": {"start": self.start, "end": self.end},
            "token": self.token,
            "verdict": self.verdict,
            "expect": self.expect,
            "detector": {"name": self.detector, "version": self.version},
            "flag": None if self.flag is None else _flag_fields(self.flag),
            "reviewer": self.reviewer,
            "note": self.note,
            "text": self.text,
            "pool": [{"name": k.name, "value": k.value, "unit": k.unit} for k in self.pool],
        }

    def to_json(self) -> str:
        """Stable text, one field (and one pool entry) per line: same fixture, same bytes.
        ASCII escapes keep U+2212 or a no-break space visible instead of looking like '-'."""
        data = self.to_dict()
        pool = data.pop("pool")
        lines = [f"  {_dumps(k)}: {_dumps(v)}," for k, v in data.items()]
        entries = ",\n".join(f"    {_dumps(k)}" for k in pool)
        lines.append(f'  "pool": [\n{entries}\n  ]' if pool else '  "pool": []')
        return "{\n" + "\n".join(lines) + "\n}\n"


def unwritable(fixture: Fixture) -> str | None:
    """Why the fixture cannot be written or replayed, or None: a number JSON cannot hold in
    its stored flag, or a known value regress would refuse. Only a database written before
    such numbers were refused at input holds them."""
    flag = fixture.flag or {}
    numbers = [flag.get(key) for key in ("value", "nearest_value", "delta")]
    if not all(math.isfinite(n) for n in numbers if isinstance(n, float)):
        return "its stored flag has a number JSON cannot hold"
    if any(not -KNOWN_LIMIT < known.value < KNOWN_LIMIT for known in fixture.pool):
        return f"its pool has a known value out of range ({KNOWN_RANGE})"
    return None


def _flag_fields(flag: dict[str, Any]) -> dict[str, Any]:
    """The flag's fields in order; `basis` and `rule` only when given (fixtures exported
    before they were stored have none), so an older fixture reads back unchanged."""
    return {k: flag.get(k) for k in FLAG_FIELDS if k not in OPTIONAL or k in flag}


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=True, allow_nan=False)


@dataclass(frozen=True, slots=True)
class LabeledClaim:
    """A reviewer's current verdict on a flagged claim, as storage hands it over: `role` is
    "reviewer" or "adjudicator", and `label_id` orders verdicts (the newest is highest)."""

    claim_id: int
    fixture: Fixture
    role: str = "reviewer"
    label_id: int = 0


class FixtureError(Exception):
    """A fixture file that cannot be read; `str()` names the file (and line for bad JSON)."""

    def __init__(self, path: Path | str, problem: str, line: int | None = None) -> None:
        self.path = Path(path)
        self.problem = problem
        self.line = line
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {problem}")


# --- file names -------------------------------------------------------------------------


def slugify(text: str, max_len: int = 40) -> str:
    """A file-name-safe piece of a brief id: ASCII letters, digits, '-', '_' only."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Za-z0-9_]+", "-", ascii_text).strip("-_").lower()
    return slug[:max_len].rstrip("-_") or "brief"


def fixture_filename(brief_id: str, start: int, end: int, token: str) -> str:
    """`<slug>-<hash>.json`; the hash of (brief id, span, token) keeps distinct claims apart
    even when their slugs collide, and no brief id can steer the path out of the folder."""
    key = json.dumps([brief_id, start, end, token], ensure_ascii=True)
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]
    return f"{slugify(brief_id)}-{start}-{digest}.json"


# --- from labels to fixtures ------------------------------------------------------------


@dataclass(slots=True)
class Merged:
    """Fixtures ready to write, and claims whose reviewers disagree (not exported)."""

    fixtures: list[Fixture] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)


def _settled(group: Iterable[LabeledClaim]) -> str | None:
    """One claim's verdict from its people's current ones (reviewer.agreement's rule)."""
    return team_verdict((c.role, c.fixture.verdict, c.label_id) for c in group)


def merge_labels(claims: Iterable[LabeledClaim], only: Verdict | None = None) -> Merged:
    """One fixture per claim, with the verdict precision counts for it
    (`reviewer.agreement.team_verdict`): an adjudicator's, else the one its reviewers agree
    on. The people who gave that verdict share the fixture (names and notes joined); a claim
    whose reviewers disagree and that nobody has settled is left out, reported rather than
    guessed."""
    by_claim: dict[int, list[LabeledClaim]] = {}
    for claim in claims:
        by_claim.setdefault(claim.claim_id, []).append(claim)
    merged = Merged()
    for claim_id in sorted(by_claim):
        group = sorted(by_claim[claim_id], key=lambda c: c.fixture.reviewer)
        verdict = _settled(group)
        first = group[0].fixture
        if verdict == DISPUTED:
            who = ", ".join(f"{_plain(c.fixture.reviewer)}: {c.fixture.verdict}" for c in group)
            merged.disagreements.append(
                f"{_plain(first.brief_id)} {first.start}-{first.end} {first.token!r} ({who})"
            )
            continue
        if verdict is None or (only is not None and verdict != only):
            continue
        backing = [c.fixture for c in group if c.fixture.verdict == verdict]
        fixture = backing[0]
        if len(backing) > 1:
            notes = [f"{f.reviewer}: {f.note}" for f in backing if f.note]
            fixture = replace(
                fixture,
                reviewer=", ".join(f.reviewer for f in backing),
                note="; ".join(notes) or None,
            )
        merged.fixtures.append(fixture)
    return merged


def settled_verdicts(claims: Iterable[LabeledClaim]) -> dict[ClaimKey, str]:
    """Each claim's verdict as `merge_labels` decides it (DISPUTED when its reviewers differ
    and nobody settled it), by (brief id, start, end, token)."""
    by_key: dict[ClaimKey, list[LabeledClaim]] = {}
    for claim in claims:
        by_key.setdefault(claim_key(claim.fixture), []).append(claim)
    settled = {}
    for key, group in by_key.items():
        verdict = _settled(group)
        if verdict is not None:
            settled[key] = verdict
    return settled


# --- writing ----------------------------------------------------------------------------


@dataclass(slots=True)
class ExportReport:
    """What an export did, file by file."""

    written: list[Path] = field(default_factory=list)
    overwritten: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    conflicts: list[Path] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    stale: list[tuple[Path, str]] = field(default_factory=list)  # with the reason
    unreadable: list[FixtureError] = field(default_factory=list)  # files in the folder
    removed: list[Path] = field(default_factory=list)  # stale ones pruned
    unwritable: list[str] = field(default_factory=list)  # claims left out, with the reason

    def summary(self) -> str:
        conflicts = len(self.conflicts)
        text = (
            f"{len(self.written) + len(self.overwritten)} written, "
            f"{len(self.unchanged)} unchanged, {conflicts} conflict{'' if conflicts == 1 else 's'}"
        )
        if self.overwritten:
            text += f" ({len(self.overwritten)} overwritten with --force)"
        if self.disagreements:
            text += f", {len(self.disagreements)} left out (reviewers disagree)"
        if self.stale:
            text += f", {len(self.stale)} stale"
        if self.removed:
            text += f", {len(self.removed)} stale removed"
        if self.unreadable:
            text += f", {len(self.unreadable)} unreadable"
        if self.unwritable:
            text += f", {len(self.unwritable)} left out (numbers out of range)"
        return text


ClaimKey = tuple[str, int, int, str]  # brief id, start, end, token


def claim_key(fixture: Fixture) -> ClaimKey:
    return (fixture.brief_id, fixture.start, fixture.end, fixture.token)


def find_stale(
    found: Iterable[tuple[Path, Fixture]],
    verdicts: dict[ClaimKey, str],
    known: Callable[[list[ClaimKey]], set[ClaimKey]],
    reviewer: str | None = None,
) -> list[tuple[Path, str]]:
    """Fixtures `found` in the export folder that assert what the labels no longer say: their
    claim (or miss)
    is in this database (`known` says which are) but has no current true/false verdict, or
    its reviewers now disagree and nobody has settled it. `verdicts` holds each labeled
    claim's and live miss's settled verdict (see `settled_verdicts`). A fixture of another
    database, or (with `reviewer`) of another reviewer, is not judged."""
    candidates: list[tuple[Path, Fixture]] = []
    for path, fixture in found:
        names = {name.strip() for name in fixture.reviewer.split(",")}
        if reviewer is not None and reviewer not in names:
            continue
        held = verdicts.get(claim_key(fixture))
        if held is None or held == DISPUTED:  # a verdict: written above, or a conflict
            candidates.append((path, fixture))
    ours = known([claim_key(f) for _, f in candidates])
    stale = []
    for path, fixture in candidates:
        key = claim_key(fixture)
        if key not in ours:
            continue
        if key in verdicts:
            stale.append((path, "its reviewers now disagree"))
        else:
            said = "no current true or false positive label, nor a miss (skipped or undone)"
            stale.append((path, said))
    return stale


def _same_content(path: Path, fixture: Fixture) -> bool:
    try:
        return json.loads(path.read_text(encoding="utf-8")) == fixture.to_dict()
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False


def _write_atomic(path: Path, text: str) -> None:
    """Whole file or nothing; readable like any file the user writes (mkstemp makes 0600)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException as error:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(error, OSError) and error.filename is None:
            error.filename = str(path)  # a full disk names the fixture it could not write
        raise


def write_fixtures(
    fixtures: Iterable[Fixture], out_dir: Path, *, force: bool = False
) -> ExportReport:
    """Write each fixture to `out_dir/<filename>`. Identical content on disk is left alone;
    different content at the same name is a conflict, left untouched unless `force`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    report = ExportReport()
    seen: dict[str, Fixture] = {}
    for fixture in fixtures:
        name = fixture.filename
        path = out_dir / name
        if name in seen:  # two claims of this export at one name: keep the first
            if seen[name].to_dict() != fixture.to_dict():
                report.conflicts.append(path)
            continue
        seen[name] = fixture
        if path.exists():
            if _same_content(path, fixture):
                report.unchanged.append(path)
                continue
            if not force:
                report.conflicts.append(path)
                continue
            _write_atomic(path, fixture.to_json())
            report.overwritten.append(path)
            continue
        _write_atomic(path, fixture.to_json())
        report.written.append(path)
    return report


# --- reading ----------------------------------------------------------------------------


def _need(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in obj:
        raise ValueError(f"missing field {what!r}")
    value = obj[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise ValueError(f"field {what!r} has the wrong type (got a boolean)")
    if not isinstance(value, kind):
        raise ValueError(f"field {what!r} has the wrong type (got {json_kind(value)})")
    return value


def _number(obj: dict[str, Any], key: str, what: str) -> float:
    try:
        value = float(_need(obj, key, (int, float), what))
    except OverflowError:  # an integer too large for a float
        raise ValueError(f"field {what!r} is too large a number") from None
    if not math.isfinite(value):
        raise ValueError(f"field {what!r} is not a finite number")
    return value


def fixture_from_dict(data: Any) -> Fixture:
    """Validate a parsed fixture; raises ValueError saying which field is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a fixture is a JSON object")
    fmt = data.get("format")
    if fmt is None:
        raise ValueError(f"no 'format' field (a fixture says \"format\": {FORMAT!r})")
    if fmt != FORMAT:
        raise ValueError(f"unknown fixture format {fmt!r} (expected {FORMAT!r})")
    text = _need(data, "text", str, "text")
    span = _need(data, "span", dict, "span")
    start = _need(span, "start", int, "span.start")
    end = _need(span, "end", int, "span.end")
    if not 0 <= start < end <= len(text):
        raise ValueError(f"span {start}-{end} is outside the text (length {len(text)})")
    token = _need(data, "token", str, "token")
    if text[start:end] != token:
        raise ValueError(f"token {token!r} is not the text at {start}-{end} ({text[start:end]!r})")
    verdict = _need(data, "verdict", str, "verdict")
    if verdict not in EXPECT:
        raise ValueError(f"verdict {verdict!r} is not one of {', '.join(EXPECT)}")
    expect = _need(data, "expect", str, "expect")
    if expect not in EXPECT.values():
        known = ", ".join(sorted(set(EXPECT.values())))
        raise ValueError(f"expect {expect!r} is not one of {known}")
    if expect != EXPECT[verdict]:
        raise ValueError(f"expect {expect!r} contradicts verdict {verdict!r}")
    pool = []
    for i, entry in enumerate(_need(data, "pool", list, "pool")):
        if not isinstance(entry, dict):
            raise ValueError(f"pool[{i}] is not an object")
        known = Known(
            _need(entry, "name", str, f"pool[{i}].name"),
            _number(entry, "value", f"pool[{i}].value"),
            _need(entry, "unit", str, f"pool[{i}].unit"),
        )
        if not -KNOWN_LIMIT < known.value < KNOWN_LIMIT:  # as the input reader refuses it
            raise ValueError(
                f"pool[{i}] {known.name!r}: value {known.value:g} is too large to compare "
                f"({KNOWN_RANGE})"
            )
        pool.append(known)
    detector = data.get("detector") or {}
    if not isinstance(detector, dict):
        raise ValueError("field 'detector' is not an object")
    flag = data.get("flag")
    if flag is not None and not isinstance(flag, dict):
        raise ValueError("field 'flag' is not an object")
    note = data.get("note")
    if note is not None and not isinstance(note, str):
        raise ValueError("field 'note' is not a string")
    return Fixture(
        brief_id=_need(data, "brief_id", str, "brief_id"),
        text=text,
        pool=tuple(pool),
        start=start,
        end=end,
        token=token,
        verdict=verdict,
        reviewer=_need(data, "reviewer", str, "reviewer"),
        note=note,
        detector=str(detector.get("name", "")),
        version=str(detector.get("version", "")),
        flag=flag,
    )


# A fixture holds one brief, whose line the input reader takes up to 16 MiB; written with
# indentation, escapes and its flag, four times that is room enough.
MAX_FIXTURE_BYTES = 64 * 1024 * 1024


def read_fixture(path: Path) -> Fixture:
    """Read one fixture file; any problem becomes a FixtureError naming the file. Only a
    regular file is opened (a FIFO would wait for a writer, a device never end), and no
    more of it than MAX_FIXTURE_BYTES; a byte-order mark before the JSON is dropped."""
    raw = _fixture_text(path)
    try:
        data = limited_loads(raw)
    except json.JSONDecodeError as exc:
        raise FixtureError(
            path, f"invalid JSON: {exc.msg} (column {exc.colno})", exc.lineno
        ) from None
    except JsonLimitError as exc:
        raise FixtureError(path, str(exc)) from None
    try:
        return fixture_from_dict(data)
    except ValueError as exc:
        raise FixtureError(path, str(exc)) from None


def _fixture_text(path: Path) -> str:
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise FixtureError(path, "a folder, not a fixture file (subfolders are not read)")
        if not stat.S_ISREG(mode):
            raise FixtureError(path, f"{_special(mode)}, not a fixture file: it is not read")
        with path.open("rb") as handle:
            data = handle.read(MAX_FIXTURE_BYTES + 1)
    except OSError as exc:
        raise FixtureError(path, exc.strerror or str(exc)) from None
    if len(data) > MAX_FIXTURE_BYTES:
        limit = MAX_FIXTURE_BYTES // 1024 // 1024
        raise FixtureError(path, f"larger than {limit} MiB, the most a fixture file may hold")
    try:
        return data.removeprefix(BOM).decode("utf-8")
    except UnicodeDecodeError:
        raise FixtureError(path, "not UTF-8 text") from None


def _special(mode: int) -> str:
    """What a file that is neither a regular file nor a folder is, in words."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def fixture_paths(path: Path) -> list[Path]:
    """The `*.json` entries of a folder in name order (a folder, FIFO or device so named too,
    so that it is reported rather than passed over), or a single file."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise FixtureError(path, "no such file or directory") from None
    except OSError as exc:
        raise FixtureError(path, exc.strerror or str(exc)) from None
    if stat.S_ISDIR(mode):
        return sorted(path.glob("*.json"))
    return [path]


def read_fixtures(path: Path) -> tuple[list[tuple[Path, Fixture]], list[FixtureError]]:
    """Every fixture under `path`, and every file that failed to read (all of them, not the
    first only, so one run shows the whole damage)."""
    good: list[tuple[Path, Fixture]] = []
    bad: list[FixtureError] = []
    for p in fixture_paths(path):
        try:
            good.append((p, read_fixture(p)))
        except FixtureError as exc:
            bad.append(exc)
    return good, bad


# --- replay -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """One fixture replayed: passed or not, and why in words."""

    path: Path
    fixture: Fixture
    passed: bool
    reason: str

    def line(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'}  {self.path.name}  {self.reason}"


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)


def describe_flag(flag: Flag) -> str:
    """ "'45' read as 45 mi, nearest distance 45.2 (value)" -- what the detector saw; a flag
    made by another reading than the band names it: "(sign, rule sign.word)"."""
    unit = {"none": "", "": "", "pct": "%"}.get(flag.unit, f" {_plain(flag.unit)}")
    rule = getattr(flag, "rule", "band")
    made_by = f", rule {_plain(str(rule))}" if rule != "band" else ""
    return (
        f"{flag.token!r} read as {_num(flag.value)}{unit}, "
        f"nearest {_plain(flag.nearest)} {_num(flag.nearest_value)} ({_plain(flag.kind)}{made_by})"
    )


def _plain(text: str) -> str:
    """Data printed to a terminal: anything unprintable (an ESC, a newline) shown escaped."""
    return text if text.isprintable() else repr(text)


def overlaps(flag: Flag, fixture: Fixture) -> bool:
    """The matching rule: spans overlap by at least one character."""
    return flag.start < fixture.end and fixture.start < flag.end


def replay(path: Path, fixture: Fixture, detector: Detector) -> Outcome:
    """Run the detector on the fixture's text and judge its expectation."""
    from reviewer.checks.registry import DetectorFault, analyze

    try:  # a plugin's crash, exit or malformed flag fails this fixture, not the whole run
        flags = analyze(detector, fixture.text, fixture.pool).flags
    except DetectorFault as fault:
        problem = fault.problem
        if not problem.startswith(("raised", "called")):
            problem = f"returned a bad flag: {problem}"
        return Outcome(path, fixture, False, f"detector {problem}")
    hits = sorted((f for f in flags if overlaps(f, fixture)), key=lambda f: (f.start, f.end))
    where = f"{fixture.token!r} at {fixture.start}-{fixture.end}"
    if fixture.verdict == "false_positive":
        if hits:
            return Outcome(
                path, fixture, False, f"false positive flagged again: {describe_flag(hits[0])}"
            )
        return Outcome(path, fixture, True, f"false positive not flagged: {where}")
    if hits:
        return Outcome(path, fixture, True, f"true positive flagged: {describe_flag(hits[0])}")
    return Outcome(path, fixture, False, f"true positive missed: {where} not flagged")


def replay_all(fixtures: Sequence[tuple[Path, Fixture]], detector: Detector) -> list[Outcome]:
    return [replay(path, fixture, detector) for path, fixture in fixtures]


def summarize(outcomes: Sequence[Outcome], detector: Detector) -> list[str]:
    """Closing lines of a replay: counts, then every failed fixture by file name."""
    failed = [o.path.name for o in outcomes if not o.passed]
    name = getattr(detector, "name", None) or type(detector).__name__
    version = getattr(detector, "version", None)
    label = f"{name} {version}" if version else name
    lines = [f"{len(outcomes) - len(failed)} passed, {len(failed)} failed ({label})"]
    if failed:
        lines.append("failed: " + ", ".join(failed))
    return lines
