"""Campaign > Players' reports: the post-game reports a club's players submitted (issue 29).

Everyone in the club sees each report and what became of it; an arbitrator applies one as a
game (after the preview `game apply --dry-run` gives) or sends it back with a reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from rostermgr.club import WAITING, SubmittedReport
from rostermgr.errors import Refused
from services import edits, games
from ui.screen import fitted_size
from ui.table_models import Column, RowsModel
from ui.table_view import FilteredTable

if TYPE_CHECKING:
    from ui.host import Host


def _what(r: SubmittedReport) -> str:
    if r.game is not None:
        return f"applied as game {r.game}"
    if r.reason is not None:
        return f"sent back: {r.reason}"
    return "waiting"


def reports_model() -> RowsModel:
    """Rows of SubmittedReport."""
    return RowsModel(
        [
            Column("#", lambda r: str(r.id), numeric=True, key=lambda r: r.id),
            Column("Played", lambda r: r.date),
            Column("Posses", lambda r: " vs ".join(r.posses)),
            Column("By", lambda r: r.by or ""),
            Column("Submitted", lambda r: r.submitted),
            Column("Now", _what),
        ],
        stretch=5,
    )


class ReportsDialog(QDialog):
    """The club's submitted reports; Apply and Send back for arbitrators."""

    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.w = window
        self.setWindowTitle("Players' reports")
        self.model = reports_model()
        self.table = FilteredTable(self.model, "Filter the reports...")
        label = QLabel("&Reports:")
        label.setBuddy(self.table.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        action = QDialogButtonBox.ButtonRole.ActionRole
        self.apply = buttons.addButton("&Apply as a game...", action)
        self.send_back = buttons.addButton("&Send back...", action)
        self.apply.clicked.connect(self.apply_chosen)
        self.send_back.clicked.connect(self.send_back_chosen)
        buttons.rejected.connect(self.reject)
        arbitrates = games.records_here(window.campaign)
        self.apply.setVisible(arbitrates)
        self.send_back.setVisible(arbitrates)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.table.view.selectionModel().currentRowChanged.connect(lambda *_: self._follow())
        self.load()
        self.resize(*fitted_size(820, 380))

    def load(self) -> None:
        """The reports as the campaign holds them now."""
        self.model.set_rows(games.submitted(self.w.campaign))
        self._follow()

    def chosen(self) -> SubmittedReport | None:
        """The report the table's current row shows (sorting and filtering followed)."""
        index = self.table.proxy.mapToSource(self.table.view.currentIndex())
        row: SubmittedReport | None = self.model.row(index.row())
        return row

    def _follow(self) -> None:
        waiting = (chosen := self.chosen()) is not None and chosen.status == WAITING
        self.apply.setEnabled(waiting)
        self.send_back.setEnabled(waiting)

    def apply_chosen(self) -> None:
        """Show what the report would change, then record it as one edit Undo takes back."""
        report = self.chosen()
        if report is None:
            return
        try:
            plan = games.apply_report(self.w.campaign, report.id, dry_run=True).plan
        except Refused as exc:
            self.w.refuse(str(exc))
            return
        lines = "\n".join(plan.lines()) or "No injuries, flips or money."
        sure = QMessageBox.question(
            self,
            "Apply the report",
            f"Record report {report.id} ({' vs '.join(report.posses)}, {report.date}) as a "
            f"game?\n\n{lines}",
        )
        if sure != QMessageBox.StandardButton.Yes:
            return
        done = self.w.act(
            f"Apply report {report.id}", lambda: edits.apply_report(self.w.campaign, report.id)
        )
        if done is not None:
            self.load()

    def send_back_chosen(self) -> None:
        """Ask why, then return the report to its player as one edit."""
        report = self.chosen()
        if report is None:
            return
        reason, ok = QInputDialog.getText(
            self, "Send the report back", f"Why is report {report.id} sent back to {report.by}?"
        )
        if not ok:
            return
        done = self.w.act(
            f"Send back report {report.id}",
            lambda: edits.send_back(self.w.campaign, report.id, reason),
        )
        if done is not None:
            self.load()
