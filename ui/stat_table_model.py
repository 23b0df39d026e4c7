"""A read-only item model over one `rostermgr.stats.Table`: its columns and rows as they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from rostermgr.rules import Ruleset
from rostermgr.stats import Table

Index = QModelIndex | QPersistentModelIndex
VALUE_ROLE = Qt.ItemDataRole.UserRole  # the cell's value as the table holds it
SHARES = ("rate", "share")  # columns (by name ending) that hold a share between 0 and 1


def heading(column: str) -> str:
    """'win_rate' -> 'Win rate'."""
    return column.replace("_", " ").capitalize()


def cell_text(column: str, value: Any) -> str:
    if value is None:
        return "\u2013"
    if isinstance(value, float):
        if column.endswith(SHARES):
            return f"{value * 100:.1f}%"
        return f"{value:.2f}"
    return str(value)


def rules_labels(rules: Ruleset) -> dict[str, Mapping[str, str]]:
    """Display names for the id columns the statistics use: faction, scenario, stat, item."""
    return {
        "faction": {k: f.name for k, f in rules.factions.items()},
        "scenario": {k: s.name for k, s in rules.scenarios.items()},
        "stat": dict(rules.stat_names),
        "item": {k: i.name for k, i in rules.items.items()},
    }


class StatTableModel(QAbstractTableModel):
    """`labels`: per column name, display names for ids (ids not found are shown as they are)."""

    def __init__(
        self, table: Table | None = None, labels: Mapping[str, Mapping[str, str]] | None = None
    ) -> None:
        super().__init__()
        self.table = table
        self.labels = dict(labels or {})

    def set_table(self, table: Table | None) -> None:
        self.beginResetModel()
        self.table = table
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.table is None else len(self.table.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.table is None else len(self.table.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if self.table is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            columns = self.table.columns
            return heading(columns[section]) if 0 <= section < len(columns) else None
        return str(section + 1) if 0 <= section < len(self.table.rows) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        table = self.table
        if table is None or not index.isValid():
            return None
        row, col = index.row(), index.column()
        if not (0 <= row < len(table.rows) and 0 <= col < len(table.columns)):
            return None
        value = table.rows[row][col]
        if role == Qt.ItemDataRole.DisplayRole:
            names = self.labels.get(table.columns[col], {})
            return names.get(value, cell_text(table.columns[col], value))
        if role == Qt.ItemDataRole.TextAlignmentRole and (
            value is None or isinstance(value, int | float)
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == VALUE_ROLE:
            return value
        return None
