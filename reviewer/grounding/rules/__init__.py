"""The default detector's readings as data: each rule an id, what it reads, and sentences
that show it (examples, where it decides the number) and sentences it must leave alone
(counter-examples). The examples run as tests; `reviewer rules` and the docs' catalogue are
made from the same table.

A rule's id is `group.name`; the group says what the rule reads (`GROUPS`): how a flagged or
cited number is read (`band`, `name`, `sign`, `change`), or why a number is no statement of
the value the pool holds (`plan`, `range`, `past`, `count` ...).
"""

from __future__ import annotations

from collections.abc import Iterable

from reviewer.grounding.rules.catalogue import CATALOGUE
from reviewer.grounding.rules.table import GROUPS, Example, Rule

RULES: tuple[Rule, ...] = CATALOGUE
_BY_ID = {rule.id: rule for rule in RULES}


def by_id(rule_id: str) -> Rule | None:
    """The rule of an id; a flag's `name:WORDS` is the `name` rule's reading."""
    return _BY_ID.get("name" if rule_id.startswith("name:") else rule_id)


def unknown_ids(ids: Iterable[str]) -> list[str]:
    """The ids of `ids` that name no rule, in order."""
    return [rule_id for rule_id in ids if rule_id not in _BY_ID]


__all__ = ["GROUPS", "RULES", "Example", "Rule", "by_id", "unknown_ids"]
