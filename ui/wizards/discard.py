"""Asking before a half-filled wizard is thrown away (Cancel, Escape, closing the window)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def confirm_discard(parent: QWidget, what: str) -> bool:
    """True when the user chooses to throw away what was entered; No is the default."""
    answer = QMessageBox.question(
        parent,
        "Discard?",
        f"Throw away the {what} entered so far? Nothing of it has been saved.",
        QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Discard
