"""Right-click menus and double-clicks on the posse list, the roster, gear and history.

Each menu offers the window's own actions (the same undoable use cases as the menu bar), so
a right-click can do nothing the menus cannot.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QMenu, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QListView

    from ui.host import Host
    from ui.menus import Menus
    from ui.models import PosseListModel
    from ui.posse_view import PosseView


def _menu_at(widget: QWidget, fill: Callable[[QMenu], None], point: QPoint) -> None:
    menu = QMenu(widget)
    fill(menu)
    if menu.actions():
        menu.exec(widget.mapToGlobal(point))


def _on_right_click(widget: QWidget, fill: Callable[[QMenu], None]) -> None:
    widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    widget.customContextMenuRequested.connect(lambda point: _menu_at(widget, fill, point))


def _no_mnemonic(text: str) -> str:
    """A name shown in a menu item as it is: an & in it marks no key."""
    return text.replace("&", "&&")


def _item(menu: QMenu, text: str, slot: Callable[[], object], enabled: bool = True) -> QAction:
    action = menu.addAction(text, slot)
    action.setEnabled(enabled)
    return action


class ContextMenus:
    """The right-click menus of the posse list, the roster, gear and history."""

    def __init__(
        self,
        host: Host,
        menus: Menus,
        posse_list: QListView,
        posse_model: PosseListModel,
        view: PosseView,
    ) -> None:
        self.host, self.menus, self.posse_model, self.view = host, menus, posse_model, view
        pane = view.member_pane
        _on_right_click(posse_list, self.posse_menu)
        _on_right_click(view.roster, self.member_menu)
        _on_right_click(pane.gear, self.gear_menu)
        _on_right_click(pane.history, lambda m: copy_menu(pane.history, m))
        for table in (view.ledger_table.view, view.history_table.view):
            _on_right_click(table, partial(copy_menu, table))
        # Double-click does the obvious thing: rename a posse; a member's flips when it has
        # some, else the shop; sell a piece of gear.
        posse_list.doubleClicked.connect(lambda _i: menus.campaign.rename.trigger())
        view.roster.doubleClicked.connect(
            lambda _i: (pane.flip if pane.flip.isEnabled() else pane.buy).click()
        )
        pane.gear.itemDoubleClicked.connect(lambda _i: pane.sell.click())

    def posse_menu(self, menu: QMenu) -> None:
        """What acts on the selected posse."""
        campaign, file = self.menus.campaign, self.menus.file
        name = self.host.current_posse()
        if name is None:
            menu.addAction(campaign.new_posse)
            return
        for action in (campaign.rename, campaign.hire, campaign.flip, campaign.record):
            menu.addAction(action)
        menu.addSeparator()
        for action in (file.export_posse, file.print):
            menu.addAction(action)
        menu.addSeparator()
        retired = self.posse_model.standing_of(name) == "retired"
        menu.addAction(campaign.bring_back if retired else campaign.retire)
        menu.addAction(campaign.delete)

    def member_menu(self, menu: QMenu) -> None:
        """What acts on the selected member (the member pane's own buttons)."""
        pane = self.view.member_pane
        member = pane.member
        if member is None:
            return
        # a mnemonic each, the pane's buttons' own: a menu opened by the Menu key has no item
        # highlighted, so Enter alone chooses nothing
        name = _no_mnemonic(member.name)
        _item(menu, f"&Buy an item for {name}...", pane.buy.click, pane.buy.isEnabled())
        _item(menu, f"Spend a &flip of {name}...", pane.flip.click, pane.flip.isEnabled())
        _item(menu, f"Re&name {name}...", pane.rename.click, pane.rename.isEnabled())

    def gear_menu(self, menu: QMenu) -> None:
        """Sell the selected piece of gear (saying what the user gets back), or buy one."""
        pane, items = self.view.member_pane, self.host.rules.items
        item_id, refund = pane.selected_item(), pane.refund()
        if item_id is not None:
            name = items[item_id].name if item_id in items else item_id
            paid = "" if refund is None else f" for ${refund}"  # what the user gets back (R16)
            text = f"&Sell {_no_mnemonic(name)}{paid}"
            _item(menu, text, pane.sell.click, pane.sell.isEnabled())
        _item(menu, "&Buy an item...", pane.buy.click, pane.buy.isEnabled())


def copy_menu(view: QAbstractItemView | QListWidget, menu: QMenu) -> None:
    """Copy the selected line's text (history lines go into notes and messages)."""
    index = view.currentIndex()
    if not index.isValid():
        return
    model = view.model()
    row = index.row()
    cells = [str(model.data(model.index(row, c)) or "") for c in range(max(model.columnCount(), 1))]
    text = "\t".join(c for c in cells if c)
    _item(menu, "&Copy line", lambda: QGuiApplication.clipboard().setText(text))
