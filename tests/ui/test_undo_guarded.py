"""Undo and redo go through the guard every edit does (issue 27, item 4).

After another program took the campaign over, the window's undo must not write: it used to
take back the other program's sale silently. A refused undo is a sentence, the file is left
byte for byte, and the undo stack stays in step with the file.
"""

from __future__ import annotations

import os
import stat

import pytest

from services import edits, posses
from tests.conftest import hand_lock_to
from ui.main_window import MainWindow

L = "Last Hope Lawmen"


def _sell(window: MainWindow) -> None:
    window.act("Sell whiskey", lambda: edits.sell(window.campaign, L, "Texas Jack", "whiskey"))


def test_undo_after_a_take_over_is_refused_and_the_stack_stays(
    window: MainWindow, other_process, _no_modal_boxes: list[str]
) -> None:
    _sell(window)
    assert window.undo_stack.index() == 1
    hand_lock_to(window.campaign.path, other_process.pid)  # `--take-over` by another program
    before = window.campaign.path.read_bytes()
    window.menus.edit.undo.trigger()
    assert any("has taken" in text and "over" in text for text in _no_modal_boxes)
    assert window.campaign.path.read_bytes() == before
    assert window.undo_stack.index() == 1 and window.undo_stack.canUndo()


def test_redo_on_a_read_only_file_is_refused_and_the_stack_stays(
    window: MainWindow, _no_modal_boxes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _sell(window)
    window.menus.edit.undo.trigger()
    assert window.undo_stack.index() == 0 and not _no_modal_boxes
    window.campaign.read_only = True  # what opening a read-only file sets
    window.menus.edit.redo.trigger()
    assert any("read-only" in text for text in _no_modal_boxes)
    assert window.undo_stack.index() == 0 and window.undo_stack.canRedo()
    window.campaign.read_only = False
    window.menus.edit.redo.trigger()
    assert window.undo_stack.index() == 1
    jack = next(m for m in posses.load(window.campaign, L).members if m.name == "Texas Jack")
    assert "whiskey" not in jack.items


def test_a_refused_undo_of_several_steps_leaves_the_stack_where_the_file_is(
    window: MainWindow, other_process, _no_modal_boxes: list[str]
) -> None:
    _sell(window)
    window.act("Buy", lambda: edits.buy(window.campaign, L, "Morgan", "whiskey"))
    window.menus.edit.undo.trigger()  # the buy is taken back
    hand_lock_to(window.campaign.path, other_process.pid)
    window.undo_stack.setIndex(0)  # as Edit > History does: the sale is refused
    assert window.undo_stack.index() == 1 and len(_no_modal_boxes) == 1
    assert os.stat(window.campaign.path)[stat.ST_SIZE] > 0


def test_the_games_dialog_names_a_later_adoption_and_backs_up_first(
    window: MainWindow, qtbot, tmp_path, _no_modal_boxes: list[str]
) -> None:
    """Item 3 in the app: undoing a game also takes back a later adoption; it says so."""
    from pathlib import Path

    from services import games, rulesets
    from ui.dialogs.games import GamesDialog

    c = window.campaign
    doc = {"scenario": "bloodbath", "posses": ["The Dalton Boys", L], "winner": L}
    games.record(c, games.parse(c, doc))
    shipped = Path(__file__).resolve().parents[2] / "rostermgr/rulesets/last-hope-frontier.toml"
    edited = tmp_path / "v2.toml"
    edited.write_text(
        shipped.read_text("utf-8").replace('version = "0.1-playtest"', 'version = "v2"', 1),
        encoding="utf-8",
    )
    rulesets.adopt(c, rulesets.load_file(edited))
    dialog = GamesDialog(window, parent=window)
    qtbot.addWidget(dialog)
    dialog.undo_last()  # the question is answered Yes
    assert "the adoption of last-hope-frontier version v2" in _no_modal_boxes[0]
    assert games.listing(c) == [] and rulesets.current(c).version == "0.1-playtest"
    assert "Backed up first to" in window.statusBar().currentMessage()
    # the window plays the ruleset the campaign holds again, not the undone v2 (R1)
    assert window.rules.version == c.rules.version == "0.1-playtest"
    assert window.view.rules is window.rules
