"""The simulator's results: fan charts of purse and advances, win rates, the table, the report.

Each in a tab of its own; `show_outcome` fills them all from a finished run, `reset` shows what
to do before the first.
"""

from __future__ import annotations

from PySide6.QtCharts import QBarSeries
from PySide6.QtCore import QEvent, QObject, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QTableView,
    QTabWidget,
    QWidget,
)

from rostermgr.simulate.model import Model
from rostermgr.simulate.summary import Summary, win_rate_differences
from rostermgr.simulate.text import (
    comparison_lines,
    difference_text,
    summary_lines,
)
from services.simulate import Outcome
from ui.charts import ChartPanel
from ui.simulator_charts import BarPanel, Fan, FanPanel, Whisker
from ui.simulator_model import SORT_ROLE, SimRowsModel, faction_name
from ui.table_view import tab_leaves

READY = "Press Start (or Enter) to run the simulation."
FAN_CAPTION = (
    "For each faction: the shaded band runs from the 10th to the 90th percentile of its posses "
    "over all campaigns, the line is the median. A line on top of another hides it: Show picks "
    "one faction out."
)
B_CAPTION = " Dashed: ruleset B on the same seeds, its band between the dotted lines."


class SimResults(QTabWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.purse = FanPanel("Purse after each game", "simulated purse")
        self.advances = FanPanel("Advances after each game", "simulated advances")
        self.wins = BarPanel("Win rate by faction", "simulated win rates")
        self.rows = SimRowsModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.rows)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        tab_leaves(self.table)
        self.table.setModel(self.proxy)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        rows = self.table.verticalHeader()
        rows.setDefaultSectionSize(self.table.fontMetrics().height() + 8)  # a dense table
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        # read-only text takes no keys but Page Up/Down: with a cursor of its own the arrows,
        # Ctrl+End and Shift+arrows move and select in it, so Ctrl+C copies without a mouse
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.addTab(self.purse, "P&urse")
        self.addTab(self.advances, "Ad&vances")
        self.addTab(self.wins, "Wi&n rates")
        self.addTab(self.table, "&Table")
        self.addTab(self.text, "Summar&y")
        # Alt+U, V, N, T, Y go into the tab's content, not only to the tab: the report is read,
        # scrolled and copied from its text, the table from its rows
        self.tabBar().installEventFilter(self)
        # four factions' bands, twice over with B, crowd a chart: one faction may be picked out
        self.only = QComboBox()
        self.only.setToolTip("The purse and advances charts: every faction, or one")
        self.only.currentIndexChanged.connect(self._only_changed)
        corner = QWidget()
        row = QHBoxLayout(corner)
        row.setContentsMargins(6, 0, 0, 2)
        label = QLabel("S&how")
        label.setBuddy(self.only)
        row.addWidget(label)
        row.addWidget(self.only)
        self.setCornerWidget(corner, Qt.Corner.TopRightCorner)
        self._fill_only([])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A tab's mnemonic (a Shortcut event on the tab bar) puts the focus in its content."""
        if watched is self.tabBar() and event.type() == QEvent.Type.Shortcut:
            QTimer.singleShot(0, self._focus_page)  # after the bar has shown the tab
        return super().eventFilter(watched, event)

    def _focus_page(self) -> None:
        page = self.currentWidget()
        target = page.view if isinstance(page, ChartPanel) else page
        if target is not None:
            target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _fill_only(self, names: list[str]) -> None:
        self.only.blockSignals(True)
        self.only.clear()
        self.only.addItem("All factions", None)
        for name in names:
            self.only.addItem(name, name)
        self.only.blockSignals(False)
        self.only.setEnabled(bool(names))

    def _only_changed(self, _index: int) -> None:
        for panel in (self.purse, self.advances):
            panel.show_only(self.only.currentData())

    def reset(self) -> None:
        """Before a run: empty charts that say what to do."""
        for panel in (self.purse, self.advances):
            panel.set_fans([], "")
            panel.caption.setText(READY)
        self.wins.set_bars([], [], "")
        self.wins.caption.setText(READY)
        self.rows.clear()
        self.text.setPlainText(READY)
        self._fill_only([])

    def show_outcome(self, outcome: Outcome, seed: int, model: Model) -> None:
        """Every chart, the table and the text report of a run of this seed and model."""
        two = outcome.against is not None and outcome.against_rules is not None
        for panel, metric, fmt in (
            (self.purse, "purse", "$%d"),
            (self.advances, "advances", "%d"),
        ):
            panel.set_fans(self._fans(outcome, metric), panel.title.split(" after")[0], fmt)
            panel.caption.setText(FAN_CAPTION + (B_CAPTION if two else ""))
        self._fill_only([faction_name(outcome.rules, f) for f in outcome.summary.factions])
        self._wins(outcome)
        self.rows.set_summaries(
            outcome.summary, outcome.rules, outcome.against, outcome.against_rules
        )
        self.table.resizeColumnsToContents()
        self.text.setPlainText("\n".join(report(outcome, seed, model)))

    def _fans(self, outcome: Outcome, metric: str) -> list[Fan]:
        sides = [(outcome.summary, outcome.rules, False)]
        if outcome.against is not None and outcome.against_rules is not None:
            sides.append((outcome.against, outcome.against_rules, True))
        return [
            Fan(
                faction_name(outcome.rules, f),
                tuple(summary.row(g, f).metric(metric) for g in range(1, summary.games + 1)),
                dashed,
            )
            for summary, _rules, dashed in sides
            for f in summary.factions
        ]

    def _wins(self, outcome: Outcome) -> None:
        a = outcome.summary
        names = [faction_name(outcome.rules, f) for f in a.factions]
        # a faction none of whose posses played has no rate: a bar of 0, named in the caption
        sets = [
            (
                "A" if outcome.against else "Win rate",
                [0.0 if r is None else r * 100 for _, r in a.win_rate],
            )
        ]
        idle = [faction_name(outcome.rules, f) for f, r in a.win_rate if r is None]
        draws = f"Draws: {a.draw_rate * 100:.0f}% of games"
        halves = dict(a.win_interval)
        tips = [_tips(names, a, " under A" if outcome.against else "")]
        whiskers: list[Whisker] = []
        noise = ""
        if outcome.against is None:
            # one run: each bar's own interval, the campaigns its clusters (summary.rate_interval)
            for i, (f, r) in enumerate(a.win_rate):
                half = halves.get(f)
                if r is not None and half is not None:
                    whiskers.append(Whisker(0, i, *_clipped(r, half)))
            if whiskers:
                noise = (
                    " Each whisker is the rate's 95% interval, each of the "
                    f"{a.campaigns} campaigns one draw, as its games share its posses."
                )
        else:
            b = outcome.against
            rates, b_halves = dict(b.win_rate), dict(b.win_interval)
            sets.append(("B", [(rates.get(f) or 0.0) * 100 for f in a.factions]))
            draws += f" under A, {b.draw_rate * 100:.0f}% under B"
            tips.append(
                [
                    _rate_tip(n, rates.get(f), b_halves.get(f), " under B")
                    for n, f in zip(names, a.factions, strict=True)
                ]
            )
            for d in win_rate_differences(a, b):
                i = a.factions.index(d.faction)
                tips[1][i] += f"; B - A {difference_text(d)}"
                if d.half is not None:
                    whiskers.append(Whisker(1, i, (d.b - d.half) * 100, (d.b + d.half) * 100))
            noise = (
                " Each whisker on a B bar is the 95% interval of B - A from the "
                f"{a.campaigns} pairs of campaigns, drawn about B: one that reaches A's bar "
                "is a difference within noise."
            )
        series = self.wins.set_bars(
            names,
            sets,
            "Games won",
            "Faction",
            label_format="@value%",
            y_format="%.0f%%",
            y_max=100,
        )
        series.setLabelsPrecision(3)
        if len(sets) > 1:  # two bars side by side: their labels upright would run together
            series.setLabelsAngle(-90)
        if whiskers:  # a label over a bar's end would sit under its whisker: at its foot, then
            series.setLabelsPosition(QBarSeries.LabelsPosition.LabelsInsideBase)
        self.wins.set_intervals(series, whiskers, [[f"{t}." for t in row] for row in tips])
        unplayed = f" {', '.join(idle)}: no games played." if idle else ""
        self.wins.caption.setText(
            f"{draws}. A posse's win rate is its wins over the games it played.{unplayed}{noise}"
        )


def _tips(names: list[str], summary: Summary, side: str) -> list[str]:
    """The sentence of each bar of one ruleset, in its factions' order."""
    halves = dict(summary.win_interval)
    return [
        _rate_tip(n, r, halves.get(f), side)
        for n, (f, r) in zip(names, summary.win_rate, strict=True)
    ]


def _rate_tip(name: str, rate: float | None, half: float | None, side: str) -> str:
    """One bar's sentence: the faction's win rate under a ruleset and its own 95% interval, as
    the report rounds them."""
    if rate is None:
        return f"{name}{side}: no games played"
    said = f"{name}{side}: won {rate * 100:.0f}% of its games"
    return said if half is None else f"{said}, ± {half * 100:.1f} pts (95% interval)"


def _clipped(rate: float, half: float) -> tuple[float, float]:
    """A rate's interval in percent, within the 0 to 100 a rate can take (the normal interval
    of a rate near either end reaches past it)."""
    return max(0.0, (rate - half) * 100), min(100.0, (rate + half) * 100)


def report(outcome: Outcome, seed: int, model: Model) -> list[str]:
    """The text report, as `rostermgr simulate` prints it."""
    if outcome.against is not None and outcome.against_rules is not None:
        return comparison_lines(
            outcome.summary, outcome.rules, outcome.against, outcome.against_rules, seed, model
        )
    return summary_lines(outcome.summary, outcome.rules, seed, model)
