"""Read-only table models over frozen rows: ledger lines, history lines, games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from rostermgr.records import GameSummary
from rostermgr.rules import Ruleset

Index = QModelIndex | QPersistentModelIndex


SORT_ROLE = Qt.ItemDataRole.UserRole  # the value a column sorts by: numbers as numbers


class Column(NamedTuple):
    header: str
    value: Callable[[Any], Any]
    numeric: bool = False  # right-aligned, so amounts line up
    key: Callable[[Any], Any] | None = None  # what it sorts by, when not its text


def _money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


class RowsModel(QAbstractTableModel):
    """A table of frozen rows (dataclasses) with fixed columns; numeric columns right-aligned."""

    def __init__(self, columns: Sequence[Column], stretch: int) -> None:
        super().__init__()
        self._columns = list(columns)
        self._rows: list[Any] = []
        self.stretch = stretch  # the text column that takes a view's spare width

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    @property
    def rows(self) -> list[Any]:
        return list(self._rows)

    def row(self, index: int) -> Any:
        return self._rows[index] if 0 <= index < len(self._rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._columns[section].header if 0 <= section < len(self._columns) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(self._columns):
            return None
        column = self._columns[index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            # the tooltip is the whole text, for a cell its column is too narrow to show
            return column.value(self._rows[index.row()])
        if role == SORT_ROLE:
            row = self._rows[index.row()]
            return (column.key or column.value)(row)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _game(row: Any) -> str:
    return "" if row.game is None else str(row.game)


def _game_key(row: Any) -> int:
    return -1 if row.game is None else int(row.game)


def ledger_model() -> RowsModel:
    return RowsModel(
        [
            Column("Date", lambda r: r.date),
            Column("Game", _game, numeric=True, key=_game_key),
            Column("Reason", lambda r: r.reason),
            Column("Amount", lambda r: _money(r.amount), numeric=True, key=lambda r: r.amount),
            Column("Purse", lambda r: _money(r.balance), numeric=True, key=lambda r: r.balance),
            Column("By", lambda r: r.author or ""),  # who, on a server (shown only there)
        ],
        stretch=2,
    )


def history_model() -> RowsModel:
    return RowsModel(
        [
            Column("Date", lambda r: r.date),
            Column("Game", _game, numeric=True, key=_game_key),
            Column("Member", lambda r: r.member or ""),
            Column("What happened", lambda r: r.text),
            Column("By", lambda r: r.author or ""),  # who, on a server (shown only there)
        ],
        stretch=3,
    )


def games_model(rules: Ruleset) -> RowsModel:
    """Rows of GameSummary; scenarios by the ruleset's names."""

    def scenario(r: GameSummary) -> str:
        return rules.scenarios[r.scenario].name if r.scenario in rules.scenarios else r.scenario

    return RowsModel(
        [
            Column("#", lambda r: str(r.id), numeric=True),
            Column("Date", lambda r: r.date),
            Column("Scenario", scenario),
            Column("Posses", lambda r: " vs ".join(r.posses)),
            Column("Winner", lambda r: r.winner or "no winner"),
        ],
        stretch=3,
    )
