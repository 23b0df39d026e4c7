"""The selected member: stats, strikes, flips, gear and history, with the actions on it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from rostermgr.advancement import flip_choices
from rostermgr.roster import Member
from rostermgr.rules import Ruleset


class MemberPane(QGroupBox):
    """Layout only; the main window connects the buttons' signals to undoable commands."""

    buy_requested = Signal(str)
    sell_requested = Signal(str, str)
    flip_requested = Signal(str)
    rename_requested = Signal(str)

    def __init__(self, rules: Ruleset) -> None:
        super().__init__("Member")
        self.rules = rules
        self.member: Member | None = None
        self.heading = QLabel()
        self.heading.setObjectName("memberTitle")
        self.heading.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.stats = QLabel()
        self.strikes = QLabel()
        self.flips = QLabel()
        self.upgrades = QLabel()
        form = QFormLayout()
        form.addRow("Stats", self.stats)
        form.addRow("Injuries", self.strikes)
        form.addRow("Flips", self.flips)
        form.addRow("Upgrades", self.upgrades)
        self.gear = QListWidget()
        self.history = QListWidget()
        self.history.setWordWrap(True)
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.buy = QPushButton("&Buy item...")
        self.sell = QPushButton("&Sell selected")
        self.flip = QPushButton("Spend &flip...")
        self.rename = QPushButton("Re&name...")
        buttons = QGridLayout()
        for i, b in enumerate((self.buy, self.sell, self.flip, self.rename)):
            buttons.addWidget(b, i // 2, i % 2)
        # Gear (with what acts on the member) beside the history, so the pane stays low: the
        # roster is above it and the window must fit a 768-pixel screen.
        gear = QVBoxLayout()
        gear_label = QLabel("&Gear")  # Alt+G: the list, to sell by the Menu key
        gear_label.setBuddy(self.gear)
        gear.addWidget(gear_label)
        gear.addWidget(self.gear)
        gear.addLayout(buttons)
        history = QVBoxLayout()
        history.addWidget(QLabel("History"))
        history.addWidget(self.history)
        lists = QHBoxLayout()
        lists.addLayout(gear, 2)
        lists.addLayout(history, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(form)
        layout.addLayout(lists, 1)
        self.buy.clicked.connect(lambda: self._request(self.buy_requested))
        self.flip.clicked.connect(lambda: self._request(self.flip_requested))
        self.sell.clicked.connect(self._sell)
        self.rename.clicked.connect(lambda: self._request(self.rename_requested))
        self.gear.currentRowChanged.connect(lambda _row: self._enable())
        self.frozen = ""
        self.show_member(None, [])

    def show_member(self, member: Member | None, history: list[str], frozen: str = "") -> None:
        """Show `member` and its history lines; `frozen` is the domain's sentence why its
        posse may not buy or sell now (retired), '' when it may."""
        self.member = member
        self.frozen = frozen
        self.gear.clear()
        self.history.clear()
        if member is None:
            self.heading.setText("Select a member")
            for label in (self.stats, self.strikes, self.flips, self.upgrades):
                label.setText("")
            self._enable()
            return
        rules = self.rules
        role = rules.role(member.role).name
        self.heading.setText(f"{member.name}, {role}" + ("" if member.alive else " (dead)"))
        stats = member.stats(rules)
        clothing = member.clothing_defence(rules)
        parts = [f"{rules.stat_short[s]} {stats[s]}" for s in rules.stat_order]
        self.stats.setText(
            "  ".join(parts) + (f"  (+{clothing} Df from clothing)" if clothing else "")
        )
        self.strikes.setText(
            "\u2715 " * member.injuries
            + "\u25a1 " * (rules.strikes_to_die - member.injuries)
            + f"  {member.injuries} of {rules.strikes_to_die}"
        )
        pending = (
            f", {member.pending_card} turned and waiting for a choice"
            if member.pending_card
            else ""
        )
        self.flips.setText(f"{member.flips} unspent{pending}")
        ups = ", ".join(f"+{n} {rules.stat_names[s]}" for s, n in member.upgrades.items() if n)
        self.upgrades.setText(ups or "none yet")
        for item_id in member.items:
            item = rules.items.get(item_id)
            # what the user gets back if it is sold (R16, the ruleset's resale share)
            entry = QListWidgetItem(
                f"{item.name} (sells for ${rules.resale_value(item_id)})" if item else item_id
            )
            entry.setData(256, item_id)
            if item:
                entry.setToolTip(f"Bought for ${item.price}. {item.notes}".strip())
            self.gear.addItem(entry)
        for line in history:
            self.history.addItem(line)
        self._enable()
        if self.gear.hasFocus() and not self.gear.count() and self.buy.isEnabled():
            self.buy.setFocus()  # the last piece sold: an empty list shows no focus

    def _enable(self) -> None:
        alive = self.member is not None and self.member.alive
        trades = alive and not self.frozen
        self.buy.setEnabled(trades)
        self.rename.setEnabled(self.member is not None)
        self.sell.setEnabled(trades and self.gear.currentRow() >= 0)
        for button in (self.buy, self.sell):
            button.setToolTip(self.frozen)
        refund = self.refund()
        self.sell.setText("&Sell selected" if refund is None else f"&Sell for ${refund}")
        waiting = None if self.member is None else flip_choices(self.member, self.rules)
        # R15: a flip to turn, or a card turned and waiting for the player's choice
        self.flip.setEnabled(
            alive and waiting is not None and (waiting.can_turn or waiting.card is not None)
        )

    def selected_item(self) -> str | None:
        """The id of the selected piece of gear, or None."""
        item = self.gear.currentItem()
        return None if item is None else str(item.data(256))

    def refund(self) -> int | None:
        """What selling the selected gear pays back (R16), as the ruleset says; None if none."""
        item_id = self.selected_item()
        if item_id is None or item_id not in self.rules.items:
            return None
        return self.rules.resale_value(item_id)

    def _request(self, signal: SignalInstance) -> None:
        """Ask the window, by `signal`, to act on the member shown (if one is)."""
        if self.member is not None:
            signal.emit(self.member.name)

    def _sell(self) -> None:
        item = self.gear.currentItem()
        if self.member and item is not None:
            self.sell_requested.emit(self.member.name, item.data(256))
