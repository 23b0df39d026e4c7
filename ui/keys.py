"""Keys that must do one thing only: Enter in a field adds its entry, it never presses Next."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QPushButton, QWidget, QWizard

# Qt.Key values, so this module needs no Qt namespace enums at import
_ENTER_KEYS = (0x01000004, 0x01000005)  # Key_Return, Key_Enter
_SPACE = 0x20


class _KeyFilter(QObject):
    def __init__(
        self, parent: QWidget, keys: tuple[int, ...], action: Callable[[], object]
    ) -> None:
        super().__init__(parent)
        self._keys, self._action = keys, action

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        pressed = event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
        if pressed and event.key() in self._keys:  # type: ignore[attr-defined]
            self._action()
            return True  # consumed: the dialog's default button never sees it
        return super().eventFilter(watched, event)


def on_enter(widget: QWidget, action: Callable[[], object]) -> None:
    """Enter or Return in `widget` runs `action` and nothing else (no default button)."""
    widget.installEventFilter(_KeyFilter(widget, _ENTER_KEYS, action))


def on_enter_or_space(widget: QWidget, action: Callable[[], object]) -> None:
    """Enter, Return or Space in `widget` (a table row) runs `action` and nothing else."""
    widget.installEventFilter(_KeyFilter(widget, (*_ENTER_KEYS, _SPACE), action))


def no_default_buttons(parent: QWidget) -> None:
    """No button under `parent` is pressed by Enter pressed elsewhere: each is a choice."""
    for button in parent.findChildren(QAbstractButton):
        if isinstance(button, QPushButton):
            button.setAutoDefault(False)
            button.setDefault(False)


def next_is_default(wizard: QWizard) -> None:
    """Enter goes forward on every page of `wizard` (Next, or Finish on the last), never Back
    nor Cancel, even when Tab has put the focus on one of them (Space still presses it)."""
    for which in (QWizard.WizardButton.BackButton, QWizard.WizardButton.CancelButton):
        button = wizard.button(which)
        if isinstance(button, QPushButton):
            button.setAutoDefault(False)
            button.setDefault(False)
