"""Campaign > Rules: the campaign's current ruleset and its history; adopting a ruleset file,
and undoing the newest adoption.

Adopting shows the differences and the preview of every posse first (services.rulesets), and
commits only when asked: one edit on the window's undo stack, so Edit > Undo takes it back.
"Undo the last adoption" is `rostermgr rules undo`: any adoption, made in this window or
before, and everything done since, named in its question first.
The statistics split by ruleset are shown here too, one table at a time.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rostermgr.adoption import AdoptionPreview
from rostermgr.errors import Refused
from rostermgr.ruleset_diff import diff_lines
from rostermgr.views import text_table
from services import edits, rulesets, stats
from ui.screen import fitted_size

if TYPE_CHECKING:
    from ui.host import Host


def preview_text(plan: AdoptionPreview) -> str:
    """The adoption preview as the dialog shows it: differences, then posse by posse."""
    lines = [
        f"{plan.new.name} {plan.new.version} in place of {plan.old.version}:",
        *(f"  {line}" for line in diff_lines(list(plan.changes))),
    ]
    for posse in plan.listed:
        lines.append(f"{posse.posse}:" + (" nothing changes." if posse.unchanged else ""))
        lines += [
            f"  {line}" for line in (*posse.stats, *posse.roles, *posse.no_longer, *posse.gear)
        ]
        lines += [f"  Refused: {line}" for line in posse.refusals]
    return "\n".join(lines)


def _text_view(text: str) -> QPlainTextEdit:
    view = QPlainTextEdit(text)
    view.setReadOnly(True)
    view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    return view


class AdoptDialog(QDialog):
    """The preview of one adoption, with Adopt (disabled when it would be refused)."""

    def __init__(self, plan: AdoptionPreview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Adopt {plan.new.name} {plan.new.version}")
        refused = bool(plan.refusals)
        self.note = note = QLabel(plan.summary())  # the domain's sentence, true to the list
        note.setWordWrap(True)
        self.preview = _text_view(preview_text(plan))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.adopt = buttons.addButton("&Adopt", QDialogButtonBox.ButtonRole.AcceptRole)
        self.adopt.setEnabled(not refused)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.preview)
        layout.addWidget(buttons)
        self.resize(*fitted_size(720, 520))


class RulesetsDialog(QDialog):
    """The current ruleset, the history, and the statistics split by ruleset."""

    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.w = window
        self.setWindowTitle("Rules - rostermgr")
        self.setObjectName("rulesetsDialog")
        self.current = QLabel()
        self.current.setWordWrap(True)
        self.history = _text_view("")
        self.table_choice = QComboBox()
        self.table_choice.currentIndexChanged.connect(self._show_table)
        self.table = _text_view("")
        split = QWidget()
        split_layout = QVBoxLayout(split)
        split_layout.addWidget(self.table_choice)
        split_layout.addWidget(self.table)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.history, "&History")
        self.tabs.addTab(split, "&Statistics by ruleset")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        adopt = buttons.addButton(
            "&Adopt a ruleset file...", QDialogButtonBox.ButtonRole.ActionRole
        )
        adopt.clicked.connect(self.choose_file)
        self.undo = buttons.addButton(
            "&Undo the last adoption...", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.undo.clicked.connect(self.undo_last)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.current)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.load()
        self.resize(*fitted_size(760, 480))

    def load(self) -> None:
        """Read the campaign's rulesets and the split statistics again."""
        c = self.w.campaign
        rules = c.rules
        self.current.setText(
            f"This campaign is played under {rules.name} {rules.version} ({rules.id}, hash "
            f"{rules.hash[:12]})."
        )
        rows = [["Adopted", "Ruleset", "Version", "Hash", ""]]
        for line in rulesets.history(c):
            rows.append(
                [
                    line.adopted,
                    line.id,
                    line.version,
                    line.hash[:12],
                    "current" if line.current else "",
                ]
            )
        self.history.setPlainText("\n".join(text_table(rows, [False] * 5)))
        self.undo.setEnabled(rulesets.adoption_to_undo(c) is not None)
        self.split = {t.name: t for t in stats.tables_by_ruleset(c)}
        self.table_choice.blockSignals(True)
        self.table_choice.clear()
        for table in self.split.values():
            self.table_choice.addItem(table.title, table.name)
        self.table_choice.blockSignals(False)
        self._show_table()

    def _show_table(self) -> None:
        table = self.split.get(self.table_choice.currentData())
        if table is None:
            self.table.setPlainText("")
            return
        self.table.setPlainText("\n".join(table.lines()))

    def choose_file(self) -> None:
        from ui.files import open_file

        path = open_file(self, "Adopt a ruleset file", "Ruleset files (*.toml);;All files (*)")
        if path is not None:
            self.adopt_file(path)

    def adopt_file(self, path: Path) -> bool:
        """Preview `path`, and adopt it if the user says so; whether it was adopted."""
        try:
            new = rulesets.load_file(path)
            plan = rulesets.preview(self.w.campaign, new)
        except Refused as exc:
            self.w.refuse(str(exc))
            return False
        if AdoptDialog(plan, self).exec() != QDialog.DialogCode.Accepted:
            return False
        # one edit that Edit > Undo takes back
        done = self.w.act(
            f"Adopt {new.name} {new.version}", lambda: edits.adopt(self.w.campaign, new)
        )
        self.load()
        return done is not None

    def undo_last(self) -> None:
        """Take back the newest adoption and everything since, once the user says so; the
        window's edit history is cleared, as after a game undo."""
        from ui.dialogs.games import undone_too

        c = self.w.campaign
        newest = rulesets.adoption_to_undo(c)
        if newest is None:
            return
        adopted, later = newest
        since = undone_too(later.listed())
        sure = QMessageBox.question(
            self,
            "Undo the last adoption",
            f"Undo the adoption of {adopted.id} {adopted.version}? {since}\n\n"
            "This cannot be redone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if sure != QMessageBox.StandardButton.Yes:
            return
        try:
            done = rulesets.undo_adoption(c)
        except Refused as exc:
            self.w.refuse(str(exc))
            return
        self.w.undo_stack.clear()  # its entries after the adoption's mark are gone
        self.w.refresh()
        kept = f" Backed up first to {done.backup}." if done.backup else ""
        self.w.say(f"{done.said()}.{kept}", 8000)
        self.load()
