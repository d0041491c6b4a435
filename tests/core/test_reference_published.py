"""The `reference` detector against PRODUCT.md's published rules, transcribed line by line.

`published_check` below is written from the text of "The grounding check" and nothing else:
one statement per rule, in the order the document gives them, with no regard for speed.
The generator aims at every rule's edge (Unicode digits, window words in any case after
any Unicode whitespace or hyphens, "daylight" and "weekends", durations against word
boundaries, the 12-character unit tail, "12 %", ties, short tails at the end of a text).
On 100,000 seeded texts the fast detector must give the very same flags and rate.
"""

from __future__ import annotations

import random
import re

import pytest

from reviewer import Known
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.reference import ReferenceDetector
from tests.support.published_rules import (
    PUBLISHED_DURATION,
    PUBLISHED_WINDOW,
    detector_check,
    published_check,
    published_tokens,
    random_pool,
    random_text,
)

# --- the tests ----------------------------------------------------------------------------

CONFIGS = [DetectorConfig(), DetectorConfig(faithful=0.0, sign=1.0, value=0.5)]
TEXTS = 100_000
CHUNKS = 10


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_reference_equals_the_published_rules(chunk: int) -> None:
    """100,000 texts in ten seeded chunks (pytest -n spreads them over the cores)."""
    rng = random.Random(f"published-{chunk}")
    detectors = [ReferenceDetector(config) for config in CONFIGS]
    for case in range(TEXTS // CHUNKS):
        text = random_text(rng)
        pool = random_pool(rng, text)
        which = case % 2
        expected = published_check(text, pool, CONFIGS[which])
        got = detector_check(detectors[which], text, pool)
        assert repr(got) == repr(expected), f"chunk {chunk} case {case}: {text!r} {pool!r}"


def test_the_generator_reaches_every_rule() -> None:
    """A generator too tame proves nothing: each rule must both apply and nearly apply."""
    seen: set[str] = set()
    rng = random.Random("coverage")
    for _ in range(5000):
        text = random_text(rng)
        pool = random_pool(rng, text)
        tokens = published_tokens(text)
        for start, end, token, _value, unit, skip in tokens:
            seen.add(f"unit {unit}")
            seen.add(f"skip {skip}")
            if not token.isascii():
                seen.add("unicode digits")
                if skip is None and unit != "none":
                    seen.add("unicode digits with a unit")
            after = text[end:]
            window = PUBLISHED_WINDOW.match(after)
            if window and not window.group().isascii():
                seen.add("window after unicode whitespace or a folded letter")
            if window and re.search(r"\s", window.group()) and not window.group().startswith(" "):
                seen.add("window after non-space whitespace")
            if window and window.group().strip(" -").lower() != window.group().strip(" -"):
                seen.add("window word not in lower case")
            if re.match(r"[\s-]*(?i:day|week)(?:light|ends)", after):
                seen.add("daylight or weekends")
            if skip == "duration" and text[start - 1 : start].isspace():
                seen.add("second half of a duration")
            if re.match(r"h\s*\d+m\b", after) and skip is None:
                seen.add("duration near-miss kept")
            if token[0] in "-+" and skip is None and PUBLISHED_DURATION.match(text, start + 1):
                seen.add("-7h 30m keeps -7")
            tail = text[end : end + 12]
            if unit != "none" and tail[:1].isspace() and tail[:1] != " ":
                seen.add("unit after unusual whitespace")
            if unit == "pct" and tail[:1] != "%":
                seen.add("12 %")
            if unit == "mi" and re.match(r"\s*[mM](?:in|IN)", tail):
                seen.add("minutes read as mi")
            if unit != "none" and tail.strip()[:1].isupper():
                seen.add("unit in capitals")
            if unit == "none" and re.match(r"\s{11,}(?i:bpm|mi|steps)", text[end:]):
                seen.add("unit word beyond 12 characters")
            if len(text) - end < 12 and unit != "none":
                seen.add("unit in a short tail")
        flags, checkable, _ = published_check(text, pool, CONFIGS[0])
        seen |= {f"flag {flag[8]}" for flag in flags}
        if checkable and not flags:
            seen.add("checkable, no flag")
        names = [k.name for k in pool]
        for flag in flags:
            if flag[5] in ("below", "above") and "below" in names and "above" in names:
                seen.add("tie")
    expected = {
        "unit pct", "unit bpm", "unit mi", "unit steps", "unit none",
        "skip None", "skip window", "skip duration",
        "unicode digits", "unicode digits with a unit",
        "window after unicode whitespace or a folded letter", "window after non-space whitespace",
        "window word not in lower case", "daylight or weekends",
        "second half of a duration", "duration near-miss kept", "-7h 30m keeps -7",
        "unit after unusual whitespace", "12 %", "minutes read as mi", "unit in capitals",
        "unit word beyond 12 characters", "unit in a short tail",
        "flag sign", "flag value", "checkable, no flag", "tie",
    }  # fmt: skip
    assert expected - seen == set()


@pytest.mark.parametrize(
    ("text", "unit", "skip"),
    [
        ("14 days", "none", "window"),
        ("7-day", "none", "window"),
        ("14 Days", "none", "window"),
        ("14\tdays", "none", "window"),
        ("14\u00a0WEEKS", "none", "window"),
        ("3 daylight", "none", None),
        ("2 weekends", "none", None),
        ("52 BPM", "bpm", None),
        ("52\u00a0bpm", "bpm", None),
        ("12 %", "pct", None),
        ("45 minutes", "mi", None),
        ("5           mi", "none", None),  # the unit word starts past the 12 characters
        ("5          mi", "mi", None),
        ("５２ bpm", "bpm", None),
    ],
)
def test_the_published_examples(text: str, unit: str, skip: str | None) -> None:
    """PRODUCT.md's own examples, read by the transcription and by the detector alike."""
    _, _, _, _, got_unit, got_skip = published_tokens(text)[0]
    assert (got_unit, got_skip) == (unit, skip)
    pool = [Known("k", published_tokens(text)[0][3] * 1.1, unit)]
    assert detector_check(ReferenceDetector(), text, pool) == published_check(
        text, pool, DetectorConfig()
    )


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("7h 30m", []),
        ("7h30m", []),
        ("7h\n30m", []),
        ("2h 5min", ["2", "5"]),
        ("x7h 30m", ["7", "30"]),
        ("-7h 30m", ["-7"]),
    ],
)
def test_the_published_durations(text: str, kept: list[str]) -> None:
    tokens = published_tokens(text)
    assert [t[2] for t in tokens if t[5] is None] == kept
    pool = [Known("k", 7.5, "none"), Known("j", -7.5, "none"), Known("m", 33, "none")]
    assert detector_check(ReferenceDetector(), text, pool) == published_check(
        text, pool, DetectorConfig()
    )
