"""Run the reviewer command line, killing the process (SIGKILL) at a chosen commit.

    python tests/kill_at_commit.py N before|after COUNTS_FILE reviewer-args...

Commits are counted over every connection of the process; at the N-th the process kills
itself just before the database commits or just after. With N = 0 nothing is killed and
the number of commits is written to COUNTS_FILE at exit, so a test can try every one.
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
from pathlib import Path

from sqlalchemy import Connection, Engine, event


def main() -> None:
    at, when, counts, *args = sys.argv[1:]
    target = int(at)
    seen = 0

    def count(connection: Connection) -> None:
        nonlocal seen
        seen += 1
        if seen == target:
            if when == "after":  # the commit reaches the database, then the kill
                dbapi = connection.connection.dbapi_connection
                assert dbapi is not None
                dbapi.commit()
            os.kill(os.getpid(), signal.SIGKILL)

    event.listen(Engine, "commit", count)
    atexit.register(lambda: Path(counts).write_text(str(seen)))
    sys.argv = ["reviewer", *args]
    from reviewer.cli import main as reviewer

    reviewer()


if __name__ == "__main__":
    main()
