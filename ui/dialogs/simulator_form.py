"""The simulator's inputs: rulesets A and B, posses by faction, counts, seed and the model."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from rostermgr.simulate.model import (
    MAX_CAMPAIGNS,
    MAX_GAMES,
    REFLIPS,
    SHOPPING,
    TARGETS,
    Model,
)
from services import rulesets
from ui.files import open_file
from ui.keys import with_mnemonic

RULESET_FILES = "Ruleset files (*.toml);;All files (*)"
# The simulator window's own Alt letters; a faction's name (the ruleset's) takes a free one
# (tests/ui/test_mnemonics.py holds them apart with the shipped ruleset's factions).
SIMULATOR_KEYS = frozenset("acdefghlnoprstuvwxy")
PER_FACTION = 3  # posses of one faction a simulated campaign may have, from this window
MONEY_MAX = 100_000  # Model.check's bound on income, win bonus and reserve


def ruleset_label(rules: Ruleset) -> str:
    return f"{rules.name} {rules.version}"


class RulesetPicker(QWidget):
    """A ruleset: the campaign's current one, or a file read when it is chosen.

    `optional`: the first entry is "no ruleset" (B: no comparison). A file that cannot be read
    is not added; `refused` brings its sentence.
    """

    changed = Signal()
    refused = Signal(str)

    def __init__(self, current: Ruleset, optional: bool, file_text: str) -> None:
        super().__init__()
        self.combo = QComboBox()
        # as wide as its longest entry: "This campaign's: Last Hope Frontier 0.1-playtest" cut
        # short said neither whose nor which
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        if optional:
            self.combo.addItem("None (no comparison)", None)
        self.combo.addItem(f"This campaign's: {ruleset_label(current)}", current)
        self.combo.currentIndexChanged.connect(self._changed)
        self.file_button = QPushButton(file_text)
        self.file_button.setAutoDefault(False)  # Enter starts the run, from anywhere
        self.file_button.clicked.connect(self.choose_file)
        self.combo.setToolTip(self.combo.currentText())
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.combo, 1)
        row.addWidget(self.file_button)

    def _changed(self, _index: int) -> None:
        self.combo.setToolTip(self.combo.currentText())  # the whole name, cut in the box
        self.changed.emit()

    def rules(self) -> Ruleset | None:
        chosen: Ruleset | None = self.combo.currentData()
        return chosen

    def choose_file(self) -> None:
        path = open_file(self, "Choose a ruleset", RULESET_FILES)
        if path is not None:
            self.add_file(path)

    def add_file(self, path: Path) -> bool:
        """Read the file and select it; False (and `refused`) if it cannot be read."""
        try:
            rules = rulesets.load_file(path)
        except Refused as exc:
            self.refused.emit(str(exc))
            return False
        self.combo.addItem(f"{path.name}: {ruleset_label(rules)}", rules)
        index = self.combo.count() - 1
        self.combo.setItemData(index, str(path), Qt.ItemDataRole.ToolTipRole)
        self.combo.setCurrentIndex(index)
        return True


class FactionCounts(QGroupBox):
    """A spin box per faction of the ruleset: how many posses of it each campaign has."""

    def __init__(self) -> None:
        super().__init__("Posses of each faction")
        self.grid = QGridLayout(self)
        self.boxes: dict[str, QSpinBox] = {}

    def set_rules(self, rules: Ruleset) -> None:
        """The ruleset's factions, keeping the count of a faction it still has."""
        old = {f: b.value() for f, b in self.boxes.items()}
        while self.grid.count():
            item = self.grid.takeAt(0)
            gone = item.widget() if item is not None else None
            if gone is not None:
                gone.setParent(None)  # out of the window (and its Tab order) at once
                gone.deleteLater()
        self.boxes = {}
        taken = set(SIMULATOR_KEYS)
        for i, (fid, faction) in enumerate(rules.factions.items()):
            box = QSpinBox()
            box.setRange(0, PER_FACTION)
            box.setValue(old.get(fid, 1))
            box.setAccessibleName(f"Posses of {faction.name}")
            label = QLabel(with_mnemonic(faction.name, taken))
            label.setBuddy(box)
            self.grid.addWidget(label, i // 2, (i % 2) * 2)
            self.grid.addWidget(box, i // 2, (i % 2) * 2 + 1)
            self.boxes[fid] = box

    def factions(self) -> tuple[str, ...]:
        """Each faction id as many times as it has posses, in the ruleset's order."""
        return tuple(f for f, box in self.boxes.items() for _ in range(box.value()))


def _money(value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, MONEY_MAX)
    box.setPrefix("$")
    box.setValue(value)
    return box


def _choice(values: tuple[str, ...], default: str) -> QComboBox:
    combo = QComboBox()
    combo.addItems(list(values))
    combo.setCurrentText(default)
    return combo


class ModelBox(QWidget):
    """The model's parameters behind a button that shows or hides them, at Model's defaults."""

    def __init__(self) -> None:
        super().__init__()
        d = Model()
        self.toggle = QToolButton()
        self.toggle.setText("Mo&del parameters")
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.toggled.connect(self._show)
        self.exchanges = QDoubleSpinBox()
        self.exchanges.setRange(0.25, 100.0)
        self.exchanges.setSingleStep(0.5)
        self.exchanges.setDecimals(2)
        self.exchanges.setValue(d.exchanges_per_turn)
        self.target = _choice(TARGETS, d.target)
        self.shopping = _choice(SHOPPING, d.shopping)
        self.income = _money(d.income)
        self.win_bonus = _money(d.win_bonus)
        self.reserve = _money(d.reserve)
        self.reflip = _choice(REFLIPS, d.reflip)
        self.body = QWidget()
        form = QFormLayout(self.body)
        form.setContentsMargins(12, 0, 0, 0)
        for text, widget, tip in (
            ("Exchanges per turn", self.exchanges, "A fraction is a chance of one more."),
            ("Target", self.target, "How an attacker picks its target."),
            ("Shopping", self.shopping, "What a posse buys after each game."),
            ("Income", self.income, "Each posse that played, each game (R16)."),
            ("Win bonus", self.win_bonus, "The winner's extra reward."),
            ("Reserve", self.reserve, "Kept back when shopping, for hiring replacements."),
            ("Re-flip", self.reflip, "Re-flip a card that does not allow the first choice."),
        ):
            widget.setToolTip(tip)
            form.addRow(text, widget)
        self.body.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toggle)
        layout.addWidget(self.body)

    def _show(self, on: bool) -> None:
        self.body.setVisible(on)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)

    def model(self) -> Model:
        return replace(
            Model(),
            exchanges_per_turn=self.exchanges.value(),
            target=self.target.currentText(),
            shopping=self.shopping.currentText(),
            income=self.income.value(),
            win_bonus=self.win_bonus.value(),
            reserve=self.reserve.value(),
            reflip=self.reflip.currentText(),
        )


class SimulatorForm(QWidget):
    """Every input of a run; `request()` reads them."""

    def __init__(self, current: Ruleset) -> None:
        super().__init__()
        self.ruleset_a = RulesetPicker(current, optional=False, file_text="&File...")
        self.ruleset_b = RulesetPicker(current, optional=True, file_text="Fi&le...")
        self.factions = FactionCounts()
        self.factions.set_rules(current)
        self.ruleset_a.changed.connect(self._rules_changed)
        self.from_campaign = QCheckBox("Start from this campaign's p&osses")
        self.from_campaign.toggled.connect(lambda on: self.factions.setEnabled(not on))
        self.campaigns = QSpinBox()
        self.campaigns.setRange(1, MAX_CAMPAIGNS)
        self.campaigns.setGroupSeparatorShown(True)
        self.campaigns.setValue(1000)
        self.games = QSpinBox()
        self.games.setRange(1, MAX_GAMES)
        self.games.setValue(10)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.model_box = ModelBox()
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        for text, widget in (
            # Alt+ the first letter where it can be: "Ruleset &A" sent Alt+A, meant for
            # Campaigns, to the ruleset box
            ("&Ruleset A", self.ruleset_a),
            ("Compare &with", self.ruleset_b),
            ("&Campaigns", self.campaigns),
            ("&Games each", self.games),
            ("S&eed", self.seed),
        ):
            label = QLabel(text)
            inner = widget.combo if isinstance(widget, RulesetPicker) else widget
            label.setBuddy(inner)
            form.addRow(label, widget)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.factions)
        layout.addWidget(self.from_campaign)
        layout.addWidget(self.model_box)
        layout.addStretch(1)
        self._tab_order()

    def _tab_order(self) -> None:
        """Tab goes down the form as it reads: the faction boxes (made again for another
        ruleset, so last in Qt's own order) after the seed."""
        chain = [
            self.ruleset_a.combo,
            self.ruleset_a.file_button,
            self.ruleset_b.combo,
            self.ruleset_b.file_button,
            self.campaigns,
            self.games,
            self.seed,
            *self.factions.boxes.values(),
            self.from_campaign,
            self.model_box.toggle,
        ]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _rules_changed(self) -> None:
        rules = self.ruleset_a.rules()
        if rules is not None:
            self.factions.set_rules(rules)
            self._tab_order()
