"""The focus goes back to the widget that opened a dialog when the dialog closes.

Dialogs of the main window are followed, and dialogs of those dialogs.

Closing a modal dialog left no window active under some window managers (discarding the
creation wizard: Ctrl+G did nothing until the main window was clicked). Each dialog of the
main window remembers the widget that had the focus when it was shown, and gives it back,
its window activated, when it is hidden.
"""

from __future__ import annotations

from PySide6.QtCore import QChildEvent, QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from shiboken6 import isValid


class FocusReturner(QObject):
    """Watches the dialogs of `window` (installed from its childEvent, see `watch`)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._openers: dict[int, QWidget | None] = {}  # a shown dialog's id -> its opener
        self._shows = 0  # dialogs shown so far: one shown since a hide has the focus now

    def watch(self, child: QObject) -> None:
        """Follow `child` if it is a dialog not followed yet."""
        # a property, not a set of ids: a deleted dialog's id may come back for a new one
        if isinstance(child, QDialog) and not child.property("focusReturns"):
            child.setProperty("focusReturns", True)
            child.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ChildPolished and isinstance(event, QChildEvent):
            self.watch(event.child())  # a dialog of a dialog ("Discard?" over a wizard)
        elif kind == QEvent.Type.Show:
            self._shows += 1
            focus = QApplication.focusWidget()
            # a dialog opened while another has the focus gives it back to that one
            self._openers[id(watched)] = focus if focus is not watched else None
        elif kind == QEvent.Type.Hide and id(watched) in self._openers:  # shown, now hidden
            opener = self._openers.pop(id(watched))
            # after the dialog is gone, else the activation goes to the closing dialog
            shows = self._shows
            QTimer.singleShot(0, lambda: self._give_back(opener, shows))
        return False

    def _give_back(self, opener: QWidget | None, shows: int) -> None:
        if shows != self._shows:
            return  # another dialog was shown since: it has the focus now
        alive = opener is not None and isValid(opener) and opener.isVisible()
        target = opener if alive else self._window.focusWidget()
        window = target.window() if target is not None else self._window
        if not window.isVisible():
            return
        window.activateWindow()
        if target is not None:
            target.setFocus()
