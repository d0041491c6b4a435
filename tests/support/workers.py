"""Waiting for an app's workers in a test.

Textual's `workers.wait_for_complete()` raises when a worker it waits on is cancelled, and
the app cancels on purpose: a worker started with `exclusive=True` (the totals, a search)
cancels the one it replaces. A test that waits for the app to be quiet wants the workers
that are still meant to finish, so this waits until none is pending or running, a
cancelled one being no failure.
"""

from __future__ import annotations

import contextlib
from typing import Any

from textual.app import App
from textual.worker import WorkerCancelled, WorkerState

_BUSY = (WorkerState.PENDING, WorkerState.RUNNING)


async def workers_done(app: App) -> None:
    """Wait until no worker of `app` is pending or running; a worker's error still raises."""
    while busy := [worker for worker in app.workers if worker.state in _BUSY]:
        for worker in busy:
            with contextlib.suppress(WorkerCancelled):
                await worker.wait()


async def at_rest(pilot: Any) -> None:
    """Wait until a pilot's app is at rest: no worker pending or running, and no write
    kept waiting for the database (a label retried aside on a loaded machine finishes,
    and says so, only after its worker has)."""
    app = pilot.app
    while True:
        await workers_done(app)
        await pilot.pause()
        if not getattr(app.screen, "waiting", False):
            await pilot.pause()  # a notice is a message: the one said as the wait ended
            return
        await pilot.pause(0.05)
