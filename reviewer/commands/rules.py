"""`reviewer rules`: every reading of the default detector from its catalogue: id, what its
group reads, a summary, and the sentences that show it (examples) and that it must leave
alone (counter-examples). The markdown is the docs' rule catalogue
(`scripts/rules_catalogue.py` writes it)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from reviewer.commands.console import OK, USAGE, err, say, visible
from reviewer.grounding.rules import GROUPS, RULES, Example, Rule

if TYPE_CHECKING:
    from reviewer.commands.rules_figures import RunRules

FORMATS = ("table", "markdown", "json")


def example_dict(example: Example) -> dict[str, Any]:
    data: dict[str, Any] = {"text": example.text, "number": example.number}
    data["pool"] = [{"name": k.name, "value": k.value, "unit": k.unit} for k in example.pool]
    if example.names:
        data["names"] = {name: list(aliases) for name, aliases in example.names}
    if example.lexicon:
        data["lexicon"] = {name: list(words) for name, words in example.lexicon}
    return data


def added_words(example: Example) -> str:
    """The words an example's config adds to the lexicon, as its `[lexicon]` lines say
    them ("negative_words = moderated"); empty when it adds none."""
    return "; ".join(f"{name} = {', '.join(words)}" for name, words in example.lexicon)


def rule_dict(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.id,
        "group": rule.group,
        "reads": rule.reads,
        "summary": rule.summary,
        "examples": [example_dict(e) for e in rule.examples],
        "counter": [example_dict(e) for e in rule.counter],
    }


def as_json(rules: Sequence[Rule] = RULES, run: RunRules | None = None) -> str:
    """The catalogue; with a run's figures, each rule's as `labeled` (null: no flag)."""
    listed = [rule_dict(r) for r in rules]
    if run is not None:
        for data in listed:
            part = run.figures.get(data["id"])
            data["labeled"] = None if part is None else {"run_id": run.run_id, **part.to_dict()}
    return json.dumps(listed, ensure_ascii=False, indent=2) + "\n"


def _md(text: str) -> str:
    """Text for a markdown line: control characters visible, and markdown's own
    characters escaped so a sentence shows as written."""
    shown = visible(text).replace("\n", " ").replace("&", "&amp;").replace("<", "&lt;")
    for mark in "\\`*_[]#":
        shown = shown.replace(mark, "\\" + mark)
    return shown


def _md_summary(summary: str) -> str:
    """A summary keeps its `code` spans (the catalogue writes names so); the rest is text."""
    parts = summary.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: all of it text
        return _md(summary)
    return "`".join(_md(part) if i % 2 == 0 else part for i, part in enumerate(parts))


def _md_example(example: Example) -> str:
    number = example.number.replace("`", "")
    shown = f"- {_md(example.text)} — `{number}`" if number else f"- {_md(example.text)}"
    if example.lexicon:
        shown += f" (with `[lexicon]` {_md(added_words(example))})"
    return shown


def _md_rule(rule: Rule) -> list[str]:
    lines = [f"### `{rule.id}`", "", _md_summary(rule.summary), ""]
    for title, examples in (("Examples", rule.examples), ("Counter-examples", rule.counter)):
        if examples:
            lines += [f"{title}:", "", *map(_md_example, examples), ""]
    return lines


def as_markdown(rules: Sequence[Rule] = RULES) -> str:
    """The catalogue as a markdown page: one section per group, in the detector's order."""
    lines = [
        "# Rule catalogue",
        "",
        "Every reading of the `default` detector, by group, in the order the detector tries",
        "them. A flag's `rule` names the reading that made it, `reviewer scan --explain` names",
        "the one that read each number, and `[rules] off = [...]` in a detector config turns",
        "readings off by id. Examples are sentences the rule decides; counter-examples are",
        "sentences it must leave alone. Both run as tests. Made by `reviewer rules --format",
        "markdown` from the detector's tables: edit those, not this page.",
        "",
    ]
    for group, members in _grouped(rules):
        lines += [f"## {group}: {GROUPS[group]}", ""]
        for rule in members:
            lines += _md_rule(rule)
    return "\n".join(lines).rstrip("\n") + "\n"


def _grouped(rules: Iterable[Rule]) -> list[tuple[str, list[Rule]]]:
    groups: dict[str, list[Rule]] = {}
    for rule in rules:
        groups.setdefault(rule.group, []).append(rule)
    return list(groups.items())


def print_table(rules: Sequence[Rule] = RULES, run: RunRules | None = None) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SIMPLE, expand=True, pad_edge=False, show_lines=False)
    table.add_column("rule", no_wrap=True, style="bold")
    table.add_column("reads", ratio=1, min_width=16)
    table.add_column("summary and examples", ratio=2)
    if run is not None:
        table.add_column(f"labeled in run {run.run_id}", ratio=1, min_width=16)
    for rule in rules:
        told = Text(visible(rule.summary))
        for mark, examples in (("+ ", rule.examples), ("- ", rule.counter)):
            for example in examples:
                told.append("\n" + mark, style="bold green" if mark == "+ " else "bold red")
                told.append(visible(example.text), style="dim")
                told.append(f"  [{visible(example.number)}]", style="cyan")
                if example.lexicon:
                    told.append(f"  with [lexicon] {visible(added_words(example))}", style="dim")
        cells = [Text(rule.id), Text(rule.reads, style="dim"), told]
        if run is not None:
            cells.append(Text(_labeled(run, rule.id)))
        table.add_row(*cells)
    console = Console(highlight=False)
    console.print(table)
    if run is not None:
        print_run_note(run, console)
    examples = sum(len(r.examples) + len(r.counter) for r in rules)
    console.print(
        Text(f"{len(rules)} rules, {examples} examples (+ decided, - left alone)", style="dim")
    )


def _labeled(run: RunRules, rule_id: str) -> str:
    from reviewer.commands.rules_figures import cell

    return cell(run.figures.get(rule_id))


def print_run_note(run: RunRules, console: Any) -> None:
    """What the figures column is, and the run's flags that no rule of the catalogue made."""
    from rich.text import Text

    from reviewer.commands.rules_figures import cell

    console.print(Text(f"labeled in run {run.run_id} ({visible(run.detector)}): precision "
                       "[95% CI, * bounds while unmeasured] · true of labeled · flags the "
                       "rule made; every name:WORDS reading counts as name"),
                  style="dim")  # fmt: skip
    for rule, part in run.others.items():
        console.print(Text(visible(f"{rule}: {cell(part)}")), style="dim")


def word_classes() -> list[dict[str, Any]]:
    """The lexicon's classes a config's `[lexicon]` may add words to, in the lexicon's
    order: the rule that reads the added words, what such a word does to a number, and
    the class's built-in words."""
    from reviewer.grounding import lexicon
    from reviewer.grounding.added_words import READ_AS

    words = lexicon.WORDS
    return [
        {"class": name, "rule": rule, "added_word": READ_AS[name], "words": list(words[name])}
        for name, rule in lexicon.EXTENDABLE.items()
    ]


def lexicon_markdown() -> str:
    """The extendable word classes as a section of the docs' catalogue."""
    lines = [
        "## Word classes a config extends",
        "",
        "`[lexicon]` in a detector config adds a domain's words to these classes of the",
        "`default` detector (any other class is refused). Each added word is read by the rule",
        "beside its class; switching that rule off switches the added words off too. Made by",
        "`reviewer rules --lexicon --format markdown`.",
        "",
        "| class | rule | an added word | built-in words |",
        "|---|---|---|---|",
    ]
    for row in word_classes():
        words = ", ".join(_md(word) for word in row["words"])
        lines.append(f"| `{row['class']}` | `{row['rule']}` | {_md(row['added_word'])} | {words} |")
    return "\n".join(lines) + "\n"


def print_lexicon() -> None:
    """Each extendable class as a block: its name and rule, what an added word does, and
    its built-in words (wrapped to the terminal)."""
    from rich.console import Console
    from rich.padding import Padding
    from rich.text import Text

    console = Console(highlight=False)
    rows = word_classes()
    for row in rows:
        head = Text(row["class"], style="bold")
        head.append(f"  read by {row['rule']}", style="cyan")
        console.print(head)
        console.print(Padding(Text(f"an added word: {row['added_word']}"), (0, 0, 0, 2)))
        words = Text(f"built in ({len(row['words'])}): ", style="dim")
        words.append(", ".join(visible(word) for word in row["words"]), style="dim")
        console.print(Padding(words, (0, 0, 1, 2)))
    console.print(Text(f"{len(rows)} word classes take a config's words, e.g. [lexicon] "
                       'plan_words = ["north star"]', style="dim"))  # fmt: skip


def rules(
    fmt: str = "table", *, db: str | None = None, run: str | None = None, lexicon: bool = False
) -> int:
    """Print the catalogue in `fmt`, with a run's labeled precision per rule when `db` is
    given (or, with `lexicon`, the word classes a config extends); the exit code."""
    figures = None
    if lexicon:
        if db is not None or run is not None:
            say(err(), "--lexicon lists the word classes a config extends: no run's figures")
            return USAGE
        if fmt == "json":
            print(json.dumps(word_classes(), ensure_ascii=False, indent=2))
        elif fmt == "markdown":
            print(lexicon_markdown(), end="")
        else:
            print_lexicon()
        return OK
    if db is None and run is not None:
        say(err(), "--run needs --db: the database whose run's labels to show")
        return USAGE
    if db is not None:
        if fmt == "markdown":
            say(err(), "--db adds each rule's labeled precision to the table and json "
                       "formats; the markdown is the docs' catalogue")  # fmt: skip
            return USAGE
        from reviewer.commands.rules_figures import read_run_rules

        figures = read_run_rules(db, run)
        if figures is None:
            return USAGE
    if fmt == "json":
        print(as_json(run=figures), end="")
    elif fmt == "markdown":
        print(as_markdown(), end="")
    else:
        print_table(run=figures)
    return OK
