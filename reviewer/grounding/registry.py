"""Find a detector by name or as a plugin `module:attr`, run it, and describe it for storage."""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable, Sequence
from typing import Any

from reviewer.grounding.config import ConfigError, DetectorConfig, stored_config
from reviewer.grounding.types import Analysis, Detector, Known

AVAILABLE = "available: reference, default, or a plugin as module:attr"


class DetectorLoadError(Exception):
    """A detector spec that names nothing usable; the message says what and what exists."""


def _builtins() -> dict[str, Callable[[DetectorConfig | None], Detector]]:
    from reviewer.grounding.default import DefaultDetector
    from reviewer.grounding.reference import ReferenceDetector

    return {"reference": ReferenceDetector, "default": DefaultDetector}


def load_detector(spec: str, config: DetectorConfig | None = None) -> Detector:
    """ "reference", "default", or "module:attr" (an object with flag(), or a factory of one)."""
    builtins = _builtins()
    if spec in builtins:
        return builtins[spec](config)
    if ":" not in spec:
        raise DetectorLoadError(f"unknown detector {spec!r}; {AVAILABLE}")
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise DetectorLoadError(f"bad detector spec {spec!r}: expected module:attr; {AVAILABLE}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise DetectorLoadError(
            f"detector {spec!r}: cannot import module {module_name!r} ({err}); {AVAILABLE}"
        ) from None
    except Exception as err:
        raise DetectorLoadError(
            f"detector {spec!r}: importing {module_name!r} failed: {type(err).__name__}: {err}"
        ) from None
    obj: Any = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise DetectorLoadError(
                f"detector {spec!r}: module {module_name!r} has no attribute {attr!r}"
            ) from None
    if isinstance(obj, type) or (not hasattr(obj, "flag") and callable(obj)):
        obj = _construct(spec, obj, config)
    if not callable(getattr(obj, "flag", None)):
        raise DetectorLoadError(
            f"detector {spec!r}: {type(obj).__name__} object has no flag(text, pool) method"
        )
    return obj


def _construct(spec: str, factory: Callable[..., Any], config: DetectorConfig | None) -> Any:
    """Call a plugin class or factory, passing `config` when it takes one."""
    try:
        takes_config = "config" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes_config = False
    try:
        return factory(config=config) if takes_config else factory()
    except Exception as err:
        raise DetectorLoadError(
            f"detector {spec!r}: calling {getattr(factory, '__name__', factory)!r} failed: "
            f"{type(err).__name__}: {err}"
        ) from None


def analyze(detector: Detector, text: str, pool: Sequence[Known]) -> Analysis:
    """Flags and checkable count; a plugin without checkable() gets the default scanner's."""
    from reviewer.grounding.pool import PoolDetector

    if isinstance(detector, PoolDetector):
        return detector.analyze(text, pool)
    flags = list(detector.flag(text, pool))
    count = getattr(detector, "checkable", None)
    if callable(count):
        return Analysis(flags, int(count(text, pool)))
    return Analysis(flags, _denominator().checkable(text, pool))


_DENOMINATOR: list[Any] = []


def _denominator() -> Any:
    if not _DENOMINATOR:
        _DENOMINATOR.append(_builtins()["default"](None))
    return _DENOMINATOR[0]


def describe(detector: Detector) -> tuple[str, str, str]:
    """(name, version, config as JSON) identifying a detector run."""
    name = getattr(detector, "name", None) or type(detector).__name__
    version = getattr(detector, "version", None) or "unversioned"
    from reviewer.grounding.pool import PoolDetector

    config = getattr(detector, "config", None)
    if isinstance(detector, PoolDetector):
        config_json = json.dumps(detector.config_dict(), sort_keys=True)
    elif isinstance(config, DetectorConfig):
        config_json = config.to_json()
    elif config is None:
        config_json = "{}"
    else:
        try:
            config_json = json.dumps(config, sort_keys=True, default=str)
        except (TypeError, ValueError):
            config_json = json.dumps(repr(config))
    return str(name), str(version), config_json


def spec_of(detector: Detector, spec: str | None) -> str | None:
    """How to load this detector again: the spec it was loaded by, or a built-in's name."""
    if spec:
        return spec
    name = getattr(detector, "name", None)
    return name if name in ("reference", "default") else None


def load_run_detector(
    *, spec: str | None, detector: str, version: str, config: str | None
) -> tuple[Detector, str | None]:
    """A stored run's own detector with its own config, and a note when the loaded one
    reports another version. DetectorLoadError says why it cannot be loaded: never a
    silent fallback to another detector."""
    spec = spec or (detector if detector in ("reference", "default") else None)
    if spec is None:
        raise DetectorLoadError(
            f"run detector {detector!r} cannot be loaded: the run was stored without the "
            "spec that loads it (module:attr)"
        )
    try:
        found = load_detector(spec, stored_config(config))
    except ConfigError as err:
        raise DetectorLoadError(
            f"run detector {spec!r}: its stored config is unusable: {err}"
        ) from None
    except DetectorLoadError as err:
        raise DetectorLoadError(f"run detector {spec!r} cannot be loaded any more: {err}") from None
    name, now, _ = describe(found)
    note = None
    if (name, now) != (detector, version):
        note = f"{spec!r} now loads {name} {now}; the run was made with {detector} {version}"
    return found, note
