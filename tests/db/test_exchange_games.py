"""Export then import is exact, game references included (#27 item 8).

Into the same campaign (after deleting the posse, or `--as NEW`) an import reproduces `posse show
--json` exactly, ledger and history with their games. Into another campaign each reference to a
game that campaign does not hold is kept as the game's date and scenario (`game_label`), and
nothing else changes.
"""

from __future__ import annotations

import contextlib
import copy
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import exchange, posses
from db import models as m
from db.check import check_campaign
from db.connection import open_campaign
from rostermgr.errors import Refused
from rostermgr.shop import plan_creation
from rostermgr.views import posse_view
from tests import writes
from tests.conftest import DALTON, LAWMEN
from tests.db.test_roundtrip import RULES, _apply, op


def show(name: str) -> dict[str, Any]:
    """`posse show NAME --json`, as cli/posse.py builds it."""
    doc = posse_view(posses.load_posse(name), RULES)
    doc["ledger"] = [e.as_json() for e in posses.ledger(name)]
    doc["history"] = [h.as_json() for h in posses.history(name)]
    return doc


def renamed(doc: dict[str, Any], name: str) -> dict[str, Any]:
    want = copy.deepcopy(doc)
    want["name"] = name
    return want


def elsewhere(doc: dict[str, Any], labels: dict[int, str]) -> dict[str, Any]:
    """What `show` gives in a campaign without the games: each game as its label."""
    want = copy.deepcopy(doc)
    for entry in (*want["ledger"], *want["history"]):
        if entry["game"] is not None:
            entry["game"], entry["game_label"] = None, labels[entry["game"]]
    return want


def _grown(steps: list[tuple[Any, ...]]) -> None:
    for doc in (DALTON, LAWMEN):
        posses.create_posse(plan_creation(doc, RULES), RULES)
    for step in steps:
        with contextlib.suppress(Refused):  # a refused step writes nothing
            _apply(step)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(op, min_size=8, max_size=30))
def test_export_then_import_reproduces_show_exactly(steps: list[tuple[Any, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = open_campaign(Path(folder) / "a.sqlite3")
        try:
            _grown(steps)
            shown = {p.name: show(p.name) for p in posses.all_posses()}
            exported = {name: exchange.export_posse(name) for name in shown}
            labels = {g.id: f"{g.date} {g.scenario}" for g in m.Game.select()}
            for i, (name, doc) in enumerate(exported.items()):
                copy_name = f"Copy {i}"
                writes.import_posse(copy.deepcopy(doc), RULES, as_name=copy_name)
                assert show(copy_name) == renamed(shown[name], copy_name)
                posses.set_standing(name, "delete")
                writes.import_posse(copy.deepcopy(doc), RULES)
                assert show(name) == shown[name]
            assert check_campaign(db, RULES) == []
        finally:
            db.close()
        db = open_campaign(Path(folder) / "b.sqlite3")
        try:
            for name, doc in exported.items():
                writes.import_posse(copy.deepcopy(doc), RULES)
                assert show(name) == elsewhere(shown[name], labels)
            assert check_campaign(db, RULES) == []
        finally:
            db.close()


def test_a_game_with_the_same_number_in_another_campaign_is_not_taken_for_it() -> None:
    """Campaign b has a game 1 too, of another day: the file's game 1 stays a label there."""
    with tempfile.TemporaryDirectory() as folder:
        db = open_campaign(Path(folder) / "a.sqlite3")
        try:
            _grown([("game", 2, "", [(0, 1, True)])])
            doc = exchange.export_posse(DALTON["name"])
            before = show(DALTON["name"])
        finally:
            db.close()
        assert any(e["game"] == 1 for e in before["history"]), before["history"]
        db = open_campaign(Path(folder) / "b.sqlite3")
        try:
            _grown([("game", 2, "a different game", [])])
            # its game 1 has the same date and scenario, and another report
            writes.import_posse(copy.deepcopy(doc), RULES, as_name="Moved")
            moved = show("Moved")
            assert moved == renamed(elsewhere(before, {1: "2026-01-01 other"}), "Moved")
        finally:
            db.close()
