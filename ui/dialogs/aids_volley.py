"""The Table panel's Volley tab (issue 32 item 9): one seed 003 volley settled step by step.

The same steps as `rostermgr resolve volley`: the dice typed in as they are rolled (the attack
dice, then the save dice once the hits are known) or rolled by the app.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from rostermgr.volley import Volley, VolleyRules, default_volley_rules
from rostermgr.volley_steps import VolleySteps, draw_dice, pool_size, settle_volley
from ui.keys import on_enter


def _spin(value: int, low: int = 1, high: int = 50) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


def _dice(text: str) -> list[int]:
    """Dice typed as numbers separated by spaces or commas; a word that is not one is refused."""
    words = text.replace(",", " ").split()
    try:
        return [int(w) for w in words]
    except ValueError:
        bad = next(w for w in words if not w.lstrip("-").isdigit())
        raise Refused(f"'{bad}' is not a die; type the numbers the dice show.") from None


class VolleyTab(QWidget):
    """A seed 003 volley: the units' stats, the modifiers, the dice; each step explained."""

    def __init__(self, rules: VolleyRules | None = None) -> None:
        super().__init__()
        self.rules = rules or default_volley_rules()
        self.attack, self.bases = _spin(1), _spin(5)
        self.save, self.courage, self.wounds = _spin(4, 1, 7), _spin(3), _spin(1)
        self.wound_pool = _spin(0, 0, 49)
        self.target_bases = _spin(0, 0, 50)
        self.target_bases.setSpecialValueText("not given")
        self.modifiers: dict[str, QCheckBox] = {}
        mods = QHBoxLayout()
        for mod in self.rules.modifiers.values():
            box = QCheckBox(f"{mod.name} ({mod.change:+d})")
            box.setToolTip(mod.text)
            self.modifiers[mod.id] = box
            mods.addWidget(box)
        mods.addStretch()
        self.dice = QLineEdit()
        self.dice.setPlaceholderText("the attack dice rolled, e.g. 6 5 5 4 2 1")
        self.saves = QLineEdit()
        self.saves.setPlaceholderText("the save dice, one a hit, once the hits are known")
        self.settle = QPushButton("Settle the &volley")
        self.roll = QPushButton("R&oll for us")
        self.answer = QTextBrowser()
        form = QFormLayout()
        form.addRow("&Ranged Attack", self.attack)
        form.addRow("Attacking &bases", self.bases)
        form.addRow("Target's Sav&e", self.save)
        form.addRow("Target's &Courage", self.courage)
        form.addRow("Target's &Wound", self.wounds)
        form.addRow("Wounds already o&n it", self.wound_pool)
        form.addRow("&Target's bases", self.target_bases)
        # the row's Alt letter reaches its first box (a label's buddy is one widget)
        shown = QLabel("Target &modifiers" if self.modifiers else "Target modifiers")
        if self.modifiers:
            shown.setBuddy(next(iter(self.modifiers.values())))
        form.addRow(shown, mods)
        form.addRow("Attack &dice", self.dice)
        form.addRow("S&ave dice", self.saves)
        buttons = QHBoxLayout()
        buttons.addWidget(self.settle)
        buttons.addWidget(self.roll)
        buttons.addStretch()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.answer)
        self.settle.clicked.connect(self.run_typed)
        for field in (self.dice, self.saves):  # Enter where the dice are typed settles them
            on_enter(field, self.run_typed)
        self.roll.clicked.connect(lambda: self.run_drawn(random.Random()))

    def volley(self) -> Volley:
        """The volley the fields describe."""
        return Volley(
            attack=self.attack.value(),
            bases=self.bases.value(),
            save=self.save.value(),
            courage=self.courage.value(),
            wounds=self.wounds.value(),
            modifiers=tuple(k for k, box in self.modifiers.items() if box.isChecked()),
            wound_pool=self.wound_pool.value(),
            target_bases=self.target_bases.value() or None,
        )

    def run_typed(self) -> None:
        """Settle the dice typed in; with no save dice typed, stop where they are needed."""
        try:
            saves = _dice(self.saves.text())
            result = settle_volley(
                self.volley(), _dice(self.dice.text()), saves or None, self.rules
            )
        except Refused as exc:
            self.answer.setPlainText(str(exc))
            return
        self._show(result)

    def run_drawn(self, rng: random.Random) -> None:
        """Roll the attack dice, then the save dice for the hits, and settle them."""
        try:
            volley = self.volley()
            dice = draw_dice(pool_size(volley), self.rules, rng)
            hits = settle_volley(volley, dice, None, self.rules).hits
            result = settle_volley(volley, dice, draw_dice(hits, self.rules, rng), self.rules)
        except Refused as exc:
            self.answer.setPlainText(str(exc))
            return
        self.dice.setText(" ".join(str(d) for d in result.dice))
        self.saves.setText(" ".join(str(d) for d in result.saves or ()))
        self._show(result)

    def _show(self, result: VolleySteps) -> None:
        self.answer.setPlainText("\n".join(result.explain()))
