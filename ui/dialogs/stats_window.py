"""Tools > Statistics: the campaign's playtest statistics as charts and as tables."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rostermgr.rules import Ruleset
from rostermgr.stats import Table
from services import stats
from ui.charts import ChartPanel
from ui.screen import fitted_size
from ui.stat_table_model import SORT_ROLE, StatTableModel, heading, rules_labels
from ui.table_view import tab_leaves

if TYPE_CHECKING:
    from ui.host import Host

GAME_AXIS = "Game number in the campaign (dots: the games each posse played)"
NO_GAMES = "No games recorded yet: record a game (Campaign > Record a game) to see this chart."


class TablePage(QWidget):
    """One statistic: its title over a read-only table, sorted by a click on a heading."""

    def __init__(self, rules: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = StatTableModel(labels=rules_labels(rules))
        # sort on numbers, not on the text shown: "$145" after "$20", "-$50" before "$0"
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")
        self.view = QTableView()
        tab_leaves(self.view)
        self.view.setModel(self.proxy)
        # no column sorted at first: the rows keep the order the statistic gives them
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setMinimumSectionSize(72)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.view)

    def set_table(self, table: Table) -> None:
        self.model.set_table(table)
        self.title.setText(table.title + ("" if table.rows else " (none yet)"))
        self.view.resizeColumnsToContents()
        for column in range(self.model.columnCount()):  # a little air between the columns
            self.view.setColumnWidth(column, self.view.columnWidth(column) + 16)


class StatsWindow(QDialog):
    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Statistics - rostermgr")
        self.setObjectName("statsWindow")
        self.campaign, self.rules = window.campaign, window.rules
        self.tables: dict[str, Table] = {}
        self.purses = ChartPanel("Purse after each game", "purses")
        self.wins = ChartPanel("Win rate by faction", "win rates")
        self.flips = ChartPanel("Stats raised by card flips", "flips by stat")
        self.table_tabs = QTabWidget()
        self.table_tabs.setUsesScrollButtons(True)
        self.pages: dict[str, TablePage] = {}
        self.tabs = QTabWidget()
        self.tabs.addTab(self.purses, "&Purses")
        self.tabs.addTab(self.wins, "&Wins by faction")
        self.tabs.addTab(self.flips, "&Flips by stat")
        self.tabs.addTab(self.table_tabs, "&Tables")
        # Playtest by version (issue 18): the tables split by the ruleset each game was played
        # under; the charts stay the campaign's whole story.
        self.by_ruleset = QCheckBox("Split the tables by r&uleset")
        self.by_ruleset.toggled.connect(lambda _on: self.reload())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        refresh = buttons.addButton("&Refresh", QDialogButtonBox.ButtonRole.ActionRole)
        refresh.clicked.connect(self.reload)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.by_ruleset)
        layout.addWidget(buttons)
        self.reload()
        self.resize(*fitted_size(1000, 680))

    def reload(self) -> None:
        """Read the campaign again and redraw every chart and table."""
        tables = stats.tables(self.campaign)
        self.tables = {t.name: t for t in tables}
        shown = stats.tables_by_ruleset(self.campaign) if self.by_ruleset.isChecked() else tables
        for table in shown:
            page = self.pages.get(table.name)
            if page is None:
                page = self.pages[table.name] = TablePage(self.rules)
                self.table_tabs.addTab(page, heading(table.name))
                self.table_tabs.setTabToolTip(self.table_tabs.count() - 1, table.title)
            page.set_table(table)
        self._purses(self.tables["purses"])
        self._wins(self.tables["faction_wins"])
        self._flips(self.tables["advancement"])

    def _purses(self, table: Table) -> None:
        by_posse: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for row in table.records():  # only the games each posse played, in game order
            by_posse[row["posse"]].append((row["game"], row["purse"]))
        # a step line: a posse's purse is known only after the games it played, so the line
        # stays level across games it sat out instead of making up a value for them
        self.purses.set_lines(list(by_posse.items()), GAME_AXIS, "Purse", y_format="$%d", step=True)
        self.purses.caption.setText(
            "A dot is a posse's purse right after a game it played, by the game's number in the "
            "campaign (as in the Games table). The line stays level across games the posse did "
            "not play; money spent between games counts towards its next game."
            if by_posse
            else NO_GAMES
        )

    def _wins(self, table: Table) -> None:
        played = [r for r in table.records() if r["played"]]
        names = [f"{self._faction(r['faction'])} ({r['played']})" for r in played]
        rates = [(r["win_rate"] or 0) * 100 for r in played]
        self.wins.set_bars(
            names,
            [("Win rate", rates)],
            "Games won",
            "Faction (games played)",
            label_format="@value%",
            y_format="%.0f%%",
            y_max=100,
        ).setLabelsPrecision(3)
        counts = "; ".join(
            f"{self._faction(r['faction'])} {r['won']} won, {r['lost']} lost, {r['drawn']} drawn"
            for r in played
        )
        self.wins.caption.setText(
            f"{counts}. A game without a winner counts as drawn for both posses."
            if played
            else NO_GAMES
        )

    def _faction(self, faction_id: str) -> str:
        faction = self.rules.factions.get(faction_id)
        return faction.name if faction else faction_id

    def _flips(self, table: Table) -> None:
        chosen: Counter[str] = Counter()
        for row in table.records():
            chosen[row["stat"]] += row["chosen"]
        stats = list(chosen)
        names = [self.rules.stat_names.get(s, s) for s in stats]
        self.flips.set_bars(
            names, [("Upgrades", [chosen[s] for s in stats])], "Upgrades taken", "Stat", whole=True
        )
        self.flips.caption.setText(
            f"{sum(chosen.values())} stats raised by turning a card (R15); the card's band "
            "decides which two stats it allows."
        )


def open_stats(w: Host) -> StatsWindow:
    """Show the statistics window, or refresh and raise the one already open."""
    for existing in w.window().findChildren(StatsWindow):
        if existing.isVisible():
            existing.reload()
            existing.raise_()
            existing.activateWindow()
            return existing
    dialog = StatsWindow(w, parent=w.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
