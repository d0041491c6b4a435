"""`reviewer serve` guarded as Jupyter guards its server: a real server on a loopback port,
asked with and without its token, from a foreign Origin and under a foreign Host name."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from typer.testing import CliRunner

from reviewer.cli import app
from tests.cli.test_serve_browser import free_port, labels
from tests.support.db_seed import flag, seed

TOKEN = "guard-test-token"
EVIL = "http://evil.example"


@dataclass
class Served:
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "team.db"
    engine, _, _ = seed(path, [[flag(10, "55", 55.0)], [flag(10, "55", 55.0)]])
    engine.dispose()
    return path


@contextlib.contextmanager
def serving(
    database: Path, tmp_path: Path, *args: str, env: dict | None = None
) -> Iterator[Served]:
    """`reviewer serve` in its own process group on a free port, stopped after."""
    port = free_port()
    log = tmp_path / f"serve-{port}.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "reviewer", "serve", "--db", str(database),
             "--port", str(port), "--reviewer", "web", *args],
            stdout=sink, stderr=subprocess.STDOUT, start_new_session=True, cwd=tmp_path,
            env=env,
        )  # fmt: skip
        try:
            wait_for(lambda: "Serving the review app" in log.read_text(), "the server", process)
            yield Served(port, log, process)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


def wait_for(check, what: str, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if check():
            return
        if process is not None and process.poll() is not None:
            raise AssertionError(f"serve stopped (exit {process.returncode}) before {what}")
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


async def get(url: str, **headers: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as client, client.get(url, headers=headers) as response:
        return response.status, (await response.read()).decode(errors="replace")


async def websocket(url: str, *, origin: str | None = None, host: str | None = None) -> int:
    """The status a WebSocket handshake gets: 101 when it is let in."""
    headers = {"Host": host} if host else {}
    async with aiohttp.ClientSession() as client:
        try:
            async with client.ws_connect(url, origin=origin, headers=headers) as socket:
                await socket.close()
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


@pytest.fixture
def served(database: Path, tmp_path: Path) -> Iterator[Served]:
    with serving(database, tmp_path, "--token", TOKEN) as server:
        yield server


def test_the_page_needs_the_token(served: Served) -> None:
    assert asyncio.run(get(served.url()))[0] == 403
    assert asyncio.run(get(served.url("/?token=wrong")))[0] == 403
    status, text = asyncio.run(get(served.url(f"/?token={TOKEN}")))
    assert status == 200
    assert f'data-session-websocket-url="ws://127.0.0.1:{served.port}/ws/{TOKEN}"' in text


def test_the_page_fetches_nothing_from_outside(served: Served) -> None:
    status, text = asyncio.run(get(served.url(f"/?token={TOKEN}")))
    assert status == 200
    found = re.findall(r"""(?<![\w-])(?:href|src)="([^"]+)"|url\(\s*["']?([^"')]+)""", text)
    addresses = [href or url for href, url in found]
    assert addresses and all(a.startswith("/static/") for a in addresses), addresses
    assert "googleapis" not in text and "https://" not in text
    for address in addresses:  # and each is served here, without the token
        assert asyncio.run(get(served.url(address)))[0] == 200, address


def test_a_page_from_a_foreign_origin_or_host_is_refused(served: Served) -> None:
    assert asyncio.run(get(served.url(f"/?token={TOKEN}"), Origin=EVIL))[0] == 403
    rebound = asyncio.run(get(served.url(f"/?token={TOKEN}"), Host=f"evil.example:{served.port}"))
    assert rebound[0] == 403
    same = asyncio.run(get(served.url(f"/?token={TOKEN}"), Origin=served.url("").rstrip("/")))
    assert same[0] == 200


def test_the_websocket_needs_the_token_and_the_served_origin(served: Served) -> None:
    ws = f"ws://127.0.0.1:{served.port}/ws"
    assert asyncio.run(websocket(f"{ws}/{TOKEN}", origin=EVIL)) == 403
    assert asyncio.run(websocket(f"{ws}/wrong")) == 403
    assert asyncio.run(websocket(ws)) in (403, 404)
    host = f"evil.example:{served.port}"
    assert asyncio.run(websocket(f"{ws}/{TOKEN}", origin=f"http://{host}", host=host)) == 403
    assert asyncio.run(websocket(f"{ws}/{TOKEN}", origin=f"http://127.0.0.1:{served.port}")) == 101


async def press_until_labeled(url: str, database: Path, origin: str | None) -> bool:
    """Open the app over a WebSocket and press `t` until a label is stored (or refused)."""
    async with aiohttp.ClientSession() as client:
        try:
            socket = await client.ws_connect(url, origin=origin)
        except aiohttp.WSServerHandshakeError:
            return False
        async with socket:
            await socket.send_json(["resize", {"width": 120, "height": 40}])
            await socket.receive(timeout=60)  # the app's first screen
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                await socket.send_json(["stdin", "t"])
                await asyncio.sleep(1)
                if labels(database):
                    return True
    return False


def test_labels_come_only_through_a_websocket_with_the_token(served, database) -> None:
    ws = f"ws://127.0.0.1:{served.port}/ws"
    assert not asyncio.run(press_until_labeled(f"{ws}/{TOKEN}", database, EVIL))
    assert labels(database) == []
    assert asyncio.run(press_until_labeled(f"{ws}/{TOKEN}", database, None))
    assert {(row.reviewer, row.verdict) for row in labels(database)} == {("web", "true_positive")}


def test_each_request_is_one_short_line_without_the_token(served: Served) -> None:
    asyncio.run(get(served.url(f"/?token={TOKEN}")))
    asyncio.run(get(served.url("/")))
    asyncio.run(get(served.url("/static/css/xterm.css")))
    # a request's line is written once its answer is sent: wait for the third
    wait_for(lambda: served.log.read_text().count(" GET ") >= 3, "the third log line")
    lines = served.log.read_text().splitlines()
    requests = [line for line in lines if " GET " in line]
    assert len(requests) == 3, lines
    assert requests[0].endswith("GET / 200") and requests[1].endswith("GET / 403")
    assert requests[2].endswith("GET /static/css/xterm.css 200")
    assert all(len(line) < 80 for line in requests)
    assert TOKEN not in "\n".join(line for line in lines if "Serving" not in line)


def test_serve_prints_a_random_token_in_its_address(database: Path, tmp_path: Path) -> None:
    with serving(database, tmp_path) as server:
        printed = server.log.read_text()
        token = re.search(r"/\?token=([A-Za-z0-9_-]+)", printed)
        assert token and len(token.group(1)) >= 32
        assert asyncio.run(get(server.url(f"/?token={token.group(1)}")))[0] == 200
        assert asyncio.run(get(server.url("/")))[0] == 403


def test_listening_everywhere_is_said_loudly_and_still_needs_the_token(database, tmp_path):
    with serving(database, tmp_path, "--host", "0.0.0.0", "--token", TOKEN) as server:
        printed = server.log.read_text()
        assert "WARNING: listening on 0.0.0.0" in printed and "token" in printed
        assert asyncio.run(get(server.url()))[0] == 403
        assert asyncio.run(get(server.url(f"/?token={TOKEN}"), Origin=EVIL))[0] == 403
        assert asyncio.run(get(server.url(f"/?token={TOKEN}")))[0] == 200


@pytest.mark.parametrize("token", ["", "has space", "a/b?c"])
def test_a_token_that_cannot_go_in_a_url_is_refused(database: Path, token: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--db", str(database), "--token", token])
    assert result.exit_code == 2
    assert "--token" in result.stderr and "Traceback" not in result.output


def test_serve_never_imports_a_stored_plugin_spec(database: Path, tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    marker = tmp_path / "imported"
    (plugins / "served_marker.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    with closing(sqlite3.connect(database)) as connection, connection:
        connection.execute("UPDATE detectorrun SET spec = 'served_marker:Det', arms = NULL")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugins), *sys.path])}
    with serving(database, tmp_path, "--token", TOKEN, env=env) as server:
        note = "run 1 used detector 'served_marker:Det'; pass --detector served_marker:Det"
        assert note in server.log.read_text()
        ws = f"ws://127.0.0.1:{server.port}/ws/{TOKEN}"
        assert asyncio.run(press_until_labeled(ws, database, None))  # the app ran, labeled
    assert not marker.exists()


def test_a_plugin_named_to_serve_reaches_every_tab_and_nothing_else(database, monkeypatch):
    from reviewer.commands.serve_web import GuardedServer

    commands: list[str] = []
    monkeypatch.setattr(GuardedServer, "serve", lambda self, *a, **k: commands.append(self.command))
    result = CliRunner().invoke(
        app, ["serve", "--db", str(database), "--detector", "my_checks:Det", "--token", TOKEN]
    )
    assert result.exit_code == 0, result.output
    (command,) = commands
    assert command.endswith("review --detector my_checks:Det")
    assert TOKEN not in command  # the token stays with the server
