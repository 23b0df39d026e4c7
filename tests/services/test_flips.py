"""Spending flips (services.flips, R15): a drawn card that refuses the choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import flips as stored_flips
from rostermgr.cards import parse_card
from rostermgr.rules_load import default_ruleset
from services import flips, games, posses
from services.opening import for_command
from tests.conftest import DALTON, LAWMEN

D, L = DALTON["name"], LAWMEN["name"]


def test_r15_a_drawn_card_that_refuses_the_stat_asked_for_keeps_the_flip_waiting_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with for_command(tmp_path / "c.sqlite3", default_ruleset(), editing=True) as c:
        for doc in (DALTON, LAWMEN):
            posses.create(c, posses.plan_request(c, doc))
        report = {
            "date": "2026-01-01",
            "scenario": "other",
            "posses": [D, L],
            "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
        }
        games.record(c, games.parse(c, report))
        monkeypatch.setattr(stored_flips, "draw_card", lambda _rules, _rng=None: parse_card("7H"))
        flipped = flips.spend(c, L, "Wyatt", draw=True, choose="Shot")
        assert flipped.step.text == (
            "Wyatt turns 7H: Strength or Toughness; the choice waits. "
            "Shot was asked for, which 7H does not allow."
        )
        assert (flipped.member.flips, flipped.member.pending_card) == (0, "7H")
        assert posses.history(c, L)[-1].data["drawn"] is True
