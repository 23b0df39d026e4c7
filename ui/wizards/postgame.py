"""The post-game wizard (DESIGN 7): the report, a preview of every change, one commit, flips."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDate, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from rostermgr.choices import winner_choices
from rostermgr.errors import Refused
from rostermgr.report import TWO_POSSES, Report, date_problem
from rostermgr.roster import Posse
from services import edits, flips, games, posses
from ui.dialogs.flip import FlipPanel
from ui.keys import next_is_default, search_with_spaces
from ui.screen import fitted_size
from ui.style import error_style
from ui.wizards.discard import confirm_discard
from ui.wizards.draft import draft
from ui.wizards.postgame_money import MoneyPage
from ui.wizards.postgame_pages import CasualtiesPage, fill_posses

if TYPE_CHECKING:
    from ui.host import Host

# The report's lists; each report page checks only its own with the domain.
LISTS = ("out_of_action", "bounties", "income", "goods_sold", "items_used", "items_stolen")


class GamePage(QWizardPage):
    def __init__(self, rules: Any, names: list[str]) -> None:
        super().__init__()
        self.setTitle("The game")
        self.setSubTitle("When, which scenario, who played and who won.")
        self.date = QDateEdit(QDate.currentDate())
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.scenario = search_with_spaces(QComboBox())
        for s in rules.scenarios.values():
            self.scenario.addItem(s.name, s.id)
        self.played = QListWidget()
        # a game has two posses at least: with only two that may play, it was those two
        both = len(names) == 2
        for name in names:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if both else Qt.CheckState.Unchecked)
            self.played.addItem(item)
        self.winner = search_with_spaces(QComboBox())  # "The Dalton Boys"
        self.notes = QLineEdit()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(error_style())
        form = QFormLayout(self)
        form.addRow("&Date", self.date)
        form.addRow("&Scenario", self.scenario)
        form.addRow("&Posses that played", self.played)
        form.addRow("&Winner", self.winner)
        form.addRow("N&otes", self.notes)
        self.date_error = QLabel()
        self.date_error.setWordWrap(True)
        self.date_error.setStyleSheet(error_style())
        self.date_error.hide()
        form.addRow(self.date_error)
        # why Next waits while fewer than two posses are ticked (R12)
        self.posses_hint = QLabel(f"Tick each posse that played: {TWO_POSSES}.")
        self.posses_hint.setWordWrap(True)
        self.posses_hint.setStyleSheet("color: palette(placeholder-text);")
        form.addRow(self.posses_hint)
        form.addRow(self.error)
        self.played.itemChanged.connect(lambda _i: self._posses_changed())
        self.date.dateChanged.connect(lambda _d: self._date_changed())
        self.scenario.currentIndexChanged.connect(lambda _i: self._winners_changed())
        self._posses_changed()
        self._as_opened = self._answers()

    def _answers(self) -> tuple[object, ...]:
        """What the page says now: the date, the scenario, the posses, the winner, the notes."""
        return (
            self.date.date(),
            self.scenario.currentData(),
            self.posses(),
            self.winner.currentData(),
            self.notes.text().strip(),
        )

    def _date_changed(self) -> None:
        """The date is checked where it is entered, by the rule that refuses it (R17)."""
        problem = date_problem(self.date.date().toString("yyyy-MM-dd"))
        self.date_error.setText(
            f"The date {problem.removeprefix('has the date ')}." if problem else ""
        )
        self.date_error.setVisible(bool(problem))
        self.completeChanged.emit()

    def posses(self) -> list[str]:
        return [
            self.played.item(i).text()
            for i in range(self.played.count())
            if self.played.item(i).checkState() == Qt.CheckState.Checked
        ]

    def set_played(self, names: list[str]) -> None:
        for i in range(self.played.count()):
            item = self.played.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.text() in names else Qt.CheckState.Unchecked
            )

    def _posses_changed(self) -> None:
        keep = self.winner.currentData()
        self.winner.clear()
        self.winner.addItem("no winner (a draw)", None)
        for name in self.posses():
            self.winner.addItem(name, name)
        self.winner.setCurrentIndex(max(self.winner.findData(keep), 0))
        self.posses_hint.setVisible(len(self.posses()) < 2)
        self._winners_changed()
        self.completeChanged.emit()

    def _winners_changed(self) -> None:
        wizard: Any = self.wizard()
        if wizard is not None:
            wizard.update_winners()

    def mark_winners(self, reasons: dict[str | None, str]) -> None:
        """R12: a winner the report so far rules out is greyed, its tooltip the domain's reason.

        It stays selectable in code so a winner picked before the casualties keeps its place, and
        Next on the later page refuses with the same sentence.
        """
        model: Any = self.winner.model()
        for i in range(self.winner.count()):
            reason = reasons.get(self.winner.itemData(i), "")
            model.item(i).setEnabled(not reason)
            self.winner.setItemData(i, reason or None, Qt.ItemDataRole.ToolTipRole)

    def validatePage(self) -> bool:
        # R12: the date against the posses' founding, before any list is filled in
        wizard: Any = self.wizard()
        sentence = wizard.refusal(()) if wizard is not None else None
        self.error.setText(sentence or "")
        return sentence is None

    def isComplete(self) -> bool:
        # a game is played between posses (R12), on a day already past (R17)
        return len(self.posses()) >= 2 and not self.date_error.text()

    def entered(self) -> bool:
        """Has the user changed anything on this page? The posses ticked for them (the only two
        that may play) are a default, not something entered."""
        return self._answers() != self._as_opened


class PreviewPage(QWizardPage):
    """The game, then every change the report makes, as sentences, before one commit."""

    def __init__(self, window: Host) -> None:
        super().__init__()
        self.w = window
        self.setTitle("Check before recording")
        self.setSubTitle("These are the changes the report makes. Record commits them in one step.")
        self.game = {key: QLabel() for key in ("date", "scenario", "played", "result", "notes")}
        self.game["notes"].setWordWrap(True)
        self.game["played"].setWordWrap(True)
        self.summary = QFormLayout()
        for key, label in self.game.items():
            self.summary.addRow(f"{key.capitalize()}:", label)
        self.lines = QListWidget()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(error_style())
        layout = QVBoxLayout(self)
        layout.addLayout(self.summary)
        layout.addWidget(self.lines)
        layout.addWidget(self.error)
        self.ok = False

    def show_game(self, report: dict[str, Any]) -> None:
        """Repeat the first page: date, scenario, who played, who won, the notes if any."""
        winner = report["winner"]
        self.game["date"].setText(report["date"])
        self.game["scenario"].setText(self.w.rules.scenarios[report["scenario"]].name)
        self.game["played"].setText(" against ".join(report["posses"]))
        self.game["result"].setText(f"{winner} won" if winner else "a draw: no winner")
        self.game["notes"].setText(report["notes"])
        self.summary.setRowVisible(self.game["notes"], bool(report["notes"].strip()))

    def initializePage(self) -> None:
        self.lines.clear()
        self.error.setText("")
        self.ok = False
        wizard: Any = self.wizard()
        self.show_game(wizard.report())
        try:
            c = self.w.campaign
            plan = games.preview(c, games.parse(c, wizard.report()))
        except Refused as exc:
            self.error.setText(str(exc))
        else:
            self.ok = True
            for line in plan.lines() or [
                "No injuries, flips or money: the game is recorded as played."
            ]:
                self.lines.addItem(line)
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.ok

    def validatePage(self) -> bool:
        wizard: Any = self.wizard()
        return bool(wizard.commit())


class FlipsPage(QWizardPage):
    """After the commit: spend the flips just earned."""

    def __init__(self, window: Host) -> None:
        super().__init__()
        self.w = window
        self.setTitle("Spend flips")
        self.setSubTitle(
            "The game is recorded. Spend the flips just earned: type the card you turned over, "
            "or let the app turn one; then choose."
        )
        # Cancel would only close the wizard: the game stays recorded, so the button says so.
        self.setButtonText(QWizard.WizardButton.CancelButton, "&Close")
        self.posse = QComboBox()
        self.panel: FlipPanel | None = None
        self.undo_note = QLabel()
        self.undo_note.setWordWrap(True)
        self.layout_ = QVBoxLayout(self)
        row = QFormLayout()
        row.addRow("&Posse", self.posse)
        self.layout_.addLayout(row)

    def initializePage(self) -> None:
        wizard: Any = self.wizard()
        # Finish and Close would do the same thing here; one button is clearer.
        wizard.setButtonLayout([QWizard.WizardButton.Stretch, QWizard.WizardButton.CancelButton])
        # ui.commands: the commit is one step on the window's undo stack; each flip is another.
        self.undo_note.setText(
            f"Edit > Undo (\u201cUndo {wizard.commit_text}\u201d) takes the game back once this "
            "window is closed; flips spent here are undone first, one step each."
        )
        played = wizard.game_page.posses()
        fill_posses(self.posse, played)
        if self.panel is None:
            self.panel = FlipPanel(self.w, played[0], None)
            inner = self.panel.layout()
            if inner is not None:
                inner.setContentsMargins(0, 0, 0, 0)  # in line with Posse above
            self.layout_.addWidget(self.panel)
            self.layout_.addStretch()
            self.layout_.addWidget(self.undo_note)
            self.posse.currentIndexChanged.connect(
                lambda _i: (
                    self.panel.set_posse(self.posse.currentData())
                    if self.panel and self.posse.currentData()
                    else None
                )
            )
        # start on a posse the game gave flips to, ready for the card typed
        earned = [p for p in flips.posses_with_flips(self.w.campaign) if p in played]
        first = earned[0] if earned else played[0]
        self.posse.setCurrentIndex(max(self.posse.findData(first), 0))
        self.panel.set_posse(first)
        # after QWizard has given the page's first widget the focus, as it does on showing it
        QTimer.singleShot(0, self.panel.focus_next)


class PostGameWizard(QWizard):
    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.w = window
        self.setWindowTitle("Record a game")
        self.game_page = GamePage(window.rules, posses.playing(window.campaign))
        self.casualties_page = CasualtiesPage(window.rules)
        self.money_page = MoneyPage()
        self.preview_page = PreviewPage(window)
        self.flips_page = FlipsPage(window)
        for page in (
            self.game_page,
            self.casualties_page,
            self.money_page,
            self.preview_page,
            self.flips_page,
        ):
            self.addPage(page)
        # R12: the winners the report allows follow the casualties and the bounties as they change
        for part in (*self.casualties_page.parts, self.money_page.bounties):
            part.changed.connect(self.update_winners)
        self.preview_page.setCommitPage(True)
        self.preview_page.setButtonText(QWizard.WizardButton.CommitButton, "&Record game")
        if not games.records_here(window.campaign):
            # a club's player: the report is submitted to the arbitrators, not recorded
            self.preview_page.setButtonText(QWizard.WizardButton.CommitButton, "&Submit report")
            self.preview_page.setTitle("Check before submitting")
            self.preview_page.setSubTitle(
                "These are the changes the report would make. Submit sends it to the club's "
                "arbitrators, who record it."
            )
        self.game_id: int | None = None
        self.submitted: int | None = None  # a club's player's report, submitted (issue 29)
        self.commit_text = ""
        self.resize(*fitted_size(900, 620))
        next_is_default(self)

    def reject(self) -> None:
        """Cancel or Escape: a half-filled report is only thrown away when the user says so."""
        if self.game_id is None and self._entered() and not confirm_discard(self, "report"):
            return
        super().reject()

    def _entered(self) -> bool:
        pages = (self.casualties_page, self.money_page)
        return self.game_page.entered() or any(p.entered() for p in pages)

    def report(self) -> dict[str, Any]:
        """The post-game report of DESIGN 5 built from the pages."""
        g = self.game_page
        return {
            "date": g.date.date().toString("yyyy-MM-dd"),
            "scenario": g.scenario.currentData(),
            "posses": g.posses(),
            "winner": g.winner.currentData(),
            "out_of_action": list(self.casualties_page.ooa.entries),
            "bounties": list(self.money_page.bounties.entries),
            "income": list(self.money_page.income.entries),
            "goods_sold": list(self.money_page.goods.entries),
            "items_used": list(self.casualties_page.used.entries),
            "items_stolen": list(self.casualties_page.stolen.entries),
            "notes": g.notes.text(),
        }

    def draft(self) -> Report:
        """The report so far as the domain's draft: what the pages ask the domain about."""
        return draft(self.report())

    def update_winners(self) -> None:
        """R12: mark on the first page the winners the domain rules out for the report so far."""
        try:
            found = winner_choices(self.draft(), self.played_posses(), self.w.rules)
        except Refused:
            return  # a posse not loadable now: Next names the fault
        self.game_page.mark_winners({c.value: c.reason for c in found})

    def played_posses(self) -> dict[str, Posse]:
        """The posses that played, read from the campaign now, by name."""
        names = self.game_page.posses()
        return {p.name: p for p in posses.load_many(self.w.campaign, names)}

    def refusal(self, lists: tuple[str, ...]) -> str | None:
        """The domain's sentence if the report with only these of its lists is refused."""
        doc = {k: v for k, v in self.report().items() if k not in LISTS or k in lists}
        try:
            games.preview(self.w.campaign, games.parse(self.w.campaign, doc))
        except Refused as exc:
            return str(exc)
        return None

    def commit(self) -> bool:
        """Record the game as one undo step; a refusal keeps the wizard open with the sentence."""
        if self.submitted is not None:
            return True  # closing after the submission validates this page once more
        c = self.w.campaign
        try:
            report = games.parse(c, self.report())
        except Refused as exc:
            self.preview_page.error.setText(str(exc))
            return False
        if not games.records_here(c):
            # A club's player: the report waits for an arbitrator (issue 29); no flips yet.
            text = f"Submit report of {report.date}"
            sent = self.w.act(text, partial(edits.submit_report, c, report))
            if sent is None:
                return False
            self.game_id, self.submitted = 0, sent.number  # nothing left to discard
            QMessageBox.information(
                self,
                "Report submitted",
                "Only an arbitrator records games in a club campaign, so your report was "
                f"submitted for review as report {sent.number}; Campaign > Players' reports "
                "shows it.",
            )
            self.done(QDialog.DialogCode.Accepted)
            return False
        text = f"Record game of {report.date}"
        result = self.w.act(text, partial(edits.record_game, c, report))
        if result is None:
            return False
        self.game_id, self.commit_text = result.id, text
        return True
