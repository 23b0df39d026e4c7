"""The money page of the post-game wizard: bounties, income and goods sold (R12, R16)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel

from ui.wizards.postgame_pages import (
    CasualtiesPage,
    EntryList,
    Key,
    Made,
    ReportPage,
    amount_box,
    claimed_box,
    fill_posses,
    key_of,
    model_choice,
    model_combo,
    reason_box,
    ref_text,
    refill,
)


class MoneyPage(ReportPage):
    """Bounties, income and goods sold (R12, R16)."""

    lists = ("bounties", "income", "goods_sold")
    checked = (*CasualtiesPage.lists, *lists)

    def __init__(self) -> None:
        super().__init__(
            "Bounties and money",
            "Add each bounty, each income and the goods sold at the market; "
            "the preview works out the rewards.",
        )
        self.members: list[Key] = []
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
            self._income,
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
            self._goods,
            lambda e: f"{e['posse']} sells {e['reason']} worth ${e['market_value']}",
        )
        self.set_parts([self.bounties, self.income, self.goods])
        self.claimer.currentIndexChanged.connect(lambda _i: self.refresh())
        self.target.currentIndexChanged.connect(lambda _i: self._claimable())

    def initializePage(self) -> None:
        played = self.played()
        for combo in (self.claimer, self.earner, self.seller):
            fill_posses(combo, played)
        self.members = [(p.name, m.name) for p in self.played_posses() for m in p.active]
        self.refresh()

    def _scenario_has_bounties(self) -> bool:
        wizard = self.wizard()
        scenario = wizard.game_page.scenario.currentData()  # type: ignore[attr-defined]
        return bool(wizard.w.rules.scenarios[scenario].bounties)  # type: ignore[attr-defined]

    def _taken_out(self) -> set[Key]:
        wizard = self.wizard()
        entries = wizard.casualties_page.ooa.entries  # type: ignore[attr-defined]
        return {key_of(e) for e in entries}

    def fill(self) -> None:
        # A posse claims bounties only on the other posses' members; those taken out of action
        # in this game come first, as only they can be claimed (R12).
        claimer = self.claimer.currentData()
        out = self._taken_out() if self.wizard() else set()
        targets = [k for k in self.members if k[0] != claimer]
        targets.sort(key=lambda k: k not in out)
        refill(self.target, [model_choice(k) for k in targets])
        self._claimable()

    def _claimable(self) -> None:
        """Claimed only when the target went out of action in this game (R12)."""
        target = self.target.currentData()
        out = self._taken_out() if self.wizard() else set()
        claimable = target is not None and key_of(target) in out
        self.claimed.setChecked(claimable)
        self.claimed.setEnabled(claimable)

    def _bounty(self) -> Made:
        if self.wizard() and not self._scenario_has_bounties():
            return "This scenario has no bounties: each player names one only in Bounty (R12)."
        target, claimer = self.target.currentData(), self.claimer.currentData()
        if target is None or claimer is None:
            return "A bounty is on a member of another posse, and only one posse played."
        return {"posse": claimer, "target": target, "claimed": self.claimed.isChecked()}

    def _income(self) -> Made:
        # A line of $0 changes no purse: the page refuses it rather than record it.
        if self.amount.value() == 0:
            return "Set the amount earned: an income of $0 adds nothing."
        return {
            "posse": self.earner.currentData(),
            "amount": self.amount.value(),
            "reason": self.reason.text().strip() or "income",
        }

    def _goods(self) -> Made:
        if self.value.value() == 0:
            return "Set the full market value: goods worth $0 add nothing."
        return {
            "posse": self.seller.currentData(),
            "market_value": self.value.value(),
            "reason": self.goods_reason.text().strip() or "goods",
        }
