"""A posse back from its printed cards (issue 34): the card codes made into a posse file.

The file goes through `posse import`'s own checks (rostermgr.exchange), so a rebuilt posse is
held to every rule an imported one is. What the cards do not hold is said, not guessed: the
history before the rebuild is lost (one entry says so), and the flips and upgrades are told by
entries that say they were rebuilt; names and purse come from the journal's code when there is
one, else from the caller.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rostermgr.cardcode import CardCode, PosseCode, card_code, member_check
from rostermgr.errors import Refused
from rostermgr.exchange import FORMAT, VERSION
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset

LOST = "history before this day is lost"


def rebuild_members(codes: Sequence[CardCode], rules: Ruleset) -> list[tuple[int, Member]]:
    """The members the cards show, as (member id, member without a name), in roster order;
    refused in one sentence when the cards disagree with each other or with the ruleset."""
    if not codes:
        raise Refused("Give the codes of the posse's cards to rebuild it from.")
    first = codes[0]
    for code in codes[1:]:
        if (code.posse_id, code.faction) != (first.posse_id, first.faction):
            raise Refused("The cards are of more than one posse: rebuild one posse at a time.")
    seen: dict[int, CardCode] = {}
    members: list[tuple[int, Member]] = []
    for code in codes:
        ups = {stat: n for stat, n in code.upgrades}
        for member_id, flips in code.members:
            if member_id in seen:
                if seen[member_id] != code:
                    raise Refused("Two cards of one member disagree: use only its newest card.")
                continue
            seen[member_id] = code
            m = Member("", code.role, code.items, injuries=code.injuries, flips=flips,
                       upgrades=ups, id=member_id)  # fmt: skip
            posse = Posse("", code.faction, (m,), 0, rules.id, rules.version, id=code.posse_id)
            if card_code(posse, (m,), rules, code.counter).stats != code.stats:
                raise Refused(
                    "A card's stats are not what its role, upgrades, strikes and gear give "
                    "under this campaign's ruleset: it was not printed from this ruleset."
                )
            members.append((member_id, m))
    roles = list(rules.roles)
    return sorted(members, key=lambda pair: (roles.index(pair[1].role), pair[0]))


def rebuild_document(
    codes: Sequence[CardCode],
    rules: Ruleset,
    name: str,
    names: Mapping[int, str],
    purse: int,
    today: str,
) -> dict[str, Any]:
    """The posse file (rostermgr.exchange's format) of the posse the cards show, named name,
    its members named by names (member id -> name), with purse dollars."""
    members = rebuild_members(codes, rules)
    missing = [i for i, _ in members if not names.get(i)]
    if missing:
        raise Refused(f"The journal's code names no member of id {missing[0]}: give its name.")
    history: list[dict[str, Any]] = [
        _entry(today, "created", None, f"Posse {name} rebuilt from its printed cards; {LOST}.")
    ]
    if purse:
        history.append(_entry(today, "purse", None, f"Purse when rebuilt: ${purse}",
                              {"amount": purse, "item": None}))  # fmt: skip
    docs = []
    for member_id, m in members:
        who = names[member_id]
        upgrades = [
            {"stat": stat, "card": _card_for(stat, rules)}
            for stat in rules.stat_order
            for _ in range(m.upgrades.get(stat, 0))
        ]
        earned = m.flips + len(upgrades)
        if earned:
            text = f"{who} had earned {earned} flip(s) before the rebuild ({LOST})."
            history.append(_entry(today, "flips", who, text, {"count": earned}))
        for up in upgrades:
            stat = rules.stat_names[up["stat"]]
            text = f"{who} had taken +1 {stat} (rebuilt: the card is not known)."
            data = {"card": up["card"], "drawn": False, "spent": 1, "upgrade": up["stat"]}
            history.append(_entry(today, "flip", who, text, data))
        docs.append({
            "name": who, "role": m.role, "status": "active", "injuries": m.injuries,
            "flips": m.flips, "pending_card": None, "items": list(m.items), "upgrades": upgrades,
        })  # fmt: skip
    ledger = [{"date": today, "amount": purse, "reason": "Purse when rebuilt from printed cards",
               "kind": "purse", "game": None}]  # fmt: skip
    return {
        "format": FORMAT,
        "version": VERSION,
        "posse": {
            "name": name,
            "faction": codes[0].faction,
            "ruleset": {"id": rules.id, "version": rules.version, "hash": rules.hash},
            "created": today,
        },
        "members": docs,
        "ledger": ledger if purse else [],
        "history": history,
    }


def _entry(
    date: str, kind: str, member: str | None, text: str, data: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {"date": date, "kind": kind, "member": member, "text": text, "data": data or {},
            "game": None}  # fmt: skip


def _card_for(stat: str, rules: Ruleset) -> str:
    """A card that allows +1 to stat (R15): the card of a rebuilt upgrade is not known."""
    for row in rules.advancement:
        if stat in row.stats:
            rank = row.cards[0]
            return rank if rank == "JK" else f"{rank}S"
    raise Refused(f"No card of this ruleset allows an upgrade of {rules.stat_names[stat]}.")


def journal_names(
    journal: PosseCode, members: Sequence[tuple[int, Member]], rules: Ruleset, faction: str
) -> dict[int, str]:
    """The members' names from the journal cover's code, once it agrees with the cards: the
    same posse, the same members, each member's state what its check value says."""
    if journal.faction != faction:
        raise Refused("The journal's code is of another posse than the cards.")
    listed = {member_id: (name, check) for member_id, name, check in journal.members}
    for member_id, m in members:
        if member_id not in listed:
            raise Refused("The cards show a member the journal's code does not name.")
        name, check = listed[member_id]
        posse = Posse(journal.name, faction, (m,), 0, rules.id, rules.version,
                      id=journal.posse_id)  # fmt: skip
        if member_check(posse, m, rules) != check:
            raise Refused(
                f"{name}'s card and the journal's cover disagree: one was printed before a "
                "change; print both again, or rebuild from the cards alone."
            )
    have = {member_id for member_id, _ in members}
    for member_id, (name, _) in listed.items():
        if member_id not in have:
            raise Refused(f"The journal names {name}, whose card is missing.")
    return {member_id: name for member_id, (name, _) in listed.items()}
