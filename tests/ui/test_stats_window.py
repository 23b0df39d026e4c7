"""Tools > Statistics: purses, win rates and flips as charts, every statistic as a table."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from db.posses import create_posse, load_posse
from db.stats import read_campaign
from rostermgr.report import parse_report
from rostermgr.shop import plan_creation
from rostermgr.stats import campaign_stats
from tests import writes
from ui.charts import marked_points
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
    game_id, _ = writes.record_game(parse_report(doc, window.rules), window.rules)
    for name in doc["posses"]:
        purses.setdefault(name, []).append((game_id, load_posse(name).purse))


@pytest.fixture
def played(window: MainWindow) -> dict[str, list[tuple[int, int]]]:
    """Three games between the two posses, then a flip spent by each take-out's hero (R15)."""
    purses: dict[str, list[tuple[int, int]]] = {}
    for doc in REPORTS:
        record(window, doc, purses)
    writes.spend_flip(L, "Wyatt", window.rules, card="5S", choose="shot")
    writes.spend_flip(D, "Ike Dalton", window.rules, card="JD", choose="defence")
    return purses


def open_window(window: MainWindow, qtbot) -> StatsWindow:
    dialog = StatsWindow(window, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def lines(dialog: StatsWindow) -> dict[str, list[tuple[float, float]]]:
    """Each posse's dots: the points drawn with a marker (a step line's corners have none)."""
    return {s.name(): marked_points(s) for s in dialog.purses.chart.series()}


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
        qtmodeltester.check(page.proxy)  # the sorting view over it
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


T = "Eglise Street Merchants"
TOWNSFOLK = {
    "name": T,
    "faction": "townsfolk",
    "members": [
        {"name": "Eleonore", "role": "leader", "items": ["pistol"]},
        {"name": "Mabel", "role": "deputy", "items": []},
        {"name": "Abe", "role": "ganger", "items": []},
        {"name": "Bo", "role": "ganger", "items": []},
        {"name": "Cy", "role": "ganger", "items": []},
    ],
}


def shown(page, column: str) -> list[str]:
    """What a user reads down one column of a table page, in the order shown."""
    model = page.view.model()
    col = page.model.table.columns.index(column)
    return [model.data(model.index(r, col)) for r in range(model.rowCount())]


def test_tables_speak_the_users_words(window: MainWindow, played, qtbot) -> None:
    dialog = open_window(window, qtbot)
    games_page, casualties = dialog.pages["games"], dialog.pages["casualties"]
    headers = [
        games_page.model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(games_page.model.columnCount())
    ]
    measures = shown(casualties, "measure")
    assert measures == ["Out of action", "Take outs", "Injuries", "Deaths", "Flips earned"]
    assert set(measures) <= set(headers)  # the same words as the Games tab's columns
    assert shown(dialog.pages["flips"], "measure")[0] == "Earned"
    kinds = shown(dialog.pages["money"], "kind")
    assert {"Starting purse", "Hiring", "Items bought", "Income"} <= set(kinds)
    assert not {"purse", "hire", "buy", "goods", "income", "bounty"} & set(kinds)


def test_money_in_dollars_sorted_as_numbers(window: MainWindow, played, qtbot) -> None:
    dialog = open_window(window, qtbot)
    money = dialog.pages["money"]
    for column in ("in", "out", "net"):
        assert all(text.startswith(("$", "-$")) for text in shown(money, column))
    assert "-$145" in shown(money, "net")  # three gang members hired at creation
    purses = [p for _, p in played[D]]
    assert shown(dialog.pages["purses"], "purse")[-len(purses) :] == [f"${p}" for p in purses]
    assert all(t.startswith("$") for t in shown(dialog.pages["items"], "net_spent"))
    # a click on 'Net' sorts by the amount, not by the text ("$15" would come before "$5")
    col = money.model.table.columns.index("net")
    money.view.sortByColumn(col, Qt.SortOrder.AscendingOrder)
    view_model = money.view.model()
    rows = range(view_model.rowCount())
    values = [view_model.data(view_model.index(r, col), VALUE_ROLE) for r in rows]
    assert values == sorted(values) and len(set(values)) > 2
    assert shown(money, "net")[0] == "-$145"


def test_purses_only_at_games_a_posse_played(window: MainWindow, qtbot) -> None:
    """The Lawmen sit out game 2: no dot for them there, and no made-up value between."""
    create_posse(plan_creation(TOWNSFOLK, window.rules), window.rules)
    purses: dict[str, list[tuple[int, int]]] = {}
    for posses in ([D, L], [D, T], [L, T]):
        doc = {"date": "2026-02-01", "scenario": "bloodbath", "posses": posses, "winner": None}
        doc["income"] = [{"posse": posses[0], "amount": 40, "reason": "loot"}]
        record(window, doc, purses)
    dialog = open_window(window, qtbot)
    assert lines(dialog) == purses
    series = {s.name(): s for s in dialog.purses.chart.series()}
    lawmen = [(p.x(), p.y()) for p in series[L].points()]
    assert [x for x, _ in lines(dialog)[L]] == [1, 3]
    assert 2 not in {x for x, _ in lawmen}  # no point at all at the game it did not play
    # a step line: level across game 2 (nothing changed for them), then up or down at game 3
    for (x0, y0), (x1, y1) in pairwise(lawmen):
        assert x0 == x1 or y0 == y1
    x_axis = dialog.purses.chart.axes(Qt.Orientation.Horizontal)[0]
    assert x_axis.titleText().startswith("Game number in the campaign")
    assert "did not play" in dialog.purses.caption.text()
