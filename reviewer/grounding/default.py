"""The `default` detector: the reference design with its weaknesses fixed.

Same contradiction-only design, units, signed comparison and bands as the reference. The
numbers come from `DefaultScanner` (classes 1-8, 12 and 16: signs, ranges, clocks and
dates, unit words, suffixes, counts, any decimal digits, units outside the vocabulary,
prefix units); the judge also catches a sign inversion hidden behind a nearer same-sign
value (6) or masked by a coincidental one (15). Then the words around each number it would
flag or cite are read (prose.py): a plan, a range, a count, a past value, a version or an
ordinal is not a statement of a value (9-11, 14), and a sign written as a word is the
number's sign (13). Last, a metric's name beside a number (names.py) says which known
value it states: that value is compared, past the band and without a unit word.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from operator import itemgetter

from reviewer.grounding import lexicon
from reviewer.grounding.added_words import AddedWords
from reviewer.grounding.bands import magnitude_gap, relative
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default_scanner import (
    CURRENCY_SYMBOLS,
    PLUS,
    SIGNS,
    DefaultScanner,
    ascii_digits,
    claim_end,
    plural_noun,
    stated,
)
from reviewer.grounding.explain import explained
from reviewer.grounding.names import (
    BASELINE_WORDS,
    CHANGE_WORDS,
    PLAIN_WORDS,
    SHARES,
    SPENT,
    NameIndex,
    after_gap_allows,
    change_named_before,
    change_stem,
    form_key,
    gap_reading,
    head_gap,
    held_in,
    is_change,
    later_gap_allows,
    list_gap,
    long_gap,
    names_something_else,
    plain_gap,
    qualified_gap,
    stem,
    verb_on_name,
    vocabulary,
    words_before,
)
from reviewer.grounding.nearest import PoolIndex, pool_index, remembered
from reviewer.grounding.pool import PoolDetector, written_step
from reviewer.grounding.prose import (
    AGAINST_REFERENCE,
    CHANGE_VERBS,
    IMPERATIVES,
    MONTH_NAMES,
    MONTHS,
    MOVE_WORDS,
    MOVED_TO,
    OVER_A_SCALE,
    PLAN_NOUNS,
    PLAN_WORDS,
    SCALE_TOPS,
    YEAR,
    accounting_negative,
    clause_after,
    clause_before,
    counted_in_times,
    may_hold,
    not_a_statement,
    scale_at,
    search_before,
    verb_gap,
    word_sign,
)
from reviewer.grounding.rules import gates
from reviewer.grounding.rules.table import Why
from reviewer.grounding.tokens import Token
from reviewer.grounding.types import Citation, Flag, Known, Reading

_KEEP = frozenset({"value", "sign", "faithful", "beyond"})
# a number of a unit the band finds near no known value, kept for its sentence's words
_BEYOND = "beyond"
# units too common to say which quantity a number is: with a [names] table, a band flag
# of these needs a clause that does not name something else
_GENERIC = lexicon.words("generic_units")
_NAMED = "names"  # the PoolIndex extra holding a pool's NameIndex
_OUTFLOWS = "outflows"  # the PoolIndex extra holding the names of its losses and outflows
# a quantity whose name says it is a loss or an outflow carries its sign in the name: a
# pool may hold it as a size ("net_loss 33653") or below zero ("burn -92417"), and the
# prose's sign ("a loss of $33,653", "-$92,417", "Burn: $92.4k") says the same either way
_OUTFLOW_WORDS = lexicon.words("outflow_words")
# ...but a change of one has a sign of its own ("burn_change -5": burn fell)
_CHANGE_NAME_WORDS = lexicon.words("change_name_words")
_NAME_WORDS = re.compile(r"[a-z][a-z]*")  # (a class first: see `_LETTER_RUN`)
# a period to date after a number, or after its unit word ("$169,757 month-to-date",
# "612 mi year-to-date"); and in a name ("revenue_mtd", "month-to-date revenue")
_TO_DATE = re.compile(
    rf"[ \t\u00a0-]*(?:[^\W\d_]+\.?[ \t\u00a0-]+)?(?i:("
    rf"{lexicon.alternation('calendar_periods')}))-to-date\b"
)
_PERIOD_IN_NAME = re.compile(
    rf"\b(?:({lexicon.alternation('calendar_periods')})[ -]to[ -]date|([dwmqy])td)\b"
)
_PERIODS = {"d": "day", "w": "week", "m": "month", "q": "quarter", "y": "year"}

# the readings that make a number no statement, each by its rule (rules/catalogue.py)
_WHY_PAST_AVERAGED = Why("past value", "past.averaged")
_WHY_PAST_COLUMN = Why("past value", "past.column")
_WHY_PAST_COLUMN_PERIOD = Why("past value", "past.column-period")
_WHY_PAST_DAYS_BEFORE = Why("past value", "past.days-before")
_WHY_PAST_ROW_PERIOD = Why("past value", "past.row-period")
_WHY_PAST_WINDOW_AVERAGE = Why("past value", "past.window-average")
_WHY_PLAN_COLUMN = Why("plan", "plan.column")


def _to_date(text: str, end: int) -> str | None:
    """The period to date written right after the number ending at `end`, or after its
    unit word, or None."""
    found = _TO_DATE.match(text, end)
    return None if found is None else found.group(1).lower()


@dataclass(slots=True)
class Named:
    """A number read by its name."""

    start: int
    end: int
    written: str  # the token as written
    value: float
    unit: str
    known: Known  # the value it is read against
    counted: bool  # whether the band did not count it checkable
    kind: str | None  # its band against `known`; None when it states no value
    # a change read from the words or the unit beside a level's name, or a value now told
    # after a past one: either way a past time in its sentence is another's
    inferred: bool
    named_by: tuple[int, int] | None = None  # the span of the name that read it, when one did


class DefaultDetector(PoolDetector):
    """The detector `reviewer` runs unless told otherwise."""

    name = "default"
    version = "2.0"
    hidden_sign = True
    reads_prose = True  # its readings cost far more than storing a brief (see pipeline.workers)

    def __init__(self, config: DetectorConfig | None = None) -> None:
        super().__init__(config)
        self.scanner = DefaultScanner(self.config)
        # the rules the config turns off, and the band's readings left on, in priority order
        self._off = self.config.rules_off
        # the words that no longer name a value (`name:WORDS` off), as a flag's rule says them
        self._off_names = frozenset(i[5:] for i in self._off if i.startswith("name:"))
        self._vetoes = tuple(
            (veto.rule, veto.read) for veto in BAND_VETOES if veto.rule not in self._off
        )
        # the readings of the words the config added to the lexicon, if it added any
        self._added = AddedWords.of(self.config.lexicon, self._off)
        # while `explain` runs: what each number was read as, by its start
        self._trace: dict[int, tuple[str, str, Known | None]] | None = None
        # the config's names and the metric each says, read after a number: made when asked
        self._names_after: tuple[re.Pattern[str], dict[str, str]] | None = None
        # the config's names and the metric each says, read before a number: made when asked
        self._names_before: tuple[re.Pattern[str], dict[str, str]] | None = None
        self._outflow_names: dict[str, bool] = {}  # whether a name is a loss or an outflow
        self._periods: dict[str, str | None] = {}  # the period to date a name says
        self._cadences: dict[str, str | None] = {}  # the period its cadence word says

    def _why(
        self, text: str, start: int, end: int, mentions: list[tuple[int, int, Known, bool]]
    ) -> str | None:
        """`statement_why`, unless the config turned off the rule that read it."""
        why = statement_why(text, start, end, mentions)
        if why is not None and self._off and _rule_of(why) in self._off:
            return None
        if why is None and self._added is not None:
            return self._added.why(text, start, end)
        return why

    def explain(self, text: str, pool: Sequence[Known]) -> list[Reading]:
        """Every number of `text` with what it was read as and the rule that decided."""
        plain = read_through(text) if _FORMAT.search(text) else None
        if plain is not None:  # read through its format characters, told where written
            read, where = plain
            return [
                replace(r, start=where[r.start], end=where[r.end - 1] + 1,
                        token=text[where[r.start] : where[r.end - 1] + 1])
                for r in self.explain(read, pool)
            ]  # fmt: skip
        self._trace = trace = {}
        try:
            flagged = {flag.start: flag for flag in self._walk(text, pool, None)[1]}
        finally:
            self._trace = None
        return explained(self, text, pool, flagged, trace)

    def explain_flags(
        self, text: str, pool: Sequence[Known]
    ) -> tuple[int, list[Flag], list[Reading]]:
        """The checkable count, the flags and the readings of one pass: what a learned
        model reads (reviewer.learn.candidates), for the cost of `flag` alone."""
        if _FORMAT.search(text) is not None:  # read through its format characters
            checkable, flags = self._walk(text, pool, None)
            return checkable, list(flags), self.explain(text, pool)
        self._trace = trace = {}
        try:
            checkable, walked = self._walk(text, pool, None)
            flags = list(walked)
        finally:
            self._trace = None
        return checkable, flags, explained(self, text, pool, {f.start: f for f in flags}, trace)

    def _names(self, index: PoolIndex) -> NameIndex:
        # keyed by the detector itself, not its id: a pool's index outlives a detector, and
        # another made later at the same address (another config) must not find its names
        names = index.extras.get((_NAMED, self))
        if names is None:
            names = index.extras[(_NAMED, self)] = NameIndex.of(index.pool, self.config.names)
        return names  # type: ignore[return-value]

    def _judge_for(self, index: PoolIndex):
        """The pool's judge, but a number of a specific unit that no known value of it is
        near keeps its details ("beyond"): its sentence's words may still name one."""
        judge = super()._judge_for(index)
        build = index.unit

        def judge_beyond(token: str, unit: str):
            judgement = judge(token, unit)
            if judgement[0] != "unrelated" or unit in _GENERIC:
                if judgement[0] is None and unit in _MINUTES and _in_time_unit(index, unit):
                    # no value held in this unit of time, but one in another: its words
                    # may name it ("You slept 9.5 hours" of 468 min)
                    try:
                        value = self.scanner.value(token)
                    except ValueError:
                        return judgement
                    return (_BEYOND, token, unit, value, None, None)
                return judgement
            candidates = build(unit)
            return (_BEYOND, token, unit, self.scanner.value(token), candidates, None)

        return judge_beyond

    def _walk(
        self, text: str, pool: Sequence[Known], citations: list[Citation] | None
    ) -> tuple[int, Iterator[Flag]]:
        """`_read`, but format characters inside a number ("5\u200d2 bpm") are read
        through: the text is read without them and the spans told in the text as given."""
        if _FORMAT.search(text) is None or (plain := read_through(text)) is None:
            return self._read(text, pool, citations)
        read, where = plain
        cited: list[Citation] | None = None if citations is None else []
        trace = self._trace
        if trace is not None:
            self._trace = {}
        checkable, flags = self._read(read, pool, cited)
        found = [replace(flag, start=where[flag.start], end=where[flag.end - 1] + 1,
                         token=text[where[flag.start] : where[flag.end - 1] + 1])
                 for flag in flags]  # fmt: skip
        if citations is not None and cited:
            citations.extend(
                replace(c, start=where[c.start], end=where[c.end - 1] + 1,
                        token=text[where[c.start] : where[c.end - 1] + 1])
                for c in cited
            )  # fmt: skip
        if trace is not None:
            trace.update((where[start], said) for start, said in self._trace.items())
            self._trace = trace
        return checkable, iter(found)

    def _read(
        self, text: str, pool: Sequence[Known], citations: list[Citation] | None
    ) -> tuple[int, Iterator[Flag]]:
        """The checkable count of `text` and its flags: the band's claims, then the numbers
        a metric's name (or a share's verb, a count's words) reads, each read by the words
        around it; the citations go to `citations` when it is given."""
        index = pool_index(pool)
        judge = self._judge_for(index)
        tallied = self._counted(index)
        counts: list[int] | None = [] if tallied else None
        scanned: list[re.Match[str]] = []
        checkable, hits = self._judged(text, index, judge, counts, scanned)
        names = self._names(index)
        mentions = names.mentions(text)
        said = _Pass(text, index, names, mentions, judge, citations, self._trace)
        if mentions and "name" not in self._off:
            naming = self._naming(said) if self._off_names else mentions
            said.named = self._named(text, naming, index, names, scanned)
        self._read_by_words(said, counts, tallied)
        checkable += sum(reading.counted for reading in said.named.values())
        found = self._flags(said, hits)
        if "(" in text:
            found = self._unsigned(text, found)
        outflows = self._outflows(index)
        if outflows:
            found = self._outflow_sizes(found, outflows)
        return checkable, found

    def _judged(
        self,
        text: str,
        index: PoolIndex,
        judge: Callable,
        counts: list[int] | None,
        scanned: list[re.Match[str]],
    ) -> tuple[int, Iterator[tuple[int, tuple]]]:
        """The scanner's tally of `text`, its judgements remembered in the pool's index."""
        config = self.config
        reading = (type(self), self.scanner, config.faithful, config.sign, config.value,
                   config.hidden_sign)  # fmt: skip
        memo = index.judgements(reading)
        size = len(memo)
        found = self.scanner.tally(text, memo, judge, _KEEP, counts, scanned)
        if index.cached:
            remembered(len(memo) - size)
        return found

    def _read_by_words(
        self, said: _Pass, counts: list[int] | None, tallied: tuple[Known, ...]
    ) -> None:
        """The numbers no name read that a share's verb ("3.4% of visitors converted") or
        a count's words ("broken 7 times by short wake-ups") read, by their rule."""
        off, named, names = self._off, said.named, said.names
        if names.rate_verbs and "%" in said.text and "name.share" not in off:
            for start, reading in self._shares(said.text, said.index, names).items():
                if start not in named:
                    named[start], said.read_by[start] = reading, "name.share"
        if counts and "name.count" not in off:
            for start in counts:
                if start not in named:
                    found = self._count_by_words(said.text, start, tallied, names, said.mentions)
                    if found is not None:
                        named[start], said.read_by[start] = found, "name.count"

    def _flags(self, said: _Pass, hits: Iterator[tuple[int, tuple]]) -> Iterator[Flag]:
        """The flags in text order: the band's claims come in text order, and the numbers
        a name read join them by start."""
        named = said.named
        waiting = sorted(named.items())
        at = 0
        for start, judgement in hits:
            while at < len(waiting) and waiting[at][0] < start:
                flag = self._flag_named(said, waiting[at][1])
                if flag is not None:
                    yield flag
                at += 1
            if start in named:
                continue  # its name decides
            flag = self._band_flag(said, start, judgement)
            if flag is not None:
                yield flag
        for _, reading in waiting[at:]:
            flag = self._flag_named(said, reading)
            if flag is not None:
                yield flag

    def _flag_named(self, said: _Pass, reading: Named) -> Flag | None:
        """The flag of a number a name read, or None when it is cited, states another
        kind of value ("Throughput had highs of 22,900 rps") or no statement."""
        text, trace, start, end = said.text, said.trace, reading.start, reading.end
        known, kind = reading.known, reading.kind
        if kind == "faithful":
            if said.citations is not None:
                said.citations.append(Citation(start, end, reading.written, reading.value, known))
            if trace is not None:
                trace[start] = ("cited", _read_rule(said, reading), known)
            return None
        if (
            kind is not None
            and "other.extreme" not in self._off
            and self._of_another(text, start, end, known, said.names)
        ):
            if trace is not None:
                trace[start] = ("no statement", "other.extreme", known)
            return None  # its extremes, not its value
        why = None if kind is None else self._why(text, start, end, said.mentions)
        if why == "past value" and is_change(known) and _CHANGE_BASE.match(text, end):
            why = None  # "Gross margin was 59.5%, up 167 bps on last month": the change
        if kind is not None and (
            why is None
            or (reading.inferred and why == "past value")
            or why == "scale"
            or (why == "approximate" and self._plainly_off(reading.value, known, kind))
        ):
            value = reading.value
            return Flag(start, end, reading.written, value, reading.unit, known.name,
                        known.value, value - known.value, kind, "name",
                        _read_rule(said, reading))  # fmt: skip
        if trace is not None:
            outcome = "unrelated" if kind is None else "no statement"
            rule = _read_rule(said, reading) if why is None else _rule_of(why)
            trace[start] = (outcome, rule, known)
        return None

    def _band_flag(self, said: _Pass, start: int, judgement: tuple) -> Flag | None:
        """The flag of a number the band compared with the nearest known value of its
        unit, once its sign in words, its change, a citation, a reason it states no value
        and the band's readings (`BAND_VETOES`) are read; None when any of them rules it
        out. A number near no known value of its unit is read by its sentence's words."""
        kind, token, unit, value, known, _ = judgement
        if kind == _BEYOND:
            if "name.words" in self._off:
                return None
            return self._beyond(said, start, token, unit, value, known)
        if "band" in self._off:
            return None  # only the names read numbers
        text = said.text
        end = start + len(token)
        if token[0] in SIGNS and text[start] not in SIGNS:
            end -= 1  # a minus read before a prefix unit ("-$1,250")
        band = _BandRead(start, end, token, text[start:end], value, unit, known, kind)
        if (
            not self._signed(said, band)
            or not self._changed(said, band)
            or self._cited(said, band)
            or not self._stated(said, band)
            or self._vetoed(said, band)
        ):
            return None
        known, value = band.known, band.value
        return Flag(start, end, band.written, value, band.unit, known.name, known.value,
                    value - known.value, band.kind, band.basis, band.rule)  # fmt: skip

    def _beyond(
        self, said: _Pass, start: int, token: str, unit: str, value: float, candidates
    ) -> Flag | None:
        """A number of a unit the band finds near no known value, read as the value of
        its unit (else of time held in another unit of time) that its sentence's words
        name, unless the words make it another kind of value."""
        found = None
        for held in (candidates.candidates if candidates else (), _in_time_unit(said.index, unit)):
            found = self._by_words(said.text, start, token, unit, value, held, said.names,
                                   said.mentions)  # fmt: skip
            if found is not None:
                break
        if found is None:
            return None
        flag, read_as = found
        if "other.extreme" in self._off or not self._of_another(
            said.text, flag.start, flag.end, read_as, said.names
        ):
            return flag
        if said.trace is not None:
            said.trace[start] = ("no statement", "other.extreme", read_as)
        return None

    def _word_sign(
        self, text: str, start: int, end: int, since: int = 0, *, below_zero: bool = True
    ) -> tuple[int, bool]:
        """`word_sign`, and where it finds no sign, the config's added sign words."""
        found = word_sign(text, start, end, since, below_zero=below_zero)
        if found == (0, False) and self._added is not None and self._added.signs is not None:
            return self._added.sign(text, start, since, below_zero=below_zero)
        return found

    def _signed(self, said: _Pass, band: _BandRead) -> bool:
        """Reads a sign written as a word (`sign.word`): the number signed so is judged
        again; False when, signed, it cites nothing the pool holds."""
        text, start, token, known = said.text, band.start, band.token, band.known
        below_zero = known is None or known.value < 0
        sign, band.change = self._word_sign(text, start, band.end, below_zero=below_zero)
        if self._off and sign and "sign.word" in self._off:
            sign = 0
        band.sign = sign
        if sign and token[0] not in SIGNS and (sign < 0) != (band.value < 0):
            band.value, band.rule = -band.value, "sign.word"
            rejudged = said.judge(("-" if sign < 0 else "+") + token, band.unit)
            if rejudged[0] in (None, "unrelated", _BEYOND):
                if said.trace is not None:
                    said.trace[start] = ("unrelated", band.rule, None)
                return False  # signed, it is no citation of anything the pool holds
            band.kind, band.token, band.unit, band.value, band.known, _ = rejudged
        return True

    def _changed(self, said: _Pass, band: _BandRead) -> bool:
        """Reads a change ("grew 8.2%", "HRV 67 (−5)"): compared with the change the
        clause names (`change.named`); False when it names none (`change.unnamed`)."""
        text, start, token = said.text, band.start, band.token
        if (
            not band.change
            and token[0] in SIGNS
            and "(" in text[max(0, start - 3) : start]
            and _DELTA_BESIDE.search(text, max(0, start - 40), start)
        ):
            band.change = True  # "HRV 67 (−5)": the change beside a value, signed
        off = self._off
        if not band.change or (off and "change.named" in off):
            return True
        target = self._change_target(text, start, said.mentions, said.names, band.unit)
        if target is None:
            if "change.unnamed" in off:
                return True
            if said.trace is not None:
                said.trace[start] = ("no statement", "change.unnamed", None)
            return False
        if not band.sign and token[0] not in SIGNS:  # its sign unsaid: the change's
            band.value = abs(band.value) if target.value >= 0 else -abs(band.value)
        band.known, band.basis, band.rule = target, "name", "change.named"
        band.kind = self._by_name(band.written, band.value, target)
        return True

    def _cited(self, said: _Pass, band: _BandRead) -> bool:
        """Whether the number cites its known value (told to the citations) or states
        none the pool holds: no flag either way."""
        known = band.known
        if band.kind == "value" and rounded_to(band.token, band.value, known.value):
            band.kind = "faithful"
        if band.kind == "faithful":
            if said.citations is not None:
                said.citations.append(
                    Citation(band.start, band.end, band.written, band.value, known)
                )
            if said.trace is not None:
                said.trace[band.start] = ("cited", band.rule, known)
            return True
        return band.kind is None

    def _stated(self, said: _Pass, band: _BandRead) -> bool:
        """Whether the words around the number leave it a statement of a value
        (`statement_why`): a value said roughly only when plainly off."""
        start, end = band.start, band.end
        why = self._why(said.text, start, end, said.mentions)
        if why == "past value" and band.change and _CHANGE_BASE.match(said.text, end):
            why = None  # "up 7.5% from last week": the change since then, now
        if why and not (
            why == "approximate" and self._plainly_off(band.value, band.known, band.kind)
        ):
            if said.trace is not None:
                said.trace[start] = ("no statement", _rule_of(why), band.known)
            return False
        return True

    def _vetoed(self, said: _Pass, band: _BandRead) -> bool:
        """Whether one of the band's readings (`BAND_VETOES`, in their order) makes the
        number no statement of its known value; a clause may move it to another."""
        claim = _Claim(said.text, band.start, band.end, band.token, band.value, band.unit,
                       band.known, band.kind, band.basis, said.index, said.names,
                       said.mentions, self.config.names)  # fmt: skip
        for rule_id, vetoes in self._vetoes:
            if vetoes(self, claim):
                if said.trace is not None:
                    said.trace[band.start] = ("no statement", rule_id, band.known)
                return True
        band.known, band.kind = claim.known, claim.kind  # (a clause may name another)
        return False

    def _outflows(self, index: PoolIndex) -> frozenset[str]:
        """The names of the pool's losses and outflows by their words (or an alias's)."""
        key = (_OUTFLOWS, self)  # (the detector, not its id: see `_names`)
        found = index.extras.get(key)
        if found is None:
            outflow = self._outflow_names  # by name: most pools share their names
            for known in index.pool:
                if known.name not in outflow:
                    said = [known.name, *self.config.names.get(known.name, ())]
                    words = set(_NAME_WORDS.findall(" ".join(said).lower()))
                    lost = not words.isdisjoint(_OUTFLOW_WORDS)
                    outflow[known.name] = lost and words.isdisjoint(_CHANGE_NAME_WORDS)
            found = frozenset(known.name for known in index.pool if outflow[known.name])
            index.extras[key] = found
        return found  # type: ignore[return-value]

    def _outflow_sizes(self, flags: Iterator[Flag], outflows: frozenset[str]) -> Iterator[Flag]:
        """`flags`, but a loss or an outflow carries its sign in its name: a sign that
        differs from the pool's contradicts nothing, and the size is compared instead
        (as for an amount in the accountant's parentheses)."""
        for flag in flags:
            if flag.kind != "sign" or flag.nearest not in outflows:
                yield flag
            elif (sized := self._by_size(flag)) is not None:
                yield sized

    def _by_size(self, flag: Flag) -> Flag | None:
        """A sign flag whose sign contradicts nothing, judged by its size alone: a value
        flag when the size is off too, else None."""
        value = -flag.value
        known = Known(flag.nearest, flag.nearest_value, flag.unit)
        if flag.basis == "name":
            kind = self._by_name(flag.token, value, known)
        else:
            kind = self._band(value, known)
        if kind != "value":
            return None
        return replace(flag, value=value, delta=value - flag.nearest_value, kind=kind)

    def _unsigned(self, text: str, flags: Iterator[Flag]) -> Iterator[Flag]:
        """`flags`, but an amount in the accountant's parentheses, read below zero, may be an
        outflow the pool holds as positive ("Burn: ($92,417)"): its sign contradicts
        nothing, and its size is compared with the known value's in the same band."""
        for flag in flags:
            if flag.kind != "sign" or not accounting_negative(text, flag.start, flag.end):
                yield flag
            elif (sized := self._by_size(flag)) is not None:
                yield sized

    def _config_names(self) -> tuple[re.Pattern[str], dict[str, str]]:
        """One pattern of every name the config gives, and the metric each says."""
        found = self._names_before
        if found is None:
            alternatives, spelled = _spelled_names(self.config.names)
            pattern = re.compile(rf"(?<![A-Za-z0-9])(?i:{alternatives})(?![A-Za-z0-9])")
            found = self._names_before = (pattern, spelled)
        return found

    def _absent_named(self, text: str, start: int, index: PoolIndex, known: Known) -> bool:
        """Whether the last name the config gives, in the clause before the number at
        `start`, is of a metric the pool does not hold and shares no word with `known`'s
        names ("Spend on tools is $19,400" where `expenses_mtd` is configured and absent,
        read against `net_income`): the number is that metric's. ("Revenue from the Berlin
        entity" may still be `eu_revenue`'s.)"""
        pattern, spelled = self._config_names()
        clause = clause_before(text, start)
        found_names = list(pattern.finditer(clause))
        if not found_names:
            return False
        last = found_names[-1]
        name = spelled[last.group().lower()]
        if any(held.name == name for held in index.pool):
            return False
        following = _WORD_AFTER.match(clause, last.end())
        if following is not None and following.group(1).lower() in CHANGE_WORDS:
            return False  # "recurring revenue growth of -3.8%": the name's change, not it
        # a word of the name that no name of `known` has ("weekly actives" of `dau`'s
        # "daily actives"), not only words it shares ("Revenue" of `eu_revenue`)
        said = {word[:5] for word in form_key(last.group()).split() if len(word) >= 3}
        return not said <= vocabulary(known, self.config.names)

    def _name_after(self, text: str, end: int) -> str | None:
        """The metric a configured name right after a number names ("89 ATL"), or None."""
        found = self._names_after
        if found is None:
            alternatives, spelled = _spelled_names(self.config.names)
            pattern = re.compile(rf"[ \t\u00a0]*(?i:{alternatives})(?![A-Za-z0-9])")
            found = self._names_after = (pattern, spelled)
        pattern, spelled = found
        said = pattern.match(text, end)
        return None if said is None else spelled[said.group().strip().lower()]

    def _by_words(
        self,
        text: str,
        start: int,
        token: str,
        unit: str,
        value: float,
        held: Sequence[Known],
        names: NameIndex,
        mentions: list[tuple[int, int, Known, bool]],
    ) -> tuple[Flag, Known] | None:
        """A number the band finds unrelated, read as the known value among `held` (those
        of its unit; else those of time held in another unit of time) that the words of its
        sentence name when no name stands there ("The usual resting rate is still 39 bpm"
        of `rhr_baseline`, "You slept 9 hours" of 367 min): its flag and the value read;
        None when they name none, or it states nothing."""
        if not held:
            return None
        end = start + len(token)
        if token[0] in SIGNS and text[start] not in SIGNS:
            end -= 1
        found = self._worded(text, start, end, value, held, names, mentions)
        if found is None:
            return None
        known, kind = found
        flag = Flag(start, end, text[start:end], value, unit, known.name, known.value,
                    value - known.value, kind, "name", "name.words")  # fmt: skip
        return flag, known

    def _worded(
        self,
        text: str,
        start: int,
        end: int,
        value: float,
        held: Sequence[Known],
        names: NameIndex,
        mentions: list[tuple[int, int, Known, bool]],
        loose: bool = True,
    ) -> tuple[Known, str] | None:
        """The known value among `held` that the words of the number's sentence name, and
        the band of the number against it, when it states a value ("value" or "sign");
        a count needs a name said in full (`loose=False`)."""
        before = clause_before(text, start)
        rest = _SENTENCE_END.search(text, end, end + 90)
        after = text[end : rest.start() if rest else end + 90]
        # a list of items, each with its number ("In bed 9.5 h, asleep 9 h", "in bed for 7
        # hours but asleep for 6"): the words of the number's own item
        if _DIGIT_IN.search(after):
            cut = _ITEM_END.search(after)
            if cut is not None and _DIGIT_IN.search(after, cut.start()):
                after = after[: cut.start()]
        digit = _DIGIT_IN.search(before)
        if digit is not None:
            cuts = list(_ITEM_END.finditer(before, digit.end()))
            if cuts:
                before = before[cuts[-1].end() :]
        lo, hi = start - len(before), end + len(after)
        if any(
            k in held and not text[end:m_start].isspace()
            for m_start, _, k, _ in _mentions_within(mentions, lo, hi)
        ):
            return None  # a name of the unit stands in the sentence: its reading decided
        # (a name right after the number is its unit word, "16,000 steps": no reading)
        known = names.by_words(before + " " + after, held, loose)
        if known is not None and not loose and names.said_singly(before + " " + after, known):
            return None  # "The status page was updated 3 times": one page, no count of them
        gate = names.verb_gate(held) if known is None else None
        if gate is not None and gate.search(text, lo, hi):
            clause = clause_after(text, end)  # (its own item's, when a list goes on)
            known = names.by_verb(before, min(clause, after, key=len), held, not loose)
        if known is None or self._word_sign(text, start, end) != (0, False):
            return None
        kind = self._by_name(text[start:end], value, known)
        if kind not in ("value", "sign"):
            return None
        why = self._why(text, start, end, mentions)
        if why and not (why == "approximate" and self._plainly_off(value, known, kind)):
            return None  # (a value said roughly, "just over 5 hours", only when plainly off)
        return known, kind

    def _naming(self, said: _Pass) -> list[tuple[int, int, Known, bool]]:
        """The mentions whose words still name a value: not those a `name:WORDS` of the
        config turns off (their words still count where a reading asks which values a
        clause names). A flag's rule tells the nearest of the mentions left."""
        text, off = said.text, self._off_names
        naming = [
            mention
            for mention in said.mentions
            if " ".join(text[mention[0] : mention[1]].lower().split()) not in off
        ]
        said.spans_of = {}
        for m_start, m_end, known, _ in naming:
            said.spans_of.setdefault(known, []).append((m_start, m_end))
        return naming

    def _counted(self, index: PoolIndex) -> tuple[Known, ...]:
        """The pool's counts (whole numbers without a unit) that a name says: the values a
        count of things may state."""
        key = ("counted", self)  # (the detector, not its id: see `_names`)
        found = index.extras.get(key)
        if found is None:
            names = self._names(index)
            found = index.extras[key] = tuple(
                k for k in index.pool
                if k.unit == "none" and float(k.value).is_integer() and k.value > 0
                and names.contents.get(k.name)
            )  # fmt: skip
        return found  # type: ignore[return-value]

    def _count_by_words(
        self,
        text: str,
        start: int,
        held: tuple[Known, ...],
        names: NameIndex,
        mentions: list[tuple[int, int, Known, bool]],
    ) -> Named | None:
        """A count of things ("broken 7 times by short wake-ups") read as the pool's count
        that the words of its sentence name, or None."""
        read = ascii_digits(text)
        m = self.scanner.pattern.match(read, start)
        if m is None or m.group("body") is None:
            return None
        _, end, written, value, unit, _ = self.scanner.number_at(m, read, text)
        if _TIME_COUNTED.match(text, end):
            return None  # "120 agent hours", "40 engineer-days": a measure of time
        for m_start, m_end, known, _ in _mentions_within(mentions, end, end + 2):
            if known in held and text[end:m_start].isspace() and _noun_after(text, m_end):
                return None  # "2 HRV readings", "6 NPS surveys": the noun after it is counted
        subject = _subject_counted(text, start, end, held, mentions)
        if subject is not None:  # "Alerts fired 27 times this week"
            kind = self._by_name(written, value, subject)
            if kind is None or self._why(text, start, end, mentions):
                return None
            return Named(start, end, written, value, unit, subject, True, kind, False)
        found = self._worded(text, start, end, value, held, names, mentions, loose=False)
        if found is None:
            return None
        known, kind = found
        return Named(start, end, written, value, unit, known, True, kind, False)

    def _plainly_off(self, value: float, known: Known, kind: str) -> bool:
        """Whether a value said roughly ("around 65") still contradicts `known`: a sign
        flip, or a gap past the value band (the rounding a writer may mean stays in it)."""
        return kind == "sign" or relative(value, known.value) > self.config.value

    def _by_name(self, token: str, value: float, known: Known) -> str | None:
        """The band of a number its name points at: the same bands, and past the value
        band up to `name` (a misstatement the band alone cannot see)."""
        config = self.config
        target = known.value
        rel = relative(value, target)
        if rel <= config.faithful or rounded_to(token, value, target):
            return "faithful"
        if (value > 0 > target) or (value < 0 < target):
            if magnitude_gap(value, target) <= max(config.sign, written_step(token) / abs(value)):
                return "sign"
            return None
        return "value" if rel <= config.name else None

    def _named(
        self,
        text: str,
        mentions: list[tuple[int, int, Known, bool]],
        index: PoolIndex,
        names: NameIndex,
        scanned: list[re.Match[str]] | None = None,
    ) -> dict[int, Named]:
        """The numbers a name points at, by start: the first number after a name in its
        clause, or a number right before a name ("27 pages", "66 mins of REM sleep"); last,
        a number no name is beside and the band finds unrelated, named later in its sentence
        ("It took 28 min to drop off, so latency is fine"). A closer name wins: the readings
        are tried in the priority of `NAME_READINGS`. `scanned` holds the scanner's matches
        on the text, when the caller has them."""
        scan = _NameScan(text, ascii_digits(text), mentions, index, names, scanned,
                         self.scanner.pattern)  # fmt: skip
        for m_start, m_end, known, whole in mentions:
            name = _Mention(m_start, m_end, known, whole)
            if _vetoed(self, scan, name, NAME_VETOES):
                continue
            if _qualifies(text, m_start):
                # "HRV at mile 3 of the run was 87", "Max HR on the run was 185": a name in a
                # phrase that qualifies the noun before it is not the subject of the number
                name.qualifying = True
                scan.modifiers.add(m_start)
            self._first_after(scan, name)
            self._aside_after(scan, name)
            self._period_after(scan, name)
            self._read_after(scan, name)
            self._read_before(scan, name)
        named: dict[int, Named] = {}
        for rule_id, reads in NAME_READINGS:
            found = scan.found[rule_id] if reads is None else reads(self, scan)
            for start, reading in found.items():
                named.setdefault(start, reading)
        # the names listed and their numbers in turn decide over all of them
        named.update(self._respectively(text, scan.read, mentions, index, names))
        if names.shared:
            self._among_sharers(text, named, names.shared)
        return named

    def _among_sharers(
        self, text: str, named: dict[int, Named], shared: dict[str, tuple[Known, ...]]
    ) -> None:
        """A name the config gives to several values ("baseline" of `rhr_baseline` and
        `hrv_baseline`) says one of them, not which: the number is read as the one it is
        nearest, among those of its unit when it has one of theirs, as the band chooses,
        rather than the first in the pool."""
        for reading in named.values():
            if reading.kind is None or reading.named_by is None:
                continue
            start, end = reading.named_by
            sharers = shared.get(form_key(text[start:end]))
            if sharers is None or reading.known not in sharers:
                continue  # (a change its words read is the change's, not the name's)
            value = reading.value
            of_unit = [known for known in sharers if known.unit == reading.unit]
            nearest = min(of_unit or sharers, key=lambda known: relative(value, known.value))
            if nearest is not reading.known:
                reading.known = nearest
                reading.kind = self._by_name(reading.written, value, nearest)

    def _numbers_of(self, scan: _NameScan) -> tuple[list[int], list[re.Match[str]]]:
        """The text's numbers and their starts (`_numbers`), made when first asked for."""
        if scan.numbers is None:
            scan.numbers = self._numbers(scan.read, scan.scanned)
        return scan.numbers

    def _leave_unread(self, scan: _NameScan, m: re.Match[str], known: Known) -> None:
        """The number `m` beside `known`'s name states no value (a past value, a label's
        number, the usual level): read so (`name.unread`), unless already."""
        raw = self.scanner.number_at(m, scan.read, scan.text)
        scan.found["name.unread"].setdefault(m.start(), _unread(raw, known))

    def _first_after(self, scan: _NameScan, name: _Mention) -> None:
        """The first number after the name in its clause, in its place in a slashed list
        ("Light/deep: 202/62"), unless it is another's (`AFTER_NAME_VETOES`); a table row's
        number is its value's cell."""
        text, read, pattern = scan.text, scan.read, scan.pattern
        m = _number_within(pattern, read, name.end, 70)
        if m is not None and "/" in text[max(0, name.start - 2) : name.start]:
            places = _in_its_place(text, read, pattern, name.start, m)
            if len(places) > 1:
                name.placed_from = m.start()
                for other in places[:-1]:  # the other words': no reading of this name
                    self._leave_unread(scan, other, name.known)
                m = places[-1]
        if m is not None and "|" in text[name.end : m.start()]:
            m = _past_plan_columns(text, read, pattern, m)  # a table row: its value's cell
        name.after = m
        if m is not None and _vetoed(self, scan, name, AFTER_NAME_VETOES):
            name.after = None

    def _aside_after(self, scan: _NameScan, name: _Mention) -> None:
        """Past an aside of the usual level ("Resting HR, which usually sits near 50, was 61
        bpm"): the level in it is no reading, the number after it is the name's."""
        text, end = scan.text, name.end
        name.said_from = end
        aside = _USUAL_ASIDE.match(text, end) if text[end : end + 1] == "," else None
        if aside is None:
            return
        name.said_from = aside.end()
        m = name.after
        if m is not None and m.start() < name.said_from and stated(m):
            self._leave_unread(scan, m, name.known)  # the usual level
        name.after = _number_within(scan.pattern, scan.read, name.said_from, 70)

    def _period_after(self, scan: _NameScan, name: _Mention) -> None:
        """The value after a period's number ("HRV over the last 7 days averaged 87"), or
        the latest of a series ("HRV has been 58, 61 and 67 over the last three mornings",
        the earlier ones no reading); `name.said` keeps the words between that count."""
        text, read, pattern, m = scan.text, scan.read, scan.pattern, name.after
        said_from = name.said_from
        if name.placed_from is not None:
            name.said = text[said_from : name.placed_from]
        if m is not None and m.lastgroup != "duration" and m.group("body") is not None:
            period = _PERIOD_AFTER.match(text, m.end("body"))
            intro = _PERIOD_INTRO.search(text, said_from, m.start()) if period else None
            if intro is not None:
                value = _number_within(pattern, read, period.end(), 70)
                if value is not None and stated(value):
                    name.said = text[said_from : intro.start()] + text[period.end() : value.start()]
                    name.after = m = value
        series = _series(read, pattern, text, m) if name.said is None and m is not None else None
        if series is not None:
            name.said = text[said_from : m.start()]
            for past in series[:-1]:  # the earlier values; the last is the latest
                self._leave_unread(scan, past, name.known)
            name.after = series[-1]

    def _read_after(self, scan: _NameScan, name: _Mention) -> None:
        """The number after the name read as its value (or change), by the words between:
        kept under the reading its name's kind and the gap say (`_after_reading`)."""
        m = name.after
        if m is None or not stated(m):
            return
        text, known, m_start = scan.text, name.known, name.start
        gap = self._gap_to_value(scan, name)
        if gap[:1] == ")" and text[m_start - 1 : m_start] == "(":
            gap = gap[1:]  # a name in parentheses, as an alias: "Tail latency (p95)"
        reading = None if name.labeled else self._gap_says(scan, name, gap)
        if reading is None:
            return
        m = name.after
        words = words_before(text, m_start)
        if change_named_before(text, m_start, words):
            reading = "change"
        elif (verb := verb_on_name(text, m_start, words)) and not _LEVEL_LINK.search(gap):
            reading = "rise" if verb > 0 else "fall"  # "cut p95 latency by 10.6%"
        raw = self.scanner.number_at(m, scan.read, text)
        whole = name.whole
        # a count of things after a count's name states it ("The backlog came to 3,400
        # messages"), when only plain words stand between
        counts = (
            whole is not None
            and "?" not in gap
            and raw.skip == "count"
            and known.unit == "none"
            and plain_gap(gap)
            # a word of the name before, its noun counted after: "Overdue: 7 invoices"
            # says "overdue invoices" in full
            and (whole or scan.names.said_around(text, m_start, name.end, raw.end, known))
        )
        found = self._reading(text, raw, known, scan.index, scan.names, reading, counts,
                              since=name.end)  # fmt: skip
        if found is not None:
            if name.told_then:
                found.inferred = True  # the sentence's past time is the other's
            found.named_by = (name.start, name.end)
            scan.found[_after_reading(whole, gap)][m.start()] = found

    def _gap_to_value(self, scan: _NameScan, name: _Mention) -> str:
        """The words between the name and its value: past a value it moved from ("RHR
        climbed from 40 to 65 bpm", the move no reading unless the pool holds its change),
        a past value told before the value now ("HRV 54 last week, 87 this week"), or a
        label's number ("p95 latency in region 2 was 900 ms")."""
        text, read, known, m = scan.text, scan.read, name.known, name.after
        gap = text[name.said_from : m.start()] if name.said is None else name.said
        now = self._value_now(text, read, m, gap)
        if now is not None:
            end = claim_end(m)
            if _MOVED_BY.search(gap) or (
                "at" in text[end : end + 60] and _MOVE_AT.match(text, end)
            ):
                # "RHR is up 11 to 61", "12 bpm above baseline at 62": the move, the
                # change the pool holds of it when a verb moved it ("Gross margin improved
                # 167 bps to 59.5%"), else no statement
                move = self.scanner.number_at(m, read, text)
                moved = None
                if _MOVED_BY.search(gap) and scan.names.change_of.get(known.name):
                    moved = self._reading(text, move, known, scan.index, scan.names, "change",
                                          False)  # fmt: skip
                unread = scan.found["name.unread"]
                unread.setdefault(m.start(), moved or _unread(move, known))
                gap = _MOVED_BY.sub(" is ", gap)
            name.after = now
            return _FROM_END.sub("", gap)
        if (times := self._then_now(text, read, m)) is not None:
            other, first_past = times
            if first_past:
                self._leave_unread(scan, m, known)
                name.after, name.told_then = other, True
            else:  # "4.2% in November and 2.0% in October": the second is past
                self._leave_unread(scan, other, known)
            return gap
        if (
            gap[-1:].isspace()
            and _LABELED.search(gap, max(0, len(gap) - 40))
            and self.scanner.number_at(m, read, text).unit == "none"
        ):
            self._leave_unread(scan, m, known)  # the label's number says which
            value = self._after_label(text, read, m)
            if value is None:
                name.labeled = True  # "p95 latency in region 2." names no value
            else:
                name.after, gap = value, text[name.end : value.start()]
        return gap

    def _gap_says(self, scan: _NameScan, name: _Mention, gap: str) -> str | None:
        """What the words between the name and its number make of it (`gap_reading`),
        None when they leave it unread: a head noun alone needs its sentence to name
        nothing else; a long way past another value's name, or a part's label ("Bank:
        SVB $2.3M"), reads nothing."""
        text, m_start, m_end, m = scan.text, name.start, name.end, name.after
        if name.whole is None:  # a head noun alone: "Score: 80"
            reads = self._head_reads(text, scan.read, m, m_start, name.known, scan.names, gap)
            return "value" if reads else None
        reading = gap_reading(gap)
        if reading is None:
            return None
        if (
            len(gap) > 24
            and long_gap(gap)
            and any(
                m_end < o_start and other is not name.known and o_start not in scan.modifiers
                for o_start, _, other, _ in _mentions_within(scan.mentions, m_end, m.start())
            )
        ):
            return None  # a long way, past another value's name
        if ":" in gap and _PART_LABEL.fullmatch(gap):
            return None
        return reading

    def _read_before(self, scan: _NameScan, name: _Mention) -> None:
        """The number right before a whole name, read by the first of `BEFORE_NAME` that
        decides it."""
        if not name.whole:
            return
        before = _number_before(self._numbers_of(scan), scan.read, name.start, 120)
        if before is None:
            return
        name.before, name.token_end = before, claim_end(before)
        if name.token_end > name.start:
            return  # (a number whose claim runs into the name)
        if ". " in scan.text[before.end() : name.start]:
            return  # a sentence ends between them: the number is not the name's to read
        name.raw = self.scanner.number_at(before, scan.read, scan.text)
        for _, decides in BEFORE_NAME:
            if decides(self, scan, name):
                return

    def _respectively(
        self,
        text: str,
        read: str,
        mentions: list[tuple[int, int, Known, bool]],
        index: PoolIndex,
        names: NameIndex,
    ) -> dict[int, Named]:
        """A list of names joined by commas, "and" or slashes, then as many numbers joined
        so, each number its name's in turn ("CPU and memory sat at 70% and 85%", "p50/p95:
        203/728 ms", "CPU, memory and disk: 48%, 67%, 684 GB free", where "disk" names no
        known value), where the closer name would otherwise take the first number. When
        the numbers are fewer or more than the items, none of them is read by the names."""
        pattern = self.scanner.pattern
        found: dict[int, Named] = {}
        at = 0
        while at < len(mentions) - 1:
            run = [mentions[at]]
            for nxt in range(at + 1, len(mentions)):
                following = mentions[nxt]
                last_end = run[-1][1]
                f_start, _, known, whole = following
                if (
                    f_start - last_end > 8  # (" and ", ", and ", " & ": a few characters)
                    or not (whole and run[0][3])
                    or any(known is k for _, _, k, _ in run)
                    or _NAMES_LISTED.fullmatch(text, last_end, f_start) is None
                ):
                    break
                run.append(following)
            at += len(run)
            if len(run) < 2:
                continue
            # an item no name of the pool says, first or last: "Deep, REM and total sleep"
            ahead = _ITEM_AHEAD.search(text, max(0, run[0][0] - 30), run[0][0])
            end = run[-1][1]
            behind = _ITEM_BEHIND.match(text, end)
            if behind is not None:
                end = behind.end()
            elif (
                ahead is None
                and len(run) == 2
                and not _NAMES_JOINED.fullmatch(text, run[0][1], run[1][0])
            ):
                continue  # two names and a comma alone ("HRV, resting HR") may be no list
            first = _number_within(pattern, read, end, 70)
            if first is None or not stated(first):
                continue
            if gap_reading(text[end : first.start()]) != "value":
                continue
            numbers = [first]
            while len(numbers) < len(run) + 3:
                joint = _NUMBERS_LISTED.match(text, claim_end(numbers[-1]))
                after = pattern.match(read, joint.end()) if joint is not None else None
                if after is None or not stated(after):
                    break
                numbers.append(after)
            skip = 1 if ahead is not None else 0
            if len(numbers) != len(run) + skip + (1 if behind is not None else 0):
                if len(numbers) > 1:  # a list of another length: no number is said to be whose
                    for m in numbers:
                        raw = self.scanner.number_at(m, read, text)
                        found[m.start()] = _unread(raw, run[-1][2])
                continue
            for i, m in enumerate(numbers):
                raw = self.scanner.number_at(m, read, text)
                if not skip <= i < skip + len(run):
                    found[m.start()] = _unread(raw, run[0][2])  # the item no name says
                    continue
                m_start, m_end, known, _ = run[i - skip]
                reading = self._reading(text, raw, known, index, names, "value", False)
                if reading is not None:
                    reading.named_by = (m_start, m_end)
                    found[m.start()] = reading
        return found

    def _by_pronoun(
        self,
        text: str,
        read: str,
        mentions: list[tuple[int, int, Known, bool]],
        index: PoolIndex,
        names: NameIndex,
    ) -> dict[int, Named]:
        """Numbers a clause opens with "it" for ("HRV dropped overnight. It's at 52 now"):
        the one known value the clause before names, when it names only one. A clause that
        opens with "that" or "this" says a change of it ("DAU: 81,475. That's 7.5% higher
        than last week"), or nothing of it ("That's 2,268 signups" tells another count)."""
        found: dict[int, Named] = {}
        ends = [m_end for _, m_end, _, _ in mentions]
        clauses = [(clause, False) for clause in _pronoun_clauses(text)]
        clauses += [(clause, True) for clause in _demonstrative_clauses(text)]
        for clause, of_change in clauses:
            at = clause.start()
            knowns = set()  # the values the sentence before names in full
            by = None  # the nearest of their names, which the pronoun stands for
            for k in range(bisect_right(ends, at) - 1, -1, -1):
                m_start, m_end, known, whole = mentions[k]
                if at - m_end > 240 or _SENTENCE_END.search(text, m_end, at - 1):
                    break
                if whole and not _UNIT_WORD_BEFORE.search(text, max(0, m_start - 12), m_start):
                    knowns.add(known)  # (a name that is a number's unit word is no subject)
                    by = by or (m_start, m_end)
            m = self.scanner.pattern.match(read, clause.end()) if len(knowns) == 1 else None
            if m is None or not stated(m):
                continue
            raw = self.scanner.number_at(m, read, text)
            if of_change and not self._word_sign(text, raw.start, raw.end)[1]:
                continue
            reading = self._reading(text, raw, knowns.pop(), index, names, "value", False)
            if reading is not None:
                reading.named_by = by
                found[m.start()] = reading
        return found

    def _shares(self, text: str, index: PoolIndex, names: NameIndex) -> dict[int, Named]:
        """Shares told by the verb of their name after the population they are of: "3.4%
        of visitors converted" states `conversion`, "4.2% of customers churned" `churn`."""
        found: dict[int, Named] = {}
        read = None
        for share in _PCT_OF.finditer(text):  # "%" first, at C speed; the number before it
            number = _PCT_NUMBER.search(text, max(0, share.start() - 24), share.start())
            if number is None:
                continue
            words = []
            for word in _LETTER_WORDS.findall(text, share.end(), share.end() + 60):
                if not word[0].isalpha():
                    break  # the clause ends
                words.append(word.lower())
            known = names.share_verb(words)
            if known is None:
                continue
            read = ascii_digits(text) if read is None else read
            m = self.scanner.pattern.match(read, number.start())
            if m is None or not stated(m):
                continue
            raw = self.scanner.number_at(m, read, text)
            if raw.unit != "pct":
                continue
            reading = self._reading(text, raw, known, index, names, "value", False)
            if reading is not None:
                found[m.start()] = reading
        return found

    def _value_now(self, text: str, read: str, m: re.Match[str], gap: str) -> re.Match[str] | None:
        """The number a name's first number changed to, when that first one is its past
        value: "from 40 to 65 bpm", "40 bpm → 65 bpm" (the first is read as past)."""
        end = m.end() if m.lastgroup == "duration" else m.end("body")
        # (no "at" before a point, no "to" nor arrow: no match, for most numbers, tested
        # before either pattern, which `_MOVE_AT` and `_THEN` cannot match without)
        window = text[end : end + 60]
        cut = window.find(".")
        level = (
            _MOVE_AT.match(text, end, end + 60)
            if "at" in window and "at" in (window if cut < 0 else window[:cut]).lower()
            else None
        )
        if level is not None and (level.group("reference") or _MOVED_BY.search(gap)):
            # "RHR is 12 bpm above baseline at 62", "HRV is up 9 at 71": the first is the
            # move, and the level it reached follows "at"
            now = self.scanner.pattern.match(read, level.end())
            return now if now is not None and stated(now) else None
        then = _THEN.match(text, end, end + 40) if may_hold(_THEN, window[:40]) else None
        if then is None or (
            then.group("to") and not _FROM_END.search(gap) and not _MOVED_BY.search(gap)
        ):
            return None  # "40 to 65" alone is a range
        now = self.scanner.pattern.match(read, then.end())
        return now if now is not None and stated(now) else None

    def _after_label(self, text: str, read: str, m: re.Match[str]) -> re.Match[str] | None:
        """The number a verb of statement gives after a label's number ("in region 2 was
        900 ms", "at day 7 was 25%"), or None."""
        end = claim_end(m)
        value = _number_within(self.scanner.pattern, read, end, 50)
        if value is None or not stated(value):
            return None
        between = text[end : value.start()]
        if not between.strip() or gap_reading(between) != "value" or "," in between:
            return None  # "region 2, 900 ms": a list
        return value

    def _then_now(
        self, text: str, read: str, m: re.Match[str]
    ) -> tuple[re.Match[str], bool] | None:
        """The number a name's first number is followed by when the two are values of two
        times, and whether the first is the past one (else the second is): each with its
        time, the first a past one and the second the time now ("54 last week, 87 this
        week", "$2.9M in March and is $1.9M now", "$85,000 in Q2 versus $92,417 this
        month"); each with its month or quarter ("$120k in March and $150k in April": the
        later is read); or the first a passing extreme and the second where the value
        settled ("peaked at 4.1% during the deploy and is now 2.04%")."""
        end = claim_end(m)
        joined = _THEN_NOW.match(text, end)
        if joined is None:
            now = self._settled_after(text, read, end)
            return None if now is None else (now, True)
        now = self.scanner.pattern.match(read, joined.end())
        if now is None or not stated(now):
            return None
        if joined.group("now") is not None or _NOW_AFTER.match(text, claim_end(now)):
            return now, True
        # two periods named ("in March and ... in April"): the later one is the value now
        first = _IN_PERIOD.search(joined.group())
        second = _IN_PERIOD.match(text, claim_end(now))
        later = None if first is None or second is None else _later_period(first, second)
        if later is None:
            return None  # two past values: "54 last week and 87 the week before"
        return now, later

    def _passed(self, text: str, start: int) -> bool:
        """Whether the number at `start` is a level the value passed, where it settled told
        after it ("dropped to 44 bpm on Tuesday, then settled at 49")."""
        read = ascii_digits(text)
        m = self.scanner.pattern.match(read, start)
        return (
            m is not None
            and stated(m)
            and self._settled_after(text, read, claim_end(m)) is not None
        )

    def _settled_after(self, text: str, read: str, end: int) -> re.Match[str] | None:
        """The number where a value settled after the passing one that ends at `end`
        ("peaked at 4.1% during the deploy and is now 2.04%", "dipped to 58 on Tuesday,
        then bounced to 67", "peaked near 31k req/s but averaged 20,372"), or None."""
        ahead = text[end : end + 320]  # (as far as `_SETTLED` can reach)
        head = ahead[: _settling_stop(ahead)].lower()
        if head.isascii() and "then" not in head and "averag" not in head:
            for word in _SETTLE_WORDS:
                if word in head:
                    break
            else:  # (neither pattern reads past the stop: the words it needs are not there)
                return None
        window = ahead.lower()
        averaged = _BUT_AVERAGED.match(text, end) if may_hold(_BUT_AVERAGED, window) else None
        if averaged is not None:
            now = self.scanner.pattern.match(read, averaged.end())
            return now if now is not None and stated(now) else None
        then_at = window.find("then")  # (no mark `_SETTLED` stops at may come before)
        if then_at < 0 or _STOPS_SETTLED.search(window, 0, then_at):
            for word in _SETTLE_WORDS:  # (a loop: no generator per number, on a hot path)
                if word in window:
                    break
            else:
                return None  # no word there says where the value is now
        settled = _SETTLED.match(text, end)
        if settled is None or not (
            _SETTLED_WORDS.search(settled.group("words"))
            or (
                settled.group("join").lower() == "then"
                and settled.group("words").split()[-1].lower() in ("to", "at")
            )
        ):
            return None  # (a move "then" to a level is where the value went next)
        now = self.scanner.pattern.match(read, settled.end())
        return now if now is not None and stated(now) else None

    def _head_reads(
        self,
        text: str,
        read: str,
        m: re.Match[str],
        m_start: int,
        known: Known,
        names: NameIndex,
        gap: str,
    ) -> bool:
        """Whether a head noun alone ("Score") names the number `m` after it."""
        if not head_gap(gap):
            return False
        number = self.scanner.number_at(m, read, text)
        end, unit = number.end, number.unit
        before = clause_before(text, m_start)
        return names.head_reads(known, before, clause_after(text, end), unit != "none")

    def _numbers(
        self, read: str, scanned: list[re.Match[str]] | None = None
    ) -> tuple[list[int], list[re.Match[str]]]:
        """Every number (or duration) of a text, and where each starts, in one scan (or
        from the scan already made, `scanned`)."""
        matches = self.scanner.pattern.finditer(read) if scanned is None else scanned
        found = [m for m in matches if stated(m)]
        return [m.start() for m in found], found

    def _later(
        self,
        text: str,
        raw: Token,
        token_end: int,
        m_start: int,
        m_end: int,
        known: Known,
        index: PoolIndex,
    ) -> Named | None:
        """A number its sentence names only after it, when no known value of its unit is
        near it (else the band reads it): the named value is meant."""
        start, end, written, value, unit, _ = raw
        if not later_gap_allows(text[token_end:m_start], text[m_end : m_end + 90]):
            return None
        candidates = index.unit(unit)
        if candidates is None or any(
            self._band(value, other) is not None for other in candidates.candidates
        ):
            return None
        if self._word_sign(text, start, end) != (0, False):
            return None
        kind = self._by_name(written, value, known)
        if kind is None:
            return None
        return Named(start, end, written, value, unit, known, False, kind, False)

    def _reading(
        self,
        text: str,
        raw: Token,
        known: Known,
        index: PoolIndex,
        names: NameIndex,
        reading: str,
        counts: bool,
        since: int = 0,
    ) -> Named | None:
        """A scanned number as a statement of `known` (or of its change), or None when its
        unit or its reading rules that out (the band then reads it). `counted` says
        whether the band did not count it checkable; `kind` is None for a number that
        states no value the pool holds (the change of a value the pool has no change of).
        A level's name with a change's unit reads the change ("margin ... 38 bps" of
        `margin_change`); `inferred` says the change was read from the words or the unit,
        so a past time beside it is the change's base ("regressed 13.4% on last week").
        `since`: where the name read ends (its own words give the number no sign)."""
        said = _Said(*raw, known)
        if not self._unit_read(text, said, counts):
            return None
        reading = self._sign_read(text, said, reading, since)
        if (said.change or reading == "change") and not _change_read(said, names):
            return None
        if said.unit == "none" and _other_currency(text, said.start, said.known):
            return None  # "ARPU €28 ($30.48)" of a value in dollars: another currency's
        if not _compared_as(text, said, names, reading):
            return None
        written, value, unit, known = said.written, said.value, said.unit, said.known
        if said.sign and written[0] not in SIGNS and (said.sign < 0) != (value < 0):
            value = -value
        if unit == "none" and known.unit == "pct" and abs(value) >= 1000:
            return None  # "DAU was 6,607 lower than last week": a count, no change in percent
        counted = said.skip is not None or index.unit(unit) is None
        kind = self._by_name(written, value, known)
        if kind is None:
            return None  # the band reads it
        return Named(said.start, said.end, written, value, unit, known, counted, kind,
                     said.inferred)  # fmt: skip

    def _unit_read(self, text: str, said: _Said, counts: bool) -> bool:
        """Whether the number's unit lets it state `said.known`: a skip its name undoes
        (the unit said, "Deep sleep 67m", "HRV was 52 ms"; the period to date its name
        says, "Revenue is $210k month-to-date"), a count where one `counts`, and no other
        period to date ("612 mi month-to-date" of a year's mileage)."""
        end, known, skip = said.end, said.known, said.skip
        if skip == "unit" and known.unit == "min" and _GLUED_MINUTES.match(text, end):
            said.unit, said.skip = "min", None  # minutes, as its name says
        elif skip == "unit" and known.unit == "none" and _MILLISECONDS.match(text, end):
            said.skip = None  # a value held without its unit, said with it
        elif skip == "window" and (period := _to_date(text, end)) is not None:
            # the amount to date, a value of a name that says the same period
            # (`revenue_mtd`); of any other, no reading
            if period != self._period_of(known):
                return False
            said.skip, prefix = None, self.scanner.prefix(text, said.start)
            if prefix is not None:
                said.unit, said.value = prefix[0], -said.value if prefix[1] else said.value
        if said.skip is not None and not (counts and said.skip == "count"):
            return False
        period = _to_date(text, end) if said.unit != "none" else None
        return period is None or period == self._period_of(known)

    def _sign_read(self, text: str, said: _Said, reading: str, since: int) -> str:
        """The number's sign and whether it is a change, from the words around it (past
        `since`), and the reading that leaves: a verb before the name makes it a change."""
        known = said.known
        sign, change = self._word_sign(
            text, said.start, said.end, since, below_zero=known.value < 0
        )
        if reading in _VERB_SIGNS:  # the change a verb before the name makes
            sign, change, reading = sign or _VERB_SIGNS[reading], True, "change"
        elif (
            (plus := _plus_at(text, said.start, said.written)) >= 0
            and (
                text[plus - 1 : plus] == "("
                or _MOVED_BEFORE.search(text, max(0, plus - 24), plus) is not None
            )
            and known.value > 0
            and not is_change(known)
            and relative(said.value, known.value) > self.config.value
        ):
            # "HRV is trending upward (+4 over 7 days)", "NPS moved +3": a plus in an
            # aside or after a verb of change, a change of a level above zero ("TSB +13.1"
            # may be the level of a balance)
            change = True
        said.sign, said.change = sign, change
        return reading

    def _period_of(self, known: Known) -> str | None:
        """The period to date a name says ("revenue_mtd", an alias "month-to-date revenue":
        "month"), or None."""
        if known.name not in self._periods:
            said = " ".join([known.name, *self.config.names.get(known.name, ())])
            periods = {
                whole or _PERIODS[letter]
                for whole, letter in _PERIOD_IN_NAME.findall(said.lower().replace("_", " "))
            }
            self._periods[known.name] = periods.pop() if len(periods) == 1 else None
        return self._periods[known.name]

    def _of_another(self, text: str, start: int, end: int, known: Known, names: NameIndex) -> bool:
        """Whether the words beside a number a name reads make it a value of another kind
        than `known`'s: an extreme, a median or another percentile, a baseline, an amount
        or a change of a count, a total over a span its name does not say, an increment
        ("Throughput had highs of 22,900 rps", "The p90 resting rate was 38 bpm")."""
        return (
            _another_statistic(text, start, end, known, names)
            or (
                _counts_things(known)
                and (_money_before(text, start) or _set_changed(text, start, end))
            )
            or _baseline_before(text, start, known)
            or (
                (span := _span_opens(text, start, False)) is not None
                and not self._fits(span, known)
            )
        )

    def _unit_of_list(self, text: str, end: int) -> str | None:
        """The unit of the last item of a list that goes on after the number ending at
        `end` ("10, 11, 12 and 13 miles": "mi", "6 and 7 hours": "h"; "foreign" for a unit
        outside the vocabulary, "60, 66 and 70 seconds"), or None where no
        list goes on: three items or more, or two joined by a plain "and" ("54.6, and
        24,310 steps" joins two clauses)."""
        read = None
        last = plain_and = None
        count = 0
        while True:
            sep = _SERIES_SEPARATOR.match(text, end)
            if sep is None:
                break
            read = ascii_digits(text) if read is None else read
            item = self.scanner.pattern.match(read, sep.end())
            if item is None or item.group("body") is None:
                break
            last, end, count, plain_and = item, item.end("body"), count + 1, sep.group("and_")
            if sep.group("and") is not None or plain_and is not None:
                break
        if last is None or read is None or (count == 1 and plain_and is None):
            return None
        _, _, _, _, unit, skip = self.scanner.number_at(last, read, text)
        # ("70 seconds", "11 months": a unit all the same, or a span of time)
        return "foreign" if skip in ("unit", "window") else unit

    def _fits(self, span: str, known: Known) -> bool:
        """Whether a span said of a number ("year", "all") is the one `known`'s names say:
        its period to date ("revenue_mtd"), or its cadence ("weekly mileage" to date)."""
        if span == self._period_of(known):
            return True
        if known.name not in self._cadences:
            said = " ".join([known.name, *self.config.names.get(known.name, ())])
            cadences = {_CADENCES[w] for w in _NAME_WORDS.findall(said.lower()) if w in _CADENCES}
            self._cadences[known.name] = cadences.pop() if len(cadences) == 1 else None
        return span == self._cadences[known.name]

    def _band(self, value: float, known: Known) -> str | None:
        """The band a value falls in against one known value: faithful, sign, value, None."""
        config = self.config
        rel = relative(value, known.value)
        if rel <= config.faithful:
            return "faithful"
        if value * known.value < 0 and magnitude_gap(value, known.value) <= config.sign:
            return "sign"
        return "value" if rel <= config.value else None

    def _named_instead(
        self, clause: str, value: float, unit: str, known: Known, index: PoolIndex
    ) -> tuple[Known, str] | None:
        """Another known value of the unit, in a band of `value`, that the clause does name
        ("revenue growth of -3.8%": `mrr_growth` 3.8 rather than a `discount_rate` of 3.8)."""
        candidates = index.unit(unit)
        aliases = self.config.names
        for other in candidates.candidates if candidates is not None else ():
            if other is known:
                continue
            kind = self._band(value, other)
            if kind is not None and not names_something_else(clause, other, aliases):
                return (other, kind) if kind != "faithful" else None
        return None

    def _change_target(
        self,
        text: str,
        start: int,
        mentions: list[tuple[int, int, Known, bool]],
        names: NameIndex,
        unit: str,
    ) -> Known | None:
        """The change the clause before `start` names ("DAU grew 8.2%": `dau_change`): the
        last name before it, or the words of a change's own name; None when none does."""
        for _, m_end, mentioned, _ in reversed(mentions):
            if m_end > start:
                continue
            if start - m_end > 80 or not gap_allows_change(text[m_end:start]):
                break
            target = mentioned if is_change(mentioned) else names.change_of.get(mentioned.name)
            if target is not None and (target.unit == unit or unit == "none"):
                return target
            return None
        for known in names.changes:
            stem = change_stem(known)
            said = None if stem is None else stem.search(text, max(0, start - 80), start)
            if (
                said is not None
                and gap_allows_change(text[said.end() : start])
                and (known.unit == unit or unit == "none")
            ):
                return known
        return None


@dataclass(slots=True)
class _Said:
    """A scanned number as `DefaultDetector._reading` reads it against a known value."""

    start: int
    end: int
    written: str
    value: float
    unit: str
    skip: str | None  # why the scanner skipped it, or None for a claim
    known: Known  # the value it is read against, so far
    sign: int = 0  # the sign its words give it (0: none)
    change: bool = False  # whether its words make it a change
    inferred: bool = False  # see `Named.inferred`


def _change_read(said: _Said, names: NameIndex) -> bool:
    """A change read against the change the pool holds of its value (`said.known` moved
    to it), or against the value itself when the pool holds none and the magnitude
    written is its own: the word gives the value's sign ("Skin temp is down 0.5 °C" of a
    deviation of +0.5). False when neither."""
    known = said.known
    target = known if is_change(known) else names.change_of.get(known.name)
    if target is not None:
        said.inferred = target is not known
        said.known = target
        return True
    return bool(said.sign) and abs(abs(said.value) - abs(known.value)) <= written_step(said.written)


def _compared_as(text: str, said: _Said, names: NameIndex, reading: str) -> bool:
    """The known value the number is compared with, as its unit or reading says (set on
    `said`): in the unit written, the change a change's unit says, percentage points of
    basis points, a score on the scale written; False when it can state none of them."""
    unit, known, end = said.unit, said.known, said.end
    if unit != known.unit and unit != "none":
        target = None if is_change(known) else names.change_of.get(known.name)
        if target is not None and target.unit == unit:
            said.known, said.inferred = target, True
            return True
        found = in_unit(known, unit)  # "Total sleep came to 7.7 hours" of 367 min
        if found is None:
            return False
        said.known = found
    elif reading == "since":
        if not said.inferred and not is_change(known):
            return False  # "margin versus last quarter ... 39%": a past level, not a change
        said.inferred = True  # "Latency change vs last week: +20%": the change's base
    elif unit == "none" and known.unit == "bps" and _POINTS_AFTER.match(text, end):
        # "Margin is down 1.67 points" of -167 bps: compared in percentage points
        said.known = Known(known.name, known.value / 100, "none")
    elif unit == "none" and known.unit == "pct":
        scale = scale_at(text, end)
        if scale and scale != 100:
            # "Readiness: 7 out of 10" of 51%: compared on the scale written (5.1)
            said.known = Known(known.name, known.value * scale / 100, "none")
    return True


@dataclass(slots=True)
class _Pass:
    """One text as `DefaultDetector._read` reads it: what each number's reading sees."""

    text: str
    index: PoolIndex
    names: NameIndex
    mentions: list[tuple[int, int, Known, bool]]
    judge: Callable  # the pool's judge, for a number signed by its words
    citations: list[Citation] | None  # where the cited numbers go, when asked
    trace: dict[int, tuple[str, str, Known | None]] | None  # while `explain` runs
    named: dict[int, Named] = field(default_factory=dict)  # the numbers names read
    read_by: dict[int, str] = field(default_factory=dict)  # a share's or a count's rule
    # where each known value is named: the mentions grouped once, not searched per number
    spans_of: dict[Known, list[tuple[int, int]]] | None = None


@dataclass(slots=True)
class _BandRead:
    """A number the band judged, as its words are read: each step may sign it, move it
    to the change a clause names, or rule it out."""

    start: int
    end: int
    token: str  # as judged (signed when its words sign it)
    written: str  # as written in the text
    value: float
    unit: str
    known: Known
    kind: str | None
    basis: str = "band"
    rule: str = "band"
    sign: int = 0  # the sign its words give it (0: none)
    change: bool = False  # whether its words make it a change


@dataclass(slots=True)
class _NameScan:
    """One text as `DefaultDetector._named` reads the numbers its names point at."""

    text: str
    read: str  # the text with its digits in ASCII
    mentions: list[tuple[int, int, Known, bool]]
    index: PoolIndex
    names: NameIndex
    scanned: list[re.Match[str]] | None  # the scanner's matches, when the caller has them
    pattern: re.Pattern[str]  # the scanner's
    numbers: tuple[list[int], list[re.Match[str]]] | None = None  # made when first asked
    modifiers: set[int] = field(default_factory=set)  # names that qualify a noun before them
    # what each reading the walk over the names makes found, by its id (`NAME_READINGS`)
    found: dict[str, dict[int, Named]] = field(
        default_factory=lambda: {rule_id: {} for rule_id in _WALKED}
    )


@dataclass(slots=True)
class _Mention:
    """A name in the text, and the numbers beside it as they are read."""

    start: int
    end: int
    known: Known
    whole: bool | None  # False: a word of a name for it; None: its head noun alone
    qualifying: bool = False  # in a phrase that qualifies the noun before it
    after: re.Match[str] | None = None  # the number after it, as read so far
    said_from: int = 0  # where the words between the name and that number start
    placed_from: int | None = None  # where a slashed list of numbers starts, its place in it
    said: str | None = None  # the words between, when others stand among them
    told_then: bool = False  # a past value told before the number after it, with its time
    labeled: bool = False  # only a label's number follows the name
    before: re.Match[str] | None = None  # the number right before it
    token_end: int = 0  # where that number's claim ends
    raw: Token | None = None  # that number as scanned, once found


def _vetoed(
    d: DefaultDetector,
    scan: _NameScan,
    name: _Mention,
    table: tuple[tuple[str, Callable[[DefaultDetector, _NameScan, _Mention], bool]], ...],
) -> bool:
    """Whether one of the tests of `table` holds for the name (tried in its order)."""
    for _, vetoes in table:  # noqa: SIM110 (a loop: no generator per name, on a hot path)
        if vetoes(d, scan, name):
            return True
    return False


def _read_rule(said: _Pass, reading: Named) -> str:
    """The rule a number a name read is told by: its share's or count's, else `name:WORDS`
    (asked only of a number flagged or traced, not of every one a name reads)."""
    start = reading.start
    return said.read_by.get(start) or _name_rule(
        said.text, start, reading.known, said, reading.named_by
    )


def _after_reading(whole: bool | None, gap: str) -> str:
    """The reading a number after a name is kept under: a word of a name never wins over
    a whole name, and the name before a comma or "and" never over the number's own."""
    if whole is None:
        return "name.head"
    if not whole:
        return "name.word-after"
    if ("," in gap or "and" in gap) and list_gap(gap):
        return "name.listed"  # the item before a comma: "deep sleep, 70 min REM"
    return "name.after"


def _not_the_value(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "Peak DAU", "Enterprise ARPU", "NPS among power users": not the value
    return _segmented(scan.text, name.start, name.end) or _someone_else(scan.text, name.start)


def _over_another_span(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "YTD revenue", "Lifetime steps": the total over another span
    span = _span_before(scan.text, name.start)
    return span is not None and not d._fits(span, name.known)


def _of_several(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "Long runs have gone 10, 11, 12 and 13 miles": not today's run
    return bool(name.whole) and scan.names.said_of_several(scan.text, name.start, name.end)


def _other_statistic(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "Build time p50", "Replication lag p99": another quantity's
    return _statistic_of_other(scan.text, name.start, name.end, name.known, scan.names)


def _share_before(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "67% of memory and 60% of CPU": the share before is its number; "Share of spend:
    # Google 55%": the name is the whole its parts divide
    text, m_start = scan.text, name.start
    return "of" in text[max(0, m_start - 6) : m_start] and bool(
        _SHARE_OF.search(text, max(0, m_start - 16), m_start)
        or _SPLIT_OF.search(text, max(0, m_start - 24), m_start)
    )


def _split_after(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "DAU mix: 9% tablets", "Spend split: 70% search"
    return _SPLIT_AFTER.match(scan.text, name.end) is not None


def _qualifying(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # a name that qualifies a noun before it (but "Keep track of the queue depth, now
    # 3,400" is its own)
    return name.qualifying and not _LABEL_GAP.search(scan.text, name.end, name.after.start())


def _part_of_count(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "We ran 4 experiments and won 2": a part of the count, not it
    text, m_start = scan.text, name.start
    part = _PART_AFTER.match(text, name.end)
    return (
        part is not None
        and part.end() <= name.after.start()
        and _COUNT_BEFORE.search(text, max(0, m_start - 24), m_start) is not None
    )


def _noun_of_a_count(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "10 experiments, 4 winners": the noun of the 10, no name of the 4; "79 CTL / 89 ATL":
    # the name after its number, the next item's (but in "dau=81475 nps=48" the name keys
    # the number after it; in "Top 3 runs: 12, 10 and 8 mi" the count's noun labels a list)
    text, m_start, m_end = scan.text, name.start, name.end
    if not _NUMBER_BEFORE_NAME.search(text, max(0, m_start - 4), m_start) or (
        text[m_end : m_end + 1] == "=" and _KEYED_VALUE.match(text, m_end)
    ):
        return False
    counted = _number_before(d._numbers_of(scan), scan.read, m_start, 24)
    if counted is None:
        return False
    raw = d.scanner.number_at(counted, scan.read, text)
    if raw.skip == "count" and not YEAR.fullmatch(raw.text):
        return True
    return _ITEM_SEPARATOR.search(text, m_end, name.after.start()) is not None


def _keyed(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "p95=728 cpu=48": the name keys the number after it
    text, m_end = scan.text, name.end
    return text[m_end : m_end + 1] in _KEYED and _KEYED_VALUE.match(text, m_end) is not None


def _year_before(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "2026 signups so far: 2,268": a year, and the name's number after it
    raw = name.raw
    if name.after is None or raw.unit != "none" or not YEAR.fullmatch(raw.text):
        return False
    scan.found["name.unread"].setdefault(name.before.start(), _unread(raw, name.known))
    return True


def _counts_before(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "5 runs", "40 conversions" of a distance or a rate, "4 REM cycles": the number
    # counts things, the name's own or the noun after it, not its value
    return name.raw.skip == "count" and (
        name.known.unit != "none" or _noun_after(scan.text, name.end)
    )


def _over_a_scale(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "67/100 sleep score": the scale; the score before the slash is the name's
    read, raw, b_start = scan.read, name.raw, name.before.start()
    if raw.text not in SCALE_TOPS:
        return False  # (no scale's top: the slash before it is not looked for)
    slash = OVER_A_SCALE.search(read, max(0, b_start - 4), b_start)
    if slash is None:
        return False
    score = _number_before(d._numbers_of(scan), read, slash.start() + 1, 12)
    if score is None or claim_end(score) != slash.start() + 1 or raw.unit != "none":
        return True
    if after_gap_allows(scan.text[name.token_end : name.start], "none"):
        scored = d.scanner.number_at(score, read, scan.text)
        found = d._reading(scan.text, scored, name.known, scan.index, scan.names, "value", True)
        if found is not None:
            found.named_by = (name.start, name.end)
            scan.found["name.before"][score.start()] = found
    return True


def _held_before(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "27 pages", "$1.9M in cash" (not "paid $2,000 in cash"), "recorded 87 for HRV"; a
    # number whose unit of time its list left unsaid ("62 minutes in deep sleep and 103 in
    # REM") is read in the name's
    text, raw, known, m_start, m_end = scan.text, name.raw, name.known, name.start, name.end
    before, token_end = name.before, name.token_end
    elided = raw.unit == "none" and known.unit in SPENT and raw.skip is None
    if not (
        before.start() >= m_start - 40
        and (
            after_gap_allows(text[token_end:m_start], known.unit if elided else raw.unit)
            or (
                held_in(text[token_end:m_start], raw.unit)
                and _ends_phrase(text, m_end)
                and not _PAID.search(clause_before(text, before.start()))
            )
            or (
                _FOR_GAP.fullmatch(text, token_end, m_start)
                and _ends_phrase(text, m_end)
                and _RECORDED.search(clause_before(text, before.start()))
            )
        )
    ):
        return False
    counted = known
    if raw.skip == "count" and raw.unit == "none":
        # "We escalated 17 tickets": the count of the verb's events
        counted = scan.names.events_verb(text, before.start(), scan.index.pool, known) or known
    _read_before_as(d, scan, name, counted)
    return True


def _fronted(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "At 61 bpm, resting HR is high": the sentence's subject names it
    text, raw, b_start = scan.text, name.raw, name.before.start()
    gap_from = name.before.end() if raw.skip else name.token_end
    if not (
        raw.skip in (None, "count")
        and _FRONTED_GAP.fullmatch(text, gap_from, name.start)
        and _FRONTED.search(text, max(0, b_start - 12), b_start)
    ):
        return False
    _read_before_as(d, scan, name, name.known)
    return True


def _linked(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "87 is your HRV": the name a linking verb gives it
    text = scan.text
    if not (
        name.raw.skip is None
        and _LINKED.fullmatch(text, name.token_end, name.start)
        and _ends_phrase(text, name.end)
    ):
        return False
    _read_before_as(d, scan, name, name.known)
    return True


def _named_later(d: DefaultDetector, scan: _NameScan, name: _Mention) -> bool:
    # "It took 28 min to drop off, so latency is fine": named only after it
    raw, known = name.raw, name.known
    if not (raw.unit == known.unit and raw.unit not in SHARES and raw.skip is None):
        return False
    found = d._later(scan.text, raw, name.token_end, name.start, name.end, known,
                     scan.index)  # fmt: skip
    if found is not None:
        found.named_by = (name.start, name.end)
        scan.found["name.later"].setdefault(name.before.start(), found)
    return True


def _read_before_as(d: DefaultDetector, scan: _NameScan, name: _Mention, known: Known) -> None:
    """The number before the name read as a statement of `known` (`name.before`)."""
    found = d._reading(scan.text, name.raw, known, scan.index, scan.names, "value", True)
    if found is not None:
        found.named_by = (name.start, name.end)
        scan.found["name.before"][name.before.start()] = found


def _pronoun(d: DefaultDetector, scan: _NameScan) -> dict[int, Named]:
    # "HRV dropped overnight. It's at 52 now"
    return d._by_pronoun(scan.text, scan.read, scan.mentions, scan.index, scan.names)


# a name that says no value of its own where it stands, each by its id: the numbers
# beside it are not read by it
NAME_VETOES: tuple[tuple[str, Callable[[DefaultDetector, _NameScan, _Mention], bool]], ...] = (
    ("name.not-the-value", _not_the_value),
    ("name.other-span", _over_another_span),
    ("name.of-several", _of_several),
    ("name.other-statistic", _other_statistic),
)
# the first number after a name that is another's, each by its id
AFTER_NAME_VETOES: tuple[
    tuple[str, Callable[[DefaultDetector, _NameScan, _Mention], bool]], ...
] = (
    ("name.share-before", _share_before),
    ("name.split-after", _split_after),
    ("name.qualifying", _qualifying),
    ("name.part-of-count", _part_of_count),
    ("name.noun-of-a-count", _noun_of_a_count),
)
# the readings of the number right before a whole name, each by its id, tried in this
# order: the first that holds decides it (and may read it, or leave it unread)
BEFORE_NAME: tuple[tuple[str, Callable[[DefaultDetector, _NameScan, _Mention], bool]], ...] = (
    ("name.keyed", _keyed),
    ("name.year", _year_before),
    ("name.counts-things", _counts_before),
    ("name.over-a-scale", _over_a_scale),
    ("name.held", _held_before),
    ("name.fronted", _fronted),
    ("name.linked", _linked),
    ("name.later", _named_later),
)
# the readings of the numbers the names point at, by id, in priority: where two read one
# number the first here wins (a closer name; a whole name over a word of one; the number's
# own name after it over the name before a comma or "and"). Those without a function are
# made by the walk over the names (`_named`); the names listed with their numbers in turn
# (`_respectively`) decide over all of them. Every flag they make carries the `name` rule
# as `name:WORDS`: these ids name the readings in the code, not rules of the catalogue.
NAME_READINGS: tuple[
    tuple[str, Callable[[DefaultDetector, _NameScan], dict[int, Named]] | None], ...
] = (
    ("name.after", None),  # "RHR was 61": the first number after a whole name
    ("name.word-after", None),  # "Retention was 41%": after a word of a name
    ("name.before", None),  # "27 pages", "At 61 bpm, resting HR is high", "87 is your HRV"
    ("name.listed", None),  # "deep sleep, 70 min REM": after the name before a comma
    ("name.head", None),  # "Score: 80": after a head noun alone
    ("name.later", None),  # "It took 28 min to drop off, so latency is fine"
    ("name.unread", None),  # a past value, a label's number, a move, the usual level
    ("name.pronoun", _pronoun),  # "HRV dropped overnight. It's at 52 now"
)
_WALKED = tuple(rule_id for rule_id, reads in NAME_READINGS if reads is None)


def _settling_stop(window: str) -> int:
    """Where `_SETTLED` and `_BUT_AVERAGED` cannot read on in `window` (its length when
    nowhere): at ";", "!", "?" or a point that ends no "a.m." and no "Dec. 3", so that most
    numbers' words are looked at up to their sentence's end, not 320 characters on."""
    at = window.find(".")
    while at >= 0 and (window[at - 1 : at] in "ampAMP" or window[at + 2 : at + 3].isdigit()):
        at = window.find(".", at + 1)
    cut = len(window) if at < 0 else at
    for mark in ";!?":
        at = window.find(mark, 0, cut)
        if at >= 0:
            cut = at
    return cut


def _series(
    read: str, pattern: re.Pattern[str], text: str, m: re.Match[str]
) -> list[re.Match[str]] | None:
    """The numbers of a series that starts at `m`, when its words say it is one value's
    over a run of periods ("58, 61 and 67 over the last three mornings", "$99k, $95k and
    $92k over the past three months"), or when three or more follow one name ("Weekly
    mileage: 22, 24, 26 and 27.3 mi"). The last is the latest."""
    if not stated(m):
        return None
    items = [m]
    end = claim_end(m)
    while True:
        sep = _SERIES_SEPARATOR.match(read, end)
        if sep is None:
            break
        item = pattern.match(read, sep.end())
        if item is None or not stated(item):
            break
        items.append(item)
        end = claim_end(item)
        if sep.group("and") is not None or sep.group("and_") is not None:
            break
    if len(items) < 2 or (len(items) < 3 and _SERIES_SPAN.match(text, end) is None):
        return None
    return items


def _unread(raw: Token, known: Known) -> Named:
    """A scanned number beside `known`'s name that states no value (a past value, a label,
    a move, the usual level): read, so the band does not read it either, but never flagged."""
    return Named(*raw[:5], known, False, None, False)


def _later_period(first: re.Match[str], second: re.Match[str]) -> bool | None:
    """Whether `second`'s month (or quarter) comes after `first`'s, a half year at most
    (a quarter or two), so that it is the later of two periods told together; None when
    the two are the same or of different kinds."""
    a, b = first.group("period").lower(), second.group("period").lower()
    if a[0] == "q" or b[0] == "q":
        if a[0] != b[0] or a == b:
            return None
        return (int(b[1]) - int(a[1])) % 4 in (1, 2)
    gap = (_MONTH_ORDER[b[:3]] - _MONTH_ORDER[a[:3]]) % 12
    return None if gap == 0 else gap <= 6


def _number_before(
    numbers: tuple[list[int], list[re.Match[str]]], read: str, at: int, reach: int
) -> re.Match[str] | None:
    """The last number that starts less than `reach` characters before `at` (and not
    right after a digit, a comma or a point inside that reach), None when there is none."""
    starts, found = numbers
    lo = max(0, at - reach)
    for i in range(bisect_left(starts, at) - 1, -1, -1):
        start = starts[i]
        if start < lo:
            break
        if not (start > lo and read[start - 1] in "0123456789,."):
            return found[i]
    return None


def _pronoun_clauses(text: str) -> list[re.Match[str]]:
    """`_PRONOUN_CLAUSE.finditer(text)`, faster: the pattern is tried only around the word
    "it", found by a C scan of the lowered text (where lowering keeps every place)."""
    low = text.lower()
    if len(low) != len(text):
        return list(_PRONOUN_CLAUSE.finditer(text))
    found: list[re.Match[str]] = []
    at = low.find("it")
    while at >= 0:
        if (at == 0 or not low[at - 1].isalnum()) and low[at + 2 : at + 3] in _AFTER_IT:
            clause = _PRONOUN_CLAUSE.search(text, max(0, at - 40), at + 80)
            if clause is not None and (not found or clause.start() >= found[-1].end()):
                found.append(clause)
        at = low.find("it", at + 2)
    return found


def _demonstrative_clauses(text: str) -> list[re.Match[str]]:
    """`_DEMONSTRATIVE_CLAUSE.finditer(text)`, faster: tried only at "That" and "This"."""
    found: list[re.Match[str]] = []
    for word in ("That", "This"):
        at = text.find(word, 1)
        while at >= 0:
            clause = _DEMONSTRATIVE_CLAUSE.match(text, at - 1) or _DEMONSTRATIVE_CLAUSE.match(
                text, at
            )
            if clause is not None:
                found.append(clause)
            at = text.find(word, at + 4)
    return sorted(found, key=lambda clause: clause.start())


_AFTER_IT = frozenset(["'", "’", " ", "\t", "\u00a0", "\u202f", "\u2009"])


def _subject_counted(
    text: str,
    start: int,
    end: int,
    held: tuple[Known, ...],
    mentions: list[tuple[int, int, Known, bool]],
) -> Known | None:
    """The count whose name is the subject of the clause when the number counts its
    occurrences ("Alerts fired 27 times": `alerts`), or None."""
    if not counted_in_times(text, end):
        return None
    for m_start, m_end, mentioned, whole in reversed(mentions):
        if m_end > start:
            continue
        clause = clause_before(text, start)
        lo = start - len(clause)
        if not whole or mentioned not in held or m_start < lo:
            return None
        if not verb_gap(text[m_end:start], text[lo:m_start]):
            return None
        return mentioned
    return None


def _qualified_name_before(
    text: str,
    start: int,
    known: Known,
    mentions: list[tuple[int, int, Known, bool]],
    fits: Callable[[str, Known], bool],
    names: NameIndex,
) -> bool:
    """Whether the last name before `start` says the number is another quantity than
    `known`: `known`'s own name with a qualifier between it and the number ("HRV peak this
    block was 67"), or, in the number's sentence, a name said of a segment or an extreme
    ("Revenue per employee is $85k", which the band would read as burn), or of a span its
    own name does not say (`fits`: "Lifetime revenue passed $2.3M"), or a statistic of
    another quantity ("Cold start p95: 690 ms")."""
    at = bisect_right(mentions, start, key=_END)  # the first name that ends after `start`
    if at == 0:
        return False
    m_start, m_end, mentioned, whole = mentions[at - 1]
    if mentioned is known and qualified_gap(text[m_end:start]):
        return True
    if _SENTENCE_END.search(text, m_end, start):
        return False
    span = _span_before(text, m_start)
    return (
        _segmented(text, m_start, m_end)
        or (span is not None and not fits(span, mentioned))
        or _statistic_of_other(text, m_start, m_end, mentioned, names)
        or bool(whole and names.said_of_several(text, m_start, m_end))
    )


# a span: a period to date ("YTD", "year-to-date") or the whole history ("lifetime",
# "all-time", "cumulative"); said before a name ("YTD revenue", "Lifetime steps"), or
# opening the number's sentence ("Year to date, revenue is $1.9M", "YTD: 31 mi") or its
# clause ("Year-to-date mileage is 31 mi")
_SPAN = (
    rf"(?i:({lexicon.alternation('calendar_periods')})[ \t\u00a0-]to[ \t\u00a0-]date|([dwmqy])td|"
    r"(lifetime|all[ \t\u00a0-]time|cumulative))"
)
_SPAN_BEFORE = re.compile(rf"\b{_SPAN}[ \t\u00a0]+$")
_SPAN_OPENS = re.compile(rf"[\s*#>-]*{_SPAN}(?:[ \t\u00a0]*([,:])|[ \t\u00a0]+(?=[A-Za-z]))")
_SPAN_SAID = re.compile(
    r"(?i:to[ \t\u00a0-]date|[dwmqy]td\b|lifetime|all[ \t\u00a0-]time|cumulative)"
)
# the period a name's word of cadence says ("weekly mileage": the week's, to date too)
_CADENCES = lexicon.TABLES["cadences"]


def _span_of(found: re.Match[str]) -> str:
    """The span a `_SPAN` match says: its period to date, or "all"."""
    whole, letter, _ = found.group(1, 2, 3)
    return whole.lower() if whole else _PERIODS[letter.lower()] if letter else "all"


def _span_opens(text: str, start: int, band: bool) -> str | None:
    """The span that opens the number's sentence before a comma or a colon ("Year to date,
    revenue is $1.9M"), or, for a number the band reads (`band`), its clause ("Year-to-date
    mileage is 31 mi"); None when none does."""
    lo = max(0, start - 160)
    if not may_hold(_SPAN_SAID, text[lo:start]) or _SPAN_SAID.search(text, lo, start) is None:
        return None
    begins = lo
    for end in _SENTENCE_END.finditer(text, lo, start):
        begins = end.end()
    found = _SPAN_OPENS.match(text, begins, start)
    if found is not None and found.group(4):
        return _span_of(found)
    if band:
        found = _SPAN_OPENS.match(clause_before(text, start))
        if found is not None:
            return _span_of(found)
    return None


# the last word of each, its hyphens read as spaces: where the word before a name is none
# of these, the pattern is not searched
_SPAN_WORDS = lexicon.words("span_words")


def _span_before(text: str, m_start: int) -> str | None:
    """The span said right before a name: the period to date ("year"), "all" for the whole
    history, or None."""
    before = text[max(0, m_start - 24) : m_start].replace("-", " ").split()
    if not before or before[-1].lower() not in _SPAN_WORDS:
        return None
    found = _SPAN_BEFORE.search(text, max(0, m_start - 24), m_start)
    if found is None:
        return None
    return _span_of(found)


def _in_a_split(text: str, start: int, known: Known) -> bool:
    """Whether the number's sentence, before it, says it divides a whole into parts ("Share
    of spend: Google 55%", "DAU mix: 9% tablets") and `known`, by its name, is no share."""
    begins = max(0, start - 120)
    for end in _SENTENCE_END.finditer(text, begins, start):
        begins = end.end()  # a decimal point ("12.5% network, 9% database") ends nothing
    if _SPLIT_WORD.search(text, begins, start) is None:
        return False
    return _SPLIT_WORD.search(known.name.replace("_", " ")) is None


def _extreme_before(text: str, start: int, known: Known) -> bool:
    """Whether the words before the number in its clause (after its last comma) pick an
    extreme ("Max HR: 178 bpm", "Peak latency: 790 ms", "Lowest HR during the run: 140
    bpm") of which `known`, by its name, is none (a pool's `max_hr` is such a value)."""
    before = clause_before(text, start)
    before = before[before.rfind(",") + 1 :].lower()
    words = _WORD_RUN.findall(before)[-6:]
    if _EXTREMES.isdisjoint(words):
        return False
    for at, word in enumerate(words):
        if word not in _EXTREMES:
            continue
        if not _ITEMS.isdisjoint(words[at + 1 : at + 3]):
            return False  # "your longest run ever: 4.4 mi", "the peak long run": the run's
        if _COPULAS.intersection(words[max(0, at - 2) : at]):
            return False  # "Yesterday's long run was the longest of your block: 13.0 mi"
    return not _name_says(known, _EXTREMES)


def _said_before(text: str, start: int, pattern: re.Pattern[str]) -> bool:
    """Whether `pattern` ends at `start`, searched in the 40 characters before it."""
    return search_before(pattern, text, start, 40) is not None


def _extreme_noun_before(text: str, start: int, known: Known) -> bool:
    """Whether a noun of extremes stands right before the number ("with peaks of 91%", "a
    low of 44 bpm", "CPU peaks: 91%") and `known`, by its name, is no extreme."""
    if not _said_before(text, start, _EXTREME_NOUN):
        return False
    return not _name_says(known, _EXTREMES)


def _baseline_before(text: str, start: int, known: Known) -> bool:
    """Whether a baseline's word stands right before the number ("your baseline is 44",
    "Baseline: 64", "Our baseline burn is $88k", "against a usual of 44", "your norm (44%)")
    and `known`, by its name, is no baseline."""
    if not _said_before(text, start, _BASELINE_BEFORE):
        return False
    return not _name_says(known, BASELINE_WORDS)


_BASELINE_BEFORE = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('baseline_nouns')})\b)(?:[ \t\u00a0]+[A-Za-z0-9][\w-]*)?"
    r"(?:(?:[ \t\u00a0]*:|[ \t\u00a0]+(?i:is|was|sits[ \t\u00a0]+at|sat[ \t\u00a0]+at|of|"
    r"stands[ \t\u00a0]+at|runs[ \t\u00a0]+at|came[ \t\u00a0]+in[ \t\u00a0]+at))[ \t\u00a0]+"
    r"|[ \t\u00a0]*\([ \t\u00a0]*)(?:[$€£¥][ \t\u00a0]?)?$"
)


def _amount_of_things(text: str, start: int) -> bool:
    """Whether things counted just before the number give it as their amount: "6 overdue
    invoices totalling $31k", "4 deals worth $31k", "3 refunds came to $35k", "12 tickets
    cost $29 each", "6 invoices ($31k)" (not a span of time: "16 months ($88k a month)")."""
    found = search_before(_AMOUNT_OF_THINGS, text, start, 40)
    return found is not None and found.group("noun").lower() not in _TIME_PLURALS


_AMOUNT_OF_THINGS = re.compile(
    rf"(?<![0-9.,])(?:\b[0-9][0-9,]*|\b(?i:{lexicon.alternation('small_number_words')}"
    r"))[ \t\u00a0]+(?:[A-Za-z][\w-]*[ \t\u00a0]+){0,2}?"
    rf"(?P<noun>[A-Za-z][\w-]*[a-rt-z]s)[ \t\u00a0]*(?:\(|(?i:{lexicon.alternation('amount_words')}"
    r"|came[ \t\u00a0]+to|come[ \t\u00a0]+to|amounting[ \t\u00a0]+to|add(?:ing|ed)?"
    r"[ \t\u00a0]+up[ \t\u00a0]+to)[ \t\u00a0]+)(?:[$€£¥]|US\$|USD|EUR|GBP)?[ \t\u00a0]?$"
)
_TIME_PLURALS = lexicon.words("time_plurals")


def _other_currency(text: str, start: int, known: Known) -> bool:
    """Whether a currency symbol before the number cannot write `known`'s currency: €, £
    or ¥ before a value in `usd`, $ before one in `eur` (a sign may stand between: "-£26.6k").
    A value whose unit is no currency code is not asked."""
    at = start - 1
    while at >= 0 and text[at] in " \u00a0-\u2212+":
        at -= 1
    if at < 0 or text[at] not in CURRENCY_SYMBOLS:
        return False
    codes = _CURRENCIES_OF.get(text[at])
    unit = known.unit.lower()
    return codes is not None and unit in _CURRENCY_CODES and unit not in codes


# the currencies a symbol may write, and every code they name
_CURRENCIES_OF = {
    "$": lexicon.words("dollar_codes"),
    "€": lexicon.words("euro_codes"),
    "£": lexicon.words("pound_codes"),
    "¥": lexicon.words("yen_codes"),
}
_CURRENCY_CODES = frozenset().union(*_CURRENCIES_OF.values())


def _money_before(text: str, start: int) -> bool:
    """Whether a currency symbol stands before the number ("$48.3k"): with no config to
    name it a unit, the number is still an amount of money, and no count nor score."""
    return (start >= 1 and text[start - 1] in CURRENCY_SYMBOLS) or (
        start >= 2 and text[start - 1] == " " and text[start - 2] in CURRENCY_SYMBOLS
    )


# verbs that put things in a count or take them out ("We retired 4 dashboards and 11
# alerts", "11 alerts were added"): the number is the change, not the count (but an
# incident opened or created is one that happened: "8 incidents were opened")
_SET_VERBS = rf"(?:{lexicon.alternation('set_verbs')})"
_SET_CHANGED_BEFORE = re.compile(rf"(?i:\b{_SET_VERBS}\b)[^.;:!?\n]*$")
_SET_CHANGED_AFTER = re.compile(
    rf"[ \t\u00a0]*[A-Za-z][\w-]*(?:[ \t\u00a0]+[A-Za-z][\w-]*)?[ \t\u00a0]+"
    rf"(?i:(?:{lexicon.alternation('set_changed_links')}|have[ \t\u00a0]+been|has[ \t\u00a0]+been)"
    rf"[ \t\u00a0]+{_SET_VERBS})\b"
)


# an increment said before the number: "An extra 300 signups", "another $12k", "an
# additional 5 minutes of deep sleep"
_INCREMENT_BEFORE = re.compile(
    rf"(?i:\b(?:an?[ \t\u00a0]+(?:{lexicon.alternation('increment_words')})|another))[ \t\u00a0]+"
    r"(?:[$€£¥][ \t\u00a0]?)?$"
)


def _increment_before(text: str, start: int) -> bool:
    """Whether the number is an increment, "an extra" or "another" before it."""
    return _INCREMENT_BEFORE.search(text, max(0, start - 24), start) is not None


# the subject of a sentence, one of many: an extreme ("Our best ad had a 3.1% CTR", "The
# noisiest host fired 12 alerts", "Your worst night had an efficiency of 72%"), an arm, a
# cohort, a scenario ("Variant B converted at 2.9%", "The control group churned at 3.4%"),
# a channel, a plan or a platform ("Email drove 96 signups", "Android saw a 2.2% error rate")
_EXTREMES_OF_MANY = lexicon.WORDS["extremes_of_many"]
_ONE_OF_MANY = re.compile(
    r"[\s*#>-]*(?:"
    rf"(?i:{lexicon.alternation('definite_determiners')})[ \t\u00a0]+(?:(?i:single)[ \t\u00a0]+)?"
    rf"(?P<extreme>(?i:{'|'.join(_EXTREMES_OF_MANY)}))"
    r"[ \t\u00a0]+[A-Za-z][\w-]*(?:[ \t\u00a0]+[A-Za-z][\w-]*)?"
    rf"|(?:(?i:the|our)[ \t\u00a0]+)?(?P<part>(?i:{lexicon.alternation('experiment_arms')}"
    r"|test(?=[ \t\u00a0]+(?i:arm|group)\b)))"
    r"(?:[ \t\u00a0]+(?:[A-Z]|[0-9]+)\b)?"
    r"(?:[ \t\u00a0]+(?i:arm|group|hosts?|nodes?|users?|cohort|bucket))?"
    r"|(?P<segment>(?i:email|organic|referrals?|direct|paid[ \t\u00a0]+(?:social|search)|"
    rf"affiliates?|{lexicon.alternation('channels_and_platforms')}"
    r"|tablets?))"
    rf"(?:[ \t\u00a0]+(?i:{lexicon.alternation('one_of_many_nouns')}|campaigns?|channel|app|"
    r"visitors))?"
    rf")[ \t\u00a0]+(?i:{lexicon.alternation('one_of_many_verbs')}"
    r")\b"
)


def _one_of_many(text: str, start: int, own: Collection[str]) -> bool:
    """Whether the number's sentence opens with one of many as its subject, an extreme, a
    part or a segment, so that the number is that one's ("Our best ad had a 3.1% CTR",
    "Variant B converted at 2.9%", "Email drove 96 signups"), unless its word is a word of
    the value's own names (`own`: "Your lowest heart rate was 44 bpm" of an `rhr` called
    "lowest heart rate")."""
    lo = max(0, start - 120)
    begins = lo  # (the pattern, anchored at the sentence's start, fails at once on most)
    for end in _SENTENCE_END.finditer(text, lo, start):
        begins = end.end()
    found = _ONE_OF_MANY.match(text, begins, start)
    if found is None or ":" in text[found.end() : start]:
        return False  # (after a colon, the sentence may give the whole: "...: 2,268 in total")
    word = found.group("extreme") or found.group("part") or found.group("segment")
    return word.lower() not in own


def _another_statistic(text: str, start: int, end: int, known: Known, names: NameIndex) -> bool:
    """Whether the words beside the number make it another figure than `known`'s value,
    whichever reading found it: an extreme ("highs of 22,900 rps"), a median or another
    percentile, before it or after ("760 ms p99"), an increment ("An extra 300 signups"),
    one of many's ("Our best ad had a 3.1% CTR")."""
    return (
        _extreme_noun_before(text, start, known)
        or _median_before(text, start, known.name, names)
        or (
            not is_change(known)
            and (
                _other_percentile(text, start, known.name, names)
                or _percentile_after(text, end, known.name, names)
            )
        )
        or _increment_before(text, start)
        or _one_of_many(text, start, names.words.get(known.name, ()))
        or _annualized(text, start, end, known)
    )


def _annualized(text: str, start: int, end: int, known: Known) -> bool:
    """Whether the number is a value scaled to a year and `known`'s name says no year:
    a year's rate after it ("$1.1M a year", "$2.04M ARR", "of annualized burn"), a clause
    that annualizes it ("Revenue run rate is $2.04M", "Steps annualize to 4.1 million") or
    a sentence that opens so ("Annualized, burn is about $1.1M"), within 80 characters."""
    # (60 characters: as far as `_ANNUAL_AFTER` reaches)
    found = may_hold(_ANNUAL_AFTER, text[end : end + 60]) and _ANNUAL_AFTER.match(text, end)
    if not found:
        lo = max(0, start - 80)
        window = text[lo:start]
        if not may_hold(_ANNUAL_BEFORE, window) and not may_hold(_ANNUAL_OPENER, window):
            return False
        before = clause_before(text, start)[-80:]
        # (after the clause's last comma: "Annualized revenue is $2.04M, and burn is $99k")
        found = _ANNUAL_BEFORE.search(before, before.rfind(",") + 1) or _ANNUAL_OPENER.search(
            text, lo, start
        )
    return bool(found) and not _name_says(known, _ANNUAL_WORDS)


# a year's rate after a number and its unit or noun ("a year", "per year", "/yr", "of
# annualized burn", "ARR", "run-rate"; not "a year ago"), a clause that annualizes it, and
# a sentence that opens annualized: written in lower case or capitalized, as the gates
# above read them
_ANNUAL_AFTER = re.compile(
    r"(?:[ \t\u00a0]{0,3}(?:%|[A-Za-z]{1,12}))?[ \t\u00a0]{0,3}"
    r"(?:(?:a|per|each|every)[ \t\u00a0]{1,3}year\b(?![ \t\u00a0]{1,3}ago)"
    r"|/[ \t\u00a0]?(?:yr|year)\b|per[ \t\u00a0]{1,3}annum\b|annually\b"
    r"|(?:of[ \t\u00a0]{1,3})?[Aa]nnuali[sz]ed\b|ARR\b|run[- ]rate\b"
    r"|on[ \t\u00a0]{1,3}an[ \t\u00a0]{1,3}annual(?:i[sz]ed)?[ \t\u00a0]{1,3}basis\b)"
)
_ANNUAL_BEFORE = re.compile(r"(?:[Aa]nnuali[sz](?:ed|es|e|ing)|\b[Rr]un[- ]rate)\b")
_ANNUAL_OPENER = re.compile(
    r"(?:\A|[.!?\n])[ \t\u00a0]*(?:[Aa]nnuali[sz]ed|[Oo]n[ \t\u00a0]+an[ \t\u00a0]+"
    r"annual(?:i[sz]ed)?[ \t\u00a0]+basis|[Oo]n[ \t\u00a0]+a[ \t\u00a0]+run[- ]rate"
    r"[ \t\u00a0]+basis),[^.!?\n]*$"
)
_ANNUAL_WORDS = lexicon.words("annual_words")


def _set_changed(text: str, start: int, end: int) -> bool:
    """Whether a verb of its clause puts things in the count or takes them out."""
    return (
        _SET_CHANGED_BEFORE.search(clause_before(text, start)) is not None
        or _SET_CHANGED_AFTER.match(text, end) is not None
    )


def _counts_things(known: Known) -> bool:
    """Whether `known` counts things by its name: unitless, its last word a plural noun
    ("overdue_invoices", "incidents"), not one of money ("sales", "earnings")."""
    if known.unit != "none":
        return False
    last = known.name.rsplit("_", 1)[-1].lower()
    return last.endswith("s") and not last.endswith(("ss", "us")) and last not in _MONEY_PLURALS


_MONEY_PLURALS = lexicon.words("money_plurals")


def _median_before(text: str, start: int, name: str, names: NameIndex) -> bool:
    """Whether "median" stands right before the number ("Average session: 13.7 min (median
    9.2 min)", "Sleep latency median: 8 min") and the value `name`s is no median by its
    names (a config may call `p50_latency` "median")."""
    if _MEDIAN_BEFORE.search(text, max(0, start - 24), start) is None:
        return False
    return "median" not in names.words.get(name, ())


_MEDIAN_BEFORE = re.compile(
    r"(?i:\bmedian)(?:[ \t\u00a0]*:|[ \t\u00a0]+(?i:of|was|is|at|came[ \t\u00a0]+in"
    r"[ \t\u00a0]+at))?[ \t\u00a0]+(?:[$€£¥][ \t\u00a0]?)?$"
)
_EXTREME_NOUN = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('extreme_nouns_plural')}|(?:a|an|its|the)[ \t\u00a0]+"
    rf"(?:(?:{lexicon.alternation('extreme_modifiers')})[ \t\u00a0]+)?"
    rf"(?:{lexicon.alternation('extreme_nouns')}))(?:[ \t\u00a0]*:|[ \t\u00a0]+(?:"
    rf"{lexicon.alternation('extreme_links')}|"
    rf"up[ \t\u00a0]+to|above|over|below|under))?[ \t\u00a0]+(?:(?:"
    rf"{lexicon.alternation('rough_words')}"
    r")[ \t\u00a0]+|~[ \t\u00a0]*)?)[-+\u2212]?(?:[$€£¥][ \t\u00a0]?)?$"
)


# a percentile: "p99", "p99.9", "90th percentile"
_PERCENTILE = re.compile(
    r"(?i:\bp([0-9]{2}(?:\.[0-9]+)?)\b|\b([0-9]{2}(?:\.[0-9]+)?)(?:st|nd|rd|th)"
    r"[ \t\u00a0-]+percentile\b)"
)


_P_DIGIT = re.compile(r"[pP][0-9]")


def _other_percentile(text: str, start: int, name: str, names: NameIndex) -> bool:
    """Whether the number's clause, before it (after its last comma), says percentiles
    ("The p99 was 780 ms", "Your 90th percentile latency is 8 min") none of which the value
    `name`s is by its names (`p95_latency` is the 95th; a sleep latency none). (A change
    of a percentile is asked of the change's reading: "p95 moved 9.0%" of
    `latency_change`.)"""
    before = clause_before(text, start)
    before = before[before.rfind(",") + 1 :]
    if _P_DIGIT.search(before) is None and "ercent" not in before.lower():
        return False  # (most clauses say no percentile: a "p" and a digit, or "percent")
    said = {a or b for a, b in _PERCENTILE.findall(before)}
    if not said:
        return False
    # (one of several may be its own: "p95 and p50 latency")
    return said.isdisjoint(_own_percentiles(name, names))


def _percentile_after(text: str, end: int, name: str, names: NameIndex) -> bool:
    """Whether a percentile follows the number, past its unit ("760 ms p99", "15.1 min
    (p75)", "790 ms at the 99th percentile"), and the value `name`s is not that one."""
    window = text[end : end + 40]  # (the pattern's "p" or "percent" starts within it)
    if _P_DIGIT.search(window) is None and "ercent" not in window.lower():
        return False  # (most numbers have no percentile after them)
    said = _PERCENTILE_AFTER.match(text, end)
    if said is None:
        return False
    return (said.group(1) or said.group(2)) not in _own_percentiles(name, names)


def _own_percentiles(name: str, names: NameIndex) -> set[str]:
    """The percentiles the value `name`s is by its names: {"95"} of `p95_latency`."""
    own = set()
    for word in names.words.get(name, ()) or name.lower().split("_"):
        found = _PERCENTILE.fullmatch(word) or _PERCENTILE.fullmatch(f"{word} percentile")
        if found is not None:
            own.add(found.group(1) or found.group(2))
    return own


# a percentile right after a number and its unit: "760 ms p99", "(p75)", "at the 99th
# percentile"; not the label of the next item ("Alerts 23 p95 latency 728 ms", "p95: 7")
_PERCENTILE_AFTER = re.compile(
    r"[ \t\u00a0]{0,3}(?:%|[A-Za-z/°]{1,12})?[ \t\u00a0]{0,3}"
    r"(?:\(|(?i:at)[ \t\u00a0]{1,3}(?:(?i:the)[ \t\u00a0]{1,3})?)?"
    r"(?i:p([0-9]{2}(?:\.[0-9]+)?)\b|([0-9]{2}(?:\.[0-9]+)?)(?:st|nd|rd|th)[ \t\u00a0-]{1,3}"
    r"percentile\b)(?![ \t\u00a0]*[:=])"
    rf"(?![ \t\u00a0]*(?:(?!(?i:"
    rf"{lexicon.alternation('percentile_joiners')})\b)[A-Za-z][\w-]*[ \t\u00a0]+)?"
    r"[-+\u2212]?[$€£¥]?[0-9])"
)


# a statistic said alone, a name's whole form ("p95" of `p95_latency`, "median")
_STATISTIC_ALONE = re.compile(
    rf"(?i:p[0-9]{{2}}(?:\.[0-9]+)?|{lexicon.alternation('statistic_words')})"
)
# the words of a clause that opens with a noun phrase: bullets, a determiner, words
_NOUNS_OPEN = re.compile(
    rf"[\s*#>•-]*(?:(?i:{lexicon.alternation('noun_phrase_openers')})[ \t\u00a0]+)?"
    r"((?:[A-Za-z][\w/'’-]*[ \t\u00a0]+){1,3})"
)
# words of the system a dashboard's statistics are of: "API p95" is its p95 latency
_SYSTEM_WORDS = lexicon.words("system_words")


def _statistic_of_other(
    text: str, m_start: int, m_end: int, known: Known, names: NameIndex
) -> bool:
    """Whether a name said as a statistic alone ("p50", "median") is said of another
    quantity that the words opening its clause name ("Build time p50 is 6 min 40 s",
    "Replication lag p99 was 650 ms", "Cold start p95: 690 ms"): not of `known`."""
    if not _STATISTIC_ALONE.fullmatch(text, m_start, m_end):
        return False
    opening = _NOUNS_OPEN.fullmatch(clause_before(text, m_start))
    if opening is None:
        return False
    own = names.words.get(known.name, ())
    words = [w.lower().removesuffix("'s").removesuffix("’s") for w in opening.group(1).split()]
    return all(
        len(word) >= 2
        and word not in PLAIN_WORDS
        and word not in own
        and word not in _SYSTEM_WORDS
        and not word.endswith("ed")
        for word in words
    )


def _name_says(known: Known, words: frozenset[str]) -> bool:
    """Whether a word of `known`'s name is one of `words` (`max_hr` says "max")."""
    return not words.isdisjoint(_WORD_RUN.findall(known.name.lower().replace("_", " ")))


# words as \b reads them: "vo2max" is one (a class first: see `_LETTER_RUN`)
_WORD_RUN = re.compile(r"[a-z0-9][a-z0-9]*")
_EXTREMES = lexicon.words("extreme_words")
_COPULAS = lexicon.words("copulas")
# what an extreme may pick among, its number that item's measure: "your longest run: 4.4 mi"
_ITEMS = lexicon.words("items")
_START, _END = itemgetter(0), itemgetter(1)


def _mentions_within(
    mentions: list[tuple[int, int, Known, bool]], lo: int, hi: int
) -> list[tuple[int, int, Known, bool]]:
    """The names that overlap text[lo:hi]. Names come in text order and never overlap,
    so their ends are in order too, and both bounds are found by bisection: a long text
    with many names is read in time that grows with it, not with its square."""
    first = bisect_right(mentions, lo, key=_END)
    return mentions[first : bisect_left(mentions, hi, first, key=_START)]


_PLANNED = PLAN_WORDS | PLAN_NOUNS
# a plan's verb that labels a number as a metric's name ("Spend: $121,835"); a workout's
# verb so written is still the workout prescribed ("Run: 5 mi easy")
_LABEL_VERBS = IMPERATIVES - lexicon.words("workout_verbs")
# (a run written as its first character, then the rest: a pattern that opens with a class
# is scanned for it at C speed, where one that opens with a repeat runs at every position)
_LETTER_RUN = re.compile(r"[A-Za-z][A-Za-z]*")


def statement_why(
    text: str, start: int, end: int, mentions: list[tuple[int, int, Known, bool]]
) -> str | None:
    """`not_a_statement`, and an average over past days labeling the number ("7-night avg
    44") is a past value; but a plan word inside a metric's name beside the number ("the
    error budget is down to 40%", "budget remaining") is the name, not a plan; and so is a
    plan's verb in a name that labels the number or modifies a noun ("Spend: $121,835",
    "Bank balance: $3.2M"), while "Run: 5 mi easy" stays a plan."""
    why = not_a_statement(text, start, end)
    if why is None:
        label = text[max(0, start - 40) : start].lower()
        if may_hold(_WINDOW_LABEL, label) and _WINDOW_LABEL.search(label):
            return _WHY_PAST_WINDOW_AVERAGE  # "HRV 39 ms (7-night avg 44)"
        if may_hold(_AVERAGED, label) and _PER_PERIOD.match(text, end) and _AVERAGED.search(label):
            return _WHY_PAST_AVERAGED  # "you averaged 6 h 40 min a night": over several nights
        line = text.rfind("\n", 0, start) + 1
        if text[line : line + 8].lstrip().startswith("|"):
            return _column_why(text, line, start)
        opened = text.rfind("(", max(0, start - 24), start)
        if (
            opened >= 0
            and ")" not in text[opened:start]
            and _PAST_DAYS_BEFORE.search(text, max(0, opened - 30), opened)
        ):
            return _WHY_PAST_DAYS_BEFORE  # "after two low days (52 and 55)": those days' values
        return None
    if why != "plan":
        return why
    masked = text
    # a comparison with a reference said before the number ("below target at 70k")
    for against in AGAINST_REFERENCE.finditer(text, max(0, start - 100), start):
        if _REFERENCE_OF.fullmatch(text, against.end(), start):
            continue  # "missed the target of 3%": the number is the reference's own figure
        masked = masked[: against.start()] + "x" * len(against.group()) + masked[against.end() :]
    for m_start, m_end, _, whole in _mentions_within(mentions, start - 101, end + 71):
        if whole is None:
            continue  # a head noun alone ("due" of "invoices past due") names no plan's word
        words = _LETTER_RUN.findall(text[m_start:m_end].lower())
        if (
            not _PLANNED.isdisjoint(words)
            or not IMPERATIVES.isdisjoint(words[:-1])
            or (words and words[-1] in _LABEL_VERBS and text[m_end : m_end + 1] == ":")
        ):
            masked = masked[:m_start] + "x" * (m_end - m_start) + masked[m_end:]
    return why if masked is text else not_a_statement(masked, start, end)


# an average said per night, day, week or month ("you averaged 6 h 40 min a night",
# "averaging 31 mi/week"): taken over several of them, not the one the pool holds
_AVERAGED = re.compile(r"\baverag(?:ed|ing|es?)\b")
_PER_PERIOD = re.compile(
    r"(?:[ \t\u00a0]*[A-Za-z%°]+(?:[ \t\u00a0]+[A-Za-z%°]+){0,3})?"
    rf"[ \t\u00a0]*(?:(?i:{lexicon.alternation('per_words_before')})[ \t\u00a0]+|/)"
    rf"(?i:{lexicon.alternation('per_periods')})\b"
)
# a share of a name, right before it: the name's number is this one, not one after it
_PERCENT_OF = r"[ \t\u00a0]?%[ \t\u00a0]+of[ \t\u00a0]+(?:(?:the|your|our)[ \t\u00a0]+)?"
_SHARE_OF = re.compile(rf"[0-9]{_PERCENT_OF}$")
_SHARE_OF_AFTER = re.compile(_PERCENT_OF)
_SHARE_MARKS = frozenset(["% ", " %", "%\u00a0", "\u00a0%", "\t%", "%\t"])
# the readings of a verb that moves a named quantity, and the words that make what
# follows the name its level ("cut burn to $80k")
_VERB_SIGNS = {"rise": 1, "fall": -1}
_LEVEL_LINK = re.compile(r"(?i:\b(?:to|at|from)\b)")
# the part of a whole that its other parts leave: "web the remaining 7%", "the other 11%"
_RESIDUAL_BEFORE = re.compile(r"\b(?i:the)[ \t\u00a0]+(?i:remaining|other)[ \t\u00a0]+$")
# (one class of the marks first, then which it read: the engine scans for a class at C
# speed, where a branch of classes runs the whole pattern at every position)
_SENTENCE_END = re.compile(r"[.!?;\n](?:(?<=\n)|\s|$)")
# days, nights or weeks past, their values then told in parentheses
_PAST_DAYS_BEFORE = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('past_days_prepositions')})\b[^.;:()\n]{{0,20}}?"
    rf"\b(?:{lexicon.alternation('past_day_nouns')})[ \t\u00a0]*)$"
)


def _past_plan_columns(
    text: str, read: str, pattern: re.Pattern[str], m: re.Match[str]
) -> re.Match[str] | None:
    """The first number of a table row at or after `m` that is in no column of past values
    or plans ("| Cash | $3M | $2.1M |" under "Target | Actual": the $2.1M)."""
    line = text.rfind("\n", 0, m.start()) + 1
    if not text[line : line + 8].lstrip().startswith("|"):
        return m
    stop = text.find("\n", m.start())
    stop = len(text) if stop < 0 else stop
    while m is not None and _column_why(text, line, m.start()) is not None:
        m = pattern.search(read, max(claim_end(m), m.end()), stop)  # ("W47": no body)
    return m


def _column_why(text: str, line: int, start: int) -> str | None:
    """Why a number in a row of a Markdown table states no value, by its column's header:
    "past value" under "Last month", "Prev" or "Yesterday"; "plan" under "Target", "Goal"
    or "Budget"; None under any other header, or outside a table with a header row."""
    cells = _header_cells(text, line)
    if cells is None:
        return None
    column = text.count("|", line, start)
    header = cells[column].lower() if column < len(cells) else ""
    words = set(_LETTER_RUN.findall(header))
    if not words.isdisjoint(_PAST_HEADERS):
        return _WHY_PAST_COLUMN
    if not words.isdisjoint(_PLAN_HEADERS):
        return _WHY_PLAN_COLUMN
    if _period(header) is not None and _latest(cells) not in (None, column):
        return _WHY_PAST_COLUMN_PERIOD  # "| Line | Oct | Sep |": September's figures, a month ago
    latest = _latest_row(text, line)
    if latest is not None and latest != line:
        return _WHY_PAST_ROW_PERIOD  # "| W47 | 88,082 |" over "| W48 | 81,475 |": the week before
    return None


# a table's periods, as a header's or a row's first cell says them: months, quarters,
# weeks and days of the week (each in its cycle), and years
_PERIOD_CELL = re.compile(
    rf"(?i:(?P<month>{MONTH_NAMES})\.?|q(?P<quarter>[1-4])"
    rf"|(?:w|wk|week)[ \u00a0]?(?P<week>[0-9]{{1,2}})"
    rf"|(?P<day>mon|{lexicon.alternation('weekdays_short_after_monday')})(?:{lexicon.alternation('weekday_endings')})?\.?)"
    r"(?:[ \u00a0]+'?(?P<year>(?:19|20)?[0-9]{2}))?|(?P<only_year>(?:19|20)[0-9]{2})"
)
_CYCLES = {"month": 12, "quarter": 4, "week": 53, "day": 7}
_DAY_ORDER = lexicon.WORDS["weekday_abbreviations"]


def _period(cell: str) -> tuple[str, int, bool] | None:
    """A table cell that is only a period: (kind, its place, whether it comes round in a
    cycle, as a month without its year does), or None."""
    found = _PERIOD_CELL.fullmatch(cell.strip().strip("*_").strip())
    if found is None:
        return None
    if found.group("only_year"):
        return "year", int(found.group("only_year")), False
    year = found.group("year")
    at = int(year) % 100 if year else 0
    if found.group("month"):
        month = found.group("month").lower()[:3]
        kind, place = "month", _MONTH_ORDER[month]
    elif found.group("quarter"):
        kind, place = "quarter", int(found.group("quarter")) - 1
    elif found.group("week"):
        kind, place = "week", int(found.group("week"))
    else:
        kind, place = "day", _DAY_ORDER.index(found.group("day").lower())
    if year:
        return kind, at * _CYCLES[kind] + place, False
    return kind, place, True


def _latest(cells: list[str]) -> int | None:
    """Of cells in their order (a header's, a table's rows' first), the position of the
    latest period, when two or more are periods of one kind in order (ascending or
    descending, round their cycle); None when they are not."""
    periods = [(at, found) for at, cell in enumerate(cells) if (found := _period(cell))]
    if len(periods) < 2 or len({found[0] for _, found in periods}) > 1:
        return None
    places = [found[1] for _, found in periods]
    if not periods[0][1][2]:  # with their years: the greatest
        return periods[places.index(max(places))][0] if len(set(places)) == len(places) else None
    cycle = _CYCLES[periods[0][1][0]]
    steps = [(b - a) % cycle for a, b in pairwise(places)]
    if all(0 < step <= cycle // 2 for step in steps):
        return periods[-1][0]  # ascending: the last
    if all(cycle // 2 < step < cycle for step in steps):
        return periods[0][0]  # descending: the first
    return None


def _latest_row(text: str, line: int) -> int | None:
    """Where the latest row of the number's table starts when the first cells of its rows
    below the rule are periods in order ("| W47 |", "| W48 |"); None when they are not.
    Each table is read once: its rows and their latest are remembered by the lines."""
    global _LAST_ROWS
    last_text, first, last, latest = _LAST_ROWS
    if last_text is text and first <= line <= last:
        return latest
    top = min((at for at, _ in _rows_above(text, line)), default=line)  # the table's first
    rows, at = [], top  # (start, first cell) of each row after the rule
    ruled = False
    while at < len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        row = text[at:end]
        if not row.lstrip().startswith("|"):
            break
        if ruled:
            rows.append((at, row.split("|")[1] if row.count("|") > 1 else ""))
        elif _TABLE_RULE.match(row):
            ruled = True
        at = end + 1
    found = _latest([cell for _, cell in rows]) if rows else None
    latest = None if found is None else rows[found][0]
    _LAST_ROWS = (text, top, max(top, at - 1), latest)
    return latest


_LAST_ROWS: tuple[str, int, int, int | None] = ("", 0, -1, None)  # text, lines, latest row


def _header_cells(text: str, line: int) -> list[str] | None:
    """The cells of the header row over the table row that starts at `line`: the row
    above the nearest rule ("|---|") among the table's rows above it, or None.

    The rows of one table are read in turn, so the last row asked about and its header
    are remembered: a later row of the same table reads only the rows between the two,
    where walking up to the rule from every row would take time in the square of the
    table's length."""
    global _LAST_TABLE
    last_text, last_line, last_cells = _LAST_TABLE
    if last_text is text and 0 <= last_line <= line:
        cells, at, above = last_cells, last_line, None
        while at < line:  # the rows from the last one asked about down to this one
            end = text.find("\n", at)
            row = text[at:end]
            if not row.lstrip().startswith("|"):
                cells = None
                break  # the table ended between the two: read this one afresh
            if above is None and at > 0:  # the row over the last one asked about
                over = text[text.rfind("\n", 0, at - 1) + 1 : at - 1]
                above = over if over.lstrip().startswith("|") else None
            if above is not None and _TABLE_RULE.match(row):
                cells = above.split("|")  # a rule nearer the row, with a header over it
            above, at = row, end + 1
        else:
            _LAST_TABLE = (text, line, cells)
            return cells
    cells = _rule_header(text, line)
    _LAST_TABLE = (text, line, cells)
    return cells


def _rule_header(text: str, line: int) -> list[str] | None:
    """The header cells over the table row at `line`, walking up its table to the rule."""
    below = None  # the row under the one read
    for _, row in _rows_above(text, line):
        if below is not None and _TABLE_RULE.match(below):
            return row.split("|")  # the nearest rule, with the header row over it
        below = row
    return None


def _rows_above(text: str, line: int) -> Iterator[tuple[int, str]]:
    """The rows of the table above the line that starts at `line`, nearest first, each
    with where it starts, up to the first line that is no table row."""
    at = line
    while at > 0:
        above = text.rfind("\n", 0, at - 1) + 1
        row = text[above : at - 1]
        if not row.lstrip().startswith("|"):
            return
        yield above, row
        at = above


_LAST_TABLE: tuple[str, int, list[str] | None] = ("", -1, None)  # text, row, header cells


# a table's rule under its header row ("|---|:---:|"), and the header words of a column
# of past values or of plans
_TABLE_RULE = re.compile(r"[ \t]*\|?[ \t]*:?-{3,}")
_PAST_HEADERS = lexicon.words("past_headers")
_PLAN_HEADERS = lexicon.words("plan_headers")
# the period a move is told over, between the move and the level it reached: "fell 7.5%
# week over week to 95,000"
_OVER_PERIOD = (
    rf"(?i:(?:{lexicon.alternation('calendar_periods')})[- ]over[- ](?:"
    rf"{lexicon.alternation('calendar_periods')})|{lexicon.alternation('over_period_words')}"
    r"|on[ ]the[ ](?:week|month|day|quarter)|since[ ](?:last[ ]\w+|"
    r"yesterday)|from[ ]last[ ]\w+|vs\.?[ ]last[ ]\w+|this[ ](?:week|month|quarter))"
)
_SPACE = r"\s"  # any space: \s holds the no-break, narrow and thin spaces (str.isspace)
_MONEY = rf"(?:(?:[$€£¥]|US\$){_SPACE}?)?"  # a currency symbol before a number
# the words of a whole divided into parts ("share of", "split", "mix", "breakdown"): after
# a name ("DAU mix: 9% tablets"), anywhere in a sentence, and before "of" and a name
_SPLIT_WORDS = lexicon.alternation("split_words")
_SPLIT_AFTER = re.compile(rf"[ \t\u00a0]+(?i:{_SPLIT_WORDS})\b")
_SPLIT_WORD = re.compile(rf"(?i:\b(?:{_SPLIT_WORDS})\b)")
_SPLIT_OF = re.compile(
    rf"(?i:\b(?:{_SPLIT_WORDS}){_SPACE}+of)"
    rf"{_SPACE}+(?:(?i:the|our|your|total){_SPACE}+)?$"
)
# a reference's own figure after it: "the target of 3%"
_REFERENCE_OF = re.compile(rf"{_SPACE}+(?i:of){_SPACE}+{_MONEY}")
# what joins a past value to the value now: "40 bpm to 65", "40 → 65", "$12k -> $14k"
_THEN = re.compile(
    rf"(?:{_SPACE}*(?:[%°]|[A-Za-z/]+))?(?P<period>{_SPACE}+{_OVER_PERIOD})?{_SPACE}*"
    rf"(?:(?P<to>(?i:to))|→|->|⟶|➔|=>){_SPACE}*(?:[$€£¥]|US\$)?{_SPACE}?(?=[0-9])"
)
# a clause that opens by saying "it" is a number: "It's at 52 now", "this week it is 87"
_IT_STATES = (
    rf"(?i:it)(?:['’]s|{_SPACE}+(?i:{lexicon.alternation('it_is_verbs')}|came{_SPACE}+in|{lexicon.alternation('it_states_verbs')}"
    rf"))"
)
_PRONOUN = re.compile(
    rf"{_SPACE}*(?:(?i:(?:this|last){_SPACE}+(?:{lexicon.alternation('pronoun_periods')})|today|now|"
    rf"tonight|overnight|so{_SPACE}+far),?{_SPACE}+)?{_IT_STATES}(?:{_SPACE}+(?i:{lexicon.alternation('pronoun_value_links')}"
    rf")\b)*{_SPACE}+{_MONEY}(?=[0-9])"
)
# "That's", "This is" right after a sentence's end, then the number ("That's 7.5% higher",
# "That's up 7.5%", "This is a 20% jump")
_DEMONSTRATIVE_CLAUSE = re.compile(
    rf"(?:(?<=[.!?;]){_SPACE}|(?<=\n))(?:That|This)(?:['’]s|{_SPACE}+(?:is|was))"
    rf"(?:{_SPACE}+(?i:{lexicon.alternation('after_demonstrative')}))*"
    rf"{_SPACE}+{_MONEY}(?=[0-9])"
)
# the same, right after a sentence's end: where the clause after it opens
_PRONOUN_CLAUSE = re.compile(rf"(?<=[.!?;]){_SPACE}{_PRONOUN.pattern}|(?<=\n){_PRONOUN.pattern}")
# a number a sentence opens with, in a phrase before its subject: "At 61 bpm, resting HR"
_FRONTED = re.compile(rf"(?:^|[.!?:]{_SPACE}+|\n{_SPACE}*)(?i:at|with){_SPACE}+{_MONEY}$")
_FRONTED_GAP = re.compile(
    rf",{_SPACE}+(?:(?i:{lexicon.alternation('person_determiners')}){_SPACE}+)?"
)
# "CPU and memory", "p95 and p50 latency": two names joined
_NAMES_JOINED = re.compile(rf"{_SPACE}*(?:,{_SPACE}*)?(?:(?i:and)|&){_SPACE}+|{_SPACE}?/{_SPACE}?")
# "CPU, memory and disk": names in a list
_NAMES_LISTED = re.compile(
    rf"{_SPACE}*,{_SPACE}*(?:(?:(?i:and)|&){_SPACE}+)?|{_SPACE}+(?:(?i:and)|&){_SPACE}+|"
    rf"{_SPACE}?/{_SPACE}?"
)
# an item of a list of names that names no known value: the first, before a comma, at a
# line's or a sentence's start or after a colon ("Deep, REM and total sleep"); the last,
# after "and" ("CPU, memory and disk:"), before a colon or a verb
_ITEM_AHEAD = re.compile(
    rf"(?:^|[.!?:]{_SPACE}+|\n{_SPACE}*)[A-Za-z][A-Za-z-]*(?:{_SPACE}[A-Za-z][A-Za-z-]*)?"
    rf"{_SPACE}*,{_SPACE}*$"
)
_ITEM_BEHIND = re.compile(
    rf"(?:{_SPACE}*,{_SPACE}*(?i:and|&){_SPACE}+|{_SPACE}+(?i:and|&){_SPACE}+)"
    rf"(?!(?i:{lexicon.alternation('determiners_with_articles')})\b)[A-Za-z][A-Za-z-]*(?:{_SPACE}[A-Za-z][A-Za-z-]*)?"
    rf"(?={_SPACE}*:|{_SPACE}+(?i:{lexicon.alternation('item_linking_verbs')})\b)"
)
# "70% and 85%", "$1.9M and $120k", "203/728 ms", "48%, 67%, 684 GB": numbers in a list
_NUMBERS_LISTED = re.compile(
    rf"(?:{_SPACE}*,{_SPACE}*(?:(?:(?i:and)|&){_SPACE}+)?|{_SPACE}+(?:(?i:and)|&){_SPACE}+|"
    rf"{_SPACE}?/{_SPACE}?){_MONEY}(?=[0-9])"
)
_GLUED_MINUTES = re.compile(r"m(?![A-Za-z])")
_MILLISECONDS = re.compile(r"[ \t\u00a0]*(?i:ms|msec|milliseconds?)(?![A-Za-z])")
# a share of a population: "3.4% of visitors", "4.2% of our customers" (the words after
# it, up to the sentence's end, are read for the share's verb)
_PCT_OF = re.compile(rf"%{_SPACE}+(?i:of){_SPACE}+(?=[A-Za-z])")
_PCT_NUMBER = re.compile(rf"(?<![0-9.,])[0-9][0-9,]*(?:\.[0-9]+)?{_SPACE}?$")
_LETTER_WORDS = re.compile(r"[A-Za-z][A-Za-z'’-]*|[.!?;:,\n]")
_MONTHS = rf"{MONTH_NAMES}|q[1-4]"  # a month, in full or short, or a quarter
_DAYS = lexicon.alternation("weekdays")
_PAST_TIME = (
    rf"last{_SPACE}+(?:{lexicon.alternation('past_time_periods')}|{_DAYS})|"
    rf"yesterday|(?:{lexicon.alternation('past_time_counts')}|[0-9]+){_SPACE}+(?:days?|weeks?|months?|"
    rf"quarters?|years?){_SPACE}+ago|in{_SPACE}+(?:{_MONTHS})|on{_SPACE}+(?:{_DAYS})|"
    rf"the{_SPACE}+(?:{lexicon.alternation('past_periods_ago')}){_SPACE}+before|previously"
)
_NOW_TIME = (
    rf"today|now|tonight|currently|right{_SPACE}+now|so{_SPACE}+far|"
    rf"this{_SPACE}+(?:{lexicon.alternation('now_periods')})"
)
# a past value's time, then the value now: "54 last week, 87 this week", "70% yesterday and
# 38% today", "$2.9M in March and is $1.9M now" (read from the end of the first's claim)
_THEN_NOW = re.compile(
    rf"{_SPACE}+(?i:{_PAST_TIME})\b{_SPACE}*(?:,|;|,?{_SPACE}+(?i:and|but|versus|vs\.?|against|"
    rf"compared{_SPACE}+(?:with|to)))"
    rf"(?:{_SPACE}+(?P<now>(?i:{_NOW_TIME}))\b,?)?"
    rf"(?:{_SPACE}+(?i:it['’]s|{lexicon.alternation('now_links')})\b){{0,3}}"
    rf"{_SPACE}+{_MONEY}(?=[0-9])"
)
# a period a value is taken over, between its name and its number: "over the last 7 days"
_PERIOD_INTRO = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('period_intro_prepositions')})){_SPACE}+(?:(?i:the){_SPACE}+)?"
    rf"(?:(?i:{lexicon.alternation('window_openers_period')}){_SPACE}+)?$"
)
_PERIOD_AFTER = re.compile(
    rf"{_SPACE}*(?:-{_SPACE}*)?(?i:days?|weeks?|months?|quarters?|years?|hours?|hrs|nights?)\b"
)
# an aside on the usual level between a name and its verb: ", which usually sits near 50,"
_USUAL_ASIDE = re.compile(
    rf",{_SPACE}+(?i:(?:which|that|who){_SPACE}+(?:(?:is|was|has{_SPACE}+been|sits|runs|tends"
    rf"{_SPACE}+to{_SPACE}+be|hovers){_SPACE}+)?)?(?i:{lexicon.alternation('usual_adverbs')}"
    rf")\b[^,.;!?\n]{{0,60}},"
    # or on what the value is measured: "NPS, from 412 responses, came in at 61"
    rf"|,{_SPACE}+(?i:{lexicon.alternation('measured_on_words')}|based{_SPACE}+on){_SPACE}+[0-9][0-9,]*{_SPACE}+"
    rf"(?:[A-Za-z-]+{_SPACE}+)?[A-Za-z-]+s\b[^,.;!?\n0-9]{{0,30}},"
)
# a label's noun between a name and its first number: "in region 2", "at day 7", "on node 3"
_LABELED = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('label_prepositions')})){_SPACE}+(?:(?i:the|our|your){_SPACE}+)?"
    rf"(?!(?i:{lexicon.alternation('not_label_nouns')}"
    rf")\b)[A-Za-z][A-Za-z-]*{_SPACE}+$"
)
_NOW_AFTER = re.compile(rf"{_SPACE}+(?i:{_NOW_TIME})\b")
# a month or a quarter a value is of: "in March", "in Q2"
_IN_PERIOD = re.compile(rf"{_SPACE}*(?i:in|during|for){_SPACE}+(?i:(?P<period>{_MONTHS}))\b")
_MONTH_ORDER = {month[:3]: i for i, month in enumerate(MONTHS)}
# a time told with digits: a clock ("14:00", "2 am"), a quarter or a half ("Q3", "H1"), a
# week, day or hour by its number ("week 2", "day 3", "hour 3"), a year, a date ("Dec 3")
_TIME_WITH_DIGITS = (
    rf"[0-9]{{1,2}}:[0-9]{{2}}|\b[0-9]{{1,2}}{_SPACE}?(?i:am|pm|a\.m\.|p\.m\.)"
    rf"|\b(?i:q[1-4]|h[12]|(?:19|20)[0-9]{{2}}|(?:{lexicon.alternation('numbered_periods')}){_SPACE}[0-9]{{1,3}}"
    rf"|(?:{lexicon.alternation('month_abbreviations')})[a-z]*\.?{_SPACE}[0-9]{{1,2}}"
    rf"(?:st|nd|rd|th)?)\b"
)
# what follows a passing extreme to say where the value is now: words of the extreme's
# moment (no number but a time's), then "and is now", "before settling at", "but is back
# to", "and has since recovered to"... and the number
_SETTLED = re.compile(
    rf"(?:[^.;!?\n0-9]|{_TIME_WITH_DIGITS}){{0,60}}?(?:,{_SPACE}*|{_SPACE}+)"
    rf"(?P<join>(?i:{lexicon.alternation('settling_joiners')}))\b"
    rf"(?P<words>(?:{_SPACE}+(?i:it['’]s|{lexicon.alternation('settled_links')}|you['’]re|"
    rf"we['’]re|{lexicon.alternation('settled_words')}|settl(?:ed|ing|es|e)|{lexicon.alternation('settling_words')}"
    rf")\b){{1,5}})"
    rf"{_SPACE}+{_MONEY}(?=[0-9])"
)
# or, after "but", the average over the while: "peaked near 31k req/s on Monday but
# averaged 20,372", "dipped to 41 midweek, yet averaged 66"
_BUT_AVERAGED = re.compile(
    rf"(?:[^.;!?\n0-9]|{_TIME_WITH_DIGITS}){{0,60}}?(?:,{_SPACE}*|{_SPACE}+)"
    rf"(?i:but|yet|while|though)(?:{_SPACE}+(?i:it|they|you|we))?{_SPACE}+"
    rf"(?i:averaged|averaging|averages)(?:{_SPACE}+(?i:{lexicon.alternation('averaged_out_words')})\b)*"
    rf"{_SPACE}+{_MONEY}(?=[0-9])"
)
# the words among them that say where the value is now ("settl" begins its forms)
_SETTLE_WORDS = lexicon.WORDS["settle_words"]
# (and "then": "dipped to 58 on Tuesday, then bounced to 67"), which `_SETTLED` reaches
# only with none of these before it
_STOPS_SETTLED = re.compile(r"[.;!?\n]")
_SETTLED_WORDS = re.compile(
    r"(?i:\b(?:" + "|".join(rf"{w}\w*" if w == "settl" else w for w in _SETTLE_WORDS) + r")\b)"
)
# a linking verb and a determiner between a number and the name after it: "87 is your HRV"
_LINKED = re.compile(
    rf"{_SPACE}+(?i:is|was){_SPACE}+(?i:{lexicon.alternation('person_determiners')}|today['’]s){_SPACE}+"
)
# verbs of paying or being paid: "$2,000 in cash" after them is how, not a holding
_PAID = re.compile(
    r"(?i:\b(?:paid|pays?|paying|spent|spends?|spending|costs?|costing|charged?|charges|"
    r"collected|collects?|received|receives?|refunded|refunds?|owed|owes?|billed|invoiced)\b)"
)
_FOR_GAP = re.compile(
    rf"{_SPACE}+(?i:for|on){_SPACE}+(?:(?i:{lexicon.alternation('person_determiners')}){_SPACE}+)?"
)
# verbs that record or show a value, or score one: "for" or "on" after their number names
# what it is of ("recorded 87 for HRV", "You scored 71 on readiness")
_RECORDED = re.compile(
    r"(?i:\b(?:recorded|records?|logged|logs?|measured|measures?|showed|shows?|shown|reads?|"
    r"registered|registers?|posted|posts?|tracked|tracks?|reported|reports?|gave|gives?|"
    r"scored|scores?|rated|rates?|came\s+back\s+with|comes\s+back\s+with|that['’]s)\b)"
)
_NEXT_WORD = re.compile(rf"{_SPACE}+([A-Za-z]+)(?:{_SPACE}+([A-Za-z]+))?")


def _ends_phrase(text: str, end: int) -> bool:
    """Whether a name ends its noun phrase: what follows is punctuation, the text's end, or
    a word that starts no noun of its own (a time, a preposition, a verb of statement, or a
    word for the figure itself: "the DAU figure"), so "$5k in cash bonuses", "in
    revenue-share fees", "87 is your HRV target" and "the burn we can afford" name
    something else."""
    if text[end : end + 1] == "-" and text[end + 1 : end + 2].isalpha():
        return False
    following = _NEXT_WORD.match(text, end)
    if following is None or following.start(1) - end > 3:
        return True  # punctuation, the end, a line break or a run of spaces
    word = following.group(1).lower()
    if word == "last":
        return True  # "last night", "last week": a time (a past one is read as past)
    return word in _PHRASE_GOES_ON


# words after a name that leave it the whole noun phrase
_PHRASE_GOES_ON = lexicon.words("phrase_goes_on")


_UNIT_WORD_BEFORE = re.compile(rf"[0-9]{_SPACE}*$")
# a movement's verb right before its amount, then "to" the level: "is up 11 to 61"
_MOVED_BY = re.compile(rf"(?i:\b(?:{MOVE_WORDS})){_SPACE}+(?:(?i:by){_SPACE}+)?{_MONEY}$")
# a name that a preposition and a determiner put in a phrase qualifying the name before it
_DETERMINERS = lexicon.words("determiners_before_a_modifier")
_MODIFIER_BEFORE = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('modifier_prepositions')})){_SPACE}+"
    rf"(?i:{'|'.join(sorted(map(re.escape, _DETERMINERS), key=len, reverse=True))})"
    rf"{_SPACE}+(?:[A-Za-z]+{_SPACE}+)?$"
)


# a count's number right before its name ("4 experiments"), and a joined clause after the
# name that the next number belongs to ("and won 2", ", and 2 are still open")
_POINTS_AFTER = re.compile(
    rf"{_SPACE}*(?i:percentage{_SPACE}+points?|points?|pts|pp|ppts?)\b"
)  # percentage points, a hundred basis points each
# a comma or a colon between a qualifying name and the number: the name's own, as a label
# or an appositive ("A quick check on your HRV: 80", "the queue depth, now 3,400")
_LABEL_GAP = re.compile(r"[,:]")
_DIGIT_IN = re.compile("[0-9]")
_ITEM_SEPARATOR = re.compile(r"[/·•|;,]")
# a list item's label of a word or two right before its number, after a list's separator
# ("…, light 4h", "| Light: 4h") or at a line's start when the list goes on after it
# ("Light 4h, deep 62 min")
_LIST_ITEM_BEFORE = re.compile(
    rf"(?:^|(?P<sep>[,;|•·(])|\n|:){_SPACE}*"
    rf"(?P<label>[A-Za-z][A-Za-z-]*(?:{_SPACE}[A-Za-z][A-Za-z-]*)?)(?::|{_SPACE}*(?P<cell>\|))?"
    rf"{_SPACE}+{_MONEY}$"
)
# an amount's label after it in a list of amounts: "$14.5k rent, $9.2k software and $188k
# payroll" (`more`: the list goes on after it)
_ITEM_LABEL_AFTER = re.compile(
    rf"{_SPACE}+(?P<label>[A-Za-z][A-Za-z-]*(?:{_SPACE}[A-Za-z][A-Za-z-]*)?)"
    rf"(?:{_SPACE}*(?P<more>[,;]|{_SPACE}and{_SPACE}+(?:[$€£¥]|US\$))|{_SPACE}*(?:[.!?]|$))"
)
_ITEM_BEFORE = re.compile(rf"(?:,|\band){_SPACE}*(?:[$€£¥]|US\$)$")  # ", $9.2k", "and $188k"
# (an aside may stand before the next item: "payroll $84k (71%), hosting $21k")
_LIST_GOES_ON = re.compile(rf"{_SPACE}*[A-Za-z%°/]*{_SPACE}*(?:\([^()\n]{{0,24}}\){_SPACE}*)?[,;|]")
_NUMBER_BEFORE_NAME = re.compile(rf"[0-9][%°]?{_SPACE}*$")  # "10 experiments", "51% readiness"
# where one item of a list ends and the next, with its own number, may begin
# (one class first, as `_SENTENCE_END` is written)
_ITEM_END = re.compile(
    rf"[,;{_SPACE}](?:(?<=[,;])|(?<={_SPACE})(?i:{lexicon.alternation('item_end_joiners')}){_SPACE})"
)
_COUNT_BEFORE = re.compile(rf"[0-9][0-9,.]*[kKmM]?{_SPACE}+(?:[A-Za-z-]+{_SPACE}+)?$")
_PART_AFTER = re.compile(
    rf",?{_SPACE}+(?i:and|but|or|of{_SPACE}+which|with)\b|{_SPACE}*\({_SPACE}*(?=[0-9])"
)  # (or a breakdown in parentheses: "5 incidents (2 SEV1, 3 SEV2)")


def _in_its_place(
    text: str, read: str, pattern: re.Pattern[str], m_start: int, m: re.Match[str]
) -> list[re.Match[str]]:
    """The numbers up to the name's place when slashes join names and numbers alike: in
    "Light/deep/REM: 202/62/103 min" deep sleep's is 62, the second (202, 62); [m] when
    the numbers after it are not joined so."""
    names = _SLASHED_BEFORE.search(text, max(0, m_start - 80), m_start)
    if names is None:
        return [m]
    places = [m]
    for _ in range(names.group().count("/")):
        slash = _SLASH.match(read, claim_end(places[-1]))
        following = None if slash is None else pattern.match(read, slash.end())
        if following is None or following.group("body") is None:
            return [m]
        places.append(following)
    return places


# the words slashes join before a name ("Light/deep/"), and a slash between two numbers
_SLASHED_BEFORE = re.compile(
    rf"(?<![\w/])(?:[A-Za-z][\w-]*(?:{_SPACE}[A-Za-z][\w-]*)?{_SPACE}?/{_SPACE}?)+$"
)
_SLASH = re.compile(rf"{_SPACE}?/{_SPACE}?(?=[$€£¥]?[0-9])")


def _number_within(
    pattern: re.Pattern[str], read: str, start: int, reach: int
) -> re.Match[str] | None:
    """The scanner's first match that starts within `reach` characters of `start`, read
    whole: a number the window's end cuts ("$92,4|17") is matched again without it, so
    the digits past the window are not lost (None if it then reads as nothing)."""
    end = start + reach
    m = pattern.search(read, start, end)
    if m is not None and m.end() == end and end < len(read):
        m = pattern.match(read, m.start())
    return m


# between the numbers of a series: "58, 61 and 67", "$99k, $95k, and $92k"
_SERIES_SEPARATOR = re.compile(
    rf"(?:{_SPACE}*,{_SPACE}*(?P<and>and{_SPACE}+)?|{_SPACE}+(?P<and_>and){_SPACE}+)[$€£]?"
)
# the run of periods a series spans: "over the last three nights", "the past 3 weeks"
_SERIES_SPAN = re.compile(
    rf"(?:{_SPACE}*[%\w/]+)??{_SPACE}+(?i:(?:{lexicon.alternation('series_prepositions')}){_SPACE}+)?"
    rf"(?i:the|these){_SPACE}+(?i:last|past|previous|prior){_SPACE}+(?:[A-Za-z0-9]+{_SPACE}+)?"
    rf"(?i:{lexicon.alternation('series_spans')}"
    rf")\b"
)
_CLAUSE_CUT = re.compile(r"[.;!?\n]")
# time said to be spent in bed, after the time or before it in its clause
_IN_BED_AFTER = re.compile(r"(?:[ \t\u00a0]*[A-Za-z]+)?[ \t\u00a0]+(?i:in)[ \t\u00a0]+(?i:bed)\b")
_IN_BED_BEFORE = re.compile(r"(?i:\bin)[ \t\u00a0]+(?i:bed)\b[^0-9.;!?\n]{0,14}$")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_WORD_AFTER = re.compile(r"[ \t\u00a0]+([A-Za-z][A-Za-z-]*)\b")
# a heading's colon, then a proper name's label of a part: "Bank: SVB $2.3M", "DAU: iOS
# 40,000", "Revenue: Acme $60k" (not "HRV: Today 67" nor "Cash: About $2.5M"); as the
# words between a name and its number, and as the words before a number
_PART_LABEL_BODY = (
    rf":{_SPACE}*(?!(?:{lexicon.alternation('not_part_labels')}"
    rf")\b)"
    rf"(?P<label>[A-Z][A-Za-z0-9&.'’-]*|[a-z]+[A-Z][A-Za-z]*)"
    rf"(?:{_SPACE}+[A-Z][A-Za-z0-9&.'’-]*)?{_SPACE}+{_MONEY}"
)
_PART_LABEL = re.compile(_PART_LABEL_BODY)
_PART_LABEL_BEFORE = re.compile(rf"(?<![:0-9]){_PART_LABEL_BODY}$")
# a name as a key, its value after: "cpu=48", "HRV: 67"
_KEYED = frozenset("=:")
_KEYED_VALUE = re.compile(rf"[=:]{_SPACE}*[-+−]?{_MONEY}[0-9]")


def _spelled_names(names: dict[str, tuple[str, ...]]) -> tuple[str, dict[str, str]]:
    """A config's names as one regex alternation, longest first, and the metric each says
    (by its lower case)."""
    spelled = {a.lower(): n for n, aliases in names.items() for a in aliases}
    return "|".join(map(re.escape, sorted(spelled, key=len, reverse=True))), spelled


def _plus_at(text: str, start: int, written: str) -> int:
    """Where the plus sign of the number at `start` stands ("+3", "+$140k"), else -1."""
    if written[:1] in PLUS:
        return start
    if start >= 2 and text[start - 1] in CURRENCY_SYMBOLS and text[start - 2] in PLUS:
        return start - 2
    return -1


# a verb of change right before a signed number: "NPS moved +3", "jumped by +12%"
_MOVED_BEFORE = re.compile(rf"(?i:\b(?:{CHANGE_VERBS})(?:{_SPACE}+by)?){_SPACE}+$")
# a value, then a parenthesis that a signed number opens: "HRV 67 (−5)", "$2.47M (−$92k)"
_DELTA_BESIDE = re.compile(rf"[0-9][%°]?(?:{_SPACE}*[A-Za-z/]+)?{_SPACE}*\({_SPACE}*$")
# the time a change is measured from, after it: "up 7.5% from last week", "(+3 on last
# month)", "down 2.1 points versus the prior quarter"
_CHANGE_BASE = re.compile(
    r"[ \t\u00a0]*(?:%|pts?\b|points?\b|percent\b|bps\b)?[ \t\u00a0]*"
    rf"(?i:{lexicon.alternation('change_base_prepositions')}|vs\.?|against|"
    rf"compared[ \t\u00a0]+(?:with|to))[ \t\u00a0]+"
    r"(?i:the[ \t\u00a0]+)?(?i:last|previous|prior|a)[ \t\u00a0]+"
    rf"(?i:{lexicon.alternation('change_base_periods')})\b(?!['’])"
)
# a noun and a unit of time after a count: "120 agent hours", "40 engineer-days"
_TIME_COUNTED = re.compile(
    r"[ \t\u00a0]+[A-Za-z]+(?:-[A-Za-z]+)*[ \t\u00a0-]"
    rf"(?i:{lexicon.alternation('counted_times')})\b"
)
_CLAUSE_BREAK = re.compile(r"[.;!?\n]|,\s")  # a clause's end, or a comma's


def _cites_a_name_beside(
    text: str,
    start: int,
    end: int,
    token: str,
    value: float,
    mentions: list[tuple[int, int, Known, bool | None]],
) -> bool:
    """Whether a name within a few words of a number written without a unit is of a
    value in a unit that the number states exactly ("score 63" of a sleep score of 63%,
    read by its head noun alone): the band's nearest unitless value is not what it cites."""
    for m_start, m_end, known, _ in _mentions_within(mentions, start - 24, end + 3):
        beside = (m_end <= start and not _CLAUSE_BREAK.search(text, m_end, start)) or (
            m_start >= end and text[end:m_start].isspace()
        )  # before it in its clause ("a score of 63"), or right after it ("63 sleep score")
        if (
            beside
            and known.unit != "none"
            and (value == known.value or rounded_to(token, value, known.value))
        ):
            return True
    return False


def _in_bed(text: str, start: int, end: int) -> bool:
    """Whether the time at text[start:end] is said to be spent in bed ("6 h 30 min in bed",
    "in bed for 6 h 40 min", "Time in bed: 6 h 35 min")."""
    if "bed" not in text[max(0, start - 30) : end + 24].lower():
        return False
    return bool(
        _IN_BED_AFTER.match(text, end) or _IN_BED_BEFORE.search(text, max(0, start - 30), start)
    )


def _names_words(text: str, at: int, known: Known, names: NameIndex) -> bool:
    """Whether the words at `at`, up to the clause's end, hold a word of `known`'s names
    ("67% of memory" of `memory_pct`; not "12% of requests" of `latency_change`)."""
    own = names.words.get(known.name, set())
    clause = _CLAUSE_CUT.split(text[at : at + 40], 1)[0]
    return any(word.lower() in own for word in _LATIN_WORD.findall(clause))


def _pool_word_before(text: str, start: int, names: NameIndex, pool: Sequence[Known]) -> bool:
    """Whether the clause before the percentage holds a word that names one value of the
    pool and no other, a percentage too ("The funnel converted 6.6% of visitors" of
    `conversion`; not "Light sleep took 60% of the night": every sleep value's name says
    "sleep", nor "Deep sleep made up 77% of it": deep sleep is held in minutes)."""
    holders: dict[str, str | None] = {}
    for name, words in names.words.items():
        for word_stem in {stem(word) for word in words}:
            holders[word_stem] = name if word_stem not in holders else None
    shares = {known.name for known in pool if known.unit == "pct"}
    return any(
        holders.get(stem(word)) in shares
        for word in _LATIN_WORD.findall(clause_before(text, start))
    )


def _noun_after(text: str, end: int) -> bool:
    """Whether a plural noun follows the name that ends at `end`: "REM cycles"."""
    word = _WORD_AFTER.match(text, end)
    return word is not None and plural_noun(word.group(1).lower())


def _segmented(text: str, m_start: int, m_end: int) -> bool:
    """Whether the name at text[m_start:m_end] is said of a segment or an extreme."""
    # most names have neither word beside them: the word before and the word after are
    # looked at first, and the patterns searched only where one is such a word
    before = text[max(0, m_start - 24) : m_start].replace("-", " ").rsplit(None, 1)[-1:]
    word = before[0].lower() if before else None
    if (
        word is not None
        and word.lstrip("([\"'“‘") in _SEGMENT_WORDS
        and _SEGMENT_BEFORE.search(text, max(0, m_start - 24), m_start)
    ):
        return True
    if (
        word is not None
        and word.rstrip(".") in _WINDOW_WORDS
        and _WINDOW_BEFORE.search(text, max(0, m_start - 30), m_start)
    ):
        return True  # "Your 7-night average sleep score": an average over days, not the value
    if (
        ("/" in text[m_end : m_end + 2] and _RATIO_AFTER.match(text, m_end))
        or (
            "/" in text[max(0, m_start - 2) : m_start]
            and _RATIO_BEFORE.search(text, max(0, m_start - 40), m_start)
        )
    ) and not _PAIRED_AFTER.search(text, m_end, m_end + 40):
        return True  # "DAU/MAU is 0.27", "p95/p50 is 3.6": a ratio of two quantities
    if "," in text[max(0, m_start - 8) : m_start] and _SEGMENT_OPENER.search(
        text, max(0, m_start - 70), m_start
    ):
        return True  # "Among power users, NPS is 71", "In Germany, DAU fell 12%"
    after = text[m_end : m_end + 12].split(None, 1)
    return (
        bool(after)
        and after[0].lower().rstrip(",.;:!?)") in _SEGMENT_PREPOSITIONS
        and (
            _SEGMENT_AFTER.match(text, m_end) is not None
            or _DAYS_OF_A_KIND.match(text, m_end) is not None
        )
    )


# days or nights of a kind after a name: "HRV on rest days", "Average HR on easy days",
# "DAU on weekends", "Efficiency on travel nights" (not one day: "on Monday")
_DAYS_OF_A_KIND = re.compile(
    rf"{_SPACE}+(?i:on){_SPACE}+(?:(?i:the|your|our){_SPACE}+)?(?:[A-Za-z][\w-]*{_SPACE}+)?"
    rf"(?i:{lexicon.alternation('days_of_a_kind')})\b"
)


# a segment that opens the sentence, before a comma: "Among power users,", "In Germany,",
# "On Android,", "For annual plans," (not a time nor a turn of speech: "In November,", "For
# the week,", "In total,", "On average,", "On the load side,")
_SEGMENT_OPENER = re.compile(
    rf"(?:\A|(?<=[.!?;:\n]))[\s*#>-]*(?i:{lexicon.alternation('segment_openers')}){_SPACE}+"
    rf"(?!(?i:(?:the{_SPACE}+)?(?:{MONTH_NAMES}|{_DAYS}|{lexicon.alternation('not_segments')}"
    rf"|q[1-4]|h[12]))\b)"
    rf"(?!(?i:the{_SPACE}+)?[0-9][\w'’–-]*,)"  # "In 2025,": a year
    rf"(?:[\w'’–-]+{_SPACE}+){{0,3}}?(?!(?i:{lexicon.alternation('turn_of_speech_nouns')}"
    rf")\b)[\w'’–-]+,{_SPACE}(?:(?i:the|your|our|their){_SPACE})?$"
)


# a name joined by a slash to another word than a unit of time: the ratio of the two
# ("DAU/MAU", "p95/p50", "Alerts/incident"; not "Steps/day"), unless numbers paired by a
# slash follow, one for each name ("CTL/ATL: 79/89")
_RATIO_AFTER = re.compile(
    rf"{_SPACE}?/{_SPACE}?(?!(?i:days?|weeks?|wk|months?|mo|years?|yr|quarters?|qtr|hours?|"
    rf"hr|h|minutes?|mins?|nights?|seconds?|secs?|s)\b)[A-Za-z]"
)
_RATIO_BEFORE = re.compile(rf"(?<![\w/])[A-Za-z][\w-]*{_SPACE}?/{_SPACE}?$")
_PAIRED_AFTER = re.compile(rf"[0-9]%?{_SPACE}?/{_SPACE}?[$€£¥]?[0-9]")


# a value of someone else than the reader: a population ("Runners your age average a
# resting HR of 62", "Most people get 90 minutes of deep sleep"), a person named by a
# possessive ("Sam's resting HR", "Your partner's sleep score"), or a norm ("A typical
# resting HR is 62 bpm")
_OTHERS = lexicon.words("others") | frozenset(
    f"{who}{end}" for who in lexicon.WORDS["people_in_your_life"] for end in ("", "'s", "’s")
)
# right before the name, or before "of" it ("the recommended amount of deep sleep")
_NORMS = lexicon.words("norms")
_NOT_SOMEONE = lexicon.words("not_someone")
# the words `_someone_else` reads (none holds a space or a mark its clauses and labels are
# cut at, so each stands as a word of the text with those marks read as spaces)
_SOMEONE_WORDS = _OTHERS | _NORMS
_MARKS_AS_SPACES = str.maketrans(".,;:!?(", "       ")
# a possessive, a word or two between it and the name: "Sam's latest HR", "AWS's published p95"
_POSSESSOR = re.compile(r"\b([A-Z][A-Za-z]+)['’]s(?:[ \t\u00a0]+[a-z]+){0,2}[ \t\u00a0]+$")
# before a number, its name and verb between: "Sam's resting HR is 55"
_POSSESSOR_AFAR = re.compile(
    r"\b([A-Z][A-Za-z]+)['’]s(?:[ \t\u00a0]+[A-Za-z][\w-]*){1,4}[ \t\u00a0]+(?:[$€£¥])?$"
)
# a segment's possessive: an arm, a cohort, a group, a service... ("Variant B's", "the
# control group's", "the payments service's")
_SEGMENT_POSSESSOR = re.compile(
    rf"(?i:\b(?:{lexicon.alternation('segment_possessors')}"
    r")(?:[ \t\u00a0]+[A-Z0-9])?)['’]s(?:[ \t\u00a0]+[A-Za-z][\w-]*)"
    r"{0,4}[ \t\u00a0]+(?:[$€£¥])?$"
)
# where a clause ends: not at the point or comma inside a number ("2.5", "150,000")
_CLAUSE_MARK = re.compile(r"[;:!?\n]|[.,](?![0-9])")


def _clause_cut(chunk: str) -> int:
    """Where the last clause of `chunk` starts (0 when it is all one clause)."""
    cut = 0
    for mark in _CLAUSE_MARK.finditer(chunk):
        cut = mark.end()
    return cut


def _someone_else(text: str, start: int, number: bool = False) -> bool:
    """Whether the name at `start` is said of someone else than the reader: a word of
    `_OTHERS` earlier in its clause (up to a comma), a norm's word right before it, or the
    possessive of a person the brief does not greet at its start right before it. Before
    a number (`number=True`) a norm's word judges the value or names the reader's own
    ("a healthy 5.4", "your normal of 56 bpm") and says nothing of whose it is."""
    lo = max(0, start - 50)
    chunk = text[lo:start]
    low = chunk.lower()
    if (
        "'s" not in low
        and "’s" not in low
        and _SOMEONE_WORDS.isdisjoint(low.translate(_MARKS_AS_SPACES).split())
    ):
        return False  # most names have none of the words it reads, nor a possessive, before them
    cut = _clause_cut(chunk)
    words = chunk[cut:].lower().split()
    if number and cut and chunk[cut - 1] == ":" and not words:
        # a label's number: the label says whose ("(industry median: 64.5%)")
        label = chunk[: cut - 1]
        label = label[max(_clause_cut(label), label.rfind("(") + 1) :]
        words = label.lower().split()
    if not _OTHERS.isdisjoint(words):
        return True
    if not number and words and words[-1] in _NORMS:
        return True
    if not number and words[-1:] == ["of"] and not _NORMS.isdisjoint(words[-4:]):
        return True
    if _SEGMENT_POSSESSOR.search(chunk):
        return True  # "Variant B's conversion", "the payments service's error rate"
    owner = _POSSESSOR.search(chunk) or (_POSSESSOR_AFAR.search(chunk) if number else None)
    if owner is None or owner.group(1).lower() in _NOT_SOMEONE:
        return False
    # the reader, when the brief greets them by that name ("Hi Mei. ... Mei's HRV")
    return owner.group(1) not in text[: min(lo + owner.start(), 80)]


def _qualifies(text: str, start: int) -> bool:
    """Whether the name at `start` stands in a phrase that qualifies a noun before it in
    its clause ("Max HR on the run", "HRV at mile 3 of the run")."""
    words = text[max(0, start - 40) : start].rsplit(None, 2)[-2:]
    if not words or (
        words[-1].lower() not in _DETERMINERS and words[0].lower() not in _DETERMINERS
    ):
        return False  # the pattern needs a determiner right before the name or one word on
    lo = max(0, start - 60)
    modifier = _MODIFIER_BEFORE.search(text, lo, start)
    if modifier is None:
        return False
    opening = text[lo : modifier.start()]
    breaks = [opening.rfind(c) for c in ".;:!?,\n"]
    return any(c.isalpha() for c in opening[max(breaks) + 1 :])


# the words before a name that make it another quantity than the pool's: an extreme
# ("Peak DAU", "Max p95 latency"), a plan's figure ("Budgeted burn"), or a segment of users
# or platforms ("Enterprise ARPU", "iOS DAU")
_SEGMENT_PHRASES = lexicon.WORDS["segment_phrases"]
_SEGMENT_BEFORE = re.compile(
    rf"(?i:\b(?:{'|'.join(sorted(map(re.escape, _SEGMENT_PHRASES), key=len, reverse=True))}))"
    r"[ \t\u00a0-]+$"
)
# an average over a window of days before a name ("7-day average", "30-day rolling avg"),
# and the words it ends with; or such a label before a number ("7-night avg 44")
_WINDOW_WORDS = lexicon.words("window_words")
_WINDOW_BEFORE = re.compile(
    rf"\b[0-9]+[ \t\u00a0-]?(?i:{lexicon.alternation('window_periods')})s?[ \t\u00a0-]+"
    rf"(?:(?i:{lexicon.alternation('window_kinds')})[ \t\u00a0-]+)?(?i:"
    rf"{lexicon.alternation('window_words')})\.?[ \t\u00a0-]+$"
)
_WINDOW_LABEL = re.compile(
    rf"\b[0-9]+[ \t\u00a0-]?(?i:{lexicon.alternation('window_periods')})s?[ \t\u00a0-]+"
    rf"(?:(?i:{lexicon.alternation('window_kinds')})[ \t\u00a0-]+)?(?i:"
    rf"{lexicon.alternation('window_words')})\.?"
    r"[ \t\u00a0]*(?:[:=]|(?i:is|was|of|at|(?:sat|sits|landed|came[ \t\u00a0]+in)[ \t\u00a0]+at))?"
    r"[ \t\u00a0]*(?:[$€£¥]|US\$)?$"
)
# the last word of each, its hyphens read as spaces: where the word before a name is none
# of these, the pattern is not searched
_SEGMENT_WORDS = frozenset(phrase.replace("-", " ").split()[-1] for phrase in _SEGMENT_PHRASES)
# a segment said after a name: "among" anyone, a platform, a plan or a tier, an arm of a
# test, a cohort ("NPS among power users", "Conversion in the test arm", "Retention for the
# March cohort")
_SEGMENT_AFTER = re.compile(
    rf"{_SPACE}+(?i:among\b|(?:for|on|in|from){_SPACE}+(?:(?:the|our|your){_SPACE}+)?"
    rf"(?:{lexicon.alternation('segments_after')}"
    rf")\b(?!{_SPACE}+to\b)|(?:for|in){_SPACE}+the{_SPACE}+[\w-]+"
    rf"{_SPACE}+"
    rf"cohort\b|per{_SPACE}+(?!(?:{lexicon.alternation('segment_time_units')})s?\b)"
    rf"[A-Za-z]|by{_SPACE}+(?:{lexicon.alternation('segment_nouns')}"
    rf")s?\b)"
)
# the first word of each of its alternatives: where the word after a name is none of
# these, the pattern is not tried
_SEGMENT_PREPOSITIONS = lexicon.words("segment_prepositions")
# after a move by an amount, the level it reached: "(12 bpm) above baseline at 62", "(up
# 9) at 71"; the reference, when it is said, in `reference`
_MOVE_AT = re.compile(
    rf"(?:{_SPACE}*(?:[%°]|[A-Za-z/]+))?(?P<reference>{_SPACE}+{AGAINST_REFERENCE.pattern})?"
    rf",?{_SPACE}+(?i:at){_SPACE}+{_MONEY}(?=[0-9])"
)
_FROM_END = re.compile(rf"(?i:\bfrom){_SPACE}*{_MONEY}$")


# units of time by their usual keys, in minutes: a name that says which value is meant
# compares a number written in hours with a value held in minutes
_MINUTES = {"ms": 1 / 60000, "s": 1 / 60, "sec": 1 / 60, "secs": 1 / 60, "min": 1.0,
            "mins": 1.0, "h": 60.0, "hr": 60.0, "hrs": 60.0, "hour": 60.0,
            "hours": 60.0}  # fmt: skip


def _in_time_unit(index: PoolIndex, unit: str) -> tuple[Known, ...]:
    """The pool's values of time held in another unit of time than `unit`, said in it
    (none when `unit` is no unit of time): what a number in hours may state by its words."""
    key = ("in time unit", unit)
    found = index.extras.get(key)
    if found is None:
        found = index.extras[key] = tuple(
            converted for known in index.pool if known.unit != unit
            for converted in (in_unit(known, unit),) if converted is not None
        )  # fmt: skip
    return found  # type: ignore[return-value]


def in_unit(known: Known, unit: str) -> Known | None:
    """`known` held in another unit of time, said in `unit` ("sleep_duration 367 min" in
    "h": 6.12), or None when the two units are not both units of time."""
    held, wanted = _MINUTES.get(known.unit), _MINUTES.get(unit)
    if held is None or wanted is None:
        return None
    return Known(known.name, known.value * held / wanted, unit)


def rounded_to(token: str, value: float, known: float) -> bool:
    """An abbreviated amount ("10k", "$1.2M") as near `known` as its last digit can say:
    the writer rounded, which is a citation (a plain number keeps the bands)."""
    return not token[-1].isdigit() and abs(value - known) <= written_step(token)


def gap_allows_change(gap: str) -> bool:
    """A name and its change in one clause ("DAU slipped 5.7%", "Gross margin was 59.5%,
    up 167 bps": a decimal point ends no clause)."""
    return _CHANGE_GAP_BREAK.search(gap) is None


_CHANGE_GAP_BREAK = re.compile(r"[;\n]|(?<![.])\.(?![.0-9])")


def _rule_of(why: str) -> str:
    """The rule id of a reason `statement_why` gave."""
    return getattr(why, "rule", why)


def _name_rule(
    text: str, start: int, known: Known, said: _Pass, by: tuple[int, int] | None = None
) -> str:
    """`name:WORDS`: the words of the name that read the number at `start` (`by`), else
    those that named `known` nearest it."""
    if by is not None:
        return "name:" + " ".join(text[by[0] : by[1]].lower().split())
    if said.spans_of is None:
        # (a dict finds `known` by identity, then by equality, as a scan of them would)
        said.spans_of = {}
        for m_start, m_end, k, _ in said.mentions:
            said.spans_of.setdefault(k, []).append((m_start, m_end))
    spans = said.spans_of.get(known)
    if not spans:
        return "name"
    _, m_start, m_end = min((abs(m_start - start), m_start, m_end) for m_start, m_end in spans)
    return "name:" + " ".join(text[m_start:m_end].lower().split())


@dataclass(slots=True)
class _Claim:
    """A number the band compares with a known value, as the band's readings see it."""

    text: str
    start: int
    end: int
    token: str
    value: float
    unit: str
    known: Known
    kind: str
    basis: str
    index: PoolIndex
    names: NameIndex
    mentions: list[tuple[int, int, Known, bool]]
    aliases: dict[str, tuple[str, ...]]


_BandTest = Callable[["DefaultDetector", _Claim], bool]  # a reading of `BAND_VETOES`


def _qualified(d: DefaultDetector, c: _Claim) -> bool:
    # "Your HRV peak this block was 67": the peak, not the value
    return c.basis == "band" and _qualified_name_before(
        c.text, c.start, c.known, c.mentions, d._fits, c.names
    )


def _name_beside(d: DefaultDetector, c: _Claim) -> bool:
    # "Sleep: 6 h 7 min, score 63" of a sleep score of 63%
    return (
        c.basis == "band"
        and c.unit == "none"
        and _cites_a_name_beside(c.text, c.start, c.end, c.token, c.value, c.mentions)
    )


def _list_unit(d: DefaultDetector, c: _Claim) -> bool:
    # "10, 11, 12 and 13 miles": the list's unit, said once
    return (
        c.basis == "band"
        and c.unit == "none"
        and c.text[c.end : c.end + 1] in (",", " ")
        and d._unit_of_list(c.text, c.end) not in (None, "none")
    )


def _statistic(d: DefaultDetector, c: _Claim) -> bool:
    # "Max HR: 178 bpm": an extreme, not the average HR of 157
    return c.basis == "band" and (
        _extreme_before(c.text, c.start, c.known)
        or _another_statistic(c.text, c.start, c.end, c.known, c.names)
    )


def _of_things(d: DefaultDetector, c: _Claim) -> bool:
    # "6 overdue invoices totalling $31k": theirs, no net income
    return c.basis == "band" and _amount_of_things(c.text, c.start)


def _passing(d: DefaultDetector, c: _Claim) -> bool:
    # "Your heart rate dropped to 44 on Tuesday, then settled at 49"
    return c.basis == "band" and d._passed(c.text, c.start)


def _other_to_date(d: DefaultDetector, c: _Claim) -> bool:
    # "612 mi month-to-date" of a year's mileage: another period
    period = _to_date(c.text, c.end)
    return period is not None and period != d._period_of(c.known)


def _other_span(d: DefaultDetector, c: _Claim) -> bool:
    # "Year to date, revenue is $1.9M": the total over another span
    span = _span_opens(c.text, c.start, c.basis == "band")
    return span is not None and not d._fits(span, c.known)


def _in_bed_time(d: DefaultDetector, c: _Claim) -> bool:
    # "6 h 30 min in bed": time in bed, not the sleep the pool holds
    return (
        c.basis == "band"
        and c.unit in _MINUTES
        and _in_bed(c.text, c.start, c.end)
        and not any("bed" in c.names.words.get(k.name, ()) for k in c.index.pool)
    )


def _split_part(d: DefaultDetector, c: _Claim) -> bool:
    # "Breakdown of p95 latency: 12% network": a part of the whole
    return c.basis == "band" and c.unit == "pct" and _in_a_split(c.text, c.start, c.known)


def _residual(d: DefaultDetector, c: _Claim) -> bool:
    # "and web the remaining 7%": the part a whole's others leave
    return (
        c.basis == "band"
        and c.unit == "pct"
        and _RESIDUAL_BEFORE.search(c.text, max(0, c.start - 20), c.start) is not None
    )


def _part_label(d: DefaultDetector, c: _Claim) -> bool:
    # "Bank: SVB $2.3M": the part of a whole its label names
    text, start = c.text, c.start
    if c.basis != "band" or ":" not in text[max(0, start - 40) : start]:
        return False
    label = _PART_LABEL_BEFORE.search(text, max(0, start - 40), start)
    return label is not None and names_something_else(label.group("label"), c.known, c.aliases)


def _money_of_count(d: DefaultDetector, c: _Claim) -> bool:
    # "6 invoices overdue ($48.3k)": an amount, no count of them
    return _counts_things(c.known) and _money_before(c.text, c.start)


def _baseline(d: DefaultDetector, c: _Claim) -> bool:
    # "your baseline is 44": the baseline, not the value now
    return _baseline_before(c.text, c.start, c.known)


def _others(d: DefaultDetector, c: _Claim) -> bool:
    # "Peers at our stage burn $150k a month": not ours
    return c.basis == "band" and _someone_else(c.text, c.start, number=True)


def _moved_level(d: DefaultDetector, c: _Claim) -> bool:
    # "ARR grew 30% to $2.2M": the level of what moved, not cash
    if not (c.basis == "band" and c.aliases and "to" in c.text[max(0, c.start - 6) : c.start]):
        return False
    before = clause_before(c.text, c.start)
    moved = MOVED_TO.search(before)
    return moved is not None and names_something_else(before[: moved.start()], c.known, c.aliases)


def _share_of_other(d: DefaultDetector, c: _Claim) -> bool:
    # "60% of CPU": a share of what it names; "12% of requests", "took 60% of the night":
    # a share of a thing the value's name is not
    text, end = c.text, c.end
    if c.basis != "band" or text[end : end + 2] not in _SHARE_MARKS:
        return False
    share = _SHARE_OF_AFTER.match(text, end)
    other = d._name_after(text, share.end()) if share and c.aliases else None
    if other is not None:
        return other != c.known.name
    return (
        share is not None
        and not _names_words(text, share.end(), c.known, c.names)
        and not (c.aliases and _pool_word_before(text, c.start, c.names, c.index.pool))
    )


def _list_item(d: DefaultDetector, c: _Claim) -> bool:
    # "Deep 2h, REM 40m, light 4h": light sleep, no sleep debt ("| checkout | 790 ms |":
    # a row's label too, unless a period's)
    if not (c.basis == "band" and c.aliases and c.unit not in _GENERIC):
        return False
    item = _LIST_ITEM_BEFORE.search(c.text, max(0, c.start - 30), c.start)
    return (
        item is not None
        and bool(item.group("sep") or _LIST_GOES_ON.match(c.text, c.end))
        and not (item.group("cell") and _period(item.group("label")))
        and names_something_else(item.group("label"), c.known, c.aliases)
    )


def _item_label(d: DefaultDetector, c: _Claim) -> bool:
    # "$14.5k rent, $9.2k software and $188k payroll": the amount of the item its label
    # after it names
    text, start = c.text, c.start
    if not (c.basis == "band" and c.aliases and c.unit not in _GENERIC):
        return False
    if not (start and text[start - 1] in CURRENCY_SYMBOLS):
        return False
    item = _ITEM_LABEL_AFTER.match(text, c.end)
    return (
        item is not None
        and bool(item.group("more") or _ITEM_BEFORE.search(text, max(0, start - 8), start))
        and names_something_else(item.group("label"), c.known, c.aliases)
    )


def _name_after_it(d: DefaultDetector, c: _Claim) -> bool:
    # "79 CTL / 89 ATL": the name after it says what it is
    if not (c.basis == "band" and c.aliases and c.unit in _GENERIC):
        return False
    other = d._name_after(c.text, c.end)
    return other is not None and other != c.known.name


def _clause_names_other(d: DefaultDetector, c: _Claim) -> bool:
    # the clause names another quantity ("Sales tax is 6%"): a value of the unit it does
    # name (read so, the claim moves to it), or no flag
    if not (c.basis == "band" and c.aliases and c.unit in _GENERIC):
        return False
    clause = clause_before(c.text, c.start) + " " + clause_after(c.text, c.end)
    if not names_something_else(clause, c.known, c.aliases):
        return False
    instead = d._named_instead(clause, c.value, c.unit, c.known, c.index)
    if instead is None:
        return True
    c.known, c.kind = instead
    return False


def _absent(d: DefaultDetector, c: _Claim) -> bool:
    # "Spend on tools is $19,400": a configured metric the pool lacks
    return (
        c.basis == "band" and bool(c.aliases) and d._absent_named(c.text, c.start, c.index, c.known)
    )


# the band's readings after a number's own words: each its test and its rule id, tried in
# this order; the first that holds makes the number no statement of the known value. None
# needs a word of the clause before the number: their gates are the claim's basis, unit
# and aliases, a character or a window that reaches past the clause, and the clause's
# words cost more to find for each claim than the two word gates there are would save
BAND_VETOES: tuple[gates.Reading[_BandTest], ...] = (
    gates.Reading(_qualified, rule="other.qualified-name"),
    gates.Reading(_name_beside, rule="other.name-beside"),
    gates.Reading(_list_unit, rule="other.list-unit"),
    gates.Reading(_statistic, rule="other.statistic"),
    gates.Reading(_of_things, rule="other.amount-of-things"),
    gates.Reading(_passing, rule="past.passing-level"),
    gates.Reading(_other_to_date, rule="other.to-date"),
    gates.Reading(_other_span, rule="other.span"),
    gates.Reading(_in_bed_time, rule="other.in-bed"),
    gates.Reading(_split_part, rule="part.split"),
    gates.Reading(_residual, rule="part.residual"),
    gates.Reading(_part_label, rule="part.label"),
    gates.Reading(_money_of_count, rule="other.money-of-count"),
    gates.Reading(_baseline, rule="other.baseline"),
    gates.Reading(_others, rule="other.someone-else"),
    gates.Reading(_moved_level, rule="other.moved-level"),
    gates.Reading(_share_of_other, rule="other.share-of"),
    gates.Reading(_list_item, rule="other.list-item"),
    gates.Reading(_item_label, rule="other.item-label"),
    gates.Reading(_name_after_it, rule="other.name-after"),
    gates.Reading(_clause_names_other, rule="other.clause-names"),
    gates.Reading(_absent, rule="other.absent-name"),
)


# format characters a number may carry unseen: soft hyphen, zero-width space and joiners,
# bidi marks and embeddings, word joiner and invisible operators, isolates, BOM
_FORMAT = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_FORMAT_AT_NUMBER = re.compile(
    f"(?<=[0-9.,\u2212+-]){_FORMAT.pattern}+(?=[0-9.,])|{_FORMAT.pattern}+(?=[0-9])"
    f"|(?<=[0-9]){_FORMAT.pattern}+"
)


def read_through(text: str) -> tuple[str, list[int]] | None:
    """`text` without the format characters inside or beside its numbers, and for each
    character of it its index in `text`; None when no number carries one. Digits are
    read as `ascii_digits` reads them, so any decimal digit counts."""
    found = list(_FORMAT_AT_NUMBER.finditer(ascii_digits(text)))
    if not found:
        return None
    parts, where, at = [], [], 0
    for m in found:
        parts.append(text[at : m.start()])
        where.extend(range(at, m.start()))
        at = m.end()
    parts.append(text[at:])
    where.extend(range(at, len(text)))
    where.append(len(text))  # the end of the text, for a span that ends there
    return "".join(parts), where
