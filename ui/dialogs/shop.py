"""Buy one item for a member: the shop with prices, the purse, and why a choice is blocked."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from ui.screen import fitted_size
from ui.shop_model import STRETCH, ShopModel
from ui.table_view import fit_columns, tab_leaves


class ShopDialog(QDialog):
    def __init__(
        self, rules: Ruleset, posse: Posse, member: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Buy for {member}")
        self.item_id: str | None = None
        self.model = ShopModel(rules)
        self.model.set_buyer(posse, member)
        self.table = QTableView()
        tab_leaves(self.table)
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        fit_columns(self.table, STRETCH)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buy = self.buttons.addButton("Buy", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buy.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Purse of {posse.name}: ${posse.purse}"))
        layout.addWidget(self.table)
        layout.addWidget(self.reason)
        layout.addWidget(self.buttons)
        self.table.selectionModel().currentRowChanged.connect(
            lambda cur, _prev: self.choose(cur.row())
        )
        self.table.doubleClicked.connect(lambda index: self.buy.isEnabled() and self.accept())
        self.resize(*fitted_size(820, 520))

    def choose(self, row: int) -> None:
        item = self.model.item_at(row)
        self.item_id = None
        if item is None:
            return
        why = self.model.blocked(item)
        self.reason.setText(why or f"{item.name}: ${item.price}. {item.notes}")
        self.buy.setEnabled(not why)
        self.item_id = None if why else item.id

    def pick(self, item_id: str) -> None:
        """Select an item by id (keyboard users and tests)."""
        row = next(i for i, it in enumerate(self.model.items) if it.id == item_id)
        self.table.selectRow(row)
        self.choose(row)
