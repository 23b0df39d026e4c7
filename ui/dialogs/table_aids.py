"""The Table panel (issue 8): settle shots and combats, initiative, game length and movement
at the table.

What each tab's fields mean and the answers asked of the domain; the layouts are in
`table_aids_layout`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QTabWidget, QVBoxLayout, QWidget

from rostermgr.cards import Card, parse_card
from rostermgr.choices import plays_pair
from rostermgr.errors import Refused
from rostermgr.game_length import drawn_game_length, game_length
from rostermgr.poker import Hand, first_turn, parse_cards, priority
from rostermgr.resolution import resolve
from rostermgr.resolver import Test
from rostermgr.rules import Ruleset
from services import posses
from services.campaign import Campaign
from ui.dialogs.aids_movement import MovementTab
from ui.dialogs.aids_volley import VolleyTab
from ui.dialogs.table_aids_layout import GameLengthLayout, InitiativeLayout, ResolverLayout, Side
from ui.keys import no_default_buttons, on_enter
from ui.screen import fitted_size
from ui.style import error_style
from ui.weapons import best_weapon, fill_weapons

if TYPE_CHECKING:
    from ui.host import Host

RESULT_STYLE = "font-size: 13pt; font-weight: bold;"


def _card(which: str, text: str) -> Card:
    """The card typed in one field; a refusal says which field it was."""
    try:
        return parse_card(text)
    except Refused as exc:
        raise Refused(f"{which}: {exc}") from None


class ResolverTab(ResolverLayout):
    """Settles a shot or a combat: a side's posse and model fill in its numbers; Resolve, or
    Enter in a card field, asks the resolver."""

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(posses.names(campaign), campaign.rules)
        self.campaign, self.rules = campaign, campaign.rules
        for side in (self.attacker, self.target):
            side.posse.currentIndexChanged.connect(lambda _i, side=side: self._posse_changed(side))
            side.member.currentIndexChanged.connect(lambda _i, side=side: self.fill(side))
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.go.clicked.connect(self.run)
        on_enter(self.attacker.card, self.run)
        on_enter(self.target.card, self.run)
        self._kind_changed()

    def _posse_changed(self, side: Side) -> None:
        side.member.clear()
        name = side.posse.currentData()
        if name:
            for m in posses.load(self.campaign, name).active:
                side.member.addItem(m.name, m.name)
        self.fill(side)

    def fill(self, side: Side) -> None:
        """Copy the picked member's numbers into the side's fields (they stay editable)."""
        name, member_name = side.posse.currentData(), side.member.currentData()
        if not name or not member_name:
            return
        posse = posses.load(self.campaign, name)
        member = posse.member(member_name)
        stats = member.stats(self.rules)
        side.faction.setCurrentIndex(side.faction.findData(posse.faction))
        side.pair.setEnabled(plays_pair(member))
        if side.attacker:
            kind = self.kind.currentData()
            side.stat.setValue(stats[self.rules.attack_stat(kind)])
            best = best_weapon(member, kind, self.rules)
            side.weapon.setCurrentIndex(max(side.weapon.findData(best), 0))
        else:
            side.stat.setValue(stats["defence"])
            side.clothing.setValue(member.clothing_defence(self.rules))
            side.toughness.setValue(stats["toughness"])

    def _kind_changed(self) -> None:
        kind = self.kind.currentData()
        fill_weapons(self.attacker.weapon, kind, self.rules, "no weapon")
        self.attacker.stat_label.setText(self.rules.attack_stat_name(kind))  # type: ignore[attr-defined]
        test = self.rules.test_kind(kind)
        for w in (self.cover, self.horseback, self.into_combat):
            w.setEnabled(test.ranged)
        for shown in (self.blast, self.blast_label):
            shown.setVisible(bool(test.blast))
        self.attacker.weapon.setEnabled(not test.blast)
        for side in (self.attacker, self.target):
            side.pair.setVisible(not test.blast)  # R4: no modifiers in a dynamite test
        self.fill(self.attacker)

    def _blast_toughness(self) -> tuple[int, ...]:
        """The typed toughness values, or the target's alone when none are typed."""
        text = self.blast.text().replace(",", " ").split()
        if not text:
            return (self.target.toughness.value(),)
        try:
            return tuple(int(t) for t in text)
        except ValueError:
            raise Refused(
                f"The models hit: '{self.blast.text()}' is not a list of whole numbers; write "
                "each model's Toughness, the target first: 1, 2, 2."
            ) from None

    def run(self) -> None:
        a, t = self.attacker, self.target
        ranged = self.rules.test_kind(self.kind.currentData()).ranged
        blast = bool(self.rules.test_kind(self.kind.currentData()).blast)
        try:
            models = self._blast_toughness() if blast else ()
            test = Test(
                kind=self.kind.currentData(),
                attacker=a.faction.currentData(),
                attack=a.stat.value(),
                attack_card=_card("The attacker's card", a.card.text()),
                defender=t.faction.currentData(),
                defence=t.stat.value(),
                defence_card=_card("The target's card", t.card.text()),
                clothing=t.clothing.value(),
                toughness=models[0] if models else t.toughness.value(),
                cover=self.cover.currentData() if ranged else None,
                horseback=self.horseback.isChecked() and ranged,
                weapon=None if blast else a.weapon.currentData(),
                attacker_pair=a.pair.isChecked() and a.pair.isEnabled() and not blast,
                defender_pair=t.pair.isChecked() and t.pair.isEnabled() and not blast,
                into_combat=self.into_combat.isChecked() and ranged,
                attacker_wounds_taken=a.wounds_taken.value(),
                defender_wounds_taken=t.wounds_taken.value(),
                blast_toughness=models,
            )
            outcome = resolve(test, self.rules)
        except Refused as exc:
            self.result.setStyleSheet(error_style())  # a refusal reads as a message
            self.result.setText(str(exc))
            self.steps.clear()
            return
        self.result.setStyleSheet(RESULT_STYLE)
        headline = {
            "success": f"Success: {outcome.wounds} wound{'s' if outcome.wounds != 1 else ''}"
            + (" (winged)" if outcome.wounds == 0 else ""),
            "failure": "Failure: no damage",
            "score-draw": "Score draw: no damage",
        }[outcome.outcome]
        if outcome.blast:
            each = ", ".join(str(b.wounds) for b in outcome.blast)
            headline = f"Success: wounds {each} (the target first)"
        if outcome.friendly_wounds:
            headline += f"; the friend in the combat takes {outcome.friendly_wounds} wound"
        for who, healed in (
            ("attacker", outcome.attacker_healed),
            ("target", outcome.defender_healed),
        ):
            if healed:
                headline += (
                    f"; the {who}'s leader regains {healed} wound{'s' if healed != 1 else ''}"
                )
        self.result.setText(f"{headline}  ({outcome.attack_total} against {outcome.defence_total})")
        self.steps.setPlainText("\n".join(outcome.explain()))


class InitiativeTab(InitiativeLayout):
    """Who has priority (R11): the better poker hand of the cards played, or the first-turn
    draw; Enter where the cards are typed asks the question they are typed for."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        self.rules = rules
        self.compare.clicked.connect(self.run_hands)
        self.draw.clicked.connect(self.run_draw)
        # Enter where the cards are typed answers the question they are typed for
        for field in (*self.hands, *self.pairs):
            on_enter(field, self.run_hands)
        for box in (*self.draws, *self.feet):
            on_enter(box, self.run_draw)

    def run_hands(self) -> None:
        try:
            hands = [
                (f.currentData(), parse_cards(h.text().replace(",", " ").split()))
                for f, h in zip(self.factions, self.hands, strict=True)
            ]
            pairs = (_pair("first", self.pairs[0].text()), _pair("second", self.pairs[1].text()))
            result = priority(
                hands[0], hands[1], self.rules, self.holder.currentData(), pairs=pairs
            )
        except Refused as exc:
            self.answer.setPlainText(str(exc))
            return
        self.answer.setPlainText(
            f"First player: {_hand_line(result.first)}.\n"
            f"Second player: {_hand_line(result.second)}.\n\n"
            f"{result.reason}"
        )

    def run_draw(self) -> None:
        try:
            sides = [
                (f.currentData(), parse_card(d.text()), feet.value())
                for f, d, feet in zip(self.factions, self.draws, self.feet, strict=True)
            ]
            result = first_turn(sides[0], sides[1], self.rules)
        except Refused as exc:
            self.answer.setPlainText(str(exc))
            return
        self.answer.setPlainText(result.reason)


def _pair(player: str, text: str) -> tuple[Card, Card] | None:
    """R11: the leader's pair typed for a player: none when empty, else exactly two cards."""
    words = text.replace(",", " ").split()
    if not words:
        return None
    if len(words) != 2:
        raise Refused(
            f"The {player} player's leader's pair: '{text.strip()}' is not two cards; "
            "write both, e.g. 7S 7D."
        )
    a, b = parse_cards(words)
    return a, b


def _hand_line(hand: Hand) -> str:
    """A player's best five, and which card of the leader's pair was discarded (R11)."""
    said = hand.discarded_text()
    return f"{hand.describe()} ({hand.cards_text()})" + (f"; {said}" if said else "")


class GameLengthTab(GameLengthLayout):
    """Whether the game ends, for the cards flipped (typed or turned by the app)."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        self.rules = rules
        self.check.clicked.connect(self.run_cards)
        on_enter(self.cards, self.run_cards)
        self.flip.clicked.connect(lambda: self._show(drawn_game_length(self.rules)))

    def run_cards(self) -> None:
        try:
            result = game_length(
                parse_cards(self.cards.text().replace(",", " ").split()), self.rules
            )
        except Refused as exc:
            self.answer.setPlainText(str(exc))
            return
        self._show(result)

    def _show(self, result: object) -> None:
        self.answer.setPlainText("\n".join(result.explain()))  # type: ignore[attr-defined]


class TableAids(QDialog):
    def __init__(self, window: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("At the table")
        self.resolver = ResolverTab(window.campaign)
        self.initiative = InitiativeTab(window.rules)
        self.length = GameLengthTab(window.rules)
        tabs = QTabWidget()
        tabs.addTab(self.resolver, "&Shot or combat")
        tabs.addTab(self.initiative, "&Initiative")
        tabs.addTab(self.length, "&Game length")
        self.movement = MovementTab(window.rules.tabletop)  # R12a, a module of its own
        tabs.addTab(self.movement, "Meas&ure")
        self.volley = VolleyTab()  # seed 003's volley, a module of its own
        tabs.addTab(self.volley, "Volle&y (seed 003)")
        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        no_default_buttons(self)  # Enter answers where it is typed, never a button elsewhere
        self.resize(*fitted_size(980, 700))
