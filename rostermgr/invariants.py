"""What a posse must satisfy however it came into the campaign (R3, R5, R13-R15).

The shop refuses a purchase or a hire that would break these; an imported file or a campaign
edited by hand can still break them, so import and `check` ask here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rostermgr.cards import allowed_stats, parse_card
from rostermgr.errors import Refused, quoted
from rostermgr.roster import ACTIVE, DEAD, WOUNDS, Member
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


# Dollars one ledger entry or history amount may hold: a billion is beyond any campaign, and
# even LIST_LIMIT such entries sum far inside SQLite's 64-bit integers (R16).
MAX_AMOUNT = 10**9
GAME, FLIPS, FLIP, DEATH = "game", "flips", "flip", "death"


def state_problems(who: str, status: str, injuries: object, rules: Ruleset) -> list[str]:
    """R13: strikes within the limit, and dead exactly when the strikes reach it."""
    limit = rules.strikes_to_die
    if not _whole(injuries) or not 0 <= injuries <= limit:  # type: ignore[operator]
        return [f"{who} has {injuries!r} injury strikes; 0 to {limit} are possible (R13)."]
    if status not in (ACTIVE, DEAD):
        return [f"{who} has the unknown status {quoted(status)}."]
    if (status == DEAD) != (injuries >= limit):  # type: ignore[operator]
        return [f"{who} is {status} with {injuries} strikes; {limit} strikes kill (R13)."]
    return []


def stat_problems(
    who: str, role: str, upgrades: Mapping[str, int], injuries: int, rules: Ruleset
) -> list[str]:
    """R2, R13, R15: no current stat below 0 (the stat line plus upgrades, Wounds less the
    strikes times `wounds_lost`); `check` asks it of every member, the dead included."""
    base = rules.role(role).stats
    out = []
    for stat in rules.stat_order:
        value = base[stat] + upgrades.get(stat, 0)
        if stat == WOUNDS:
            value -= injuries * rules.wounds_lost
        if value < 0:
            out.append(f"{who} has a negative {rules.stat_names[stat]} ({value}).")
    return out


def ruleset_problems(rules: Ruleset) -> list[tuple[str, str]]:
    """The keys of a ruleset under which a campaign could break what `check` refuses, each with
    the problem; [] for a sound ruleset. The loader refuses the first, so no adoption, diff or
    game can bring a campaign there.

    Stats (stat_problems): upgrades only add, so the lowest any member goes is a role's stat line
    with the strikes that kill (the dead keep them). Strikes themselves (state_problems) and the
    ledger (R16: amounts within MAX_AMOUNT, the purse never below $0) are kept by the loader's
    bounds: a count of at least 1 strike, numbers within MAX_AMOUNT, percentages 0 to 100.
    """
    out = []
    strikes, lost = rules.strikes_to_die, rules.wounds_lost
    for role_id, role in rules.roles.items():
        if stat_problems(role_id, role_id, {}, strikes, rules):
            wounds = role.stats[WOUNDS]
            out.append(
                (
                    f"roles.{role_id}.stats.{WOUNDS}",
                    f"is {wounds}: {strikes} strikes (injuries.strikes_to_die) of {lost} "
                    f"(injuries.wounds_lost) would leave a {role.name.lower()} at "
                    f"{rules.stat_names[WOUNDS]} {wounds - strikes * lost}, and no stat may be "
                    f"below 0; it must be at least {strikes * lost}",
                )
            )
    return out


def _whole(value: object, low: int = -MAX_AMOUNT, high: int = MAX_AMOUNT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _card(value: object) -> bool:
    try:
        parse_card(value)  # type: ignore[arg-type]
    except (Refused, TypeError, AttributeError):
        return False
    return isinstance(value, str)


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def history_problems(
    where: str, kind: object, data: Mapping[str, Any], rules: Ruleset
) -> list[str]:
    """The history data that `stats` and the journal read, each key of the shape they expect."""
    if not isinstance(kind, str):
        return [f"{where} has a kind that is not text."]
    checks: list[tuple[str, bool, str]] = [
        ("amount", _whole(data.get("amount", 0)), "a whole number of dollars"),
        ("item", data.get("item") is None or data.get("item") in rules.items, "an item id"),
    ]
    if kind == GAME:
        checks += [
            ("scenario", isinstance(data.get("scenario", ""), str), "text"),
            ("opponents", _texts(data.get("opponents", [])), "a list of posse names"),
            ("winner", data.get("winner") is None or isinstance(data["winner"], str), "a name"),
            ("notes", isinstance(data.get("notes", ""), str), "text"),
        ]
    elif kind == FLIPS:
        checks.append(("count", _whole(data.get("count", 0), 0), "a whole number of flips"))
    elif kind == FLIP:
        checks += [
            ("spent", _whole(data.get("spent", 0), 0), "a whole number of flips"),
            ("card", data.get("card") is None or _card(data["card"]), "a card"),
            ("drawn", isinstance(data.get("drawn", False), bool), "true or false"),
            ("upgrade", data.get("upgrade") in (None, *rules.stat_order), "a stat"),
        ]
    return [
        f"{where}, a {quoted(kind)} entry, has {quoted(key)} {_shown(data.get(key))}; "
        f"it must be {what}."
        for key, ok, what in checks
        if not ok
    ]


def _shown(value: object) -> str:
    """A value for a refusal: short, quoted when text, never a whole hostile structure."""
    if isinstance(value, dict | list):
        return "a table" if isinstance(value, dict) else "a list"
    text = value if isinstance(value, str) else repr(value)
    return quoted(text if len(text) <= 30 else f"{text[:27]}...")


@dataclass(frozen=True)
class FlipRecord:
    """One history row of a member that moves flips: earned, spent, or a death (which clears)."""

    kind: str
    data: Mapping[str, Any]


def flip_problems(
    who: str,
    flips: int,
    pending: str | None,
    upgrades: Iterable[tuple[str, str]],
    records: Iterable[FlipRecord],
    rules: Ruleset,
) -> list[str]:
    """R14, R15: unspent flips, the waiting card and the upgrades are what the history tells.

    The history is replayed in order: `flips` rows earn, `flip` rows spend, turn a card (left
    waiting unless a stat was chosen) or settle the waiting one, and a death clears it.
    `upgrades` are (stat, card) pairs; history data must be well-formed (history_problems).
    """
    try:
        return _replayed(who, flips, pending, list(upgrades), records, rules)
    except Refused:  # an unreadable card: history_problems and the card checks name it
        return []


def _replayed(
    who: str,
    flips: int,
    pending: str | None,
    upgrades: list[tuple[str, str]],
    records: Iterable[FlipRecord],
    rules: Ruleset,
) -> list[str]:
    earned = spent = 0
    waiting: str | None = None
    told: Counter[tuple[str, str]] = Counter()
    for r in records:
        if r.kind == FLIPS:
            earned += r.data.get("count", 0)
        elif r.kind == DEATH:
            waiting = None
        elif r.kind == FLIP:
            spent += r.data.get("spent", 0)
            card = r.data.get("card") or waiting
            stat = r.data.get("upgrade")
            if stat and card:
                told[(stat, str(parse_card(card)))] += 1
            waiting = None if stat else card
    out = []
    if flips != earned - spent:
        out.append(
            f"{who} has {flips} unspent flips; the history earns {earned} and spends {spent} (R15)."
        )
    held = Counter((stat, str(parse_card(card))) for stat, card in upgrades)
    if held != told:
        out.append(f"{who} has upgrades the history of flips does not tell (R15).")
    for stat, card in held:
        if stat in rules.stat_order and stat not in allowed_stats(parse_card(card), rules):
            out.append(
                f"{who} has +1 {rules.stat_names[stat]} from {card}, which that card does not "
                "allow (R15)."
            )
    if (pending and str(parse_card(pending))) != (waiting and str(parse_card(waiting))):
        out.append(
            f"{who} waits on {pending or 'no card'}; the history leaves "
            f"{waiting or 'no card'} waiting (R15)."
        )
    return out
