"""The odds grid as a heat map: attack down, defence across, each cell's chance of success."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from rostermgr.odds import Grid, Odds
from rostermgr.odds.text import dec, pct
from rostermgr.rules import Ruleset
from rostermgr.weapons import test_ids

Index = QModelIndex | QPersistentModelIndex
ODDS_ROLE = Qt.ItemDataRole.UserRole  # the cell's Odds

# A red - yellow - green ramp (ColorBrewer RdYlGn): low chances red, high chances green.
STOPS = ((0.0, (215, 48, 39)), (0.5, (254, 224, 139)), (1.0, (26, 152, 80)))


def heat_colour(chance: float) -> QColor:
    """The ramp's colour for a chance between 0 and 1."""
    chance = min(1.0, max(0.0, chance))
    for (lo, a), (hi, b) in pairwise(STOPS):
        if chance <= hi:
            t = (chance - lo) / (hi - lo)
            return QColor(*(round(x + (y - x) * t) for x, y in zip(a, b, strict=True)))
    return QColor(*STOPS[-1][1])


def text_colour(background: QColor) -> QColor:
    """Black on light cells, white on dark ones (relative luminance)."""
    r, g, b = background.redF(), background.greenF(), background.blueF()
    return QColor("black") if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else QColor("white")


class HeatModel(QAbstractTableModel):
    """One clothing level of a `Grid`; the cell of the matchup being shown is bold."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.grid: Grid | None = None
        self.clothing = 0
        self.mark: tuple[int, int] | None = None  # (attack, defence) shown in bold

    def set_grid(self, grid: Grid | None, clothing: int = 0) -> None:
        self.beginResetModel()
        self.grid, self.clothing = grid, clothing
        self.endResetModel()

    def set_mark(self, attack: int, defence: int) -> None:
        self.mark = (attack, defence)
        if self.rowCount() and self.columnCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last, [Qt.ItemDataRole.FontRole])

    def stat_name(self) -> str:
        """The attacker's stat of the grid's test, as the ruleset names it (R8)."""
        kind = self.grid.matchup.kind if self.grid is not None else test_ids(self.rules)[0]
        return self.rules.attack_stat_name(kind)

    def odds_at(self, row: int, column: int) -> Odds | None:
        if self.grid is None:
            return None
        if not (0 <= row < len(self.grid.attacks) and 0 <= column < len(self.grid.defences)):
            return None
        attack, defence = self.grid.attacks[row], self.grid.defences[column]
        return self.grid.odds(attack, defence, self.clothing)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.grid is None else len(self.grid.attacks)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.grid is None else len(self.grid.defences)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if self.grid is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            values = self.grid.defences
            return f"Defence {values[section]}" if 0 <= section < len(values) else None
        values = self.grid.attacks
        return f"{self.stat_name()} {values[section]}" if 0 <= section < len(values) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        odds = self.odds_at(index.row(), index.column())
        if odds is None or self.grid is None:
            return None
        attack, defence = self.grid.attacks[index.row()], self.grid.defences[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return pct(odds.success, 1)
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(heat_colour(float(odds.success)))
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(text_colour(heat_colour(float(odds.success))))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and self.mark == (attack, defence):
            font = QFont()
            font.setBold(True)
            font.setUnderline(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            clothing = f" + clothing {self.clothing}" if self.clothing else ""
            return (
                f"{self.stat_name()} {attack} against Defence {defence}{clothing}: "
                f"success {pct(odds.success)}, failure {pct(odds.failure)}, "
                f"score draw {pct(odds.score_draw)}; mean wounds {dec(odds.mean_wounds, 2)}"
            )
        if role == ODDS_ROLE:
            return odds
        return None
