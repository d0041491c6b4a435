"""The pure grounding core: tokens, units, the detectors and their readings.

Nothing here imports the database or the UI. Names load on first use, so code that needs
only `reviewer.grounding.types` (the review app) does not pay for the config reader.
Finding a detector by name and running it is `reviewer.checks`; the four arms are
`reviewer.arms`.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reviewer.grounding.config import ConfigError, DetectorConfig, load_config
    from reviewer.grounding.tokens import Token
    from reviewer.grounding.types import Analysis, Citation, Detector, Flag, Known

_HOME = {
    "ConfigError": "config",
    "DetectorConfig": "config",
    "load_config": "config",
    "Token": "tokens",
    "Analysis": "types",
    "Citation": "types",
    "Detector": "types",
    "Flag": "types",
    "Known": "types",
}

__all__ = [
    "Analysis",
    "Citation",
    "ConfigError",
    "Detector",
    "DetectorConfig",
    "Flag",
    "Known",
    "Token",
    "load_config",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'reviewer.grounding' has no attribute {name!r}")
    return getattr(import_module(f"reviewer.grounding.{home}"), name)
