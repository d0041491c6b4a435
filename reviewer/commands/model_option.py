"""`--model NAME|FILE`: a learned model (reviewer learn) wrapped around the detector of
`scan`, `flag`, `regress` and `arms`. A FILE is a model file (`learn --out`); a NAME (or
`#id`) is a model stored in the database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reviewer.commands.console import USAGE, echo, stop
from reviewer.grounding.types import Detector


def _stored(ref: str, url_or_path: str) -> tuple[Any, int]:
    from sqlmodel import Session

    import db
    from db.learned import find_model
    from reviewer.commands.console import open_db

    engine = (
        open_db(url_or_path, must_exist=True, read_only=True)
        if db.database_exists(url_or_path)
        else None  # (no database: the one message below, not a database's too)
    )
    if engine is None:
        echo(
            f"--model {ref}: no such file, and no database to find a model of that name in",
            error=True,
        )
        stop(USAGE)
    try:
        with Session(engine) as session:
            row = find_model(session=session, ref=ref)
    finally:
        engine.dispose()
    if row is None:
        echo(
            f"--model {ref}: no such file, nor a model of that name (reviewer learn --name)",
            error=True,
        )
        stop(USAGE)
    return row.body, row.id


def load_model(ref: str, url_or_path: str, detector: Detector) -> tuple[Any, int | None, str]:
    """(the model, its id in the database or None for a file, its body as JSON text);
    a bad file or an unknown name stops with its message (exit 2). A model learned with
    another detector or config than `detector` is said on stderr, and used."""
    from reviewer.learn.model import ModelError, model_from_json

    path = Path(ref)
    model_id = None
    if path.is_dir():
        echo(f"--model {ref}: a folder, not a model file (reviewer learn --out writes one)",
             error=True)  # fmt: skip
        stop(USAGE)
    if path.is_file():
        try:
            body = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as problem:
            echo(f"{ref}: cannot read it: {problem}", error=True)
            stop(USAGE)
    else:
        body, model_id = _stored(ref, url_or_path)
    try:
        model = model_from_json(body)
    except ModelError as problem:
        echo(f"{ref}: {problem}", error=True)
        stop(USAGE)
    warn_mismatch(ref, model.trained_on, detector)
    return model, model_id, body


def warn_mismatch(ref: str, trained_on: dict[str, Any], detector: Detector) -> None:
    """A warning on stderr when the model was learned with another detector or config
    (its digest) than the one it is used with now: its weights are of the features those
    readings gave, which these may not give. Nothing is said when the model does not
    record them (a file written by hand)."""
    from reviewer.checks.registry import describe
    from reviewer.grounding.config import config_digest

    name, _version, config = describe(detector)
    digest = config_digest(config)
    learned = str(trained_on.get("detector") or "").removesuffix("+model")  # learn --run R
    learned_digest = str(trained_on.get("config_digest") or "")
    differs = (learned and learned != name) or (learned_digest and learned_digest != digest)
    if differs:
        echo(
            f"warning: --model {ref} was learned with detector {learned or '?'} (config "
            f"{learned_digest or '?'}), but reads here with detector {name} (config "
            f"{digest}): its verdicts may not fit these readings; learn again with this "
            "detector and config to be sure",
            error=True,
        )


def with_model(detector: Detector, ref: str | None, url_or_path: str) -> Detector:
    """The detector, or the detector and then the model's verdict on each candidate."""
    if ref is None:
        return detector
    from reviewer.learn.model import ModelDetector

    model, _id, _body = load_model(ref, url_or_path, detector)
    return ModelDetector(detector, model)
