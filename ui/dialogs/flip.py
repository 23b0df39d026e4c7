"""Spending flips (R15): type the card you turned over or let the app turn one, then choose."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from services import edits, flips, posses
from ui.keys import no_default_buttons, on_enter, search_with_spaces
from ui.screen import fitted_size

if TYPE_CHECKING:
    from rostermgr.roster import Member
    from ui.host import Host


TURN_HINT = "e.g. 7H, QS, 10D or JK"
REFLIP_HINT = "re-flip: your card (e.g. 7H), or empty: the app turns one"


def _flips(n: int) -> str:
    return f"{n} flip{'' if n == 1 else 's'}"


class FlipPanel(QWidget):
    """Turn a card (typed or from the app's deck), choose a stat, or re-flip; one undo step each."""

    def __init__(self, window: Host, posse: str, member: str | None) -> None:
        super().__init__()
        self.w, self.posse_name = window, posse
        self.rules = window.rules
        self.member = search_with_spaces(QComboBox())
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.card = QLineEdit()
        self.card.setPlaceholderText(TURN_HINT)
        self.turn = QPushButton("&Use this card")
        self.draw = QPushButton("Let the app &turn one")
        self.choices = QHBoxLayout()
        self.choice_buttons: dict[str, QPushButton] = {}
        for stat in self.rules.stat_order:
            button = QPushButton(f"+1 {self.rules.stat_names[stat]}")
            button.clicked.connect(partial(self.choose, stat))
            self.choice_buttons[stat] = button
            self.choices.addWidget(button)
        self.reflip = QPushButton("&Re-flip (burn a flip)")
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setObjectName("flipResult")
        form = QFormLayout()
        form.addRow("&Member", self.member)
        form.addRow(self.status)
        turned = QHBoxLayout()
        turned.addWidget(self.card)
        turned.addWidget(self.turn)
        turned.addWidget(self.draw)
        card_label = QLabel("Car&d turned")  # Alt+D: the card, once the member is chosen
        card_label.setBuddy(self.card)
        form.addRow(card_label, turned)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("Choose one of the stats the card allows:"))
        layout.addLayout(self.choices)
        layout.addWidget(self.reflip)
        layout.addWidget(self.result)
        self.turn.clicked.connect(self.use_typed_card)
        # R15: Enter turns the typed card, and only that: the stat is the player's own click
        on_enter(self.card, lambda: self.use_typed_card() if self.turn.isEnabled() else None)
        self.card.textChanged.connect(lambda _t: self.refresh())
        self.draw.clicked.connect(lambda: self._flip(draw=True))
        self.reflip.clicked.connect(self.reflip_now)
        self.member.currentIndexChanged.connect(lambda _i: self.refresh())
        no_default_buttons(self)
        self._load(member)

    def set_posse(self, posse: str) -> None:
        self.posse_name = posse
        self._load(None)

    def _load(self, select: str | None) -> None:
        posse = posses.load(self.w.campaign, self.posse_name)
        keep = select or self.member.currentData()
        self.member.blockSignals(True)
        self.member.clear()
        for m in posse.active:
            self.member.addItem(f"{m.name} ({_flips(m.flips)})", m.name)
        index = self.member.findData(keep)
        if index < 0:
            index = next((i for i, m in enumerate(posse.active) if m.flips or m.pending_card), 0)
        self.member.setCurrentIndex(index)
        self.member.blockSignals(False)
        self.refresh()

    def current(self) -> Member | None:
        name = self.member.currentData()
        return posses.load(self.w.campaign, self.posse_name).member(name) if name else None

    def refresh(self) -> None:
        """Offer what the domain says the flip allows now (R15)."""
        m = self.current()
        choices = flips.choices(self.w.campaign, m) if m is not None else None
        allowed = choices.stats if choices is not None else ()
        for stat, button in self.choice_buttons.items():
            button.setVisible(stat in allowed)
        can_turn = choices is not None and choices.can_turn
        can_reflip = choices is not None and choices.can_reflip
        self.turn.setEnabled(can_turn and bool(self.card.text().strip()))
        self.draw.setEnabled(can_turn)
        # R15, both ways for a re-flip too: the card the player turned from their own deck is
        # typed here before Re-flip; left empty, the app turns one
        self.card.setEnabled(can_turn or can_reflip)
        self.card.setPlaceholderText(REFLIP_HINT if can_reflip else TURN_HINT)
        self.reflip.setEnabled(can_reflip)
        self.reflip.setToolTip(choices.reflip_reason if choices is not None else "")
        if m is None or choices is None:
            self.status.setText("No living members.")
        elif choices.card is not None:
            names = " or ".join(self.rules.stat_names[s] for s in allowed)
            again = ", or re-flip" if can_reflip else ""
            self.status.setText(
                f"{choices.card} is turned: take {names}{again}. {_flips(m.flips)} left."
            )
        else:
            self.status.setText(f"{_flips(m.flips)} to spend." if m.flips else "No flips to spend.")

    def _flip(
        self,
        card: str | None = None,
        draw: bool = False,
        choose: str | None = None,
        reflip: bool = False,
    ) -> bool:
        """Spend or settle a flip of the chosen member through the use case, one undo step;
        whether it was done (else the window said why not)."""
        name = self.member.currentData()
        done = self.w.act(
            f"Flip for {name}",
            partial(
                edits.spend_flip,
                self.w.campaign,
                self.posse_name,
                name,
                card=card,
                draw=draw,
                choose=choose,
                reflip=reflip,
            ),
            # the step says what it did: the card turned, or the stat taken (the domain's words)
            describe=lambda flipped: flipped.step.text.rstrip("."),
        )
        if done is not None:
            self.result.setText(done.step.text)
        self._load(name)
        self._go_on_from(name)
        self.focus_next()
        return done is not None

    def _go_on_from(self, name: str) -> None:
        """Once the member shown has no flip left and no card waiting, the next one (in roster
        order, after it and then round) that has: the player goes on spending, not hunting."""
        members = posses.load(self.w.campaign, self.posse_name).active
        names = [m.name for m in members]
        if name not in names:
            return
        here = names.index(name)
        waiting = [m.name for m in members if m.flips or m.pending_card]
        if name in waiting or not waiting:
            return
        after = names[here + 1 :] + names[:here]
        self.member.setCurrentIndex(self.member.findData(next(n for n in after if n in waiting)))

    def focus_next(self) -> None:
        """Keyboard users go on where the flip goes on: the card, the stats, or the re-flip."""
        shown = [b for b in self.choice_buttons.values() if not b.isHidden()]
        if shown:  # a card waits: the choice first (the card field is then the re-flip's)
            shown[0].setFocus()
        elif self.card.isEnabled():
            self.card.setFocus()
        elif self.reflip.isEnabled():
            self.reflip.setFocus()

    def use_typed_card(self) -> None:
        self._flip(card=self.card.text().strip())
        self.card.clear()

    def choose(self, stat: str) -> None:
        self._flip(choose=stat)

    def reflip_now(self) -> None:
        text = self.card.text().strip()
        if self._flip(reflip=True, card=text or None):
            self.card.clear()


class FlipDialog(QDialog):
    def __init__(
        self, window: Host, posse: str, member: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent or window.window())
        self.setWindowTitle(f"Spend flips: {posse}")
        self.panel = FlipPanel(window, posse, member)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.panel)
        layout.addWidget(close)
        self.resize(*fitted_size(660, 320))
        self.panel.focus_next()  # given when the dialog is shown

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.panel.focus_next()
