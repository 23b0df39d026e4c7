"""Tools > Odds: the numbers shown are rostermgr.odds' exact odds (R8, R9), charts export."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication, QImage

from rostermgr.odds import Matchup, exact_odds
from rostermgr.odds.text import dec, pct
from rostermgr.resolver import COMBAT, SHOT
from ui.dialogs.odds_window import OddsWindow, open_odds
from ui.heat_model import ODDS_ROLE
from ui.main_window import MainWindow

D, L = "The Dalton Boys", "Last Hope Lawmen"
# Wyatt (Sheriffs leader: Shot 3, pistol) shoots at Ike Dalton (Outlawmen leader: Defence 2,
# medium leather +2, Toughness 2): the default pairing, the selected posse attacking the other.
WYATT_AT_IKE = Matchup(
    kind=SHOT,
    attacker="sheriffs",
    attack=3,
    defender="outlawmen",
    defence=2,
    clothing=2,
    weapon="pistol",
    toughness=2,
)


@pytest.fixture
def odds_window(window: MainWindow, qtbot) -> OddsWindow:
    dialog = OddsWindow(window, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.wait()
    return dialog


def bar_values(dialog: OddsWindow) -> tuple[list[str], list[float]]:
    series = dialog.wounds.chart.series()[0]
    bar_set = series.barSets()[0]
    axis = dialog.wounds.chart.axes()[0]
    return list(axis.categories()), [bar_set.at(i) for i in range(bar_set.count())]


def assert_shows(dialog: OddsWindow, matchup: Matchup) -> None:
    """The fields describe `matchup` and every number shown is exact_odds of it."""
    rules = dialog.rules
    expected = exact_odds(matchup, rules)
    assert dialog.current_matchup() == matchup
    assert dialog.odds == expected
    assert dialog.numbers["success"].text() == pct(expected.success)
    assert dialog.numbers["failure"].text() == pct(expected.failure)
    assert dialog.numbers["score_draw"].text() == pct(expected.score_draw)
    assert dialog.numbers["winged"].text() == pct(expected.chance(expected.winged))
    assert dialog.numbers["mean_wounds"].text() == dec(expected.mean_wounds, 2)
    categories, values = bar_values(dialog)
    chances = expected.wound_chances
    assert categories == [str(w) for w in chances]
    assert values == pytest.approx([float(p) * 100 for p in chances.values()])
    assert sum(values) == pytest.approx(100)


def assert_heat_map(dialog: OddsWindow, matchup: Matchup) -> None:
    """Every cell: the chance of success of the matchup with that attack and defence (R8)."""
    dialog.wait()
    model = dialog.heat.model
    assert model.grid is not None
    assert model.clothing == matchup.clothing
    assert (model.rowCount(), model.columnCount()) == (5, 6)  # attack 1-5 x defence 1-6
    for row, attack in enumerate(range(1, 6)):
        for column, defence in enumerate(range(1, 7)):
            cell = replace(matchup, attack=attack, defence=defence)
            expected = exact_odds(cell, dialog.rules)
            index = model.index(row, column)
            assert model.data(index) == pct(expected.success, 1)
            assert model.data(index, ODDS_ROLE).success == expected.success
            assert model.data(index, Qt.ItemDataRole.BackgroundRole) is not None
    assert dialog.heat.table.isEnabled()


def test_default_pairing_shows_exact_odds(odds_window: OddsWindow) -> None:
    assert odds_window.attacker.chosen_member().name == "Wyatt"
    assert odds_window.target.chosen_member().name == "Ike Dalton"
    assert_shows(odds_window, WYATT_AT_IKE)
    assert_heat_map(odds_window, WYATT_AT_IKE)


def test_picking_members_fills_their_stats(odds_window: OddsWindow) -> None:
    a, t = odds_window.attacker, odds_window.target
    a.pick(D, "Ma Dalton")  # deputy: Shot 2, Strength 2, shotgun
    assert (a.attack.value(), a.faction_id(), a.weapon_id()) == (2, "outlawmen", "shotgun")
    t.pick(L, "Wyatt")  # leader: Defence 2, light leather +1, Toughness 2
    assert (t.defence.value(), t.clothing.value(), t.toughness.value()) == (2, 1, 2)
    assert t.faction_id() == "sheriffs"
    shot = Matchup(SHOT, "outlawmen", 2, "sheriffs", 2, 1, weapon="shotgun", toughness=2)
    assert_shows(odds_window, shot)
    assert_heat_map(odds_window, shot)
    a.pick(D, "Doc")  # gang member (Combat 2) with a hunting knife, his best combat weapon
    odds_window.test_buttons["combat"].setChecked(True)
    assert (a.attack.value(), a.weapon_id()) == (2, "hunting-knife")
    combat = Matchup(COMBAT, "outlawmen", 2, "sheriffs", 2, 1, weapon="hunting-knife", toughness=2)
    assert_shows(odds_window, combat)
    assert_heat_map(odds_window, combat)
    heat = odds_window.heat.model
    # R8 (2026-12): a combat action is Combat vs Defence
    assert heat.headerData(0, Qt.Orientation.Vertical) == "Combat 1"
    assert heat.headerData(5, Qt.Orientation.Horizontal) == "Defence 6"


def test_typed_stats_cover_and_horseback(odds_window: OddsWindow) -> None:
    a, t = odds_window.attacker, odds_window.target
    a.pick(None)
    t.pick(None)
    a.faction.setCurrentIndex(a.faction.findData("townsfolk"))
    a.attack.setValue(4)
    a.weapon.setCurrentIndex(a.weapon.findData("scope-rifle"))
    a.horseback.setChecked(True)
    t.faction.setCurrentIndex(t.faction.findData("bootleggers"))
    t.defence.setValue(1)
    t.clothing.setValue(3)
    t.toughness.setValue(1)
    t.cover.setCurrentIndex(t.cover.findData("half"))
    typed = Matchup(
        SHOT, "townsfolk", 4, "bootleggers", 1, 3, "half", True, "scope-rifle", toughness=1
    )
    assert_shows(odds_window, typed)
    assert_heat_map(odds_window, typed)
    # cover and horseback only count for shots (R8): the combat matchup leaves them out, and
    # a rifle is no combat weapon (R4): the picker offers melee weapons only
    odds_window.test_buttons["combat"].setChecked(True)
    assert not t.cover.isEnabled() and not a.horseback.isEnabled()
    assert a.weapon_id() is None and a.weapon.findData("scope-rifle") < 0
    assert a.weapon.findData("hatchet") > 0
    combat = replace(typed, kind=COMBAT, cover=None, horseback=False, weapon=None)
    assert_shows(odds_window, combat)


def test_grid_is_worked_out_off_the_gui_thread_and_cached(odds_window: OddsWindow) -> None:
    t = odds_window.target
    t.toughness.setValue(t.toughness.value() + 1)  # a new grid: asked for, not yet there
    assert odds_window.runner.busy()
    assert not odds_window.heat.table.isEnabled()
    assert odds_window.heat.status.text()
    odds_window.wait()
    assert not odds_window.runner.busy()
    assert odds_window.heat.table.isEnabled()
    t.toughness.setValue(t.toughness.value() - 1)  # back to a grid seen before: cached
    assert not odds_window.runner.busy()
    assert_heat_map(odds_window, WYATT_AT_IKE)
    assert odds_window.heat.model.mark == (3, 2)


def test_closing_while_a_grid_is_worked_out(odds_window: OddsWindow) -> None:
    odds_window.target.toughness.setValue(6)
    assert odds_window.runner.busy()
    odds_window.close()  # lets the running grid finish, never leaves its thread behind
    assert not odds_window.runner.busy()


def test_many_quick_changes_end_on_the_last_grid(odds_window: OddsWindow) -> None:
    t = odds_window.target
    for clothing in (0, 1, 3, 0, 1):
        t.clothing.setValue(clothing)
    assert_heat_map(odds_window, replace(WYATT_AT_IKE, clothing=1))


def test_item_models_pass_the_model_tester(odds_window: OddsWindow, qtmodeltester) -> None:
    qtmodeltester.check(odds_window.heat.model)


def test_charts_save_as_png(odds_window: OddsWindow, tmp_path: Path) -> None:
    for name, panel in (("wounds.png", odds_window.wounds), ("heat.png", odds_window.heat)):
        target = tmp_path / name
        assert panel.save_png(target)
        assert target.stat().st_size > 0
        image = QImage(str(target))
        assert not image.isNull() and image.width() > 100


def test_open_odds_raises_the_open_window(window: MainWindow, qtbot) -> None:
    first = open_odds(window)
    qtbot.addWidget(first)
    assert first.isVisible()
    assert open_odds(window) is first
    first.wait()
    first.close()


def test_odds_without_posses(empty_window: MainWindow, qtbot) -> None:
    dialog = OddsWindow(empty_window, parent=empty_window)
    qtbot.addWidget(dialog)
    dialog.wait()
    assert dialog.attacker.chosen_member() is None
    assert not dialog.attacker.member.isEnabled()
    assert_shows(dialog, dialog.current_matchup())
    assert_heat_map(dialog, dialog.current_matchup())


class SmallScreen:
    """A 1024x700 screen, as QGuiApplication.primaryScreen() would report it."""

    def availableGeometry(self) -> QRect:
        return QRect(0, 0, 1024, 700)


def test_fits_a_small_screen(window: MainWindow, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QGuiApplication, "primaryScreen", staticmethod(SmallScreen))
    dialog = OddsWindow(window, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.wait()
    qtbot.wait(10)  # the layouts settle
    assert dialog.width() <= 1024 * 0.9 and dialog.height() <= 700 * 0.9
    minimum = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())
    assert minimum.width() <= dialog.width() and minimum.height() <= dialog.height()
    # the odds never scroll out of sight, however the fields above them scroll
    for key in ("success", "failure", "score_draw", "winged", "mean_wounds"):
        label = dialog.numbers[key]
        assert label.isVisible() and label.text()
        assert label.visibleRegion().boundingRect() == label.rect(), key
    # every heat map column is wide enough for its heading ("Defence 6")
    header = dialog.heat.table.horizontalHeader()
    wanted = header.fontMetrics().horizontalAdvance("Defence 6")
    assert all(header.sectionSize(c) >= wanted for c in range(header.count()))
    for button in (dialog.heat.save_button, dialog.wounds.save_button):
        corner = button.mapTo(dialog, button.rect().bottomRight())
        assert dialog.rect().contains(corner)
