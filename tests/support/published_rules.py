"""PRODUCT.md's published grounding check, transcribed line by line, and a generator of
texts and pools aimed at every one of its rules (the reference's differential tests)."""

from __future__ import annotations

import math
import random
import re

from reviewer import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.reference import ReferenceDetector

# --- the transcription ------------------------------------------------------------------

# "Numeric tokens: the regex [-+]?\d[\d,]*(?:\.\d+)? with Python's \d"
PUBLISHED_TOKEN = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
# "Window: skip a token when the text right after it matches, at its start,
#  [\s-]*(?:day|week|month|year)s?\b case-insensitively"
PUBLISHED_WINDOW = re.compile(r"[\s-]*(?:day|week|month|year)s?\b", re.IGNORECASE)
# "Duration: skip a token lying wholly inside a match of \b\d+h\s*\d+m\b found anywhere"
PUBLISHED_DURATION = re.compile(r"\b\d+h\s*\d+m\b")
# "else the first of bpm, mi, min, steps it starts with"
PUBLISHED_UNITS = ("bpm", "mi", "min", "steps")


def published_unit(text: str, end: int) -> str:
    """ "take the 12 characters after the token, strip whitespace at both ends, lower-case
    them; if that starts with % the unit is pct; else the first of bpm, mi, min, steps it
    starts with; else none" """
    tail = text[end : end + 12].strip().lower()
    if tail.startswith("%"):
        return "pct"
    for unit in PUBLISHED_UNITS:
        if tail.startswith(unit):
            return unit
    return "none"


def published_tokens(text: str) -> list[tuple[int, int, str, float, str, str | None]]:
    """(start, end, token, value, unit, skip) for every token float() accepts."""
    durations = [m.span() for m in PUBLISHED_DURATION.finditer(text)]
    tokens = []
    for match in PUBLISHED_TOKEN.finditer(text):
        start, end = match.span()
        token = match.group()
        try:
            # "Value: commas removed, parsed with float()"
            value = float(token.replace(",", ""))
        except ValueError:
            continue  # "a token float() refuses is skipped"
        skip = None
        if PUBLISHED_WINDOW.match(text[end:]):
            skip = "window"
        elif any(d_start <= start and end <= d_end for d_start, d_end in durations):
            skip = "duration"
        tokens.append((start, end, token, value, published_unit(text, end), skip))
    return tokens


def published_check(text: str, pool: list[Known], config: DetectorConfig):
    """(flags as field tuples, checkable, invention rate), as PRODUCT.md states them."""
    flags = []
    checkable = 0
    for start, end, token, value, unit, skip in published_tokens(text):
        if skip is not None:
            continue
        # "Only pool entries of the same unit are candidates; no candidate, no check."
        candidates = [k for k in pool if k.unit == unit]
        if not candidates:
            continue
        checkable += 1
        # "Nearest candidate by signed distance (the first in pool order on a tie)."
        nearest = min(candidates, key=lambda k: abs(value - k.value))
        scale = max(abs(nearest.value), abs(value), 1e-9)
        rel = abs(value - nearest.value) / scale
        if rel <= config.faithful:
            continue  # "a faithful citation, not flagged"
        opposite = (value > 0 and nearest.value < 0) or (value < 0 and nearest.value > 0)
        if opposite and abs(abs(value) - abs(nearest.value)) / scale <= config.sign:
            kind = "sign"
        elif rel <= config.value:
            kind = "value"
        else:
            continue  # "an unrelated quantity, ignored"
        flags.append(
            (start, end, token, value, unit, nearest.name, nearest.value,
             value - nearest.value, kind)
        )  # fmt: skip
    rate = len(flags) / checkable if checkable else 0.0
    return flags, checkable, rate


def detector_check(detector: ReferenceDetector, text: str, pool: list[Known]):
    analysis = detector.analyze(text, pool)
    flags = [
        (f.start, f.end, f.token, f.value, f.unit, f.nearest, f.nearest_value, f.delta, f.kind)
        for f in analysis.flags
    ]
    return flags, analysis.checkable, analysis.invention_rate


# --- the generator ------------------------------------------------------------------------

ASCII_DIGITS = "0123456789"
# Arabic-Indic, extended Arabic-Indic, Devanagari, Bengali, Thai, full-width, Mathematical
OTHER_DIGITS = [
    "٠١٢٣٤٥٦٧٨٩",
    "۰۱۲۳۴۵۶۷۸۹",
    "०१२३४५६७८९",
    "০১২৩৪৫৬৭৮৯",
    "๐๑๒๓๔๕๖๗๘๙",
    "０１２３４５６７８９",
    "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗",
]
# every kind of whitespace str.strip() and \s know, and characters that look like it but are not
SPACES = [" ", " ", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2009", "\u202f", "\u3000",
          "\u2028", "\x0b", "\x0c", "\x1c", "\x85", "\u2003"]  # fmt: skip
NOT_SPACES = ["\u200b", "\u2060", "\ufeff", "_", ".", "/"]
WINDOW_WORDS = ["day", "week", "month", "year"]
UNIT_WORDS = ["bpm", "BPM", "Bpm", "mi", "MI", "Mi", "mİ", "min", "MIN", "minutes", "Minutes",
              "mid", "minor", "miles", "steps", "STEPS", "Steps", "step", "stepſ", "%", "pct",
              "percent", "beats", "km", "b p m"]  # fmt: skip
WORD_AFTER_WINDOW = ["", "", " ", ".", ",", "light", "ends", "ly", "s", "S", "ſ", "_", "5",
                     "é", "-", "\n", "ago", "'s"]  # fmt: skip
JOINERS = [" ", " and ", ", ", "; ", " vs ", "/", " é ", "\n", "\t", " (", ") ", " x", "_",
           " rhr ", ": ", "-", "–", " then "]  # fmt: skip
FACTORS = [1, 1, 1, 1.02, -1.02, 1.05, 1.1, 1.12, 1.13, -1, -1, -1.3, -1.6, 0.9, 0.5, 2]
UNITS = ["bpm", "mi", "min", "steps", "pct", "none", "none", "km"]


def random_case(rng: random.Random, word: str) -> str:
    roll = rng.random()
    if roll < 0.4:
        return word
    if roll < 0.55:
        return word.upper()
    if roll < 0.65:
        return word.capitalize()
    letters = [c.upper() if rng.random() < 0.5 else c for c in word]
    if rng.random() < 0.1:  # letters that case-fold onto ASCII ones
        letters = ["ſ" if c in "sS" else "\u212a" if c in "kK" else c for c in letters]
    return "".join(letters)


def random_digits(rng: random.Random, count: int) -> str:
    roll = rng.random()
    if roll < 0.8:
        return "".join(rng.choice(ASCII_DIGITS) for _ in range(count))
    if roll < 0.93:
        script = rng.choice(OTHER_DIGITS)
        return "".join(rng.choice(script) for _ in range(count))
    return "".join(rng.choice(rng.choice(OTHER_DIGITS) + ASCII_DIGITS) for _ in range(count))


def random_number(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.01:
        return "9" * rng.randint(300, 330)  # floats to inf or a huge value
    if roll < 0.5:
        whole = str(rng.choice([0, 1, 3, 5, 7, 8, 12, 22, 30, 41, 48, 52, 55, 61, 100, 160]))
        if rng.random() < 0.2:
            whole = whole.translate(str.maketrans(ASCII_DIGITS, rng.choice(OTHER_DIGITS)))
    else:
        whole = random_digits(rng, rng.randint(1, 5))
    if rng.random() < 0.12:  # thousands commas, sometimes misplaced or trailing
        whole = rng.choice([f"{whole[:1]},{whole[1:]}", f"{whole},", f"{whole},,", "1,234"])
    if rng.random() < 0.45:
        whole += "." + random_digits(rng, rng.randint(1, 3))
    elif rng.random() < 0.05:
        whole += "."  # a point with no digits after it is not part of the token
    sign = rng.choice(["", "", "", "", "-", "+", "\u2212", "--", "+-"])
    return sign + whole


def window_after(rng: random.Random) -> str:
    gap = "".join(rng.choice([*SPACES, "-", "-", "--"]) for _ in range(rng.randint(0, 3)))
    word = random_case(rng, rng.choice(WINDOW_WORDS))
    if rng.random() < 0.4:
        word += rng.choice(["s", "S", "ſ"])
    return gap + word + rng.choice(WORD_AFTER_WINDOW)


def unit_after(rng: random.Random) -> str:
    gap = "".join(
        rng.choice(SPACES) for _ in range(rng.choice([0, 0, 1, 1, 1, 2, 3, 5, 8, 9, 10, 11, 12]))
    )
    if rng.random() < 0.05:
        gap += rng.choice(NOT_SPACES)
    return gap + random_case(rng, rng.choice(UNIT_WORDS))


def duration(rng: random.Random) -> str:
    """Near-misses of \\b\\d+h\\s*\\d+m\\b as often as hits."""
    before = rng.choice(["", "", "", "-", "+", "x", "1,", "1.", "_", "é", "(", "a"])
    gap = "".join(rng.choice(SPACES) for _ in range(rng.choice([0, 1, 1, 2])))
    hours, minutes = random_digits(rng, rng.randint(1, 2)), random_digits(rng, 2)
    h = rng.choice(["h", "h", "h", "H", "hr"])
    m = rng.choice(["m", "m", "m", "M", "min", "ms", "m.", "m5"])
    return before + hours + h + gap + minutes + m


def random_piece(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.12:
        return duration(rng)
    number = random_number(rng)
    if roll < 0.3:
        return number + window_after(rng)
    if roll < 0.7:
        return number + unit_after(rng)
    return number + rng.choice(["", "", "x", "k", "h", "-", "–", ":30", "/mi", ")", "s"])


def random_text(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(0, 10)):
        parts.append(random_piece(rng))
        parts.append(rng.choice(JOINERS))
    text = "".join(parts)
    if text and rng.random() < 0.5:  # end the text inside a piece: short tails
        text = text[: rng.randint(max(0, len(text) - 14), len(text))]
    return text


def random_pool(rng: random.Random, text: str) -> list[Known]:
    values = [t[3] for t in published_tokens(text) if math.isfinite(t[3])] or [52.0]
    pool: list[Known] = []
    for i in range(rng.randint(0, 10)):
        roll = rng.random()
        if roll < 0.6:
            value = rng.choice(values) * rng.choice(FACTORS)
        elif roll < 0.75:
            value = float(rng.choice([-22.4, -8.1, 4.6, 0.0, -0.0, 5.0, 52, 55, 10600]))
        elif roll < 0.77:
            value = rng.choice([math.inf, -math.inf, math.nan, 1e308])
        else:
            value = rng.uniform(-200, 200)
        if pool and rng.random() < 0.1:
            value = rng.choice(pool).value  # duplicates: ties go to pool order
        pool.append(Known(f"k{i}", value, rng.choice(UNITS)))
    if rng.random() < 0.25:  # two candidates at the same distance
        centre, unit = rng.choice(values), rng.choice(UNITS[:6])
        pool += [Known("below", centre - 0.05 * abs(centre), unit),
                 Known("above", centre + 0.05 * abs(centre), unit)]  # fmt: skip
    rng.shuffle(pool)
    return pool
