"""The Table panel's layouts: the shot-or-combat tab with its two sides, initiative, game length.

Each is built once from the ruleset (and the campaign's posse names), in the order that is its
tab order, with no signal connected and no answer asked: `table_aids` gives them their meaning.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from rostermgr.rules import Ruleset
from rostermgr.weapons import calculator_kinds, test_ids
from ui.weapons import fill_weapons


def _spin(low: int = 0, high: int = 30) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    return box


def _factions(rules: Ruleset) -> QComboBox:
    box = QComboBox()
    for f in rules.factions.values():
        box.addItem(f.name, f.id)
    return box


class Side(QGroupBox):
    """One model in a test: picked from the campaign (its numbers fill in) or typed."""

    def __init__(self, title: str, posse_names: list[str], rules: Ruleset, attacker: bool) -> None:
        """`attacker`: the side with the attack stat and the weapon, else the target's
        defence, clothing and toughness."""
        super().__init__(title)
        self.attacker = attacker
        self.posse, self.member = QComboBox(), QComboBox()
        self.posse.addItem("(type the numbers)", None)
        for name in posse_names:
            self.posse.addItem(name, name)
        self.faction = _factions(rules)
        self.stat = _spin()
        self.card = QLineEdit()
        self.card.setPlaceholderText("the card played, e.g. JS")
        form = QFormLayout(self)
        form.addRow("Posse", self.posse)
        form.addRow("Model", self.member)
        form.addRow("Faction", self.faction)
        kind = test_ids(rules)[0]
        if attacker:
            self.weapon = QComboBox()
            fill_weapons(self.weapon, kind, rules, "no weapon")
            self.pair = QCheckBox("leader's eighth-card pair")
            form.addRow(rules.attack_stat_name(kind), self.stat)
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


class ResolverLayout(QWidget):
    """Shot or combat: the test, the attacker beside the target, cover, the models a blast hits,
    Resolve, and the result over its steps."""

    def __init__(self, posse_names: list[str], rules: Ruleset) -> None:
        """`posse_names` are offered on both sides; `rules` gives the tests, stats and cover."""
        super().__init__()
        self.kind = QComboBox()
        # R8, R4: each test of the ruleset, with the stat it takes; dynamite too
        for kind in calculator_kinds(rules):
            self.kind.addItem(
                f"{kind.name} ({rules.attack_stat_name(kind.id)} vs Defence)", kind.id
            )
        # Alt+A and Alt+T: each side's first field, its posse
        self.attacker = Side("&Attacker", posse_names, rules, True)
        self.target = Side("&Target", posse_names, rules, False)
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


class InitiativeLayout(QWidget):
    """Initiative (R11): each player's faction, cards played, leader's pair, first-turn draw and
    rabbit's feet in a grid; who holds priority; the two questions and the answer."""

    def __init__(self, rules: Ruleset) -> None:
        """`rules` gives the factions offered."""
        super().__init__()
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


class GameLengthLayout(QWidget):
    """Game length: how long the ruleset's game lasts, the cards flipped, two questions, the
    answer."""

    def __init__(self, rules: Ruleset) -> None:
        """`rules` gives the turns said above the cards."""
        super().__init__()
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
