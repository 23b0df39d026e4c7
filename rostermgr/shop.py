"""Creation, buying, selling and hiring: the purse and equipment rules (R3, R5, R6, R16)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rostermgr.documents import CREATION_REQUEST, refuse_other_kind
from rostermgr.errors import Refused, RuleBroken, did_you_mean, quoted
from rostermgr.hiring import check_purse, check_vacancy
from rostermgr.plans import CreationPlan, Entry
from rostermgr.roster import Member, Posse, check_name
from rostermgr.rules import Item, Ruleset
from rostermgr.standing import trading_refusal


def check_carry(member: Member, item_id: str, rules: Ruleset) -> None:
    """R5: who may carry an item, and how many of a kind one member may hold."""
    item = rules.item(item_id)
    if item.roles and member.role not in item.roles:
        allowed = " or ".join(rules.role(r).name.lower() for r in item.roles)
        raise RuleBroken(
            f"{member.name} cannot carry a {item.name.lower()}: only a {allowed} may (R5)."
        )
    kind = rules.kinds[item.kind]
    held = sum(1 for i in member.items if rules.item(i).kind == item.kind)
    if kind.limit and held >= kind.limit:
        raise RuleBroken(
            f"{member.name} already has {kind.limit} {kind.name.lower()} item"
            f"{'s' if kind.limit > 1 else ''}; a member may carry only {kind.limit} (R5)."
        )


def _check_trading(posse: Posse) -> None:
    """A retired posse buys, sells and hires nothing until it is brought back to play."""
    why = trading_refusal(posse.name, posse.standing)
    if why:
        raise RuleBroken(why)


def plan_buy(posse: Posse, member_name: str, item_id: str, rules: Ruleset) -> Entry:
    """Pay the ruleset price from the purse for an item a living member may carry."""
    _check_trading(posse)
    member = posse.living_member(member_name)
    item = rules.item(item_id)
    check_carry(member, item_id, rules)
    check_purse(posse.name, posse.purse, item.price, f"a {item.name.lower()}")
    return Entry(
        -item.price, f"Bought {item.name.lower()} for {member.name}", "buy", member.name, item_id
    )


@dataclass(frozen=True)
class ShopChoice:
    """One item of the shop for one member: whether it may be bought, and the sentence why not."""

    item: Item
    allowed: bool
    reason: str = ""


def shop_choices(posse: Posse, member_name: str, rules: Ruleset) -> tuple[ShopChoice, ...]:
    """R5, R16: every item of the ruleset for this member, each asked of `plan_buy` itself.

    So the shop offers exactly what `posse buy` accepts: roles, kinds' limits and the purse.
    """
    posse.living_member(member_name)
    out = []
    for item in rules.items.values():
        try:
            plan_buy(posse, member_name, item.id, rules)
        except Refused as exc:
            out.append(ShopChoice(item, False, str(exc)))
        else:
            out.append(ShopChoice(item, True))
    return tuple(out)


def plan_sell(posse: Posse, member_name: str, item_id: str, rules: Ruleset) -> Entry:
    """Refund the resale share of the price, rounded down (R16)."""
    _check_trading(posse)
    member = posse.living_member(member_name)
    item = rules.item(item_id)
    if item_id not in member.items:
        raise RuleBroken(f"{member.name} has no {item.name.lower()} to sell.")
    refund = rules.resale_value(item_id)
    return Entry(refund, f"Sold {item.name.lower()} of {member.name}", "sell", member.name, item_id)


def plan_hire(posse: Posse, role_id: str, name: str, rules: Ruleset) -> tuple[Member, Entry]:
    """A replacement: a gang member while short of them; a leader or deputy only when vacant."""
    _check_trading(posse)
    role = rules.role(role_id)
    name = check_name(name, "member's name")
    if any(m.name == name for m in posse.members):
        raise RuleBroken(f"{posse.name} already has a member named {quoted(name)}.")
    check_vacancy(posse, role_id, rules)
    check_purse(posse.name, posse.purse, role.hire_cost, f"a new {role.name.lower()}")
    member = Member(name=name, role=role_id)
    return member, Entry(-role.hire_cost, f"Hired {role.name.lower()} {name}", "hire", name)


_REQUEST_KEYS = {"name", "faction", "members"}
_MEMBER_KEYS = {"name", "role", "items"}


def plan_creation(request: Any, rules: Ruleset) -> CreationPlan:
    """Validate a creation request (DESIGN 5) against R3, R5, R6 and R16."""
    if not isinstance(request, Mapping):
        raise RuleBroken("A creation request must be a JSON object with name, faction and members.")
    refuse_other_kind(request, CREATION_REQUEST, "The creation request")
    _no_unknown(request, _REQUEST_KEYS, "The creation request")
    for key in sorted(_REQUEST_KEYS):
        if key not in request:
            raise RuleBroken(f"The creation request has no {quoted(key)}.")
    name = check_name(request["name"], "posse name")
    faction = rules.faction(_text(request["faction"], "faction"))
    raw_members = request["members"]
    if not isinstance(raw_members, list):
        raise RuleBroken("The creation request's 'members' must be a list.")
    members: list[Member] = []
    for i, raw in enumerate(raw_members, 1):
        if not isinstance(raw, Mapping):
            raise RuleBroken(f"Member {i} of the creation request must be a JSON object.")
        _no_unknown(raw, _MEMBER_KEYS, f"Member {i} of the creation request")
        mname = check_name(raw.get("name"), f"name of member {i}")
        if any(m.name == mname for m in members):
            raise RuleBroken(f"Two members are named {quoted(mname)}; each needs its own name.")
        role = rules.role(_text(raw.get("role"), f"role of {mname}")).id
        items = raw.get("items", [])
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise RuleBroken(f"The items of {mname} must be a list of item ids.")
        member = Member(name=mname, role=role)
        for item_id in items:
            rules.item(item_id)
            check_carry(member, item_id, rules)
            member = Member(name=mname, role=role, items=(*member.items, item_id))
        members.append(member)
    _check_composition(members, rules)
    entries = [Entry(rules.starting_purse, "Starting purse", "purse")]
    for role_id, count in rules.composition.items():
        hire = rules.roles[role_id]
        hired = [m.name for m in members if m.role == role_id]
        groups = -(-count // hire.creation_group)
        what = hire.name.lower() + ("s" if count > 1 else "")
        entries.append(
            Entry(-hire.creation_cost * groups, f"Hired {what} {', '.join(hired)}", "hire")
        )
    for m in members:
        for item_id in m.items:
            item = rules.items[item_id]
            entries.append(
                Entry(
                    -item.price, f"Bought {item.name.lower()} for {m.name}", "buy", m.name, item_id
                )
            )
    cost = creation_cost(members, rules)
    if cost > rules.starting_purse:
        raise RuleBroken(
            f"{name} cannot be created: the posse and its gear cost ${cost} and the starting purse "
            f"is ${rules.starting_purse} (${cost - rules.starting_purse} short, R16)."
        )
    return CreationPlan(name, faction.id, tuple(members), tuple(entries))


def creation_cost(members: Sequence[Member], rules: Ruleset) -> int:
    """What a posse of these members and their gear costs at creation (R6)."""
    return rules.founding_cost() + sum(rules.item(i).price for m in members for i in m.items)


def _check_composition(members: list[Member], rules: Ruleset) -> None:
    """R3: exactly the composition of the ruleset."""
    counts = Counter(m.role for m in members)
    for role_id, want in rules.composition.items():
        have = counts.get(role_id, 0)
        if have != want:
            role = rules.roles[role_id].name.lower()
            raise RuleBroken(
                f"A posse starts with exactly {want} {role}{'s' if want > 1 else ''}; "
                f"this one has {have} (R3)."
            )
    for role_id in counts:
        if role_id not in rules.composition:
            raise RuleBroken(
                f"A posse cannot start with a {rules.roles[role_id].name.lower()} (R3)."
            )


def _no_unknown(obj: Mapping[str, object], allowed: set[str], what: str) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        near = did_you_mean(unknown[0], sorted(allowed))  # 'itmes' for 'items'
        raise RuleBroken(f"{what} has a key it does not take: {quoted(unknown[0])}{near or '.'}")


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RuleBroken(f"The {what} must be text.")
    return value
