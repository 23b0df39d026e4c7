"""The main window's two plain pages: "Opening ..." while the campaign opens, and the page of
a campaign with no posses yet. Layout only: the window connects the button."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


def opening_page(name: str) -> QWidget:
    """ "Opening `name`..." in the middle of the page, built with Qt's widgets only: it is
    painted before the campaign is open (and before the `Qt` namespace's enums are made)."""
    page = QWidget()
    row = QHBoxLayout()
    row.addStretch()
    row.addWidget(QLabel(f"Opening {name}..."))
    row.addStretch()
    layout = QVBoxLayout(page)
    layout.addStretch()
    layout.addLayout(row)
    layout.addStretch()
    return page


class EmptyCampaignPage(QWidget):
    """A campaign with no posses: says so, and offers the one thing to do, in large type."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt

        super().__init__()
        layout = QVBoxLayout(self)
        layout.addStretch()
        text = QLabel("This campaign has no posses yet.")
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text.setStyleSheet("font-size: 14pt;")
        self.first_posse = QPushButton("Create your first posse")
        self.first_posse.setObjectName("firstPosse")
        self.first_posse.setStyleSheet("font-size: 14pt; padding: 12px 24px;")
        self.first_posse.setAutoDefault(True)  # Enter presses it, as Space does
        layout.addWidget(text)
        layout.addWidget(self.first_posse, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch()
