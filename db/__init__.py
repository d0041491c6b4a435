"""Storage: the tables (Core in db.tables, SQLModel classes in db.models), the engine
factory and data-access functions (no UI imports).

Every name loads its module on first use (`db.Brief` the ORM, `db.make_engine` SQLAlchemy):
reading and labeling run on the Core tables, so the review app never pays for the ORM, and
`reviewer stats` reads through db.direct without SQLAlchemy at all.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from db.engine import (
        MissingDatabase,
        SchemaError,
        database_exists,
        display,
        make_engine,
        open_existing,
        open_to_read,
    )
    from db.figures import (
        PrecisionStats,
        RunStats,
        SliceStats,
    )
    from db.labels import (
        labeled_from_queue,
        record_label,
        set_note,
        undo_last_label,
    )
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
    from db.stats import (
        precision_stats,
        production_rate,
    )
    from db.tables import (
        VERDICTS,
    )
    from db.views import (
        BriefRow,
        BriefView,
        FlagView,
    )

# name -> the module that defines it, imported on first use: `reviewer stats` reads through
# db.direct without loading SQLAlchemy, and the app never loads the ORM (db.models)
WHERE = {
    **dict.fromkeys(
        (
            "MissingDatabase",
            "SchemaError",
            "database_exists",
            "display",
            "make_engine",
            "open_existing",
            "open_to_read",
        ),
        "db.engine",
    ),
    **dict.fromkeys(
        ("labeled_from_queue", "record_label", "set_note", "undo_last_label"), "db.labels"
    ),
    **dict.fromkeys(
        (
            "FILTERS",
            "BriefFilter",
            "brief_flags",
            "brief_position",
            "count_briefs",
            "count_pools",
            "count_stored_briefs",
            "count_uncovered",
            "get_brief",
            "get_claim",
            "get_run",
            "iter_briefs_text",
            "iter_pools",
            "latest_run",
            "list_briefs",
            "list_runs",
            "next_unlabeled",
        ),
        "db.queries",
    ),
    **dict.fromkeys(("PrecisionStats", "RunStats", "SliceStats"), "db.figures"),
    **dict.fromkeys(("precision_stats", "production_rate"), "db.stats"),
    **dict.fromkeys(("VERDICTS",), "db.tables"),
    **dict.fromkeys(("BriefRow", "BriefView", "FlagView"), "db.views"),
    **dict.fromkeys(
        (
            "Brief",
            "BriefScan",
            "Claim",
            "DetectorRun",
            "FlagRecord",
            "Label",
            "LabelState",
            "Meta",
            "Pool",
            "RunTally",
        ),
        "db.models",
    ),
}


def __getattr__(name: str) -> Any:
    module = WHERE.get(name)
    if module is not None:
        return getattr(importlib.import_module(module), name)
    try:
        return importlib.import_module(f"db.{name}")  # a submodule: db.tally, db.runs ...
    except ModuleNotFoundError:
        raise AttributeError(f"module 'db' has no attribute {name!r}") from None


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
    "labeled_from_queue",
    "latest_run",
    "list_briefs",
    "list_runs",
    "make_engine",
    "next_unlabeled",
    "open_existing",
    "open_to_read",
    "precision_stats",
    "production_rate",
    "record_label",
    "set_note",
    "undo_last_label",
]
