"""The review screen: list, prose, detail and stats; every label is committed on its key."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, ClassVar, cast

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

import db
from db.agreement import run_reviewers
from db.runs import previous_run, run_title
from db.transient import TransientConnection
from db.views import BriefRow, BriefView, FlagView
from db.writing import DatabaseUnavailable, reason
from reviewer.grounding.bands import Bands
from reviewer.grounding.checked import checked_spans
from reviewer.tui.data import DbPages
from reviewer.tui.literal import one_line
from reviewer.tui.queue import Queue, others_text
from reviewer.tui.screens.honest import HonestActions
from reviewer.tui.session import Order, ReviewSession
from reviewer.tui.widgets.brief_list import BriefList, BriefRows
from reviewer.tui.widgets.flag_detail import FlagDetail
from reviewer.tui.widgets.footer import ReviewFooter
from reviewer.tui.widgets.prose import Prose
from reviewer.tui.widgets.stats_panel import StatsPanel, StatsReport
from reviewer.tui.widgets.strata_lines import header_parts, sample_parts
from reviewer.vocabulary import CHANGE_FILTERS, DISAGREE, FILTER_NAMES, verdict_word

if TYPE_CHECKING:
    from textual.command import Provider


def stopped_message(error: BaseException) -> str:
    return (
        f"reviewer stopped: the database cannot be used ({reason(error)}). "
        "Every label acknowledged before this is stored."
    )


UI_BUSY = 0.05  # seconds a key's write may wait for a lock before it is retried aside
RECOUNT_EVERY = 5.0  # seconds between counts of the run's labels (teammates label too)
# seconds between refreshes of the hold on a shared run's flag (db.share: it lapses after
# five minutes); a label after two rounds missed first checks that no teammate took it
KEEP_EVERY = 60.0


def review_commands() -> type[Provider]:
    """The palette's review actions, imported when the palette first opens."""
    from reviewer.tui.palette import ReviewCommands

    return ReviewCommands


ONLY_HELP = "Walk only the new, gone or same flags, or all (cycles)"


class ReviewScreen(HonestActions, Screen[None]):
    """Label the flags of one detector run, one key each; the next unlabeled flag comes
    from the run's random queue (order "random") or in stored order ("brief")."""

    # app.tcss lays a narrow screen out otherwise (the panel in place of the brief list)
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-narrow"), (100, "-wide")
    ]  # fmt: skip

    COMMANDS: ClassVar = {review_commands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "label('true_positive')", "True"),
        Binding("f", "label('false_positive')", "False"),
        Binding("s", "label('skip')", "Skip"),
        Binding("u,backspace", "undo", "Undo"),
        Binding("j,right", "flag(1)", "Next"),
        Binding("k,left", "flag(-1)", "Flag ←", show=False),
        Binding("right_square_bracket,J", "brief(1)", "Brief"),
        Binding("left_square_bracket,K", "brief(-1)", "Brief ←", show=False),
        Binding("space,full_stop", "next_unlabeled", "Unlabeled"),
        Binding("n", "note", "Note"),
        Binding("m", "miss", "Miss"),
        Binding("c", "reviewed", "Read in full", show=False),
        Binding("slash", "search", "Search"),
        Binding("v", "cycle_filter", "Filter"),
        Binding("1", "filter('all')", "All briefs", show=False),
        Binding("2", "filter('unlabeled')", "Has unlabeled", show=False),
        Binding("3", "filter('false_positive')", "Has false pos.", show=False),
        Binding("4", "filter('true_positive')", "Has true pos.", show=False),
        Binding("5", "filter('new')", "Has new", show=False),
        Binding("6", "filter('gone')", "Has gone", show=False),
        Binding("7", "filter('same')", "Has same", show=False),
        Binding("8", "filter('disagree')", "Disagree", show=False),
        Binding("o", "cycle_only", ONLY_HELP, show=False),
        Binding("escape", "clear_search", "Clear the search", show=False),
        Binding("a", "toggle_annotations", "Asides", show=False),  # footer room: see help
        Binding("p", "toggle_stats", "Stats"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(
        self,
        session: Connection,
        run_id: int,
        reviewer: str,
        *,
        only: str | None = None,
        queue: Queue | None = None,
        order: Order = "random",
        detector: str | None = None,
    ) -> None:
        super().__init__()
        self.session, self.run_id, self.reviewer = session, run_id, reviewer
        self.named_detector = detector  # the only plugin spec this screen may load
        self.run = run = db.get_run(session=session, run_id=run_id)
        self.run_title = f"run {run_title(run)}" if run else f"run {run_id}"
        named = getattr(run, "name", None)
        self.run_short = f"run #{run_id} {one_line(named)}" if named else f"run #{run_id}"
        self._last_team: str | None = None  # the team's part as last drawn
        self.bands = Bands.from_config(run.config) if run else Bands()
        before = previous_run(db=session, run_id=run_id)
        self.previous: int | None = before.id if before is not None else None
        self.previous_bands = Bands.from_config(before.config) if before else Bands()
        self.scanner: Any = None  # the run's own detector's, loaded after the first paint
        self.detector_note: str | None = None  # why the run's detector cannot be used
        self.review = ReviewSession(
            session,
            run_id,
            reviewer,
            previous=self.previous,
            only=only,
            queue=queue,
            order=order,
        )
        self.waiting = False  # a label or undo refused by the database is being retried
        # keys that move the cursor or write, pressed meanwhile: (action, its arguments)
        self.keys: deque[tuple[str, tuple[Any, ...]]] = deque()
        self.quit_when_stored = False  # quit was asked for while a write was waiting
        self.checked: list[tuple[int, int]] | None = None  # of the brief shown

    def compose(self) -> ComposeResult:
        yield Static("", markup=False, id="progress")
        with Horizontal(id="body"):
            yield BriefList(id="briefs")
            yield StatsPanel(id="stats")
            with Vertical(id="main"):
                yield Static("", markup=False, id="brief-title")
                yield Prose(id="prose")
                yield FlagDetail(id="detail")

    def on_mount(self) -> None:
        pages = DbPages(self.session, self.run_id, self.reviewer, self.previous)
        self.brief_list.set_source(pages)
        if self.only is not None:
            self.brief_list.apply(filter=self.only)
        first = self.review.first_unlabeled()
        if first is not None:
            self.open_brief(first.brief_pk, claim_id=first.claim_id)
        else:
            brief_pk = self.brief_list.first_brief()
            if brief_pk is not None:
                self.open_brief(brief_pk)
        self.brief_list.focus_rows()
        self.draw_progress()
        # the first brief is painted first; then the counts and the footer's forty widgets
        self.call_after_refresh(self.load_totals)
        self.call_after_refresh(self.mount_footer)
        # teammates (or this reviewer's other window) label too: count again now and then
        self.set_interval(RECOUNT_EVERY, self.recount)
        if self.queue.holds:  # the flag a teammate's queue would give once the hold lapses
            self.set_interval(KEEP_EVERY, self.keep_hold)

    async def mount_footer(self) -> None:
        await self.mount(ReviewFooter())  # every shown key fits 120 columns; fewer below
        self.refresh_bindings()  # a footer draws its keys when the bindings next change

    # ---- state shown ----------------------------------------------------------------

    @property
    def brief_list(self) -> BriefList:
        return self.query_one(BriefList)

    @property
    def only(self) -> str | None:
        """The change class walked (new, gone, same), or None for every flag."""
        return self.review.only

    @only.setter
    def only(self, change: str | None) -> None:
        self.review.only = change

    @property
    def queue(self) -> Queue:
        return self.review.queue

    @property
    def finished(self) -> bool:
        """A team's queue has nothing more for this reviewer."""
        return self.review.finished

    @property
    def brief(self) -> BriefView | None:
        return self.review.brief

    @property
    def flags(self) -> list[FlagView]:
        return self.review.flags

    @property
    def index(self) -> int | None:
        return self.review.index

    @property
    def current(self) -> FlagView | None:
        return self.review.current

    @property
    def totals(self) -> dict[str, int] | None:
        return self.review.totals

    @property
    def scoped(self) -> list[int]:
        return self.review.scoped

    def brief_row(self) -> BriefRow | None:
        """The list row of the open brief, counted from its loaded flags (no query)."""
        return self.review.brief_row()

    def open_brief(self, brief_pk: int, *, claim_id: int | None = None, last: bool = False) -> None:
        """Load one brief and its flags; make `claim_id` (or the first/last flag) current."""
        self.review.open(brief_pk, claim_id=claim_id, last=last)
        self.opened()

    def opened(self) -> None:
        """The session opened a brief: mark it in the list and draw it."""
        self.checked = None
        if self.brief is not None:
            self.brief_list.mark_current(self.brief.brief_pk)
        self.draw_brief()

    def draw_brief(self) -> None:
        """Redraw the prose, title and detail of the current brief and flag."""
        brief = self.brief
        if brief is None:
            return
        scoped = self.scoped
        labeled = sum(self.flags[i].verdict is not None for i in scoped)
        position = f"no {self.only} flags" if self.only else "no flags"
        if self.index is not None and self.index in scoped:
            position = f"flag {scoped.index(self.index) + 1}/{len(scoped)}"
        if self.only:
            position = f"{self.only} {position.removeprefix(f'no {self.only} ')}"
            if not scoped:
                position = f"no {self.only} flags"
        title = f"{one_line(brief.brief_id)} · {position} · {labeled} labeled{self.brief_marks()}"
        showing = self.queue.shows_others or self.brief_list.filter == DISAGREE
        if showing and self.current is not None:
            title += " · others: " + others_text(self.session, self.current.claim_id, self.reviewer)
        self.query_one("#brief-title", Static).update(Content(title), layout=False)
        if self.checked is None and self.scanner is not None:
            self.checked = self.checked_numbers(brief)
        elif self.checked is None:  # the very first brief: paint it, then load the detector
            self.call_after_refresh(self.mark_checked, brief.brief_pk)
        self.query_one(Prose).show(brief.text, self.flags, self.index, self.checked or ())
        current = self.current
        bands = self.previous_bands if current and current.change == "gone" else self.bands
        self.query_one(FlagDetail).show(current, brief.pool, bands)

    def checked_numbers(self, brief: BriefView) -> list[tuple[int, int]]:
        """The numbers the run's own detector checks; none when it cannot be loaded."""
        if self.scanner is None:
            self.scanner = self.load_scanner()
        if self.scanner is False:
            return []
        return checked_spans(brief.text, brief.pool, self.scanner)

    def load_scanner(self) -> Any:
        """The run's detector's token scanner (False, with a note, when it cannot load)."""
        from reviewer.checks.registry import DetectorLoadError, load_run_detector
        from reviewer.grounding.checked import scanner_of

        run = self.run
        if run is None:
            return False
        try:
            detector, self.detector_note = load_run_detector(
                spec=run.spec, detector=run.detector, version=run.version, config=run.config,
                named=self.named_detector, run_id=self.run_id,
            )  # fmt: skip
        except DetectorLoadError as problem:
            self.detector_note = f"{problem}; no checked-number marks"
            return False
        return scanner_of(detector)

    def mark_checked(self, brief_pk: int) -> None:
        """Underline the other checked numbers of the brief shown (if it still is)."""
        brief = self.brief
        if brief is not None and brief.brief_pk == brief_pk and self.checked is None:
            self.checked = self.checked_numbers(brief)
            self.draw_brief()
            if self.detector_note:
                self.draw_progress()

    def draw_progress(self, team: str | None = None) -> None:
        """Header: who, which run, labeled / flags, precision with its 95% interval. `team`:
        the team's part as a worker counted it (else read now). On a narrow screen the run
        is named by its number alone, then the queue's count goes, then the precision moves
        before everything else (the team's progress, one's own count), then fewer words say
        the same figures, then one's own count goes. Once the precision is first, a warning
        about the run's detector goes last, where the edge may cut it."""
        if team is None:  # a team's progress instead of one's own
            team = self.queue.header(self.session)
        self._last_team = team
        width = self.size.width or self.app.size.width
        short = self.run_short
        for title, queue, first, compact, count in (
            (self.run_title, True, False, False, True),
            (short, True, False, False, True),
            (short, False, False, False, True),
            (short, False, True, False, True),
            (f"#{self.run_id}", False, True, True, True),
            (f"#{self.run_id}", False, True, True, False),
        ):
            options = {"compact": compact, "count": count}
            parts = self._progress_parts(team, title, queue, first, **options)
            content = Content.assemble(*parts)
            fits = content
            if first and self.detector_note:  # the warning last: the edge may cut it
                fits = Content.assemble(
                    *self._progress_parts(team, title, queue, first, note=False, **options)
                )
            if fits.cell_length <= width:
                break
        self.query_one("#progress", Static).update(content, layout=False)

    def on_resize(self) -> None:
        if self.is_mounted:
            self.draw_progress(self._last_team)

    def _progress_parts(
        self,
        team: str,
        title: str,
        queue: bool,
        precision_first: bool,
        *,
        compact: bool = False,
        count: bool = True,
        note: bool = True,
    ) -> list[str | tuple[str, str]]:
        """The header's parts; `compact` for a narrow screen: fewer words for the same
        figures (the unmeasured strata by name, the labeled count without its share);
        `count=False` leaves the labeled count out (the brief list has it)."""
        head: list[str | tuple[str, str]] = [
            (f" {one_line(self.reviewer)} ", "bold reverse"),
            f" {title} " if compact else f"  {title}  ",
        ]
        rest: list[str | tuple[str, str]] = []
        if team:
            rest.append((f"{team}  ", "bold"))
        if self.only:
            since = "" if compact else f" since #{self.previous}"
            rest.append((f"only {self.only}{since}", "bold $accent"))
            rest += [*sample_parts(self.review.honest or {}, self.only, short=not queue), "  "]
        warning: list[str | tuple[str, str]] = []
        if self.detector_note and note:
            warning.append((f"⚠ {one_line(self.detector_note)}  ", "$warning"))
        if not precision_first:
            rest += warning
        totals = self.totals
        if totals is None:
            return [*head, *rest, ("counting labels…", "dim italic")]
        flags, labeled = totals["flags"], totals["labeled"]
        share = labeled / flags if flags else 0.0
        if not team and count:
            rest += [("labeled ", "dim"), (f"{labeled:,}/{flags:,}", "bold")] if compact else [
                ("labeled ", "dim"), (f"{labeled:,} / {flags:,}", "bold"), f" ({share:.1%})"
            ]  # fmt: skip
        # the estimate over the run's strata as last counted (a worker counts it again
        # after every label)
        precision = header_parts(self.review.honest or {}, queue=queue, compact=compact)
        if precision_first:
            gap = "  " if compact else "    "
            return [*head, *precision, gap, *rest, *(["  ", *warning] if warning else [])]
        return [*head, *rest, *precision]

    @work(thread=True, exclusive=True, group="totals", exit_on_error=False)
    def load_totals(self) -> None:
        """Count the run's flags, this reviewer's labels and the strata off the UI thread;
        each query in its own transaction, so none sits idle in one between queries. A
        database away now is no reason to stop (a key says so, and its label is kept):
        the counts wait for the next round."""
        try:
            reads = cast(Connection, TransientConnection(self.session.engine))
            totals = self.review.count_totals(reads)
            team = self.queue.header(reads)
        except (DBAPIError, DatabaseUnavailable):
            return
        self.post_message(self.Totals(totals, team))

    def recount(self) -> None:
        """The periodic count: skipped while a write waits for the database."""
        if not self.waiting:
            self.load_totals()

    def keep_hold(self) -> None:
        """The periodic refresh of the hold on the flag a team's queue gave: skipped while
        a write waits for the database."""
        claim_id = self.review.taken
        if claim_id is not None and not self.waiting:
            self._keep(claim_id)

    @work(thread=True, exclusive=True, group="hold", exit_on_error=False)
    def _keep(self, claim_id: int) -> None:
        try:
            writes = cast(Connection, TransientConnection(self.session.engine))
            held = self.queue.keep(writes, claim_id)
        except (DBAPIError, DatabaseUnavailable):
            return  # the next round tries again, and a label after a lapse checks first
        self.review.kept(claim_id, held)

    class Totals(Message):
        """The run's counts and the team's part of the header, counted by a worker."""

        def __init__(self, totals: dict[str, Any], team: str) -> None:
            super().__init__()
            self.totals = totals
            self.team = team

    def on_review_screen_totals(self, message: Totals) -> None:
        if self.review.set_totals(message.totals):
            self.draw_progress(message.team)
        else:  # a label landed while counting: count again
            self.load_totals()

    # ---- labeling -------------------------------------------------------------------

    def action_label(self, verdict: str) -> None:
        """Commit the verdict for the current flag, then go to the next unlabeled flag.
        The UI thread tries once, without waiting for a lock; a write the database refuses
        is retried in a worker, and the keys pressed meanwhile wait their turn, in order."""
        if self.waiting:
            self._hold("label", verdict)
            return
        flag = self.current
        if flag is None:
            self.notify("No flag to label here.", severity="warning", markup=False)
            return
        # a flag moved to by hand is checked; the one the queue gave, once its hold may
        # have lapsed
        taken = flag.claim_id == self.review.taken
        check = not taken or self.review.hold_may_have_lapsed(2 * KEEP_EVERY)
        if check and self._refused(flag, lapsed=taken):
            return
        try:
            self.review.label(verdict, patience=0, busy=UI_BUSY)
        except DatabaseUnavailable as err:
            self._wait(err, "the label is kept and retried until it is stored")
            self.retry_label(flag, verdict)
            return
        self._labeled(flag, verdict)

    def _refused(self, flag: FlagView, *, lapsed: bool = False) -> bool:
        """A flag reached by moving to it that this reviewer may not label: one a teammate
        holds (or labeled) in a shared run, which would make a second label outside the
        overlap; a claim an adjudicator rated, which would be their own dispute. Refused,
        saying why. `lapsed`: the flag the queue gave, whose hold was not kept fresh."""
        try:
            refusal = self.queue.refusal(self.session, flag.claim_id)
        except (DBAPIError, DatabaseUnavailable):
            return False  # the label's own write will meet the database and say so
        if refusal is None:
            return False
        title, why = refusal
        if lapsed:
            why = f"Your hold on this flag lapsed while the app was away. {why}"
        self.notify(why, title=title, severity="warning", markup=False)
        return True

    def _hold(self, action: str, *args: Any) -> None:
        """A key that must wait for the write being retried (a label, an undo, a move of
        the cursor, which the keys after it count on): kept, and done in order after it."""
        self.keys.append((action, args))
        waiting = len(self.keys)
        self.notify(
            f"Waiting for the database: {waiting} key{'s' * (waiting != 1)} kept, to be "
            "stored in order once the label before is.",
            title="Database", severity="warning", markup=False,
        )  # fmt: skip

    def _wait(self, err: DatabaseUnavailable, what: str) -> None:
        self.waiting = True
        self.notify(f"{reason(err.__cause__ or err)}: {what}.", title="Database",
                    severity="warning", timeout=10, markup=False)  # fmt: skip

    @work(thread=True, exclusive=True, group="label-retry")
    def retry_label(self, flag: FlagView, verdict: str) -> None:
        """Keep trying a label the database refused; stop the app, saying why, if it never
        can be stored."""
        try:
            self.review.record(flag, verdict)
        except (DBAPIError, DatabaseUnavailable) as err:
            self.app.call_from_thread(self._give_up, err, f"the label on {one_line(flag.token)}")
            return
        self.app.call_from_thread(self._retried, flag, verdict)

    @work(thread=True, exclusive=True, group="label-retry")
    def retry_undo(self) -> None:
        """Keep trying an undo the database refused, as retry_label does a label."""
        try:
            label = self.review.undo_write()
        except (DBAPIError, DatabaseUnavailable) as err:
            self.app.call_from_thread(self._give_up, err, "the undo")
            return
        self.app.call_from_thread(self._undo_retried, label)

    def _give_up(self, error: Exception, what: str) -> None:
        """Stop as any failure stops the app (run_review words it once the terminal is back)."""
        error.add_note(f"{what} was not stored")
        if self.keys:
            error.add_note(f"nor the {len(self.keys)} label or undo keys pressed after it")
        self.app._handle_exception(error)

    def _retried(self, flag: FlagView, verdict: str) -> None:
        self._back("the label")
        if self.review.labeled(flag, verdict):
            self._labeled(flag, verdict)
        else:
            self.draw_progress()
        self._replay()

    def _undo_retried(self, label: Any) -> None:
        self._back("the undo")
        self._show_undone(self.review.undone(label))
        self._replay()

    def _back(self, what: str) -> None:
        kept = len(self.keys)
        then = f"; the {kept} key{'s' * (kept != 1)} kept go on, in order" if kept else ""
        self.notify(f"The database is back: {what} is stored{then}.", title="Database",
                    markup=False)  # fmt: skip
        self.waiting = False

    def _replay(self) -> None:
        """The keys kept while a write waited, done in order (one may have to wait again)."""
        while self.keys and not self.waiting:
            action, args = self.keys.popleft()
            getattr(self, f"action_{action}")(*args)
        if not self.waiting and self.quit_when_stored:
            self.app.exit()

    def hold_quit(self) -> bool:
        """Quit asked for: True (and quit later) while a write still waits to be stored."""
        if not self.waiting:
            return False
        self.quit_when_stored = True
        self.notify("Quitting once the labels waiting for the database are stored.",
                    title="Database", severity="warning", markup=False)  # fmt: skip
        return True

    def _labeled(self, before: FlagView, verdict: str) -> None:
        """A label is stored and in the session: redraw the counts and row, move on."""
        if before.verdict != verdict and before.change != "gone" and self.totals is not None:
            self.draw_progress()
        self.load_totals()  # the strata moved: count them again, off the UI thread
        self.brief_list.update_row(self.review.brief_row())
        self.action_next_unlabeled()

    def action_undo(self) -> None:
        """Undo this reviewer's newest label or miss (history is in the database) and go
        back to it."""
        if self.waiting:
            self._hold("undo")
            return
        try:
            label = self.review.undo_write(patience=0, busy=UI_BUSY)
        except DatabaseUnavailable as err:
            self._wait(err, "the undo is retried until it is stored")
            self.retry_undo()
            return
        self._show_undone(self.review.undone(label))

    def _show_undone(self, undone: Any) -> None:
        if undone is None:
            self.notify("Nothing to undo.", severity="warning", markup=False)
            return
        kind, label, token = undone
        if token is None:
            return
        self.opened()
        if kind == "miss":
            self.undo_miss(label)
            return
        self.draw_progress()
        self.load_totals()
        self.brief_list.update_row(self.review.brief_row())
        word = verdict_word(label.verdict)
        self.notify(f"Undid {word} on {one_line(token)}", markup=False)

    def action_next_unlabeled(self) -> None:
        """The next flag without a verdict: later in this brief, else in later briefs (or
        the one a team's queue gives this reviewer)."""
        if self.waiting:
            self._hold("next_unlabeled")
            return
        moved = self.review.next_unlabeled()
        if moved == "opened":
            self.opened()
        else:
            if moved == "done":
                self.notify(self.queue.done(self.session, self.only), title="Done", markup=False)
            self.draw_brief()
        if self.queue.walks:  # the team's counts move with everyone's labels
            self.draw_progress()

    # ---- moving ---------------------------------------------------------------------

    def action_flag(self, step: int) -> None:
        """Next or previous flag; past either end of the brief, into the neighbouring brief."""
        if self.waiting:
            self._hold("flag", step)
            return
        if self.review.step(step):
            self.draw_brief()
        else:
            self.action_brief(step, last=step < 0)

    def action_brief(self, step: int, last: bool = False) -> None:
        """Next or previous brief in the list as filtered."""
        if self.waiting:
            self._hold("brief", step, last)
            return
        current = self.brief.brief_pk if self.brief is not None else None
        brief_pk = self.brief_list.neighbour(current, step)
        if brief_pk is None:
            self.notify("No more briefs in this list.", markup=False)
            return
        self.open_brief(brief_pk, last=last)

    def on_brief_rows_opened(self, message: BriefRows.Opened) -> None:
        self.open_brief(message.brief_pk)

    # ---- list, note, panels ---------------------------------------------------------

    def action_search(self) -> None:
        self.brief_list.open_search()

    def on_brief_list_search_closed(self) -> None:
        self.brief_list.focus_rows()

    def action_filter(self, name: str) -> None:
        """Show the briefs of one filter; `all` (key 1) shows every brief: no search either.
        Gone or same on a run with none before it says why it lists nothing instead."""
        if name in ("gone", "same") and self.previous is None:
            self.notify("No run before this one to compare with: every flag is new.",
                        severity="warning", markup=False)  # fmt: skip
            return
        self.brief_list.apply(filter=name, search="" if name == "all" else None)
        self.draw_brief()  # the disagree filter shows every reviewer's verdict

    def action_clear_search(self) -> None:
        """Escape: drop the search, every brief of the filter listed again."""
        if self.brief_list.rows.search:
            self.brief_list.apply(search="")

    def action_cycle_filter(self) -> None:
        """The next filter that can match: the change sets only with a run before this one,
        the disagreements only once two reviewers have labeled the run."""
        shown = [n for n in FILTER_NAMES if self.previous is not None or n not in CHANGE_FILTERS]
        if len(run_reviewers(session=self.session, run_id=self.run_id)) < 2:
            shown.remove(DISAGREE)
        now = self.brief_list.filter
        at = shown.index(now) + 1 if now in shown else 0
        self.action_filter(shown[at % len(shown)])

    def action_only(self, change: str) -> None:
        """Walk only the flags new, gone or same since the previous run ("all": every flag),
        the brief list filtered to match, from the next unlabeled one."""
        if change != "all" and self.previous is None:
            self.notify("No run before this one to compare with.", severity="warning",
                        markup=False)  # fmt: skip
            return
        self.only = None if change == "all" else change
        self.brief_list.apply(filter=change)
        self.draw_progress()
        found = self.review.first_unlabeled()
        if found is not None:
            self.open_brief(found.brief_pk, claim_id=found.claim_id)
        else:
            self.draw_brief()

    def action_cycle_only(self) -> None:
        order = ["all", "new", "gone", "same"]
        self.action_only(order[(order.index(self.only or "all") + 1) % len(order)])

    def action_toggle_annotations(self) -> None:
        prose = self.query_one(Prose)
        prose.annotations = not prose.annotations

    def action_toggle_stats(self) -> None:
        """The panel takes the list's place (and the pool's, so the flag detail stays
        readable); the list gets the focus back when it returns."""
        panel = self.query_one(StatsPanel)
        panel.display = not panel.display
        self.brief_list.display = not panel.display
        self.set_class(panel.display, "-stats")
        if panel.display:
            panel.loading = True
            self.load_stats()
        else:
            self.brief_list.focus_rows()

    @work(thread=True, exclusive=True, group="stats")
    def load_stats(self) -> None:
        """Precision, coverage and the four arms, computed off the UI thread."""
        from reviewer.tui.data import compute_stats

        with self.session.engine.connect() as session:
            report = compute_stats(
                session=session, run_id=self.run_id, reviewer=self.reviewer,
                detector=self.named_detector,
            )  # fmt: skip
        self.post_message(self.Stats(report))

    class Stats(Message):
        """The stats panel's figures, computed by a worker."""

        def __init__(self, report: StatsReport) -> None:
            super().__init__()
            self.report = report

    def on_review_screen_stats(self, message: Stats) -> None:
        self.query_one(StatsPanel).show(message.report)

    def action_note(self) -> None:
        from reviewer.tui.screens.note import NoteScreen

        flag = self.current
        if flag is None:
            self.notify("No flag to annotate here.", severity="warning", markup=False)
            return
        self.app.push_screen(NoteScreen(flag.token, flag.note or ""), self._save_note)

    def _save_note(self, note: str | None) -> None:
        if note is None or not self.review.set_note(note):
            return
        self.draw_brief()
        self.notify(f"Note saved: {one_line(note)}" if note else "Note cleared.", markup=False)

    def action_help(self) -> None:
        from reviewer.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.active_bindings_help()))

    def active_bindings_help(self) -> list[tuple[str, str]]:
        """Every key of this screen and the app, for the help screen."""
        from reviewer.tui.palette import ACTIONS

        names = {action: name for name, action, _ in ACTIONS}
        keys: list[tuple[str, str]] = []
        for node in (self, self.app):
            for binding in node.BINDINGS:
                if isinstance(binding, Binding):
                    keys.append((binding.key, names.get(binding.action, binding.description)))
        keys.append(("ctrl+p", "Command palette: every action by name"))
        for binding in BriefRows.BINDINGS:
            if isinstance(binding, Binding):
                keys.append((binding.key, f"Brief list: {binding.description.lower()}"))
        keys.append(("escape", "Clear the search; close a note, a miss or this help"))
        return keys
