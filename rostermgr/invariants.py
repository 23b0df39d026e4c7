"""What a posse must satisfy however it came into the campaign (R3, R5).

The shop refuses a purchase or a hire that would break these; an imported file or a campaign
edited by hand can still break them, so import and `check` ask here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rostermgr.roster import Member
from rostermgr.rules import Ruleset


def carry_problems(member: Member, rules: Ruleset) -> list[str]:
    """R5: items a member's role may not carry, and kinds held beyond their limit."""
    out = []
    for item_id in dict.fromkeys(member.items):
        item = rules.item(item_id)
        if item.roles and member.role not in item.roles:
            allowed = " or ".join(rules.role(r).name.lower() for r in item.roles)
            out.append(
                f"{member.name} carries a {item.name.lower()}, which only a {allowed} may (R5)."
            )
    held = Counter(rules.item(i).kind for i in member.items)
    for kind_id, count in held.items():
        kind = rules.kinds[kind_id]
        if kind.limit and count > kind.limit:
            out.append(
                f"{member.name} carries {count} {kind.name.lower()} items; a member may carry "
                f"only {kind.limit} (R5)."
            )
    return out


def roster_problems(posse: str, members: Iterable[Member], rules: Ruleset) -> list[str]:
    """R3 among the living (a dead leader's place may stay empty), then R5 for each member."""
    members = list(members)
    out = []
    living = Counter(m.role for m in members if m.alive)
    for role_id, count in living.items():
        most = rules.composition.get(role_id, 0)
        if count > most:
            role = rules.role(role_id).name.lower()
            out.append(
                f"{posse} has {count} living {role}s; a posse may have at most {most} (R3)."
                if most
                else f"{posse} has a {role}, which a posse may not have (R3)."
            )
    for member in members:
        out += carry_problems(member, rules)
    return out
