"""The `reviewer` command and `python -m reviewer`: reviewer.cli's command line, with a
quick way in for `reviewer scan` whose arguments are plain (reviewer.commands.scan_quick),
which starts without building the typer app."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["scan"]:
        from reviewer.commands.scan_quick import quick_scan

        code = quick_scan(sys.argv[2:])
        if code is not None:
            raise SystemExit(code)
    from reviewer.cli import main as command_line

    command_line()


if __name__ == "__main__":
    main()
