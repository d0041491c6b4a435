"""The stats panel gives the commands that learn a model of the labels once they are worth
learning from, as `reviewer stats` does. Driven with pilot on a real SQLite file made by
the real ingest of the demo briefs; the labels are read back from the database after."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_cli_stats_learn_hint import copy_with_labels, stored  # noqa: F401
from tests.tui.test_tui_switch_off import panel_of


@pytest.mark.asyncio
async def test_the_panel_says_when_the_labels_can_teach_a_model(
    stored: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    where = copy_with_labels(stored, tmp_path, true=12, false=12)
    shown, labels = await panel_of(where)
    assert "Learn 12 of 24 verdicts say the flag is false" in shown
    assert "reviewer learn --name team, then reviewer flag --model team" in shown
    assert labels == 24  # the panel only reads


@pytest.mark.asyncio
async def test_no_learn_section_while_the_rules_read_right(
    stored: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    where = copy_with_labels(stored, tmp_path, true=27, false=3)
    shown, _ = await panel_of(where)
    assert "Precision" in shown and "Learn" not in shown
