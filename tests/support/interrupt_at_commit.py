"""Run the reviewer command line and press Ctrl-C (SIGINT to itself) after a chosen
database commit, as the next statement starts, so a test can interrupt a command at every
point where it has stored something, with no timing involved.

    python tests/support/interrupt_at_commit.py N COUNTS_FILE reviewer-args...

With N = 0 nothing is interrupted and the number of commits is written to COUNTS_FILE at
exit. With N written `Nx2`, Ctrl-C is pressed twice there, as an impatient user would.
"""

from __future__ import annotations

import atexit
import signal
import sys
from pathlib import Path

from sqlalchemy import Connection, Engine, event


def main() -> None:
    at, counts, *args = sys.argv[1:]
    target = int(at.removesuffix("x2"))
    presses = 2 if at.endswith("x2") else 1
    seen = 0
    armed = False

    def count(connection: Connection) -> None:
        nonlocal seen, armed
        seen += 1
        armed = seen == target

    def press(*args: object) -> None:
        nonlocal armed
        if armed:  # the commit is done: Ctrl-C, and KeyboardInterrupt follows
            armed = False
            for _ in range(presses):
                signal.raise_signal(signal.SIGINT)

    event.listen(Engine, "commit", count)
    event.listen(Engine, "before_cursor_execute", press)
    atexit.register(lambda: Path(counts).write_text(str(seen)))
    sys.argv = ["reviewer", *args]
    from reviewer.cli import main as reviewer

    reviewer()


if __name__ == "__main__":
    main()
