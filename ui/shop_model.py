"""The shop: every item with its price and, when it cannot be bought, the rule that blocks it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush

from rostermgr.roster import Posse
from rostermgr.rules import Item, Ruleset
from rostermgr.shop import shop_choices
from rostermgr.views import item_effect
from ui.style import dimmed

Index = QModelIndex | QPersistentModelIndex
HEADERS = ("Item", "Kind", "Price", "Effect", "Can buy?")
STRETCH = HEADERS.index("Can buy?")  # the reason an item is blocked may be a sentence


class ShopModel(QAbstractTableModel):
    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.items = list(rules.items.values())
        self._reasons: dict[str, str] | None = None  # item id -> why not; None: no buyer yet

    def set_buyer(self, posse: Posse | None, member: str | None) -> None:
        """Show what `member` of `posse` may buy, as the domain answers it (R5, R16)."""
        self.beginResetModel()
        if posse is None or member is None:
            self._reasons = None
        else:
            choices = shop_choices(posse, member, self.rules)
            self._reasons = {c.item.id: c.reason for c in choices}
        self.endResetModel()

    def blocked(self, item: Item) -> str:
        """Why the buyer cannot buy the item now, or '' when it can (the domain's sentence)."""
        if self._reasons is None:
            return "Choose a member first."
        return self._reasons.get(item.id, "")

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
                # what the ruleset says it does: its figures, else its notes (dynamite, a map)
                item_effect(item, self.rules, none=item.notes),
                reason or "yes",
            )[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            # the whole text of a cell a narrow column cuts, with the item's notes
            return "\n".join(t for t in (self.data(index), item.notes) if t) or None
        if role == Qt.ItemDataRole.ForegroundRole and reason:
            return QBrush(dimmed())
        if role == Qt.ItemDataRole.UserRole:
            return item.id
        return None
