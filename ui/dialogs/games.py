"""The campaign's games, with undo of the most recent one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from services import games
from ui.screen import fitted_size
from ui.table_models import games_model
from ui.table_view import fit_columns, tab_leaves

if TYPE_CHECKING:
    from ui.host import Host

LISTED = 12  # later changes named in the confirmation; the rest are counted


def undone_too(later: tuple[str, ...]) -> str:
    """What an undo of a game or an adoption takes back besides, for its question."""
    more = f"\n...and {len(later) - LISTED} more." if len(later) > LISTED else ""
    if not later:
        return "Nothing was done since it."
    return "It also undoes everything done since:\n" + "\n".join(later[:LISTED]) + more


class GamesDialog(QDialog):
    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.w = window
        self.setWindowTitle("Games")
        self.model = games_model(window.rules)
        self.table = QTableView()
        tab_leaves(self.table)
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        fit_columns(self.table, self.model.stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.undo = buttons.addButton("&Undo the last game", QDialogButtonBox.ButtonRole.ActionRole)
        self.undo.clicked.connect(self.undo_last)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.load()
        self.resize(*fitted_size(760, 360))

    def load(self) -> None:
        rows = games.listing(self.w.campaign)
        self.model.set_rows(rows)
        self.undo.setEnabled(bool(rows))

    def undo_last(self) -> None:
        """Undo the newest game and everything since; the edit history before it is cleared."""
        since = undone_too(games.changes_since_last(self.w.campaign).listed())
        sure = QMessageBox.question(
            self,
            "Undo the last game",
            f"Undo the most recent game? {since}\n\nThis cannot be redone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if sure != QMessageBox.StandardButton.Yes:
            return
        try:
            undone = games.undo_last(self.w.campaign)
        except Refused as exc:
            self.w.refuse(str(exc))
            return
        self.w.undo_stack.clear()  # its entries after the game's mark are gone
        self.w.refresh()
        kept = f" Backed up first to {undone.backup}." if undone.backup else ""
        count = len(undone.later.listed())
        since = f" and {count} later change{'s' if count != 1 else ''}" if count else ""
        self.w.say(f"Undid game {undone.game.id}{since}.{kept}", 8000)
        self.load()
