"""The default token rules: the reference's numbers with its eight known weaknesses fixed.

One regex pass per text. At each position the first matching construct wins:
version ("v0.39.0", "1.2.3"), date ("2026-12-02", "12/02", "Dec 2"), pace ("8:30/mi"),
clock ("6:45", "6 am"), duration ("7h 30m", "2 hours 15 min"), range or score ("4-5 mi",
"3–1"), an identifier's digits ("Z2", "H2O"), or a number. Every number inside the first
six is a token skipped with that construct's name. A number:

- is ASCII digits only (``٥٢`` is not a number), thousands commas in groups of three;
- takes an ASCII, Unicode (U+2212) or dash-like minus as its sign, unless the dash is
  glued to a word ("Zone-2" is 2);
- takes a glued ``k`` as thousands ("10.6k steps" is 10600 steps);
- skips a time window after it ("14 days", "7-day", "2 weeks", "3 nights");
- takes its unit from the configured aliases after spaces (no-break and thin spaces
  too) or one hyphen, whole words only, longest alias first ("5 minutes" is min, "5 mid"
  is no unit, "12 %" is pct);
- is skipped when glued to other letters ("400m", "3rd"), followed by a unit the
  vocabulary lacks ("40 km", "7.5 h"), or when an unsigned integer counts things
  ("23 strides", "21 hill repeats"): such quantities are not unitless metrics.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from reviewer.grounding import lexicon
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.tokens import Hits, Judge, RawToken, Token

SIGNS = "-+\u2212\u2010\u2011\u2012\u2013\u2014\u2015\ufe58\ufe63\uff0b\uff0d"
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"
SPACE = "[ \t\u00a0\u2007\u2009\u202f]"
MONTHS = lexicon.alternation("month_names_titled")
FOREIGN_UNITS = lexicon.words("foreign_units")
NOT_THINGS = lexicon.words("not_things")

_FULL_WIDTH = {"\uff0c": ",", "\uff0e": "."}
_ASCII = re.compile("[\x00-\x7f]+")
_LAST_READ: tuple[str, str] = ("", "")  # the last text read and its reading


def ascii_digits(text: str) -> str:
    """`text` with every decimal digit written in ASCII ("５２" -> "52") and the full-width
    point and comma made ASCII: one character for one, so spans hold in the original.

    A decimal digit is what `\\d` matches (Unicode category Nd, `str.isdecimal`). Only the
    few distinct characters left once its ASCII runs are taken out are looked at (3x faster
    than finding the other runs), and each one to change is replaced in a C scan of the
    text. The last text is remembered: a detector reads it twice."""
    global _LAST_READ
    if text.isascii():
        return text
    last = _LAST_READ
    if last[0] is text:
        return last[1]
    read = text  # (a translation table is read character by character: 3x slower)
    for char in set(_ASCII.sub("", text)):
        if char in _FULL_WIDTH:
            read = read.replace(char, _FULL_WIDTH[char])
        elif char.isdecimal():
            read = read.replace(char, str(unicodedata.decimal(char)))
    _LAST_READ = (text, read)
    return read


IRREGULAR_PLURALS = lexicon.words("irregular_plurals")

# Every construct starts at an ASCII digit or a sign, so the pattern begins with that one
# character class (the regex engine then skips prose at C speed) and each alternative
# continues from there: `_REST` is a number without its first digit.
# An optional group is written `(?:X|)` rather than `(?:X)?`, and a repeated group is only
# entered once its first character is there (`(?=,)`): the same matches, but Python's
# regex engine then skips its general repeat, which allocates at every attempt.
_FIRST = f"[0-9{re.escape(SIGNS)}]"
_G = "[\u00a0\u202f\u2009]"  # a space that groups digits ("24\u202f310"), as a comma does
_REST = (
    r"[0-9]{0,2}(?=,)(?:,[0-9]{3})+(?![0-9])(?:\.[0-9]+|)"
    rf"|[0-9]{{0,2}}(?={_G}[0-9])(?:{_G}[0-9]{{3}})+(?![0-9])(?:\.[0-9]+|)"
    r"|[0-9]*(?:\.[0-9]+|)"
)
_NUMBER = (
    r"[0-9]{1,3}(?=,)(?:,[0-9]{3})+(?![0-9])(?:\.[0-9]+|)"
    rf"|[0-9]{{1,3}}(?={_G}[0-9])(?:{_G}[0-9]{{3}})+(?![0-9])(?:\.[0-9]+|)"
    r"|[0-9]+(?:\.[0-9]+|)"
)
_PLAIN_REST = (
    r"[0-9]{0,2}(?:,[0-9]{3})+(?![0-9])(?:\.[0-9]+)?"
    rf"|[0-9]{{0,2}}(?:{_G}[0-9]{{3}})+(?![0-9])(?:\.[0-9]+)?"
    r"|[0-9]*(?:\.[0-9]+)?"
)
_PLAIN_NUMBER = (
    r"[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])(?:\.[0-9]+)?"
    rf"|[0-9]{{1,3}}(?:{_G}[0-9]{{3}})+(?![0-9])(?:\.[0-9]+)?"
    r"|[0-9]+(?:\.[0-9]+)?"
)
_ORDINAL_SUFFIX = "(?:st|nd|rd|th)?"
_WORD = "[A-Za-z]+(?:(?=-)(?:-[A-Za-z]+)+|)"
_PLAIN_WORD = "[A-Za-z]+(?:-[A-Za-z]+)*"


def _month_lookbehind() -> str:
    """The digit just read follows a month name ("Dec 2", "Sept. 14"): fixed-width checks."""
    names = MONTHS.split("|")
    by_width: dict[int, list[str]] = {}
    for name in names:
        for suffix in (" ", ". ") if len(name) <= 4 else (" ",):
            by_width.setdefault(len(name + suffix), []).append(re.escape(name + suffix))
    checks = [rf"(?<=\b(?:{'|'.join(group)})[0-9])" for _, group in sorted(by_width.items())]
    return f"(?:{'|'.join(checks)})"


_CONSTRUCTS = (
    ("version", r"[0-9]*\.[0-9]+\.[0-9]+(?:\.[0-9]+)*"),
    (
        "date",
        r"[0-9]{3}[-/.][0-9]{1,2}[-/.][0-9]{1,2}(?![0-9])"
        r"|[0-9]?/[0-9]{1,2}(?:/[0-9]{2,4})?(?![0-9])"
        rf"|{_month_lookbehind()}[0-9]?{_ORDINAL_SUFFIX}(?:,?{SPACE}+[0-9]{{4}})?(?![0-9])"
        rf"|[0-9]?{_ORDINAL_SUFFIX}{SPACE}+(?:of{SPACE}+)?(?=[JFMASOND])(?:{MONTHS})\b",
    ),
    (
        "pace",
        rf"[0-9]?:[0-9]{{2}}(?::[0-9]{{2}})?{SPACE}*(?:(?i:min){SPACE}*)?"
        rf"(?:/|(?i:per){SPACE}+){SPACE}*(?i:mi|mile|km|k)\b",
    ),
    (
        "clock",
        rf"[0-9]?:[0-9]{{2}}(?::[0-9]{{2}})?(?:\.[0-9]+)?(?:{SPACE}*[aApP]\.?[mM]\.?(?![A-Za-z]))?"
        rf"|[0-9]?{SPACE}*[aApP]\.?[mM]\.?(?![A-Za-z])",
    ),
    ("height", "[0-9]?['′][0-9]{1,2}(?:\\.[0-9]+)?[\"″]"),  # 5'8": feet and inches
    (
        "duration",
        rf"[0-9]*(?:\.[0-9]+)?{SPACE}*(?=[hH])(?i:{lexicon.alternation('hour_words')})(?![A-Za-z]){SPACE}*(?:and{SPACE}+)?"
        rf"[0-9]+(?:{SPACE}*(?i:{lexicon.alternation('minute_words')})(?![A-Za-z])|(?![0-9]|\.[0-9]))",
    ),
    ("range", rf"(?:{{rest}})(?:[{DASHES}]|{SPACE}[{DASHES}]{SPACE})(?:{{number}})"),
    # glued to a letter ("v5", "A1") or after a code's letters and a hyphen ("INC-2291")
    ("identifier", r"(?:(?<=[^\W0-9_][0-9])|(?<=[A-Za-z]{2}-[0-9]))[0-9]*(?:[.,][0-9]+)*"),
)
# the pattern's groups by number, as `scanner_pattern` writes them: each construct's, then
# the number's and the one of what follows it that matched (then the match's last group)
_NAMES = (*(name for name, _ in _CONSTRUCTS), "body", "window", "unit", "glued", "words")
DURATION, BODY = _NAMES.index("duration") + 1, _NAMES.index("body") + 1
WINDOW, UNIT, GLUED, WORDS = range(BODY + 1, BODY + 5)
_INNER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_INNER_INTEGER = re.compile(r"[0-9]+")
_DECIMAL_PARTS = ("duration", "range")
_ORDINAL = ("st", "nd", "rd", "th")
PLUS = "+\uff0b"  # the plus signs a number may be written with
CURRENCY_SYMBOLS = "$€£¥"  # symbols written before an amount, a sign before them: "-$33,653"


def minus_before_symbol(text: str, start: int) -> bool:
    """Whether a minus stands before a currency symbol right before the number at `start`
    ("-$33,653", "−€12,400"), the minus not joining two amounts ("$10-$12"). A symbol
    the config makes a prefix unit reads its sign itself (`DefaultScanner.prefix`)."""
    if start < 2 or text[start - 1] not in CURRENCY_SYMBOLS:
        return False
    sign = text[start - 2]
    if sign not in SIGNS or sign in PLUS:
        return False
    return start == 2 or not (text[start - 3].isalnum() or text[start - 3] in "_)]")


def alias_pattern(aliases: list[str]) -> str:
    """Longest alias first; spaces inside an alias match any run of spaces."""
    parts = []
    for alias in sorted(aliases, key=lambda a: (-len(a), a)):
        parts.append(f"{SPACE}+".join(re.escape(word) for word in alias.split()))
    return "|".join(parts)


def alias_trie(aliases: list[str]) -> str:
    """`alias_pattern` as a trie ("mi(?:n(?:ute(?:s|)|s|)|le(?:s|)|)"): the regex engine
    reads a shared prefix once instead of trying every alias in turn. Longer continuations
    come before the end of a shorter alias, so the longest alias that matches still wins.
    Falls back to `alias_pattern` where only its order decides: two branches of one node
    that match the same text (letters equal ignoring case), or an alias with spaces at its
    ends or doubled (its length then differs from the length of what it matches)."""
    if any(alias != " ".join(alias.split()) for alias in aliases):
        return alias_pattern(aliases)
    end = ""  # marks the end of an alias; a space run between words is None
    root: dict = {}
    for alias in aliases:
        node = root
        for i, word in enumerate(alias.split()):
            for symbol in ([None] if i else []) + list(word):
                node = node.setdefault(symbol, {})
        node[end] = {}

    def pattern(node: dict) -> str | None:
        symbols = [symbol for symbol in node if symbol != end]
        letters = [symbol for symbol in symbols if symbol is not None]
        for i, a in enumerate(letters):
            if any(re.fullmatch(f"(?i:{re.escape(a)})", b) for b in letters[i + 1 :]):
                return None
        branches = []
        for symbol in symbols:
            rest = pattern(node[symbol])
            if rest is None:
                return None
            branches.append((f"{SPACE}+" if symbol is None else re.escape(symbol)) + rest)
        if end in node:
            branches.append("")
        return branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"

    found = pattern(root)
    return alias_pattern(aliases) if found is None else found


def parse_value(token: str) -> float:
    """The value of a default token: any minus sign, thousands commas, a glued k."""
    try:
        return float(token)  # ASCII digits with an optional ASCII sign: most tokens
    except ValueError:
        pass
    if "h" in token or "H" in token:  # every duration has its hours
        minutes = duration_minutes(token)
        if minutes is not None:
            return minutes
    negative = token[0] in SIGNS and token[0] not in PLUS
    if token[0] in SIGNS:
        token = token[1:]
    digits, exponent = split_multiplier(token)
    value = float(digits.replace(",", "").translate(_GROUP_SPACES) + exponent)
    return -value if negative else value


# a duration's hours and minutes ("7h 30m", "2 hours 15 min", "1.5 hours and 5"), the
# scanner's duration construct once it has matched
_DURATION = re.compile(
    rf"([0-9]*(?:\.[0-9]+)?){SPACE}*(?i:{lexicon.alternation('hour_words')}){SPACE}*(?:and{SPACE}+)?([0-9]+)"
    rf"(?:{SPACE}*(?i:{lexicon.alternation('minute_words')}))?"
)


def stated(m: re.Match[str]) -> bool:
    """Whether a match of the scanner's pattern is a number or a duration ("6h 12m")."""
    return m.lastindex >= BODY or m.lastindex == DURATION


def claim_end(m: re.Match[str]) -> int:
    """Where a number's claim ends: after its unit word, or the duration's last letter."""
    last = m.lastindex
    return m.end() if last == DURATION else m.end(UNIT if last == UNIT else BODY)


def is_duration(token: str) -> bool:
    """Whether a token is a duration of hours and minutes ("6h 12m")."""
    return ("h" in token or "H" in token) and duration_minutes(token) is not None


def duration_minutes(token: str) -> float | None:
    """The minutes a duration as written states ("6h 12m" -> 372.0), or None."""
    found = _DURATION.fullmatch(ascii_digits(token))
    if found is None or not found.group(1):
        return None
    return float(found.group(1)) * 60 + float(found.group(2))


# a multiplier after the digits (class 5): glued "10.6k", "$1.2M", "$2.6mn", "3bn", or after
# one space "10.6 k", "1.2 million", "2.6 mn"; as a float exponent, so "10.6k" is exactly 10600.0
MULTIPLIERS = {"k": "e3", "K": "e3", "thousand": "e3", "M": "e6", "MM": "e6", "mn": "e6",
               "million": "e6", "bn": "e9", "billion": "e9"}  # fmt: skip
_MULTIPLIER = re.compile(rf"{SPACE}?({lexicon.alternation('multipliers')})$")
# digits grouped by a no-break, thin or narrow no-break space ("24 310")
GROUP_SPACES = "   "
_GROUP_SPACES = str.maketrans("", "", GROUP_SPACES)


def split_multiplier(token: str) -> tuple[str, str]:
    """(the token without its multiplier, the multiplier as a float exponent or "")."""
    if token[-1].isdigit():
        return token, ""
    found = _MULTIPLIER.search(token)
    if found is None:
        return token, ""
    return token[: found.start()], MULTIPLIERS[found.group(1)]


def _by_first_letter(pairs: set[str]) -> str:
    """Two-letter alternatives grouped by their first letter ("a[nry]|c[ht]|..."): the
    regex engine skips an alternative by its first letter alone."""
    seconds: dict[str, str] = {}
    for pair in sorted(pairs):
        seconds[pair[0]] = seconds.get(pair[0], "") + pair[1]
    return "|".join(f"{a}[{b}]" if len(b) > 1 else a + b for a, b in seconds.items())


def _construct_guard() -> str:
    """A cheap test that a construct may start here: a plain number ("52 bpm", "178.5 and")
    fails it and skips the eight alternatives. It must hold wherever one of `_CONSTRUCTS`
    matches, so each construct's first mark after the digits is listed: "." ":" "/" a dash
    or a foot mark right after them and a digit next (version, date, clock, pace, range,
    height; a range's dash may stand between spaces), h or am/pm (duration, clock), a month
    name after spaces or an ordinal (date), a letter and digit, or two letters and a
    hyphen, before (identifier), a month name before (date). The digits may be grouped by
    spaces as `_REST` groups them ("24\u202f310\u201324\u202f500" is a range). Possessive and
    atomic: no backtracking into a number ("178.5 " must not pass as "178" then ".").
    """
    dashes, hour_or_am = re.escape(DASHES), r"[hH]|[aApP]\.?[mM]"
    ahead = (
        rf"[0-9,]*+(?:(?={_G}[0-9])(?:{_G}[0-9]++)++|)(?>\.[0-9]+|)"
        rf"(?:[./:{dashes}'′][0-9]|{hour_or_am}|{SPACE}+(?:[{dashes}]"
        rf"{SPACE}[0-9]|{hour_or_am}|(?:of{SPACE}+|)[JFMASOND]))|[0-9]?(?:{'|'.join(_ORDINAL)}){SPACE}"
    )
    months = MONTHS.split("|")
    # the last two letters of the month name before " 5" or ". 5" (exact: the construct checks)
    ends = _by_first_letter({name[-2:] for name in months})
    short_ends = _by_first_letter({name[-2:] for name in months if len(name) <= 4})
    return (
        rf"(?:(?={ahead})|(?<=[^\W0-9_][0-9])|(?<=[A-Za-z]{{2}}-[0-9])"
        rf"|(?<=(?:{ends})\ [0-9])|(?<=(?:{short_ends})\.\ [0-9]))"
    )


_TIME_WORD = re.compile(rf"(?:{lexicon.alternation('time_words')})s?")


def scanner_pattern(aliases: list[str], *, plain: bool = False) -> re.Pattern[str]:
    """The default scanner's one regex for a unit vocabulary (`aliases`, lower-cased).

    `plain=True` writes the same pattern plainly: no construct guard, textbook optional
    and repeated groups. It matches exactly the same, more slowly (the tests hold the fast
    pattern to it).
    """
    rest, number_rest = (_PLAIN_REST, _PLAIN_NUMBER) if plain else (_REST, _NUMBER)
    word = _PLAIN_WORD if plain else _WORD
    units = alias_pattern(aliases) if plain else alias_trie(aliases)
    initials = {alias[0] for alias in aliases}
    initials |= {letter.upper() for letter in initials}
    first_letters = f"[{re.escape(''.join(sorted(initials)))}]"
    spaces = SPACE[1:-1]
    constructs = "|".join(
        f"(?P<{name}>{body.replace('{rest}', rest).replace('{number}', number_rest)})"
        for name, body in _CONSTRUCTS
    )
    guard = "" if plain else _construct_guard()
    # a time word the config makes a unit ("months" of runway) is that unit, not a window
    times = sorted(a for a in aliases if _TIME_WORD.fullmatch(a))
    not_a_unit = f"(?!(?i:{'|'.join(map(re.escape, times))})(?![A-Za-z]))" if times else ""
    optional = ")?" if plain else "|)"
    # glued "k", "M", "MM", "mn", "bn", or one space then "k", "thousand", "million", "mn",
    # "billion"
    glued_multiplier = "(?:[kK]|MM|M|mn|bn)(?![A-Za-z])"
    spaced_multiplier = f"{SPACE}(?:thousand|million|mn|billion|[kK])(?![A-Za-z])"
    if plain:
        multiplier = f"(?:{glued_multiplier}|{spaced_multiplier})?)"
    else:
        multiplier = f"(?:(?=[kKMbm]){glued_multiplier}|(?={SPACE}[tmbkK]){spaced_multiplier}|))"
    signed = rf"(?<=[{re.escape(SIGNS)}])(?<![\w)\]].)[0-9]"  # a digit after a free sign
    start = rf"(?:{signed}|(?<=[0-9]))" if plain else rf"(?:(?<=[0-9])|{signed})"
    if plain:
        words = rf"{word}(?:{SPACE}+{word}){{0,2}}"
    else:
        words = rf"{word}(?:{SPACE}+{word}(?:{SPACE}+{word}|)|)"
    number = (
        rf"{start}(?P<body>(?:{rest}){multiplier}"
        # what follows, first reading wins: a window, a unit, glued letters, words. It
        # is consumed with the number (it holds no ASCII digit, so no number is lost).
        # (each word list is guarded by its first letters: most numbers fail fast)
        rf"(?:(?P<window>[{spaces}-]*(?=[dDwWmMyYnN]){not_a_unit}"
        rf"(?i:day|week|month|year|night)s?(?![A-Za-z]))"
        rf"|[{spaces}]*-?(?={first_letters})(?P<unit>(?i:{units}))(?![A-Za-z])"
        # a letter, a degree sign, a word of another script, or a word hyphenated to it
        # ("a 14-miler", "a 3-peat"): a unit it cannot read
        rf"|(?P<glued>[^\W_]|{SPACE}?[°℃℉]|{SPACE}+(?=[\u0370-\uffff])[^\W\d_]|-(?=[A-Za-z]))"
        rf"|{SPACE}+(?P<words>{words}){optional}"
    )
    return re.compile(rf"{_FIRST}(?:(?<=[0-9]){guard}(?:{constructs})|{number})")


def prefix_alias(alias: str) -> bool:
    """Whether an alias may stand before its number: a currency symbol ("$", "US$", "€")
    or a three-letter code in capitals ("USD")."""
    if any(unicodedata.category(char) == "Sc" for char in alias):
        return True
    return len(alias) == 3 and alias.isalpha() and alias.isupper()


@dataclass(slots=True)
class _Tally:
    """One text as `DefaultScanner.tally` reads it."""

    written: str  # the text as given
    text: str  # its digits in ASCII (`ascii_digits`), where the pattern runs
    same: bool  # whether the two are one string
    memo: dict  # judgements by key, kept by the pool
    judge: Judge
    counts: list[int] | None  # where the starts of counts of things go


class DefaultScanner:
    """Numbers as the default detector reads them; units from the config's vocabulary."""

    def __init__(self, config: DetectorConfig | None = None) -> None:
        config = config or DetectorConfig()
        self._units = config.alias_units()
        self._pattern = scanner_pattern(list(self._units))
        assert self._pattern.groupindex == {name: i for i, name in enumerate(_NAMES, 1)}
        # a unit's whole match can key its judgement when every alias has a character that
        # no token has (a token is a sign, digits, commas, a point and a k)
        token_chars = set(SIGNS + "0123456789,." + "".join(MULTIPLIERS) + SPACE[1:-1])
        self._unit_by_text = all(set(alias) - token_chars for alias in self._units)
        # units written before the number ("$3,410.20", "USD 182,000", "-$1,250")
        prefixes: dict[str, str] = {}
        for unit, aliases in config.units.items():
            for alias in aliases:
                if prefix_alias(alias):
                    prefixes.setdefault(alias, unit)
        self._prefix_units = prefixes
        self._prefix_ends = frozenset(alias[-1] for alias in prefixes)
        self._prefix = None
        if prefixes:
            names = "|".join(re.escape(a) for a in sorted(prefixes, key=lambda a: (-len(a), a)))
            self._prefix = re.compile(
                rf"(?P<sign>[{re.escape(SIGNS)}]|)(?<![A-Za-z0-9])(?P<alias>{names}){SPACE}?\Z"
            )

    def prefix(self, text: str, start: int) -> tuple[str, bool] | None:
        """(unit, negative) of a unit written right before the number at `start`, if any;
        `negative` when a minus stands before the symbol ("-$1,250")."""
        if not start or self._prefix is None:
            return None
        before = text[start - 1]
        if before not in self._prefix_ends and not (
            before in " \u00a0\u202f" and start > 1 and text[start - 2] in self._prefix_ends
        ):
            return None
        found = self._prefix.search(text, max(0, start - 8), start)
        if found is None:
            return None
        sign = found.group("sign")
        return self._prefix_units[found.group("alias")], bool(sign) and sign not in PLUS

    def _prefix_before(self, text: str, start: int) -> bool:
        """Whether a prefix unit stands right before the number at `start`."""
        return self._prefix is not None and self.prefix(text, start) is not None

    def raw(self, text: str) -> Iterator[RawToken]:
        """Every token with its skip reason (None for a claim). Tokens keep the text as
        written; values read any decimal digits."""
        original, text = text, ascii_digits(text)
        for m in self._pattern.finditer(text):
            start = m.start()
            if m.lastindex < BODY:
                kind = m.lastgroup
                if kind == "duration":  # "6h 12m": one claim of 372 minutes
                    yield self.number_at(m, text, original)
                    continue
                if kind == "identifier" and text[start - 1] in "vV":
                    kind = "version"
                inner_pattern = _INNER if kind in _DECIMAL_PARTS else _INNER_INTEGER
                for inner in inner_pattern.finditer(text, start, m.end()):
                    digits = inner.group()
                    s, e = inner.span()
                    yield s, e, original[s:e], float(digits), "none", kind
                continue
            yield self.number_at(m, text, original)

    @property
    def pattern(self) -> re.Pattern[str]:
        """The one regex the scanner runs (on `ascii_digits(text)`)."""
        return self._pattern

    def number_at(self, m: re.Match[str], text: str, written: str) -> Token:
        """The reading of a match of `pattern` that is a number (its "body" group is
        set), `text` being the ASCII-digit text it ran on and `written` the original: a
        `Token`, its `text` the number as written."""
        start, last = m.start(), m.lastindex  # the last group says what follows the number
        if last == DURATION:
            end = m.end()
            shown = written[start:end]
            return Token(start, end, shown, duration_minutes(text[start:end]), "min", None)
        end = m.end(BODY)
        token = text[start:end]
        value = parse_value(token)
        shown = written[start:end]
        if last == WINDOW:
            return Token(start, end, shown, value, "none", "window")
        if last == UNIT:
            return Token(start, end, shown, value, self._canonical(m.group(UNIT)), None)
        if last == GLUED:
            return Token(start, end, shown, value, "none", _glued(text[end : end + 2]))
        skip = None if last != WORDS else _after_words(token, m.group(WORDS))
        # a currency symbol before it makes it money, whatever noun follows ("$19,239 surplus")
        prefix = self.prefix(text, start) if skip is None or skip == "count" else None
        if prefix is not None:
            unit, negative = prefix
            return Token(start, end, shown, -value if negative else value, unit, None)
        if skip is None and minus_before_symbol(written, start):
            value = -value  # "-$33,653", the symbol no unit the config names
        return Token(start, end, shown, value, "none", skip)

    def value(self, token: str) -> float:
        return parse_value(token)

    def tally(
        self,
        text: str,
        memo: dict,
        judge: Judge,
        keep: frozenset[str],
        counts: list[int] | None = None,
        scanned: list[re.Match[str]] | None = None,
    ) -> tuple[int, Hits]:
        """As `ReferenceScanner.tally`. The match's last group says what follows the number
        (nothing, a window, a unit, glued letters, words), which settles every skip but the
        words' ("23 strides"), and those depend on the words alone, remembered apart from
        any pool. Judgements are memoised by the token for claims without a unit ("52 and"
        and "52 with" share one) and by the whole match for a unit ("52 bpm"): that text
        holds a character no token has, so the two never meet (else by (token, unit)). A
        number after a prefix unit is keyed by (token, unit, sign). The starts of the
        counts of things ("23 strides"), not claims, go to `counts` when it is given, and
        every match of the pattern to `scanned` (so no caller scans the text again)."""
        checkable = 0
        starts, judged = array("q"), []  # the hits, compact: a text may hold millions
        read = ascii_digits(text)
        run = _Tally(text, read, text is read, memo, judge, counts)
        matches = self._pattern.finditer(read)
        if scanned is not None:
            scanned.extend(matches)
            matches = scanned
        for m in matches:
            last = m.lastindex
            if last == UNIT:
                judgement = self._with_unit(run, m)
            elif last == DURATION:  # "6h 12m": a claim in minutes
                judgement = self._duration(run, m)
            elif last in (BODY, WORDS):
                judgement = self._plain(run, m, last == WORDS)
                if judgement is None:
                    continue  # a unit the vocabulary lacks, or a count of things
            else:  # a construct (before the body), a window or glued letters (between)
                continue
            kind = judgement[0]
            if kind is not None:
                checkable += 1
                if kind in keep:
                    starts.append(m.start())
                    judged.append(judgement)
        return checkable, zip(starts, judged, strict=True)

    def _with_unit(self, run: _Tally, m: re.Match[str]) -> tuple:
        """The judgement of a number with a unit word after it ("52 bpm")."""
        written = run.written
        key = m.group() if run.same else written[m.start() : m.end()]
        if not self._unit_by_text:
            key = (written[m.start() : m.end(BODY)], m.group(UNIT))
        judgement = run.memo.get(key)
        if judgement is None:
            alias = m.group(UNIT)
            token = written[m.start() : m.end(BODY)]
            unit = self._units.get(alias) or self._canonical(alias)
            judgement = run.memo[key] = run.judge(token, unit)
        return judgement

    def _duration(self, run: _Tally, m: re.Match[str]) -> tuple:
        """The judgement of a duration ("6h 12m"), in minutes."""
        written = run.written
        key = (m.group() if run.same else written[m.start() : m.end()], "duration")
        judgement = run.memo.get(key)
        if judgement is None:
            judgement = run.memo[key] = run.judge(written[m.start() : m.end()], "min")
        return judgement

    def _plain(self, run: _Tally, m: re.Match[str], worded: bool) -> tuple | None:
        """The judgement of a number with nothing after it, or words (`worded`): None
        when the words make it no claim (a unit the vocabulary lacks, a count of things);
        a prefix unit before it gives its unit and sign."""
        written, text = run.written, run.text
        start = m.start()
        if worded:
            token = written[start : m.end(BODY)]
            reading = _words_reading(m.group(WORDS))
            if reading == "unit":
                return None
            if reading == "count" and _counts(token) and self._counted(run, start):
                return None
        else:  # nothing after the number: the match is the token
            token = m.group() if run.same else written[start : m.end()]
        ends = self._prefix_ends
        if ends and start and (text[start - 1] in ends or text[start - 2] in ends):
            prefix = self.prefix(text, start)
            if prefix is not None:
                unit, negative = prefix
                signed = "-" + token if negative and token[0] not in SIGNS else token
                key = (signed, unit, "prefix")
                judgement = run.memo.get(key)
                if judgement is None:
                    judgement = run.memo[key] = run.judge(signed, unit)
                return judgement
        if start and token[0] not in SIGNS and minus_before_symbol(written, start):
            token = "-" + token  # "-$33,653", the symbol no unit the config names
        judgement = run.memo.get(token)
        if judgement is None:
            judgement = run.memo[token] = run.judge(token, "none")
        return judgement

    def _counted(self, run: _Tally, start: int) -> bool:
        """Whether the count of things at `start` stays one (no currency symbol before it
        makes it money): its start goes to the run's counts."""
        if self._prefix_ends and start and self._prefix_before(run.text, start):
            return False
        if run.counts is not None:
            run.counts.append(start)
        return True

    def _canonical(self, alias: str) -> str:
        """The pool unit an alias as written names ("Beats  per minute" -> bpm). The
        pattern matches letters case-blind, one for one, where `str.lower` may not give
        the alias back ("mİ" lowers to three characters, "ſteps" keeps its long s): such
        an alias is found the way the pattern found it."""
        units = self._units
        found = units.get(alias) or units.get(" ".join(alias.lower().split()))
        if found is None:
            spaced = " ".join(alias.split())
            found = next(
                unit for key, unit in units.items() if re.fullmatch(re.escape(key), spaced, re.I)
            )
        return found

    def scan(self, text: str) -> list[Token]:
        return [Token(*raw) for raw in self.raw(text)]


def _glued(rest: str) -> str:
    """Why a number glued to what follows is not a claim."""
    if rest.lower() in _ORDINAL:
        return "ordinal"
    return "identifier" if rest[0].isdigit() else "unit"


def _after_words(token: str, words: str) -> str | None:
    """ "unit" for a unit the vocabulary lacks, "count" for counted things, else None.

    A count is an unsigned integer whose next few words reach a plural noun before any
    function word: "23 strides", "21 hill repeats", "11 slow eccentric reps", "30 push-ups".
    """
    reading = _words_reading(words)
    return None if reading == "count" and not _counts(token) else reading


def _counts(token: str) -> bool:
    """Whether a token can count things: unsigned, no decimal point."""
    return not (token[0] in SIGNS or "." in token)


@lru_cache(maxsize=4096)  # prose repeats the words after its numbers
def _words_reading(words: str) -> str | None:
    """What the words after a number make of it if it counts: "unit" when the first is a
    unit the vocabulary lacks, "count" when they reach a plural noun before any function
    word, else None."""
    parts = words.lower().split()
    if parts[0] in FOREIGN_UNITS:
        return "unit"
    for word in parts:
        if word in NOT_THINGS:
            return None
        if word in IRREGULAR_PLURALS or _plural_thing(word):
            return "count"
    return None


def plural_noun(word: str) -> bool:
    """Whether a lower-case word is a plural noun a count may count: "strides", "cycles",
    not "this" nor "class"."""
    return word not in NOT_THINGS and (word in IRREGULAR_PLURALS or _plural_thing(word))


def _plural_thing(word: str) -> bool:
    """Whether a lower-case word reads as a plural noun: "strides", not "class"."""
    # "-ss" and "-us" end singular nouns (class, surplus, bonus, status)
    plural = word.endswith("s") and not word.endswith(("ss", "us"))
    return plural and len(word) >= 3
