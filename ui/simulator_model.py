"""The simulator's rows by game and faction as a read-only table: one spread per metric.

A cell reads "20 / 21 / 21" (10th / 50th / 90th percentile), as the text report does; sorting
goes by the median, the cell's SORT_ROLE.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from rostermgr.rules import Ruleset
from rostermgr.simulate.summary import METRIC_NAMES, METRICS, Spread, Summary

Index = QModelIndex | QPersistentModelIndex
SORT_ROLE = Qt.ItemDataRole.UserRole  # numbers as numbers: the game, or a metric's median
SPREAD_ROLE = Qt.ItemDataRole.UserRole + 1  # a metric's Spread itself
SHORT_NAMES = {
    "purse": "Purse",
    "advances": "Advances",
    "strikes": "Strikes",
    "dead_share": "Dead",
}


def figure(value: float, metric: str) -> str:
    """A figure as the text report writes it: whole where it is, a share as a percentage."""
    if metric == "dead_share":
        return f"{value * 100:.0f}%"
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def spread_text(s: Spread, metric: str) -> str:
    return " / ".join(figure(v, metric) for v in (s.p10, s.p50, s.p90))


def faction_name(rules: Ruleset, faction: str) -> str:
    found = rules.factions.get(faction)
    return found.name if found is not None else faction


@dataclass(frozen=True)
class Row:
    side: str  # "A" or "B"
    game: int
    faction: str  # its name, as shown
    spreads: tuple[Spread, ...]  # in METRICS order


class SimRowsModel(QAbstractTableModel):
    """Rows of one or two summaries (A, then B); the Ruleset column only when there are two."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []
        self._two = False

    def set_summaries(
        self, a: Summary, rules_a: Ruleset, b: Summary | None = None, rules_b: Ruleset | None = None
    ) -> None:
        self.beginResetModel()
        sides = [("A", a, rules_a)]
        if b is not None and rules_b is not None:
            sides.append(("B", b, rules_b))
        self._two = len(sides) > 1
        self._rows = [
            Row(side, r.game, faction_name(rules, r.faction), tuple(r.metric(m) for m in METRICS))
            for side, summary, rules in sides
            for r in summary.by_game
        ]
        self.endResetModel()

    def clear(self) -> None:
        self.beginResetModel()
        self._rows, self._two = [], False
        self.endResetModel()

    def _columns(self) -> list[str]:
        return (["side"] if self._two else []) + ["game", "faction", *METRICS]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        column = self._columns()[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return {"side": "Ruleset", "game": "Game", "faction": "Faction"}.get(
                column, SHORT_NAMES.get(column, column)
            )
        if role == Qt.ItemDataRole.ToolTipRole and column in METRIC_NAMES:
            return f"{METRIC_NAMES[column]}: 10th / 50th / 90th percentile after the game"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row, column = self._rows[index.row()], self._columns()[index.column()]
        if column in METRICS:
            s = row.spreads[METRICS.index(column)]
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                return spread_text(s, column)
            if role == SORT_ROLE:
                return s.p50
            if role == SPREAD_ROLE:
                return s
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        fields: dict[str, str | int] = {"side": row.side, "game": row.game, "faction": row.faction}
        value = fields[column]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return str(value)
        if role == SORT_ROLE:
            return value
        return None
