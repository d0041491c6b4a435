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

from collections.abc import Iterator, Sequence

from reviewer.grounding.bands import magnitude_gap, relative
from reviewer.grounding.config import DetectorConfig
from reviewer.grounding.default_scanner import SIGNS, DefaultScanner, ascii_digits
from reviewer.grounding.names import (
    NameIndex,
    after_gap_allows,
    change_named_before,
    change_stem,
    gap_reading,
    is_change,
    names_something_else,
)
from reviewer.grounding.nearest import PoolIndex, pool_index, remembered
from reviewer.grounding.pool import PoolDetector, written_step
from reviewer.grounding.prose import clause_after, clause_before, not_a_statement, word_sign
from reviewer.grounding.types import Citation, Flag, Known

_KEEP = frozenset({"value", "sign", "faithful"})
# units too common to say which quantity a number is: with a [names] table, a band flag
# of these needs a clause that does not name something else
_GENERIC = frozenset({"none", "pct"})
_NAMED = "names"  # the PoolIndex extra holding a pool's NameIndex
# a number read by its name: (start, end, token as written, value, unit, known, counted,
# kind)
Named = tuple[int, int, str, float, str, Known, bool, str]


class DefaultDetector(PoolDetector):
    """The detector `reviewer` runs unless told otherwise."""

    name = "default"
    version = "2.0"
    hidden_sign = True

    def __init__(self, config: DetectorConfig | None = None) -> None:
        super().__init__(config)
        self.scanner = DefaultScanner(self.config)

    def _names(self, index: PoolIndex) -> NameIndex:
        names = index.extras.get((_NAMED, id(self)))
        if names is None:
            names = index.extras[(_NAMED, id(self))] = NameIndex(index.pool, self.config.names)
        return names  # type: ignore[return-value]

    def _walk(
        self, text: str, pool: Sequence[Known], citations: list[Citation] | None
    ) -> tuple[int, Iterator[Flag]]:
        index = pool_index(pool)
        config = self.config
        reading = (type(self), self.scanner, config.faithful, config.sign, config.value,
                   config.hidden_sign)  # fmt: skip
        memo = index.judgements(reading)
        size = len(memo)
        judge = self._judge_for(index)
        checkable, hits = self.scanner.tally(text, memo, judge, _KEEP)
        if index.cached:
            remembered(len(memo) - size)
        names = self._names(index)
        aliases = config.names
        mentions = names.mentions(text)
        named = self._named(text, mentions, index, names) if mentions else {}
        checkable += sum(reading[6] for reading in named.values())

        def by_name(start: int, reading: Named) -> Iterator[Flag]:
            _, end, written, value, unit, known, _, kind = reading
            if kind == "faithful":
                if citations is not None:
                    citations.append(Citation(start, end, written, value, known))
            elif kind is not None and not not_a_statement(text, start, end):
                yield Flag(start, end, written, value, unit, known.name, known.value,
                           value - known.value, kind, "name")  # fmt: skip

        def flags() -> Iterator[Flag]:
            # the band's claims come in text order; the named numbers join them by start
            waiting = sorted(named.items())
            at = 0
            for start, (kind, token, unit, value, known, _) in hits:
                while at < len(waiting) and waiting[at][0] < start:
                    yield from by_name(*waiting[at])
                    at += 1
                if start in named:
                    continue  # its name decides
                end = start + len(token)
                if token[0] in SIGNS and text[start] not in SIGNS:
                    end -= 1  # a minus read before a prefix unit ("-$1,250")
                written = text[start:end]
                basis = "band"
                sign, change = word_sign(text, start, end)
                if sign and token[0] not in SIGNS and (sign < 0) != (value < 0):
                    value = -value
                    rejudged = judge(("-" if sign < 0 else "+") + token, unit)
                    if rejudged[0] is None or rejudged[0] == "unrelated":
                        continue  # signed, it is no citation of anything the pool holds
                    kind, token, unit, value, known, _ = rejudged
                if change:  # "grew 8.2%": the change the clause names, or nothing the pool holds
                    target = self._change_target(text, start, mentions, names, unit)
                    if target is None:
                        continue
                    known, kind, basis = target, self._by_name(written, value, target), "name"
                if kind == "faithful":
                    if citations is not None:
                        citations.append(Citation(start, end, written, value, known))
                    continue
                if kind is None or not_a_statement(text, start, end):
                    continue
                if (
                    basis == "band"
                    and aliases
                    and unit in _GENERIC
                    and names_something_else(
                        clause_before(text, start) + " " + clause_after(text, end), known, aliases
                    )
                ):
                    continue  # the clause names another quantity ("Sales tax is 6%")
                yield Flag(start, end, written, value, unit, known.name, known.value,
                           value - known.value, kind, basis)  # fmt: skip
            for start, named_reading in waiting[at:]:
                yield from by_name(start, named_reading)

        return checkable, flags()

    def _by_name(self, token: str, value: float, known: Known) -> str | None:
        """The band of a number its name points at: the same bands, and past the value
        band up to `name` (a misstatement the band alone cannot see)."""
        config = self.config
        target = known.value
        rel = relative(value, target)
        if rel <= config.faithful:
            return "faithful"
        if (value > 0 > target) or (value < 0 < target):
            if magnitude_gap(value, target) <= max(config.sign, written_step(token) / abs(value)):
                return "sign"
            return None
        return "value" if rel <= config.name else None

    def _named(
        self,
        text: str,
        mentions: list[tuple[int, int, Known]],
        index: PoolIndex,
        names: NameIndex,
    ) -> dict[int, Named]:
        """The numbers a name points at, by start: the first number after a name in its
        clause, or a number right before a name ("27 pages"). A closer name wins."""
        scanner = self.scanner
        pattern = scanner.pattern
        read = ascii_digits(text)
        named: dict[int, Named] = {}
        after: dict[int, Named] = {}
        for m_start, m_end, known in mentions:
            m = pattern.search(read, m_end, m_end + 70)
            if m is not None and m.group("body") is not None:
                reading = gap_reading(text[m_end : m.start()])
                if reading is not None:
                    if change_named_before(text, m_start):
                        reading = "change"
                    raw = scanner.number_at(m, read, text)
                    found = self._reading(text, raw, known, index, names, reading, False)
                    if found is not None:
                        named[m.start()] = found
            lo = max(0, m_start - 40)
            before = None
            for b in pattern.finditer(read, lo, m_start):
                if b.group("body") is not None and not (
                    b.start() > lo and read[b.start() - 1] in "0123456789,."
                ):
                    before = b
            if before is not None:
                before = pattern.match(read, before.start())  # its unit may pass the name
            if before is not None and before.group("body") is not None:
                token_end = before.end("unit") if before.group("unit") else before.end("body")
                if token_end <= m_start and after_gap_allows(text[token_end:m_start]):
                    raw = scanner.number_at(before, read, text)
                    found = self._reading(text, raw, known, index, names, "value", True)
                    if found is not None:
                        after[before.start()] = found
        for start, reading in after.items():
            named.setdefault(start, reading)
        return named

    def _reading(
        self,
        text: str,
        raw: tuple,
        known: Known,
        index: PoolIndex,
        names: NameIndex,
        reading: str,
        counts: bool,
    ) -> Named | None:
        """A scanned number as a statement of `known` (or of its change), or None when its
        unit or its reading rules that out (the band then reads it). `counted` says
        whether the band did not count it checkable; `kind` is None for a number that
        states no value the pool holds (the change of a value the pool has no change of)."""
        start, end, written, value, unit, skip = raw
        if skip is not None and not (counts and skip == "count"):
            return None
        sign, change = word_sign(text, start, end)
        if change or reading == "change":
            target = known if is_change(known) else names.change_of.get(known.name)
            if target is None:
                return None
            known = target
        if unit != known.unit and unit != "none":
            return None
        if sign and written[0] not in SIGNS and (sign < 0) != (value < 0):
            value = -value
        counted = skip is not None or index.unit(unit) is None
        kind = self._by_name(written, value, known)
        if kind is None:
            return None  # the band reads it
        return start, end, written, value, unit, known, counted, kind

    def _change_target(
        self,
        text: str,
        start: int,
        mentions: list[tuple[int, int, Known]],
        names: NameIndex,
        unit: str,
    ) -> Known | None:
        """The change the clause before `start` names ("DAU grew 8.2%": `dau_change`): the
        last name before it, or the words of a change's own name; None when none does."""
        for _, m_end, mentioned in reversed(mentions):
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


def gap_allows_change(gap: str) -> bool:
    """A name and its change in one clause ("DAU slipped 5.7%")."""
    return "." not in gap.replace("..", "") and ";" not in gap and "\n" not in gap
