"""`reviewer serve` stopped with a tab open (SIGTERM to the server alone, as a container or a
supervisor sends it): it closes the tab's connection and quits its app, keeping its labels,
where the web server waited 20 s for the connection to drop, and it says nothing about
asyncio on the way out."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from pathlib import Path

import aiohttp

from tests.cli.test_serve_browser import labels
from tests.cli.test_serve_guard import serving
from tests.support.db_seed import flag, seed

TOKEN = "stop-test-token"


async def label_then_stop(port: int, database: Path, server: subprocess.Popen) -> object:
    """Label one flag through a tab, stop the server, and return how the tab's socket
    ended: a close from the app (1000) or the connection dropped."""
    async with aiohttp.ClientSession() as client:
        socket = await client.ws_connect(f"ws://127.0.0.1:{port}/ws/{TOKEN}")
        await socket.send_json(["resize", {"width": 120, "height": 40}])
        await socket.receive(timeout=60)  # the app's first screen
        deadline = time.monotonic() + 60
        while not labels(database) and time.monotonic() < deadline:
            await socket.send_json(["stdin", "t"])
            await asyncio.sleep(1)
        os.kill(server.pid, signal.SIGTERM)  # the server alone, as `docker stop` does
        while True:
            message = await socket.receive(timeout=120)
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                return message.type, message.data


def test_stopping_with_a_tab_open_quits_its_app_and_keeps_its_label(tmp_path: Path) -> None:
    database = tmp_path / "team.db"
    engine, _, _ = seed(database, [[flag(10, "55", 55.0)], [flag(10, "55", 55.0)]])
    engine.dispose()
    with serving(database, tmp_path, "--token", TOKEN) as served:
        ended = asyncio.run(label_then_stop(served.port, database, served.process))
        assert served.process.wait(timeout=120) == 0
    assert ended == (aiohttp.WSMsgType.CLOSE, 1000)  # the app quit, not a dropped connection
    assert {(row.reviewer, row.verdict) for row in labels(database)} == {("web", "true_positive")}
    said = served.log.read_text()
    assert "is closed" not in said and "Traceback" not in said, said
