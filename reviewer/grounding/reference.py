"""The `reference` detector: the published grounding check, weaknesses included.

The shared design is `PoolDetector` (pool.py); the reference uses the published token
rules and only the thresholds of its config.
"""

from __future__ import annotations

from reviewer.grounding.config import ConfigError, DetectorConfig
from reviewer.grounding.pool import PoolDetector

NOT_READ = ("units", "names", "rules", "lexicon")  # config tables only the default detector reads


class ReferenceDetector(PoolDetector):
    """Exactly the check PRODUCT.md publishes, so that published figures reproduce.

    Read literally: tokens and units as `ReferenceScanner` documents; among the pool
    entries of the token's unit, the nearest is the first in pool order at the least
    `abs(value - k.value)` (what `min()` over the pool returns); `scale = max(|nearest|,
    |value|, 1e-9)`; "opposite signs" means one value > 0 and the other < 0 (zero has no
    sign); faithful when rel <= faithful, else sign when opposite and the magnitudes are
    within the sign band, else value when rel <= value, else unrelated (ignored). A token
    with at least one candidate is checkable, whatever its judgement.
    """

    name = "reference"
    version = "1.1"  # 1.1: the rules as published (Unicode whitespace, case, 12-character tail)

    def __init__(self, config: DetectorConfig | None = None) -> None:
        if config is not None:
            refused = [table for table in NOT_READ if table in config.given]
            if refused:
                tables = " and ".join(f"[{table}]" for table in refused)
                raise ConfigError(
                    f"{config.source}: the reference detector does not read {tables}: its "
                    "units and readings are the published ones (give the file to "
                    "--detector default, or keep only [thresholds] for the reference)"
                )
        super().__init__(config)

    def config_dict(self) -> dict[str, object]:
        """Only the bands: the reference's unit rules are the published ones, not config."""
        thresholds = dict(self.config.to_dict()["thresholds"])
        thresholds.pop("hidden_sign")
        thresholds.pop("name")
        return {"thresholds": thresholds}
