"""One presentation of a member (issue 31): what every output shows of them, computed once.

The cards, the journal, the shared picture and page, the window's roster and `posse show` all
draw this value, so they cannot disagree about a member: the stat line with what gear changes
(a mount sets Move, R4; clothing adds to Defence beside the value), the strikes taken (R13),
the flips unspent and the one waiting for a choice (R15), and the gear with what it does.
"""

from __future__ import annotations

from dataclasses import dataclass

from rostermgr.roster import DEFENCE, MOVE, Member
from rostermgr.rules import Item, Ruleset


@dataclass(frozen=True)
class StatShown:
    """One stat as every output prints it: the value, and the gear's bonus beside it."""

    stat: str  # stat id, e.g. "defence"
    name: str  # "Defence"
    short: str  # "Df"
    value: int  # base + upgrades - injuries (R2, R13, R15); Move as a mount sets it (R4)
    bonus: int = 0  # what gear adds beside the value (clothing on Defence)
    raised: bool = False  # upgraded by flips (R15): the journal prints it bold

    @property
    def text(self) -> str:
        """'2', or '2+2' when gear adds to it (the card's Df 2+2)."""
        return f"{self.value}{self.bonus:+d}" if self.bonus else str(self.value)


@dataclass(frozen=True)
class GearShown:
    id: str
    name: str
    effect: str  # what it does in the ruleset's words ("Move 2; Shot -1"), "" when nothing

    @property
    def text(self) -> str:
        """'Horse (Move 2; Shot -1)', or the bare name for gear that changes no number."""
        return f"{self.name} ({self.effect})" if self.effect else self.name


@dataclass(frozen=True)
class MemberShown:
    name: str
    role_id: str
    role: str  # the ruleset's name of the role
    dead: bool
    stats: tuple[StatShown, ...]  # in the ruleset's stat order
    strikes: int  # times out of action (R13)
    strikes_to_die: int
    flips: int  # unspent (R15)
    pending: str  # a flip turned over and not settled (R15), "" when none
    gear: tuple[GearShown, ...]  # in the order carried

    def stat(self, stat_id: str) -> StatShown:
        """The stat with this id (KeyError for a stat the ruleset does not have)."""
        for s in self.stats:
            if s.stat == stat_id:
                return s
        raise KeyError(stat_id)

    @property
    def stat_texts(self) -> tuple[str, ...]:
        return tuple(s.text for s in self.stats)

    @property
    def gear_text(self) -> str:
        """'Revolver (+1 damage), Horse (Move 2; Shot -1)', or '' for none."""
        return ", ".join(g.text for g in self.gear)

    @property
    def strikes_text(self) -> str:
        return f"strikes {self.strikes} of {self.strikes_to_die}"

    @property
    def flips_text(self) -> str:
        pending = f", {self.pending} turned over" if self.pending else ""
        return f"flips {self.flips}{pending}"


def shown_stats(member: Member, rules: Ruleset) -> dict[str, int]:
    """The member's stats as every output shows them: current, and Move as a mount sets it."""
    current = member.stats(rules)
    current[MOVE] = member.move(rules)  # a mount sets Move (R4): show what the model moves
    return current


def present(member: Member, rules: Ruleset) -> MemberShown:
    """The member as every output shows them (see the module's note)."""
    current = shown_stats(member, rules)
    clothing = member.clothing_defence(rules)
    stats = tuple(
        StatShown(
            stat=s,
            name=rules.stat_names.get(s, s),
            short=rules.stat_short.get(s, s),
            value=current[s],
            bonus=clothing if s == DEFENCE else 0,
            raised=member.upgrades.get(s, 0) > 0,
        )
        for s in rules.stat_order
    )
    return MemberShown(
        name=member.name,
        role_id=member.role,
        role=rules.roles[member.role].name if member.role in rules.roles else member.role,
        dead=not member.alive,
        stats=stats,
        strikes=member.injuries,
        strikes_to_die=rules.strikes_to_die,
        flips=member.flips,
        pending=member.pending_card or "",
        gear=tuple(_gear(i, rules) for i in member.items),
    )


def _gear(item_id: str, rules: Ruleset) -> GearShown:
    if item_id not in rules.items:  # an item a later ruleset dropped: its id, nothing more
        return GearShown(item_id, item_id, "")
    item = rules.items[item_id]
    return GearShown(item.id, item.name, item_effect(item, rules, none=""))


def item_effect(item: Item, rules: Ruleset, none: str = "-") -> str:
    """What the item does, as the ruleset gives it: damage, defence, heals, reload and more."""
    names = rules.stat_names
    parts = []
    if item.is_weapon:  # a weapon's +0 damage is worth saying
        parts.append(f"+{item.damage} damage")
    if item.defence:  # the ruleset's word, as the cards' "+2 Ar" (it said "defence" always)
        parts.append(f"+{item.defence} {names.get('defence', 'Defence').lower()}")
    if item.heals:
        parts.append(f"heals {item.heals} wound{'s' if item.heals != 1 else ''}")
    if item.reload:
        parts.append(f"reload after {item.reload} shot{'s' if item.reload != 1 else ''}")
    if item.move:  # a mount sets Move
        parts.append(f"{names.get('move', 'Move')} {item.move}")
    if item.shot:
        parts.append(f"{names.get('shot', 'Shot')} {item.shot:+d}")
    if item.initiative:
        parts.append(f"+{item.initiative} initiative")
    return "; ".join(parts) or none
