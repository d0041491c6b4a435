"""How a check is found and run: a built-in detector by name, a Python plugin as
`module:Class` (`registry`), that plugin in a forked child process of its own so its
crash or exit is reported as its fault (`isolated`), a program in any language speaking
one JSON line per brief (`command`), and the check that flags made elsewhere hold in the
brief they name (`flag_json`). The detectors themselves are `reviewer.grounding`. Pure:
no database, no UI. Names load on first use, as in `reviewer.grounding`.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reviewer.checks.registry import DetectorLoadError, analyze, describe, load_detector

_HOME = {
    "DetectorLoadError": "registry",
    "analyze": "registry",
    "describe": "registry",
    "load_detector": "registry",
}

__all__ = ["DetectorLoadError", "analyze", "describe", "load_detector"]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'reviewer.checks' has no attribute {name!r}")
    return getattr(import_module(f"reviewer.checks.{home}"), name)
