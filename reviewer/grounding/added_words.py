"""The words a config's `[lexicon]` table adds to the lexicon's classes, read per detector.

The built-in words of a class are read by the readings in prose.py and default.py, which
are shared by every detector in the process; a config's words are this detector's own, so
they are read by readings of their own, after the built-in readings found the number a
statement. Each extendable class has one reading:

- `plan_words`: an added word or phrase anywhere in the number's clause before it makes
  the number a plan (`plan.word`): "Our north star for resting HR is 55 bpm".
- `past_words`: likewise another period's value (`past.words`): "STLY occupancy was
  81%", "Comp-day sales were $48k".
- `others`: likewise somebody else's figure (`other.someone-else`): "The comp set ran
  at 84%", "Neighbours used 21 kWh".
- `plan_nouns_after`: an added noun right after the number (past its unit word, and a
  cadence like "monthly") makes it a plan's figure (`plan.noun-after`): "a $90k envelope".

Turning the rule off in `[rules]` turns the added words off with it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from reviewer.grounding import lexicon
from reviewer.grounding.prose import clause_after, clause_before
from reviewer.grounding.rules.table import Why

_S = r"\s"  # any space: \s holds the no-break, narrow and thin spaces (str.isspace)
# each extendable class: the reason its words give, and whether they are read in the
# clause before the number (True) or right after it (False); in this order
READS: dict[str, tuple[Why, bool]] = {
    "plan_words": (Why("plan", "plan.word"), True),
    "past_words": (Why("past value", "past.words"), True),
    "others": (Why("someone else", "other.someone-else"), True),
    "plan_nouns_after": (Why("plan", "plan.noun-after"), False),
}


def _alternation(phrases: tuple[str, ...]) -> str:
    """The phrases as a regex alternation, longest first, their spaces any spaces."""
    spelled = {f"{_S}+".join(re.escape(word) for word in phrase.split()) for phrase in phrases}
    return "|".join(sorted(spelled, key=lambda p: (-len(p), p)))


def _pattern(phrases: tuple[str, ...], before: bool) -> re.Pattern[str]:
    if before:  # anywhere in the clause before the number
        return re.compile(rf"(?i:(?<!\w)(?:{_alternation(phrases)})(?!\w))")
    # right after the number, past its unit word and a cadence ("a $90k monthly envelope")
    return re.compile(
        rf"^(?:{_S}*[%°/\w-]+)?{_S}*(?:(?i:{lexicon.alternation('plan_cadences')}){_S}+)?"
        rf"(?i:{_alternation(phrases)})s?\b"
    )


@dataclass(frozen=True)
class AddedWords:
    """A detector's own readings of the words its config added: (pattern, reason, read
    before the number) in the order of `READS`."""

    readings: tuple[tuple[re.Pattern[str], Why, bool], ...]

    @classmethod
    def of(cls, added: Mapping[str, tuple[str, ...]], off: frozenset[str]) -> AddedWords | None:
        """The readings of `added` (class -> words) whose rule is not `off`; None if none."""
        readings = tuple(
            (_pattern(added[name], before), why, before)
            for name, (why, before) in READS.items()
            if added.get(name) and why.rule not in off
        )
        return cls(readings) if readings else None

    def why(self, text: str, start: int, end: int) -> Why | None:
        """Why the number at text[start:end] states no value by an added word, or None."""
        before = after = None
        for pattern, why, is_before in self.readings:
            if is_before:
                before = clause_before(text, start) if before is None else before
                if pattern.search(before):
                    return why
            else:
                after = clause_after(text, end) if after is None else after
                if pattern.match(after):
                    return why
        return None
