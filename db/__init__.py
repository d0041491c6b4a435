"""Storage: the tables (Core in db.tables, SQLModel classes in db.models), the engine
factory and data-access functions (no UI imports).

The SQLModel classes load on first use (`db.Brief`, ...): reading and labeling run on the
Core tables, so the review app never pays for importing the ORM.
"""

from typing import TYPE_CHECKING, Any

from db.engine import (
    MissingDatabase,
    SchemaError,
    database_exists,
    display,
    make_engine,
    open_existing,
)
from db.labels import record_label, set_note, undo_last_label
from db.queries import (
    FILTERS,
    BriefFilter,
    brief_flags,
    brief_position,
    count_briefs,
    count_pools,
    count_stored_briefs,
    count_uncovered,
    get_brief,
    get_claim,
    get_run,
    iter_briefs_text,
    iter_pools,
    latest_run,
    list_briefs,
    list_runs,
    next_unlabeled,
)
from db.stats import PrecisionStats, RunStats, SliceStats, precision_stats, production_rate
from db.tables import VERDICTS
from db.views import BriefRow, BriefView, FlagView

if TYPE_CHECKING:
    from db.models import (
        Brief,
        BriefScan,
        Claim,
        DetectorRun,
        FlagRecord,
        Label,
        LabelState,
        Meta,
        Pool,
        RunTally,
    )

MODELS = {
    "Brief", "BriefScan", "Claim", "DetectorRun", "FlagRecord", "Label", "LabelState", "Meta",
    "Pool", "RunTally",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    if name in MODELS:
        from db import models

        return getattr(models, name)
    raise AttributeError(f"module 'db' has no attribute {name!r}")


__all__ = [
    "FILTERS",
    "VERDICTS",
    "Brief",
    "BriefFilter",
    "BriefRow",
    "BriefScan",
    "BriefView",
    "Claim",
    "DetectorRun",
    "FlagRecord",
    "FlagView",
    "Label",
    "LabelState",
    "Meta",
    "MissingDatabase",
    "Pool",
    "PrecisionStats",
    "RunStats",
    "RunTally",
    "SchemaError",
    "SliceStats",
    "brief_flags",
    "brief_position",
    "count_briefs",
    "count_pools",
    "count_stored_briefs",
    "count_uncovered",
    "database_exists",
    "display",
    "get_brief",
    "get_claim",
    "get_run",
    "iter_briefs_text",
    "iter_pools",
    "latest_run",
    "list_briefs",
    "list_runs",
    "make_engine",
    "next_unlabeled",
    "open_existing",
    "precision_stats",
    "production_rate",
    "record_label",
    "set_note",
    "undo_last_label",
]
