"""The Odds window's Forlorn Hope tab (issue 32 item 8): the exact chances `fh odds` gives.

Four boxes, each worked out again as its inputs change: a group's fire at a range (men short,
French light infantry and grenadiers, any other change to the die) and what the hit table
makes of the hits; a hand-to-hand fight with each side's modifiers; a morale test; the event
check. The numbers come from forlorn-hope.toml through `rostermgr.forlorn_odds`; the text is
the command line's.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from rostermgr.forlorn import ForlornRules, default_forlorn_rules
from rostermgr.forlorn_odds import (
    Fire,
    event_lines,
    fire_lines,
    fire_odds,
    melee_lines,
    melee_odds,
    morale_lines,
    morale_odds,
)

MAX_SHORT = 20  # men short, hits, kills: more than a unit has is a typing mistake


def _spin(high: int = MAX_SHORT, low: int = 0) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    return box


def _answer() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setObjectName("fhAnswer")
    return label


class ForlornOddsTab(QWidget):
    """Fire, hand to hand, morale and the event check of Forlorn Hope, exactly."""

    def __init__(self, rules: ForlornRules | None = None) -> None:
        super().__init__()
        self.rules = rules or default_forlorn_rules()
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.addWidget(self._fire_box(), 0, 0)
        grid.addWidget(self._melee_box(), 0, 1)
        grid.addWidget(self._morale_box(), 1, 0)
        grid.addWidget(self._event_box(), 1, 1)
        grid.setRowStretch(2, 1)
        scroll = QScrollArea()  # every box reachable on a small screen
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        self.update_fire()
        self.update_melee()
        self.update_morale()

    def _fire_box(self) -> QGroupBox:
        r = self.rules
        box = QGroupBox("Fire")
        self.weapon = QComboBox()
        for key, table in r.fire.items():
            self.weapon.addItem(table.name, key)
        self.range = QDoubleSpinBox()
        self.range.setRange(0, 200)
        self.range.setDecimals(1)
        self.range.setSuffix(' "')
        self.range.setValue(8)
        self.short = _spin()
        self.elite = QCheckBox(f"{r.fire_modifiers.elite_text} ({r.fire_modifiers.elite:+d} a die)")
        self.other = _spin(6, -6)
        self.fire_answer = _answer()
        form = QFormLayout(box)
        form.addRow("Table", self.weapon)
        form.addRow("Range", self.range)
        form.addRow(f"Men short ({r.fire_modifiers.per_man_short:+d} a die each)", self.short)
        form.addRow(self.elite)
        form.addRow("Other change a die", self.other)
        form.addRow(self.fire_answer)
        self.weapon.currentIndexChanged.connect(self.update_fire)
        for spin in (self.range, self.short, self.other):
            spin.valueChanged.connect(self.update_fire)
        self.elite.toggled.connect(self.update_fire)
        return box

    def _melee_box(self) -> QGroupBox:
        box = QGroupBox("Hand to hand")
        grid = QGridLayout()
        grid.addWidget(QLabel("Modifier"), 0, 0)
        grid.addWidget(QLabel("Attacker"), 0, 1)
        grid.addWidget(QLabel("Defender"), 0, 2)
        self.attacker: dict[str, QCheckBox] = {}
        self.defender: dict[str, QCheckBox] = {}
        for row, mod in enumerate(self.rules.melee_modifiers.values(), start=1):
            grid.addWidget(QLabel(f"{mod.name} ({mod.change:+d})"), row, 0)
            for col, side in ((1, self.attacker), (2, self.defender)):
                check = QCheckBox()
                check.setAccessibleName(f"{mod.name}, {'attacker' if col == 1 else 'defender'}")
                check.toggled.connect(self.update_melee)
                side[mod.id] = check
                grid.addWidget(check, row, col)
        self.melee_answer = _answer()
        layout = QVBoxLayout(box)
        layout.addLayout(grid)
        layout.addWidget(self.melee_answer)
        return box

    def _morale_box(self) -> QGroupBox:
        box = QGroupBox("Morale")
        m = self.rules.morale
        self.side = QComboBox()
        for side, base in m.base.items():
            self.side.addItem(f"{side.title()} (base {base})", side)
        self.hits, self.kills, self.wounded = _spin(), _spin(), _spin()
        self.officer = QCheckBox(f"Officer attached ({m.officer:+d})")
        self.morale_answer = _answer()
        form = QFormLayout(box)
        form.addRow("Side", self.side)
        form.addRow(f"Hits on the unit ({m.per_hit:+d} each)", self.hits)
        form.addRow(f"Kills in the unit ({m.per_kill:+d} each)", self.kills)
        form.addRow(f"Wounded ({m.per_two_wounded:+d} each 2)", self.wounded)
        form.addRow(self.officer)
        form.addRow(self.morale_answer)
        self.side.currentIndexChanged.connect(self.update_morale)
        for spin in (self.hits, self.kills, self.wounded):
            spin.valueChanged.connect(self.update_morale)
        self.officer.toggled.connect(self.update_morale)
        return box

    def _event_box(self) -> QGroupBox:
        box = QGroupBox("Event check")
        self.event_answer = _answer()
        self.event_answer.setText("\n".join(event_lines(self.rules)))
        layout = QVBoxLayout(box)
        layout.addWidget(self.event_answer)
        layout.addStretch()
        return box

    def update_fire(self) -> None:
        fire = Fire(
            self.weapon.currentData(),
            self.range.value(),
            self.short.value(),
            self.elite.isChecked(),
            self.other.value(),
        )
        try:
            text = "\n".join(fire_lines(fire_odds(fire, self.rules), self.rules))
        except Refused as exc:
            text = str(exc)
        self.fire_answer.setText(text)

    def update_melee(self) -> None:
        attacker = [k for k, box in self.attacker.items() if box.isChecked()]
        defender = [k for k, box in self.defender.items() if box.isChecked()]
        odds = melee_odds(attacker, defender, self.rules)
        self.melee_answer.setText("\n".join(melee_lines(odds, self.rules)))

    def update_morale(self) -> None:
        odds = morale_odds(
            self.rules,
            self.side.currentData(),
            hits=self.hits.value(),
            kills=self.kills.value(),
            wounded=self.wounded.value(),
            officer=self.officer.isChecked(),
        )
        self.morale_answer.setText("\n".join(morale_lines(odds, self.rules)))
