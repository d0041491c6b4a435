"""Sentences for the dev split alone, written after the held-out split was fixed.

Each draws its numbers close to a known value of the same unit, where a reading by the
band alone would take them for a citation or a misstatement, and says in its words why
they are not: a plan or a target in many phrasings, a range or a bound ("between 6 and
8", "up to", "at least"), a past value or a comparison ("vs last week's 52", "was 48 a
month ago"), a count ("4 of 5", "12 pods"), a unit outside the vocabulary, a version or
an ordinal. Shapes vary the habits of several authors: the number before or after the
metric's name, parentheses, bullets, tables, quotes, abbreviations, several clauses.
"""

from __future__ import annotations

from collections.abc import Callable

from corpus.engine import Ctx, cite, dev, fmt, other

Sentence = Callable[[Ctx], None]


def _drawn(ctx: Ctx, name: str, low: float, high: float, dec: int, step: float) -> float:
    value = abs(ctx.value(name)) * ctx.rng.uniform(low, high)
    if step:
        value = round(value / step) * step
    return round(value, dec)


def near(
    name: str,
    shapes: list[str],
    why: str,
    cls: str | None,
    *,
    dec: int = 0,
    low: float = 0.9,
    high: float = 1.1,
    step: float = 0,
    comma: bool = False,
) -> Sentence:
    """One number {x} drawn within a band of `name`'s magnitude, that is not a citation."""
    shapes = dev(*shapes)

    def sentence(ctx: Ctx) -> None:
        value = _drawn(ctx, name, low, high, dec, step)
        token = fmt(value, dec, comma=comma)
        ctx.brief.say(ctx.voice.pick(shapes), x=other(token, why, cls))

    return sentence


def around(
    name: str,
    shapes: list[str],
    why: str,
    cls: str | None,
    *,
    dec: int = 0,
    spread: float = 0.08,
    step: float = 0,
    comma: bool = False,
) -> Sentence:
    """Two numbers {a} < {b} either side of `name`'s magnitude: a range, or "N of M"."""
    shapes = dev(*shapes)

    def sentence(ctx: Ctx) -> None:
        a = _drawn(ctx, name, 1 - spread, 0.99, dec, step)
        b = _drawn(ctx, name, 1.01, 1 + spread, dec, step)
        if b <= a:
            b = a + (step or 10**-dec)
        shape = ctx.voice.pick(shapes)
        kind = "2" if cls == "10" and ("{a}-" in shape or "{a}–" in shape) else cls
        ctx.brief.say(
            shape,
            a=other(fmt(a, dec, comma=comma), why, kind),
            b=other(fmt(b, dec, comma=comma), why, kind),
        )

    return sentence


def was_now(
    name: str,
    shapes: list[str],
    *,
    dec: int = 0,
    low: float = 0.9,
    high: float = 1.1,
    comma: bool = False,
) -> Sentence:
    """The value now {n}, faithfully, beside an old one {o} near it (class 14)."""
    shapes = dev(*shapes)

    def sentence(ctx: Ctx) -> None:
        now = ctx.value(name)
        was = round(now * ctx.rng.uniform(low, high), dec)
        if was == round(now, dec):
            was = round(was + 2 * 10**-dec * (1 if now >= 0 else -1), dec)
        ctx.brief.say(
            ctx.voice.pick(shapes),
            o=other(fmt(was, dec, comma=comma), "past value", "14"),
            n=cite(fmt(now, dec, comma=comma), name),
        )

    return sentence
