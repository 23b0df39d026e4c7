"""`rostermgr check`: SQLite's own checks and the game's invariants, reported in sentences."""

from __future__ import annotations

import json
from collections import Counter

from peewee import Database, fn

from db import models as m
from rostermgr.cards import parse_card
from rostermgr.errors import Refused, quoted
from rostermgr.invariants import (
    MAX_AMOUNT,
    FlipRecord,
    flip_problems,
    history_problems,
    roster_problems,
)
from rostermgr.roster import ACTIVE, DEAD, Member
from rostermgr.rules import Ruleset
from rostermgr.shop import money


def quick_check(db: Database) -> list[str]:
    """The fast part, run whenever a file is opened."""
    rows = [r[0] for r in db.execute_sql("PRAGMA quick_check").fetchall()]
    return [] if rows == ["ok"] else [f"SQLite reports damage: {r}." for r in rows]


def check_campaign(db: Database, rules: Ruleset) -> list[str]:
    problems = quick_check(db)
    for table, rowid, parent, _ in db.execute_sql("PRAGMA foreign_key_check").fetchall():
        problems.append(f"Row {rowid} of {table} points to a missing row of {parent}.")
    problems += _posses(rules) + _members(rules) + _rosters(rules)
    problems += _ledger_amounts(db) + _histories(rules)
    return problems


def _ledger_amounts(db: Database) -> list[str]:
    """R16: every ledger amount is a whole number of dollars within MAX_AMOUNT."""
    rows = db.execute_sql(
        "SELECT p.name, l.id, l.amount FROM ledger l LEFT JOIN posse p ON p.id = l.posse_id "
        "WHERE typeof(l.amount) != 'integer' OR abs(l.amount) > ?",
        (MAX_AMOUNT,),
    ).fetchall()
    return [
        f"Ledger entry {entry} of {posse} holds {quoted(str(amount))}, not a whole number of "
        f"dollars up to {MAX_AMOUNT} (R16)."
        for posse, entry, amount in rows
    ]


def _histories(rules: Ruleset) -> list[str]:
    """History data well-formed for `stats` and the journal; flips and upgrades it tells (R15)."""
    posse_names = dict(m.Posse.select(m.Posse.id, m.Posse.name).tuples())
    out: list[str] = []
    records: dict[int, list[FlipRecord]] = {}
    broken: set[int] = set()
    for h in m.History.select().order_by(m.History.id):
        where = f"History entry {h.id} of {posse_names.get(h.posse_id, '(no posse)')}"
        try:
            data = json.loads(h.data)
        except (TypeError, ValueError):
            data = None
        if not isinstance(data, dict):
            out.append(f"{where} has data that is not a JSON object.")
            broken.add(h.member_id)
            continue
        found = history_problems(where, h.kind, data, rules)
        out += found
        if found:
            broken.add(h.member_id)
        if h.member_id is not None:
            records.setdefault(h.member_id, []).append(FlipRecord(h.kind, data))
    upgrades: dict[int, list[tuple[str, str]]] = {}
    for up in m.Upgrade.select().order_by(m.Upgrade.id):
        upgrades.setdefault(up.member_id, []).append((up.stat, up.card))
    for mem in m.Member.select().order_by(m.Member.id):
        if mem.id in broken or not isinstance(mem.flips, int):
            continue  # that entry's problem is reported; a replay over it would guess
        out += flip_problems(
            f"{mem.name} of {posse_names.get(mem.posse_id, '(no posse)')}",
            mem.flips,
            mem.pending_card,
            upgrades.get(mem.id, []),
            records.get(mem.id, []),
            rules,
        )
    return out


def _rosters(rules: Ruleset) -> list[str]:
    """R3 and R5 for each posse, over what _members found readable (the rest is reported there)."""
    items_of: dict[int, list[str]] = {}
    for it in m.MemberItem.select():
        if it.item in rules.items:
            items_of.setdefault(it.member_id, []).append(it.item)
    members_of: dict[int, list[Member]] = {}
    for mem in m.Member.select().order_by(m.Member.id):
        if mem.role in rules.roles:
            member = Member(mem.name, mem.role, tuple(items_of.get(mem.id, ())), mem.status)
            members_of.setdefault(mem.posse_id, []).append(member)
    out = []
    for p in m.Posse.select().order_by(m.Posse.name):
        out += roster_problems(p.name, members_of.get(p.id, []), rules)
    return out


def _posses(rules: Ruleset) -> list[str]:
    out = []
    sums = dict(
        m.Ledger.select(m.Ledger.posse, fn.SUM(m.Ledger.amount)).group_by(m.Ledger.posse).tuples()
    )
    for p in m.Posse.select():
        if p.faction not in rules.factions:
            out.append(f"{p.name} belongs to the unknown faction {quoted(p.faction)}.")
        if sums.get(p.id, 0) < 0:
            out.append(f"{p.name} has a purse of {money(sums[p.id])}, below $0 (R16).")
    return out


def _members(rules: Ruleset) -> list[str]:
    out = []
    posse_names = dict(m.Posse.select(m.Posse.id, m.Posse.name).tuples())
    carried = Counter(m.MemberItem.select(m.MemberItem.member).tuples())
    items_of: dict[int, list[str]] = {}
    for it in m.MemberItem.select():
        items_of.setdefault(it.member_id, []).append(it.item)
    upgrades: dict[int, Counter[str]] = {}
    for up in m.Upgrade.select():
        upgrades.setdefault(up.member_id, Counter())[up.stat] += 1
    for mem in m.Member.select():
        who = f"{mem.name} of {posse_names.get(mem.posse_id, '(no posse)')}"
        if mem.role not in rules.roles:
            out.append(f"{who} has the unknown role {quoted(mem.role)}.")
            continue
        if mem.status not in (ACTIVE, DEAD):
            out.append(f"{who} has the unknown status {quoted(mem.status)}.")
        limit = rules.strikes_to_die
        if not 0 <= mem.injuries <= limit:
            out.append(f"{who} has {mem.injuries} injury strikes; 0 to {limit} are possible.")
        if (mem.status == DEAD) != (mem.injuries >= rules.strikes_to_die):
            out.append(f"{who} is {mem.status} with {mem.injuries} strikes (R13).")
        if mem.status == DEAD and carried.get((mem.id,)):
            out.append(f"{who} is dead but still carries items; they should be buried (R13).")
        if mem.flips < 0:
            out.append(f"{who} has {mem.flips} flips.")
        if mem.pending_card:
            try:
                parse_card(mem.pending_card)
            except Refused:
                out.append(f"{who} waits on the unreadable card {quoted(mem.pending_card)}.")
        for item in items_of.get(mem.id, []):
            if item not in rules.items:
                out.append(f"{who} carries the unknown item {quoted(item)}.")
        base = rules.roles[mem.role].stats
        for stat in rules.stat_order:
            value = base[stat] + upgrades.get(mem.id, Counter())[stat]
            if stat == "wounds":
                value -= mem.injuries * rules.wounds_lost
            if value < 0:
                out.append(f"{who} has a negative {rules.stat_names[stat]} ({value}).")
    return out
