"""Run by tests/tui/test_tui_pg_outage.py in a process of its own: the review app on the
database at URL. It says "ready", waits for the test to stop the server and say "stopped",
presses t, then f, waits until both are stored (or a minute has passed), then
prints one JSON line: whether the app still runs, and its notices."""

from __future__ import annotations

import asyncio
import json
import sys
import time

import db
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen


async def main(url: str) -> None:
    engine = db.open_existing(url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)  # "stopped"
        await pilot.press("t")  # tried in place, then retried aside
        await pilot.press("f")  # kept while the label before it waits
        deadline = time.monotonic() + 60
        while (screen.waiting or screen.keys) and time.monotonic() < deadline:
            await pilot.pause(0.2)
        await pilot.pause()
        said = [n.message for n in app._notifications]
        running = app.is_running
    engine.dispose()
    print(json.dumps({"running": running, "said": said}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
