"""The `reviewer` command line: thin commands that parse options and call the package."""

from __future__ import annotations

import os
from typing import Annotated

import typer

app = typer.Typer(
    name="reviewer",
    help="A control group and a human in the loop for numeric grounding checks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

DEFAULT_DB = "reviewer.db"


def default_db() -> str:
    """`$REVIEWER_DB`, else `./reviewer.db`."""
    return os.environ.get("REVIEWER_DB") or DEFAULT_DB


DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database path or SQLAlchemy URL [default: $REVIEWER_DB, else ./reviewer.db].",
        show_default=False,
    ),
]
DetectorOption = Annotated[
    str,
    typer.Option(
        "--detector", "-d", help="reference, default, or a plugin as module:attr."
    ),
]
ConfigOption = Annotated[
    str | None,
    typer.Option("--config", help="TOML file with detector thresholds and unit vocabulary."),
]


def main() -> None:
    app()


if __name__ == "__main__":
    main()
