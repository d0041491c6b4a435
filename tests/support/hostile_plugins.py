"""Detector plugins that misbehave, each the way a real plugin might, for the fault tests."""

from __future__ import annotations

import faulthandler
import os
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
    "Duplicates",
    "RaisesBase",
    "RaisesGeneratorExit",
    "HardExit",
    "Aborts",
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


class Duplicates:
    """The same span flagged twice in a brief holding the trigger word."""

    name = "duplicates"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        return [_fine(text), _fine(text)] if TRIGGER in text else [_fine(text)]


class RaisesBase:
    """A BaseException of its own, which `except Exception` never sees."""

    name = "base-raiser"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            raise Escape("out of here")
        return []


class Escape(BaseException):
    pass


class RaisesGeneratorExit:
    name = "generator-exit"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            raise GeneratorExit
        return []


class HardExit:
    """Ends its process at once (no exception, no cleanup), as os._exit does."""

    name = "hard-exit"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            os._exit(0)
        return []


class Aborts:
    """Ends its process by a signal (SIGABRT), as a crash in C code would."""

    name = "aborts"

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        if TRIGGER in text:
            faulthandler.disable()  # (pytest's would print a "Fatal Python error" dump)
            os.abort()
        return []


class Prints:
    """Talks on stdout while it works, as a plugin left with debugging prints does."""

    name = "chatty"

    def __init__(self) -> None:
        print("chatty: loaded")

    def flag(self, text: str, pool: Sequence[Known]) -> list[Flag]:
        print(f"chatty: looking at {text!r}")
        os.write(1, b"chatty: a write to fd 1\n")
        return [_fine(text)]
