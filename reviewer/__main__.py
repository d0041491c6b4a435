"""The `reviewer` command and `python -m reviewer`: reviewer.cli's command line, with a
quick way in for `reviewer scan` whose arguments are plain (reviewer.commands.scan_quick),
which starts without building the typer app."""

from __future__ import annotations

import gc
import sys


def main() -> None:
    try:
        if sys.argv[1:2] == ["scan"]:
            from reviewer.commands.scan_quick import quick_scan

            code = quick_scan(sys.argv[2:])
            if code is not None:
                raise SystemExit(code)
        from reviewer.cli import main as command_line

        command_line()
    finally:
        # the process is ending: its objects need no cycle collection on the way out (a
        # last walk over all of them, 0.2 s after an ingest of a 20,000-value pool); the
        # commands have closed their files and databases by now
        gc.freeze()


if __name__ == "__main__":
    main()
