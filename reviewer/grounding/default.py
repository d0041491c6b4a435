"""The `default` detector: the reference design with its known weaknesses fixed."""

from __future__ import annotations

from reviewer.grounding.reference import PoolDetector


class DefaultDetector(PoolDetector):
    """Same bands and signed nearest; also sign-checks past the single nearest value."""

    name = "default"
    version = "0.1"
    hidden_sign = True
