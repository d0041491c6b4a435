"""`reviewer scan` without typer: the quick way in for the plainest command lines.

Building the typer app (every command's options) and loading typer cost a scan as much as
the first few hundred briefs. A command line made only of a file and the options written
out plainly (`-d NAME`, `--detector NAME` or `--detector=NAME`, and the same for
`--config`, `--pools`, `--format` and `--workers`) is read here and run as reviewer.cli's
`scan` runs it, with the same messages and exit codes; anything else (`--help`, an error,
an option repeated or glued to its value) returns None and goes to typer, which says
what it says.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

OPTIONS = {
    "-d": "detector",
    "--detector": "detector",
    "--config": "config",
    "--pools": "pools",
    "--format": "fmt",
    "--workers": "workers",
}
FORMATS = ("table", "jsonl")


def parse(args: list[str]) -> dict[str, Any] | None:
    """The arguments of `reviewer scan ARGS`, or None when typer should read them."""
    given: dict[str, Any] = {}
    file = None
    rest = iter(args)
    for arg in rest:
        if arg == "-" or not arg.startswith("-"):
            if file is not None:
                return None  # an extra argument: typer's message
            file = arg
            continue
        name, equals, value = arg.partition("=")
        key = OPTIONS.get(name)
        if key is None or key in given or (equals and name == "-d"):
            return None
        if not equals:
            value = next(rest, None)  # type: ignore[assignment]
            if value is None or value.startswith("-"):
                return None
        given[key] = value
    if file is None:
        return None
    if given.get("fmt", "jsonl") not in FORMATS:
        return None
    workers = given.get("workers")
    if workers is not None:
        if not (workers.isascii() and workers.isdigit()):
            return None
        given["workers"] = int(workers)
    return {"file": file, **given}


def quick_scan(args: list[str]) -> int | None:
    """Run `reviewer scan ARGS` and return its exit code; None to leave it to typer."""
    if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return None  # a shell asking typer to complete a word
    parsed = parse(args)
    if parsed is None:
        return None
    try:
        try:
            return _run(**parsed)
        except Exception as error:  # as reviewer.commands.console.Guarded handles it
            from reviewer.commands import console

            if isinstance(error, OSError) and error.errno == errno.EPIPE:
                console._quiet_stdout()  # `reviewer scan FILE | head`
                return console.OK
            return console.fail(error)
        finally:
            if "db.busy" in sys.modules:
                sys.modules["db.busy"].listen(None)
    except KeyboardInterrupt:
        return 130  # as typer ends on Ctrl-C


def _run(
    file: str,
    detector: str = "default",
    config: str | None = None,
    pools: str | None = None,
    fmt: str = "jsonl",
    workers: int | None = None,
) -> int:
    from reviewer.checks.registry import DetectorLoadError, load_detector
    from reviewer.commands.scan import scan
    from reviewer.grounding.config import load_config

    try:  # as reviewer.commands.console.load_detector
        found = load_detector(detector, load_config(config) if config else None)
    except (DetectorLoadError, OSError, ValueError) as problem:
        from reviewer.commands import console

        console.echo(str(problem), error=True)
        return console.USAGE
    return scan(file, found, pools_path=pools, fmt=fmt, workers=workers)
