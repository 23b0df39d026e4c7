"""Asking before a half-filled wizard is thrown away (Cancel, Escape, closing the window)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def discard_box(parent: QWidget, what: str) -> QMessageBox:
    """The question, its buttons with Alt+letters: Discard, or Keep editing (the default)."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        "Discard?",
        f"Throw away the {what} entered so far? Nothing of it has been saved.",
        QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.button(QMessageBox.StandardButton.Discard).setText("&Discard")
    keep = box.button(QMessageBox.StandardButton.Cancel)
    keep.setText("&Keep editing")
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)  # Enter keeps the work; so does Escape
    box.setEscapeButton(keep)
    return box


def ask(box: QMessageBox) -> bool:
    """Show the question; True when the user chose Discard."""
    box.exec()
    return box.clickedButton() is box.button(QMessageBox.StandardButton.Discard)


def confirm_discard(parent: QWidget, what: str) -> bool:
    """True when the user chooses to throw away what was entered; keeping it is the default."""
    return ask(discard_box(parent, what))
