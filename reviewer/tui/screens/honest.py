"""The review screen's honest-numbers actions: the random queue, misses, briefs read in full.

A mixin of ReviewScreen (it uses the screen's session, run, reviewer, brief and flags), kept
apart so the screen stays small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from db import misses
from db.views import FlagView
from reviewer.grounding.checked import default_scanner
from reviewer.tui.literal import one_line
from reviewer.tui.readings import readings_by_start, run_explainer, unexplained
from reviewer.tui.screens.miss import MissChoice, MissScreen, Number, unflagged
from reviewer.tui.session import Order

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from db.views import BriefView

__all__ = ["Order"]  # with the class below


class HonestActions:
    """`m` for a missed contradiction, `c` for a brief read in full."""

    session: Connection
    run_id: int
    reviewer: str
    scanner: Any  # the run's detector's token scanner (None: not loaded, False: cannot be)
    run: Any  # the stored run (db.DetectorRun), or None
    # the run's built-in detector, which tells why a number was passed over, and why it
    # cannot when it cannot (loaded at the first `m`)
    explainer: tuple[Any, str | None] | None = None

    if TYPE_CHECKING:

        @property
        def brief(self) -> BriefView | None: ...
        @property
        def flags(self) -> list[FlagView]: ...

        @property
        def current(self) -> FlagView | None: ...
        def open_brief(
            self, brief_pk: int, *, claim_id: int | None = None, last: bool = False
        ) -> None: ...
        def draw_brief(self) -> None: ...
        def notify(self, message: str, **kw: Any) -> None: ...
        def load_totals(self) -> None: ...
        @property
        def app(self) -> Any: ...

    # ---- misses ---------------------------------------------------------------------

    def brief_misses(self) -> list[Any]:
        if self.brief is None:
            return []
        return misses.brief_misses(
            session=self.session, brief_pk=self.brief.brief_pk, reviewer=self.reviewer
        )

    def markable_numbers(self) -> list[Number]:
        """The brief's checked numbers (as the run's detector reads them, the ones underlined)
        that no flag or earlier miss of this reviewer covers."""
        brief = self.brief
        if brief is None:
            return []
        units = {k.unit for k in brief.pool}
        scanner = self.scanner if self.scanner not in (None, False) else default_scanner()
        readings = readings_by_start(self.run_explainer()[0], brief.text, brief.pool)
        numbers = [
            Number(t.start, t.end, t.text, t.value, t.unit, readings.get(t.start))
            for t in scanner.scan(brief.text)
            if t.skip is None and t.unit in units
        ]
        taken = [(f.start, f.end) for f in self.flags]
        taken += [(m.start, m.end) for m in self.brief_misses()]
        return unflagged(numbers, taken)

    def action_miss(self) -> None:
        """Mark a checked but unflagged number of this brief as a missed contradiction."""
        numbers = self.markable_numbers()
        if self.brief is None or not numbers:
            self.notify("No unflagged checked number here to mark missed.", markup=False)
            return
        note = unexplained(self.run_explainer()[1], self.brief.text)
        screen = MissScreen(self.brief.text, numbers, self.brief.pool, note)
        self.app.push_screen(screen, self._record_miss)

    def run_explainer(self) -> tuple[Any, str | None]:
        """The run's own built-in detector and config (tui.readings), loaded once."""
        if self.explainer is None:
            self.explainer = run_explainer(self.run)
        return self.explainer

    def _record_miss(self, choice: MissChoice | None) -> None:
        if choice is None or self.brief is None:
            return
        n, known = choice.number, choice.known
        misses.record_miss(
            session=self.session, brief_pk=self.brief.brief_pk, reviewer=self.reviewer,
            start=n.start, end=n.end, token=n.token, value=n.value, unit=n.unit,
            known=known.name, known_value=known.value, run_id=self.run_id,
        )  # fmt: skip
        self.draw_brief()
        self.load_totals()
        self.notify(f"Missed: {one_line(n.token)} contradicts {one_line(known.name)}", markup=False)

    def undo_miss(self, miss: Any) -> None:
        """After undoing a miss (its brief is open again): say so."""
        self.draw_brief()
        self.load_totals()
        self.notify(f"Undid miss on {one_line(miss.token)}", markup=False)

    # ---- briefs read in full ------------------------------------------------------

    def action_reviewed(self) -> None:
        """Toggle: this brief has been read in full (every contradiction flagged or missed)."""
        brief = self.brief
        if brief is None:
            return
        now = not misses.is_reviewed(
            session=self.session, brief_pk=brief.brief_pk, reviewer=self.reviewer
        )
        misses.set_reviewed(
            session=self.session, brief_pk=brief.brief_pk, reviewer=self.reviewer,
            reviewed=now, run_id=self.run_id,
        )  # fmt: skip
        self.draw_brief()
        self.load_totals()
        said = "fully reviewed" if now else "no longer marked fully reviewed"
        self.notify(f"{one_line(brief.brief_id)} {said}", markup=False)

    def brief_marks(self) -> str:
        """` · 2 missed · ✓ read in full` for the brief title."""
        brief = self.brief
        if brief is None:
            return ""
        text = ""
        if found := len(self.brief_misses()):
            text += f" · {found} missed"
        if misses.is_reviewed(
            session=self.session, brief_pk=brief.brief_pk, reviewer=self.reviewer
        ):
            text += " · ✓ read in full"
        return text
