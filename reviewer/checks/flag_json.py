"""Flags made elsewhere, as JSON: read one brief's answer and check every flag against the
brief it claims to be about.

The shape is the one `reviewer scan --format jsonl` writes: `{"id", "flags": [{start, end,
token, value, unit, nearest, nearest_value, delta, kind}]}`, with `basis`, `rule`,
`invention_rate` and `checkable` optional. A flag from outside must hold in the brief as a
flag from a built-in detector does: its span lies in the text and spells its token, and the
known value it names is one of the brief's pool (a flag against a value the brief was never
given would be stored as a claim nobody could check).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping, Sequence
from dataclasses import fields
from itertools import pairwise
from typing import Any

from reviewer.grounding.types import Flag, Known
from reviewer.jsonlimits import json_kind

REQUIRED = ("start", "end", "token", "value", "unit", "nearest", "nearest_value", "delta", "kind")
_OPTIONAL = ("basis", "rule")
_KNOWN_KEYS = frozenset((*REQUIRED, *_OPTIONAL))
_FLAG_FIELDS = frozenset(f.name for f in fields(Flag))


class FlagJsonError(ValueError):
    """One problem with a brief's answer; the caller adds where it was read."""


def read_answer(obj: object, text: str, pool: Sequence[Known]) -> tuple[list[Flag], int | None]:
    """The flags of one brief's answer (an object with "flags") and its checkable count:
    `checkable` when given, else derived from `invention_rate` when that is above 0, else
    None (the caller counts). FlagJsonError says what is wrong."""
    if not isinstance(obj, Mapping):
        raise FlagJsonError(f"expected a JSON object, got {json_kind(obj)}")
    raw = obj.get("flags")
    if not isinstance(raw, list):
        raise FlagJsonError("missing field 'flags' (a list)" if raw is None else
                            f"field 'flags' must be a list, got {json_kind(raw)}")  # fmt: skip
    by_name = {known.name: known for known in pool}
    flags = [_flag(item, index, text, pool, by_name) for index, item in enumerate(raw, 1)]
    _apart(flags)
    return flags, _checkable(obj, len(flags))


def _apart(flags: list[Flag]) -> None:
    """No two flags share a character: a number is flagged once (a flag given twice would
    count twice in the run's figures and once in its stored flags)."""
    ordered = sorted(range(len(flags)), key=lambda i: (flags[i].start, flags[i].end))
    for before, after in pairwise(ordered):
        a, b = flags[before], flags[after]
        if b.start < a.end:
            first, second = sorted((before, after))
            raise FlagJsonError(
                f"flag {second + 1}: span {flags[second].start}..{flags[second].end} overlaps "
                f"flag {first + 1}'s ({flags[first].start}..{flags[first].end}): a number "
                "is flagged once"
            )


def _checkable(obj: Mapping[str, Any], flags: int) -> int | None:
    given = obj.get("checkable")
    if given is not None:
        count = _count(given)
        if count is None or count < flags:
            raise FlagJsonError(
                f"'checkable' must be a whole number of at least the {flags} flags, got {given!r}"
            )
        return count
    rate = obj.get("invention_rate")
    if rate is None:
        return None
    if not _number(rate) or not 0 <= rate <= 1:
        raise FlagJsonError(f"'invention_rate' must be a number from 0 to 1, got {rate!r}")
    if rate == 0:
        if flags:
            raise FlagJsonError(f"'invention_rate' is 0 but the brief has {flags} flags")
        return None
    return max(flags, round(flags / rate))


def _flag(
    item: object, index: int, text: str, pool: Sequence[Known], by_name: dict[str, Known]
) -> Flag:
    where = f"flag {index}"
    if not isinstance(item, Mapping):
        raise FlagJsonError(f"{where}: expected an object, got {json_kind(item)}")
    missing = [key for key in REQUIRED if key not in item]
    if missing:
        raise FlagJsonError(f"{where}: missing {', '.join(repr(k) for k in missing)}")
    unknown = sorted(set(item) - _KNOWN_KEYS)
    if unknown:
        raise FlagJsonError(f"{where}: unknown field {unknown[0]!r}")
    start, end = _count(item["start"]), _count(item["end"])
    if start is None or end is None:
        raise FlagJsonError(f"{where}: 'start' and 'end' must be whole numbers")
    if not 0 <= start < end <= len(text):
        raise FlagJsonError(
            f"{where}: span {start}..{end} lies outside the brief's text (0..{len(text)})"
        )
    for key in ("token", "unit", "nearest", "kind", *(k for k in _OPTIONAL if k in item)):
        if not isinstance(item[key], str):
            raise FlagJsonError(f"{where}: {key!r} must be a string, got {json_kind(item[key])}")
    if text[start:end] != item["token"]:
        raise FlagJsonError(
            f"{where}: token {item['token']!r} is not the text at {start}..{end} "
            f"({text[start:end]!r})"
        )
    if (text[start].isdigit() and text[start - 1 : start].isdigit()) or (
        text[end - 1].isdigit() and text[end : end + 1].isdigit()
    ):  # (a sign may follow a digit: "2026-12" reads "-12" as a number of its own)
        raise FlagJsonError(
            f"{where}: span {start}..{end} cuts a number in two ({_around(text, start, end)})"
        )
    for key in ("value", "nearest_value", "delta"):
        if not _number(item[key]):
            raise FlagJsonError(f"{where}: {key!r} must be a finite number")
    # (`delta` is value - nearest_value whatever the answer says: a check that writes its
    # size, as abs(), or rounds it, never stores a figure its own values contradict)
    if item["kind"] not in ("value", "sign"):
        raise FlagJsonError(f"{where}: 'kind' must be 'value' or 'sign', got {item['kind']!r}")
    basis = item.get("basis", "band")
    if basis not in ("band", "name"):
        raise FlagJsonError(f"{where}: 'basis' must be 'band' or 'name', got {basis!r}")
    known = by_name.get(item["nearest"])
    if known is None or float(known.value) != float(item["nearest_value"]):
        names = ", ".join(f"{k.name}={k.value:g}" for k in pool) or "nothing"
        raise FlagJsonError(
            f"{where}: known value {item['nearest']}={item['nearest_value']!r} is not in the "
            f"brief's pool ({names})"
        )
    extra = {"rule": item["rule"]} if "rule" in item and "rule" in _FLAG_FIELDS else {}
    return Flag(
        start, end, item["token"], float(item["value"]), item["unit"], item["nearest"],
        float(item["nearest_value"]), float(item["value"]) - float(item["nearest_value"]),
        item["kind"], basis, **extra,
    )  # fmt: skip


def _around(text: str, start: int, end: int) -> str:
    """The number a span cuts, with the span in brackets: `5[5] bpm`."""
    lo, hi = start, end
    while lo > 0 and text[lo - 1].isdigit():
        lo -= 1
    while hi < len(text) and text[hi].isdigit():
        hi += 1
    return repr(f"{text[lo:start]}[{text[start:end]}]{text[end:hi]}")


def _count(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
