"""What adopting a new ruleset would do to each posse, and what refuses it (issue 18, R3, R5).

Adopting changes no posse row: members keep their roles, items, injuries and upgrades, and
their stats and prices follow the new numbers from then on. So the preview tells, posse by
posse, whose stats change and which items a role may no longer carry; and the adoption is
refused whole when a posse could not be read under the new ruleset (an item, role or faction
it has no longer exists), would break R3 or R5, or would hold a member `check` refuses (R13
strikes, a stat it no longer has).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rostermgr.invariants import roster_problems, stat_problems, state_problems
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.ruleset_diff import RuleChange, diff_rulesets
from rostermgr.standing import DELETED


@dataclass(frozen=True)
class PossePreview:
    """One posse under the new ruleset: sentences of what changes and of what refuses it."""

    posse: str
    stats: tuple[str, ...]  # "Kid (Gang member): Wounds 6 -> 5"
    no_longer: tuple[str, ...]  # "Gang members may no longer carry a shotgun."
    roles: tuple[str, ...]  # "Gang member: the stat line changed (Wounds 6 -> 5)."
    refusals: tuple[str, ...]
    deleted: bool = False  # a deleted posse: checked, but listed only when it refuses
    gear: tuple[str, ...] = ()  # "Pistol, carried by Wyatt and Tom: damage 1 -> 2."

    @property
    def unchanged(self) -> bool:
        """Nothing about this posse reads differently under the new ruleset."""
        return not (self.stats or self.no_longer or self.roles or self.refusals or self.gear)


@dataclass(frozen=True)
class AdoptionPreview:
    """The differences of the rulesets and each posse's preview; refused if any posse is."""

    old: Ruleset
    new: Ruleset
    changes: tuple[RuleChange, ...]
    posses: tuple[PossePreview, ...]

    @property
    def refusals(self) -> tuple[str, ...]:
        """Every reason the adoption is refused, posse by posse."""
        return tuple(r for p in self.posses for r in p.refusals)

    @property
    def listed(self) -> tuple[PossePreview, ...]:
        """The posses a preview lists: those in the campaign's lists, and a deleted one only
        when it refuses the adoption (its rows must still read under the new ruleset)."""
        return tuple(p for p in self.posses if not p.deleted or p.refusals)

    def summary(self) -> str:
        """One sentence on what adopting does, true to the list below it."""
        if self.refusals:
            return "It cannot be adopted: change the posses named below first, or the ruleset file."
        changed = [p.posse for p in self.listed if not p.unchanged]
        kept = "Every posse keeps its members, items and ledger; "
        undo = " Undo takes it back."
        if not changed:
            return kept + "none reads differently under the new numbers." + undo
        return (
            kept + f"{_count(len(changed))} read{'s' if len(changed) == 1 else ''} differently, "
            "as listed below: stats and prices follow the new numbers from now on." + undo
        )


def _count(n: int) -> str:
    return "one posse" if n == 1 else f"{n} posses"


def _unreadable(posse: Posse, new: Ruleset) -> list[str]:
    """What of the posse the new ruleset no longer has: its faction, a role, an item."""
    out = []
    if posse.faction not in new.factions:
        out.append(
            f"{posse.name} is of the faction '{posse.faction}', which the new ruleset no "
            "longer has."
        )
    for m in posse.members:
        if m.role not in new.roles:
            out.append(
                f"{m.name} of {posse.name} is a '{m.role}', a role the new ruleset no longer has."
            )
        for item in dict.fromkeys(m.items):
            if item not in new.items:
                out.append(
                    f"{m.name} of {posse.name} carries '{item}', an item the new ruleset no "
                    "longer has."
                )
    return out


def _states(posse: Posse, new: Ruleset) -> list[str]:
    """What `check` would refuse of each member under `new` (rostermgr.invariants): strikes that
    no longer match life or death (R13), an upgrade of a stat it no longer has, a stat below 0."""
    out = []
    for m in posse.members:
        who = f"{m.name} of {posse.name}"
        if state_problems(who, m.status, m.injuries, new):
            limit = new.strikes_to_die
            strikes = f"{m.injuries} strike{'' if m.injuries == 1 else 's'}"
            key = f"the new key 'injuries.strikes_to_die' = {limit}"
            if m.injuries > limit:  # dead or alive, more strikes than any member may have
                out.append(f"{who} has {strikes}, more than {key} allows (R13).")
            else:
                out.append(
                    f"{who} is {m.status} with {strikes}, which {key} would make "
                    f"{'dead' if m.alive else 'alive'} (R13)."
                )
        gone = [stat for stat, n in m.upgrades.items() if n and stat not in new.stat_order]
        for stat in gone:
            out.append(f"{who} has an upgrade of '{stat}', a stat the new 'stats.order' drops.")
        if not gone:
            out += stat_problems(who, m.role, m.upgrades, m.injuries, new)
    return out


def _stat_lines(member: Member, old: Ruleset, new: Ruleset) -> str | None:
    before, after = member.stats(old), member.stats(new)
    moved = [
        f"{new.stat_names[s]} {before.get(s, '-')} -> {after[s]}"
        for s in new.stat_order
        if before.get(s) != after[s]
    ]
    if not moved:
        return None
    return f"{member.name} ({new.roles[member.role].name}): {', '.join(moved)}"


def _role_lines(roles: Iterable[str], old: Ruleset, new: Ruleset) -> list[str]:
    out = []
    for role in dict.fromkeys(roles):
        if role not in old.roles or old.roles[role].stats == new.roles[role].stats:
            continue
        was, now = old.roles[role].stats, new.roles[role].stats
        moved = ", ".join(
            f"{new.stat_names[s]} {was.get(s, '-')} -> {now[s]}"
            for s in new.stat_order
            if was.get(s) != now[s]
        )
        out.append(f"{new.roles[role].name}: the stat line changed ({moved}).")
    return out


def _may_carry(item_roles: tuple[str, ...], role: str) -> bool:
    return not item_roles or role in item_roles


def _no_longer(roles: Iterable[str], old: Ruleset, new: Ruleset) -> list[str]:
    """Items a role of the posse could carry before and may not under the new ruleset (R5)."""
    out = []
    for role in dict.fromkeys(roles):
        for item_id, item in old.items.items():
            after = new.items.get(item_id)
            if after is None or not _may_carry(item.roles, role):
                continue
            if not _may_carry(after.roles, role):
                who = new.roles[role].name
                out.append(f"{who}s may no longer carry a {after.name.lower()} (R5).")
    return out


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _gear_lines(members: Iterable[Member], changes: Iterable[RuleChange]) -> list[str]:
    """R4: the carried items whose profile (damage, range, reload, defence ...) changes.

    Their roster cards print that profile, so a posse carrying one does read differently even
    when no stat moves. A price is left out: the summary says prices follow the new numbers.
    """
    names: dict[str, str] = {}  # the item's name as the diff's sentences give it
    words: dict[str, list[str]] = {}
    for change in changes:
        parts = change.path.split(".")
        if len(parts) >= 3 and parts[0] == "items" and parts[-1] != "price":
            name, _, what = change.sentence.partition(": ")
            names.setdefault(parts[1], name)
            words.setdefault(parts[1], []).append(what)
    carriers: dict[str, list[str]] = {}
    for m in members:
        for item_id in dict.fromkeys(m.items):
            if item_id in words:
                carriers.setdefault(item_id, []).append(m.name)
    return [
        f"{names[item]}, carried by {_names(who)}: {'; '.join(words[item])}."
        for item, who in carriers.items()
    ]


def preview_posse(
    posse: Posse, old: Ruleset, new: Ruleset, changes: Iterable[RuleChange] | None = None
) -> PossePreview:
    """What the posse would read as under `new`, and why it would refuse the adoption.

    `changes` are the differences of the two rulesets when the caller has them already.
    """
    deleted = posse.standing == DELETED
    refusals = _unreadable(posse, new)
    if refusals:
        return PossePreview(posse.name, (), (), (), tuple(refusals), deleted)
    living = posse.active
    roles = [m.role for m in living]
    stats = [line for m in living if (line := _stat_lines(m, old, new))]
    refusals = roster_problems(posse.name, posse.members, new) + _states(posse, new)
    differences = list(diff_rulesets(old, new) if changes is None else changes)
    return PossePreview(
        posse.name,
        tuple(stats),
        tuple(_no_longer(roles, old, new)),
        tuple(_role_lines(roles, old, new)),
        tuple(refusals),
        deleted,
        tuple(_gear_lines(living, differences)),
    )


def preview_adoption(posses: Iterable[Posse], old: Ruleset, new: Ruleset) -> AdoptionPreview:
    """The whole preview of adopting `new` in place of `old` for these posses."""
    changes = tuple(diff_rulesets(old, new))
    return AdoptionPreview(
        old, new, changes, tuple(preview_posse(p, old, new, changes) for p in posses)
    )


def refusal_sentence(preview: AdoptionPreview, dry_run: bool = False) -> str:
    """The one sentence that refuses an adoption (or says a dry run's would be refused),
    naming every posse and member at fault."""
    reasons = " ".join(preview.refusals)
    verdict = "would not be adopted (dry run)" if dry_run else "was not adopted"
    return (
        f"The ruleset {preview.new.id} {preview.new.version} {verdict}, and nothing "
        f"was changed: {reasons} Change those posses first, or the ruleset file."
    )
