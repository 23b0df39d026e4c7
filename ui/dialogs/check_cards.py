"""File > Check cards (issue 34): printed cards checked by their state codes, pasted or read
from photos, with an offer to print again the posses whose cards are out of date."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from services import cards

if TYPE_CHECKING:
    from ui.host import Host

IMAGES = "Images (*.png *.jpg *.jpeg *.gif *.bmp *.tif *.tiff *.webp)"


def open_check_cards(host: Host) -> None:
    """File > Check cards."""
    CheckCards(host, parent=host.window()).exec()


class CheckCards(QDialog):
    """Codes pasted (one a line) or photos opened, each card's state said on a line."""

    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.w = window
        self.setWindowTitle("Check cards")
        self.codes = QPlainTextEdit()
        self.codes.setPlaceholderText(
            "Paste or type the codes printed under the cards' QR codes, one a line"
        )
        label = QLabel("&Codes")
        label.setBuddy(self.codes)
        self.photos = QPushButton("Open &photos...")
        self.check = QPushButton("C&heck")
        self.check.setDefault(True)
        self.results = QListWidget()
        self.results.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.print_stale = QPushButton("&Print the out-of-date cards...")
        self.print_stale.setEnabled(False)
        self.close_button = QPushButton("Close")
        buttons = QHBoxLayout()
        buttons.addWidget(self.photos)
        buttons.addStretch(1)
        buttons.addWidget(self.check)
        bottom = QHBoxLayout()
        bottom.addWidget(self.print_stale)
        bottom.addStretch(1)
        bottom.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.codes)
        layout.addLayout(buttons)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.message)
        layout.addLayout(bottom)
        self.photos.clicked.connect(self.open_photos)
        self.check.clicked.connect(self.run_check)
        self.print_stale.clicked.connect(self.print_out_of_date)
        self.close_button.clicked.connect(self.reject)
        self.stale: list[str] = []  # the posses with a card out of date, in the order found
        self.resize(620, 460)

    def open_photos(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Photos of card backs", "", IMAGES)
        if paths:
            self.check_words(paths)

    def run_check(self) -> None:
        self.check_words(self.codes.toPlainText().splitlines())

    def check_words(self, words: list[str]) -> None:
        """Check the codes in words (codes, or image paths), showing each card's line; a
        refusal (a mistyped code, a photo without codes) is said in the dialog."""
        words = [word.strip() for word in words if word.strip()]
        self.results.clear()
        self.stale = []
        self.print_stale.setEnabled(False)
        try:
            found = cards.check_cards(self.w.campaign, cards.codes_from(words))
        except Refused as exc:
            self.message.setText(str(exc))
            return
        for status in found:
            self.results.addItem(status.line)
            if status.out_of_date and status.posse and status.posse not in self.stale:
                self.stale.append(status.posse)
        current = sum(s.state == cards.CURRENT for s in found)
        self.message.setText(
            f"{current} of {len(found)} cards current."
            + (f" Out of date: cards of {', '.join(self.stale)}." if self.stale else "")
        )
        self.print_stale.setEnabled(bool(self.stale))

    def print_out_of_date(self) -> None:
        """The print dialog on the cards of the posses out of date, only the changed ones."""
        from ui.dialogs.print_dialog import PrintDialog

        dialog = PrintDialog(self.w, parent=self, start="Cards")
        for row in range(dialog.cards.posses.count()):
            item = dialog.cards.posses.item(row)
            stale = item.text() in self.stale
            item.setCheckState(Qt.CheckState.Checked if stale else Qt.CheckState.Unchecked)
        dialog.cards.changed.setChecked(True)
        dialog.exec()
