"""The manual's generated parts, filled in while MkDocs builds it (mkdocs.yml `hooks:`).

    python scripts/docs_hooks.py commands    the command reference, from reviewer.cli's app
    python scripts/docs_hooks.py rules       the rule catalogue of the default detector
    python scripts/docs_hooks.py lexicon     the word classes a config's [lexicon] extends

A page asks for a part with a marker line, `<!-- generated: commands -->` or
`<!-- generated: rules -->`; the marker is replaced by the part as Markdown, so the
reference never drifts from the code it describes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from enum import Enum
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# ---------------------------------------------------------------- the command reference


def command_reference() -> str:
    """Every command of `reviewer` with its help, usage and options, in --help's order."""
    import typer.main

    from reviewer.cli import app

    root = typer.main.get_command(app)
    summary = ["| command | what it does |", "|---|---|"]
    summary += [f"| [`{name}`](#{_anchor(name)}) | {_cell(_first_line(help_text))} |"
                for name, help_text in _listing(root, "reviewer")]  # fmt: skip
    body = "\n".join(_commands(root, "reviewer")).rstrip()
    return "\n".join(summary) + "\n\n" + body + "\n"


def _listing(group: Any, path: str) -> Iterator[tuple[str, str]]:
    """(full command name, help) of every command, groups' own commands after them."""
    import typer

    context = typer.Context(group, info_name=path.rsplit(" ", 1)[-1])
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if command is None or command.hidden:
            continue
        if hasattr(command, "list_commands"):
            yield from _listing(command, f"{path} {name}")
        else:
            yield f"{path} {name}", command.help or ""


def _anchor(name: str) -> str:
    """The id MkDocs gives the heading `` `reviewer db upgrade` ``."""
    return name.replace(" ", "-")


def _first_line(text: str) -> str:
    return _paragraphs(text).split("\n\n", 1)[0]


def _commands(group: Any, path: str) -> Iterator[str]:
    import typer

    context = typer.Context(group, info_name=path.rsplit(" ", 1)[-1])
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if command is None or command.hidden:
            continue
        full = f"{path} {name}"
        if hasattr(command, "list_commands"):  # a group: `reviewer db`, `reviewer labels`
            yield f"## `{full}`\n"
            yield f"{_paragraphs(command.help)}\n"
            yield from _commands(command, full)
            continue
        yield f"{'##' if path == 'reviewer' else '###'} `{full}`\n"
        yield f"{_paragraphs(command.help)}\n"
        yield f"```\n{full} {_usage(command)}\n```\n"
        rows = list(_option_rows(command))
        if rows:
            yield "| argument or option | what it does | default |"
            yield "|---|---|---|"
            yield from rows
            yield ""


def _paragraphs(text: str | None) -> str:
    """A docstring as Markdown paragraphs (typer's \\b and \\f marks dropped)."""
    if not text:
        return ""
    text = text.split("\f", 1)[0]
    blocks = [" ".join(line.strip() for line in block.splitlines() if line.strip() != "\b")
              for block in text.strip().split("\n\n")]  # fmt: skip
    return "\n\n".join(block for block in blocks if block)


def _usage(command: Any) -> str:
    parts = []
    if any(not getattr(p, "is_argument", False) and p.param_type_name == "option"
           for p in command.params):  # fmt: skip
        parts.append("[OPTIONS]")
    for param in command.params:
        if param.param_type_name == "argument":
            name = param.name.upper()
            name += "..." if param.nargs == -1 else ""
            parts.append(name if param.required else f"[{name}]")
    return " ".join(parts)


def _option_rows(command: Any) -> Iterator[str]:
    for param in command.params:
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            name = f"`{param.name.upper()}`"
        else:
            name = ", ".join(f"`{opt}`" for opt in [*param.opts, *param.secondary_opts])
            choices = getattr(param.type, "choices", None)
            if choices and not param.is_flag:
                shown = "\\|".join(str(getattr(c, "value", c)) for c in choices)
                name += f" `{shown}`"
            elif not param.is_flag:
                name += f" `{TYPE_WORDS.get(param.type.name, param.type.name.upper())}`"
        help_text = _cell(getattr(param, "help", None) or "")
        yield f"| {name} | {help_text} | {_default(param)} |"


TYPE_WORDS = {"str": "TEXT", "text": "TEXT", "int": "INTEGER", "integer": "INTEGER",
              "float": "NUMBER", "path": "PATH"}  # fmt: skip


def _default(param: Any) -> str:
    if param.required:
        return "required"
    value = param.default
    if callable(value) or value is None or getattr(param, "show_default", None) is False:
        return ""
    if param.param_type_name == "option" and param.is_flag:
        return "off" if value is False else "on"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, list | tuple):
        if not value:
            return ""
        value = " ".join(map(str, value))
    return f"`{value}`"


def _cell(text: str) -> str:
    """Text for a Markdown table cell: one line, its pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


# ---------------------------------------------------------------- the rule catalogue


def rule_catalogue() -> str:
    """The default detector's rules: `reviewer rules --format markdown` where the command
    exists, else the rule table in reviewer.grounding, else a note that there is none."""
    printed = _rules_command()
    if printed is not None:
        return printed
    try:
        from reviewer.grounding.rules.catalogue import CATALOGUE
        from reviewer.grounding.rules.table import GROUPS
    except ImportError:
        return "*The rule catalogue is not part of this version.*\n"
    lines: list[str] = []
    for group, meaning in GROUPS.items():
        rules = [rule for rule in CATALOGUE if rule.group == group]
        if not rules:
            continue
        lines += [f"### `{group}`: {meaning}", "", "| rule | reads | example | left alone |",
                  "|---|---|---|---|"]  # fmt: skip
        for rule in rules:
            example = _example(rule.examples)
            counter = _example(rule.counter)
            lines.append(f"| `{rule.id}` | {_cell(rule.summary)} | {example} | {counter} |")
        lines.append("")
    return "\n".join(lines)


def _example(examples: tuple[Any, ...]) -> str:
    if not examples:
        return ""
    first = examples[0]
    return f"{_cell(first.text)} (**{_cell(first.number)}**)"


def _rules_command() -> str | None:
    """The catalogue as `reviewer rules --format markdown` prints it, if it can."""
    import typer.main
    from typer.testing import CliRunner

    from reviewer.cli import app

    root = typer.main.get_command(app)
    rules = getattr(root, "commands", {}).get("rules")
    if rules is None or not any("--format" in p.opts for p in rules.params):
        return None
    result = CliRunner().invoke(app, ["rules", "--format", "markdown"])
    if result.exit_code != 0 or not result.output.strip():
        return None
    return result.output


def word_classes() -> str:
    """The word classes a config's `[lexicon]` extends: `reviewer rules --lexicon --format
    markdown` where the option exists, else nothing."""
    import typer.main
    from typer.testing import CliRunner

    from reviewer.cli import app

    rules = getattr(typer.main.get_command(app), "commands", {}).get("rules")
    if rules is None or not any("--lexicon" in p.opts for p in rules.params):
        return ""
    result = CliRunner().invoke(app, ["rules", "--lexicon", "--format", "markdown"])
    return result.output if result.exit_code == 0 else ""


# ---------------------------------------------------------------- MkDocs


PARTS: dict[str, Callable[[], str]] = {
    "commands": command_reference,
    "rules": rule_catalogue,
    "lexicon": word_classes,
}


def on_page_markdown(markdown: str, **_: Any) -> str:
    """MkDocs hook: each `<!-- generated: PART -->` line becomes that part."""
    for part, make in PARTS.items():
        marker = f"<!-- generated: {part} -->"
        if marker in markdown:
            markdown = markdown.replace(marker, make())
    return markdown


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in PARTS:
        sys.exit(f"usage: python scripts/docs_hooks.py {'|'.join(PARTS)}")
    sys.stdout.write(PARTS[sys.argv[1]]())
