"""A whole brief: an opener, paragraphs of citations and other numbers, a closer."""

from __future__ import annotations

from random import Random
from types import ModuleType
from typing import Any

from corpus.engine import Brief, Ctx, Voice, validate
from corpus.habits import EXTRAS as HABITS
from corpus.habits import widen_metrics
from corpus.metric import state
from corpus.widened import BY_DOMAIN

MODE_WEIGHTS = {"value": 3, "name": 2, "sign": 4, "word_sign": 1.5}


def _decoy(domain: ModuleType, pool: list[dict[str, Any]], name: str, rng: Random) -> None:
    """Add an unrelated known value of the same unit whose magnitude happens to sit within
    a few tenths of a percent of `name`'s: the coincidence that masks a sign flip (class 15)."""
    known = next(k for k in pool if k["name"] == name)
    names = {k["name"] for k in pool}
    options = [d for d in domain.DECOYS.get(known["unit"], []) if d not in names]
    if not options:
        return
    digits = len(str(known["value"]).partition(".")[2]) if "." in str(known["value"]) else 0
    value = round(abs(known["value"]) * rng.uniform(0.99, 1.01), digits)
    pool.insert(
        rng.randint(0, len(pool)),
        {"name": rng.choice(options), "value": value, "unit": known["unit"]},
    )


def compose(
    domain: ModuleType, ident: str, rng: Random, held_out: bool, wrong: int, first: str = ""
) -> dict[str, Any]:
    """One brief of `domain` with its truth and `wrong` misstatements of known values, the
    first of them of the kind `first` (sign, value, beyond band) when the pool allows."""
    widen_metrics(domain)  # dev-only shapes; the held-out split never picks them
    pool = domain.pool(rng)
    brief = Brief()
    voice = Voice(rng, held_out)
    ctx = Ctx(brief, voice, pool)
    names = {k["name"] for k in pool}
    metrics = [m for m in domain.METRICS if m.name in names]
    chosen = rng.sample(metrics, min(len(metrics), rng.randint(3, 6)))
    if wrong and first == "sign":  # a signed metric leads, so its sign can be flipped
        signed = [m for m in chosen if m.signed] or [m for m in metrics if m.signed]
        if signed:
            lead = rng.choice(signed)
            if lead in chosen:
                chosen.remove(lead)
            chosen.insert(0, lead)
        else:
            first = ""
    modes = ["cite"] * len(chosen)
    count = min(wrong, len(chosen))
    targets = [0, *rng.sample(range(1, len(chosen)), count - 1)] if count else []
    for n, i in enumerate(targets):
        allowed = chosen[i].modes()
        if n == 0 and first == "sign":
            modes[i] = "word_sign" if chosen[i].words and rng.random() < 0.25 else "sign"
        elif n == 0 and first:
            modes[i] = {"value": "value", "beyond band": "name"}[first]
        else:
            modes[i] = rng.choices(allowed, [MODE_WEIGHTS[m] for m in allowed])[0]
        if modes[i] == "sign" and rng.random() < 0.6:
            _decoy(domain, pool, chosen[i].name, rng)
    # sentences written for the dev split only join the draw there alone: a domain's
    # DEV_EXTRAS and corpus.widened's
    kinds = domain.EXTRAS
    if not held_out:
        kinds = kinds + getattr(domain, "DEV_EXTRAS", []) + BY_DOMAIN.get(domain.DOMAIN, [])
        kinds = kinds + HABITS.get(domain.DOMAIN, [])
    extras = rng.sample(kinds, min(len(kinds), rng.randint(2, 5)))
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
