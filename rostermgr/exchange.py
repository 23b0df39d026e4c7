"""The posse file format, validated strictly: a stranger's file is never trusted (DESIGN 4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rostermgr.cards import parse_card
from rostermgr.errors import InvalidFile, Refused, quoted
from rostermgr.invariants import roster_problems
from rostermgr.roster import ACTIVE, DEAD, Member, check_name
from rostermgr.rules import Ruleset

FORMAT = "rostermgr-posse"
VERSION = 1
TEXT_LIMIT = 500
LIST_LIMIT = 100_000


@dataclass(frozen=True)
class UpgradeRow:
    stat: str
    card: str
    game: str | None


@dataclass(frozen=True)
class MemberRow:
    name: str
    role: str
    status: str
    injuries: int
    flips: int
    pending_card: str | None
    items: tuple[str, ...]
    upgrades: tuple[UpgradeRow, ...]


@dataclass(frozen=True)
class LedgerRow:
    date: str
    amount: int
    reason: str
    kind: str
    game: str | None


@dataclass(frozen=True)
class HistoryRow:
    date: str
    kind: str
    member: str | None
    text: str
    data: Mapping[str, Any]
    game: str | None


@dataclass(frozen=True)
class PosseFile:
    name: str
    faction: str
    ruleset_id: str
    ruleset_version: str
    created: str | None
    members: tuple[MemberRow, ...]
    ledger: tuple[LedgerRow, ...]
    history: tuple[HistoryRow, ...]


class _Check:
    """Typed, strict access to one object of the file; complaints say where."""

    def __init__(self, obj: Any, where: str) -> None:
        if not isinstance(obj, dict):
            raise InvalidFile(f"The posse file is refused: {where} must be an object.")
        self.obj, self.where = obj, where

    def keys(self, required: set[str], optional: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        for key in self.obj:
            if key not in required | optional:
                self.fail(f"has a key it does not take: {quoted(key)}")
        for key in sorted(required):
            if key not in self.obj:
                self.fail(f"has no {quoted(key)}")

    def fail(self, problem: str) -> None:
        raise InvalidFile(f"The posse file is refused: {self.where} {problem}.")

    def text(self, key: str, optional: bool = False) -> Any:
        value = self.obj.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            self.fail(f"needs text for {quoted(key)}")
        if len(value) > TEXT_LIMIT:
            self.fail(f"has {quoted(key)} longer than {TEXT_LIMIT} characters")
        return value

    def count(self, key: str, low: int = 0, high: int | None = None, signed: bool = False) -> int:
        value = self.obj.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"needs a whole number for {quoted(key)}")
        if (
            abs(value) > 10**9
            or (not signed and value < low)
            or (high is not None and value > high)
        ):
            self.fail(f"has {quoted(key)} out of range ({value})")
        return value

    def items(self, key: str) -> list[Any]:
        value = self.obj.get(key)
        if not isinstance(value, list):
            self.fail(f"needs a list for {quoted(key)}")
        if len(value) > LIST_LIMIT:
            self.fail(f"has more than {LIST_LIMIT} entries in {quoted(key)}")
        return value


def validate_posse_file(doc: Any, rules: Ruleset, as_name: str | None = None) -> PosseFile:
    """Check every field of an exported posse against the format and the ruleset."""
    top = _Check(doc, "the document")
    top.keys({"format", "version", "posse", "members", "ledger", "history"})
    if doc["format"] != FORMAT:
        top.fail(f"is not a rostermgr posse file (format must be {quoted(FORMAT)})")
    if doc["version"] != VERSION:
        top.fail(f"has format version {doc['version']!r}; this rostermgr reads version {VERSION}")
    head = _Check(doc["posse"], "'posse'")
    head.keys({"name", "faction", "ruleset"}, {"created"})
    ruleset = _Check(doc["posse"]["ruleset"], "'posse.ruleset'")
    ruleset.keys({"id", "version"})
    try:
        name = check_name(as_name if as_name is not None else head.text("name"), "posse name")
        faction = head.text("faction")
        rules.faction(faction)
        members = tuple(_member(m, i, rules) for i, m in enumerate(top.items("members")))
    except Refused as exc:
        if isinstance(exc, InvalidFile):
            raise
        raise InvalidFile(f"The posse file is refused: {exc}") from exc
    names = [m.name for m in members]
    if len(set(names)) != len(names):
        top.fail("names the same member twice")
    problems = roster_problems(
        name, (Member(m.name, m.role, m.items, m.status) for m in members), rules
    )
    if problems:  # the shop would never have let this posse be: neither does import
        raise InvalidFile(f"The posse file is refused: {problems[0]}")
    ledger = tuple(_ledger(e, i) for i, e in enumerate(top.items("ledger")))
    if sum(e.amount for e in ledger) < 0:
        top.fail("has a ledger whose purse is below $0 (R16)")
    history = tuple(_history(h, i, set(names)) for i, h in enumerate(top.items("history")))
    return PosseFile(
        name=name,
        faction=faction,
        ruleset_id=ruleset.text("id"),
        ruleset_version=ruleset.text("version"),
        created=head.text("created", optional=True),
        members=members,
        ledger=ledger,
        history=history,
    )


def _member(obj: Any, index: int, rules: Ruleset) -> MemberRow:
    c = _Check(obj, f"member {index + 1}")
    c.keys({"name", "role", "status", "injuries", "flips", "items", "upgrades"}, {"pending_card"})
    name = check_name(c.text("name"), f"name of member {index + 1}")
    role = rules.role(c.text("role")).id
    status = c.text("status")
    if status not in (ACTIVE, DEAD):
        c.fail(f"has status {quoted(status)}; it must be {quoted(ACTIVE)} or {quoted(DEAD)}")
    items = c.items("items")
    for item in items:
        if not isinstance(item, str):
            c.fail("has an item that is not an item id")
        rules.item(item)
    if status == DEAD and items:
        c.fail("is dead but still carries items (R13)")
    pending = c.text("pending_card", optional=True)
    if pending is not None:
        pending = str(parse_card(pending))
    upgrades = []
    for j, up in enumerate(c.items("upgrades")):
        u = _Check(up, f"upgrade {j + 1} of {name}")
        u.keys({"stat", "card"}, {"game"})
        stat = u.text("stat")
        if stat not in rules.stat_order:
            u.fail(f"names {quoted(stat)}, which is not a stat")
        upgrades.append(
            UpgradeRow(stat, str(parse_card(u.text("card"))), u.text("game", optional=True))
        )
    return MemberRow(
        name=name,
        role=role,
        status=status,
        injuries=c.count("injuries", 0, rules.strikes_to_die),
        flips=c.count("flips", 0, 1000),
        pending_card=pending,
        items=tuple(items),
        upgrades=tuple(upgrades),
    )


def _ledger(obj: Any, index: int) -> LedgerRow:
    c = _Check(obj, f"ledger entry {index + 1}")
    c.keys({"date", "amount", "reason", "kind"}, {"game"})
    return LedgerRow(
        c.text("date"),
        c.count("amount", signed=True),
        c.text("reason"),
        c.text("kind"),
        c.text("game", optional=True),
    )


def _history(obj: Any, index: int, names: set[str]) -> HistoryRow:
    c = _Check(obj, f"history entry {index + 1}")
    c.keys({"date", "kind", "text", "data"}, {"member", "game"})
    member = c.text("member", optional=True)
    if member is not None and member not in names:
        c.fail(f"names {quoted(member)}, who is not in the posse")
    data = obj["data"]
    if not isinstance(data, dict):
        c.fail("needs an object for 'data'")
    return HistoryRow(
        c.text("date"), c.text("kind"), member, c.text("text"), data, c.text("game", optional=True)
    )
