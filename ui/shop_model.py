"""The shop: every item with its price and, when it cannot be bought, the rule that blocks it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from rostermgr.errors import RuleBroken
from rostermgr.roster import Member
from rostermgr.rules import Item, Ruleset
from rostermgr.shop import check_carry

Index = QModelIndex | QPersistentModelIndex
HEADERS = ("Item", "Kind", "Price", "Effect", "Can buy?")
STRETCH = HEADERS.index("Can buy?")  # the reason an item is blocked may be a sentence


def effect(item: Item) -> str:
    parts = []
    if item.range is not None:
        low, high = item.range
        parts.append(f"range {low}-{high}" if high else "range 0")
    if item.is_weapon:
        parts.append(f"+{item.damage} damage")
    if item.defence:
        parts.append(f"+{item.defence} defence")
    if item.reload:
        parts.append(f"reload after {item.reload}")
    if item.heals:
        parts.append(f"heals {item.heals}")
    return ", ".join(parts) or item.notes


class ShopModel(QAbstractTableModel):
    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.items = list(rules.items.values())
        self.member: Member | None = None
        self.purse = 0

    def set_buyer(self, member: Member | None, purse: int) -> None:
        self.beginResetModel()
        self.member, self.purse = member, purse
        self.endResetModel()

    def blocked(self, item: Item) -> str:
        """Why this member cannot buy the item now, or '' when it can (R5, R16)."""
        if self.member is None:
            return "Choose a member first."
        if item.price > self.purse:
            return f"Costs ${item.price}; the purse holds ${self.purse} (R16)."
        try:
            check_carry(self.member, item.id, self.rules)
        except RuleBroken as exc:
            return str(exc)
        return ""

    def item_at(self, row: int) -> Item | None:
        return self.items[row] if 0 <= row < len(self.items) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section] if 0 <= section < len(HEADERS) else None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item_at(index.row()) if index.isValid() else None
        if item is None or not 0 <= index.column() < len(HEADERS):
            return None
        reason = self.blocked(item)
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            kind = self.rules.kinds[item.kind].name
            return (
                item.name,
                kind,
                f"${item.price}",
                effect(item),
                reason or "yes",
            )[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            return reason or item.notes or None
        if role == Qt.ItemDataRole.ForegroundRole and reason:
            return QBrush(QColor("#8a8a8a"))
        if role == Qt.ItemDataRole.UserRole:
            return item.id
        return None
