"""The weapon pickers of the table aids and the odds window: only weapons usable in the test."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from rostermgr.resolver import usable_in
from rostermgr.roster import Member
from rostermgr.rules import Ruleset


def fill_weapons(combo: QComboBox, kind: str, rules: Ruleset, none: str) -> None:
    """`none`, then each weapon usable in a `kind` test (R4, R8), keeping a choice still usable."""
    keep = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(none, None)
    for item in rules.items.values():
        if usable_in(kind, item, rules):
            kind_name = rules.kinds[item.kind].name.lower()
            combo.addItem(f"{item.name} (+{item.damage}, {kind_name})", item.id)
    combo.setCurrentIndex(max(combo.findData(keep), 0))
    combo.blockSignals(False)
    if combo.currentData() != keep:
        combo.currentIndexChanged.emit(combo.currentIndex())


def best_weapon(member: Member, kind: str, rules: Ruleset) -> str | None:
    """The member's weapon for this test that adds the most damage; None without one."""
    weapons = [rules.item(i) for i in member.items if usable_in(kind, rules.item(i), rules)]
    return max(weapons, key=lambda item: item.damage).id if weapons else None
