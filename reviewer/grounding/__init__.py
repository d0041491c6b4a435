"""The pure grounding core: tokens, units, detectors and the four arms.

Nothing here imports the database or the UI. Names load on first use, so code that needs
only `reviewer.grounding.types` (the review app) does not pay for the config reader and
the detector registry.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reviewer.grounding.config import ConfigError, DetectorConfig, load_config
    from reviewer.grounding.registry import DetectorLoadError, analyze, describe, load_detector
    from reviewer.grounding.tokens import Token
    from reviewer.grounding.types import Analysis, Citation, Detector, Flag, Known

_HOME = {
    "ConfigError": "config",
    "DetectorConfig": "config",
    "load_config": "config",
    "DetectorLoadError": "registry",
    "analyze": "registry",
    "describe": "registry",
    "load_detector": "registry",
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
    "DetectorLoadError",
    "Flag",
    "Known",
    "Token",
    "analyze",
    "describe",
    "load_config",
    "load_detector",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'reviewer.grounding' has no attribute {name!r}")
    return getattr(import_module(f"reviewer.grounding.{home}"), name)
