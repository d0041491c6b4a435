"""The web side of `reviewer serve`: textual-serve's app process per tab, behind a token and
an Origin check (as Jupyter guards its server), with a page that fetches nothing from
outside this machine and one short log line per request.

Any web page open in the reviewer's browser can ask it to open a WebSocket to localhost:
without these checks such a page could read the briefs on screen and label flags under the
reviewer's name. The token is in the address `serve` prints; the page passes it on to its
WebSocket, and a cookie (for this port) keeps a reload working.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import logging
import re
import secrets
import signal
import sys
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from textual_serve.server import Server

SESSION_END = 5.0  # seconds a tab's app has to quit when the server stops
TOKEN_CHARACTERS = re.compile(r"[A-Za-z0-9_.~-]+")  # unreserved in a URL: no escaping needed
log = logging.getLogger("reviewer.serve")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_problem(token: str) -> str | None:
    """Why a token given with --token cannot be used, or None."""
    if not token:
        return "--token: a token cannot be empty (leave --token out for a random one)"
    if not TOKEN_CHARACTERS.fullmatch(token):
        return "--token: use only letters, digits and - _ . ~ (they need no escaping in a URL)"
    return None


def is_loopback(host: str) -> bool:
    """Whether a host name or address is this machine only (localhost, 127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def origin_of(url: str) -> str:
    """scheme://host[:port] of a URL, lower-cased, as browsers send it in Origin."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


@dataclass(frozen=True)
class Access:
    """Who may in: a request carrying the token, from no page or from the served page.

    `proxied`: --url names the address browsers use (a proxy), so Host and Origin may name
    it; otherwise, listening on loopback, the Host must name this machine (a DNS-rebinding
    page names its own host)."""

    token: str
    cookie: str
    public_url: str
    loopback: bool
    proxied: bool

    def refusal(self, request: web.Request) -> str | None:
        """Why a request is refused, or None to let it in."""
        host = request.host
        named = urlsplit(f"//{host}").hostname or ""
        if self.loopback and not self.proxied and not is_loopback(named):
            return f"refused: Host {host!r} is not this machine"
        origin = request.headers.get("Origin")
        allowed = {f"{request.scheme}://{host}".lower(), origin_of(self.public_url)}
        if origin is not None and origin.lower() not in allowed:
            return f"refused: a page from {origin!r} may not use this server"
        if request.path.startswith("/static/"):  # the page's own scripts, styles and fonts
            return None
        if not self.has_token(request):
            return "refused: a token is needed; open the address `reviewer serve` printed"
        return None

    def has_token(self, request: web.Request) -> bool:
        given = (
            request.match_info.get("token"),
            request.query.get("token"),
            request.cookies.get(self.cookie),
        )
        return any(
            value is not None and secrets.compare_digest(value.encode(), self.token.encode())
            for value in given
        )


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class OneLineAccess(AbstractAccessLogger):
    """A request in one short line: who, what, the answer; never the token."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        path = request.path
        if path.startswith("/ws/"):
            path = "/ws"  # the rest is the token
        self.logger.info("%s %s %s %s", request.remote, request.method, path, response.status)


class GuardedServer(Server):
    """textual-serve's server with the checks of `Access`, its own page and plain logging."""

    def __init__(self, command: str, *, host: str, port: int, address: str, access: Access):
        super().__init__(command, host=host, port=port, title="reviewer", public_url=address)
        self.access = access
        self.sessions: set[asyncio.Task[object]] = set()  # a tab's app, connected

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's app, kept in `sessions` while it runs, so that stopping can end it."""
        task = asyncio.current_task()
        if task is not None:
            self.sessions.add(task)
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions.discard(task)  # type: ignore[arg-type]

    async def end_sessions(self, wait: float = SESSION_END) -> None:
        """Close each tab's connection and quit its app (every label is already stored:
        the app writes one at its key). aiohttp would otherwise wait up to a minute for
        the connections to close by themselves before it stops."""
        sessions = list(self.sessions)
        for task in sessions:
            task.cancel()  # textual-serve closes the socket, then asks its app to quit
        if sessions:
            await asyncio.wait(sessions, timeout=wait)

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
        logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws/{token}", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        refusal = self.access.refusal(request)
        if refusal is not None:
            return web.Response(status=403, text=refusal + "\n")
        return await handler(request)

    async def handle_index(self, request: web.Request) -> web.Response:  # type: ignore[override]
        scheme = "wss" if self.access.proxied and self.public_url.startswith("https") else "ws"
        where = urlsplit(self.public_url).netloc if self.access.proxied else request.host
        font_size = request.query.get("fontsize", "16")
        response = web.Response(
            text=page(
                websocket=f"{scheme}://{where}/ws/{self.access.token}",
                font_size=int(font_size) if font_size.isdigit() else 16,
            ),
            content_type="text/html",
            headers={"Content-Security-Policy": POLICY, "Referrer-Policy": "no-referrer"},
        )
        response.set_cookie(self.access.cookie, self.access.token, httponly=True, samesite="Strict")
        return response

    def listening(self) -> None:
        """Called once the socket listens: say where (a subclass prints the address)."""

    def serve(self, debug: bool = False) -> None:  # type: ignore[override]
        """Listen until Ctrl+C or SIGTERM; OSError when the address cannot be listened on."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._listen(loop))
        finally:
            _apps_reaped(SESSION_END)
            loop.close()

    async def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        stop = asyncio.Event()
        for signal_number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signal_number, stop.set)
        runner = web.AppRunner(
            await self._make_app(), handle_signals=False, access_log=log,
            access_log_class=OneLineAccess,
        )  # fmt: skip
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
            self.listening()
            await stop.wait()
        finally:
            await self.end_sessions()
            await runner.cleanup()


def _apps_reaped(wait: float) -> None:
    """Wait for asyncio to see each tab's app process end (its thread that waits on a
    child is named asyncio-waitpid-N), so none is reported after the loop closed: "Loop ...
    that handles pid N is closed" on the way out."""
    for thread in threading.enumerate():
        if "waitpid-" in thread.name:
            thread.join(wait)


# everything from this server: no font, style or script from another site
POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self'; connect-src 'self' ws: wss:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


def page(*, websocket: str, font_size: int) -> str:
    """The page a browser opens: the terminal widget of textual-serve's script, the font
    from this server's static files, a note while connecting and once the app ends."""
    return PAGE.format(
        websocket=html.escape(websocket, quote=True), font_size=max(6, min(font_size, 64))
    )


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>reviewer</title>
<link rel="stylesheet" href="/static/css/xterm.css">
<script src="/static/js/textual.js"></script>
<style>
@font-face {{
  font-family: "Roboto Mono";
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
}}
body {{ background: #0c181f; color: #e8eef2; font-family: "Roboto Mono", monospace; }}
.note {{ position: absolute; inset: 0; display: flex; align-items: center;
  justify-content: center; flex-direction: column; gap: 1em; }}
body.-first-byte .connecting, .ended {{ display: none; }}
body.-closed .ended {{ display: flex; background: #0c181f; z-index: 10; }}
body .textual-terminal {{ opacity: 0; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
button {{ font: inherit; padding: 0.6em 1.6em; }}
</style>
</head>
<body>
<div class="note connecting">Opening the review app…</div>
<div class="note ended">The review app has ended: every label is saved.
  <button type="button" onclick="window.location.reload()">Open it again</button></div>
<div id="terminal" class="textual-terminal"
  data-session-websocket-url="{websocket}" data-font-size="{font_size}"></div>
</body>
</html>
"""


def describe_access(host: str) -> list[str]:
    """What `serve` says about who can reach it, before listening."""
    if is_loopback(host):
        return ["Only this machine can connect; --host 0.0.0.0 opens it to others."]
    return [
        f"WARNING: listening on {host}: any machine that can reach this one can connect.",
        "WARNING: only the token keeps them out, and plain http carries it (and every brief) "
        "unencrypted: use a network you trust, or an HTTPS proxy in front (--url).",
    ]
