"""Right-click menus and double-clicks on the posse list, the roster, gear and history.

Each menu offers the window's own actions (the same undoable use cases as the menu bar), so
a right-click can do nothing the menus cannot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QMenu, QWidget

if TYPE_CHECKING:
    from ui.main_window import MainWindow


def _menu_at(widget: QWidget, fill: Callable[[QMenu], None], point: QPoint) -> None:
    menu = QMenu(widget)
    fill(menu)
    if menu.actions():
        menu.exec(widget.mapToGlobal(point))


def _on_right_click(widget: QWidget, fill: Callable[[QMenu], None]) -> None:
    widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    widget.customContextMenuRequested.connect(lambda point: _menu_at(widget, fill, point))


def _item(menu: QMenu, text: str, slot: Callable[[], object], enabled: bool = True) -> QAction:
    action = menu.addAction(text, slot)
    action.setEnabled(enabled)
    return action


def posse_menu(w: MainWindow, menu: QMenu) -> None:
    """What acts on the selected posse."""
    if w.current_posse() is None:
        menu.addAction(w.action_new_posse)
        return
    for action in (w.action_rename, w.action_hire, w.action_flip, w.action_record):
        menu.addAction(action)
    menu.addSeparator()
    for action in (w.action_export, w.action_print):
        menu.addAction(action)
    menu.addSeparator()
    retired = w.posse_model.standing_of(w.current_posse()) == "retired"
    menu.addAction(w.action_bring_back if retired else w.action_retire)
    menu.addAction(w.action_delete)


def member_menu(w: MainWindow, menu: QMenu) -> None:
    """What acts on the selected member (the member pane's own buttons)."""
    pane = w.view.member_pane
    member = pane.member
    if member is None:
        return
    _item(menu, f"Buy an item for {member.name}...", pane.buy.click, pane.buy.isEnabled())
    _item(menu, f"Spend a flip of {member.name}...", pane.flip.click, pane.flip.isEnabled())
    _item(menu, f"Rename {member.name}...", pane.rename.click, pane.rename.isEnabled())


def gear_menu(w: MainWindow, menu: QMenu) -> None:
    pane = w.view.member_pane
    item_id, refund = pane.selected_item(), pane.refund()
    if item_id is not None:
        name = w.rules.items[item_id].name if item_id in w.rules.items else item_id
        paid = "" if refund is None else f" for ${refund}"  # what the user gets back (R16)
        _item(menu, f"Sell {name}{paid}", pane.sell.click, pane.sell.isEnabled())
    _item(menu, "Buy an item...", pane.buy.click, pane.buy.isEnabled())


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


def install(w: MainWindow) -> None:
    """Right-click menus and double-clicks for the window's lists and tables."""
    view, pane = w.view, w.view.member_pane
    _on_right_click(w.posse_list, lambda m: posse_menu(w, m))
    _on_right_click(view.roster, lambda m: member_menu(w, m))
    _on_right_click(pane.gear, lambda m: gear_menu(w, m))
    _on_right_click(pane.history, lambda m: copy_menu(pane.history, m))
    for table in (view.ledger_table.view, view.history_table.view):
        _on_right_click(table, lambda m, t=table: copy_menu(t, m))
    # Double-click does the obvious thing: rename a posse; a member's flips when it has some,
    # else the shop; sell a piece of gear.
    w.posse_list.doubleClicked.connect(lambda _i: w.action_rename.trigger())
    view.roster.doubleClicked.connect(
        lambda _i: (pane.flip if pane.flip.isEnabled() else pane.buy).click()
    )
    pane.gear.itemDoubleClicked.connect(lambda _i: pane.sell.click())
