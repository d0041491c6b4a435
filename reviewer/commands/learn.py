"""`reviewer learn`: fit a model of the team's labels, say how much it helps (grouped
cross-validation and a learning curve), keep it in the database and, with --out, in a
file `scan --model` and CI can use without the database."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table

from reviewer.commands.console import (
    OK,
    USAGE,
    counted,
    db_option,
    echo,
    err,
    fail,
    open_db,
    out,
    say,
)


def _run(session: Any, ref: str | None) -> Any:
    import db
    from db.runs import find_run

    if ref is not None:
        return find_run(db=session, ref=ref, finished=True)
    run = db.latest_run(session=session)
    if run is None:
        raise ValueError("no finished detector run yet (reviewer ingest or flag first)")
    return run


def examples_of(detector: Any, briefs: list[Any]) -> list[Any]:
    """Every checked number whose truth the labels give, as a learning example."""
    from reviewer.learn.candidates import candidates
    from reviewer.learn.fit import Example

    found = []
    for brief in briefs:
        for c in candidates(detector, brief.text, brief.pool):
            truth = brief.truth((c.start, c.end), c.flag is not None)
            if truth is not None:
                found.append(
                    Example(brief.brief_id, c.features, truth, c.flag is not None, c.exact)
                )
    return found


def _pct(value: float | None, ci: list[float]) -> str:
    if value is None:
        return "—"
    return f"{100 * value:.1f}% ({100 * ci[0]:.1f}–{100 * ci[1]:.1f})"


def figures_table(cv: Any, curve: list[tuple[int, Any]]) -> Table:
    table = Table(
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        title_justify="left",
        title=f"{cv.folds}-fold cross-validation by brief ({cv.briefs} briefs)",
    )
    for name in ("check", "flags", "precision (95% CI)", "recall (95% CI)"):
        table.add_column(name, justify="right" if name == "flags" else "left")
    for name, score in (("rules alone", cv.rules), ("rules + model", cv.model)):
        s = score.to_dict()
        table.add_row(
            name,
            f"{s['flags']:,}",
            _pct(s["precision"], s["precision_ci"]),
            _pct(s["recall"], s["recall_ci"]),
        )
    for size, score in curve:
        s = score.to_dict()
        table.add_row(
            f"model of {counted(size, 'brief')}",
            f"{s['flags']:,}",
            _pct(s["precision"], s["precision_ci"]),
            _pct(s["recall"], s["recall_ci"]),
        )
    return table


def _arms_pass(engine: Any, detector: Any, model: Any) -> bool:
    from reviewer.arms import run_arms
    from reviewer.checks import load_detector
    from reviewer.learn.model import ModelDetector
    from reviewer.pipeline.arms_input import stored_arms_input

    found = stored_arms_input(engine)
    checked = detector if model is None else ModelDetector(detector, model)
    citer = load_detector("default", getattr(detector, "config", None))
    report = run_arms(checked, pools=found.pools, briefs=found.briefs,
                      production_rate=found.production_rate, citer=citer)  # fmt: skip
    return report.passed


def within_arms(engine: Any, detector: Any, model: Any) -> tuple[Any, str | None]:
    """The model, or a more cautious one when its verdicts would make the four arms fail
    where the rules pass them: first it adds no flag, then it drops none."""
    from dataclasses import replace

    if _arms_pass(engine, detector, model) or not _arms_pass(engine, detector, None):
        return model, None
    cautious = replace(model, threshold=None)
    if _arms_pass(engine, detector, cautious):
        return cautious, (
            "the flags the model adds would make the four arms fail, so it is "
            "stored adding none: it only drops flags the rules made"
        )
    rules = replace(model, threshold=None, keep_threshold=0.0)
    return rules, (
        "the model's verdicts would make the four arms fail, so it is stored "
        "keeping every flag the rules made"
    )


def _trained_on(
    examples: list[Any], found: Any, training: Any, cv: Any, database: str
) -> dict[str, Any]:
    """What a model keeps of what it learned from: the examples, the database and run that
    read them, the newest label and miss it saw, and its cross-validated figures."""
    return {
        "examples": len(examples),
        "contradictions": sum(e.truth for e in examples),
        "briefs": len({e.brief for e in examples}),
        "database": database,
        "run": found.id,
        "detector": found.detector,
        "version": found.version,
        "config_digest": found.config_digest,
        "last_label": training.last_label,
        "last_miss": training.last_miss,
        "cross_validation": cv.to_dict(),
    }


def too_few(examples: list[Any]) -> str | None:
    """Why the examples are too few to learn from (`LEARN_EACH` of each truth, the least
    `reviewer stats` advises learning from), or None."""
    from reviewer.learn.advice import LEARN_EACH

    right = sum(e.truth for e in examples)
    counts = {"contradicting": right, "not contradicting": len(examples) - right}
    if min(counts.values()) >= LEARN_EACH:
        return None
    short = " and ".join(f"{n:,} {truth}" for truth, n in counts.items())
    lead = "nothing to learn from" if not min(counts.values()) else "too few labels to learn from"
    return (
        f"{lead}: the labels tell {short} numbers; a model needs at least {LEARN_EACH} of "
        "each (label flags true or false, mark misses and briefs read in full in reviewer "
        "review)"
    )


def _writable(out_file: Path | None) -> str | None:
    """Why `out_file` cannot be written, said before anything is learned or stored."""
    if out_file is None:
        return None
    if out_file.is_dir():
        return f"{out_file}: a folder, not a file to write the model to"
    if not out_file.parent.is_dir():
        return f"{out_file}: no such folder {str(out_file.parent)!r}"
    return None


def learn(url_or_path: str, *, run: str | None, name: str | None, out_file: Path | None) -> int:
    from sqlmodel import Session

    from db.learned import database_id, labeled_briefs, store_model
    from reviewer.checks.registry import DetectorLoadError, load_run_detector
    from reviewer.learn.fit import cross_validate, fit, learning_curve

    unwritable = _writable(out_file)
    if unwritable:
        echo(unwritable, error=True)
        return USAGE
    engine = open_db(url_or_path, must_exist=True)
    if engine is None:
        return USAGE
    try:
        with Session(engine) as session:
            try:
                found = _run(session, run)
                detector, note = load_run_detector(
                    spec=found.spec,
                    detector=found.detector,
                    version=found.version,
                    config=found.config,
                )
            except (ValueError, DetectorLoadError) as problem:
                echo(str(problem), error=True)
                return USAGE
            if note:
                say(err(), note)
            training = labeled_briefs(session=session)
            examples = examples_of(detector, training.briefs)
            refused = too_few(examples)
            if refused:
                echo(refused, error=True)
                return USAGE
            try:
                import sklearn  # noqa: F401
            except ImportError:
                needs = "reviewer learn needs scikit-learn: pip install 'grounding-reviewer[learn]'"
                echo(needs, error=True)
                return USAGE
            # some seconds to minutes of fits: a terminal sees which step is under way
            with err().status(f"learning from {counted(len(examples), 'checked number')}: "
                              "5-fold cross-validation by brief") as status:  # fmt: skip
                cv = cross_validate(examples)
                status.update("learning: the learning curve (a model of a share of the briefs)")
                curve = learning_curve(examples)
                here = database_id(session=session, create=True)
                trained_on = _trained_on(examples, found, training, cv, here)
                briefs, positives = trained_on["briefs"], trained_on["contradictions"]
                status.update("learning: the model of every label, checked on the four arms")
                model, backed_off = within_arms(engine, detector, fit(examples, trained_on))
            if backed_off:
                model.trained_on["arms"] = backed_off
            model_name, body = name or "model", model.to_json()
            if out_file is not None:  # written first: a file that fails stores no model
                try:
                    out_file.write_text(body + "\n", encoding="utf-8")
                except OSError as problem:
                    return fail(problem)
            model_id = store_model(session=session, name=model_name, body=body)
    finally:
        engine.dispose()
    console = out()
    say(
        console,
        f"model {model_id} ({model_name!r}) learned from "
        f"{counted(len(examples), 'checked number')} ({positives:,} contradicting) of "
        f"{counted(briefs, 'brief')}, read by run {found.id} ({found.detector} {found.version})",
    )
    console.print(figures_table(cv, curve))
    if backed_off:
        say(err(), f"note: {backed_off} (the figures above are of the model as learned)")
    if out_file is not None:
        say(console, f"written to {out_file}")
    model_ref = str(out_file) if out_file is not None else model_name
    say(console, _next_step(url_or_path, model_ref, found.detector, found.spec))
    return OK


def _next_step(url_or_path: str, model: str, detector: str, spec: str | None) -> str:
    """The command that makes a run with the model just learned (its file when one was
    written), by the detector whose run it learned from (a URL's password masked)."""
    by = "" if detector == "default" else f" --detector {shlex.quote(spec or detector)}"
    return (f"Next: reviewer flag{by} --model {shlex.quote(model)} {db_option(url_or_path)} makes "
            "a run with it; its stats keep these training labels apart from the labels made "
            "since")  # fmt: skip
