"""File > Open server campaign: the address of a campaign on a PostgreSQL server (issue 28)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

PLACEHOLDER = "postgresql://you@club.example.org/campaign"


class OpenServerDialog(QDialog):
    """Asks for a `postgresql://` URL or `service=NAME`; Open is enabled once one is typed."""

    def __init__(self, recent: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open server campaign")
        self.address = QLineEdit(recent)
        self.address.setPlaceholderText(PLACEHOLDER)
        self.address.setMinimumWidth(420)
        label = QLabel("&Server campaign:")
        label.setBuddy(self.address)
        note = QLabel(
            "A postgresql:// URL, or service=NAME for an entry of your PostgreSQL service file. "
            "The password comes from PGPASSWORD, ~/.pgpass or the service file; if none is "
            "there you are asked for it, and it is never saved. An empty database becomes a "
            "new campaign."
        )
        note.setWordWrap(True)
        # why Open is greyed for what is typed, under the field, read by Tab like the field
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.why.setObjectName("whyNotOpen")
        self.why.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.why.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab from the field reaches it
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.address)
        layout.addWidget(self.why)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self.address.textChanged.connect(self._enable)
        self._enable()

    def _enable(self) -> None:
        """Open is enabled for a server's address; for other text, why not is said."""
        from services.paths import server_address_problem

        given = self.address.text().strip()
        problem = server_address_problem(given)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        # not campaign_server(): an empty field is no address, whatever ROSTERMGR_DB names
        ok.setEnabled(bool(given) and problem is None)
        self.why.setText(problem or "")
        if self.why.isHidden() != (problem is None):
            self.why.setVisible(problem is not None)
            if self.isVisible():  # the dialog grows (and shrinks) with it, the note kept whole
                self.adjustSize()
        self.address.setAccessibleDescription(problem or "")
        ok.setToolTip(problem or "")

    def given(self) -> str:
        """The address typed."""
        return self.address.text().strip()


def ask_password(parent: QWidget, where: str, again: bool) -> str | None:
    """The password for `where`, typed now (never saved); None if the user cancelled."""
    prompt = (
        f"The server refused that password. Password for {where}:"
        if again
        else f"The server asks for a password. Password for {where}:"
    )
    text, ok = QInputDialog.getText(parent, "Server password", prompt, QLineEdit.EchoMode.Password)
    return text if ok else None
