"""Tools > Statistics: purses, win rates and flips as charts, every statistic as a table."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from db import flips, games
from db.posses import load_posse
from db.stats import read_campaign
from rostermgr.report import parse_report
from rostermgr.stats import campaign_stats
from ui.dialogs.stats_window import NO_GAMES, StatsWindow, open_stats
from ui.main_window import MainWindow
from ui.stat_table_model import VALUE_ROLE

D, L = "The Dalton Boys", "Last Hope Lawmen"
REPORTS = [
    {
        "date": "2026-01-03",
        "scenario": "bloodbath",
        "posses": [D, L],
        "winner": L,
        "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
        "income": [{"posse": D, "amount": 10, "reason": "stagecoach"}],
    },
    {
        "date": "2026-01-10",
        "scenario": "bloodbath",
        "posses": [D, L],
        "winner": D,
        "out_of_action": [
            {"posse": L, "member": "Morgan", "by": {"posse": D, "member": "Ike Dalton"}}
        ],
        "income": [
            {"posse": D, "amount": 25, "reason": "bank"},
            {"posse": L, "amount": 5, "reason": "fines"},
        ],
    },
    {
        "date": "2026-01-17",
        "scenario": "supply-drop",
        "posses": [D, L],
        "winner": None,
        "income": [{"posse": L, "amount": 30, "reason": "supplies"}],
    },
]


def record(window: MainWindow, doc: dict, purses: dict) -> None:
    """Record one game; note each posse's purse right after it, as `posse show` gives it."""
    game_id, _ = games.record_game(parse_report(doc, window.rules), window.rules)
    for name in doc["posses"]:
        purses.setdefault(name, []).append((game_id, load_posse(name).purse))


@pytest.fixture
def played(window: MainWindow) -> dict[str, list[tuple[int, int]]]:
    """Three games between the two posses, then a flip spent by each take-out's hero (R15)."""
    purses: dict[str, list[tuple[int, int]]] = {}
    for doc in REPORTS:
        record(window, doc, purses)
    flips.spend_flip(L, "Wyatt", window.rules, card="5S", choose="shot")
    flips.spend_flip(D, "Ike Dalton", window.rules, card="JD", choose="defence")
    return purses


def open_window(window: MainWindow, qtbot) -> StatsWindow:
    dialog = StatsWindow(window, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def lines(dialog: StatsWindow) -> dict[str, list[tuple[float, float]]]:
    return {s.name(): [(p.x(), p.y()) for p in s.points()] for s in dialog.purses.chart.series()}


def bars(panel) -> tuple[list[str], list[float]]:
    bar_set = panel.chart.series()[0].barSets()[0]
    return list(panel.chart.axes()[0].categories()), [bar_set.at(i) for i in range(bar_set.count())]


def test_purse_lines_one_per_posse(window: MainWindow, played, qtbot) -> None:
    dialog = open_window(window, qtbot)
    assert lines(dialog) == played
    assert set(played) == {D, L} and all(len(points) == 3 for points in played.values())


def test_win_rates_by_faction(window: MainWindow, played, qtbot) -> None:
    dialog = open_window(window, qtbot)
    # each faction won one game, lost one and drew one (no winner counts as drawn)
    categories, values = bars(dialog.wins)
    assert categories == ["Sheriffs (3)", "Outlawmen (3)"]
    assert values == pytest.approx([100 / 3] * 2, abs=0.01)  # the table rounds to 4 places
    assert "1 won, 1 lost, 1 drawn" in dialog.wins.caption.text()


def test_flips_by_stat(window: MainWindow, played, qtbot) -> None:
    dialog = open_window(window, qtbot)
    categories, values = bars(dialog.flips)
    chosen = dict(zip(categories, values, strict=True))
    assert chosen == {
        "Shot": 1,
        "Combat": 0,
        "Strength": 0,
        "Toughness": 0,
        "Defence": 1,
        "Wounds": 0,
    }


def test_every_table_in_a_tab(window: MainWindow, played, qtbot, qtmodeltester) -> None:
    dialog = open_window(window, qtbot)
    tables = campaign_stats(read_campaign(), window.rules)
    assert dialog.table_tabs.count() == len(tables)
    for i, table in enumerate(tables):
        page = dialog.table_tabs.widget(i)
        model = page.model
        qtmodeltester.check(model)
        assert model.rowCount() == len(table.rows)
        assert [
            model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())
        ] == [c.replace("_", " ").capitalize() for c in table.columns]
        for r, row in enumerate(table.rows):
            assert [model.data(model.index(r, c), VALUE_ROLE) for c in range(len(row))] == list(row)
    wins = dialog.pages["faction_wins"].model
    assert wins.data(wins.index(0, 0)) == "Sheriffs"  # ids shown by their names
    assert wins.data(wins.index(0, 5)) == "33.3%"


def test_refresh_shows_a_new_game(window: MainWindow, played, qtbot) -> None:
    dialog = open_window(window, qtbot)
    doc = dict(REPORTS[2], date="2026-01-24", winner=D)
    record(window, doc, played)
    dialog.reload()
    assert lines(dialog) == played
    assert len(dialog.purses.chart.series()) == 2


def test_charts_save_as_png(window: MainWindow, played, qtbot, tmp_path: Path) -> None:
    dialog = open_window(window, qtbot)
    for panel in (dialog.purses, dialog.wins, dialog.flips):
        target = tmp_path / f"{panel.stem}.png"
        assert panel.save_png(target)
        assert target.stat().st_size > 0
        assert not QImage(str(target)).isNull()


def test_no_games_yet(window: MainWindow, qtbot) -> None:
    dialog = open_window(window, qtbot)
    assert dialog.purses.chart.series() == []
    assert dialog.purses.caption.text() == NO_GAMES
    assert dialog.wins.caption.text() == NO_GAMES
    assert dialog.wins.chart.axes() == []  # no empty axes drawn
    assert all(not s.barSets() for s in dialog.wins.chart.series())


def test_open_stats_raises_the_open_window(window: MainWindow, qtbot) -> None:
    first = open_stats(window)
    qtbot.addWidget(first)
    assert open_stats(window) is first
    first.close()
