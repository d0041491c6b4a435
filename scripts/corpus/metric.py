"""Sentences that state a known value: faithfully, or misstated the ways real briefs misstate.

A `Metric` is how authors of one domain speak of one pool entry: the names they call it,
the unit words they put after it, and sentence shapes that state it. The same shapes serve
faithful citations and misstatements, as they do in real output, where a wrong number
sits in a perfectly ordinary sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from corpus.engine import (
    MINUS,
    Ctx,
    Num,
    capitalize,
    cite,
    contra,
    dev,
    flip_class,
    fmt,
    nearest_signed,
    off_by,
)

# How a misstatement can go wrong; `compose` picks among those a metric allows.
MODES = ("value", "name", "sign", "word_sign")


@dataclass
class Metric:
    """One pool entry as a domain's authors write about it."""

    name: str
    dec: int
    names: list[str]
    units: list[str]
    shapes: list[str]
    signed: bool = False
    prefix: list[str] = field(default_factory=list)  # "$", "€": written before the number
    comma: bool = False
    noun: bool = False  # a count cited by its noun ("9 open positions"): class 11
    words: list[tuple[str, str]] = field(default_factory=list)  # (falling, rising) shapes
    round_to: int | None = None  # authors round this one when citing (None: as given)

    def modes(self) -> list[str]:
        modes = ["value", "name"]
        if self.signed:
            modes.append("sign")
            if self.words:
                modes.append("word_sign")
        return modes


def _tags(metric: Metric, unit_word: str, prefix: str) -> str | None:
    if prefix:
        return "16"
    if metric.noun:
        return "11"
    word = unit_word.strip().lower()
    if word.startswith("min") or word in {"percent", "per cent", "beats per minute"}:
        return "4"  # unit words the published reading gets wrong or does not know
    if unit_word[:1] in {"\u00a0", "\u202f"} or unit_word.startswith(" %"):
        return "5"
    return None


def state(ctx: Ctx, metric: Metric, mode: str = "cite") -> None:
    """Write one sentence about `metric`: a faithful citation, or a misstatement by `mode`."""
    voice = ctx.voice
    known = ctx.value(metric.name)
    unit = ctx.unit(metric.name)
    dec = metric.dec if metric.round_to is None else metric.round_to
    name = voice.pick(metric.names)
    unit_word = voice.pick(metric.units) if metric.units else ""
    prefix = voice.pick(metric.prefix) if metric.prefix and voice.chance(0.8) else ""
    if prefix:
        unit_word = ""
    worded = mode == "word_sign" or (mode == "cite" and bool(metric.words) and voice.chance(0.3))
    if worded:
        falling, rising = voice.pick(metric.words)
        shape = falling if (known < 0) != (mode == "word_sign") else rising
    elif mode == "name":  # a misstatement past the band, with the metric named beside it
        shape = voice.pick([sh for sh in metric.shapes if "{N" in sh] or metric.shapes)
    else:
        shape = voice.pick(metric.shapes)
    # a unit word is dropped only where the metric's name stands next to the number
    bare = unit != "none" and not prefix and not metric.noun and voice.chance(0.12)
    bare = bare and "{N" in shape and shape.index("{N") < shape.index("{v}")
    if bare:
        unit_word = ""
    wide = voice.chance(0.04)
    minus = MINUS if voice.chance(0.35) else "-"
    cls = "name" if bare else _tags(metric, unit_word, prefix)
    style = "full"
    if metric.comma and abs(known) >= 10_000:
        # "short" hashes into the held-out share; dev writers abbreviate too
        style = voice.pick(["full", "full", "whole", "whole", "short", *dev("short", "short")])

    def render(value: float, **signs: object) -> str:
        nonlocal unit_word, cls
        if style == "short":
            cls = cls or "5"  # "92.4k", "1.2 million": a suffix between number and unit
            big = abs(value) >= 1_000_000
            suffix = voice.pick([" million", "M", "m"] if big else ["k", "K", " thousand"])
            # a shape without {u} would drop the suffix ("81 daily actives" for 81,475):
            # the suffix then goes with the number, on both splits
            glued = "{u}" not in shape
            if not glued:
                unit_word = suffix + unit_word
            scale = 1e6 if big else 1e3
            places = 2 if big else 1
            if not voice.held_out and voice.chance(0.5):  # dev only: authors who round harder
                coarse = voice.pick([0, 1]) if big else 0
                # a misstatement must still read as one at the precision written
                if mode == "cite" or round(value / scale, coarse) != round(known / scale, coarse):
                    places = coarse
            return fmt(value / scale, places, wide=wide, **signs) + (suffix if glued else "")
        places = 0 if style == "whole" else dec
        return fmt(value, places, comma=metric.comma, wide=wide, **signs)

    if worded:
        flipped = mode == "word_sign"
        token = render(abs(known))
        num = (
            contra(token, metric.name, "13", "sign") if flipped else cite(token, metric.name, "13")
        )
        _write(ctx, shape, name, num, unit_word, prefix)
        return

    if mode == "cite":
        written = round(known, dec)
        plus = metric.signed and voice.chance(0.4)
        token = render(written, plus=plus, minus=minus)
        if written < 0 and minus == MINUS:
            cls = "1"
        if wide:
            cls = "8"
        _write(ctx, shape, name, cite(token, metric.name, cls), unit_word, prefix)
        return

    if mode == "sign":
        written = -round(known, dec)
        plus = written > 0 and voice.chance(0.6)
        token = render(written, plus=plus, minus=minus)
        if prefix:
            cls = "16"
        elif written < 0 and minus == MINUS:
            cls = "1"  # the reference reads a positive number: a faithful citation
        elif wide:
            cls = "8"
        else:
            cls = flip_class(written, metric.name, ctx.pool, unit if not bare else "none")
            cls = None if cls == "sign" else cls
    else:
        low, high = (0.05, 0.11) if mode == "value" else (0.14, 0.26)
        written = off_by(ctx.rng, known, low, high, dec)
        token = render(written, minus=minus)
        if mode == "name":
            cls = "name"
        elif (
            cls is None
            and "{N" in shape
            and _nearest_is_other(ctx, metric.name, written, "none" if bare else unit)
        ):
            cls = "name"  # another known value is nearer: only the name says which is meant
        elif wide:
            cls = "8"
        elif written < 0 and minus == MINUS:
            cls = "1"
    how = {"sign": "sign", "name": "beyond band"}.get(mode, "value")
    num = contra(token, metric.name, cls, how)
    _write(ctx, shape, name, num, unit_word, prefix)


def _nearest_is_other(ctx: Ctx, name: str, written: float, unit: str) -> bool:
    near = nearest_signed(written, ctx.pool, unit)
    return near is not None and near["name"] != name


def _takes_an(name: str) -> bool:
    """ "an HRV", "an overall score", "an MRR figure": by the sound of the first letter."""
    word = name.split()[0]
    if word.isupper() and len(word) > 1:
        return word[0] in "AEFHILMNORSX"
    return word[0].lower() in "aeiou"


def _write(ctx: Ctx, shape: str, name: str, num: Num, unit_word: str, prefix: str) -> None:
    if prefix and num.token[:1] in "-+\u2212" and ctx.voice.chance(0.6):
        # "-$1,204.50": the sign before the currency symbol, as most writers put it
        num = Num(num.token[0] + prefix + num.token[1:], num.label, num.cls)
        prefix = ""
    if "a {N}" in shape and _takes_an(name):
        shape = shape.replace("a {N}", "an {N}")
    ctx.brief.say(
        shape.replace("{v}", "{p}{v}"),
        N=name,
        Nc=capitalize(name),
        v=num,
        u=unit_word,
        p=prefix,
    )
