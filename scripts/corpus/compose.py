"""A whole brief: an opener, paragraphs of citations and other numbers, a closer."""

from __future__ import annotations

from random import Random
from types import ModuleType
from typing import Any

from corpus.engine import Brief, Ctx, Voice, validate
from corpus.metric import state

MODE_WEIGHTS = {"value": 3, "name": 2, "sign": 3, "word_sign": 1}


def compose(domain: ModuleType, ident: str, rng: Random, held_out: bool) -> dict[str, Any]:
    """One brief of `domain` with its truth; roughly a third carry a misstatement."""
    pool = domain.pool(rng)
    brief = Brief()
    voice = Voice(rng, held_out)
    ctx = Ctx(brief, voice, pool)
    names = {k["name"] for k in pool}
    metrics = [m for m in domain.METRICS if m.name in names]
    chosen = rng.sample(metrics, min(len(metrics), rng.randint(3, 6)))
    modes = ["cite"] * len(chosen)
    roll = rng.random()
    wrong = 0 if roll > 0.33 else (1 if roll > 0.08 else 2)
    for i in rng.sample(range(len(chosen)), min(wrong, len(chosen))):
        allowed = chosen[i].modes()
        modes[i] = rng.choices(allowed, [MODE_WEIGHTS[m] for m in allowed])[0]
    extras = rng.sample(domain.EXTRAS, min(len(domain.EXTRAS), rng.randint(2, 5)))
    items: list[Any] = [(m, mode) for m, mode in zip(chosen, modes, strict=True)]
    items += [(x, None) for x in extras]
    rng.shuffle(items)

    who = rng.choice(domain.ATHLETES)
    brief.say(voice.pick(domain.OPENERS).replace("{who}", who))
    brief.say("\n\n" if voice.chance(0.6) else " ")
    left = len(items)
    while items:
        size = min(left, rng.randint(2, 4))
        for j in range(size):
            thing, mode = items.pop(0)
            if mode is None:
                try:
                    thing(ctx)
                except KeyError:  # a sentence about a value this pool does not hold
                    brief.say(voice.pick(domain.FILLERS))
            else:
                state(ctx, thing, mode)
            brief.say(" " if j < size - 1 else "")
        left -= size
        brief.say("\n\n")
    brief.say(voice.pick(domain.CLOSERS))
    record = {
        "id": ident,
        "text": brief.text,
        "pool": pool,
        "meta": {"domain": domain.DOMAIN, "split": "held-out" if held_out else "dev"},
        "truth": brief.truth,
    }
    problems = validate(record)
    if problems:
        raise ValueError("; ".join(problems))
    return record
