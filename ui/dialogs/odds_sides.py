"""The odds window's two sides: pick a posse member or type the stats (layout and filling)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QSpinBox, QWidget

from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.weapons import test_ids
from ui.weapons import best_weapon, fill_weapons

TYPED = "Typed stats"


def _spin(value: int, top: int = 12) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, top)
    spin.setValue(value)
    return spin


class SideForm(QGroupBox):
    """Posse, member and faction; `changed` when anything that changes the odds changes."""

    changed = Signal()

    def __init__(
        self, title: str, rules: Ruleset, posses: Sequence[Posse], parent: QWidget | None = None
    ) -> None:
        super().__init__(title, parent)
        self.rules = rules
        self.posses = {p.name: p for p in posses}
        self.posse = QComboBox()
        self.posse.addItem(TYPED, None)
        for p in posses:
            self.posse.addItem(p.name, p.name)
        self.member = QComboBox()
        self.member.setEnabled(False)
        self.faction = QComboBox()
        for f in rules.factions.values():
            self.faction.addItem(f"{SUIT_SYMBOLS[f.suit]}  {f.name}", f.id)
        self.form = QFormLayout(self)
        self.form.addRow("Posse", self.posse)
        self.form.addRow("Member", self.member)
        self.form.addRow("Faction", self.faction)
        self.kind = test_ids(rules)[0]
        self.posse.currentIndexChanged.connect(self._posse_picked)
        self.member.currentIndexChanged.connect(lambda *_: self.fill())
        self.faction.currentIndexChanged.connect(lambda *_: self.changed.emit())

    def _watch(self, *widgets: QWidget) -> None:
        for w in widgets:
            signal = getattr(w, "valueChanged", None) or getattr(w, "currentIndexChanged", None)
            if isinstance(w, QCheckBox):
                signal = w.toggled
            signal.connect(lambda *_: self.changed.emit())  # type: ignore[union-attr]

    def pick(self, posse: str | None, member: str | None = None) -> None:
        """Choose a posse (None: typed stats) and one of its living members (default first)."""
        self.posse.setCurrentIndex(max(0, self.posse.findData(posse)))
        if member is not None:
            self.member.setCurrentIndex(max(0, self.member.findText(member)))

    def chosen_posse(self) -> Posse | None:
        name = self.posse.currentData()
        return self.posses.get(name) if name else None

    def chosen_member(self) -> Member | None:
        posse = self.chosen_posse()
        name = self.member.currentText()
        if posse is None or not name:
            return None
        return next((m for m in posse.active if m.name == name), None)

    def faction_id(self) -> str:
        return str(self.faction.currentData())

    def _posse_picked(self) -> None:
        posse = self.chosen_posse()
        self.member.blockSignals(True)
        self.member.clear()
        if posse is not None:
            self.member.addItems([m.name for m in posse.active])
        self.member.setEnabled(posse is not None)
        self.member.blockSignals(False)
        self.fill()

    def fill(self) -> None:
        """Fill the fields from the chosen member (a subclass's `fill_member`), then `changed`."""
        posse, member = self.chosen_posse(), self.chosen_member()
        if posse is not None:
            self.faction.blockSignals(True)
            self.faction.setCurrentIndex(max(0, self.faction.findData(posse.faction)))
            self.faction.blockSignals(False)
        if member is not None:
            fields = self.findChildren(QWidget)
            for w in fields:
                w.blockSignals(True)
            try:
                self.fill_member(member)
            finally:
                for w in fields:
                    w.blockSignals(False)
        self.changed.emit()

    def fill_member(self, member: Member) -> None:
        """Copy the member's numbers into this side's own fields (the attacker and target forms)."""

    def set_kind(self, kind: str) -> None:
        """Shot or combat: the fields that depend on it, refilled from the chosen member."""
        self.kind = kind
        self.fill()


class AttackerForm(SideForm):
    def __init__(
        self, rules: Ruleset, posses: Sequence[Posse], parent: QWidget | None = None
    ) -> None:
        super().__init__("Attacker", rules, posses, parent)
        self.attack = _spin(3)
        self.weapon = QComboBox()
        fill_weapons(self.weapon, self.kind, rules, "No weapon")
        self.horseback = QCheckBox("Shooting from horseback")
        self.form.addRow(rules.attack_stat_name(self.kind), self.attack)
        self.form.addRow("Weapon", self.weapon)
        self.form.addRow("", self.horseback)
        self._watch(self.attack, self.weapon, self.horseback)

    def set_kind(self, kind: str) -> None:
        label = self.form.labelForField(self.attack)
        label.setText(self.rules.attack_stat_name(kind))  # type: ignore[attr-defined]
        self.horseback.setEnabled(self.rules.test_kind(kind).ranged)
        fill_weapons(self.weapon, kind, self.rules, "No weapon")
        super().set_kind(kind)

    def fill_member(self, member: Member) -> None:
        stats = member.stats(self.rules)
        self.attack.setValue(stats[self.rules.attack_stat(self.kind)])
        self.weapon.setCurrentIndex(
            max(0, self.weapon.findData(best_weapon(member, self.kind, self.rules)))
        )

    def weapon_id(self) -> str | None:
        data = self.weapon.currentData()
        return str(data) if data else None


class TargetForm(SideForm):
    def __init__(
        self, rules: Ruleset, posses: Sequence[Posse], parent: QWidget | None = None
    ) -> None:
        super().__init__("Target", rules, posses, parent)
        self.defence = _spin(1)
        self.clothing = _spin(0, 6)
        self.toughness = _spin(1)
        self.cover = QComboBox()
        for key, value in rules.cover.items():
            self.cover.addItem(f"{key.capitalize()} (+{value})" if value else "No cover", key)
        self.form.addRow("Defence", self.defence)
        self.form.addRow("Clothing", self.clothing)
        self.form.addRow("Toughness", self.toughness)
        self.form.addRow("Cover", self.cover)
        self._watch(self.defence, self.clothing, self.toughness, self.cover)

    def set_kind(self, kind: str) -> None:
        ranged = self.rules.test_kind(kind).cover
        self.cover.setEnabled(ranged)
        self.cover.setToolTip("" if ranged else "Cover counts only against ranged tests (R8).")
        super().set_kind(kind)

    def fill_member(self, member: Member) -> None:
        stats = member.stats(self.rules)
        self.defence.setValue(stats["defence"])
        self.clothing.setValue(member.clothing_defence(self.rules))
        self.toughness.setValue(stats["toughness"])

    def cover_key(self) -> str | None:
        """The chosen cover, None when it adds nothing."""
        key = self.cover.currentData()
        return str(key) if key and self.rules.cover.get(str(key)) else None
