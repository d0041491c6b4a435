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
- `approximate_words`: an added hedge anywhere in the number's clause before it makes the
  number a value said roughly (`approximate.around`, as "around" and "ballpark" do): it is
  flagged only when plainly off. "Resting HR was give or take 61 bpm".
- `negative_words`, `positive_words`: an added word right before a number that carries no
  sign of its own gives it one, -1 or +1 (`sign.word`), read as the built-in change verbs
  of those classes are ("fell 4%", "climbed by 6"): the number is a change, unless "to"
  makes it a level ("softened to 49"), or "at" does (a level, signed only where the
  value it is read against is below zero). Read in the same window as the built-in sign
  words, and only where they, the arrows, parentheses and words after the number found
  no sign: "churn moderated 0.4 pts", "NPS firmed 6". A sign written on the number
  ("moderated -4%") always wins.

The first five are reasons a number states no value, read after the built-in readings
found it a statement; the sign words are read wherever the built-in sign words are (a
number the band compares, one a name reads, "That's 7.5% higher"). Turning the rule off in
`[rules]` turns the added words off with it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from reviewer.grounding import lexicon
from reviewer.grounding.prose import clause_after, clause_before, sign_words_pattern, words_sign
from reviewer.grounding.rules.table import Why

_S = r"\s"  # any space: \s holds the no-break, narrow and thin spaces (str.isspace)
# each extendable class: the reason its words give, and whether they are read in the
# clause before the number (True) or right after it (False); in this order
READS: dict[str, tuple[Why, bool]] = {
    "plan_words": (Why("plan", "plan.word"), True),
    "past_words": (Why("past value", "past.words"), True),
    "others": (Why("someone else", "other.someone-else"), True),
    "plan_nouns_after": (Why("plan", "plan.noun-after"), False),
    "approximate_words": (Why("approximate", "approximate.around"), True),
}
# the classes whose added words give a number a sign, read by this rule
SIGN_CLASSES = ("negative_words", "positive_words")
SIGN_RULE = "sign.word"
# what a word added to each extendable class does to a number (`reviewer rules --lexicon`)
READ_AS: dict[str, str] = {
    "plan_words": "anywhere in the number's clause before it: the number is a plan",
    "past_words": "anywhere in the number's clause before it: another period's value",
    "others": "anywhere in the number's clause before it: somebody else's figure",
    "plan_nouns_after": "right after the number (past its unit and a cadence such as "
    '"monthly"): a plan\'s figure',
    "approximate_words": "anywhere in the number's clause before it: a value said roughly, "
    "flagged only when plainly off",
    "negative_words": "right before a number with no sign of its own: a fall, the number "
    'a change below zero ("to" or "at" after the word: a level)',
    "positive_words": "right before a number with no sign of its own: a rise, the number "
    'a change above zero ("to" or "at" after the word: a level)',
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
    # the added sign words, as one pattern (`sign_words_pattern`); None when none are added
    signs: re.Pattern[str] | None = None

    @classmethod
    def of(cls, added: Mapping[str, tuple[str, ...]], off: frozenset[str]) -> AddedWords | None:
        """The readings of `added` (class -> words) whose rule is not `off`; None if none."""
        readings = tuple(
            (_pattern(added[name], before), why, before)
            for name, (why, before) in READS.items()
            if added.get(name) and why.rule not in off
        )
        signs = None
        if SIGN_RULE not in off and any(added.get(name) for name in SIGN_CLASSES):
            negative, positive = (_alternation(added.get(name, ())) for name in SIGN_CLASSES)
            signs = sign_words_pattern(negative, positive)
        return cls(readings, signs) if readings or signs else None

    def sign(
        self, text: str, start: int, since: int = 0, *, below_zero: bool = True
    ) -> tuple[int, bool]:
        """(sign, is a change) an added sign word gives the number at `start` (`words_sign`);
        (0, False) when none does. Asked only where the built-in readings found no sign."""
        if self.signs is None:
            return 0, False
        return words_sign(self.signs, text, start, since, below_zero=below_zero)

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
