"""Reading and validating JSON Lines input into plain records, one line at a time.

Briefs: `{"id", "text", "pool": [{name, value, unit}], "meta"?}` or `pool_id` naming a
record of a pools file (`{"id", "pool"}` per line). Every problem is reported as
`FILE:LINE: problem`. Memory stays flat: only the set of ids seen so far is kept (and
not even that when duplicates do not matter, as in `scan`).

Each line is first decoded by a typed msgspec decoder (parsing and type checks in C);
a line it does not accept, or a value it cannot vouch for, is read again by the plain
checks below, which word the problem. Both accept exactly the same lines. No object of a
line may give a key twice (msgspec, like Python's json, would keep the last value): the
typed decoder's line is taken only when its colons prove every key was seen once.

Every input is read once, front to back, so a pipe, `-`, `/dev/stdin`, a FIFO or a
process substitution (`<(...)`) gives all its lines: only a regular file is ever read twice
(counted for a progress total, or cut into parts for workers).

Limits, so that no line can exhaust memory or the stack, or store what cannot be written
back: a line is at most MAX_LINE_BYTES (a longer one is reported without being held in
memory: skipped in a regular file, which ends somewhere; the end of reading in a stream,
which may never end, like /dev/zero), and each line's JSON keeps the limits of
`reviewer.jsonlimits` (depth, digits, finite numbers, strings that are text, each key once).
A known value lies within ±KNOWN_LIMIT (`reviewer.grounding.bands` says why). No string
stored as a column (id, text, pool_id, a known's name and unit) holds a NUL character, which
PostgreSQL cannot store; no pool names one known twice (which of the two is meant?).
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter
from pathlib import Path
from typing import IO, Any, Literal

import msgspec

from reviewer.grounding.bands import KNOWN_LIMIT, KNOWN_RANGE
from reviewer.grounding.types import Known
from reviewer.jsonlimits import BOM, MAX_DEPTH, JsonLimitError, check_value
from reviewer.jsonlimits import loads as limited_loads

Pool = tuple[Known, ...]
OnError = Callable[["InputError"], None]

# 16 MiB: a brief of a few MB is legitimate (a long report with its pool and meta) and fits
# four times over; a line is held as bytes, as text and as parsed JSON at once, so its
# limit bounds the reader's memory at about six times this, whatever the input.
MAX_LINE_BYTES = 16 * 1024 * 1024
READ_CHUNK = 1024 * 1024  # how much of an over-long line is read at a time while skipping it


class InputError(ValueError):
    """A bad input line: `str(err) == "FILE:LINE: problem"` (line 0: the whole file).
    `skippable`: whether --skip-invalid could have read past it."""

    skippable = True

    def __init__(self, path: str, line: int, problem: str) -> None:
        self.path = path
        self.line = line
        self.problem = problem
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}: {self.problem}"
        return f"{self.path}: {self.problem}"

    def __reduce__(self) -> tuple[type[InputError], tuple[str, int, str]]:
        return type(self), (self.path, self.line, self.problem)  # crosses to a worker and back


class EndlessLine(InputError):
    """A line over the limit in a stream, where reading stops: no later line can be found
    without reading what may have no end (/dev/zero)."""

    skippable = False


@dataclass(frozen=True, slots=True)
class BriefRecord:
    """One brief as read from a file, with the line it came from."""

    id: str
    text: str
    pool: Pool
    meta: dict[str, Any] | None
    line: int
    pool_id: str | None = None


@dataclass(frozen=True, slots=True)
class PoolRecord:
    """One named pool of known values from a pools file."""

    id: str
    pool: Pool
    line: int


class _Problem(Exception):
    """A problem with the current line; the reader adds file and line."""


def _loads(line: str) -> Any:
    """`json.loads` with this reader's limits (`reviewer.jsonlimits`)."""
    try:
        return limited_loads(line)
    except JsonLimitError as exc:
        raise _Problem(str(exc)) from None


def is_stream(path: str) -> bool:
    """Whether `path` can be read only once: `-` (stdin), a pipe, a FIFO, a device or a
    process substitution; False for a regular file (and for a path that cannot be looked
    at, which opening then reports)."""
    if path == "-":
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return False


@contextmanager
def _open_lines(path: str) -> Iterator[IO[bytes]]:
    if path == "-":
        yield sys.stdin.buffer
        return
    try:
        handle = Path(path).open("rb")  # noqa: SIM115 - closed below, after the yield
    except OSError as exc:
        raise InputError(path, 0, f"cannot open: {exc.strerror or exc}") from exc
    with handle:
        yield handle


class LineTooLong(bytes):
    """Stands for a line longer than MAX_LINE_BYTES: its size, never its content."""

    size: int


def _too_long(size: int) -> LineTooLong:
    marker = LineTooLong()
    marker.size = size
    return marker


Lines = Iterator[tuple[int, bytes]]  # (line number, raw bytes) of a file, from `_iter_lines`
Span = tuple[int, int, int]  # (first byte, end byte, number of its first line) of a file


def _iter_lines(path: str, span: Span | None = None) -> Lines:
    """(line number, raw bytes) for every line of a file, or of stdin for `-`; a byte-order
    mark at the very start is dropped (only there: every other line is read as it is).
    A line longer than MAX_LINE_BYTES comes as a LineTooLong, read past without keeping it;
    in a stream, which may have no end to read to, it raises InputError and reading stops.
    With `span` (from `line_spans`), only the lines of that part of the file."""
    with _open_lines(path) as handle:
        regular = _regular(handle)
        number = 0
        at, stop = 0, sys.maxsize
        if span is not None:
            at, stop, number = span[0], span[1], span[2] - 1
            handle.seek(at)
        while True:
            if at >= stop:
                return
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            at += len(raw)
            number += 1
            if number == 1:
                raw = raw.removeprefix(BOM)
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                if not regular:
                    raise EndlessLine(path, number, _stream_line_too_long())
                size = _skip_rest_of_line(handle, len(raw))
                at += size - len(raw)
                yield number, _too_long(size)
                continue
            yield number, raw


def bounded_lines(handle: IO[bytes], path: str) -> Lines:
    """(line number, bytes) of each non-blank line of an open file, as a reader of another
    kind of JSON Lines needs them: a line over MAX_LINE_BYTES raises InputError, and
    nothing past it is read (the file may have no end). A byte-order mark opening the
    file is no part of its first line, as for briefs."""
    number = 0
    while raw := handle.readline(MAX_LINE_BYTES + 1):
        number += 1
        if number == 1:
            raw = raw.removeprefix(BOM)
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise EndlessLine(path, number, _stream_line_too_long())
        if raw.strip():
            yield number, raw


def _regular(handle: IO[bytes]) -> bool:
    try:
        return stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
    except (OSError, ValueError):  # no descriptor (a test's stdin): nothing to skip to
        return False


def _skip_rest_of_line(handle: IO[bytes], size: int) -> int:
    """Read to the end of the current line a chunk at a time; the line's whole size."""
    while True:
        chunk = handle.readline(READ_CHUNK)
        size += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return size


def line_spans(path: str, size: int) -> Iterator[Span]:
    """A regular file in parts of about `size` bytes that end where a line ends, each with
    the number of its first line, as `iter_briefs(span=...)` reads them: workers read
    their own parts, so no brief's text crosses between processes. Reads the file once,
    a part at a time (a part holding a line longer than `size` grows to its end)."""
    try:
        handle = Path(path).open("rb")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise InputError(path, 0, f"cannot open: {exc.strerror or exc}") from exc
    with handle:
        start = offset = 0
        line = 1
        while block := handle.read(size):
            cut = block.rfind(b"\n")
            if cut >= 0:
                end = offset + cut + 1
                yield start, end, line
                line += block.count(b"\n")
                start = end
            offset += len(block)
        if start < offset:
            yield start, offset, line


def _line_too_long(size: int) -> str:
    return (
        f"line of {size / 1024 / 1024:,.1f} MiB is longer than the limit of "
        f"{MAX_LINE_BYTES // 1024 // 1024} MiB"
    )


def _stream_line_too_long() -> str:
    return (
        f"a line longer than the limit of {MAX_LINE_BYTES // 1024 // 1024} MiB; reading "
        "stopped there (it is not JSON Lines, and a stream may have no end to skip to)"
    )


# a JSON array (a whole file in brackets, or one line of them) is the usual first mistake
JSON_LINES = "; input is JSON Lines: one JSON object per line, not a JSON array"


def _object(path: str, number: int, raw: bytes, on_error: OnError | None) -> dict[str, Any] | None:
    """The JSON object of one line; None for a blank line or a bad one (reported)."""
    try:
        if isinstance(raw, LineTooLong):
            raise _Problem(_line_too_long(raw.size))
        line = raw.decode("utf-8")
        if not line.strip():
            return None
        obj = _loads(line.rstrip("\r\n"))  # a line cut short is an error at its end
        if not isinstance(obj, dict):
            hint = JSON_LINES if isinstance(obj, list) else ""
            raise _Problem(f"expected a JSON object, got {_kind(obj)}{hint}")
    except _Problem as exc:
        _report(InputError(path, number, str(exc)), on_error)
    except UnicodeDecodeError:
        _report(InputError(path, number, "not valid UTF-8"), on_error)
    except json.JSONDecodeError as exc:
        hint = JSON_LINES if line.lstrip().startswith("[") else ""
        problem = f"invalid JSON: {exc.msg} (column {exc.colno}){hint}"
        _report(InputError(path, number, problem), on_error)
    else:
        return obj
    return None


def _iter_objects(
    path: str, on_error: OnError | None, lines: Lines | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, JSON object) for every non-blank line; bad JSON reported per line."""
    for number, raw in _iter_lines(path) if lines is None else lines:
        obj = _object(path, number, raw, on_error)
        if obj is not None:
            yield number, obj


def _report(err: InputError, on_error: OnError | None) -> None:
    if on_error is None:
        raise err
    on_error(err)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _string(obj: Mapping[str, Any], key: str, *, where: str = "", empty_ok: bool = False) -> str:
    if key not in obj:
        raise _Problem(f"missing field {where}{key!r}")
    value = obj[key]
    if not isinstance(value, str):
        raise _Problem(f"field {where}{key!r} must be a string, got {_kind(value)}")
    if not empty_ok and not value.strip():
        raise _Problem(f"field {where}{key!r} is empty")
    if "\0" in value:
        raise _Problem(
            f"field {where}{key!r} holds a NUL character (\\u0000), which a database cannot store"
        )
    return value


def _number(obj: Mapping[str, Any], key: str, *, where: str) -> float:
    if key not in obj:
        raise _Problem(f"missing field {where}{key!r}")
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _Problem(f"field {where}{key!r} must be a number, got {_kind(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise _Problem(f"field {where}{key!r} is not finite")
    return number


def parse_pool(value: object) -> Pool:
    """Validate a JSON pool (a list of `{name, value, unit}`) into `Known` values."""
    if not isinstance(value, list):
        raise _Problem(f"field 'pool' must be a list, got {_kind(value)}")
    pool = []
    named: dict[str, int] = {}  # name -> index of its entry
    for index, entry in enumerate(value):
        where = f"pool[{index}]."
        if not isinstance(entry, dict):
            raise _Problem(f"pool[{index}] must be an object, got {_kind(entry)}")
        name = _string(entry, "name", where=where)
        number = _number(entry, "value", where=where)
        unit = _string(entry, "unit", where=where)
        if not -KNOWN_LIMIT < number < KNOWN_LIMIT:
            raise _Problem(_too_large(index, name, number))
        if name in named:
            raise _Problem(f"pool[{index}] names {name!r} again (as pool[{named[name]}] does)")
        named[name] = index
        pool.append(Known(name, number, unit))
    return tuple(pool)


def _too_large(index: int, name: str, value: float) -> str:
    """The problem with a known value beyond KNOWN_LIMIT, naming its place and name."""
    return f"pool[{index}] {name!r}: value {value:g} is too large to compare ({KNOWN_RANGE})"


def iter_pool_records(
    path: str, *, on_error: OnError | None = None, lines: Lines | None = None
) -> Iterator[PoolRecord]:
    """Stream the `{id, pool}` records of a pools file, checking ids are unique; `lines`:
    the file's lines as `sniff` left them."""
    seen: set[str] = set()
    for number, obj in _iter_objects(path, on_error, lines):
        try:
            pool_id = _string(obj, "id")
            if "pool" not in obj:
                raise _Problem("missing field 'pool'")
            pool = parse_pool(obj["pool"])
            if pool_id in seen:
                raise _Problem(f"duplicate id {pool_id!r}")
        except _Problem as exc:
            _report(InputError(path, number, str(exc)), on_error)
            continue
        seen.add(pool_id)
        yield PoolRecord(pool_id, pool, number)


def read_pools(path: str, *, on_error: OnError | None = None) -> dict[str, Pool]:
    """All pools of a pools file by id (raises InputError on the first bad line)."""
    return {rec.id: rec.pool for rec in iter_pool_records(path, on_error=on_error)}


def iter_briefs(
    path: str,
    *,
    pools: Mapping[str, Pool] | None = None,
    on_error: OnError | None = None,
    check_duplicates: bool = True,
    span: Span | None = None,
    lines: Lines | None = None,
) -> Iterator[BriefRecord]:
    """Stream the briefs of a JSON Lines file (`-` is stdin).

    A bad line raises InputError, or, when `on_error` is given, is passed to it and
    skipped; collect the errors to store all-or-nothing, or report them and go on.
    `check_duplicates=False` forgets ids as it goes (flat memory for any file size), for
    readers to whom a repeated id is harmless. `span` reads one part of a regular file
    (see `line_spans`); `lines`, the file's lines as `sniff` left them.
    """
    seen: set[str] = set()
    for number, raw in _iter_lines(path, span) if lines is None else lines:
        record = _fast_brief(raw, number, pools)
        if record is None:
            obj = _object(path, number, raw, on_error)
            if obj is None:
                continue
            try:
                record = _brief(obj, number, pools)
            except _Problem as exc:
                _report(InputError(path, number, str(exc)), on_error)
                continue
        if check_duplicates:
            if record.id in seen:
                _report(InputError(path, number, f"duplicate id {record.id!r}"), on_error)
                continue
            seen.add(record.id)
        yield record


class _KnownLine(msgspec.Struct):
    name: str
    value: float
    unit: str


class _BriefLine(msgspec.Struct):
    """The shape of a good brief line; unknown keys are ignored, as by the plain reader.
    id, text and meta come as written (their colons are counted, see `_keys_once`), then
    are decoded."""

    id: msgspec.Raw
    text: msgspec.Raw
    pool: list[_KnownLine] | msgspec.UnsetType = msgspec.UNSET
    pool_id: str | msgspec.UnsetType = msgspec.UNSET
    meta: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET


_DECODE_BRIEF = msgspec.json.Decoder(_BriefLine)
_DECODE_STRING = msgspec.json.Decoder(str)
_DECODE_META = msgspec.json.Decoder(dict[str, Any] | None)
_ENCODE = msgspec.json.Encoder().encode
_UNSET = msgspec.UNSET
_NAME_UNIT = attrgetter("name", "unit")


def _blank(value: str) -> bool:
    return not value or value.isspace()  # the same test as `not value.strip()`


_POOLS: dict[tuple[tuple[str, float, str], ...], Pool] = {}  # recent pools by their fields
_POOLS_SIZE = 256
_FIELDS = attrgetter("name", "value", "unit")
_VALUE = attrgetter("value")
_NAME = attrgetter("name")
NUL_ESCAPE = b"\\u0000"  # the only way JSON text holds a NUL character


def _known_pool(entries: list[_KnownLine]) -> Pool | None:
    """The pool of a line as `Known` values; a pool met again among the recent ones is the
    same tuple (so the detectors' index of it is found by identity). A pool holding a zero
    is never shared: 0.0 and -0.0 are equal as keys, and a flag writes which it was. None
    for a value beyond KNOWN_LIMIT or a name given twice (the plain reader says which)."""
    fields = tuple(map(_FIELDS, entries))
    pool = _POOLS.get(fields)
    if pool is None:
        if entries and not -KNOWN_LIMIT < max(map(abs, map(_VALUE, entries))) < KNOWN_LIMIT:
            return None
        if len(set(map(_NAME, entries))) < len(entries):
            return None
        pool = tuple(msgspec.convert(entries, list[Known], from_attributes=True))
        if 0.0 not in map(_VALUE, entries):
            if len(_POOLS) >= _POOLS_SIZE:
                del _POOLS[next(iter(_POOLS))]
            _POOLS[fields] = pool
    return pool


def _fast_brief(raw: bytes, number: int, pools: Mapping[str, Pool] | None) -> BriefRecord | None:
    """The record of a line that is certainly good, else None (the plain reader decides).

    msgspec rejects what the plain reader rejects (NaN, Infinity, numbers out of range,
    invalid UTF-8, lone surrogates, wrong types) and parses numbers to the same floats,
    except inside the fields it skips, which it does not check at all. Nor does it see a
    key given twice. A line `_keys_once` cannot vouch for (such a key, a field skipped)
    goes to the plain reader, which checks every object: every byte of a line taken here
    was decoded by msgspec. A line that may hold a NUL character is left to the plain
    reader too, which refuses one in any field stored as a column.
    """
    if isinstance(raw, LineTooLong) or NUL_ESCAPE in raw:
        return None
    try:
        line = _DECODE_BRIEF.decode(raw)
        brief_id = _DECODE_STRING.decode(line.id)
        text = _DECODE_STRING.decode(line.text)
        meta = None if line.meta is msgspec.UNSET else _DECODE_META.decode(line.meta)
    except (msgspec.DecodeError, RecursionError):  # ValidationError included
        return None
    if not _keys_once(raw, line, meta):
        return None
    if _blank(brief_id) or _blank(text):
        return None
    pool_id = line.pool_id
    if pool_id is msgspec.UNSET:
        if line.pool is msgspec.UNSET:
            return None
        if not all(map(str.strip, chain.from_iterable(map(_NAME_UNIT, line.pool)))):
            return None  # a blank name or unit
        pool = _known_pool(line.pool)
        if pool is None:
            return None
        return BriefRecord(brief_id, text, pool, meta, number, None)
    if line.pool is not msgspec.UNSET or pools is None or _blank(pool_id):
        return None
    found = pools.get(pool_id)
    if found is None:
        return None
    return BriefRecord(brief_id, text, found, meta, number, pool_id)


def _keys_once(raw: bytes, line: _BriefLine, meta: dict[str, Any] | None) -> bool:
    """Whether the line certainly gives each key once and holds no key the decoder
    skipped, and meta nests less than MAX_DEPTH deep; False when it cannot tell.

    Each key of a JSON text is followed by exactly one colon, and every other colon lies
    inside a string. So the line's colons, less those written inside id and text, number
    at least the keys of the line's object and of its pool's entries, plus meta's keys
    and the colons of its strings; exactly that many when no key is given twice and none
    was skipped. Meta's part is counted on decoded meta written again (msgspec writes a
    colon as itself); a colon escaped in it as \\u003a is missing from the line's count
    and could hide a key given twice, so such meta is left to the plain reader. Byte
    counts, and no second parse of the text."""
    pool, written = line.pool, line.meta
    keys = 2 if line.pool_id is _UNSET else 3
    if pool is not _UNSET:
        keys += 1 + 3 * len(pool)
    if written is not _UNSET:
        keys += 1
        if meta:
            written = bytes(written)
            if b"\\u003" in written:
                return False
            if written.count(b"{") + written.count(b"[") >= MAX_DEPTH - 1:
                try:  # perhaps nested too deep: the plain reader says so
                    check_value(meta, strings=False, level=1)
                except JsonLimitError:
                    return False
            keys += _ENCODE(meta).count(b":")
    inside = bytes(line.text).count(b":") + bytes(line.id).count(b":")
    return raw.count(b":") - inside == keys


def _brief(obj: Mapping[str, Any], number: int, pools: Mapping[str, Pool] | None) -> BriefRecord:
    brief_id = _string(obj, "id")
    text = _string(obj, "text")
    pool_id: str | None = None
    if "pool" in obj and "pool_id" in obj:
        raise _Problem("give either 'pool' or 'pool_id', not both")
    if "pool" in obj:
        pool = parse_pool(obj["pool"])
    elif "pool_id" in obj:
        pool_id = _string(obj, "pool_id")
        if pools is None:
            raise _Problem(f"pool_id {pool_id!r} needs a pools file")
        if pool_id not in pools:
            raise _Problem(f"unknown pool_id {pool_id!r}")
        pool = pools[pool_id]
    else:
        raise _Problem("missing field 'pool' (or 'pool_id')")
    meta = obj.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise _Problem(f"field 'meta' must be an object, got {_kind(meta)}")
    return BriefRecord(brief_id, text, pool, meta, number, pool_id)


def sniff(path: str) -> tuple[Literal["briefs", "pools", "empty"], Lines]:
    """Whether a file holds briefs (records with `text`) or pools, from its first record,
    and its lines from that record on, to pass as `lines` to `iter_briefs` or
    `iter_pool_records`: the file is read once, so a stream serves as well as a file."""
    lines = _iter_lines(path)
    for number, raw in lines:
        if isinstance(raw, LineTooLong):
            raise InputError(path, number, _line_too_long(raw.size))
        if not raw.strip():
            continue
        try:
            obj = _loads(raw.decode("utf-8").rstrip("\r\n"))
        except _Problem as exc:
            raise InputError(path, number, str(exc)) from None
        except ValueError as exc:
            raise InputError(path, number, f"invalid JSON: {exc}") from exc
        kind: Literal["briefs", "pools"] = (
            "briefs" if isinstance(obj, dict) and "text" in obj else "pools"
        )
        return kind, chain([(number, raw)], lines)
    return "empty", iter(())


def count_lines(path: str) -> int | None:
    """Non-blank lines in a regular file, for a progress total; None for a stream (it can
    be read only once, and is counted as it is read) or a file that cannot be read. Reads
    a block at a time, so a file of one endless line takes no more memory than another."""
    if is_stream(path):
        return None
    try:
        with Path(path).open("rb") as handle:
            return _count_lines(handle)
    except OSError:
        return None


def _count_lines(handle: IO[bytes]) -> int:
    count = 0
    filled = False  # whether the line being read so far holds more than whitespace
    while block := handle.read(READ_CHUNK):
        pieces = block.split(b"\n")
        for piece in pieces[:-1]:  # each ends a line
            count += filled or bool(piece.strip())
            filled = False
        filled = filled or bool(pieces[-1].strip())
    return count + filled


def read_brief(
    record: bytes | str | Mapping[str, Any], where: str, number: int
) -> BriefRecord | None:
    """One brief from a JSON line or an object already parsed, checked as a file's line is
    (None for a blank line); a bad one raises InputError naming `where` and `number`."""
    if isinstance(record, Mapping):
        try:
            return _brief(record, number, None)
        except _Problem as exc:
            raise InputError(where, number, str(exc)) from None
    raw = record.encode("utf-8") if isinstance(record, str) else record
    found = _fast_brief(raw, number, None)
    if found is not None:
        return found
    obj = _object(where, number, raw, None)
    return None if obj is None else read_brief(obj, where, number)
