"""The four arms of `reviewer arms`, their texts read by detector workers.

`reviewer.arms.run_arms` reads every text in this process. Here the same texts, made from
the same random streams in the same order, go to `BatchAnalyzer` a batch at a time: the
detector's passes (the original briefs, their faithful citations, the planted rewrites
and the template texts) run on every core, and the report is the one `run_arms` gives.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from reviewer.arms import (
    ARMS,
    DEFAULT_DRIFT,
    DEFAULT_SEED,
    ArmsReport,
    Cited,
    Citer,
    Mean,
    assemble_report,
    planted_rate,
    rewrites_of,
    template_texts,
)
from reviewer.checks.registry import DetectorFault, describe
from reviewer.grounding.types import Detector, Known
from reviewer.pipeline.arms_input import ArmsInput
from reviewer.pipeline.checking import in_batches
from reviewer.pipeline.parallel import encode_pool
from reviewer.pipeline.workers import (
    BatchAnalyzer,
    analyze_items,
    cite_items,
    cited_items,
    cites_itself,
    default_workers,
    flag_count,
    row_spans,
)

BATCH = 100  # briefs or pools whose texts go out at once
CHUNK = 10  # texts a task: small, so the last of a batch keeps every core busy


def arms_analyzer(
    detector: Detector, found: ArmsInput, citer: Citer | None = None, workers: int | None = None
) -> BatchAnalyzer:
    """The detector workers for the arms of `found`: as many as a run of as many briefs
    gets, unless `workers` says. Start them before any progress bar, whose thread a fork
    must not copy."""
    count = default_workers(found.total, detector) if workers is None else workers
    return BatchAnalyzer(detector, count, citer)


def score_arms(
    analyzer: BatchAnalyzer,
    found: ArmsInput,
    *,
    seed: int = DEFAULT_SEED,
    drift: float = DEFAULT_DRIFT,
    on_record: Callable[[], None] | None = None,
) -> ArmsReport:
    """`run_arms(analyzer.detector, pools=found.pools, briefs=found.briefs, ...)`, its
    texts read by `analyzer` (see `arms_analyzer`)."""
    if found.pools is None and found.briefs is None:
        raise ValueError("score_arms needs pools, briefs, or both")
    arms = _Arms(analyzer, seed, drift, on_record or (lambda: None))
    try:
        if found.pools is not None:
            for batch in in_batches(found.pools, BATCH):
                arms.template(batch)
        if found.briefs is not None:
            for batch in in_batches(found.briefs, BATCH):
                arms.briefs(batch, template=found.pools is None)
    except DetectorFault as fault:  # (the key it names is one of this module's own)
        raise DetectorFault(fault.detector, fault.problem) from None
    production = found.production_rate
    if production is None and arms.production.n:
        production = arms.production.value
    name, version, _config = describe(analyzer.detector)
    return assemble_report(
        name, version, seed=seed, drift=drift, template=arms.template_means,
        rewritten=arms.rewritten if found.briefs is not None else None,
        production_rate=production, production_n=arms.production.n,
    )  # fmt: skip


class _Arms:
    """The arms' means as batches of texts come back, and the two random streams."""

    def __init__(
        self, analyzer: BatchAnalyzer, seed: int, drift: float, on_record: Callable[[], None]
    ) -> None:
        self.analyzer, self.drift, self.on_record = analyzer, drift, on_record
        self.once = cites_itself(analyzer.detector)
        self.template_rng, self.rewrite_rng = random.Random(seed), random.Random(seed)
        self.template_means = {arm: Mean() for arm in ARMS}
        self.rewritten = {arm: Mean() for arm in ARMS}
        self.production = Mean()

    def _read(self, items: list[tuple[Any, str, Sequence[Known]]], work=analyze_items) -> list[Any]:
        encoded = [(key, text, encode_pool(pool)) for key, text, pool in items]
        return self.analyzer.submit(encoded, work, CHUNK)()

    def template(self, pools: Iterable[Sequence[Known]], *, count: bool = True) -> None:
        """The template arms of `pools`, in order, from the template stream."""
        pools = list(pools)
        items = [
            ((at, arm), text, pool)
            for at, pool in enumerate(pools)
            for arm, text in template_texts(pool, self.template_rng, self.drift).items()
        ]
        for (_, arm), checkable, flags in self._read(items):
            self.template_means[arm].add(flag_count(flags) / checkable if checkable else 0.0)
        for _ in pools if count else ():
            self.on_record()

    def briefs(self, batch: list[tuple[str, Sequence[Known]]], *, template: bool) -> None:
        """A batch of briefs: their template arms (when no pools were given), the
        production row, and the rewrite arms of those with a faithful citation."""
        if template:
            self.template([pool for _, pool in batch], count=False)
        keyed = [(at, text, pool) for at, (text, pool) in enumerate(batch)]
        if self.once:  # one pass a brief gives its flags and its citations
            read = self._read(keyed, cited_items)
            scans, citations = [scan[:3] for scan in read], [scan[3] for scan in read]
        else:
            scans = self._read(keyed)
            citations = [found for _, found in self._read(keyed, cite_items)]
        spans: dict[int, list[tuple[int, int, str]]] = {}
        for at, checkable, flags in scans:
            self.production.add(flag_count(flags) / checkable if checkable else 0.0)
            spans[at] = row_spans(flags)
            self.on_record()
        cited = (
            (at, text, pool, [Cited(*c) for c in found])
            for (at, text, pool), found in zip(keyed, citations, strict=True)
        )
        planted, items = {}, []
        for (at, arm), rewrite, pool in rewrites_of(cited, rng=self.rewrite_rng, drift=self.drift):
            if arm == "faithful":  # the brief as it is: its own flags
                self.rewritten[arm].add(planted_rate(spans[at], rewrite.spans, arm=arm))
            else:
                planted[at, arm] = rewrite.spans
                items.append(((at, arm), rewrite.text, pool))
        for key, _checkable, flags in self._read(items):
            self.rewritten[key[1]].add(planted_rate(row_spans(flags), planted[key], arm=key[1]))
