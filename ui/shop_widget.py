"""The shop, one widget for the creation wizard and the Buy dialog: every item of the
ruleset, a row per item, what the selected one does and, when it cannot be bought, the
domain's sentence why.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from rostermgr.roster import Posse
from rostermgr.rules import Item, Ruleset
from rostermgr.views import item_effect
from ui.keys import on_enter_or_space
from ui.shop_model import STRETCH, ShopModel
from ui.table_view import fit_columns, tab_leaves


class ShopWidget(QWidget):
    """Rows of items; `chosen` is emitted with an item's id on Enter, Space or a double-click
    (the caller buys it, or says why not). The selected item stays selected when the buyer
    changes (another member of the wizard)."""

    chosen = Signal(str)
    selected = Signal()  # the selected item, or what may be bought of it, changed

    def __init__(self, rules: Ruleset, label: str = "&Items for sale") -> None:
        super().__init__()
        self.rules = rules
        self.model = ShopModel(rules)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tab_leaves(self.table)
        fit_columns(self.table, STRETCH)
        self.label = QLabel(label)
        self.label.setBuddy(self.table)
        self.about = QLabel()  # what the selected item is and does
        self.about.setWordWrap(True)
        self.reason = QLabel()  # why it cannot be bought, in the domain's words
        self.reason.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.about)
        layout.addWidget(self.reason)
        self.table.selectionModel().currentRowChanged.connect(lambda _c, _p: self.explain())
        self.table.doubleClicked.connect(lambda _i: self._choose())
        on_enter_or_space(self.table, self._choose)
        self.explain()

    def set_buyer(self, posse: Posse | None, member: str | None) -> None:
        """What `member` may buy now; the item selected stays selected."""
        keep = self.item()
        self.model.set_buyer(posse, member)
        self.select(keep.id if keep is not None else None)

    def item(self) -> Item | None:
        """The selected item, or None."""
        return self.model.item_at(self.table.currentIndex().row())

    def select(self, item_id: str | None) -> None:
        """Select an item by id (the first when None or unknown)."""
        ids = [item.id for item in self.model.items]
        row = ids.index(item_id) if item_id in ids else 0
        if ids:
            self.table.selectRow(row)
        self.explain()

    def blocked(self) -> str:
        """Why the selected item cannot be bought now ('' when it can)."""
        item = self.item()
        return self.model.blocked(item) if item is not None else "Choose an item."

    def explain(self) -> None:
        """Say what the selected item is and does, and why it cannot be bought if it cannot."""
        item = self.item()
        if item is None:
            self.about.setText("")
            self.reason.setText("Choose an item.")
        else:
            effect = item_effect(item, self.rules, none="")
            does = ". ".join(t.rstrip(".") for t in (effect, item.notes) if t)
            self.about.setText(f"{item.name}, ${item.price}: {does}." if does else item.name)
            self.reason.setText(self.model.blocked(item))
        self.selected.emit()

    def _choose(self) -> None:
        item = self.item()
        if item is not None:
            self.chosen.emit(item.id)
