"""A read-only item model over one `rostermgr.stats.Table`, in the words and money a user reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from rostermgr.rules import Ruleset
from rostermgr.stats import Table

Index = QModelIndex | QPersistentModelIndex
VALUE_ROLE = Qt.ItemDataRole.UserRole  # the cell's value as the table holds it
SORT_ROLE = Qt.ItemDataRole.UserRole + 1  # numbers as numbers, so $145 sorts after $20
SHARES = ("rate", "share")  # columns (by name ending) that hold a share between 0 and 1
# Columns that hold dollars, per table name (rostermgr.stats): shown as "$20" and "-$145".
MONEY: Mapping[str, frozenset[str]] = {
    "money": frozenset({"in", "out", "net"}),
    "purses": frozenset({"purse"}),
    "items": frozenset({"net_spent"}),
}
# The kinds of ledger entry (rostermgr.plans.Entry.kind) in the words of the ledger's reasons.
LEDGER_KINDS: Mapping[str, str] = {
    "purse": "Starting purse",
    "hire": "Hiring",
    "buy": "Items bought",
    "sell": "Items sold",
    "bounty": "Bounties",
    "goods": "Goods sold",
    "income": "Income",
}
# Columns whose values are internal keys ('out_of_action'): shown as the headings are.
WORDS = ("measure", "kind")


def heading(column: str) -> str:
    """'win_rate' -> 'Win rate'."""
    return column.replace("_", " ").capitalize()


def money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


def cell_text(column: str, value: Any, is_money: bool = False) -> str:
    if value is None:
        return "\u2013"
    if is_money and isinstance(value, int):
        return money(value)
    if isinstance(value, float):
        if column.endswith(SHARES):
            return f"{value * 100:.1f}%"
        return f"{value:.2f}"
    if column in WORDS and isinstance(value, str):
        return heading(value)
    return str(value)


def rules_labels(rules: Ruleset) -> dict[str, Mapping[str, str]]:
    """Display names for the id columns: faction, scenario, stat, item, and the ledger's kinds."""
    return {
        "faction": {k: f.name for k, f in rules.factions.items()},
        "scenario": {k: s.name for k, s in rules.scenarios.items()},
        "stat": dict(rules.stat_names),
        "item": {k: i.name for k, i in rules.items.items()},
        "kind": LEDGER_KINDS,
    }


class StatTableModel(QAbstractTableModel):
    """`labels`: per column name, display names for ids (ids not found are shown as they are).

    DisplayRole is what a user reads; VALUE_ROLE the value as the table holds it; SORT_ROLE what
    a sorting proxy compares (numbers, or the text shown for words).
    """

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

    def text(self, column: str, value: Any) -> str:
        """The cell as shown: an id's name, dollars, a share as a percentage, a key as words."""
        assert self.table is not None
        names = self.labels.get(column, {})
        if isinstance(value, str) and value in names:
            return names[value]
        is_money = column in MONEY.get(self.table.name, ())
        return cell_text(column, value, is_money)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        table = self.table
        if table is None or not index.isValid():
            return None
        row, col = index.row(), index.column()
        if not (0 <= row < len(table.rows) and 0 <= col < len(table.columns)):
            return None
        value = table.rows[row][col]
        column = table.columns[col]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(column, value)
        if role == Qt.ItemDataRole.TextAlignmentRole and (
            value is None or isinstance(value, int | float)
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == VALUE_ROLE:
            return value
        if role == SORT_ROLE:
            if value is None:  # no value (a rate of no games) sorts below every number
                return float("-inf")
            if isinstance(value, int | float):
                return value
            return self.text(column, value).casefold()
        return None
