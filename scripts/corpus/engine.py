"""The machinery behind the evaluation corpus: numbers with their truth, sentences, briefs.

A brief is built sentence by sentence from hand-written phrasings. Every number enters the
text through a `Num`, which carries its truth (a faithful citation of a known value, a
contradiction of one, or the reason it is not a citation), so each span is computed from
the text as it is assembled, never counted by hand.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

MINUS = "\u2212"
NBSP = "\u00a0"
THIN = "\u202f"
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
TOKEN = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
PLACEHOLDER = re.compile(r"(\{\w+\})")


@dataclass(frozen=True)
class Num:
    """A number as written, with its truth: exactly one of citation/contradicts/not_citation."""

    token: str
    label: dict[str, str]
    cls: str | None = None


def cite(token: str, name: str, cls: str | None = None) -> Num:
    return Num(token, {"citation": name}, cls)


def contra(token: str, name: str, cls: str | None = None, how: str = "value") -> Num:
    """A misstatement of `name`; `how` is value (inside the band), beyond band, or sign."""
    return Num(token, {"contradicts": name, "misstatement": how}, cls)


def other(token: str, why: str, cls: str | None = None) -> Num:
    return Num(token, {"not_citation": why}, cls)


def fmt(
    value: float,
    dec: int = 0,
    *,
    comma: bool = False,
    plus: bool = False,
    minus: str = "-",
    wide: bool = False,
) -> str:
    """A number as a model writes it: decimals, thousands commas, a sign, maybe full-width."""
    body = f"{abs(value):,.{dec}f}" if comma else f"{abs(value):.{dec}f}"
    if wide:
        body = body.translate(FULL_WIDTH)
    if round(value, dec) < 0:
        return minus + body
    return ("+" + body) if plus and round(value, dec) > 0 else body


@dataclass
class Brief:
    """Text under construction and the truth of every number in it."""

    text: str = ""
    truth: list[dict[str, Any]] = field(default_factory=list)

    def say(self, template: str, **parts: Num | str) -> None:
        """Append `template`, filling {key} with a Num (recorded with its span) or plain text."""
        for piece in PLACEHOLDER.split(template):
            key = piece[1:-1] if piece.startswith("{") and piece.endswith("}") else None
            if key is None:
                for match in TOKEN.finditer(piece):
                    before = piece[match.start() - 1 : match.start()]
                    after = piece[match.end() : match.end() + 1]
                    if not (before.isalpha() or after.isalpha()):
                        raise ValueError(f"digits outside a Num in a phrasing: {piece!r}")
                self._name(piece)
                continue
            part = parts[key]
            if isinstance(part, str):
                self._name(part)
                continue
            start = len(self.text)
            self.text += part.token
            entry: dict[str, Any] = {"start": start, "end": len(self.text), "token": part.token}
            entry.update(part.label)
            if part.cls:
                entry["class"] = part.cls
            self.truth.append(entry)

    def _name(self, words: str) -> None:
        """Plain words; digits inside a name ("VO2max", "p95") are labels, not citations."""
        at = 0
        for match in TOKEN.finditer(words):
            self.text += words[at : match.start()]
            self.say("{n}", n=Num(match.group(), {"not_citation": "label"}, "14"))
            at = match.end()
        self.text += words[at:]


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


class Dev(str):
    """A phrasing written for the dev split only, after the held-out split was fixed: the
    held-out briefs never see it, and the choices they make among the others are the
    ones they made before it was written, so adding one leaves fixtures/eval/held-out/
    byte for byte as it was."""

    __slots__ = ()


def dev(*phrasings: Any) -> list[Any]:
    """Phrasings (or (phrasing, ...) tuples) for the dev split only; see `Dev`."""
    return [(Dev(p[0]), *p[1:]) if isinstance(p, tuple) else Dev(p) for p in phrasings]


class Voice:
    """Chooses among phrasings; held-out briefs use phrasings that dev briefs never see.

    A phrasing belongs to the held-out set when a hash of its text says so (about 3 in 10),
    for lists of four or more; shorter lists are shared. So a detector tuned on the dev
    split meets new sentence shapes on the held-out one, not only new numbers. A `Dev`
    phrasing is the dev split's alone.
    """

    def __init__(self, rng: Random, held_out: bool) -> None:
        self.rng = rng
        self.held_out = held_out

    def pick(self, options: Sequence[Any]) -> Any:
        options = list(options)
        if self.held_out:
            options = [o for o in options if not isinstance(_text(o), Dev)]
        if len(options) >= 4 and all(isinstance(_text(o), str) for o in options):
            mine = [o for o in options if _mine(_text(o), self.held_out)]
            if mine:
                options = mine
        return self.rng.choice(options)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p


def _text(option: Any) -> Any:
    return option[0] if isinstance(option, tuple) and option else option


def _mine(phrase: str, held_out: bool) -> bool:
    return (not held_out and isinstance(phrase, Dev)) or _reserved(phrase) == held_out


def _reserved(phrase: str) -> bool:
    return int(hashlib.sha256(phrase.encode()).hexdigest()[:4], 16) % 10 < 3


Pool = list[dict[str, Any]]
Sentence = Callable[["Ctx"], None]


@dataclass
class Ctx:
    """What a sentence writer sees: the brief, the voice, and the pool as name -> value."""

    brief: Brief
    voice: Voice
    pool: Pool

    def value(self, name: str) -> float:
        for known in self.pool:
            if known["name"] == name:
                return float(known["value"])
        raise KeyError(name)

    def unit(self, name: str) -> str:
        for known in self.pool:
            if known["name"] == name:
                return str(known["unit"])
        raise KeyError(name)

    @property
    def rng(self) -> Random:
        return self.voice.rng


def nearest_signed(value: float, pool: Pool, unit: str) -> dict[str, Any] | None:
    """The published rule's nearest candidate: same unit, signed distance, first on a tie."""
    best = None
    for known in pool:
        if known["unit"] != unit:
            continue
        if best is None or abs(value - known["value"]) < abs(value - best["value"]):
            best = known
    return best


def flip_class(written: float, name: str, pool: Pool, unit: str) -> str:
    """Which class a sign flip of `name` exercises: plain, hidden (6) or masked (15)."""
    near = nearest_signed(written, pool, unit)
    if near is None or near["name"] == name:
        return "sign"
    scale = max(abs(near["value"]), abs(written), 1e-9)
    return "15" if abs(written - near["value"]) / scale <= 0.03 else "6"


def off_by(rng: Random, value: float, low: float, high: float, dec: int) -> float:
    """`value` moved by a relative amount in [low, high], either way, rounded to `dec`."""
    for _ in range(50):
        rel = rng.uniform(low, high)
        moved = value * (1 + rel) if rng.random() < 0.5 else value * (1 - rel)
        moved = round(moved, dec)
        scale = max(abs(moved), abs(value), 1e-9)
        if low <= abs(moved - value) / scale <= high and moved != 0:
            return moved
    moved = round(value * (1 + high), dec)
    return moved if moved != value else value + 10 ** (-dec) * 5


def validate(brief: dict[str, Any]) -> list[str]:
    """Problems with a finished brief: spans that do not match, numbers without truth."""
    problems = []
    text = brief["text"]
    spans = []
    for entry in brief["truth"]:
        if text[entry["start"] : entry["end"]] != entry["token"]:
            problems.append(f"{brief['id']}: span {entry['start']} is not {entry['token']!r}")
        kinds = [k for k in ("citation", "contradicts", "not_citation") if k in entry]
        if len(kinds) != 1:
            problems.append(f"{brief['id']}: {entry['token']!r} needs exactly one truth")
        spans.append((entry["start"], entry["end"]))
    names = {k["name"] for k in brief["pool"]}
    for entry in brief["truth"]:
        for key in ("citation", "contradicts"):
            if key in entry and entry[key] not in names:
                problems.append(f"{brief['id']}: {entry[key]!r} is not in the pool")
    for match in TOKEN.finditer(text):
        if not any(s < match.end() and match.start() < e for s, e in spans):
            problems.append(f"{brief['id']}: number {match.group()!r} has no truth")
    return problems


def one(
    shapes: list[Any], why: str, cls: str | None, make: Callable[[Ctx], str] | None = None
) -> Sentence:
    """A sentence with one number that is not a citation, {x} in each shape; a shape may
    come as (shape, make) with its own way of choosing the number."""

    def sentence(ctx: Ctx) -> None:
        shape, maker = _shape(ctx.voice.pick(shapes), make)
        ctx.brief.say(shape, x=other(maker(ctx), why, cls))

    return sentence


def _shape(option: Any, make: Any) -> tuple[str, Any]:
    return option if isinstance(option, tuple) else (option, make)


def two(
    shapes: list[Any],
    why: str,
    cls: str | None,
    make: Callable[[Ctx], tuple[str, str]] | None = None,
) -> Sentence:
    """A sentence with two numbers that are not citations, {a} and {b}; a dash joining them
    makes it a hyphenated range (class 2)."""

    def sentence(ctx: Ctx) -> None:
        shape, maker = _shape(ctx.voice.pick(shapes), make)
        a, b = maker(ctx)
        kind = "2" if cls == "10" and ("{a}-" in shape or "{a}–" in shape) else cls
        ctx.brief.say(shape, a=other(a, why, kind), b=other(b, why, kind))

    return sentence


def past(
    shapes: list[str],
    name: str,
    dec: int,
    low: float,
    high: float,
    now_cls: str | None = None,
    **fmt_args: Any,
) -> Sentence:
    """A change told with its old value (class 14) and the known value now, {o} and {n}."""

    def sentence(ctx: Ctx) -> None:
        now = ctx.value(name)
        was = round(now * ctx.rng.uniform(low, high), dec)
        ctx.brief.say(
            ctx.voice.pick(shapes),
            o=other(fmt(was, dec, **fmt_args), "past value", "14"),
            n=cite(fmt(now, dec, **fmt_args), name, now_cls),
        )

    return sentence
