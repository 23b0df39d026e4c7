"""The Table panel's Movement tab (R12a): the answers `rostermgr measure` gives."""

from __future__ import annotations

from PySide6.QtCore import Qt

from rostermgr.movement import measure
from rostermgr.rules import Tabletop
from ui.dialogs.aids_movement import MovementTab
from ui.dialogs.table_aids import TableAids
from ui.main_window import MainWindow


def _tab(qtbot, tabletop: Tabletop | None = None) -> MovementTab:
    tab = MovementTab(tabletop or Tabletop())
    qtbot.addWidget(tab)
    return tab


def _choose(tab: MovementTab, kind: str) -> None:
    tab.kind.setCurrentIndex(tab.kind.findData(kind))


def test_the_table_panel_has_the_movement_tab_of_the_campaign_s_card(
    window: MainWindow, qtbot
) -> None:
    aids = TableAids(window, parent=window)
    qtbot.addWidget(aids)
    assert aids.movement.tabletop == window.rules.tabletop


def test_r12a_a_fall_typed_then_enter_is_answered_as_the_command_line_does(qtbot) -> None:
    tab = _tab(qtbot)
    _choose(tab, "fall")
    qtbot.keyClicks(tab.length, "210mm")
    qtbot.keyClick(tab.length, Qt.Key.Key_Return)
    assert tab.answer.toPlainText() == measure("fall", 210, Tabletop()).sentence
    assert "2 unsoakable damage" in tab.answer.toPlainText()


def test_r12a_the_model_s_move_counts_for_a_move_only(qtbot) -> None:
    tab = _tab(qtbot)
    _choose(tab, "move")
    assert tab.model_move.isEnabled()
    tab.length.setText("150")
    tab.answer_button.click()
    assert "does not reach" in tab.answer.toPlainText()
    tab.model_move.setValue(2)
    tab.answer_button.click()
    assert " reaches " in tab.answer.toPlainText()
    _choose(tab, "climb")
    assert not tab.model_move.isEnabled()


def test_r12a_a_house_card_is_the_one_measured_with(qtbot) -> None:
    tab = _tab(qtbot, Tabletop(card_mm=(100.0, 70.0)))
    _choose(tab, "obstacle")
    tab.length.setText("7cm")
    tab.answer_button.click()
    assert tab.answer.toPlainText().endswith("may cross.")


def test_a_length_that_is_none_is_said_in_one_sentence(qtbot) -> None:
    tab = _tab(qtbot)
    tab.length.setText("tall")
    tab.answer_button.click()
    assert tab.answer.toPlainText() == (
        "'tall' is not a length: write it as 120mm, 12cm, 4.5in or 1.5 cards."
    )


def test_the_move_reads_in_card_lengths_singular_for_one(qtbot) -> None:
    tab = _tab(qtbot)
    assert tab.model_move.text() == "1 card length"
    tab.model_move.setValue(2)
    assert tab.model_move.text() == "2 card lengths"
