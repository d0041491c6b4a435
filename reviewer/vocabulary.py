"""The words of labeling, once: the verdicts a reviewer gives, the filters of the brief
list, and how each is shown. Storage validates against these names, the app and the
commands show these words.

To add a filter, add one `Filter` to `FILTERS` (the order is the app's cycle order); the
database side adds its condition in db.queries.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Verdict:
    """A reviewer's label on a flag."""

    name: str  # as stored: "true_positive"
    word: str  # in messages: "true positive"
    shown: str  # in the flag detail: "true positive", "skipped"
    tag: str  # in the prose's aside after the token: "✓ true"
    expect: str | None = None  # what a regression fixture of it expects; None: not exported
    option: str | None = None  # its name on the command line: "true-positive"


TRUE_POSITIVE = "true_positive"
FALSE_POSITIVE = "false_positive"
SKIP = "skip"

_ALL_VERDICTS = (
    Verdict(
        TRUE_POSITIVE,
        word="true positive",
        shown="true positive",
        tag="✓ true",
        expect="flagged",
        option="true-positive",
    ),
    Verdict(
        FALSE_POSITIVE,
        word="false positive",
        shown="false positive",
        tag="✗ false",
        expect="not_flagged",
        option="false-positive",
    ),
    Verdict(SKIP, word="skip", shown="skipped", tag="skip"),
)
VERDICTS: dict[str, Verdict] = {v.name: v for v in _ALL_VERDICTS}
VERDICT_NAMES = tuple(VERDICTS)  # every verdict the label table accepts
EXPORTED = tuple(name for name, v in VERDICTS.items() if v.expect)  # become fixtures
UNLABELED = "unlabeled"  # how a flag without a verdict is shown
DISAGREE = "disagree"  # the filter of briefs with a claim whose reviewers differ


def verdict_word(name: str) -> str:
    """A verdict as messages say it ("true positive"); an unknown name as it is."""
    found = VERDICTS.get(name)
    return found.word if found else name


@dataclass(frozen=True, slots=True)
class Filter:
    """A filter of the brief list: which briefs it keeps."""

    name: str  # as the database functions and the app's actions name it
    title: str  # in the brief list's title: "has unlabeled"


FILTERS: dict[str, Filter] = {
    f.name: f
    for f in (
        Filter("all", "all"),
        Filter(UNLABELED, "has unlabeled"),
        Filter(FALSE_POSITIVE, "has false positives"),
        Filter(TRUE_POSITIVE, "has true positives"),
        # against the previous run (db.changes): triage after a release
        Filter("new", "has new flags"),
        Filter("gone", "has gone flags"),
        Filter("same", "has same flags"),
        Filter(DISAGREE, "reviewers disagree"),
    )
}
CHANGE_FILTERS = ("new", "gone", "same")
FILTER_NAMES = tuple(FILTERS)  # in the order `v` cycles through them


def check_filter(name: str) -> str:
    """`name` when it is a filter; else ValueError listing the filters."""
    if name not in FILTERS:
        raise ValueError(f"filter must be one of {', '.join(FILTER_NAMES)}, got {name!r}")
    return name
