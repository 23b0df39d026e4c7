"""Recorded games as listed (db.games): the posses they were played by, renamed or not."""

from __future__ import annotations

from pathlib import Path

from db import games, posses
from db.connection import open_campaign
from rostermgr.report import parse_report
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests import writes
from tests.conftest import DALTON, LAWMEN

D, L = DALTON["name"], LAWMEN["name"]


def test_r17_a_renamed_posse_keeps_its_games_and_a_new_one_takes_none(tmp_path: Path) -> None:
    rules = default_ruleset()
    db = open_campaign(tmp_path / "c.sqlite3")
    try:
        for doc in (DALTON, LAWMEN):
            posses.create_posse(plan_creation(doc, rules), rules)
        report = {"date": "2026-01-01", "scenario": "other", "posses": [D, L], "winner": D}
        writes.record_game(parse_report(report, rules), rules, prune=False)
        posses.rename_posse(D, "The Daltons")
        posses.create_posse(plan_creation(DALTON, rules), rules)  # the old name, a new posse
        (game,) = games.list_games()
        assert game.posses == ("The Daltons", L)
        assert game.winner == "The Daltons"
    finally:
        db.close()
