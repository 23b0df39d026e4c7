"""The post-game wizard (DESIGN 7): the report, a preview of every change, one commit, flips."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from db import games, posses
from rostermgr.errors import Refused
from rostermgr.report import parse_report
from ui.dialogs.flip import FlipPanel
from ui.wizards.postgame_pages import (
    EntryList,
    amount_box,
    claimed_box,
    fill_models,
    fill_posses,
    model_combo,
    reason_box,
    ref_text,
)

if TYPE_CHECKING:
    from ui.main_window import MainWindow

FALL = "no one (a fall, friendly fire)"


class GamePage(QWizardPage):
    def __init__(self, rules: Any) -> None:
        super().__init__()
        self.setTitle("The game")
        self.setSubTitle("When, which scenario, who played and who won.")
        self.date = QDateEdit(QDate.currentDate())
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.scenario = QComboBox()
        for s in rules.scenarios.values():
            self.scenario.addItem(s.name, s.id)
        self.played = QListWidget()
        for row in posses.summaries():
            item = QListWidgetItem(row["name"])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.played.addItem(item)
        self.winner = QComboBox()
        self.notes = QLineEdit()
        form = QFormLayout(self)
        form.addRow("&Date", self.date)
        form.addRow("&Scenario", self.scenario)
        form.addRow("&Posses that played", self.played)
        form.addRow("&Winner", self.winner)
        form.addRow("&Notes", self.notes)
        self.played.itemChanged.connect(lambda _i: self._posses_changed())
        self._posses_changed()

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
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return bool(self.posses())


class CasualtiesPage(QWizardPage):
    """Who went out of action and by whom; items used up and stolen."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Out of action, items used and stolen")
        self.victim, self.by = model_combo(), model_combo()
        self.ooa = EntryList(
            "Out of action", [self.victim, QLabel("by"), self.by], self._ooa, self._ooa_text
        )
        self.user, self.used_item = model_combo(), QComboBox()
        self.used = EntryList(
            "Items used up",
            [self.user, self.used_item],
            lambda: self._item(self.user, self.used_item),
            lambda e: f"{e['member']} ({e['posse']}) used a {e['item']}",
        )
        self.thief_from, self.stolen_item, self.thief = model_combo(), QComboBox(), model_combo()
        self.stolen = EntryList(
            "Items stolen",
            [self.thief_from, self.stolen_item, QLabel("taken by"), self.thief],
            self._theft,
            lambda e: f"{ref_text(e['to'])} stole a {e['item']} from {ref_text(e['from'])}",
        )
        layout = QVBoxLayout(self)
        for part in (self.ooa, self.used, self.stolen):
            layout.addWidget(part)
        self.user.currentIndexChanged.connect(lambda _i: self._gear(self.user, self.used_item))
        self.thief_from.currentIndexChanged.connect(
            lambda _i: self._gear(self.thief_from, self.stolen_item)
        )
        self.gear: dict[tuple[str, str], tuple[str, ...]] = {}

    def initializePage(self) -> None:
        played = self.wizard().game_page.posses()  # type: ignore[attr-defined]
        models = []
        self.gear = {}
        for name in played:
            for m in posses.load_posse(name).active:
                models.append((name, m.name))
                self.gear[(name, m.name)] = m.items
        for combo in (self.victim, self.user, self.thief_from, self.thief):
            fill_models(combo, models)
        fill_models(self.by, models, FALL)

    def _gear(self, who: QComboBox, items: QComboBox) -> None:
        items.clear()
        ref = who.currentData()
        for item in self.gear.get((ref["posse"], ref["member"]), ()) if ref else ():
            items.addItem(item, item)

    def _ooa(self) -> dict[str, Any] | None:
        victim, by = self.victim.currentData(), self.by.currentData()
        if victim is None:
            return None
        return {**victim, **({"by": by} if by else {})}

    @staticmethod
    def _ooa_text(e: dict[str, Any]) -> str:
        return f"{e['member']} ({e['posse']}) out of action by {ref_text(e.get('by'))}"

    def _item(self, who: QComboBox, items: QComboBox) -> dict[str, Any] | None:
        ref, item = who.currentData(), items.currentData()
        return {**ref, "item": item} if ref and item else None

    def _theft(self) -> dict[str, Any] | None:
        source, thief, item = (
            self.thief_from.currentData(),
            self.thief.currentData(),
            self.stolen_item.currentData(),
        )
        return {"from": source, "to": thief, "item": item} if source and thief and item else None


class MoneyPage(QWizardPage):
    """Bounties, income and goods sold (R12, R16)."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Bounties and money")
        self.claimer, self.target, self.claimed = QComboBox(), model_combo(), claimed_box()
        self.bounties = EntryList(
            "Bounties",
            [self.claimer, QLabel("on"), self.target, self.claimed],
            self._bounty,
            lambda e: (
                f"{e['posse']}: bounty on {ref_text(e['target'])}"
                + ("" if e["claimed"] else " (not claimed)")
            ),
        )
        self.earner, self.amount, self.reason = QComboBox(), amount_box(), reason_box("escort fee")
        self.income = EntryList(
            "Income",
            [self.earner, self.amount, self.reason],
            lambda: {
                "posse": self.earner.currentData(),
                "amount": self.amount.value(),
                "reason": self.reason.text().strip() or "income",
            },
            lambda e: f"{e['posse']} earns ${e['amount']}: {e['reason']}",
        )
        self.seller, self.value, self.goods_reason = (
            QComboBox(),
            amount_box(),
            reason_box("supply crates"),
        )
        self.goods = EntryList(
            "Goods sold at the market (full market value)",
            [self.seller, self.value, self.goods_reason],
            lambda: {
                "posse": self.seller.currentData(),
                "market_value": self.value.value(),
                "reason": self.goods_reason.text().strip() or "goods",
            },
            lambda e: f"{e['posse']} sells {e['reason']} worth ${e['market_value']}",
        )
        layout = QVBoxLayout(self)
        for part in (self.bounties, self.income, self.goods):
            layout.addWidget(part)

    def initializePage(self) -> None:
        played = self.wizard().game_page.posses()  # type: ignore[attr-defined]
        for combo in (self.claimer, self.earner, self.seller):
            fill_posses(combo, played)
        fill_models(self.target, [(p, m.name) for p in played for m in posses.load_posse(p).active])

    def _bounty(self) -> dict[str, Any] | None:
        target = self.target.currentData()
        if target is None or self.claimer.currentData() is None:
            return None
        return {
            "posse": self.claimer.currentData(),
            "target": target,
            "claimed": self.claimed.isChecked(),
        }


class PreviewPage(QWizardPage):
    """Every change the report makes, as sentences, before one commit."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.w = window
        self.setTitle("Check before recording")
        self.setSubTitle("These are the changes the report makes. Record commits them in one step.")
        self.lines = QListWidget()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a11;")
        layout = QVBoxLayout(self)
        layout.addWidget(self.lines)
        layout.addWidget(self.error)
        self.ok = False

    def initializePage(self) -> None:
        self.lines.clear()
        self.error.setText("")
        self.ok = False
        wizard: Any = self.wizard()
        try:
            plan = games.preview_game(parse_report(wizard.report(), self.w.rules), self.w.rules)
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
        return wizard.commit()


class FlipsPage(QWizardPage):
    """After the commit: spend the flips just earned."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.w = window
        self.setTitle("Spend flips")
        self.setSubTitle("Type the card you turned over, or let the app turn one; then choose.")
        self.posse = QComboBox()
        self.panel: FlipPanel | None = None
        self.layout_ = QVBoxLayout(self)
        row = QFormLayout()
        row.addRow("&Posse", self.posse)
        self.layout_.addLayout(row)

    def initializePage(self) -> None:
        played = self.wizard().game_page.posses()  # type: ignore[attr-defined]
        fill_posses(self.posse, played)
        if self.panel is None:
            self.panel = FlipPanel(self.w, played[0], None)
            self.layout_.addWidget(self.panel)
            self.posse.currentIndexChanged.connect(
                lambda _i: (
                    self.panel
                    and self.posse.currentData()
                    and self.panel.set_posse(self.posse.currentData())
                )
            )
        self.panel.set_posse(played[0])


class PostGameWizard(QWizard):
    def __init__(self, window: MainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.w = window
        self.setWindowTitle("Record a game")
        self.game_page = GamePage(window.rules)
        self.casualties_page = CasualtiesPage()
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
        self.preview_page.setCommitPage(True)
        self.preview_page.setButtonText(QWizard.WizardButton.CommitButton, "&Record game")
        self.game_id: int | None = None
        self.resize(900, 620)

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

    def commit(self) -> bool:
        """Record the game as one undo step; a refusal keeps the wizard open with the sentence."""
        rules = self.w.rules
        try:
            report = parse_report(self.report(), rules)
        except Refused as exc:
            self.preview_page.error.setText(str(exc))
            return False
        from db import backup

        backup.make_backup(self.w.session.path, "before-game")
        result = self.w.act(
            f"Record game of {report.date}", partial(games.record_game, report, rules, False)
        )
        if result is None:
            return False
        self.game_id = result[0]
        return True
