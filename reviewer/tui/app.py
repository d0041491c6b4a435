"""The review app: one screen of briefs, prose and flags over a reviewer database."""

from __future__ import annotations

import getpass
import shlex
from pathlib import Path
from typing import Any, ClassVar, cast

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError
from textual.app import App
from textual.binding import Binding, BindingType

import db
from db import busy
from db.progress import ensure_progress
from db.runs import previous_run
from db.transient import TransientConnection
from db.writing import DatabaseUnavailable
from reviewer.tui.queue import Adjudication, Queue, SharedQueue
from reviewer.tui.screens.honest import Order
from reviewer.tui.screens.review import ReviewScreen, stopped_message

ONLY = ("new", "gone", "same")  # change sets a review can be scoped to


class ReviewUnavailable(Exception):
    """The app cannot open: no such database, not ours, or nothing in it to review."""


def default_reviewer() -> str:
    """The login name, or "reviewer" where the platform cannot tell."""
    try:
        return getpass.getuser() or "reviewer"
    except Exception:
        return "reviewer"


def review_run(session: Connection, where: str, run: str | int | None = None) -> int:
    """The run to review (given by id or name, else the latest finished one), or
    ReviewUnavailable saying why not."""
    if run is not None:
        from db.runs import find_run

        try:
            return int(find_run(db=session, ref=str(run)).id)
        except ValueError as problem:
            raise ReviewUnavailable(f"{where}: {problem}") from None
    found = db.latest_run(session=session)
    if found is None or found.id is None:
        raise ReviewUnavailable(no_run(session, where))
    return found.id


def no_run(session: Connection, where: str) -> str:
    """Why there is nothing to review: no briefs yet, or briefs that no run has flagged."""
    where = db.display(where)  # never a password
    stored = db.count_stored_briefs(session=session)
    if stored:
        briefs = f"{stored:,} brief{'s' if stored != 1 else ''}"
        return (f"{where}: {briefs} stored but no detector run to review; "
                f"`reviewer flag --db {shlex.quote(where)}` flags them")  # fmt: skip
    return (
        f"{where}: no briefs with a detector run to review; "
        "add some with `reviewer ingest FILE` (or try `reviewer demo`)"
    )


def walk_for(
    session: Connection, run_id: int, *, only: str | None, share: bool, adjudicate: bool
) -> int | None:
    """The run `--only` compares with (None without --only), or ReviewUnavailable saying why
    the options cannot walk this run together."""
    if only is None:
        return None
    if adjudicate:
        raise ReviewUnavailable("--only walks a class of flags: --adjudicate walks the "
                                "claims in dispute, whatever their class")  # fmt: skip
    if only not in ONLY:
        raise ReviewUnavailable(f"--only must be one of {', '.join(ONLY)}, got {only!r}")
    if only == "gone" and share:
        raise ReviewUnavailable("--share --only takes new or same: gone flags are the "
                                "previous run's, not this run's to share")  # fmt: skip
    previous = previous_run(db=session, run_id=run_id)
    if previous is None:
        raise ReviewUnavailable(
            f"run {run_id} has no finished run before it: --only {only} compares with the "
            "previous run"
        )
    return int(previous.id)


class ReviewApp(App[None]):
    """Label flags with one key each; every label is in the database before the next key."""

    CSS_PATH = "app.tcss"
    TITLE = "reviewer"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit")]

    def __init__(
        self,
        engine: Engine,
        *,
        reviewer: str | None = None,
        where: str = "",
        run: str | int | None = None,
        only: str | None = None,
        share: bool = False,
        overlap: float | None = None,
        adjudicate: bool = False,
        show_others: bool = False,
        order: Order = "random",
        detector: str | None = None,
    ) -> None:
        super().__init__()
        self.engine, self.order = engine, order
        self.detector = detector  # the plugin the user named: a stored spec is never loaded
        self.reviewer = reviewer or default_reviewer()
        # the UI thread's reads: a pooled connection per statement, so no transaction is
        # left open between keys and a restarted server is reconnected to (workers open
        # connections of their own)
        self.session = cast(Connection, TransientConnection(engine))
        self.run_id = review_run(self.session, where or str(engine.url), run)
        previous = walk_for(
            self.session, self.run_id, only=only, share=share, adjudicate=adjudicate
        )
        self.only = only
        # once per run and reviewer: from then on the next unlabeled flag is a few lookups
        ensure_progress(session=self.session, run_id=self.run_id, reviewer=self.reviewer)

        self.queue = Queue()
        if adjudicate:
            self.queue = Adjudication(self.run_id, self.reviewer)
        elif share:
            self.queue = SharedQueue(self.session, self.run_id, self.reviewer, overlap=overlap,
                                     show_others=show_others, only=only,
                                     previous=previous)  # fmt: skip
        elif show_others:
            self.queue.shows_others = True

    def on_mount(self) -> None:
        busy.listen(self._waiting_for_lock)  # instead of stderr, which the app hides
        self.push_screen(
            ReviewScreen(
                self.session,
                self.run_id,
                self.reviewer,
                only=self.only,
                queue=self.queue,
                order=self.order,
                detector=self.detector,
            )
        )

    def on_unmount(self) -> None:
        busy.listen(None)
        self.session.close()

    def _waiting_for_lock(self, waited: float, timeout: float) -> None:
        """A write waits for another program's SQLite lock (called from db.busy's thread;
        notify is thread-safe and does not wait for the UI thread, which may be the one
        waiting). One a second, each gone as the next comes: never a pile of them."""
        self.notify(
            f"Waiting for the database: another program holds its lock ({waited:.0f} s of "
            f"at most {timeout:g} s).",
            title="Database", severity="warning", markup=False, timeout=1.2,
        )  # fmt: skip

    async def action_quit(self) -> None:
        """Quit; while a label waits for the database, once it (and every key after it) is
        stored: the review screen says so."""
        screen = self.screen
        if isinstance(screen, ReviewScreen) and screen.hold_quit():
            return
        self.exit()

    failure: Exception | None = None
    """What made the app stop (a database it can no longer write, a bug), for run_review to
    raise once the terminal is back: the command line words it like any command's failure."""

    def _handle_exception(self, error: Exception) -> None:
        if self.failure is None:
            self.failure = error
        self._return_code = 2
        self._close_messages_no_wait()


def run_review(
    database: str | Path,
    reviewer: str | None = None,
    *,
    run: str | None = None,
    only: str | None = None,
    **team: Any,
) -> int:
    """Open the app on a database path or URL; ReviewUnavailable says why it cannot."""
    where = str(database)
    try:
        engine = db.open_existing(where)
    except db.SchemaError as err:
        raise ReviewUnavailable(str(err)) from None
    try:
        app = ReviewApp(engine, reviewer=reviewer, where=str(database), run=run, only=only, **team)
    except (DatabaseUnavailable, DBAPIError) as err:
        engine.dispose()
        raise ReviewUnavailable(stopped_message(err)) from None
    try:
        app.run()
    finally:
        engine.dispose()
    if app.failure is not None:
        app.failure.add_note("every label made before it is saved")
        raise app.failure
    return app.return_code or 0
