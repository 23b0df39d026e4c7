"""Who a posse may hire (R3, R16), asked before a hire is offered at all.

Apart from the shop's planners (`rostermgr.shop`, which checks a hire with the same functions)
so that the window asks it for every posse it shows without importing the planners and the
plans they make: the app's start shows a posse (issue 33).
"""

from __future__ import annotations

from rostermgr.errors import RuleBroken
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from rostermgr.standing import trading_refusal


def check_purse(posse_name: str, purse: int, cost: int, what: str) -> None:
    """R16: refuse what costs more than the purse holds."""
    if cost > purse:
        raise RuleBroken(
            f"{posse_name} cannot afford {what}: it costs ${cost} and the purse holds ${purse} "
            f"(${cost - purse} short, R16)."
        )


def living(posse: Posse, role_id: str) -> int:
    """How many of the posse's active members hold this role."""
    return sum(1 for m in posse.active if m.role == role_id)


def check_vacancy(posse: Posse, role_id: str, rules: Ruleset) -> None:
    """R3: a role is hired only while the posse has fewer of it alive than its composition."""
    role = rules.role(role_id)
    have, limit = living(posse, role_id), rules.composition.get(role_id, 0)
    if have >= limit:
        if limit == 1:
            raise RuleBroken(f"{posse.name} already has a living {role.name.lower()} (R3).")
        raise RuleBroken(
            f"{posse.name} already has {have} living {role.name.lower()}s, "
            "the most a posse may have (R3)."
        )


def nobody_to_hire(posse: Posse, rules: Ruleset) -> str:
    """R3, R16: why the posse may hire nobody now, or "" when some role may be hired.

    Asked before a hire is offered at all: a retired posse hires nothing; a posse with every
    place of its composition filled says so in one sentence (not one role's refusal, as if
    only that role were full); else the purse, for the first role with a place free.
    """
    why = trading_refusal(posse.name, posse.standing)
    if why:
        return why
    short: list[str] = []  # the purse's refusal of each role with a place free
    for role_id in rules.roles:
        role = rules.role(role_id)
        try:
            check_vacancy(posse, role_id, rules)
        except RuleBroken:
            continue
        try:
            check_purse(posse.name, posse.purse, role.hire_cost, f"a new {role.name.lower()}")
        except RuleBroken as exc:
            short.append(str(exc))
            continue
        return ""
    if short:
        return short[0]
    alive = []
    for role_id, limit in rules.composition.items():
        if limit > 0 and role_id in rules.roles:
            name, have = rules.role(role_id).name.lower(), living(posse, role_id)
            alive.append(f"a living {name}" if have == 1 else f"{have} living {name}s")
    listed = ", ".join(alive[:-1]) + f" and {alive[-1]}" if len(alive) > 1 else "".join(alive)
    return (
        f"{posse.name} has every place filled: {listed}, the most a posse may have; "
        "a member is hired only to replace one (R3)."
    )
