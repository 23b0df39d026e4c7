"""Edit > History: every edit of this session; clicking one undoes or redoes to it."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QUndoView, QVBoxLayout, QWidget


class UndoHistory(QDialog):
    def __init__(self, stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit history")
        self.view = QUndoView(stack)
        self.view.setEmptyLabel("Campaign as opened")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                "Click an edit to return the campaign to just after it; later edits can be redone."
            )
        )
        layout.addWidget(self.view)
        layout.addWidget(buttons)
        self.resize(460, 380)
