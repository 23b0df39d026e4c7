"""The Table panel (issue 8): settle shots and combats, initiative, game length and movement
at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from rostermgr.cards import Card, parse_card
from rostermgr.choices import plays_pair
from rostermgr.errors import Refused
from rostermgr.game_length import drawn_game_length, game_length
from rostermgr.poker import Hand, first_turn, parse_cards, priority
from rostermgr.resolution import resolve
from rostermgr.resolver import Test
from rostermgr.rules import Ruleset
from rostermgr.weapons import calculator_kinds, test_ids
from services import posses
from services.campaign import Campaign
from ui.dialogs.aids_movement import MovementTab
from ui.dialogs.aids_volley import VolleyTab
from ui.keys import no_default_buttons, on_enter
from ui.screen import fitted_size
from ui.style import error_style
from ui.weapons import best_weapon, fill_weapons

if TYPE_CHECKING:
    from ui.host import Host


def _spin(low: int = 0, high: int = 30) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    return box


def _factions(rules: Ruleset) -> QComboBox:
    box = QComboBox()
    for f in rules.factions.values():
        box.addItem(f.name, f.id)
    return box


RESULT_STYLE = "font-size: 13pt; font-weight: bold;"


def _card(which: str, text: str) -> Card:
    """The card typed in one field; a refusal says which field it was."""
    try:
        return parse_card(text)
    except Refused as exc:
        raise Refused(f"{which}: {exc}") from None


class Side(QGroupBox):
    """One model in a test: picked from the campaign (its numbers fill in) or typed."""

    def __init__(self, title: str, campaign: Campaign, attacker: bool) -> None:
        super().__init__(title)
        self.campaign, self.rules, self.attacker = campaign, campaign.rules, attacker
        rules = self.rules
        self.posse, self.member = QComboBox(), QComboBox()
        self.posse.addItem("(type the numbers)", None)
        for name in posses.names(campaign):
            self.posse.addItem(name, name)
        self.faction = _factions(rules)
        self.stat = _spin()
        self.card = QLineEdit()
        self.card.setPlaceholderText("the card played, e.g. JS")
        form = QFormLayout(self)
        form.addRow("Posse", self.posse)
        form.addRow("Model", self.member)
        form.addRow("Faction", self.faction)
        self.kind = test_ids(rules)[0]
        if attacker:
            self.weapon = QComboBox()
            fill_weapons(self.weapon, self.kind, rules, "no weapon")
            self.pair = QCheckBox("leader's eighth-card pair")
            form.addRow(rules.attack_stat_name(self.kind), self.stat)
            self.stat_label = form.labelForField(self.stat)
            form.addRow("Weapon", self.weapon)
        else:
            self.clothing, self.toughness = _spin(0, 10), _spin()
            self.pair = QCheckBox("leader's eighth-card pair")
            form.addRow("Defence", self.stat)
            form.addRow("Clothing bonus", self.clothing)
            form.addRow("Toughness", self.toughness)
        # Alt+C and Alt+D: the two cards, the numbers a player types at every test
        form.addRow("&Card" if attacker else "Car&d", self.card)
        form.addRow(self.pair)
        # R1 Heart of the Town: what the leader's pair can heal, never above maximum
        self.wounds_taken = _spin(0, 30)
        form.addRow("Wounds taken", self.wounds_taken)
        self.posse.currentIndexChanged.connect(lambda _i: self._posse_changed())
        self.member.currentIndexChanged.connect(lambda _i: self.fill())

    def _posse_changed(self) -> None:
        self.member.clear()
        name = self.posse.currentData()
        if name:
            for m in posses.load(self.campaign, name).active:
                self.member.addItem(m.name, m.name)
        self.fill()

    def fill(self) -> None:
        """Copy the picked member's numbers into the fields (they stay editable)."""
        name, member_name = self.posse.currentData(), self.member.currentData()
        if not name or not member_name:
            return
        posse = posses.load(self.campaign, name)
        member = posse.member(member_name)
        stats = member.stats(self.rules)
        self.faction.setCurrentIndex(self.faction.findData(posse.faction))
        self.pair.setEnabled(plays_pair(member))
        if self.attacker:
            self.stat.setValue(stats[self.rules.attack_stat(self.kind)])
            best = best_weapon(member, self.kind, self.rules)
            self.weapon.setCurrentIndex(max(self.weapon.findData(best), 0))
        else:
            self.stat.setValue(stats["defence"])
            self.clothing.setValue(member.clothing_defence(self.rules))
            self.toughness.setValue(stats["toughness"])


class ResolverTab(QWidget):
    def __init__(self, campaign: Campaign) -> None:
        super().__init__()
        self.rules = rules = campaign.rules
        self.kind = QComboBox()
        # R8, R4: each test of the ruleset, with the stat it takes; dynamite too
        for kind in calculator_kinds(rules):
            self.kind.addItem(
                f"{kind.name} ({rules.attack_stat_name(kind.id)} vs Defence)", kind.id
            )
        # Alt+A and Alt+T: each side's first field, its posse
        self.attacker = Side("&Attacker", campaign, True)
        self.target = Side("&Target", campaign, False)
        # R4 dynamite: the Toughness of every model within reach, the target first
        self.blast = QLineEdit()
        self.blast.setPlaceholderText("toughness of each model within reach, target first: 1, 2, 2")
        self.blast_label = QLabel("Models hit (Toughness)")
        self.cover = QComboBox()
        for cover in rules.cover:
            self.cover.addItem(cover, cover)
        self.horseback = QCheckBox("shooting from horseback")
        self.into_combat = QCheckBox("shooting into a combat with a friend in it")
        self.go = QPushButton("&Resolve")
        self.result = QLabel()
        self.result.setObjectName("resolution")
        self.result.setWordWrap(True)
        self.steps = QTextBrowser()
        sides = QHBoxLayout()
        sides.addWidget(self.attacker)
        sides.addWidget(self.target)
        options = QHBoxLayout()
        for w in (QLabel("Cover"), self.cover, self.horseback, self.into_combat):
            options.addWidget(w)
        layout = QVBoxLayout(self)
        layout.addWidget(self.kind)
        layout.addLayout(sides)
        layout.addLayout(options)
        blast = QHBoxLayout()
        blast.addWidget(self.blast_label)
        blast.addWidget(self.blast)
        layout.addLayout(blast)
        layout.addWidget(self.go)
        layout.addWidget(self.result)
        layout.addWidget(self.steps)
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.go.clicked.connect(self.run)
        on_enter(self.attacker.card, self.run)
        on_enter(self.target.card, self.run)
        self._kind_changed()

    def _kind_changed(self) -> None:
        kind = self.kind.currentData()
        self.attacker.kind = self.target.kind = kind
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
        self.attacker.fill()

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


class InitiativeTab(QWidget):
    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        grid = QGridLayout()
        self.factions = [_factions(rules), _factions(rules)]
        self.factions[1].setCurrentIndex(1)
        self.hands = [QLineEdit(), QLineEdit()]
        # R11 (2026-12): the two cards of a spent leader's pair; one of them is discarded
        self.pairs = [QLineEdit(), QLineEdit()]
        self.draws = [QLineEdit(), QLineEdit()]
        self.feet = [_spin(0, 10), _spin(0, 10)]
        self.holder = QComboBox()
        for label, value in (
            ("nobody yet", None),
            ("the first player", "first"),
            ("the second player", "second"),
        ):
            self.holder.addItem(label, value)
        # each heading's Alt letter goes to the first player's field under it
        headings = (
            ("Seven &cards played this turn", self.hands[0]),
            ("&Leader's pair, if spent", self.pairs[0]),
            ("First-turn &draw", self.draws[0]),
            ("Rabbit's &feet", self.feet[0]),
        )
        for col, (text, field) in enumerate(headings, 2):
            heading = QLabel(text)
            heading.setBuddy(field)
            grid.addWidget(heading, 0, col)
        for row, who in enumerate(("First player", "Second player"), 1):
            self.hands[row - 1].setPlaceholderText("e.g. 2S 2H 9D JC KS 4H 7C")
            self.pairs[row - 1].setPlaceholderText("e.g. 2S 2H")
            self.pairs[row - 1].setToolTip(
                "The two cards of the leader's eighth-card pair, among the cards played: "
                "one is discarded and does not count, and the one kept makes the better hand."
            )
            self.draws[row - 1].setPlaceholderText("e.g. QH")
            for col, w in enumerate(
                (
                    QLabel(who),
                    self.factions[row - 1],
                    self.hands[row - 1],
                    self.pairs[row - 1],
                    self.draws[row - 1],
                    self.feet[row - 1],
                )
            ):
                grid.addWidget(w, row, col)
        self.compare = QPushButton("Who has &priority next turn?")
        self.draw = QPushButton("Who &wins the first-turn draw?")
        self.answer = QTextBrowser()
        priority = QHBoxLayout()
        priority.addWidget(QLabel("Priority now held by"))
        priority.addWidget(self.holder)
        priority.addWidget(self.compare)
        priority.addWidget(self.draw)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addLayout(priority)
        layout.addWidget(self.answer)
        self.compare.clicked.connect(self.run_hands)
        self.draw.clicked.connect(self.run_draw)
        # Enter where the cards are typed answers the question they are typed for
        for field in (*self.hands, *self.pairs):
            on_enter(field, self.run_hands)
        for field in (*self.draws, *self.feet):
            on_enter(field, self.run_draw)

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
    line = f"{hand.describe()} ({hand.cards_text()})"
    if hand.discarded is not None:
        line += (
            f"; {hand.discarded} of the leader's pair discarded: the other makes the better hand"
        )
    return line


class GameLengthTab(QWidget):
    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.cards = QLineEdit()
        self.cards.setPlaceholderText("the cards flipped at the end of turns, e.g. 8S QD")
        self.check = QPushButton("&Does the game end?")
        self.flip = QPushButton("&Flip for us")
        self.answer = QTextBrowser()
        row = QHBoxLayout()
        label = QLabel("&Cards flipped")
        label.setBuddy(self.cards)
        for w in (label, self.cards, self.check, self.flip):
            row.addWidget(w)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                f"A game lasts {rules.turns} turns; flips at the end of later turns "
                f"decide whether it goes on, at most to turn {rules.last_turn}."
            )
        )
        layout.addLayout(row)
        layout.addWidget(self.answer)
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
