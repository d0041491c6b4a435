"""Ctrl-C in a command that writes (`ingest`, `flag`): said at once, acted on at the next
step, where what the command stored can be taken back whole; a second Ctrl-C ends the
process at once.

The first Ctrl-C never raises inside a database call: a KeyboardInterrupt there can leave
a SQLite connection closed with its statement unfinished, holding the write lock the
taking back then waits for. The command stops where it next advances its progress (a batch
stored, a stage begun), takes back what it stored and says what became of it, exit 130.
A second Ctrl-C, while that batch ends or the taking back runs, ends the process without
another word to the database: its open transaction is rolled back by the database, and
the next `ingest` or `flag` finds the unfinished work by its dead owner and takes it back.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from reviewer.commands.console import Stage, err, say
from reviewer.pipeline.checking import Advance

INTERRUPTED = 130  # Ctrl-C, as a shell reports a command ended by SIGINT
AT_ONCE = (
    "stopped at once: what it had stored is left unfinished, and the next reviewer ingest "
    "or flag takes it back"
)


def interrupted(stopped: KeyboardInterrupt, otherwise: str, *, nothing: str = "") -> int:
    """Say what became of the work stopped by Ctrl-C, as the taking back noted it on the
    interrupt (`otherwise` when it noted nothing, or began with `nothing`); exit 130."""
    notes = getattr(stopped, "__notes__", None) or [otherwise]
    said = otherwise if nothing and notes[-1].startswith(nothing) else notes[-1]
    say(err(), f"interrupted: {said}")
    return INTERRUPTED


class Steps:
    """Where a command may stop: `step()` raises KeyboardInterrupt once Ctrl-C was pressed,
    and `advancing`/`staging` wrap the progress's callbacks to step first."""

    def __init__(self) -> None:
        self.pressed = False

    def step(self) -> None:
        if self.pressed:
            raise KeyboardInterrupt

    def advancing(self, advance: Advance) -> Advance:
        def stepped(n: int) -> None:
            self.step()
            advance(n)

        return stepped

    def staging(self, stage: Stage) -> Stage:
        def stepped(kind: str, path: str | None, total: int | None) -> None:
            self.step()
            stage(kind, path, total)

        return stepped


@contextmanager
def stopping_at_steps(*, stopping: str, kept: str) -> Iterator[Steps]:
    """Ctrl-C caught for the block, said at once and acted on at its next step. `stopping`
    is said at the Ctrl-C (what will become of the work); `kept`, when the block ended
    whole before it reached another step."""
    steps = Steps()
    ours = os.getpid()

    def on_ctrl_c(signum: int, frame: object) -> None:
        if os.getpid() != ours:  # a worker forked meanwhile: Ctrl-C is the command's
            return
        if steps.pressed:
            os.write(2, f"\ninterrupted again: {AT_ONCE}\n".encode())
            os._exit(INTERRUPTED)
        steps.pressed = True
        say(err(), f"stopping: {stopping} (Ctrl-C again stops at once)")

    try:
        previous = signal.signal(signal.SIGINT, on_ctrl_c)
    except ValueError:  # not the main thread: Ctrl-C is not ours to catch
        yield steps
        return
    try:
        yield steps
    finally:
        signal.signal(signal.SIGINT, previous)
    if steps.pressed:  # no step came after the Ctrl-C: the work is whole
        say(err(), kept)
