"""Storage: SQLModel tables, the engine factory and data-access functions (no UI imports)."""

from db.engine import SCHEMA_VERSION, SchemaError, make_engine
from db.labels import record_label, set_note, undo_last_label
from db.models import (
    VERDICTS,
    Brief,
    BriefScan,
    Claim,
    DetectorRun,
    FlagRecord,
    Label,
    LabelState,
    Meta,
    Pool,
)
from db.queries import (
    FILTERS,
    BriefFilter,
    brief_flags,
    count_briefs,
    get_brief,
    get_run,
    iter_briefs_text,
    iter_pools,
    latest_run,
    list_briefs,
    list_runs,
    next_unlabeled,
)
from db.stats import precision_stats, production_rate
from db.views import BriefRow, BriefView, FlagView

__all__ = [
    "FILTERS",
    "SCHEMA_VERSION",
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
    "Pool",
    "SchemaError",
    "brief_flags",
    "count_briefs",
    "get_brief",
    "get_run",
    "iter_briefs_text",
    "iter_pools",
    "latest_run",
    "list_briefs",
    "list_runs",
    "make_engine",
    "next_unlabeled",
    "precision_stats",
    "production_rate",
    "record_label",
    "set_note",
    "undo_last_label",
]
