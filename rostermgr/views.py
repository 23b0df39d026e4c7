"""Plain-data views of posses, shared by the command line's JSON and its tables."""

from __future__ import annotations

from typing import Any

from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset


def member_view(member: Member, rules: Ruleset) -> dict[str, Any]:
    return {
        "name": member.name,
        "role": member.role,
        "status": member.status,
        "stats": member.stats(rules),
        "injuries": member.injuries,
        "flips": member.flips,
        "pending_card": member.pending_card,
        "upgrades": dict(member.upgrades),
        "items": list(member.items),
    }


def posse_view(posse: Posse, rules: Ruleset) -> dict[str, Any]:
    """`posse show --json` (DESIGN 5): current stats are base + upgrades - injuries."""
    return {
        "name": posse.name,
        "faction": posse.faction,
        "suit": posse.suit(rules),
        "ruleset": {"id": posse.ruleset_id, "version": posse.ruleset_version},
        "purse": posse.purse,
        "members": [member_view(m, rules) for m in posse.members],
    }


def posse_text(posse: Posse, rules: Ruleset) -> str:
    """A readable roster for the terminal."""
    faction = rules.faction(posse.faction)
    lines = [
        f"{posse.name}: {faction.name} ({faction.suit}), purse ${posse.purse}",
        "",
    ]
    heads = [rules.stat_short[s] for s in rules.stat_order]
    width = max([len(m.name) for m in posse.members] + [6])
    lines.append(
        f"{'Member':<{width}}  {'Role':<11} "
        + " ".join(f"{h:>3}" for h in heads)
        + "  Inj Flips  Items"
    )
    for m in posse.members:
        stats = m.stats(rules)
        role = rules.role(m.role).name + ("" if m.alive else " (dead)")
        items = ", ".join(rules.items[i].name if i in rules.items else i for i in m.items) or "-"
        flips = f"{m.flips}" + (f" ({m.pending_card} pending)" if m.pending_card else "")
        lines.append(
            f"{m.name:<{width}}  {role:<11} "
            + " ".join(f"{stats[s]:>3}" for s in rules.stat_order)
            + f"  {m.injuries:>3} {flips:>5}  {items}"
        )
    return "\n".join(lines)
