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
    "e.g. ", "e.g.", "best. ", "Cast. ", "X.", "!", "?", "?)", ".\"", ".'", ".]", ";", "\n",
    " - ", " – ", " — ", "-", "–", " ", "  ", "\t", "\u00a0", "\u202f", "rate", "RHR", "was",
    "is", "to", "from", "about", "under", "52", "5.3", "$1,200", "-4", "(", ")", ",", ":", ": ",
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
