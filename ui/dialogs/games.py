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

from db import games
from rostermgr.errors import Refused
from ui.table_models import games_model
from ui.table_view import fit_columns

if TYPE_CHECKING:
    from ui.main_window import MainWindow


class GamesDialog(QDialog):
    def __init__(self, window: MainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.w = window
        self.setWindowTitle("Games")
        self.model = games_model()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        fit_columns(self.table, self.model.stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.undo = buttons.addButton("Undo the last game", QDialogButtonBox.ButtonRole.ActionRole)
        self.undo.clicked.connect(self.undo_last)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.load()
        self.resize(760, 360)

    def load(self) -> None:
        rules = self.w.rules
        rows = []
        for g in games.list_games():
            row = g.as_json()
            row["scenario_name"] = (
                rules.scenarios[g.scenario].name if g.scenario in rules.scenarios else g.scenario
            )
            rows.append(row)
        self.model.set_rows(rows)
        self.undo.setEnabled(bool(rows))

    def undo_last(self) -> None:
        """Undo the newest game and everything since; the edit history before it is cleared."""
        sure = QMessageBox.question(
            self,
            "Undo the last game",
            "Undo the most recent game and everything done since it? This cannot be redone.",
        )
        if sure != QMessageBox.StandardButton.Yes:
            return
        try:
            game, later = games.undo_last_game()
        except Refused as exc:
            self.w.refuse(str(exc))
            return
        self.w.undo_stack.clear()  # its entries after the game's mark are gone
        self.w.refresh()
        self.w.statusBar().showMessage(f"Undid game {game.id} and {later} later changes.", 8000)
        self.load()
