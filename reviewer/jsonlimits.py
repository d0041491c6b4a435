"""JSON read with the limits every file reviewer reads is held to.

No text can exhaust the stack or turn into a value that cannot be used or written back:
JSON nests at most MAX_DEPTH levels, an integer has at most MAX_DIGITS digits, every number
is finite (JSON has no NaN or Infinity), and every string is text (no lone UTF-16
surrogate). No object gives a key twice: which of the two values was meant is not for the
reader to guess (Python's json would keep the last one silently). A syntax error is still
`json.JSONDecodeError`; a text beyond a limit raises `JsonLimitError`, whose message says
which limit.
"""

from __future__ import annotations

import gc
import json
import math
from typing import Any

MAX_DEPTH = 64  # levels of JSON nesting (objects and lists)
MAX_DIGITS = 4300  # digits of an integer: Python's own limit for turning text into an int
TOO_DEEP = f"JSON nested more than {MAX_DEPTH} levels deep"
BOM = b"\xef\xbb\xbf"  # UTF-8 byte-order mark: Windows editors start files with it


class JsonLimitError(ValueError):
    """A JSON text beyond one of this module's limits."""


def _reject_constant(name: str) -> float:
    raise JsonLimitError(f"{name} is not a number (JSON has no NaN or Infinity)")


def _parse_int(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_DIGITS:
        raise JsonLimitError(f"an integer of {count:,} digits (at most {MAX_DIGITS:,})")
    return int(digits)


def _parse_float(number: str) -> float:
    value = float(number)
    if not math.isfinite(value):
        shown = number if len(number) <= 40 else number[:37] + "..."
        raise JsonLimitError(f"number {shown} is out of range (not a finite number)")
    return value


def json_kind(value: object) -> str:
    """What a parsed JSON value is, in JSON's words ("null", "a string", "an object" ...),
    for a message that says what a field held instead."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    if value is None:
        return "null"
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return names.get(type(value), "a number" if number and finite(value) else type(value).__name__)


def finite(*numbers: float) -> bool:
    """Whether every number can be written back: JSON has no NaN or Infinity, and what a
    database holds is exported as JSON later."""
    return all(map(math.isfinite, numbers))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                shown = repr(key) if len(key) <= 40 else repr(key[:37] + "...")
                raise JsonLimitError(f"key {shown} is given twice in one object")
            seen.add(key)
    return obj


def loads(text: str) -> Any:
    """`json.loads` within the limits above."""
    # json.loads finds nesting too deep by running out of stack; a garbage collection
    # started down there would run other objects' finalizers with no stack left, each
    # printed as "Exception ignored ... RecursionError" beside the line's clear message
    collecting = gc.isenabled()
    gc.disable()
    try:
        value = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
            object_pairs_hook=_unique_keys,
        )
    except RecursionError:
        raise JsonLimitError(TOO_DEEP) from None
    finally:
        if collecting:
            gc.enable()
    check_value(value, strings=True)
    return value


def check_value(value: Any, *, strings: bool, level: int = 0) -> None:
    """Refuse nesting deeper than MAX_DEPTH and, with `strings`, any string (or key) that is
    not text: a lone surrogate such as "\\ud800" is something JSON can spell but no file or
    database can hold. Iterative, so no depth can exhaust the stack. `level`: how deep
    `value` lies in its document (the document itself is level 0, so MAX_DEPTH counts it)."""
    stack = [(value, level)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if strings:
                _check_string(item)
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise JsonLimitError(TOO_DEEP)
            inner = item.values() if isinstance(item, dict) else item
            if strings and isinstance(item, dict):
                for key in item:
                    _check_string(key)
            stack.extend((child, depth + 1) for child in inner)


def _check_string(value: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        char = value[err.start]
        raise JsonLimitError(
            f"a lone surrogate \\u{ord(char):04x} in a string (not text; it cannot be stored)"
        ) from None
