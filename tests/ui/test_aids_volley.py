"""The Table panel's Volley tab (issue 32 item 9): the steps `resolve volley` gives."""

from __future__ import annotations

import random

from rostermgr.volley import Volley, default_volley_rules
from rostermgr.volley_steps import settle_volley
from ui.dialogs.aids_volley import VolleyTab
from ui.dialogs.table_aids import TableAids
from ui.main_window import MainWindow


def test_the_table_panel_has_the_volley_tab(window: MainWindow, qtbot) -> None:
    aids = TableAids(window, parent=window)
    qtbot.addWidget(aids)
    assert isinstance(aids.volley, VolleyTab)


def _tab(qtbot) -> VolleyTab:
    tab = VolleyTab()
    qtbot.addWidget(tab)
    tab.attack.setValue(2)
    tab.bases.setValue(3)
    tab.save.setValue(5)
    tab.courage.setValue(3)
    tab.wounds.setValue(2)
    tab.modifiers["cover"].setChecked(True)
    return tab


def test_typed_dice_are_settled_as_the_command_line_does(qtbot) -> None:
    tab = _tab(qtbot)
    tab.dice.setText("6 5 5 4 2 1")
    tab.settle.click()
    assert tab.answer.toPlainText().splitlines()[-1] == "Saves: roll 3 dice, one a hit, needing 5+."
    tab.saves.setText("6, 2, 3")
    tab.settle.click()
    volley = Volley(attack=2, bases=3, save=5, courage=3, wounds=2, modifiers=("cover",))
    expected = settle_volley(volley, (6, 5, 5, 4, 2, 1), (6, 2, 3), default_volley_rules())
    assert tab.answer.toPlainText().splitlines() == expected.explain()


def test_wrong_dice_are_one_sentence(qtbot) -> None:
    tab = _tab(qtbot)
    tab.dice.setText("6 5 x")
    tab.settle.click()
    assert tab.answer.toPlainText() == "'x' is not a die; type the numbers the dice show."
    tab.dice.setText("6 5")
    tab.settle.click()
    assert tab.answer.toPlainText() == "The volley rolls 6 attack dice, but 2 were given."


def test_rolled_dice_are_shown_and_settled(qtbot) -> None:
    tab = _tab(qtbot)
    tab.run_drawn(random.Random(3))
    dice = [int(d) for d in tab.dice.text().split()]
    saves = [int(d) for d in tab.saves.text().split()]
    assert len(dice) == 6 and len(saves) == sum(d >= 5 for d in dice)
    assert tab.answer.toPlainText().startswith("Attack pool: Ranged Attack 2 x 3 bases = 6 dice.")
