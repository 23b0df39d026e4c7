"""Spending flips in the campaign (db.flips, R15): a drawn card that refuses the choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from db import flips, games, posses
from db.connection import open_campaign
from rostermgr.cards import parse_card
from rostermgr.report import parse_report
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests.conftest import DALTON, LAWMEN

D, L = DALTON["name"], LAWMEN["name"]


def test_r15_a_drawn_card_that_refuses_the_stat_asked_for_keeps_the_flip_waiting_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = default_ruleset()
    db = open_campaign(tmp_path / "c.sqlite3")
    try:
        for doc in (DALTON, LAWMEN):
            posses.create_posse(plan_creation(doc, rules), rules)
        report = {
            "date": "2026-01-01",
            "scenario": "other",
            "posses": [D, L],
            "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
        }
        games.record_game(parse_report(report, rules), rules, prune=False)
        monkeypatch.setattr(flips, "draw_card", lambda _rules, _rng=None: parse_card("7H"))
        step = flips.spend_flip(L, "Wyatt", rules, draw=True, choose="Shot")
        assert step.text == (
            "Wyatt turns 7H: Strength or Toughness; the choice waits. "
            "Shot was asked for, which 7H does not allow."
        )
        wyatt = posses.load_posse(L).member("Wyatt")
        assert (wyatt.flips, wyatt.pending_card) == (0, "7H")
    finally:
        db.close()
