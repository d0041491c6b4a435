"""The shared token scanner: spans, values, units, and why a number is not a claim."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default_scanner import DefaultScanner, parse_value, scanner_pattern
from reviewer.grounding.tokens import NOT_CHECKABLE, REFERENCE_SCANNER, Token

DEFAULT_SCANNER = DefaultScanner()
SCANNERS = [REFERENCE_SCANNER, DEFAULT_SCANNER]


def readings(scanner, text: str) -> list[tuple[str, float, str, str | None]]:
    return [(t.text, t.value, t.unit, t.skip) for t in scanner.scan(text)]


def test_token_fields() -> None:
    (token,) = REFERENCE_SCANNER.scan("rhr 1,052.5 bpm")
    assert token == Token(4, 11, "1,052.5", 1052.5, "bpm", None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12% and 12 %", [("12", 12.0, "pct", None), ("12", 12.0, "pct", None)]),
        ("45 minutes", [("45", 45.0, "mi", None)]),
        ("5 mid", [("5", 5.0, "mi", None)]),
        ("9,000 steps", [("9,000", 9000.0, "steps", None)]),
        ("52 BPM", [("52", 52.0, "bpm", None)]),
        ("5\u00a0mi", [("5", 5.0, "mi", None)]),
        ("5           mi", [("5", 5.0, "none", None)]),
        ("14 days, 7-day, 3 - weeks", [("14", 14.0, "none", "window"),
                                       ("7", 7.0, "none", "window"),
                                       ("3", 3.0, "none", "window")]),
        ("14 Days, 14\tdays", [("14", 14.0, "none", "window"), ("14", 14.0, "none", "window")]),
        ("2 daylight, 2 weekends", [("2", 2.0, "none", None), ("2", 2.0, "none", None)]),
        ("7h 30m", [("7", 7.0, "none", "duration"), ("30", 30.0, "none", "duration")]),
        ("7h\n30m", [("7", 7.0, "none", "duration"), ("30", 30.0, "none", "duration")]),
        ("x7h 30m", [("7", 7.0, "none", None), ("30", 30.0, "none", None)]),
        ("2h 5min", [("2", 2.0, "none", None), ("5", 5.0, "mi", None)]),
        ("1.5h 30m", [("1.5", 1.5, "none", None), ("30", 30.0, "none", "duration")]),
        ("-7h30m", [("-7", -7.0, "none", None), ("30", 30.0, "none", "duration")]),
        ("4-5 mi", [("4", 4.0, "none", None), ("-5", -5.0, "mi", None)]),
        ("\u221222.4", [("22.4", 22.4, "none", None)]),
        ("\u0665\u0662 bpm", [("\u0665\u0662", 52.0, "bpm", None)]),
    ],
)  # fmt: skip
def test_reference_readings(text: str, expected) -> None:
    assert readings(REFERENCE_SCANNER, text) == expected


@pytest.mark.parametrize(
    ("text", "skips"),
    [
        ("woke at 6:45", ["clock", "clock"]),
        ("6 am, 7pm", ["clock", "clock"]),
        ("near 8:30/mi", ["pace", "pace"]),
        ("8:30 min/mi", ["pace", "pace"]),
        ("on 2026-12-02", ["date", "date", "date"]),
        ("on 12/02/2026", ["date", "date", "date"]),
        ("on Dec 2", ["date"]),
        ("the 2nd of March", ["date"]),
        ("won 3-1", ["range", "range"]),
        ("4 - 5 mi", ["range", "range"]),
        ("v0.39.0", ["version", "version", "version"]),
        ("v2", ["version"]),
        ("Z2 and H2O", ["identifier", "identifier"]),
        ("INC-2291, Zone-2, couch-to-5k", ["identifier", "identifier", "identifier"]),
        ("14 days and 7-day and 3 nights", ["window", "window", "window"]),
        ("23 strides", ["count"]),
        ("21 hill repeats", ["count"]),
        ("40 km", ["unit"]),
        ("400m", ["unit"]),
        ("3rd", ["ordinal"]),
    ],
)
def test_default_skip_reasons(text: str, skips: list[str]) -> None:
    assert [t.skip for t in DEFAULT_SCANNER.scan(text)] == skips


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\u221222.4", ("\u221222.4", -22.4, "none")),
        ("+4", ("+4", 4.0, "none")),
        ("Z-2", ("2", 2.0, "none")),
        ("10.6k steps", ("10.6k", 10600.0, "steps")),
        ("1,234,567.5 mi", ("1,234,567.5", 1234567.5, "mi")),
        ("12\u00a0%", ("12", 12.0, "pct")),
        ("52 beats per minute", ("52", 52.0, "bpm")),
        ("52bpm", ("52", 52.0, "bpm")),
        ("30-minute", ("30", 30.0, "min")),
        ("5 Miles", ("5", 5.0, "mi")),
        ("5 mid-week", ("5", 5.0, "none")),
        ("22.4 signals fatigue", ("22.4", 22.4, "none")),
    ],
)
def test_default_claims(text: str, expected) -> None:
    (token,) = DEFAULT_SCANNER.scan(text)
    assert (token.text, token.value, token.unit, token.skip) == (*expected, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7h 30m", ("7h 30m", 450.0, "min")),
        ("6h44m", ("6h44m", 404.0, "min")),
        ("2 hours 15 minutes", ("2 hours 15 minutes", 135.0, "min")),
        ("1.5 hours and 5 min", ("1.5 hours and 5 min", 95.0, "min")),
        ("1 h 02 min", ("1 h 02 min", 62.0, "min")),
        ("\uff16h 12m", ("\uff16h 12m", 372.0, "min")),
    ],
)
def test_a_duration_is_one_claim_in_minutes(text: str, expected) -> None:
    (token,) = DEFAULT_SCANNER.scan(text)
    assert (token.text, token.value, token.unit, token.skip) == (*expected, None)
    assert parse_value(expected[0]) == expected[1]


def test_default_units_come_from_the_config() -> None:
    scanner = DefaultScanner(DetectorConfig(units={"km": ("km", "kilometres")}))
    assert [(t.unit, t.skip) for t in scanner.scan("5 kilometres, 5 km, 5 mi")] == [
        ("km", None),
        ("km", None),
        ("none", None),
    ]


def test_parse_value() -> None:
    assert parse_value("\u20131,200.5") == -1200.5
    assert parse_value("\uff0b3k") == 3000.0
    assert parse_value("0.1k") == 100.0


texts = st.text(
    alphabet=st.sampled_from(list("0123456789 ,.-+%hmkdaysbpmistep\u2212\u2013\u00a0:/v٣")),
    max_size=60,
)


# aliases made only of token characters: the default keys unit verdicts another way
ODD_UNITS = DefaultScanner(DetectorConfig(units={"bpm": ("bpm",), "thou": ("k", ",000", ".5")}))


@pytest.mark.parametrize(
    "scanner", [*SCANNERS, ODD_UNITS], ids=["reference", "default", "token-like aliases"]
)
@settings(max_examples=300, deadline=None)
@given(text=texts)
def test_tally_agrees_with_scan(scanner, text: str) -> None:
    tokens = scanner.scan(text)
    claims = [(t.start, t.text, t.unit) for t in tokens if t.skip is None]
    assert all(scanner.value(t.text) == t.value for t in tokens if t.skip is None)
    for t in tokens:
        assert text[t.start : t.end] == t.text
    memo: dict = {}

    def judge(token: str, unit: str):
        return NOT_CHECKABLE if unit == "none" else ("value", token, unit)

    for _ in range(2):  # the second pass reads every verdict from the memo
        checkable, hits = scanner.tally(text, memo, judge, frozenset({"value"}))
        expected = [(s, ("value", tok, u)) for s, tok, u in claims if u != "none"]
        assert checkable == len(expected)
        assert list(hits) == expected


construct_texts = st.lists(
    st.one_of(
        st.sampled_from(list("0123456789 ,.-:/hHaApPmM\u2212\u2013\u00a0vZ\u0663")),
        st.sampled_from(
            ["Dec ", "Dec. ", "Sept. ", "September ", "than ", "of ", "st ", "nd", "th ",
             " March", " am", "p.m.", " hours ", "min", "/mi", " per km", "2026-", "1,234",
             ",000", "k", "K ", " bpm", "% ", " per cent", " Beats  per minute", " days", "-day",
             " steps", " strides", " hill-repeats and", " x ", "mid", " the last", ".",
             "\u202f310", "\u00a0000", "\u2009500"]  # (digits grouped by spaces)
        ),
    ),
    max_size=30,
).map("".join)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(text=construct_texts)
def test_the_fast_pattern_changes_no_match(text: str) -> None:
    """The fast pattern (a construct guard, no general repeats) matches as the plain one."""
    aliases = list(DetectorConfig().alias_units())
    guarded, plain = scanner_pattern(aliases), scanner_pattern(aliases, plain=True)

    def matches(pattern) -> list:
        return [(m.span(), m.lastindex, m.groups()) for m in pattern.finditer(text)]

    assert matches(guarded) == matches(plain)


def test_the_fast_pattern_on_every_construct() -> None:
    aliases = list(DetectorConfig().alias_units())
    guarded, plain = scanner_pattern(aliases), scanner_pattern(aliases, plain=True)
    text = (
        "v0.39.0 1.2.3 on 2026-12-02, 2026.12.02 and 12/02/2026; Dec 2, Sept. 14 2026, "
        "the 2nd of March, 3 March; 8:30/mi 8:30 min per km; 6:45 6:45:10.5 6 am 7p.m. "
        "7h 30m 1.5 hours and 5 min, 2h5; 4-5 mi 1,234.5 \u2013 2 3\u20131 Z2 H2O x1.5,2; "
        "52 bpm, 178.5 steps, than 5, 10.6k steps, \u221222.4, 3rd 400m 23 strides; "
        "24\u202f310\u201324\u202f500 steps, 1\u00a0234.5 \u2013 2 km"  # digits grouped by spaces
    )
    found = [(m.span(), m.lastgroup) for m in guarded.finditer(text)]
    assert found == [(m.span(), m.lastgroup) for m in plain.finditer(text)]
    kinds = {kind for _, kind in found}
    assert {"version", "date", "pace", "clock", "duration", "range", "identifier"} <= kinds
    assert ((text.index("24\u202f310"), text.index(" steps, 1")), "range") in found


def test_unit_verdicts_never_share_a_key_with_a_token() -> None:
    """'1,000' is the token 1000 here and '1' with the alias ',000' in '1,0005': two claims."""
    text = "1,0005 then 1,000 then 1,0005"

    def judge(token: str, unit: str):
        return ("value", token, unit)

    for scanner in (ODD_UNITS, DEFAULT_SCANNER):
        claims = [(t.start, ("value", t.text, t.unit)) for t in scanner.scan(text) if not t.skip]
        memo: dict = {}
        for _ in range(2):
            checkable, hits = scanner.tally(text, memo, judge, frozenset({"value"}))
            assert (checkable, list(hits)) == (len(claims), claims)


alias_words = st.text(alphabet=st.sampled_from(list("abmip%/ sſK")), min_size=1, max_size=5)


@settings(max_examples=300, deadline=None)
@given(aliases=st.lists(alias_words, min_size=1, max_size=5, unique=True), data=st.data())
def test_the_alias_trie_matches_as_the_plain_alternation(aliases: list[str], data) -> None:
    """Any vocabulary: the trie of aliases picks the unit the longest-first list would."""
    suffixes = data.draw(st.lists(st.sampled_from(["%", "/", " b", "s", "\u017f", "  "])))
    aliases = aliases + [alias + suffix for alias in aliases for suffix in suffixes]
    vocabulary = list(DetectorConfig(units={"u": tuple(aliases)}).alias_units())
    fast, plain = scanner_pattern(vocabulary), scanner_pattern(vocabulary, plain=True)
    pieces = vocabulary + [a + b for a in vocabulary for b in vocabulary]
    numbers = st.sampled_from(["5", "5 ", "-3.5", "12-"])
    after = st.sampled_from(["", " ", "x", "%", "/", "A", "."])
    parts = data.draw(st.lists(st.tuples(numbers, st.sampled_from(pieces), after), max_size=6))
    text = " ".join("".join(part) for part in parts)
    expected = [(m.span(), m.lastindex, m.groups()) for m in plain.finditer(text)]
    assert [(m.span(), m.lastindex, m.groups()) for m in fast.finditer(text)] == expected


@pytest.mark.parametrize("aliases", [("s", "\u017f%"), ("a", "a%"), ("x  ", "x1"), ("  ", "k")])
def test_the_alias_trie_keeps_the_plain_order_where_it_matters(aliases) -> None:
    """'ſ' equals 's' ignoring case, 'x  ' is longer than what it matches, '  ' is empty."""
    vocabulary = list(DetectorConfig(units={"u": aliases}).alias_units())
    fast, plain = scanner_pattern(vocabulary), scanner_pattern(vocabulary, plain=True)
    text = "5s% 5a% 5x1 5k 5 x1"
    expected = [(m.span(), m.groups()) for m in plain.finditer(text)]
    assert [(m.span(), m.groups()) for m in fast.finditer(text)] == expected


def test_ascii_digits_writes_every_unicode_decimal_digit_as_ascii() -> None:
    """Every character of Unicode, against the definition: what `\\d` matches beyond 0-9
    becomes its digit, the full-width comma and point become ASCII, nothing else moves."""
    import re
    import unicodedata

    from reviewer.grounding.default_scanner import ascii_digits

    other = re.compile(r"[^\D0-9]|[\uff0c\uff0e]")
    full_width = {"\uff0c": ",", "\uff0e": "."}

    def by_definition(text: str) -> str:
        return other.sub(
            lambda m: full_width.get(m.group()) or str(unicodedata.decimal(m.group())), text
        )

    chars = "".join(chr(c) for c in range(0x80, 0x110000) if not 0xD800 <= c < 0xE000)
    for at in range(0, len(chars), 4000):
        text = "pace 5:12, " + chars[at : at + 4000] + " 52"
        assert ascii_digits(text) == by_definition(text)
        assert ascii_digits(text) == by_definition(text)  # the remembered reading too
    assert ascii_digits("\uff15\uff12\uff0e\uff15 bpm") == "52.5 bpm"
    assert ascii_digits("plain 52") == "plain 52"
