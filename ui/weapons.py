"""The weapon pickers of the table aids and the odds window: the domain's weapons for the test."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from rostermgr.roster import Member
from rostermgr.rules import Ruleset
from rostermgr.weapons import best_weapon as best_for
from rostermgr.weapons import weapons_for


def fill_weapons(combo: QComboBox, kind: str, rules: Ruleset, none: str) -> None:
    """`none`, then each weapon usable in a `kind` test (R4, R8), keeping a choice still usable."""
    keep = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(none, None)
    for item in weapons_for(rules, kind, rules.items.values()):
        kind_name = rules.kinds[item.kind].name.lower()
        combo.addItem(f"{item.name} (+{item.damage}, {kind_name})", item.id)
    combo.setCurrentIndex(max(combo.findData(keep), 0))
    combo.blockSignals(False)
    if combo.currentData() != keep:
        combo.currentIndexChanged.emit(combo.currentIndex())


def best_weapon(member: Member, kind: str, rules: Ruleset) -> str | None:
    """The member's weapon for this test that adds the most damage; None without one."""
    best = best_for(rules, kind, member.items)
    return best.id if best is not None else None
