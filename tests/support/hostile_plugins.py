"""Detector plugins that misbehave, each the way a real plugin might, for the fault tests."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from reviewer import Flag, Known

TRIGGER = "boom"  # a brief whose text holds this word makes the faulty plugins fail


def _fine(text: str) -> Flag:
    """A well-formed flag on the first character of the text."""
    return Flag(0, 1, text[0], 1.0, "none", "x", 2.0, -1.0, "value")


class Raises:
    name = "raiser"
    version = "1"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            raise ZeroDivisionError("division by zero")
        return []


class Exits:
    name = "exiter"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            sys.exit(0)
        return []


class ReturnsDicts:
    name = "dicts"

    def flag(self, text: str, pool: Sequence[Known]) -> list[object]:
        return [{"start": 0, "end": 1}] if TRIGGER in text else []


class SpanOutside:
    name = "outside"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            return [Flag(-5, 10**9, "x", 1.0, "none", "x", 2.0, -1.0, "value")]
        return [_fine(text)]


class WrongToken:
    name = "wrong-token"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            return [Flag(0, 1, "not the text", 1.0, "none", "x", 2.0, -1.0, "value")]
        return []


class NotFinite:
    name = "nan"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            return [Flag(0, 1, text[0], float("nan"), "none", "x", 2.0, -1.0, "value")]
        return []


class BadKind:
    name = "bad-kind"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            return [Flag(0, 1, text[0], 1.0, "none", "x", 2.0, -1.0, "novelty")]  # type: ignore[arg-type]
        return []


class BadBasis:
    name = "bad-basis"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            return [Flag(0, 1, text[0], 1.0, "none", "x", 2.0, -1.0, "value", "guess")]  # type: ignore[arg-type]
        return []


class BadCheckable:
    name = "bad-checkable"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        return []

    def checkable(self, text: str, pool: Sequence[Known]) -> object:
        return "many" if TRIGGER in text else 1


FAULTY = [
    "Raises",
    "Exits",
    "ReturnsDicts",
    "SpanOutside",
    "WrongToken",
    "NotFinite",
    "BadKind",
    "BadBasis",
    "BadCheckable",
]


class EscapeName:
    """A name and version with terminal control sequences in them."""

    name = "evil\x1b[31mRED\x1b]0;pwned\x07"
    version = "1\x1b[2J"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        return [_fine(text)]


class FactoryExits:
    """A class whose construction calls sys.exit (as `sys:exit` does)."""

    def __init__(self) -> None:
        sys.exit(3)


no_flag_here = 42
