"""Run by tests/tui/test_tui_pg_outage.py in a process of its own: the review app on the
database at URL. It says "ready", waits for the test to stop the server and say "stopped",
presses t, then f, waits until both are stored (or four minutes have passed: a loaded
machine starts a server slowly), then prints one JSON line: whether the app still runs,
and every notice it raised."""

from __future__ import annotations

import asyncio
import json
import sys
import time

import db
from reviewer.tui.app import ReviewApp
from reviewer.tui.screens.review import ReviewScreen
from tests.support.notices import keep_every_notice, said


async def main(url: str) -> None:
    keep_every_notice()
    engine = db.open_existing(url)
    app = ReviewApp(engine, reviewer="ana")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)  # "stopped"
        await pilot.press("t")  # tried in place, then retried aside
        await pilot.press("f")  # kept while the label before it waits
        deadline = time.monotonic() + 240
        while (screen.waiting or screen.keys) and time.monotonic() < deadline:
            await pilot.pause(0.2)
        await pilot.pause()
        heard = said(app)
        running = app.is_running
    engine.dispose()
    print(json.dumps({"running": running, "said": heard}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
