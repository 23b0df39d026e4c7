"""Read-only table models over plain rows: ledger, history, games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
Column = tuple[str, Callable[[dict[str, Any]], Any]]


def _money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


class RowsModel(QAbstractTableModel):
    """A table of dict rows with fixed columns; numbers right-aligned."""

    def __init__(self, columns: Sequence[Column]) -> None:
        super().__init__()
        self._columns = list(columns)
        self._rows: list[dict[str, Any]] = []

    def set_rows(self, rows: Sequence[dict[str, Any]]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    @property
    def rows(self) -> list[dict[str, Any]]:
        return list(self._rows)

    def row(self, index: int) -> dict[str, Any] | None:
        return self._rows[index] if 0 <= index < len(self._rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._columns[section][0] if 0 <= section < len(self._columns) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(self._columns):
            return None
        value = self._columns[index.column()][1](self._rows[index.row()])
        if role == Qt.ItemDataRole.DisplayRole:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and value and str(value)[-1:].isdigit():
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def ledger_model() -> RowsModel:
    return RowsModel(
        [
            ("Date", lambda r: r["date"]),
            ("Game", lambda r: "" if r["game"] is None else str(r["game"])),
            ("Reason", lambda r: r["reason"]),
            ("Amount", lambda r: _money(r["amount"])),
            ("Purse", lambda r: _money(r["balance"])),
        ]
    )


def history_model() -> RowsModel:
    return RowsModel(
        [
            ("Date", lambda r: r["date"]),
            ("Game", lambda r: "" if r["game"] is None else str(r["game"])),
            ("Member", lambda r: r["member"] or ""),
            ("What happened", lambda r: r["text"]),
        ]
    )


def games_model() -> RowsModel:
    return RowsModel(
        [
            ("#", lambda r: str(r["id"])),
            ("Date", lambda r: r["date"]),
            ("Scenario", lambda r: r["scenario_name"]),
            ("Posses", lambda r: " vs ".join(r["posses"])),
            ("Winner", lambda r: r["winner"] or "no winner"),
        ]
    )
