"""reviewer: a control group and a human in the loop for numeric grounding checks."""

from typing import Any

from reviewer.grounding.types import Flag, Known

__version__ = "0.1.0"
__all__ = ["Flag", "Known", "__version__", "scan_batch"]


def __getattr__(name: str) -> Any:
    """`scan_batch` loads the detectors' modules on first use, not with the package."""
    if name == "scan_batch":
        from reviewer.batch import scan_batch

        return scan_batch
    raise AttributeError(f"module 'reviewer' has no attribute {name!r}")
