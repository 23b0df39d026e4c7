"""Plain-data views of posses, shared by the command line's JSON and its tables."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

# item_effect lives with the member's presentation, which shows gear with its effect; it is
# named here too, beside the other ruleset words.
from rostermgr.presentation import item_effect as item_effect
from rostermgr.presentation import present
from rostermgr.roster import Member, Posse
from rostermgr.rules import Item, Kind, Ruleset


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
        "standing": posse.standing,  # playing, retired or deleted (rostermgr.standing)
        "owner": posse.owner,  # its player in a club campaign (issue 29), else null
        "members": [member_view(m, rules) for m in posse.members],
    }


def display_width(text: str) -> int:
    """Terminal columns: wide and full-width characters (CJK, most emoji) take two, combining
    marks and invisible format characters none."""
    if text.isascii():  # the common case, one column a character, without a lookup each
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded with spaces to `width` terminal columns, to the right or left of it."""
    fill = " " * max(0, width - display_width(text))
    return fill + text if right else text + fill


def text_table(rows: Sequence[Sequence[str]], right: Sequence[bool], gap: str = "  ") -> list[str]:
    """Rows of cells (the first row may be headings) in columns that line up on a terminal.

    `right` says, per column, whether it is aligned to the right (numbers).
    """
    if not rows:
        return []
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(right))]
    return [
        gap.join(pad(c, w, r) for c, w, r in zip(row, widths, right, strict=True)).rstrip()
        for row in rows
    ]


def member_status(member: Member) -> str:
    """'active' or 'dead', and a flip waiting for a choice (R15)."""
    pending = f", {member.pending_card} pending" if member.pending_card else ""
    return member.status + pending


def posse_text(posse: Posse, rules: Ruleset) -> str:
    """A readable roster for the terminal: fixed columns first, then status and items.

    The stats and gear are the member's one presentation (rostermgr.presentation), as on the
    cards: Move as a mount sets it, clothing after the + on Defence, gear with its effect.
    """
    faction = rules.faction(posse.faction)
    heads = [
        "Member",
        "Role",
        *(rules.stat_short[s] for s in rules.stat_order),
        "Inj",
        "Flips",
        "Status",
        "Items",
    ]
    rows = [heads]
    for m in posse.members:
        shown = present(m, rules)  # the one presentation every output shares
        rows.append(
            [
                shown.name,
                shown.role,
                *shown.stat_texts,
                str(shown.strikes),
                str(shown.flips),
                member_status(m),
                shown.gear_text or "-",
            ]
        )
    right = [False, False, *(True for _ in rules.stat_order), True, True, False, False]
    lines = [f"{posse.name}: {faction.name} ({faction.suit}), purse ${posse.purse}", ""]
    return "\n".join(lines + text_table(rows, right))


# The ruleset in words, for `rostermgr rules` (the same words as the app's rules reference).


def item_range(item: Item, none: str = "-") -> str:
    """In card lengths (R4). A weapon without a range in the ruleset is a melee weapon."""
    if item.range is None:
        return "base to base" if item.is_weapon else none
    low, high = item.range
    return f"{low}-{high}" if high != low else str(low)


def carried_by(item: Item, rules: Ruleset) -> str:
    """Who may carry it (R5): the ruleset's role names, or anyone."""
    roles = [rules.roles[r].name if r in rules.roles else r for r in item.roles]
    return " or ".join(roles).capitalize() if roles else "Anyone"


def kind_limit(kind: Kind) -> str:
    """How many items of a kind one member may carry (R5)."""
    if not kind.limit:
        return "any number"
    return f"at most {kind.limit}"
