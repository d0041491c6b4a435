"""The pure grounding core: tokens, units, detectors and the four arms.

Nothing here imports the database or the UI.
"""

from reviewer.grounding.config import ConfigError, DetectorConfig, load_config
from reviewer.grounding.registry import DetectorLoadError, analyze, describe, load_detector
from reviewer.grounding.tokens import Token
from reviewer.grounding.types import Analysis, Citation, Detector, Flag, Known

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
