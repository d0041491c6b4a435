"""Brief text is data: make every character visible and nothing executable."""

from __future__ import annotations

_VISIBLE: dict[int, str] = {code: chr(0x2400 + code) for code in range(0x20)}
_VISIBLE.pop(ord("\n"))
_VISIBLE.pop(ord("\t"))
_VISIBLE[0x7F] = "\u2421"  # ␡
_VISIBLE.update({code: "\ufffd" for code in range(0x80, 0xA0)})
# bidirectional embeddings, overrides and isolates reorder what follows them on screen
_VISIBLE.update({code: "\ufffd" for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))})


def literal(text: str) -> str:
    """Replace control characters one-for-one with visible symbols (ESC becomes ␛; a
    bidirectional override, which would reorder the line, becomes �).

    Offsets are preserved, so flag spans still point at the same characters.
    """
    if text.isascii() and text.isprintable():  # most text: nothing to replace
        return text
    return text.translate(_VISIBLE)


def one_line(text: str) -> str:
    """`literal`, with newlines and tabs shown as symbols too, for single-line cells."""
    return literal(text).replace("\n", "\u2424").replace("\t", "\u2409")
