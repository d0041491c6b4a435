"""Where a large pool's names may start: one scan of the text for word starts, not one per name.

A pool of thousands of names is read in texts that grow with it (the template arms write a
sentence per known value), so the names are found by one scan of the text past
`form_starts.FEW` first words. Held here to the name pattern's own scan of the whole text,
and to every place a first word stands, on a pool of every name the fixtures hold.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path

from reviewer.grounding.form_starts import FEW, form_starts
from reviewer.grounding.names import NameIndex
from reviewer.grounding.types import Known

ROOT = Path(__file__).resolve().parents[2]
GLUE = ["", " ", ", ", "(", "$", "a", "\u00e9", "7", "\n", "-", "£"]


@cache
def fixture_texts_and_pool() -> tuple[list[str], tuple[Known, ...]]:
    """Every brief text of the fixtures, and one pool of every name their pools give."""
    texts, pool, names = [], [], set()
    for path in sorted(ROOT.glob("fixtures/**/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "text" not in record or "pool" not in record:
                continue
            texts.append(record["text"])
            for known in record["pool"]:
                if known["name"] not in names:
                    names.add(known["name"])
                    pool.append(Known(known["name"], known["value"], known["unit"]))
    return texts, tuple(pool)


@cache
def big_index() -> NameIndex:
    _, pool = fixture_texts_and_pool()
    grown = pool + tuple(Known(f"m{j}", float(j), "bpm") for j in range(300))
    return NameIndex(grown, {})


def spelled(names: NameIndex, rng: random.Random) -> str:
    """The index's forms as a writer varies them, glued by what may stand before a name."""
    parts = []
    for form in [*names.by_form, *names.partial, *names.heads]:
        spelling = form.upper() if rng.random() < 0.3 else form.capitalize()
        if rng.random() < 0.3:
            spelling = spelling.replace(" ", rng.choice(["-", "_", "  ", "\u00a0"]))
        parts.append(rng.choice(GLUE) + spelling + rng.choice(["", "'s", "s", "x", " 52"]))
    return "".join(parts)


def test_a_large_pool_takes_the_one_scan() -> None:
    words = big_index().first_words
    assert words is not None and len(words) > FEW


def test_names_found_are_the_patterns_own_scan() -> None:
    names = big_index()
    texts, _ = fixture_texts_and_pool()
    rng = random.Random(40)
    samples = [*texts, *(spelled(names, rng) for _ in range(3))]
    compared = 0
    for sample in samples:
        expected = [(m.span(), m.group("form")) for m in names.pattern.finditer(sample)]
        found = [(m.span(), m.group("form")) for m in names._matches(sample)]
        assert found == expected
        compared += len(found)
    assert compared > 1000


def test_every_word_start_where_a_first_word_stands() -> None:
    names = big_index()
    words = names.first_words
    assert words is not None
    rng = random.Random(41)
    text = spelled(names, rng) + " ".join(fixture_texts_and_pool()[0][:40])
    low = text.lower()
    standing = [at for at in range(len(low)) if any(low.startswith(w, at) for w in words)]
    opening = [at for at in standing if at == 0 or not re.match(r"[\w$€£]", text[at - 1])]
    assert form_starts(text, low, words) == opening
    # a few words: every place one stands, as `str.find` finds them
    few = words[:FEW]
    assert form_starts(text, low, few) == [
        at for at in range(len(low)) if any(low.startswith(w, at) for w in few)
    ]


def test_a_pool_of_thousands_compiles_the_forms_its_text_names() -> None:
    pool = tuple(Known(f"m{j}", float(j), "bpm") for j in range(5000))
    names = NameIndex(pool, {})
    forms = names.forms_at
    assert forms is not None
    text = "The run put m12 at 12 bpm and m4999 at 4999 bpm; m12 again at 12 bpm."
    found = [(m.start(), m.group("form")) for m in names._matches(text)]
    assert found == [(12, "m12"), (30, "m4999"), (49, "m12")]
    assert forms._whole is None  # the alternation of 5,000 names is never compiled
    assert len(forms._compiled) == 2  # one small pattern for each first word read
    assert found == [(m.start(), m.group("form")) for m in forms.whole().finditer(text)]


def test_first_words_standing_in_one_place_match_as_the_whole_pattern() -> None:
    pool = (
        Known("rest", 2.0, "count"),
        Known("resting_hr", 52.0, "bpm"),
        Known("rest_days", 3.0, "count"),
        Known("restingness", 1.0, "none"),
    )
    names = NameIndex(pool, {"resting_hr": ("rest hr",)})
    text = "Resting HR 52, rest days 3, rests 2, rest-hr 51, restingness 1, Rest_Days 4."
    expected = [(m.span(), m.group("form")) for m in names.pattern.finditer(text)]
    assert [(m.span(), m.group("form")) for m in names._matches(text)] == expected
    assert [form.lower() for _, form in expected] == [
        "resting hr", "rest days", "rest", "rest-hr", "restingness", "rest_days",
    ]  # fmt: skip
