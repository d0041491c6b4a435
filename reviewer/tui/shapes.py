"""The shapes of the counts the app's widgets draw: what a brief's row and a slice of flags
give (db.views.BriefRow, db.stats.SliceStats and PrecisionStats have them), declared once so
that widgets name no storage types."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class Counts(Protocol):
    """Flags and verdicts counted over some of a run's flags."""

    @property
    def flags(self) -> int: ...
    @property
    def labeled(self) -> int: ...
    @property
    def true_positives(self) -> int: ...
    @property
    def false_positives(self) -> int: ...


class Row(Counts, Protocol):
    """One brief of the list as the screen's pages give it."""

    @property
    def brief_pk(self) -> int: ...
    @property
    def brief_id(self) -> str: ...


class Slice(Counts, Protocol):
    """The figures of one slice of flags the stats panel shows."""

    @property
    def skipped(self) -> int: ...
    @property
    def labels_needed(self) -> int: ...


class Figures(Slice, Protocol):
    """A run's figures with its breakdowns by kind and unit."""

    @property
    def by_kind(self) -> Mapping[str, Slice]: ...
    @property
    def by_unit(self) -> Mapping[str, Slice]: ...
