"""The words a config's `[lexicon]` table adds to the lexicon's classes, read per detector.

The built-in words of a class are read by the readings in prose.py and default.py, which
are shared by every detector in the process; a config's words are this detector's own, so
they are read by readings of their own, made from the same patterns, after the built-in
readings found the number a statement:

- `plan_words`: an added word or phrase anywhere in the number's clause before it makes
  the number a plan (`plan.word`): "Our north star for resting HR is 55 bpm".
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

_S = r"[\s\u00a0\u202f\u2009]"
_WHY_PLAN_WORD = Why("plan", "plan.word")
_WHY_PLAN_NOUN_AFTER = Why("plan", "plan.noun-after")


def _alternation(phrases: tuple[str, ...]) -> str:
    """The phrases as a regex alternation, longest first, their spaces any spaces."""
    spelled = {f"{_S}+".join(re.escape(word) for word in phrase.split()) for phrase in phrases}
    return "|".join(sorted(spelled, key=lambda p: (-len(p), p)))


@dataclass(frozen=True)
class AddedWords:
    """A detector's own readings of the words its config added."""

    plan_before: re.Pattern[str] | None
    plan_noun_after: re.Pattern[str] | None

    @classmethod
    def of(cls, added: Mapping[str, tuple[str, ...]], off: frozenset[str]) -> AddedWords | None:
        """The readings of `added` (class -> words) whose rule is not `off`; None if none."""
        plans = added.get("plan_words", ())
        nouns = added.get("plan_nouns_after", ())
        made = cls(
            re.compile(rf"(?i:(?<!\w)(?:{_alternation(plans)})(?!\w))")
            if plans and _WHY_PLAN_WORD.rule not in off
            else None,
            re.compile(
                rf"^(?:{_S}*[%°/\w-]+)?{_S}*(?:(?i:{lexicon.alternation('plan_cadences')}){_S}+)?"
                rf"(?i:{_alternation(nouns)})s?\b"
            )
            if nouns and _WHY_PLAN_NOUN_AFTER.rule not in off
            else None,
        )
        return made if made.plan_before or made.plan_noun_after else None

    def why(self, text: str, start: int, end: int) -> Why | None:
        """Why the number at text[start:end] states no value by an added word, or None."""
        if self.plan_before is not None and self.plan_before.search(clause_before(text, start)):
            return _WHY_PLAN_WORD
        if self.plan_noun_after is not None and self.plan_noun_after.match(clause_after(text, end)):
            return _WHY_PLAN_NOUN_AFTER
        return None
