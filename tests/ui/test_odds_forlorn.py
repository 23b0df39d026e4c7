"""Tools > Odds, Forlorn Hope tab (issue 32 item 8): the chances shown are every die counted."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ui.dialogs.odds_forlorn import ForlornOddsTab
from ui.dialogs.odds_window import OddsWindow
from ui.main_window import MainWindow


def _pct(chance: Fraction) -> str:
    return f"{float(chance) * 100:.2f}%"


def test_the_odds_window_has_a_forlorn_hope_tab(window: MainWindow, qtbot) -> None:
    odds = OddsWindow(window, parent=window)
    qtbot.addWidget(odds)
    titles = [odds.games.tabText(i) for i in range(odds.games.count())]
    assert titles == [window.rules.name, "Forlorn Hope"]
    assert isinstance(odds.games.widget(1), ForlornOddsTab)
    odds.wait()


def test_fire_shows_the_hits_every_die_counted(qtbot) -> None:
    tab = ForlornOddsTab()
    qtbot.addWidget(tab)
    tab.weapon.setCurrentIndex(tab.weapon.findData("musket"))
    tab.range.setValue(8)  # 6-10": 2 dice hitting on 4+
    tab.short.setValue(1)  # -1 a die: 5+, and a natural 6 always hits
    hits = {k: Fraction(0) for k in range(3)}
    for dice in product(range(1, 7), repeat=2):
        hits[sum(1 for d in dice if d == 6 or d - 1 >= 4)] += Fraction(1, 36)
    text = tab.fire_answer.text()
    assert 'Musket at 8": 2 D6, hit on 4+ with -1 a die' in text
    for k, p in hits.items():
        assert f"{k} hit{'s' if k != 1 else ''}: {_pct(p)}" in text
    tab.range.setValue(61)  # beyond the musket's last band: refused in a sentence
    assert "range" in tab.fire_answer.text().lower()
    assert "\n" not in tab.fire_answer.text()


def test_hand_to_hand_shows_who_wins_every_pair_of_dice_counted(qtbot) -> None:
    tab = ForlornOddsTab()
    qtbot.addWidget(tab)
    tab.attacker["charging"].setChecked(True)  # +2
    tab.defender["obstacle"].setChecked(True)  # +3
    wins = sum(Fraction(1, 36) for a, d in product(range(1, 7), repeat=2) if a + 2 > d + 3)
    assert _pct(wins) in tab.melee_answer.text()


def test_morale_and_the_event_check(qtbot) -> None:
    tab = ForlornOddsTab()
    qtbot.addWidget(tab)
    tab.side.setCurrentIndex(tab.side.findData("british"))
    tab.hits.setValue(4)
    tab.kills.setValue(2)
    tab.officer.setChecked(True)  # 15 - 4 - 2 + 3 = 12: a D10 below 12 always passes
    assert "100.00%" in tab.morale_answer.text()
    tab.officer.setChecked(False)  # 9: a D10 of 1 to 8 passes
    assert _pct(Fraction(8, 10)) in tab.morale_answer.text()
    events = sum(Fraction(1, 36) for a, b in product(range(1, 7), repeat=2)
                 if a == b or a + b in (7, 11))  # fmt: skip
    assert events == Fraction(14, 36)
    assert "14 in 36" in tab.event_answer.text()
