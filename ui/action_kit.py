"""Making one menu action: its text, standard shortcut, object name and what it does."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QWidget

    from ui.host import Host

# a standard key (its platform bindings), a sequence, or its text ("Ctrl+G")
Key = QKeySequence | QKeySequence.StandardKey | str


def shortcut(action: QAction, key: Key) -> None:
    """The platform's bindings for a standard key, else the one sequence.

    setShortcuts, not setShortcut: the latter's overloads make PySide create every enum of the
    Qt namespace (about 13 ms) before the window's first paint.
    """
    if isinstance(key, QKeySequence.StandardKey):
        action.setShortcuts(key)
    else:
        action.setShortcuts([QKeySequence(key) if isinstance(key, str) else key])


def add_action(
    host: Host,
    menu: QMenu,
    text: str,
    slot: Callable[[], object],
    name: str,
    key: Key | None = None,
    always: bool = False,
) -> QAction:
    """A new action in `menu`, named `name` (tests and the key walk find it by that name).

    Until the campaign is open (a moment after the first paint) it does nothing, unless
    `always` (Quit).
    """
    parent: QWidget = host.window()
    action = QAction(text, parent)
    if key is not None:
        shortcut(action, key)
    action.triggered.connect(lambda *_: slot() if always or host.is_open else None)
    action.setObjectName(name)
    menu.addAction(action)
    return action


class MenuPart:
    """One menu of the menu bar: it owns its actions as attributes, and their slots are its
    methods. A new item is one line in the subclass's __init__ and one method."""

    def __init__(self, host: Host, menu: QMenu) -> None:
        self.host, self.menu = host, menu

    def add(
        self, text: str, slot: Callable[[], object], name: str, key: Key | None = None
    ) -> QAction:
        """An item at the end of this menu (see add_action)."""
        return add_action(self.host, self.menu, text, slot, name, key)
