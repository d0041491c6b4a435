"""The default detector's readings as data: each rule an id, what it reads, and sentences
that show it (examples, where it decides the number) and sentences it must leave alone
(counter-examples). The examples run as tests; `reviewer rules` and the docs' catalogue are
made from the same table.

A rule's id is `group.name`; the group says what the rule reads (`GROUPS`): how a flagged or
cited number is read (`band`, `name`, `sign`, `change`), or why a number is no statement of
the value the pool holds (`plan`, `range`, `past`, `count` ...). The catalogue is read when
first asked for: a detector that only reads needs none of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from reviewer.grounding.rules.table import GROUPS, Example, Rule


@cache
def _by_id() -> dict[str, Rule]:
    from reviewer.grounding.rules.catalogue import load

    return {rule.id: rule for rule in load()}


def __getattr__(name: str) -> object:
    if name == "RULES":  # every rule, in the catalogue's order
        return tuple(_by_id().values())
    raise AttributeError(name)


def by_id(rule_id: str) -> Rule | None:
    """The rule of an id; a flag's `name:WORDS` is the `name` rule's reading."""
    return _by_id().get("name" if rule_id.startswith("name:") else rule_id)


def unknown_ids(ids: Iterable[str]) -> list[str]:
    """The ids of `ids` that name no rule, in order (`name:WORDS`, one name's reading, is
    a rule when it holds words)."""
    known = _by_id()
    return [
        rule_id
        for rule_id in ids
        if rule_id not in known and not (rule_id.startswith("name:") and rule_id[5:].split())
    ]


def name_form_id(rule_id: str) -> str:
    """`name:WORDS` as a flag's rule spells it (words lowered, one space between); any
    other id as it is."""
    if not rule_id.startswith("name:"):
        return rule_id
    return "name:" + " ".join(rule_id[5:].lower().split())


__all__ = ["GROUPS", "RULES", "Example", "Rule", "by_id", "name_form_id", "unknown_ids"]
