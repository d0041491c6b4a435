"""`reviewer stats --by-rule`: the run's precision by the rule that made each flag, and which
rules read worse than the run, so a team sees what to switch off for its domain
(`[rules] off = [...]` in the detector config)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from db.by_rule import NOT_RECORDED, by_rule
from db.figures import RunStats, SliceStats
from reviewer.commands.console import open_db, say, visible
from reviewer.commands.stats import _interval, _row, _table

Rules = dict[str, SliceStats]


def read_rules(url_or_path: str, *, run_id: int, reviewer: str | None) -> Rules:
    """The run's figures by rule, read by the plain driver where it can (as stats is)."""
    from db import direct
    from db.strata import reader

    found = direct.connect(url_or_path)
    if found is not None:
        connection, _ = found
        try:
            return by_rule(reader(connection), run_id=run_id, reviewer=reviewer)
        finally:
            connection.close()
    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return {}
    try:
        with engine.connect() as connection:
            return by_rule(reader(connection), run_id=run_id, reviewer=reviewer)
    finally:
        engine.dispose()


def config_id(rule: str) -> str | None:
    """The id `[rules] off` takes for a flag's rule: `name` for every `name:WORDS`; None
    for flags whose rule was not recorded, or a rule the catalogue does not hold."""
    if rule == NOT_RECORDED:
        return None
    from reviewer.grounding.rules import by_id

    found = by_id(rule)
    return None if found is None else found.id


def below_run(run: RunStats, rules: Rules) -> list[str]:
    """The rules with a true or false verdict whose 95% interval (its bounds, while the
    rule is not fully measured) lies wholly below the low end of the run's."""
    low = run.precision_ci[0]
    return [
        rule
        for rule, part in rules.items()
        if part.true_positives + part.false_positives and part.precision_ci[1] < low
    ]


def mostly_false(part: SliceStats) -> bool:
    """Whether the rule's labels say most of its flags are false: its whole 95% interval
    (or its bounds) under one half."""
    return part.precision_ci[1] < 0.5


def as_json(run: RunStats, rules: Rules) -> dict[str, Any]:
    """`by_rule` as `by_unit` is, and the rules below the run: whether most of their flags
    are false, and the id `[rules] off` takes to switch each off (null when none does)."""
    below = [
        {"rule": rule, "mostly_false": mostly_false(rules[rule]), "off": config_id(rule)}
        for rule in below_run(run, rules)
    ]
    return {
        "by_rule": {rule: part.to_dict() for rule, part in rules.items()},
        "rules_below_run": below,
    }


def print_rules(run: RunStats, rules: Rules, console: Console) -> None:
    """One row per rule, the rule with the most flags first; a footnote where a row gives
    bounds; then which rules read worse than the run."""
    table = _table("by rule")
    for rule, part in rules.items():
        table.add_row(*_row(rule, part))
    console.print(table)
    if any(part.unmeasured for part in rules.values()):
        say(console, "* bounds, not an interval: some flags of that rule have no true or "
                     "false verdict from the run's random queue yet (unlabeled, or in "
                     "dispute)")  # fmt: skip
    hint = rules_hint(run, rules)
    if hint is not None:
        console.print(hint)


def rules_hint(run: RunStats, rules: Rules) -> Text | None:
    """`rules below the run (...): name:hrv 0/6 true (0.0–39.0%)`, and for those whose
    labels say most of their flags are false, the `[rules] off` that would switch them off
    for a domain; None while the run has no true or false verdict."""
    if not run.true_positives + run.false_positives:
        return None
    low = f"{100 * run.precision_ci[0]:.1f}%"
    below = below_run(run, rules)
    if not below:
        return Text(f"no rule's 95% interval lies wholly below the run's (from {low})")
    named = ", ".join(_told(rule, rules[rule]) for rule in below)
    line = Text(visible(f"rules below the run (95% interval wholly under its low end, {low}): "
                        f"{named}"))  # fmt: skip
    false = [rule for rule in below if mostly_false(rules[rule])]
    if false:
        line.append(visible(f". Most flags of {', '.join(false)} are false"))
        line.append(visible(_switch_off(run, false)))
    return line


def _switch_off(run: RunStats, rules: list[str]) -> str:
    """What turns the rules off: the ids a config takes, or why no config can."""
    ids = list(dict.fromkeys(i for i in map(config_id, rules) if i is not None))
    if not ids:
        return " (flags whose rule was not recorded: no rule id to switch off)"
    if run.detector != "default":
        return (f": `[rules] off` in a detector config switches readings of the default "
                f"detector, not of {run.detector}")  # fmt: skip
    quoted = ", ".join(f'"{i}"' for i in ids)
    told = f": where that holds for a domain, [rules] off = [{quoted}] in its detector config"
    if "name" in ids:
        told += " (`name` turns off every name:… reading)"
    return told


def _told(rule: str, part: SliceStats) -> str:
    """`name:hrv 0/6 true (0.0–39.0%)`: the labels' counts and the row's interval."""
    verdicts = part.true_positives + part.false_positives
    shown = _interval(*part.precision_ci) + ("*" if part.unmeasured else "")
    return f"{rule} {part.true_positives}/{verdicts} true ({shown}%)"
