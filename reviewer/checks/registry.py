"""Find a detector by name or as a plugin `module:attr`, run it, and describe it for storage."""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import math
import operator
import os
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from reviewer.grounding.config import ConfigError, DetectorConfig, stored_config
from reviewer.grounding.types import Analysis, Detector, Flag, Known

AVAILABLE = "available: reference, default, a plugin as module:attr, or cmd:PROGRAM ARGS"
FROM_FILE = "from:"  # a stored run's spec when its flags were loaded from a file


class DetectorLoadError(Exception):
    """A detector spec that names nothing usable; the message says what and what exists."""


class DetectorFault(Exception):
    """A plugin detector that raised, tried to exit, or returned something that is not flags.

    `brief` is the brief being analysed when the caller knows it (`on(brief)` adds it): its
    id, or a stored brief's key until the caller looks the id up."""

    def __init__(self, detector: str, problem: str, brief: object = None) -> None:
        super().__init__(detector, problem, brief)  # args: survives a trip between processes
        self.detector = detector
        self.problem = problem
        self.brief = brief

    def on(self, brief: object) -> DetectorFault:
        return DetectorFault(self.detector, self.problem, brief)

    def __str__(self) -> str:
        where = f" on brief {self.brief!r}" if self.brief is not None else ""
        return f"detector {self.detector!r} failed{where}: {self.problem}"


BUILTINS = {  # imported when asked for: the reference never loads the default's rules
    "reference": ("reviewer.grounding.reference", "ReferenceDetector"),
    "default": ("reviewer.grounding.default", "DefaultDetector"),
}


def _builtin(name: str) -> Callable[[DetectorConfig | None], Detector]:
    module, attr = BUILTINS[name]
    return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]


def load_detector(spec: str, config: DetectorConfig | None = None) -> Detector:
    """ "reference", "default", or "module:attr" (an object with flag(), or a factory of one)."""
    if spec in BUILTINS:
        return _builtin(spec)(config)
    if spec.startswith(("cmd:", FROM_FILE)):
        return _outside(spec, config)
    if ":" not in spec:
        raise DetectorLoadError(f"unknown detector {spec!r}; {AVAILABLE}")
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise DetectorLoadError(f"bad detector spec {spec!r}: expected module:attr; {AVAILABLE}")
    from reviewer.checks.isolated import IsolatedPlugin, stdout_to_stderr

    try:
        with stdout_to_stderr():  # what the plugin prints is never a command's output
            module = _import_plugin(module_name)
    except ImportError as err:
        raise DetectorLoadError(
            f"detector {spec!r}: cannot import module {module_name!r} ({err}); {AVAILABLE}"
        ) from None
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # sys.exit(), GeneratorExit, its own BaseException: a fault
        raise DetectorLoadError(
            f"detector {spec!r}: importing {module_name!r} failed: {_raised(err)}"
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
        with stdout_to_stderr():
            obj = _construct(spec, obj, config)
    if not callable(getattr(obj, "flag", None)):
        raise DetectorLoadError(
            f"detector {spec!r}: {type(obj).__name__} object has no flag(text, pool) method"
        )
    from reviewer.grounding.pool import PoolDetector

    if isinstance(obj, PoolDetector):  # a built-in by its class's path: our own code
        return obj
    return IsolatedPlugin(obj)  # run where its end (os._exit, a crash) cannot end ours


def _import_plugin(module_name: str) -> Any:
    """The plugin's module; one not found on the path is looked for in the working folder
    too (last, after every installed package), as `python -m` would find it: a user's
    `mycheck.py` beside their briefs loads as `mycheck:MyCheck` from the `reviewer` command."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        top = module_name.partition(".")[0]
        here = os.getcwd()
        if err.name != top or here in sys.path or "" in sys.path:
            raise
        if not (Path(here, top + ".py").is_file() or Path(here, top).is_dir()):
            raise
        sys.path.append(here)
        return importlib.import_module(module_name)


def _outside(spec: str, config: DetectorConfig | None) -> Detector:
    """A program of the user's (`cmd:`), or the refusal of flags loaded from a file."""
    if spec.startswith(FROM_FILE):
        raise DetectorLoadError(
            f"detector {spec!r}: a run loaded from a file of flags has no detector to re-run; "
            "give the check itself with --detector (cmd:PROGRAM ARGS, module:attr, reference "
            "or default)"
        )
    if config is not None:
        raise DetectorLoadError(
            f"detector {spec!r}: --config is read by reference and default only; give the "
            "program its own options in the command"
        )
    from reviewer.checks.command import load_command

    return load_command(spec)


def _construct(spec: str, factory: Callable[..., Any], config: DetectorConfig | None) -> Any:
    """Call a plugin class or factory, passing `config` when it takes one."""
    try:
        takes_config = "config" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes_config = False
    try:
        return factory(config=config) if takes_config else factory()
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # `sys:exit` must never end the command quietly
        raise DetectorLoadError(
            f"detector {spec!r}: calling {getattr(factory, '__name__', factory)!r} failed: "
            f"{_raised(err)}"
        ) from None


def _raised(err: BaseException, *, verb: bool = False) -> str:
    """What went wrong: `TypeError: ...`, or with `verb` `raised TypeError: ...`."""
    if isinstance(err, SystemExit):
        return f"{'called' if verb else 'it called'} sys.exit({err.code!r})"
    said = f": {err}" if str(err) else ""
    return f"{'raised ' if verb else ''}{type(err).__name__}{said}"


def analyze(detector: Detector, text: str, pool: Sequence[Known]) -> Analysis:
    """Flags and checkable count; a plugin without checkable() gets the default scanner's."""
    checkable, flags = stream(detector, text, pool)
    return Analysis(list(flags), checkable)


def stream(detector: Detector, text: str, pool: Sequence[Known]) -> tuple[int, Iterator[Flag]]:
    """As `analyze`, with the flags as an iterator: each is made (by a built-in detector,
    or a plugin that yields) and checked only when it is taken, so a text with a million
    flags need never hold them all. A plugin's fault raises DetectorFault, when called or
    while its flags are taken."""
    from reviewer.grounding.pool import PoolDetector

    if isinstance(detector, PoolDetector):
        return detector.stream(text, pool)
    count = getattr(detector, "checkable", None)
    try:
        flags = iter(detector.flag(text, pool))
        checkable = count(text, pool) if callable(count) else None
    except (DetectorFault, KeyboardInterrupt):  # a fault already worded; the user's Ctrl+C
        raise
    except BaseException as err:  # a plugin's bug, exit or GeneratorExit is a fault, never data
        raise DetectorFault(describe(detector)[0], _raised(err, verb=True)) from None
    if checkable is None:
        return _denominator().checkable(text, pool), _checked(detector, flags, text)
    try:
        if isinstance(checkable, bool):
            raise TypeError
        checkable = operator.index(checkable)
    except TypeError:
        checkable = -1
    if checkable < 0:
        problem = f"checkable() returned {_shown(checkable)}, not a count"
        raise DetectorFault(describe(detector)[0], problem)
    return checkable, _checked(detector, flags, text)


def _checked(detector: Detector, flags: Iterator[object], text: str) -> Iterator[Flag]:
    """A plugin's flags as they come, each checked; what it raises meanwhile is a fault.
    A span flagged twice is refused: a span is one claim, stored once, and a run that
    counted it twice would say more flags than it holds."""
    spans: set[tuple[int, int]] = set()
    while True:
        try:
            flag = next(flags)
        except StopIteration:
            return
        except (DetectorFault, KeyboardInterrupt):
            raise
        except BaseException as err:
            raise DetectorFault(describe(detector)[0], _raised(err, verb=True)) from None
        _check_flag(detector, flag, text)
        span = (flag.start, flag.end)  # type: ignore[attr-defined]
        if span in spans:
            problem = (
                f"it flagged the span {span[0]}..{span[1]} ({text[span[0] : span[1]]!r}) twice; "
                "return each span once"
            )
            raise DetectorFault(describe(detector)[0], problem)
        spans.add(span)
        yield flag  # type: ignore[misc]


_NUMBERS = ("value", "nearest_value", "delta")
_STRINGS = ("token", "unit", "nearest")


def _check_flag(detector: Detector, flag: object, text: str) -> None:
    """A plugin's flag must be a Flag whose span lies in the text and spells its token, with
    finite numbers and a known kind: anything else would be stored as if it were a claim."""
    problem = None
    if not isinstance(flag, Flag):
        problem = f"flag() returned {_shown(flag)}, not a reviewer.Flag"
    elif any(type(getattr(flag, f)) is not int for f in ("start", "end")):
        problem = f"a flag's start and end must be integers, got {flag.start!r}, {flag.end!r}"
    elif not 0 <= flag.start < flag.end <= len(text):
        problem = f"a flag spans {flag.start}..{flag.end}, outside the text (0..{len(text)})"
    elif any(not isinstance(getattr(flag, f), str) for f in _STRINGS):
        problem = "a flag's token, unit and nearest must be strings"
    elif text[flag.start : flag.end] != flag.token:
        problem = (
            f"a flag's token {flag.token!r} is not the text at {flag.start}..{flag.end} "
            f"({text[flag.start : flag.end]!r})"
        )
    elif any(not _finite(getattr(flag, f)) for f in _NUMBERS):
        problem = "a flag's value, nearest_value and delta must be finite numbers"
    elif flag.kind not in ("value", "sign"):
        problem = f"a flag's kind must be 'value' or 'sign', got {_shown(flag.kind)}"
    elif flag.basis not in ("band", "name", "model"):
        problem = f"a flag's basis must be 'band', 'name' or 'model', got {_shown(flag.basis)}"
    if problem is not None:
        raise DetectorFault(describe(detector)[0], problem)


def _finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_DENOMINATOR: list[Detector] = []


def _denominator() -> Detector:
    if not _DENOMINATOR:
        _DENOMINATOR.append(_builtin("default")(None))
    return _DENOMINATOR[0]


def describe(detector: Detector) -> tuple[str, str, str]:
    """(name, version, config as JSON) identifying a detector run."""
    name = getattr(detector, "name", None) or type(detector).__name__
    version = getattr(detector, "version", None) or "unversioned"
    from reviewer.grounding.pool import PoolDetector
    from reviewer.learn.model import ModelDetector

    config = getattr(detector, "config", None)
    read_by = detector.detector if isinstance(detector, ModelDetector) else detector
    if isinstance(read_by, PoolDetector):  # (a model's run: the config its rules read)
        config_json = json.dumps(read_by.config_dict(), sort_keys=True)
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


def code_digest(detector: Detector) -> str | None:
    """A digest of the code a built-in detector's run is made by: every source file of
    reviewer and its storage (what reads a brief, and what stores and counts its flags),
    with the Python version and its Unicode tables. A later ingest carries a run's flags
    only when the same code made them. None for any other detector, a plugin's or a
    learned model's, whose code may change under the same name and version."""
    from reviewer.grounding.default import DefaultDetector
    from reviewer.grounding.reference import ReferenceDetector

    if type(detector) not in (DefaultDetector, ReferenceDetector):
        return None
    return _own_sources_digest()


@functools.cache
def _own_sources_digest() -> str | None:
    """`_sources_digest` of the reviewer and db packages, read once a process."""
    roots = _source_roots()
    return _sources_digest(roots) if roots else None


def _sources_digest(roots: Sequence[Path]) -> str | None:
    """sha256 of the sources under `roots` by their paths, the Python version and the
    Unicode tables; None when they cannot be read (every brief is read then)."""
    import hashlib
    import unicodedata

    sha = hashlib.sha256(f"{sys.version}|{unicodedata.unidata_version}".encode())
    try:
        for root in roots:
            files = sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml"))
            if not files:
                return None
            for path in files:
                sha.update(f"{root.name}/{path.relative_to(root).as_posix()}".encode() + b"\0")
                sha.update(path.read_bytes() + b"\0")
    except OSError:
        return None
    return sha.hexdigest()[:16]


def _source_roots() -> list[Path]:
    """The folders of the reviewer and db packages (db found, not imported: the core
    imports no storage)."""
    import importlib.util

    storage = importlib.util.find_spec("db")
    places = storage.submodule_search_locations if storage is not None else None
    if not places:
        return []
    return [Path(__file__).resolve().parent.parent, Path(next(iter(places))).resolve()]


def spec_of(detector: Detector, spec: str | None) -> str | None:
    """How to load this detector again: the spec it was loaded by, or a built-in's name."""
    if spec:
        return spec
    name = getattr(detector, "name", None)
    return name if name in ("reference", "default") else None


class DetectorNotNamed(DetectorLoadError):
    """A run's stored plugin spec that the user did not name: a spec read from a database
    is data, and importing it would run whatever code the database's writer chose."""


def not_named(spec: str | None, named: str | None, run_id: int | None = None) -> str | None:
    """Why a run's stored detector spec is not loaded (a plugin the user did not name, with
    the option that would load it), or None: a built-in, or the plugin named."""
    if spec is None or spec in BUILTINS or spec == named:
        return None
    run = f"run {run_id}" if run_id is not None else "the run"
    return f"{run} used detector {spec!r}; pass --detector {shlex.quote(spec)} to load it"


def load_run_detector(
    *,
    spec: str | None,
    detector: str,
    version: str,
    config: str | None,
    named: str | None = None,
    run_id: int | None = None,
) -> tuple[Detector, str | None]:
    """A stored run's own detector with its own config, and a note when the loaded one
    reports another version. A built-in loads by name; a plugin only when its spec is
    `named` (the user's --detector), else DetectorNotNamed says which option loads it.
    DetectorLoadError says why it cannot be loaded: never a silent fallback."""
    spec = spec or (detector if detector in BUILTINS else None)
    if spec is not None and spec.startswith(FROM_FILE):
        raise DetectorLoadError(
            f"run detector {spec!r} is not re-run: its flags were loaded from a file; give "
            "the check itself with --detector"
        )
    if spec is None:
        raise DetectorLoadError(
            f"run detector {detector!r} cannot be loaded: the run was stored without the "
            "spec that loads it (module:attr)"
        )
    if (unnamed := not_named(spec, named, run_id)) is not None:
        raise DetectorNotNamed(unnamed)
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
