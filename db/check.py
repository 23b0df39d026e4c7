"""`rostermgr check`: SQLite's own checks and the game's invariants, reported in sentences.

The check never raises for what is in the file: damage, tampering and values of the wrong
type are findings, one sentence each, so a damaged campaign can still be examined.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from pathlib import Path

import peewee
from peewee import Database, fn

from db import models as m
from db.backup import backup_dir
from db.connection import is_damage, offer_backup
from db.sql import is_postgres, run
from db.undo import creation, log_problem, step_problem, strange_entries
from rostermgr.cards import parse_card
from rostermgr.errors import Refused, quoted
from rostermgr.invariants import (
    MAX_AMOUNT,
    FlipRecord,
    flip_problems,
    history_problems,
    roster_problems,
    stat_problems,
    state_problems,
)
from rostermgr.roster import DEAD, Member
from rostermgr.rules import Ruleset

_SHOWN = 10  # at most this many lines of one kind: a damaged file can have thousands


def _file_of(db: Database, path: Path | None) -> Path | None:
    """The campaign file checked: given, or the database's own name when it is a plain path.

    A file opened read-only is named by a `file:` URI, whose backups would never be found.
    """
    if path is not None:
        return Path(path)
    name = getattr(db, "database", None)
    if isinstance(name, str) and name != ":memory:" and not name.startswith("file:"):
        return Path(name)
    return None


def _restore_hint(db: Database, path: Path | None) -> str:
    """The newest good backup and the command that restores it, or that there is none."""
    where = _file_of(db, path)
    if where is None:
        return ""
    hint = offer_backup(where)  # no full stop after it: the path is copied as it stands
    if hint:
        return hint
    return f" No good backup of it was found in {backup_dir(where)}."


def _damage_finding(db: Database, exc: BaseException, path: Path | None) -> str:
    if is_damage(exc):
        line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        where = _file_of(db, path)
        named = f"the campaign file {where}" if where is not None else "the campaign file"
        return f"SQLite reports damage: {named} cannot be read ({line}).{_restore_hint(db, path)}"
    return f"The check could not read the campaign file ({exc})."


def quick_check(db: Database, path: Path | None = None) -> list[str]:
    """The fast part, run whenever a file is opened; damage is reported, never raised.

    Damage is said first in one sentence that names the newest good backup and the command
    that restores it; SQLite's own findings follow, one a line.
    """
    try:
        rows = [r[0] for r in db.execute_sql(f"PRAGMA quick_check({_SHOWN})").fetchall()]
    except (sqlite3.DatabaseError, peewee.DatabaseError) as exc:
        return [_damage_finding(db, exc, path)]
    if rows == ["ok"]:
        return []
    # One row may hold several lines, the first naming the schema ("*** in database main ***").
    lines = [line for r in rows for line in str(r).splitlines() if not line.startswith("***")]
    found = [f"SQLite reports damage: {line.rstrip('.')}." for line in lines[:_SHOWN] or rows]
    where = _file_of(db, path)
    named = f"the campaign file {where}" if where is not None else "the campaign file"
    summary = f"SQLite reports damage: {named} has damaged pages.{_restore_hint(db, path)}"
    return [summary, *found]


def check_campaign(db: Database, rules: Ruleset, path: Path | None = None) -> list[str]:
    """Every problem found in the campaign file, one sentence each; [] when it is sound.

    `path` is the campaign file, for naming its backups (by default the database's name).
    On PostgreSQL the server keeps its own pages, keys and column types whole: what is left to
    check is the same undo log, amounts and rules, with the same findings.
    """
    if is_postgres(db):
        return _undo_log(db) + _ledger_amounts(db) + _rules(rules)
    problems = quick_check(db, path)
    if problems:
        return problems  # reading on through damaged pages only repeats what SQLite said
    try:
        problems += _foreign_keys(db)
        problems += _undo_log(db)
        wrong_types = _types(db)
        problems += wrong_types
        # Amounts beyond MAX_AMOUNT overflow SQLite's sums: the purses cannot be added up.
        too_large = [] if wrong_types else _ledger_amounts(db)
        problems += too_large
        if wrong_types or too_large:
            # The models would round 5.5 or choke on 'five': the rules cannot be read through.
            problems.append(_RULES_SKIPPED)
        else:
            problems += _rules(rules)
    except (sqlite3.DatabaseError, peewee.DatabaseError) as exc:
        problems.append(_damage_finding(db, exc, path))
    return problems


def _rules(rules: Ruleset) -> list[str]:
    """What the game's rules say of the posses, members, rosters and histories."""
    return _posses(rules) + _members(rules) + _rosters(rules) + _histories(rules)


def _foreign_keys(db: Database) -> list[str]:
    rows = db.execute_sql("PRAGMA foreign_key_check").fetchall()
    return [
        f"Row {rowid} of {table} points to a missing row of {parent}."
        for table, rowid, parent, _ in rows
    ]


def _undo_log(db: Database) -> list[str]:
    """The undo log `game undo` and `rules undo` rely on: switched on, holding every game and
    every adoption from its first entry to its last."""
    out = []
    problem = log_problem(db)
    if problem:
        out.append(f"{problem[0].upper()}{problem[1:]}; `game undo` cannot work.")
    else:
        steps = [
            (f"Game {row_id} of {date}", mark, end, creation("game", row_id))
            for row_id, date, mark, end in run(
                db, "SELECT id, date, undo_mark, undo_end FROM game ORDER BY id"
            ).fetchall()
        ] + [
            (f"The adoption of {ruleset_id} {version}", mark, end, creation("ruleset", row_id))
            for row_id, ruleset_id, version, mark, end in run(
                db,
                "SELECT id, ruleset_id, version, undo_mark, undo_end FROM ruleset "
                "WHERE id > (SELECT MIN(id) FROM ruleset) ORDER BY id",
            ).fetchall()
        ]
        for what, mark, end, first in steps:
            if not isinstance(mark, int) or not isinstance(end, int | None):
                continue  # reported by _types
            reason = step_problem(db, mark, end, first)
            if reason:
                out.append(f"{what} cannot be undone: {reason}.")
    strange = strange_entries(db)
    for seq, statement in strange[:_SHOWN]:
        shown = str(statement)[:60]
        out.append(
            f"Undo log entry {seq} is not an undo of a campaign table ({shown!r}); "
            "`game undo` would run it."
        )
    if len(strange) > _SHOWN:
        out.append(f"{len(strange) - _SHOWN} more undo log entries are not undos.")
    return out


_RULES_SKIPPED = (
    "The game's rules were not checked: correct the values above first, or restore a backup."
)


def _types(db: Database) -> list[str]:
    """Every INTEGER column of the campaign holds whole numbers (money is integer dollars).

    SQLite keeps 5.5 or 'five' in an INTEGER column, and the models would round or choke on it.
    """
    out = []
    for model in m.CAMPAIGN_TABLES:
        table = model._meta.table_name
        info = db.execute_sql(f'PRAGMA table_info("{table}")').fetchall()
        columns = [r[1] for r in info if str(r[2]).upper() == "INTEGER"]
        if not columns:
            continue
        counts = ", ".join(f"SUM(typeof(\"{c}\") NOT IN ('integer', 'null'))" for c in columns)
        row = db.execute_sql(f'SELECT {counts} FROM "{table}"').fetchone()
        for column, bad in zip(columns, row, strict=True):
            if not bad:
                continue
            rowid, value = db.execute_sql(
                f'SELECT rowid, "{column}" FROM "{table}" '
                f"WHERE typeof(\"{column}\") NOT IN ('integer', 'null') ORDER BY rowid LIMIT 1"
            ).fetchone()
            if bad == 1:
                out.append(f"Row {rowid} of {table} has {column} {value!r}, not a whole number.")
            else:
                out.append(
                    f"{bad} rows of {table} have {column} values that are not whole numbers "
                    f"(the first is row {rowid}: {value!r})."
                )
    return out


def _ledger_amounts(db: Database) -> list[str]:
    """R16: every ledger amount is a whole number of dollars within MAX_AMOUNT."""
    # A PostgreSQL column holds integers only: what is left to find there is the size.
    kind = "FALSE" if is_postgres(db) else "typeof(l.amount) != 'integer'"
    rows = run(
        db,
        "SELECT p.name, l.id, l.amount FROM ledger l LEFT JOIN posse p ON p.id = l.posse_id "
        f"WHERE {kind} OR abs(l.amount) > ?",
        (MAX_AMOUNT,),
    ).fetchall()
    return [
        f"Ledger entry {entry} of {posse} holds {quoted(str(amount))}, not a whole number of "
        f"dollars up to {MAX_AMOUNT} (R16)."
        for posse, entry, amount in rows
    ]


def _histories(rules: Ruleset) -> list[str]:
    """History data well-formed for `stats` and the journal; flips and upgrades it tells (R15)."""
    posse_names: dict[int, str] = dict(m.tuples(m.Posse.select(m.Posse.id, m.Posse.name)))
    out: list[str] = []
    records: dict[int, list[FlipRecord]] = {}
    broken: set[int | None] = set()
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
    sums: dict[int, int] = dict(
        m.tuples(m.Ledger.select(m.Ledger.posse, fn.SUM(m.Ledger.amount)).group_by(m.Ledger.posse))
    )
    for p in m.Posse.select():
        if p.faction not in rules.factions:
            out.append(f"{p.name} belongs to the unknown faction {quoted(p.faction)}.")
        if sums.get(p.id, 0) < 0:
            from rostermgr.plans import money  # the planners load only for a fault

            out.append(f"{p.name} has a purse of {money(sums[p.id])}, below $0 (R16).")
    return out


def _members(rules: Ruleset) -> list[str]:
    out = []
    posse_names: dict[int, str] = dict(m.tuples(m.Posse.select(m.Posse.id, m.Posse.name)))
    carried = Counter(
        member_id for (member_id,) in m.tuples(m.MemberItem.select(m.MemberItem.member))
    )
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
        out += state_problems(who, mem.status, mem.injuries, rules)
        if mem.status == DEAD and carried.get(mem.id):
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
        # the rules_load refuses a ruleset under which this could happen (ruleset_problems)
        out += stat_problems(who, mem.role, upgrades.get(mem.id, Counter()), mem.injuries, rules)
    return out
