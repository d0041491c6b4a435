"""reviewer: a control group and a human in the loop for numeric grounding checks."""

from reviewer.grounding.types import Flag, Known

__version__ = "0.1.0"
__all__ = ["Flag", "Known", "__version__"]
