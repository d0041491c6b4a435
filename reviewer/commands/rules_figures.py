"""`reviewer rules --db PATH [--run R]`: beside each rule of the catalogue, what the labels
say of the flags it made in a run (every `name:WORDS` reading counted as `name`, the id
that switches them all off), estimated over the run's strata as `stats --by-rule` does."""

from __future__ import annotations

from dataclasses import dataclass

from db.by_rule import by_rule
from db.figures import SliceStats
from reviewer.commands.console import err, open_db, say, visible


@dataclass(frozen=True, slots=True)
class RunRules:
    """A run's figures by catalogue rule, and by what no rule of the catalogue made."""

    run_id: int
    detector: str
    figures: dict[str, SliceStats]  # rule id -> the figures of the flags it made
    others: dict[str, SliceStats]  # flags of no catalogue rule ("(not recorded)" ...)


def _catalogue_id(rule: str) -> str:
    """The catalogue rule that made a flag (`name` for every `name:WORDS`), or the rule."""
    from reviewer.grounding.rules import by_id

    found = by_id(rule)
    return rule if found is None else found.id


def read_run_rules(url_or_path: str, run: str | None) -> RunRules | None:
    """The run's (default: the latest finished one) figures by rule; None after saying
    why there are none (no database, no such run, no run yet)."""
    from db.queries import latest_run
    from db.runs import find_run
    from db.strata import reader
    from reviewer.grounding.rules import by_id

    engine = open_db(url_or_path, must_exist=True, read_only=True)
    if engine is None:
        return None
    try:
        with engine.connect() as connection:
            row = (
                latest_run(session=connection)
                if run is None
                else find_run(db=connection, ref=run, finished=True)
            )
            if row is None:
                say(err(), "no detector run yet (reviewer ingest FILE, or reviewer flag)")
                return None
            found = by_rule(reader(connection), run_id=row.id, group=_catalogue_id)
    except ValueError as problem:  # no such run, or one with no figures
        say(err(), visible(str(problem)))
        return None
    finally:
        engine.dispose()
    known = {rule: part for rule, part in found.items() if by_id(rule) is not None}
    others = {rule: part for rule, part in found.items() if rule not in known}
    return RunRules(row.id, str(row.detector), known, others)


def cell(part: SliceStats | None) -> str:
    """`97.0% [89.7–98.4] · 32/33 true · 64 flags`: a rule's labeled precision in a line;
    bounds marked `*` while the run's random queue has not measured all its flags."""
    if part is None:
        return "no flag in this run"
    flags = f"{part.flags:,} flag" + ("" if part.flags == 1 else "s")
    verdicts = part.true_positives + part.false_positives
    if not verdicts:
        return f"no true or false verdict yet · {flags}"
    low, high = part.precision_ci
    interval = f"{100 * low:.1f}–{100 * high:.1f}" + ("*" if part.unmeasured else "")
    point = "—" if part.precision is None else f"{100 * part.precision:.1f}%"
    return f"{point} [{interval}] · {part.true_positives}/{verdicts} true · {flags}"
