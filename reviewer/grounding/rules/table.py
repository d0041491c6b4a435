"""The records a rule is made of (the rules themselves are in catalogue.py)."""

from __future__ import annotations

from dataclasses import dataclass

from reviewer.grounding.config import DetectorConfig, config_from_dict
from reviewer.grounding.types import Known

# what each group of rules decides about a number, as `reviewer rules` says it
GROUPS: dict[str, str] = {
    "band": "compared with the nearest known value of its unit",
    "name": "compared with the known value whose name stands beside it",
    "sign": "its sign is read from the words around it",
    "change": "a change, compared with the known change its clause names",
    "plan": "no statement: a plan, target, limit or estimate",
    "range": "no statement: one end of a range",
    "past": "no statement: a past or other period's value",
    "count": "no statement: a count of things",
    "ordinal": "no statement: an ordinal, a version or a label",
    "part": "no statement: a part of the period or the whole",
    "approximate": "said roughly: a statement only when plainly off",
    "scale": "a score on a scale: a statement only where a name says which",
    "other": "no statement: another quantity than the known value",
}


@dataclass(frozen=True, slots=True)
class Example:
    """A sentence, the known values beside it and the number it is about (its first
    occurrence in the sentence); `units` and `names` are the config's tables, of the
    domain the example is written in, and `lexicon` the words its config adds to the
    lexicon's classes (an example of a reading of a team's own words)."""

    text: str
    number: str
    pool: tuple[Known, ...]
    units: tuple[tuple[str, tuple[str, ...]], ...] = ()
    names: tuple[tuple[str, tuple[str, ...]], ...] = ()
    domain: str = ""
    lexicon: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def config(self) -> DetectorConfig:
        """The detector config the example is read with."""
        tables = {"units": dict(self.units), "names": dict(self.names)}
        if self.lexicon:
            tables["lexicon"] = dict(self.lexicon)
        return config_from_dict({k: {n: list(v) for n, v in t.items()} for k, t in tables.items()})


@dataclass(frozen=True, slots=True)
class Rule:
    """One reading of the default detector."""

    id: str
    summary: str
    examples: tuple[Example, ...] = ()
    counter: tuple[Example, ...] = ()

    @property
    def group(self) -> str:
        return self.id.split(".", 1)[0].split(":", 1)[0]

    @property
    def reads(self) -> str:
        return GROUPS[self.group]


class Why(str):
    """Why a number states no value: equal to its reading's word ("plan", "range", "past
    value" ...), which the detector's logic compares, and naming the rule that read it."""

    rule: str

    def __new__(cls, word: str, rule: str) -> Why:
        made = super().__new__(cls, word)
        made.rule = rule
        return made

    def __reduce__(self):  # a str subclass with an attribute: pickled whole
        return (Why, (str(self), self.rule))
