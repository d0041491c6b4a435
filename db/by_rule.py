"""A run's precision by the rule that made each flag (`reviewer stats --by-rule`).

Not kept in the tally: two GROUP BYs over the run's flags when asked, one for each rule's
current verdicts (the team's by the final-verdict rule, or one reviewer's), one for the
true and false verdicts the run's random queue brought. Each rule's figures are then
estimated over its strata exactly as a kind's or a unit's are (db.strata.slice_precision).
Plain SQL through a db.strata.Rows reader, so the bare drivers and SQLAlchemy both run it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from db.figures import SliceStats, summarize
from db.strata import Rows, queued_verdicts, slice_precision
from reviewer.wilson import wilson_interval

NOT_RECORDED = "(not recorded)"  # flags stored before their rule was kept (migration 0012)

_VERDICTS = {
    "team": "FROM flagrecord f LEFT JOIN claim c ON c.id = f.claim_id",
    "one": "FROM flagrecord f LEFT JOIN labelstate c ON c.claim_id = f.claim_id "
    "AND c.reviewer = :reviewer",
}
RULE_VERDICTS_SQL = (
    "SELECT f.rule, c.verdict, count(*) {source} WHERE f.run_id = :run GROUP BY f.rule, c.verdict"
)


Group = Callable[[str], str]  # a flag's rule -> the row it counts in


def _same(rule: str) -> str:
    return rule


def _by_group(counted: Iterable[tuple[Any, ...]], group: Group) -> dict[str, Counter]:
    """(rule, verdict, count) rows -> each group's verdict counts."""
    found: dict[str, Counter] = {}
    for rule, verdict, n in counted:
        name = NOT_RECORDED if rule is None else str(rule)
        found.setdefault(group(name), Counter())[verdict] += int(n)
    return found


def rule_verdicts(
    rows: Rows, run_id: int, reviewer: str | None, group: Group = _same
) -> dict[str, Counter]:
    """Rule -> its flags' current verdict counts, None counting the unlabeled ones."""
    sql = RULE_VERDICTS_SQL.format(source=_VERDICTS["team" if reviewer is None else "one"])
    return _by_group(rows(sql, {"run": run_id, "reviewer": reviewer}), group)


def rule_queued(
    rows: Rows, run_id: int, reviewer: str | None, group: Group = _same
) -> dict[str, Counter]:
    """Rule -> the true and false verdicts that the run's random queue brought."""
    return _by_group(queued_verdicts(rows, run_id, reviewer, "f.rule"), group)


def by_rule(
    rows: Rows, *, run_id: int, reviewer: str | None = None, group: Group = _same
) -> dict[str, SliceStats]:
    """Each rule's figures over its strata, the rule with the most flags first (then by
    name), as `stats` gives a unit's: the census of labels made off the queue known
    exactly, the rest estimated from the queue's sample, bounds while it has none.
    `group` counts several rules in one row (`reviewer rules`: every `name:WORDS` as
    `name`)."""
    verdicts = rule_verdicts(rows, run_id, reviewer, group)
    queued = rule_queued(rows, run_id, reviewer, group)
    found = {}
    for rule, counts in verdicts.items():
        flags = sum(counts.values())
        estimate = slice_precision(flags, counts, queued.get(rule, Counter()))
        found[rule] = summarize(flags, counts, estimate)
    return dict(sorted(found.items(), key=lambda item: (-item[1].flags, item[0])))


def config_id(rule: str) -> str | None:
    """The id `[rules] off` takes for a flag's rule: the rule's own (`name:WORDS` turns off
    those words' reading alone); None for flags whose rule was not recorded, or a rule the
    catalogue does not hold."""
    if rule == NOT_RECORDED:
        return None
    from reviewer.grounding.rules import by_id

    return None if by_id(rule) is None else rule


def sample_high(part: SliceStats) -> float:
    """The top of the rule's 95% interval with its labels read as a sample of the domain's
    prose (no narrowing for having labeled all of a run's flags): what a config switch
    decides for the briefs still to come."""
    return wilson_interval(part.true_positives, part.true_positives + part.false_positives)[1]


def worth_switching_off(true: int, verdicts: int, run_precision: float) -> bool:
    """Whether `true` of a rule's `verdicts` say most of its flags are false, and fewer are
    true than of the run's: the 95% interval of its labels, read as a sample, wholly under
    one half and under the run's precision. Switching it off raises the run's precision."""
    return verdicts > 0 and wilson_interval(true, verdicts)[1] < min(0.5, run_precision)


def held_against(run: Any) -> float | None:
    """The precision a run's rules are held against: its estimate over its strata, else
    (while a stratum has no label from the queue yet) what its labels alone say."""
    if run.precision is not None:
        return float(run.precision)
    return (run.labeled_precision or {}).get("precision")


def mostly_false(part: SliceStats, run_precision: float | None) -> bool:
    """`worth_switching_off`, of a rule's figures against the run's precision."""
    verdicts = part.true_positives + part.false_positives
    return worth_switching_off(part.true_positives, verdicts, run_precision or 0.0)


def switch_off(rules: dict[str, SliceStats], run_precision: float | None) -> list[str]:
    """The rules whose labels say to switch them off for the domain (`mostly_false`), in
    the rules' order."""
    return [rule for rule, part in rules.items() if mostly_false(part, run_precision)]
