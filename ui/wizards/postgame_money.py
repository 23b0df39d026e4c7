"""The money page of the post-game wizard: bounties, income and goods sold (R12, R16)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLabel

from rostermgr.choices import bounty_choices, offered
from rostermgr.report import Bounty
from ui.wizards.draft import ref
from ui.wizards.postgame_pages import (
    CasualtiesPage,
    EntryList,
    Made,
    ReportPage,
    amount_box,
    claimed_box,
    fill_posses,
    model_combo,
    reason_box,
    ref_choice,
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
        self.bounty_offers: tuple[Bounty, ...] = ()
        self.no_bounty = ""
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
            add_text="Add &income",
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
            add_text="Add &goods",
        )
        self.set_parts([self.bounties, self.income, self.goods])
        self.claimer.currentIndexChanged.connect(lambda _i: self.refresh())
        self.target.currentIndexChanged.connect(lambda _i: self._claimable())

    def initializePage(self) -> None:
        played = self.played()
        for combo in (self.claimer, self.earner, self.seller):
            fill_posses(combo, played)
        self.refresh()
        self.claimer.setFocus()  # keyboard users start at the first picker of the page

    def fill(self) -> None:
        """Offer the bounties the domain allows for the draft so far (R12)."""
        wizard: Any = self.wizard()
        if not wizard:
            return
        every = bounty_choices(wizard.draft(), wizard.played_posses(), wizard.w.rules)
        self.bounty_offers = offered(every)
        claimer = self.claimer.currentData()
        # Why this posse may name no bounty: an unclaimed one's reason is about the posse itself.
        refused = [c for c in every if not c.allowed and c.value.posse == claimer]
        refused.sort(key=lambda c: c.value.claimed)
        self.no_bounty = refused[0].reason if refused else ""
        # The targets taken out of action in this game come first: only they can be claimed.
        targets = dict.fromkeys(b.target for b in self.bounty_offers if b.posse == claimer)
        claimable = {b.target for b in self.bounty_offers if b.posse == claimer and b.claimed}
        ordered = sorted(targets, key=lambda t: t not in claimable)
        refill(self.target, map(ref_choice, ordered))
        self._claimable()

    def _claimable(self) -> None:
        """Claimed only when the domain allows it: the target went out of action (R12)."""
        target, claimer = self.target.currentData(), self.claimer.currentData()
        claimable = target is not None and any(
            b.posse == claimer and b.target == ref(target) and b.claimed for b in self.bounty_offers
        )
        self.claimed.setChecked(claimable)
        self.claimed.setEnabled(claimable)

    def _bounty(self) -> Made:
        target, claimer = self.target.currentData(), self.claimer.currentData()
        if target is None or claimer is None:
            return (
                f"No bounty may be named: {self.no_bounty}"
                if self.no_bounty
                else ("A bounty is on a member of another posse, and only one posse played.")
            )
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
