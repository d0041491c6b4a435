"""`reviewer stats --by-rule`: the run's precision by the rule that made each flag, and which
rules read worse than the run, so a team sees what to switch off for its domain
(`[rules] off = [...]` in the detector config, down to one name's words: `name:WORDS`)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from db.by_rule import (
    by_rule,
    config_id,
    held_against,
    mostly_false,
    sample_high,
    switch_off,
)
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


def below_run(run: RunStats, rules: Rules) -> list[str]:
    """The rules with a true or false verdict whose 95% interval (its bounds, while the
    rule is not fully measured) lies wholly below the low end of the run's."""
    low = run.precision_ci[0]
    return [
        rule
        for rule, part in rules.items()
        if part.true_positives + part.false_positives and part.precision_ci[1] < low
    ]


def as_json(run: RunStats, rules: Rules) -> dict[str, Any]:
    """`by_rule` as `by_unit` is, the rules below the run, and those to switch off: the id
    `[rules] off` takes for each (null when none does) and the top of its sample interval."""
    against = held_against(run)
    below = [
        {"rule": rule, "mostly_false": mostly_false(rules[rule], against), "off": config_id(rule)}
        for rule in below_run(run, rules)
    ]
    off = [
        {"rule": rule, "off": config_id(rule), "sample_high": sample_high(rules[rule])}
        for rule in switch_off(rules, against)
    ]
    return {
        "by_rule": {rule: part.to_dict() for rule, part in rules.items()},
        "rules_below_run": below,
        "switch_off": off,
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
    """`rules below the run (...): name:hrv 0/6 true (0.0–0.0%)`, and for the rules whose
    labels say most of their flags are false (`mostly_false`), the `[rules] off` that
    switches them off for a domain; None while the run has no true or false verdict."""
    if not run.true_positives + run.false_positives:
        return None
    low = f"{100 * run.precision_ci[0]:.1f}%"
    below = below_run(run, rules)
    if below:
        named = ", ".join(_told(rule, rules[rule]) for rule in below)
        said = f"rules below the run (95% interval wholly under its low end, {low}): {named}"
    else:
        said = f"no rule's 95% interval lies wholly below the run's (from {low})"
    false = switch_off(rules, held_against(run))
    if false:
        told = ", ".join(f"{rule} (under {100 * sample_high(rules[rule]):.1f}%)" for rule in false)
        said += (f". Most flags of {told} are false, read as a sample of the domain's prose "
                 f"(95%){_switch_off(run, false)}")  # fmt: skip
    return Text(visible(said))


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
    if any(i.startswith("name:") for i in ids):
        told += " (a name:WORDS id stops those words naming a value; `name` stops them all)"
    return told


def _told(rule: str, part: SliceStats) -> str:
    """`name:hrv 0/6 true (0.0–39.0%)`: the labels' counts and the row's interval."""
    verdicts = part.true_positives + part.false_positives
    shown = _interval(*part.precision_ci) + ("*" if part.unmeasured else "")
    return f"{rule} {part.true_positives}/{verdicts} true ({shown}%)"
