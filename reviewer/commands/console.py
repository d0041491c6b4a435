"""How counts read in messages: "1 brief", "2 briefs", never "1 briefs"."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """`n` with thousands separators and the noun in the number it needs.

    `noun` may be several words ("checkable number"); only the last one is made plural,
    by adding "s" unless `plural` gives the whole plural phrase.
    """
    if n == 1:
        return f"{n:,} {noun}"
    return f"{n:,} {plural or noun + 's'}"
