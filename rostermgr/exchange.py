"""The posse file format, validated strictly: a stranger's file is never trusted (DESIGN 4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NoReturn

from rostermgr.cards import parse_card
from rostermgr.documents import POSSE_FILE, refuse_other_kind
from rostermgr.errors import InvalidFile, Refused, quoted
from rostermgr.invariants import (
    MAX_AMOUNT,
    FlipRecord,
    flip_problems,
    history_problems,
    roster_problems,
    stat_problems,
    state_problems,
)
from rostermgr.plans import (
    GameRef,
    HistoryRow,
    LedgerRow,
    MemberRow,
    PosseFile,
    UpgradeRow,
)
from rostermgr.report import MAX_POSSES, NOTES_LIMIT, REASON_LIMIT, iso_date
from rostermgr.roster import DEAD, NAME_LIMIT, Member, check_name
from rostermgr.rules import Ruleset
from rostermgr.rules_reader import MAX_TEXT

FORMAT = "rostermgr-posse"
VERSION = 1
# Whatever rostermgr wrote, it reads back: the longest text it writes is a game's sentence,
# naming the scenario and the other posses (a report's MAX_POSSES) and carrying the notes; a
# sentence of a death lists what was buried. Twice that, plus room for the ruleset's names.
TEXT_LIMIT = 2 * (NOTES_LIMIT + REASON_LIMIT + MAX_POSSES * (NAME_LIMIT + 2)) + 4 * MAX_TEXT
LIST_LIMIT = 100_000


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

    def fail(self, problem: str) -> NoReturn:
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

    def date(self, key: str, optional: bool = False) -> Any:
        value = self.text(key, optional)
        if value is not None and iso_date(value) is None:
            self.fail(f"has the date {quoted(value)} for {quoted(key)}; it must be YYYY-MM-DD")
        return value

    def count(self, key: str, low: int = 0, high: int | None = None, signed: bool = False) -> int:
        value = self.obj.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"needs a whole number for {quoted(key)}")
        if (
            abs(value) > MAX_AMOUNT
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
    refuse_other_kind(doc, POSSE_FILE, "The posse file")
    top = _Check(doc, "the document")
    # games: since issue 27, the games the entries name by number (GameRef)
    top.keys({"format", "version", "posse", "members", "ledger", "history"}, {"games"})
    if doc["format"] != FORMAT:
        top.fail(f"is not a rostermgr posse file (format must be {quoted(FORMAT)})")
    if doc["version"] != VERSION:
        top.fail(f"has format version {doc['version']!r}; this rostermgr reads version {VERSION}")
    head = _Check(doc["posse"], "'posse'")
    head.keys({"name", "faction", "ruleset"}, {"created"})
    ruleset = _Check(doc["posse"]["ruleset"], "'posse.ruleset'")
    ruleset.keys({"id", "version"}, {"hash"})  # hash: since issue 18
    games = _games(top)
    try:
        name = check_name(as_name if as_name is not None else head.text("name"), "posse name")
        faction = head.text("faction")
        rules.faction(faction)
        members = tuple(_member(m, i, rules, games) for i, m in enumerate(top.items("members")))
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
    ledger = tuple(_ledger(e, i, games) for i, e in enumerate(top.items("ledger")))
    if sum(e.amount for e in ledger) < 0:
        top.fail("has a ledger whose purse is below $0 (R16)")
    history = tuple(_history(h, i, set(names), games) for i, h in enumerate(top.items("history")))
    _consistent(name, members, history, rules)
    return PosseFile(
        name=name,
        faction=faction,
        ruleset_id=ruleset.text("id"),
        ruleset_version=ruleset.text("version"),
        created=head.date("created", optional=True),
        members=members,
        ledger=ledger,
        history=history,
        games=MappingProxyType(games),
    )


def _games(top: _Check) -> dict[int, GameRef]:
    """The file's games by number; absent from files written before issue 27."""
    if "games" not in top.obj:
        return {}
    games = {}
    for i, obj in enumerate(top.items("games")):
        g = _Check(obj, f"game {i + 1}")
        g.keys({"id", "date", "scenario", "fingerprint"})
        ref = GameRef(
            g.count("id", low=1), g.date("date"), g.text("scenario"), g.text("fingerprint")
        )
        if ref.id in games:
            g.fail(f"has the number {ref.id} of an earlier game")
        games[ref.id] = ref
    return games


def _game_id(c: _Check, games: Mapping[int, GameRef]) -> int | None:
    """The number of the entry's game, which the file's `games` must describe."""
    if c.obj.get("game_id") is None:
        return None
    number = c.count("game_id", low=1)
    if number not in games:
        c.fail(f"names game {number}, which the file's 'games' does not describe")
    if c.obj.get("game") != games[number].label:
        c.fail(f"names game {number} but not as {quoted(games[number].label)}")
    return number


def _consistent(
    posse: str, members: tuple[MemberRow, ...], history: tuple[HistoryRow, ...], rules: Ruleset
) -> None:
    """The checks `check` makes (rostermgr.invariants): state, history data, flips, upgrades."""
    problems: list[str] = []
    for mem in members:
        who = f"{mem.name} of {posse}"
        problems += state_problems(who, mem.status, mem.injuries, rules)
        ups = Counter(u.stat for u in mem.upgrades)
        problems += stat_problems(who, mem.role, ups, mem.injuries, rules)
    for i, h in enumerate(history):
        of = f"{h.member} of {posse}" if h.member else posse
        problems += history_problems(f"History entry {i + 1} ({of})", h.kind, h.data, rules)
    if not problems:  # the replay reads the history data, so only once it is well-formed
        for mem in members:
            problems += flip_problems(
                f"{mem.name} of {posse}",
                mem.flips,
                mem.pending_card,
                [(u.stat, u.card) for u in mem.upgrades],
                [FlipRecord(h.kind, h.data) for h in history if h.member == mem.name],
                rules,
            )
    if problems:
        raise InvalidFile(f"The posse file is refused: {problems[0]}")


def _member(obj: Any, index: int, rules: Ruleset, games: Mapping[int, GameRef]) -> MemberRow:
    c = _Check(obj, f"member {index + 1}")
    c.keys({"name", "role", "status", "injuries", "flips", "items", "upgrades"}, {"pending_card"})
    name = check_name(c.text("name"), f"name of member {index + 1}")
    role = rules.role(c.text("role")).id
    status = c.text("status")
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
        u.keys({"stat", "card"}, {"game", "game_id"})
        stat = u.text("stat")
        if stat not in rules.stat_order:
            u.fail(f"names {quoted(stat)}, which is not a stat")
        card = str(parse_card(u.text("card")))
        upgrades.append(UpgradeRow(stat, card, u.text("game", optional=True), _game_id(u, games)))
    return MemberRow(
        name=name,
        role=role,
        status=status,
        injuries=c.count("injuries"),
        flips=c.count("flips"),
        pending_card=pending,
        items=tuple(items),
        upgrades=tuple(upgrades),
    )


def _ledger(obj: Any, index: int, games: Mapping[int, GameRef]) -> LedgerRow:
    c = _Check(obj, f"ledger entry {index + 1}")
    c.keys({"date", "amount", "reason", "kind"}, {"game", "game_id"})
    return LedgerRow(
        c.date("date"),
        c.count("amount", signed=True),
        c.text("reason"),
        c.text("kind"),
        c.text("game", optional=True),
        _game_id(c, games),
    )


def _history(obj: Any, index: int, names: set[str], games: Mapping[int, GameRef]) -> HistoryRow:
    c = _Check(obj, f"history entry {index + 1}")
    c.keys({"date", "kind", "text", "data"}, {"member", "game", "game_id"})
    member = c.text("member", optional=True)
    if member is not None and member not in names:
        c.fail(f"names {quoted(member)}, who is not in the posse")
    data = obj["data"]
    if not isinstance(data, dict):
        c.fail("needs an object for 'data'")
    return HistoryRow(
        c.date("date"),
        c.text("kind"),
        member,
        c.text("text"),
        data,
        c.text("game", optional=True),
        _game_id(c, games),
    )
