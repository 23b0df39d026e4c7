"""Tools > Odds: exact odds of a shot or combat (R8, R9), a heat map and the wounds to expect."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from rostermgr.odds import Grid, Matchup, Odds, exact_odds
from rostermgr.odds.text import dec, describe, pct
from rostermgr.weapons import test_kinds, test_label
from services import posses
from ui.charts import ChartPanel, ask_png_path, save_widget_png
from ui.dialogs.odds_forlorn import ForlornOddsTab
from ui.dialogs.odds_sides import AttackerForm, TargetForm
from ui.grid_worker import GridRunner
from ui.heat_model import STOPS, HeatModel, heat_colour
from ui.screen import fitted_size
from ui.table_view import tab_leaves

if TYPE_CHECKING:
    from rostermgr.rules import Ruleset
    from ui.host import Host

ROWS = (("success", "Success"), ("failure", "Failure"), ("score_draw", "Score draw"))


def _legend() -> QLabel:
    """The heat map's colour ramp, 0% to 100%, as a small bar."""
    stops = ", ".join(f"stop:{at} {heat_colour(at).name()}" for at, _ in STOPS)
    bar = QLabel()
    bar.setFixedSize(160, 12)
    bar.setStyleSheet(
        f"background: qlineargradient(x1:0, y1:0, x2:1, y2:0, {stops}); border: 1px solid gray;"
    )
    bar.setToolTip("Chance of success: red is low, yellow about even, green high.")
    return bar


class HeatPanel(QWidget):
    """The heat map with its caption and a 'Save heat map as PNG...' button."""

    def __init__(self, rules: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HeatModel(rules)
        self.title = QLabel("Chance of success over the stat grid")
        self.title.setStyleSheet("font-weight: bold; font-size: 12pt;")
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.table = QTableView()
        tab_leaves(self.table)
        self.table.setModel(self.model)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for header in (self.table.horizontalHeader(), self.table.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumHeight(190)
        # wide enough for the longest stat name and 12, whatever the first grid was: headers
        # do not regrow
        longest = max(rules.stat_names.values(), key=len)
        width = self.table.fontMetrics().horizontalAdvance(f"{longest} 12") + 16
        self.table.verticalHeader().setMinimumWidth(width)
        self.status = QLabel()
        self.save_button = QPushButton("Save heat &map as PNG...")
        self.save_button.clicked.connect(self.save_as)
        self.picture = QWidget()  # what the PNG shows: title, caption, table and legend
        inner = QVBoxLayout(self.picture)
        inner.addWidget(self.title)
        inner.addWidget(self.caption)
        inner.addWidget(self.table, 1)
        legend = QHBoxLayout()
        legend.addWidget(QLabel("Chance of success:  0%"))
        legend.addWidget(_legend())
        legend.addWidget(QLabel("100%"))
        legend.addStretch()
        inner.addLayout(legend)
        row = QHBoxLayout()
        margins = inner.contentsMargins()  # line the status up with the table above it
        row.setContentsMargins(margins.left(), 0, 0, 0)
        row.addWidget(self.status, 1)
        row.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.picture, 1)
        layout.addLayout(row)

    def save_png(self, path: str | Path) -> bool:
        return save_widget_png(self.picture, path)

    def save_as(self) -> None:
        path = ask_png_path(self, "Save heat map as PNG", "odds heat map")
        if path and not self.save_png(path):
            QMessageBox.warning(self, "Save heat map", f"Cannot write {path}.")


class OddsWindow(QDialog):
    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Odds - rostermgr")
        self.setObjectName("oddsWindow")
        self.rules = window.rules
        self.odds: Odds | None = None
        self.matchup: Matchup | None = None
        loaded = posses.load_many(window.campaign, posses.names(window.campaign))
        self.attacker = AttackerForm(self.rules, loaded)
        self.target = TargetForm(self.rules, loaded)
        # One button per test of the ruleset (R8), each with the stat it takes.
        self.kinds = QButtonGroup(self)
        self.test_buttons: dict[str, QRadioButton] = {}
        test = QGroupBox("Test")
        test_layout = QVBoxLayout(test)
        for kind in test_kinds(self.rules):
            button = QRadioButton(f"&{test_label(self.rules, kind.id)}")
            self.test_buttons[kind.id] = button
            self.kinds.addButton(button)
            test_layout.addWidget(button)
        next(iter(self.test_buttons.values())).setChecked(True)
        self.numbers = {key: QLabel() for key, _ in ROWS}
        self.numbers["winged"] = QLabel()
        self.numbers["mean_wounds"] = QLabel()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.message = QLabel()
        self.message.setWordWrap(True)
        inputs = QWidget()
        inputs_layout = QVBoxLayout(inputs)
        inputs_layout.addWidget(test)
        inputs_layout.addWidget(self.attacker)
        inputs_layout.addWidget(self.target)
        inputs_layout.addStretch()
        fields = QScrollArea()  # the fields stay reachable on a small screen
        fields.setWidget(inputs)
        fields.setWidgetResizable(True)
        fields.setFrameShape(QScrollArea.Shape.NoFrame)
        fields.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        fields.setMinimumWidth(inputs.sizeHint().width() + 20)
        # the odds under the fields, never scrolled away: on a low screen the fields scroll
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(fields, 1)
        odds = QHBoxLayout()
        odds.addWidget(self._odds_box())
        left_layout.addLayout(odds)
        margins = inputs_layout.contentsMargins()

        def line_up(_low: int = 0, high: int = 0) -> None:
            """The odds box as wide as the fields above, their scroll bar shown or not."""
            bar = fields.verticalScrollBar().sizeHint().width() if high > 0 else 0
            odds.setContentsMargins(margins.left(), 0, margins.right() + bar, margins.bottom())

        line_up()
        fields.verticalScrollBar().rangeChanged.connect(line_up)
        self.heat = HeatPanel(self.rules)
        self.wounds = ChartPanel("Wounds inflicted", "odds wounds")
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.heat)
        right.addWidget(self.wounds)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.setSizes([380, 820])
        layout = QVBoxLayout(self)
        # Forlorn Hope's dice in a tab of their own module, beside this ruleset's
        self.games = QTabWidget()
        self.games.addTab(split, self.rules.name)
        self.forlorn = ForlornOddsTab()
        self.games.addTab(self.forlorn, self.forlorn.rules.name)
        layout.addWidget(self.games)
        self.runner = GridRunner(self.rules, self)
        self.runner.ready.connect(self._grid_ready)
        self.runner.failed.connect(self.heat.status.setText)
        self.runner.busy_changed.connect(self._busy)
        # once per change: only the button switched on calls it
        self.kinds.buttonToggled.connect(lambda _b, on: self._kind_changed() if on else None)
        self.attacker.changed.connect(self.update_odds)
        self.target.changed.connect(self.update_odds)
        self._pick_defaults(window)
        self._kind_changed()
        # as large as suits the charts, but never larger than the screen (DESIGN 7)
        self.resize(*fitted_size(1240, 800))

    def _odds_box(self) -> QGroupBox:
        box = QGroupBox("Exact odds (every pair of cards)")
        grid = QGridLayout(box)
        labels = [*ROWS, ("winged", "Winged (no wound)"), ("mean_wounds", "Mean wounds")]
        for row, (key, text) in enumerate(labels):
            grid.addWidget(QLabel(text), row, 0)
            value = self.numbers[key]
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            value.setObjectName(f"odds_{key}")
            grid.addWidget(value, row, 1)
        self.numbers["success"].setStyleSheet("font-size: 15pt; font-weight: bold;")
        grid.addWidget(self.summary, len(labels), 0, 1, 2)
        grid.addWidget(self.message, len(labels) + 1, 0, 1, 2)
        return box

    def _pick_defaults(self, window: Host) -> None:
        """The selected posse attacks; the first other posse is the target."""
        names = [self.attacker.posse.itemData(i) for i in range(1, self.attacker.posse.count())]
        current = window.current_posse()
        first = current if current in names else (names[0] if names else None)
        others = [n for n in names if n != first]
        for form in (self.attacker, self.target):
            form.blockSignals(True)
        self.attacker.pick(first)
        self.target.pick(others[0] if others else first)
        if not others and self.target.member.count() > 1:  # one posse: not a model at itself
            self.target.member.setCurrentIndex(1)
        if first is None:
            factions = list(self.rules.factions)
            self.target.faction.setCurrentIndex(min(1, len(factions) - 1))
        for form in (self.attacker, self.target):
            form.blockSignals(False)

    def kind(self) -> str:
        """The test chosen: one of the ruleset's tests."""
        return next(k for k, b in self.test_buttons.items() if b.isChecked())

    def _kind_changed(self) -> None:
        for form in (self.attacker, self.target):
            form.blockSignals(True)
            form.set_kind(self.kind())
            form.blockSignals(False)
        self.update_odds()

    def current_matchup(self) -> Matchup:
        """The matchup the fields describe; cover and horseback only count for shots."""
        a, t = self.attacker, self.target
        shot = self.rules.test_kind(self.kind()).ranged
        return Matchup(
            kind=self.kind(),
            attacker=a.faction_id(),
            attack=a.attack.value(),
            defender=t.faction_id(),
            defence=t.defence.value(),
            clothing=t.clothing.value(),
            cover=t.cover_key() if shot else None,
            horseback=a.horseback.isChecked() if shot else False,
            weapon=a.weapon_id(),
            toughness=t.toughness.value(),
        )

    # -- behaviour ----------------------------------------------------------------------
    def update_odds(self) -> None:
        matchup = self.current_matchup()
        self.matchup = matchup
        try:
            odds = exact_odds(matchup, self.rules)
        except Refused as exc:
            self.odds = None
            self.message.setText(str(exc))
            self.message.show()
            return
        self.message.setText("")
        self.message.hide()  # an empty line would leave a gap under the odds
        self.odds = odds
        for key, _ in ROWS:
            self.numbers[key].setText(pct(getattr(odds, key)))
        self.numbers["winged"].setText(pct(odds.chance(odds.winged)))
        self.numbers["mean_wounds"].setText(dec(odds.mean_wounds, 2))
        self.summary.setText(describe(matchup, self.rules))
        self._wounds_chart(odds)
        grid = self.runner.request(matchup)
        if grid is not None:
            self._grid_ready(grid)
        self.heat.model.set_mark(matchup.attack, matchup.defence)

    def _wounds_chart(self, odds: Odds) -> None:
        chances = odds.wound_chances
        self.wounds.set_bars(
            [str(w) for w in chances],
            [("Chance", [float(p) * 100 for p in chances.values()])],
            y_title="% of card pairs",
            x_title="Wounds inflicted",
            label_format="@value%",
            y_format="%.0f%%",
            y_cap=100,
        ).setLabelsPrecision(3)
        self.wounds.caption.setText(
            f"Mean {dec(odds.mean_wounds, 2)} wounds. 0 counts failures, score draws and "
            f"winged models ({odds.pairs} equally likely pairs of cards)."
        )

    def _grid_ready(self, grid: Grid) -> None:
        matchup = self.matchup or grid.matchup
        self.heat.model.set_grid(grid, matchup.clothing)
        self.heat.model.set_mark(matchup.attack, matchup.defence)
        self.heat.table.setEnabled(True)
        stat = self.rules.attack_stat_name(grid.matchup.kind)
        self.heat.caption.setText(
            f"{stat} down, Defence across, clothing +{matchup.clothing}. "
            + describe(grid.matchup, self.rules, cells=True)
            + f" Underlined: {stat} {matchup.attack} against Defence {matchup.defence}."
        )

    def _busy(self, busy: bool) -> None:
        """While the grid shown is not the one asked for, grey it out and say so."""
        stale = busy and (self.matchup is None or self.runner.cached(self.matchup) is None)
        self.heat.status.setText("Working out the grid..." if stale else "")
        if stale:
            self.heat.table.setEnabled(False)

    def wait(self) -> None:
        """Block until the heat map's grid is worked out (tests, screenshots)."""
        self.runner.wait()

    def done(self, result: int) -> None:
        self.runner.stop()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.runner.stop()
        super().closeEvent(event)


def open_odds(w: Host) -> OddsWindow:
    """Show the odds window, or raise the one already open."""
    for existing in w.window().findChildren(OddsWindow):
        if existing.isVisible():
            existing.raise_()
            existing.activateWindow()
            return existing
    dialog = OddsWindow(w, parent=w.window())
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
