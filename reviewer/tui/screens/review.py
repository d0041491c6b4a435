"""The review screen: list, prose, detail and stats; every label is committed on its key."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

import db
from db.views import BriefRow, BriefView, FlagView
from db.writing import DatabaseUnavailable, reason
from reviewer.grounding.bands import Bands
from reviewer.grounding.checked import checked_spans, scanner_ready
from reviewer.metrics import wilson_interval
from reviewer.tui.data import DbPages
from reviewer.tui.literal import one_line
from reviewer.tui.widgets.brief_list import BriefList, BriefRows
from reviewer.tui.widgets.flag_detail import FlagDetail
from reviewer.tui.widgets.prose import Prose
from reviewer.tui.widgets.stats_panel import StatsPanel
from reviewer.vocabulary import FILTER_NAMES, verdict_word

if TYPE_CHECKING:
    from textual.command import Provider


def stopped_message(error: BaseException) -> str:
    return (
        f"reviewer stopped: the database cannot be used ({reason(error)}). "
        "Every label acknowledged before this is stored."
    )


QUICK = 2.0  # seconds a key may retry in place before the app says so and retries aside


def review_commands() -> type[Provider]:
    """The palette's review actions, imported when the palette first opens."""
    from reviewer.tui.palette import ReviewCommands

    return ReviewCommands


class ReviewScreen(Screen[None]):
    """Label the flags of one detector run, one key each."""

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
        Binding("slash", "search", "Search"),
        Binding("v", "cycle_filter", "Filter"),
        Binding("1", "filter('all')", "All briefs", show=False),
        Binding("2", "filter('unlabeled')", "Has unlabeled", show=False),
        Binding("3", "filter('false_positive')", "Has false pos.", show=False),
        Binding("4", "filter('true_positive')", "Has true pos.", show=False),
        Binding("a", "toggle_annotations", "Asides", show=False),  # footer room: see help
        Binding("p", "toggle_stats", "Stats"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, session: Connection, run_id: int, reviewer: str) -> None:
        super().__init__()
        self.session, self.run_id, self.reviewer = session, run_id, reviewer
        run = db.get_run(session=session, run_id=run_id)
        self.run_title = f"run {run_id} · {run.detector} {run.version}" if run else f"run {run_id}"
        self.bands = Bands.from_config(run.config) if run else Bands()
        self.brief: BriefView | None = None
        self.flags: list[FlagView] = []
        self.index: int | None = None
        self.totals: dict[str, int] | None = None
        self._totals_stale = False
        self.waiting = False  # a label refused by the database is being retried
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
        self.brief_list.set_source(DbPages(self.session, self.run_id, self.reviewer))
        first = db.next_unlabeled(session=self.session, run_id=self.run_id, reviewer=self.reviewer)
        if first is not None:
            self.open_brief(first.brief_pk, claim_id=first.claim_id)
        else:
            row = self.brief_list.rows.row(0)
            if row is not None:
                self.open_brief(row.brief_pk)
        self.query_one(BriefRows).focus()
        self.draw_progress()
        # the first brief is painted first; then the counts and the footer's forty widgets
        self.call_after_refresh(self.load_totals)
        self.call_after_refresh(self.mount_footer)

    async def mount_footer(self) -> None:
        await self.mount(Footer(compact=True))  # every shown key fits 120 columns
        self.refresh_bindings()  # a footer draws its keys when the bindings next change

    # ---- state shown ----------------------------------------------------------------

    @property
    def brief_list(self) -> BriefList:
        return self.query_one(BriefList)

    @property
    def current(self) -> FlagView | None:
        if self.index is None or not 0 <= self.index < len(self.flags):
            return None
        return self.flags[self.index]

    def open_brief(self, brief_pk: int, *, claim_id: int | None = None, last: bool = False) -> None:
        """Load one brief and its flags; make `claim_id` (or the first/last flag) current."""
        self.brief = db.get_brief(session=self.session, brief_pk=brief_pk)
        self.flags = db.brief_flags(
            session=self.session, run_id=self.run_id, brief_pk=brief_pk, reviewer=self.reviewer
        )
        self.index = (len(self.flags) - 1 if last else 0) if self.flags else None
        self.checked = None
        for i, flag in enumerate(self.flags):
            if flag.claim_id == claim_id:
                self.index = i
        self.brief_list.rows.mark_current(brief_pk)
        self.draw_brief()

    def draw_brief(self) -> None:
        """Redraw the prose, title and detail of the current brief and flag."""
        brief = self.brief
        if brief is None:
            return
        labeled = sum(f.verdict is not None for f in self.flags)
        position = "no flags"
        if self.index is not None:
            position = f"flag {self.index + 1}/{len(self.flags)}"
        title = f"{one_line(brief.brief_id)} · {position} · {labeled} labeled"
        self.query_one("#brief-title", Static).update(Content(title), layout=False)
        if self.checked is None and scanner_ready():
            self.checked = checked_spans(brief.text, brief.pool)
        elif self.checked is None:  # the very first brief: paint it, then build the scanner
            self.call_after_refresh(self.mark_checked, brief.brief_pk)
        self.query_one(Prose).show(brief.text, self.flags, self.index, self.checked or ())
        self.query_one(FlagDetail).show(self.current, brief.pool, self.bands)

    def mark_checked(self, brief_pk: int) -> None:
        """Underline the other checked numbers of the brief shown (if it still is)."""
        brief = self.brief
        if brief is not None and brief.brief_pk == brief_pk and self.checked is None:
            self.checked = checked_spans(brief.text, brief.pool)
            self.query_one(Prose).show(brief.text, self.flags, self.index, self.checked)

    def brief_row(self) -> BriefRow | None:
        """The list row of the current brief, counted from its loaded flags (no query)."""
        if self.brief is None:
            return None
        verdicts = [f.verdict for f in self.flags]
        return BriefRow(
            self.brief.brief_pk, self.brief.brief_id, len(self.flags),
            sum(v is not None for v in verdicts),
            verdicts.count("true_positive"), verdicts.count("false_positive"),
        )  # fmt: skip

    def draw_progress(self) -> None:
        """Header: who, which run, labeled / flags, precision with its 95% interval."""
        parts: list[str | tuple[str, str]] = [
            (f" {one_line(self.reviewer)} ", "bold reverse"),
            f"  {self.run_title}  ",
        ]
        totals = self.totals
        if totals is None:
            parts.append(("counting labels…", "dim italic"))
        else:
            flags, labeled = totals["flags"], totals["labeled"]
            share = labeled / flags if flags else 0.0
            parts += [("labeled ", "dim"), (f"{labeled:,} / {flags:,}", "bold"), f" ({share:.1%})"]
            tp, fp = totals["true_positive"], totals["false_positive"]
            if tp + fp:
                low, high = wilson_interval(tp, tp + fp)
                parts += [
                    ("   precision ", "dim"),
                    (f"{tp / (tp + fp):.2f}", "bold $accent"),
                    f" [{low:.2f}, {high:.2f}]",
                    (f" n={tp + fp}", "dim"),
                ]
            else:
                parts.append(("   precision – (no true/false labels yet)", "dim"))
        self.query_one("#progress", Static).update(Content.assemble(*parts), layout=False)

    @work(thread=True, exclusive=True, group="totals")
    def load_totals(self) -> None:
        """Count the run's flags and this reviewer's labels off the UI thread."""
        with self.session.engine.connect() as session:
            stats = db.precision_stats(session=session, run_id=self.run_id, reviewer=self.reviewer)
        totals = {
            "flags": stats.flags,
            "labeled": stats.labeled,
            "true_positive": stats.true_positives,
            "false_positive": stats.false_positives,
            "skip": stats.skipped,
        }
        self.app.call_from_thread(self._set_totals, totals)

    def _set_totals(self, totals: dict[str, int]) -> None:
        if self._totals_stale:  # a label landed while counting: count again
            self._totals_stale = False
            self.load_totals()
            return
        self.totals = totals
        self.draw_progress()

    def count_change(self, before: str | None, after: str | None) -> None:
        """Keep the header's counts in step with a label or an undo, without a query."""
        if before == after:
            return
        if self.totals is None:
            self._totals_stale = True
            return
        if before is not None:
            self.totals[before] -= 1
        if after is not None:
            self.totals[after] += 1
        self.totals["labeled"] += (after is not None) - (before is not None)
        self.draw_progress()

    # ---- labeling -------------------------------------------------------------------

    def action_label(self, verdict: str) -> None:
        """Commit the verdict for the current flag, then go to the next unlabeled flag."""
        flag = self.current
        if flag is None or self.index is None:
            self.notify("No flag to label here.", severity="warning", markup=False)
            return
        if self.waiting:  # keys stay in order: none is stored before the one retried
            self.notify("Waiting for the database: the last label is not stored yet.",
                        severity="warning", markup=False)  # fmt: skip
            return
        try:
            db.record_label(session=self.session, claim_id=flag.claim_id,
                            reviewer=self.reviewer, verdict=verdict, patience=QUICK)  # fmt: skip
        except DatabaseUnavailable as err:
            self.waiting = True
            self.notify(f"{err}: the label is kept and retried until it is stored.",
                        title="Database", severity="warning", timeout=10, markup=False)  # fmt: skip
            self.retry_label(flag, verdict)
            return
        self._labeled(flag, verdict)

    @work(thread=True, exclusive=True, group="label-retry")
    def retry_label(self, flag: FlagView, verdict: str) -> None:
        """Keep trying a label the database refused; stop the app, saying why, if it never
        can be stored."""
        try:
            db.record_label(session=self.session, claim_id=flag.claim_id,
                            reviewer=self.reviewer, verdict=verdict)  # fmt: skip
        except (DBAPIError, DatabaseUnavailable) as err:
            self.app.call_from_thread(self._give_up, err, flag)
            return
        self.app.call_from_thread(self._retried, flag, verdict)

    def _give_up(self, error: Exception, flag: FlagView) -> None:
        """Stop as any failure stops the app (run_review words it once the terminal is back)."""
        error.add_note(f"the label on {one_line(flag.token)} was not stored")
        self.app._handle_exception(error)

    def _retried(self, flag: FlagView, verdict: str) -> None:
        self.waiting = False
        self.notify("The database is back: the label is stored.", title="Database", markup=False)
        here = next((i for i, f in enumerate(self.flags) if f.flag_pk == flag.flag_pk), None)
        if here is None:
            self.count_change(flag.verdict, verdict)
            return
        self.index = here
        self._labeled(self.flags[here], verdict)

    def _labeled(self, flag: FlagView, verdict: str) -> None:
        assert self.index is not None
        self.flags[self.index] = replace(flag, verdict=verdict)
        self.count_change(flag.verdict, verdict)
        if (row := self.brief_row()) is not None:
            self.brief_list.rows.update_row(row)
        self.action_next_unlabeled()

    def action_undo(self) -> None:
        """Undo this reviewer's newest label (history is in the database) and go back to it."""
        try:
            label = db.undo_last_label(session=self.session, reviewer=self.reviewer, patience=QUICK)
        except DatabaseUnavailable as err:
            self.notify(f"{err}: nothing was undone; press u again to retry.",
                        title="Database", severity="warning", markup=False)  # fmt: skip
            return
        if label is None:
            self.notify("Nothing to undo.", severity="warning", markup=False)
            return
        claim = db.get_claim(session=self.session, claim_id=label.claim_id)
        if claim is None:
            return
        self.open_brief(claim.brief_pk, claim_id=label.claim_id)
        after = next((f.verdict for f in self.flags if f.claim_id == label.claim_id), label.verdict)
        if any(f.claim_id == label.claim_id for f in self.flags):
            self.count_change(label.verdict, after)
        if (row := self.brief_row()) is not None:
            self.brief_list.rows.update_row(row)
        word = verdict_word(label.verdict)
        self.notify(f"Undid {word} on {one_line(claim.token)}", markup=False)

    def action_next_unlabeled(self) -> None:
        """The next flag without a verdict: later in this brief, else in later briefs."""
        start = (self.index + 1) if self.index is not None else 0
        for i in range(start, len(self.flags)):
            if self.flags[i].verdict is None:
                self.index = i
                self.draw_brief()
                return
        after = None
        if self.brief is not None:
            last = self.flags[-1].start if self.flags else -1
            after = (self.brief.brief_pk, last)
        found = db.next_unlabeled(
            session=self.session, run_id=self.run_id, reviewer=self.reviewer, after=after
        )
        if found is None:
            self.notify("Every flag of this run is labeled.", title="Done", markup=False)
            self.draw_brief()
        elif self.brief is not None and found.brief_pk == self.brief.brief_pk:
            self.index = next(i for i, f in enumerate(self.flags) if f.flag_pk == found.flag_pk)
            self.draw_brief()
        else:
            self.open_brief(found.brief_pk, claim_id=found.claim_id)

    # ---- moving ---------------------------------------------------------------------

    def action_flag(self, step: int) -> None:
        """Next or previous flag; past either end of the brief, into the neighbouring brief."""
        if self.index is not None and 0 <= self.index + step < len(self.flags):
            self.index += step
            self.draw_brief()
        else:
            self.action_brief(step, last=step < 0)

    def action_brief(self, step: int, last: bool = False) -> None:
        """Next or previous brief in the list as filtered."""
        rows = self.brief_list.rows
        if self.brief is not None and (index := rows.index_of(self.brief.brief_pk)) is not None:
            rows.cursor = index
        else:  # the current brief is not listed: the row under the cursor comes next
            step = 0
        brief_pk = rows.neighbour(step)
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
        self.query_one(BriefRows).focus()

    def action_filter(self, name: str) -> None:
        self.brief_list.apply(filter=name)

    def action_cycle_filter(self) -> None:
        now = self.brief_list.rows.filter
        self.action_filter(FILTER_NAMES[(FILTER_NAMES.index(now) + 1) % len(FILTER_NAMES)])

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
            self.query_one(BriefRows).focus()

    @work(thread=True, exclusive=True, group="stats")
    def load_stats(self) -> None:
        """Precision, coverage and the four arms, computed off the UI thread."""
        from reviewer.tui.data import compute_stats

        with self.session.engine.connect() as session:
            report = compute_stats(session=session, run_id=self.run_id, reviewer=self.reviewer)
        self.app.call_from_thread(self.query_one(StatsPanel).show, report)

    def action_note(self) -> None:
        from reviewer.tui.screens.note import NoteScreen

        flag = self.current
        if flag is None:
            self.notify("No flag to annotate here.", severity="warning", markup=False)
            return
        self.app.push_screen(NoteScreen(flag.token, flag.note or ""), self._save_note)

    def _save_note(self, note: str | None) -> None:
        flag = self.current
        if note is None or flag is None or self.index is None:
            return
        db.set_note(session=self.session, claim_id=flag.claim_id, reviewer=self.reviewer, note=note)
        self.flags[self.index] = replace(flag, note=note or None)
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
        keys.append(("escape", "Close the search box, a note or this help"))
        return keys
