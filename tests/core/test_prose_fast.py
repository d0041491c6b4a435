"""The prose and name rules' fast paths against plain readings of the same rules.

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
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from reviewer.grounding import prose
from reviewer.grounding.config import DetectorConfig, load_config
from reviewer.grounding.names import BASELINE_WORDS, NameIndex, name_pattern
from reviewer.grounding.rules.gates import GatedTable, Reading
from reviewer.grounding.types import Known

ROOT = Path(__file__).resolve().parents[2]

# the clause end as first written: lookbehinds for the abbreviation, then the mark
_PLAIN_CLAUSE_END = re.compile(
    r"(?<!\b[Ee]st)(?<!\b[Aa]pprox)(?<!\b[Aa]vg)(?<!\bvs)(?<!\b[Cc]a)(?<!\bapx)(?<!\be\.g)"
    r"[.!?](?=[\s\"')\]]|$)|[;\n]|\s[\u2013\u2014\u00b7\u2022]\s|\s-\s"
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
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 90))) for _ in range(count)]


def number_starts(text: str) -> list[int]:
    return [m.start() for m in re.finditer(r"[0-9$€£+\-\u2212]", text)]


@pytest.mark.parametrize("source", ["corpus", "generated"])
def test_clause_before_matches_its_plain_reading(source: str) -> None:
    if source == "corpus":
        cases = [(text, start) for text in corpus_texts() for start in number_starts(text)]
    else:
        cases = [(text, start) for text in generated_texts(1500) for start in range(len(text) + 1)]
    assert len(cases) > 10_000
    wrong = [
        (text[max(0, start - 90) : start], prose.clause_before(text, start))
        for text, start in cases
        if prose.clause_before(text, start) != plain_clause_before(text, start)
    ]
    assert wrong == []


def test_clause_before_at_the_window_edge() -> None:
    # a clause end or an abbreviation cut by the window's start, with no other clause end
    # in the window: the window is read as a string of its own
    marks = ["Est. ", "approx. ", "vs. ", "e.g. ", "Best. ", "Done. ", "Hm! ", "x - ", "a; ", "\n"]
    cases = []
    for mark in marks:
        for filler in ["", "pace was ", "x " * 44, "HRV (61) came in at "]:
            text = "Ok " + mark + filler + "word " * 20 + "5 and 6"
            cases += [(text, start) for start in range(len(text) + 1)]
    wrong = [
        (text, start)
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
    " through ", "between ", "from ", " of ", "out of the last ", " out of 10", " out of 100 runs",
    "×", " x ", "→", "->", "planned",
    " scheduled", "tomorrow", " next week", " by Friday", " is the target", " or so", " max",
    "maximum", "target", " goal", " would be ideal", " on the calendar", " is normal", "kmtarget",
    "mi/xnext week", " ago", " a week ago", " last month", " previously", " before", " earlier",
    " at the start", " at midnight", " on Monday to", " in the summer", "\u0131", "\u0130",
    "\u017f", "\u212a", "w\u0131thin ", "a\u017f much a\u017f ", "tarKet", "bpm", " bpm", "%",
    " mi", "km", " is ", " was ", "Do ", "keep ", "HRV ", "(was ", "last week's ", "yesterday ",
    " today", "Forerunner ", "~", "#", ": ", ", ", ". ", "; ", "\n", " ", "\xa0", "52", "5.3",
    "1,200", "61", "3 ", "4-5", "52 to USD ", "5 or US$", "1,200 and EUR ", "3 mi through GBP ",
    "between 52 and USD ", "at most USD ", "below minus ", "under US$", "about negative ",
    "48 bpm to ", "3-$", "Postgres ", "\u00e9Forerunner ", "_Abc ", "iPhone ", "Ab\u00a0", "Zz\t",
    " of which ", " of wh\u0131ch ", " OF THE\u017fE, ", " of whom about ", "/", " / USD ",
    "k/$", "/\u00a0", "Had burn been ", "had ", "At ", "a\u0130 ", "last month's ", "La\u017ft ",
    "yesterday ", "YE\u017fTERDAY ", "1 in ", "one per ", "vs ", "versus ", "asked for ",
    "when it exceeds ", "in ", "we go to ", "tracking to ", "left to reach ", "after ",
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
    assert set(found) == {
        None,
        "plan",
        "range",
        "past value",
        "count",
        "ordinal",
        "approximate",
        "scale",
    }


def test_each_gate_is_a_set_of_lowercase_words() -> None:
    gated = [reading for reading in prose.STATEMENT_READINGS if reading.needs is not None]
    assert len(gated) >= 15
    for reading in gated:
        assert isinstance(reading.needs, frozenset) and reading.needs, reading
        assert all(re.fullmatch("[a-z]+", word) for word in reading.needs), reading


@pytest.mark.parametrize("source", ["corpus", "generated"])
def test_no_reading_holds_where_its_gate_keeps_it_out(source: str) -> None:
    # each reading run plainly on every number, where the clause before holds none of the
    # words the reading needs: it must never hold there, or its gate loses a reading
    texts = corpus_texts() if source == "corpus" else gated_texts(6000)
    gated = [reading for reading in prose.STATEMENT_READINGS if reading.needs is not None]
    held_inside = set()
    wrong = []
    for text in texts:
        for start, end in spans(text):
            clause = prose._Clause(text, start, end, True)
            for reading in gated:
                why = reading.read(clause)
                if why is None:
                    continue
                if reading.needs.isdisjoint(clause.present):
                    wrong.append((text[max(0, start - 90) : end], why.rule, sorted(reading.needs)))
                else:
                    held_inside.add(reading.read)
    assert wrong == []
    if source == "generated":  # (the texts reach the readings the gates let in)
        assert len(held_inside) >= len(gated) // 2


def test_the_table_tries_ungated_readings_and_those_whose_words_are_there() -> None:
    def reading(name: str, needs: frozenset[str] | None = None) -> Reading[Callable[[str], str]]:
        return Reading(lambda seen: f"{name}:{seen}", needs)

    table = GatedTable(
        [
            reading("a", frozenset({"from", "since"})),
            reading("b"),
            reading("c", frozenset({"had"})),
            reading("d", frozenset({"since"})),
        ]
    )
    assert table.index == {"from": {0}, "since": {0, 3}, "had": {2}}

    def tried(present: set[str]) -> list[str | None]:
        return [read("x") for read in table.candidates(present)]

    assert tried(set()) == ["b:x"]
    assert tried({"since", "the"}) == ["a:x", "b:x", "d:x"]
    assert tried({"had", "from"}) == ["a:x", "b:x", "c:x"]
    assert tried({"had", "from"}) == ["a:x", "b:x", "c:x"]  # (the same words: kept)
    assert [read("x") for read in table.every] == ["a:x", "b:x", "c:x", "d:x"]


@cache
def corpus_records() -> tuple[tuple[str, tuple[Known, ...], DetectorConfig], ...]:
    records = []
    configs = {path.stem: load_config(path) for path in ROOT.glob("fixtures/eval/configs/*.toml")}
    for path in sorted(ROOT.glob("fixtures/*/*.jsonl")) + sorted(ROOT.glob("fixtures/*/*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "text" in record and "pool" in record:
                pool = tuple(Known(k["name"], k["value"], k["unit"]) for k in record["pool"])
                config = configs.get(path.stem, DetectorConfig())
                records.append((record["text"], pool, config))
    return tuple(records)


def name_spellings(names: NameIndex, rng: random.Random) -> list[str]:
    """A pool's names as writers vary them: capitals, plurals, possessives, hyphens,
    letters that `(?i:...)` reads as ASCII ones (the long s, dotless i, Kelvin sign)."""
    spellings = []
    for form in [*names.by_form, *names.partial, *names.heads]:
        spelling = form.upper() if rng.random() < 0.3 else form
        if rng.random() < 0.3:
            spelling = spelling.replace(" ", rng.choice(["-", "_", "  ", "\u00a0"]))
        if rng.random() < 0.3:
            odd = {"s": "\u017f", "i": "\u0131", "k": "\u212a", "I": "\u0130"}
            spelling = "".join(odd.get(c, c) if rng.random() < 0.5 else c for c in spelling)
        spellings.append(spelling + rng.choice(["", "'s", "’s", "s", "es", "x", "5"]))
    return spellings


def test_name_pattern_matches_its_plain_writing() -> None:
    rng = random.Random(15)
    compared = 0
    patterns: dict[tuple, tuple[re.Pattern[str], re.Pattern[str], NameIndex] | None] = {}
    for text, pool, config in corpus_records():
        key = (tuple(known.name for known in pool), tuple(sorted(config.names.items())))
        samples = [text]
        if key not in patterns and len(patterns) >= 80:
            continue  # each pool's patterns take milliseconds to compile
        if key not in patterns:
            names = NameIndex(pool, config.names)
            patterns[key] = None
            if names.pattern is not None:
                forms = [*names.by_form, *names.partial, *names.heads]
                patterns[key] = name_pattern(forms), name_pattern(forms, plain=True), names
                glue = ["", " ", ", ", "(", "$", "a", "\u00e9", "7", "\n", "\u0130"]
                spelled = [rng.choice(glue) + s for s in name_spellings(names, rng)]
                samples.append("".join(spelled))
                samples.append("".join(s for s in spelled if "\u0130" not in s))
        if patterns[key] is None:
            continue
        fast, plain, names = patterns[key]
        assert fast.pattern != plain.pattern  # these pools' forms all take the fast writing
        for sample in samples:
            found = [(m.span(), m.group("form")) for m in fast.finditer(sample)]
            assert found == [(m.span(), m.group("form")) for m in plain.finditer(sample)]
            # and the pattern tried only where a form's first word stands
            assert [m.span() for m in names._matches(sample)] == [m[0] for m in found]
            compared += len(found)
    assert compared > 1000


def test_name_pattern_is_written_plainly_for_a_form_that_starts_with_a_mark() -> None:
    forms = ["%ile", "rhr"]
    assert name_pattern(forms).pattern == name_pattern(forms, plain=True).pattern
    assert [m.group("form") for m in name_pattern(forms).finditer("the %ile and RHR")] == [
        "%ile",
        "RHR",
    ]


def test_initials_admit_every_word_as_the_case_free_pattern_reads_it() -> None:
    words = prose._SIGN_AFTER_WORDS + "|istanbul|kelvin"
    guard = re.compile(prose.initials(words))
    for word in words.split("|"):
        for first in {word[0], word[0].upper(), "\u0130", "\u0131", "\u017f", "\u212a"}:
            written = first + word[1:]
            if re.fullmatch(f"(?i:{words})", written):
                assert guard.match(written), written
    assert not guard.match("xlower") and not guard.match("9 lower")


def test_sign_after_matches_its_unguarded_pattern() -> None:
    guard = prose.initials(prose._SIGN_AFTER_WORDS)
    plain = re.compile(prose._SIGN_AFTER.pattern.replace(guard, ""))
    assert plain.pattern != prose._SIGN_AFTER.pattern
    rng = random.Random(13)
    written = ["5 bpm LOWER", "3 \u017fmaller", "4 mi more", "2%lower", "7 Down", "1 x\nless",
               "$5 in the red", "6 In\u00a0the hole", "2 under water", "8 underwater",
               "$4 loss", "3 short", "9 on the Negative  side"]  # fmt: skip
    mixed = [" ".join(rng.choice(written) for _ in range(6)) for _ in range(300)]
    texts = [*corpus_texts(), *gated_texts(2000), *mixed]
    compared = 0
    for text in texts:
        for _, end in spans(text):
            fast = prose._SIGN_AFTER.match(text, end, end + 30)
            slow = plain.match(text, end, end + 30)
            assert (fast and fast.span()) == (slow and slow.span())
            compared += fast is not None
    assert compared > 100


def test_pronoun_clauses_are_found_as_the_plain_pattern_finds_them() -> None:
    from reviewer.grounding import default

    rng = random.Random(21)
    pieces = ["It's ", "it is ", "It\u00a0was ", "it ", "with ", "Edit ", "IT ", "it's at ",
              ". ", "; ", "\n", "this week ", "So far, ", "now ", "HRV ", "52", "$1.9M",
              " bpm", "currently ", "still ", "at ", "\u0130t is ", "came in at "]  # fmt: skip
    mixed = ["".join(rng.choice(pieces) for _ in range(rng.randint(3, 25))) for _ in range(3000)]
    compared = 0
    for text in [*corpus_texts(), *mixed]:
        plain = [m.span() for m in default._PRONOUN_CLAUSE.finditer(text)]
        assert [m.span() for m in default._pronoun_clauses(text)] == plain, text
        compared += len(plain)
    assert compared > 100


def test_demonstrative_clauses_are_found_as_the_plain_pattern_finds_them() -> None:
    from reviewer.grounding import default

    rng = random.Random(22)
    pieces = ["That's ", "This is ", "That was ", "That ", "This ", "up ", "a ", ". ",
              "; ", "\n", "DAU ", "7.5%", "$1.9M", " higher", "Thats ", "THAT'S ", "? ",
              "That’s ", "about "]  # fmt: skip
    mixed = ["".join(rng.choice(pieces) for _ in range(rng.randint(3, 25))) for _ in range(3000)]
    compared = 0
    for text in [*corpus_texts(), *mixed]:
        plain = [m.span() for m in default._DEMONSTRATIVE_CLAUSE.finditer(text)]
        assert [m.span() for m in default._demonstrative_clauses(text)] == plain, text
        compared += len(plain)
    assert compared > 100


def test_a_name_index_shared_by_a_schema_reads_as_a_fresh_one() -> None:
    """`NameIndex.of` builds a pool's names once per set of names and rebinds them to
    each pool's values: every corpus brief flags as with an index built for it alone."""
    from reviewer.grounding.default import DefaultDetector
    from reviewer.grounding.names import NameIndex

    class Fresh(DefaultDetector):
        def _names(self, index):  # type: ignore[no-untyped-def]
            return NameIndex(index.pool, self.config.names)

    rng = random.Random(5)
    compared = 0
    detectors: dict[int, tuple[DefaultDetector, DefaultDetector]] = {}
    for text, pool, config in corpus_records():
        shared, fresh = detectors.setdefault(id(config), (DefaultDetector(config), Fresh(config)))
        # the same names with other values: what the shared index is rebound to
        other = tuple(
            Known(k.name, round(k.value * rng.uniform(0.5, 1.5), 2), k.unit) for k in pool
        )
        for p in (pool, other):
            assert shared.flag(text, p) == fresh.flag(text, p)
            compared += 1
    assert compared > 600


def test_the_number_before_a_name_is_found_as_a_plain_walk_finds_it() -> None:
    """`_number_before` looks the last number before a name up by bisection in the text's
    one scan; the plain reading walks that scan to the name. (A scan of only the reach
    before the name, as the detector once made, could start inside a number cut at the
    reach's edge: "0.8" of "70.8".)"""
    from reviewer.grounding import default
    from reviewer.grounding.default_scanner import ascii_digits

    detector = default.DefaultDetector()

    def plain(read: str, at: int, reach: int):  # type: ignore[no-untyped-def]
        lo = max(0, at - reach)
        before = None
        for b in detector.scanner.pattern.finditer(read, 0, len(read)):
            if b.start() >= at:
                break
            stated = b.group("body") is not None or b.lastgroup == "duration"
            glued = b.start() > lo and read[b.start() - 1] in "0123456789,."
            if b.start() >= lo and stated and not glued:
                before = b
        return before

    compared = 0
    for text in corpus_texts():
        read = ascii_digits(text)
        numbers = detector._numbers(read)
        # where a name starts: a word's first letter after a space
        for at in (i for i in range(1, len(read)) if read[i].isalpha() and read[i - 1] == " "):
            fast = default._number_before(numbers, read, at, 120)
            slow = plain(read, at, 120)
            assert (fast and fast.span()) == (slow and slow.span()), text[max(0, at - 120) : at]
            compared += slow is not None
    assert compared > 10000


def _segment_words_texts() -> list[str]:
    """Text full of what the segment and qualifier gates look for: the words, marks and
    spaces around them in every order."""
    rng = random.Random(31)
    pieces = ["Peak", "(peak", "worst-case", "free-tier", "iOS", "among", "among,", "for the",
              "Sam's", "Mei’s", "Sunday's", "Runners", "women", "peers", "a typical", "Normal",
              "partner's", "teammates", "Others", "PEOPLE",
              "on", "per", "per day", "of the", "during your", "after the long", "today's",
              "DAU", "ARPU", "HRV", "run", ",", ".", "\n", "\u00a0", "-", "(", ")", "  ",
              "cohort", "test", "users", "was", "72", "at", "in",
              "7-day", "30 night", "average", "avg.", "Avg", "rolling", "mean", "7", "by",
              "by channel", "regions", "all-time high", "record low", "recommended amount of",
              "industry", "Competitor", "benchmark", "best day for", "for",
              "personal best", "Among", "In", "On", "Within", "Germany,", "power users,",
              "the load side,", "November,", "your", "their", ",\t", ",\u00a0",
              "Variant B's", "group's", "service's", "Sam's", "HR is", "rest days", "days",
              "weekends", "Nights", "easy"]  # fmt: skip
    return [" ".join(rng.choice(pieces) for _ in range(rng.randint(3, 14))) for _ in range(3000)]


def test_segment_qualifier_and_someone_else_gates_match_their_plain_readings() -> None:
    from reviewer.grounding import default

    def plain_segmented(text: str, m_start: int, m_end: int) -> bool:
        ratio = (
            default._RATIO_AFTER.match(text, m_end)
            or default._RATIO_BEFORE.search(text, max(0, m_start - 40), m_start)
        ) and not default._PAIRED_AFTER.search(text, m_end, m_end + 40)
        return bool(
            default._SEGMENT_BEFORE.search(text, max(0, m_start - 24), m_start)
            or default._WINDOW_BEFORE.search(text, max(0, m_start - 30), m_start)
            or ratio
            or default._SEGMENT_AFTER.match(text, m_end)
            or default._DAYS_OF_A_KIND.match(text, m_end)
            or default._SEGMENT_OPENER.search(text, max(0, m_start - 70), m_start)
        )

    def plain_qualifies(text: str, start: int) -> bool:
        lo = max(0, start - 60)
        modifier = default._MODIFIER_BEFORE.search(text, lo, start)
        if modifier is None:
            return False
        opening = text[lo : modifier.start()]
        breaks = [opening.rfind(c) for c in ".;:!?,\n"]
        return any(c.isalpha() for c in opening[max(breaks) + 1 :])

    def plain_someone_else(text: str, start: int, number: bool = False) -> bool:
        lo = max(0, start - 50)
        chunk = text[lo:start]
        marks = [
            at + 1
            for at, c in enumerate(chunk)
            if c in ";:!?\n"
            or (c in ".," and not (chunk[at + 1 : at + 2] and chunk[at + 1] in "0123456789"))
        ]
        words = chunk[marks[-1] if marks else 0 :].lower().split()
        if number and marks and chunk[marks[-1] - 1] == ":" and not words:
            label = chunk[: marks[-1] - 1]  # a label's words say whose its number is
            label_marks = [
                at + 1
                for at, c in enumerate(label)
                if c in ";:!?\n("
                or (c in ".," and not (label[at + 1 : at + 2] and label[at + 1] in "0123456789"))
            ]
            words = label[label_marks[-1] if label_marks else 0 :].lower().split()
        if not default._OTHERS.isdisjoint(words):
            return True
        if words and words[-1] in default._NORMS and not number:
            return True
        if not number and words[-1:] == ["of"] and not default._NORMS.isdisjoint(words[-4:]):
            return True
        if default._SEGMENT_POSSESSOR.search(chunk):
            return True
        owner = default._POSSESSOR.search(chunk)
        if owner is None and number:
            owner = default._POSSESSOR_AFAR.search(chunk)
        if owner is None or owner.group(1).lower() in default._NOT_SOMEONE:
            return False
        return owner.group(1) not in text[: min(lo + owner.start(), 80)]

    checked = 0
    for text in [*corpus_texts(), *_segment_words_texts(), *generated_texts(2000)]:
        for word in re.finditer(r"[A-Za-z0-9]+", text):
            start, end = word.start(), word.end()
            assert default._segmented(text, start, end) == plain_segmented(text, start, end), (
                text,
                start,
            )
            assert default._qualifies(text, start) == plain_qualifies(text, start), (text, start)
            assert default._someone_else(text, start) == plain_someone_else(text, start), (
                text,
                start,
            )
            number = default._someone_else(text, start, number=True)
            assert number == plain_someone_else(text, start, number=True), (text, start)
            checked += 1
    assert checked > 50_000


def test_verb_on_name_gate_matches_its_plain_reading() -> None:
    from reviewer.grounding import names

    def plain(text: str, start: int) -> int:
        found = names._VERB_ON.search(text, max(0, start - 30), start)
        if found is None:
            return 0
        return 1 if found.group(1).lower() in names._RAISING else -1

    rng = random.Random(41)
    pieces = ["cut", "Cut", "(cut", "fix\u2014cut", "lifted", "LIFTED", "raised", "dropped",
              "your", "our", "the", "its", " ", "  ", "\u00a0", "\n", ",", "-", "p95", "latency",
              "DAU", "executed", "shortcut", "by", "20%", "to", "(", ")"]  # fmt: skip
    texts = [" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 14))) for _ in range(3000)]
    for text in [*corpus_texts(), *texts]:
        for start in range(len(text) + 1):
            assert names.verb_on_name(text, start) == plain(text, start), (text, start)


def test_table_headers_remembered_row_to_row_match_the_walk_up_each_row() -> None:
    from reviewer.grounding import default

    def plain(text: str, line: int) -> list[str] | None:
        above = []  # the table's lines above the row, nearest first
        for row in reversed(text.split("\n")[: text.count("\n", 0, line)]):
            if not row.lstrip().startswith("|"):
                break
            above.append(row)
        rules = [i for i, row in enumerate(above[:-1]) if default._TABLE_RULE.match(row)]
        return above[rules[0] + 1].split("|") if rules else None

    rng = random.Random(43)
    lines = ["| Item | Last month | This month |", "|---|---|---|", "|:--|--:|", "| Burn |",
             "| Cash | 2 | 3 |", "Notes:", "", "  | indent | 4 |", "|----", "| Goal |"]  # fmt: skip
    for _ in range(400):
        text = "\n".join(rng.choice(lines) for _ in range(rng.randint(1, 30)))
        starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        order = starts if rng.random() < 0.5 else rng.sample(starts, len(starts))
        for line in order + starts:
            assert default._header_cells(text, line) == plain(text, line), (text, line)


def test_names_within_a_window_are_found_by_bisection_as_a_scan_finds_them() -> None:
    from reviewer.grounding import default

    rng = random.Random(47)
    known = Known("x", 1.0, "none")
    for _ in range(300):
        mentions, at = [], 0
        for _ in range(rng.randint(0, 12)):  # in text order, never overlapping
            at += rng.randint(0, 6)
            end = at + rng.randint(1, 5)
            mentions.append((at, end, known, True))
            at = end
        for lo in range(-2, at + 3):
            for hi in range(lo, at + 4):
                scan = [m for m in mentions if m[1] > lo and m[0] < hi]
                assert default._mentions_within(mentions, lo, hi) == scan, (mentions, lo, hi)


def test_a_table_s_latest_row_remembered_matches_reading_the_table_afresh() -> None:
    from reviewer.grounding import default

    def fresh(text: str, line: int) -> int | None:
        default._LAST_ROWS = ("", 0, -1, None)
        return default._latest_row(text, line)

    rng = random.Random(53)
    lines = ["| Week | DAU |", "|---|---|", "| W47 | 1 |", "| W48 | 2 |", "| Mon | 3 |",
             "| Tue | 4 |", "| Oct | 5 |", "Notes", "", "| x | 6 |", "| Q3 | 7 |"]  # fmt: skip
    for _ in range(400):
        text = "\n".join(rng.choice(lines) for _ in range(rng.randint(1, 20)))
        starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        expected = {line: fresh(text, line) for line in starts}
        default._LAST_ROWS = ("", 0, -1, None)
        for line in rng.sample(starts, len(starts)) + starts:
            assert default._latest_row(text, line) == expected[line], (text, line)


def test_the_extreme_and_baseline_gates_match_their_patterns() -> None:
    from reviewer.grounding import default

    def plain(pattern: re.Pattern[str], words: frozenset[str], text: str, start: int) -> bool:
        if pattern.search(text, max(0, start - 40), start) is None:
            return False
        return words.isdisjoint(re.findall(r"[a-z0-9]+", known.name.replace("_", " ")))

    known = Known("hrv", 52, "none")
    rng = random.Random(59)
    pieces = ["with", "peaks", "PEAKS", "highs", "a", "the", "low", "daily", "of", "near",
              "ſpikes", "hıgh", "PEAK", "Baseline", "usual", "norm", "is", "sits at", ":",
              "your", "burn", "$", "~", "about", " ", "\u00a0", "HRV", "52", "61%"]  # fmt: skip
    compared = 0
    for _ in range(3000):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(2, 10))) + " 44"
        start = len(text) - 2
        assert default._extreme_noun_before(text, start, known) == plain(
            default._EXTREME_NOUN, default._EXTREMES, text, start
        ), text
        assert default._baseline_before(text, start, known) == plain(
            default._BASELINE_BEFORE, BASELINE_WORDS, text, start
        ), text
        compared += 1
    assert compared == 3000


def test_the_span_gate_matches_the_span_pattern() -> None:
    from reviewer.grounding import default

    def plain(text: str, start: int, band: bool) -> str | None:
        lo = max(0, start - 160)
        if default._SPAN_SAID.search(text, lo, start) is None:
            return None
        begins = lo
        for end in default._SENTENCE_END.finditer(text, lo, start):
            begins = end.end()
        found = default._SPAN_OPENS.match(text, begins, start)
        if found is not None and found.group(4):
            return default._span_of(found)
        if band:
            found = default._SPAN_OPENS.match(default.clause_before(text, start))
            if found is not None:
                return default._span_of(found)
        return None

    rng = random.Random(61)
    pieces = ["Year", "to", "date", "-", "YTD", "ytd", "QTD", "Lifetime", "lıfetime", "lİfetime",
              "All", "time", "all-time", "cumulatıve", "Cumulative", "revenue", "mileage", ",",
              ":", "is", "was", ".", "\n", "Month-to-date", "week", " ", "\u00a0"]  # fmt: skip
    compared = 0
    for _ in range(3000):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 9))) + " 44"
        start = len(text) - 2
        for band in (False, True):
            assert default._span_opens(text, start, band) == plain(text, start, band), text
            compared += 1
    assert compared == 6000
    assert default._span_opens("Lıfetime: 44", 10, False) == "all"


def test_one_of_many_matches_its_pattern_on_generated_sentences() -> None:
    from reviewer.grounding import default

    def plain(text: str, start: int) -> bool:
        lo = max(0, start - 120)
        begins = lo
        for end in default._SENTENCE_END.finditer(text, lo, start):
            begins = end.end()
        found = default._ONE_OF_MANY.match(text, begins, start)
        if found is None or ":" in text[found.end() : start]:
            return False
        word = found.group("extreme") or found.group("part") or found.group("segment")
        return word.lower() not in {"lowest"}

    rng = random.Random(67)
    pieces = ["Our", "the", "Your", "best", "bıggest", "nolſiest", "noiſiest", "TOP", "worst",
              "lowest", "ad", "night", "had", "saw", "was", "a", "CTR", "of", ".", "\n", ",",
              " ", "\u00a0", "fired", "heart rate", "Variant", "B", "varıant", "cohort", "2",
              "converted", "control", "group", "test", "arm", "Email", "drove", "Paid",
              "search", ":"]  # fmt: skip
    compared = 0
    for _ in range(4000):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(2, 9))) + " 44"
        start = len(text) - 2
        assert default._one_of_many(text, start, {"lowest"}) == plain(text, start), text
        compared += 1
    assert compared == 4000
    assert default._one_of_many("The noiſiest host fired 44", 24, ()) is True


def test_the_percentile_gate_matches_its_pattern() -> None:
    from reviewer.grounding import default

    names = NameIndex.of([Known("p95_latency", 728, "ms")], {})

    def plain(text: str, start: int) -> bool:
        before = prose.clause_before(text, start)
        said = {a or b for a, b in default._PERCENTILE.findall(before[before.rfind(",") + 1 :])}
        return bool(said) and said.isdisjoint({"95"})

    rng = random.Random(71)
    pieces = ["p99", "P90", "p95", "p9", "the", "99th", "95TH", "percentile", "PERCENTİLE",
              "PeRcEnTıLe", "latency", ",", "was", "at", "up", "sleep", " ", "\u00a0",
              "3rd"]  # fmt: skip
    compared = 0
    for _ in range(4000):
        text = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 8))) + " 44"
        start = len(text) - 2
        assert default._other_percentile(text, start, "p95_latency", names) == plain(text, start), (
            text
        )
        compared += 1
    assert compared == 4000


def test_the_percentile_after_gate_matches_its_pattern() -> None:
    from reviewer.grounding import default

    names = NameIndex.of([Known("p95_latency", 728, "ms")], {})

    def plain(text: str, end: int) -> bool:
        said = default._PERCENTILE_AFTER.match(text, end)
        return said is not None and (said.group(1) or said.group(2)) != "95"

    rng = random.Random(73)
    pieces = ["p99", "P90", "p95", "p9", "the", "99th", "95TH", "percentile", "PERCENTİLE",
              "PeRcEnTıLe", "ms", "%", "(", ")", "at", "AT", "and", "latency", ":", "7", " ",
              "  ", "\u00a0", "\t", "brpm", "3rd"]  # fmt: skip
    compared = 0
    for _ in range(4000):
        text = "44" + "".join(rng.choice(pieces) + rng.choice(["", " "]) for _ in range(9))
        assert default._percentile_after(text, 2, "p95_latency", names) == plain(text, 2), text
        compared += 1
    assert compared == 4000
    assert default._percentile_after("44 ms p99", 2, "p95_latency", names) is True


def test_the_amount_of_things_gate_matches_its_pattern() -> None:
    from reviewer.grounding import default

    def plain(text: str, start: int) -> bool:
        found = default._AMOUNT_OF_THINGS.search(text, max(0, start - 40), start)
        return found is not None and found.group("noun").lower() not in default._TIME_PLURALS

    rng = random.Random(79)
    noise = ["We", "closed", "the", "1.5", ",", "\u00a0", "worth", "for", "(", "tıckets"]
    counts = ["6", "Four", "12", "SEVERAL", "1.5", "x"]
    nouns = ["overdue invoices", "deals", "months", "tickets", "tıckets", "Refunds", "bass"]
    joins = ["WORTH", "totalling", "Totaling", "cost", "for", "came to", "add up to", "(",
             "amounting to", "at", "of"]  # fmt: skip
    money = ["", "$", "USD ", "€"]
    matched = 0
    for _ in range(4000):
        words = [rng.choice(noise) for _ in range(rng.randint(0, 3))]
        words += [rng.choice(counts), rng.choice(nouns), rng.choice(joins)]
        text = " ".join(words) + rng.choice([" ", "", "  "]) + rng.choice(money) + "31k"
        start = len(text) - 3
        assert default._amount_of_things(text, start) == plain(text, start), text
        matched += plain(text, start)
    assert 400 < matched < 3600  # both readings are reached


def test_the_annualized_gates_match_their_patterns() -> None:
    from reviewer import Known
    from reviewer.grounding import default

    known = Known("burn", 92_417, "usd")

    def plain(text: str, start: int, end: int) -> bool:
        if default._ANNUAL_AFTER.match(text, end):
            return True
        before = prose.clause_before(text, start)[-80:]
        return bool(
            default._ANNUAL_BEFORE.search(before, before.rfind(",") + 1)
            or default._ANNUAL_OPENER.search(text, max(0, start - 80), start)
        )

    rng = random.Random(83)
    pieces = ["Annualized,", "annualized", "Annualises to", "run rate", "Run-rate", "ARR", "arr",
              "a year", "per year", "/yr", "a year ago", "per annum", "on an annual basis",
              "On an annualized basis,", "burn", "is", "of", ",", ".", "  ", "\u00a0", "$",
              "k", "M"]  # fmt: skip
    reached = 0
    for _ in range(4000):
        head = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        tail = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))
        text = f"{head} 1.1M{rng.choice(['', ' '])}{tail}"
        start = len(head) + 1
        end = start + 4
        assert default._annualized(text, start, end, known) == plain(text, start, end), text
        reached += plain(text, start, end)
    assert 400 < reached < 3600  # both readings are reached
