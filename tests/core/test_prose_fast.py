"""The prose rules' fast paths against plain readings of the same rules.

The default detector reads the clause around each number it would flag (prose.py) and the
names beside it (names.py). Those readings are written for speed: patterns that start with
a character, word gates before a search. Each is held here to a plain reading of the same
rule on every number of the evaluation corpus and the demo briefs, and on generated text
full of what the gates look for (abbreviations, marks, dashes, words in capitals).
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path

import pytest

from reviewer.grounding import prose

ROOT = Path(__file__).resolve().parents[2]

# the clause end as first written: lookbehinds for the abbreviation, then the mark
_PLAIN_CLAUSE_END = re.compile(
    r"(?<!\b[Ee]st)(?<!\b[Aa]pprox)(?<!\b[Aa]vg)(?<!\bvs)(?<!\b[Cc]a)(?<!\bapx)(?<!\be\.g)"
    r"[.!?](?=[\s\"')\]]|$)|[;\n]|\s[\u2013\u2014]\s|\s-\s"
)


def plain_clause_before(text: str, start: int) -> str:
    lo = max(0, start - 90)
    chunk = text[lo:start]
    ends = list(_PLAIN_CLAUSE_END.finditer(chunk))
    return chunk[ends[-1].end() :] if ends else chunk


@cache
def corpus_texts() -> tuple[str, ...]:
    texts = []
    paths = [*ROOT.glob("fixtures/eval/*/*.jsonl"), *ROOT.glob("fixtures/demo/*.jsonl")]
    for path in sorted(paths):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "text" in record:
                texts.append(record["text"])
    return tuple(texts)


PIECES = [
    "Est. ", "est.", "approx. ", "Approx.", "avg. ", "Avg.", "vs. ", "vs.", "ca. ", "Ca.", "apx. ",
    "e.g. ", "e.g.", "best. ", "Cast. ", "X.", "!", "?", "?)", ".\"", ".'", ".]", ";", "\n", " - ",
    " – ", " — ", "-", "–", " ", "  ", "\t", "\xa0", "\u202f", "rate", "RHR", "was", "is", "to",
    "from", "about", "under", "52", "5.3", "$1,200", "-4", "(", ")", ",", ":", ": ",
]  # fmt: skip


def generated_texts(count: int, seed: int = 15) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 40))) for _ in range(count)]


def number_starts(text: str) -> list[int]:
    return [m.start() for m in re.finditer(r"[0-9$€£+\-\u2212]", text)]


@pytest.mark.parametrize("source", ["corpus", "generated"])
def test_clause_before_matches_its_plain_reading(source: str) -> None:
    if source == "corpus":
        cases = [(text, start) for text in corpus_texts() for start in number_starts(text)]
    else:
        cases = [(text, start) for text in generated_texts(3000) for start in range(len(text) + 1)]
    assert len(cases) > 10_000
    wrong = [
        (text[max(0, start - 90) : start], prose.clause_before(text, start))
        for text, start in cases
        if prose.clause_before(text, start) != plain_clause_before(text, start)
    ]
    assert wrong == []


def test_clause_before_ends_at_marks_not_at_abbreviations() -> None:
    # the reading the fast pattern must keep: an abbreviation's point ends no clause
    assert prose.clause_before("Easy run. Est. pace was 5", 24) == " Est. pace was "
    text = "Slept well; HRV 61 vs. 63 and RHR 52"
    assert prose.clause_before(text, 34) == " HRV 61 vs. 63 and RHR "
    assert prose.clause_before("Best. Then 5", 11) == " Then "


# what the word gates of `not_a_statement` look for, in capitals and glued to units too
GATED = [
    "below ", "Below ", "UNDER ", "at most ", "at or above ", "no more than ", "up to ",
    "as many as ", "close to ", "north of ", "anywhere from ", "capped at ", "closer to ",
    "minus ", "Negative ", "USD ", "US$", "$", "€", "£", "-", "–", " to ", " or ", " and ",
    " through ", "between ", "from ", " of ", "out of the last ", "×", " x ", "→", "->", "planned",
    " scheduled", "tomorrow", " next week", " by Friday", " is the target", " or so", " max",
    "maximum", "target", " goal", " would be ideal", " on the calendar", " is normal", "kmtarget",
    "mi/xnext week", " ago", " a week ago", " last month", " previously", " before", " earlier",
    " at the start", " at midnight", " on Monday to", " in the summer", "\u0131", "\u0130",
    "\u017f", "\u212a", "w\u0131thin ", "a\u017f much a\u017f ", "tarKet", "bpm", " bpm", "%",
    " mi", "km", " is ", " was ", "Do ", "keep ", "HRV ", "(was ", "last week's ", "yesterday ",
    " today", "Forerunner ", "~", "#", ": ", ", ", ". ", "; ", "\n", " ", "\xa0", "52", "5.3",
    "1,200", "61", "3 ", "4-5", "52 to USD ", "5 or US$", "1,200 and EUR ", "3 mi through GBP ",
    "between 52 and USD ", "at most USD ", "below minus ", "under US$", "about negative ",
    "48 bpm to ", "3-$",
]  # fmt: skip


def gated_texts(count: int, seed: int = 9) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(GATED) for _ in range(rng.randint(2, 30))) for _ in range(count)]


def spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"[-+\u2212$€£]?[0-9][0-9,]*(?:\.[0-9]+)?", text)]


@pytest.mark.parametrize("source", ["corpus", "generated"])
def test_not_a_statement_matches_its_plain_reading(source: str) -> None:
    texts = corpus_texts() if source == "corpus" else gated_texts(6000)
    cases = [(text, start, end) for text in texts for start, end in spans(text)]
    assert len(cases) > 4000
    found = [prose.not_a_statement(text, start, end) for text, start, end in cases]
    plain = [prose.not_a_statement(text, start, end, plain=True) for text, start, end in cases]
    wrong = [
        (text[max(0, start - 90) : end + 60], fast, slow)
        for (text, start, end), fast, slow in zip(cases, found, plain, strict=True)
        if fast != slow
    ]
    assert wrong == []
    # the generated clauses reach every reason, and most numbers in them state nothing
    assert set(found) == {None, "plan", "range", "past value", "count", "ordinal"}
