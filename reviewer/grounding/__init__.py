"""The pure grounding core: tokens, units, detectors and the four arms.

Nothing here imports the database or the UI.
"""

from reviewer.grounding.types import Analysis, Detector, Flag, Known

__all__ = ["Analysis", "Detector", "Flag", "Known"]
