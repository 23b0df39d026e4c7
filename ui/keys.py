"""Keys that must do one thing only: Enter in a field adds its entry, it never presses Next."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QPushButton,
    QWidget,
    QWizard,
)

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


class _NameSearch(QObject):
    """A closed picker's search by the keys typed, as Qt's own, but a space typed within the
    search goes on it: Qt opens the list on any space, which then takes the keys after it."""

    def __init__(self, combo: QComboBox) -> None:
        super().__init__(combo)
        self.combo = combo
        self.typed = ""
        self.at = 0.0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        text = event.text()
        plain = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        if event.modifiers() & ~plain or not text.isprintable() or not text:
            return False  # Alt+letters, arrows, Enter: Qt's and the dialog's
        now = time.monotonic()
        going_on = self.typed and now - self.at < QApplication.keyboardInputInterval() / 1000
        if text == " " and not going_on:
            return False  # a space alone opens the list, as ever
        self.typed = self.typed + text if going_on else text
        self.at = now
        found = self.combo.findText(self.typed, Qt.MatchFlag.MatchStartsWith)
        if found >= 0:
            self.combo.setCurrentIndex(found)
        return True


def search_with_spaces(combo: QComboBox) -> QComboBox:
    """Typing a name in `combo` finds it, spaces and all ("Ma Barker"); returns `combo`."""
    combo.installEventFilter(_NameSearch(combo))
    return combo


def with_mnemonic(text: str, taken: set[str]) -> str:
    """`text` (a name from the ruleset or the user) as a label with an Alt letter none of
    `taken` has: the first free letter that starts a word, else any free letter, else none.
    The letter chosen is added to `taken`; an & in the text marks no key."""
    # a letter or digit a keyboard types as it is: Alt+µ is no key anyone finds
    keys = [i for i, ch in enumerate(text) if ch.isascii() and ch.isalnum()]
    words = [i for i in keys if i == 0 or text[i - 1] == " "]
    for i in words + [i for i in keys if i not in words]:
        key = text[i].lower()
        if key not in taken:
            taken.add(key)
            return text[:i].replace("&", "&&") + "&" + text[i:].replace("&", "&&")
    return text.replace("&", "&&")
