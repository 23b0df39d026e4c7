"""Buy one item for a member: the shop with prices, the purse, and why a choice is blocked."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from ui.screen import fitted_size
from ui.shop_widget import ShopWidget


class ShopDialog(QDialog):
    """The shop widget of the creation wizard, for one member of a posse."""

    def __init__(
        self, rules: Ruleset, posse: Posse, member: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Buy for {member}")
        self.item_id: str | None = None
        self.shop = ShopWidget(rules)
        self.model, self.table, self.reason = self.shop.model, self.shop.table, self.shop.reason
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buy = self.buttons.addButton("B&uy", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Purse of {posse.name}: ${posse.purse}"))
        layout.addWidget(self.shop, 1)
        layout.addWidget(self.buttons)
        self.shop.selected.connect(self._follow)
        self.shop.chosen.connect(lambda _id: self.accept() if self.buy.isEnabled() else None)
        self.shop.set_buyer(posse, member)
        self.resize(*fitted_size(820, 520))

    def _follow(self) -> None:
        item = self.shop.item()
        allowed = item is not None and not self.shop.blocked()
        self.buy.setEnabled(allowed)
        self.item_id = item.id if allowed and item is not None else None

    def pick(self, item_id: str) -> None:
        """Select an item by id (keyboard users and tests)."""
        self.shop.select(item_id)
