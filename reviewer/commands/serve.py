"""`reviewer serve`: the review app in a web browser, one app process per browser tab.

textual-serve runs the `review` command for each tab that connects and relays its screen
and keys over a websocket. The database location travels in the environment, not on the
command line, so a password in a URL is never shown in a process list, a log or a page.
Who may connect (a token, the Origin, the Host) is serve_web's part.
"""

from __future__ import annotations

import os
import shlex
import socket
import sys
from pathlib import Path
from typing import Any

from reviewer.commands.console import OK, USAGE, echo, err, out, say

WILDCARDS = ("0.0.0.0", "::", "")


def review_command(review_args: list[str]) -> str:
    """The shell command each browser tab runs: this Python's `reviewer review`."""
    return shlex.join([sys.executable, "-m", "reviewer", "review", *review_args])


def reviewable(database: str, walk: dict[str, Any] | None = None) -> str | None:
    """The database as the served apps will open it (a path made absolute), or None after
    saying why no app could open it, before anyone connects. `walk`: the run, only, share
    and adjudicate the apps are given, checked against the database the same way."""
    import db
    from reviewer.tui.app import ReviewUnavailable, no_run, review_run, walk_for

    try:
        engine = db.open_existing(database)
    except db.SchemaError as problem:
        echo(str(problem), error=True)
        return None
    try:
        with engine.connect() as session:
            if db.latest_run(session=session) is None:
                echo(no_run(session, database), error=True)
                return None
            if walk:
                run_id = review_run(session, database, walk.get("run"))
                walk_for(session, run_id, only=walk.get("only"), share=bool(walk.get("share")),
                         adjudicate=bool(walk.get("adjudicate")))  # fmt: skip
                say_unnamed(db.get_run(session=session, run_id=run_id), walk.get("detector"))
    except ReviewUnavailable as problem:
        echo(str(problem), error=True)
        return None
    finally:
        engine.dispose()
    return database if "://" in database else str(Path(database).expanduser().resolve())


def say_unnamed(run: Any, named: str | None) -> None:
    """A note when the run used a plugin the user did not name: the apps never load it."""
    from reviewer.checks.registry import not_named

    if run is not None and (note := not_named(run.spec, named, run.id)) is not None:
        say(err(), f"{note}; the app goes on without its checked numbers and arms")


def public_url(host: str, port: int) -> str:
    """Where browsers reach the server: the machine's name when it listens everywhere."""
    name = socket.getfqdn() if host in WILDCARDS else host
    if ":" in name:  # an IPv6 literal
        name = f"[{name}]"
    return f"http://{name}:{port}"


def serve(
    database: str,
    *,
    host: str,
    port: int,
    url: str | None = None,
    token: str | None = None,
    review_args: list[str],
    walk: dict[str, Any] | None = None,
) -> int:
    """Serve the review app until interrupted; 2 with a message when it cannot open
    (`walk`: the options of review_args that the database must allow, see reviewable).
    Every page and WebSocket needs `token` (a random one unless given)."""
    try:
        from reviewer.commands import serve_web as web
    except ImportError:
        echo(
            "reviewer serve needs textual-serve: pip install 'grounding-reviewer[serve]'",
            error=True,
        )
        return USAGE
    if token is not None and (problem := web.token_problem(token)) is not None:
        echo(problem, error=True)
        return USAGE
    found = reviewable(database, walk)
    if found is None:
        return USAGE
    os.environ["REVIEWER_DB"] = found
    address = (url or public_url(host, port)).rstrip("/")
    access = web.Access(
        token=token or web.new_token(), cookie=f"reviewer-token-{port}", public_url=address,
        loopback=web.is_loopback(host), proxied=url is not None,
    )  # fmt: skip

    class ReviewServer(web.GuardedServer):
        def listening(self) -> None:
            say(out(), f"Serving the review app on {address}/?token={access.token}")
            say(out(), "Open that address (the token in it is the key); Ctrl+C stops it.")
            for line in web.describe_access(host):
                say(err() if line.startswith("WARNING") else out(), line)

    server = ReviewServer(
        review_command(review_args), host=host, port=port, address=address, access=access
    )
    try:
        server.serve()
    except OSError as problem:
        echo(f"cannot listen on {host}:{port}: {problem.strerror or problem}", error=True)
        return USAGE
    return OK
