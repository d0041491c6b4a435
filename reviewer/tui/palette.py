"""The command palette's review actions: the same things the keys do, found by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Label: true positive", "label('true_positive')", "The flag is a real contradiction (t)"),
    ("Label: false positive", "label('false_positive')", "The flag is wrong (f)"),
    ("Label: skip", "label('skip')", "Cannot tell; move on (s)"),
    ("Undo last label", "undo", "Undo and go back to that flag (u)"),
    ("Next flag", "flag(1)", "j / right"),
    ("Previous flag", "flag(-1)", "k / left"),
    ("Next brief", "brief(1)", "] / J"),
    ("Previous brief", "brief(-1)", "[ / K"),
    ("Next unlabeled flag", "next_unlabeled", "space / ."),
    ("Note on this flag", "note", "n"),
    ("Search briefs", "search", "/ over id and text"),
    ("Filter: next (all, unlabeled, false, true)", "cycle_filter", "v"),
    ("Filter: all briefs", "filter('all')", "1"),
    ("Filter: briefs with unlabeled flags", "filter('unlabeled')", "2"),
    ("Filter: briefs with false positives", "filter('false_positive')", "3"),
    ("Filter: briefs with true positives", "filter('true_positive')", "4"),
    ("Filter: briefs with new flags", "filter('new')", "5: flagged now, not by the previous run"),
    ("Filter: briefs with gone flags", "filter('gone')", "6: flagged by the previous run only"),
    ("Filter: briefs with same flags", "filter('same')", "7: flagged by both runs"),
    ("Filter: briefs whose reviewers disagree", "filter('disagree')", "8: shows every verdict"),
    ("Walk: only new flags", "only('new')", "Label what this run added (o cycles)"),
    ("Walk: only gone flags", "only('gone')", "Fix or recall regression? (o cycles)"),
    ("Walk: only same flags", "only('same')", "Flags both runs raise (o cycles)"),
    ("Walk: every flag", "only('all')", "The run's own flags (o cycles)"),
    ("Toggle annotations", "toggle_annotations", "The ‹nearest · kind› asides (a)"),
    ("Toggle stats panel", "toggle_stats", "Precision, coverage and the four arms (p)"),
    ("Help: keys", "help", "?"),
)


class ReviewCommands(Provider):
    """Offers every review action of the screen the palette was opened from."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, action, help_text in ACTIONS:
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), self._runner(action), help=help_text)

    async def discover(self) -> Hits:
        for name, action, help_text in ACTIONS:
            yield DiscoveryHit(name, self._runner(action), help=help_text)

    def _runner(self, action: str) -> partial[object]:
        return partial(self.screen.run_action, action)
