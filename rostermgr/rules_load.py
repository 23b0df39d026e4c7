"""Reading and validating a ruleset file into a Ruleset (DESIGN 3)."""

from __future__ import annotations

import hashlib
import os
import stat as file_mode
import tomllib
import unicodedata
from collections.abc import Mapping
from contextvars import ContextVar
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rostermgr.errors import Refused, RulesetError, escaped
from rostermgr.invariants import ruleset_problems
from rostermgr.roster import NAMED_STATS, check_name, hidden_character, normal_name
from rostermgr.rules import (
    ACTION_EFFECTS,
    ActionUse,
    Advancement,
    DamageBand,
    EndFlip,
    Faction,
    Item,
    Kind,
    LaidCard,
    LeaderAction,
    Marker,
    Role,
    Ruleset,
    Scenario,
    Tabletop,
    TestKind,
)

DEFAULT_RULESET = "last-hope-frontier.toml"
SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK")
TEST_KIND_KEYS = (
    "name",
    "stat",
    "ranged",
    "favoured",
    "verb",
    "action",
    "used_in",
    "blast",
    "area",
)
ACTION_KEYS = ("name", "text", "effect", "heals")
ITEM_INTS = (
    "damage",
    "defence",
    "reload",
    "heals",
    "move",
    "shot",
    "initiative",
    "thrown",
    "setup",
)
# A ruleset is a page of numbers and names: a file larger than this is not one, and reading it
# whole (a device such as /dev/zero never ends) would hang or exhaust memory.
MAX_BYTES = 1024 * 1024
# Every number in a ruleset is a price, a count or a modifier; a billion dollars is beyond any
# campaign, and the bound keeps every sum of them far inside SQLite's 64-bit integers.
MAX_NUMBER = 10**9
# A ruleset text is a name or a rule's paragraph; the bound keeps history sentences built from
# them within what a posse file may hold (rostermgr.exchange.TEXT_LIMIT).
MAX_TEXT = 1000
# Tables within tables: the shipped ruleset goes 4 deep; far deeper is a hostile file.
MAX_DEPTH = 20
# The texts that are paragraphs (a rule's text, an item's notes): a newline or a tab is theirs.
PARAGRAPH_KEYS = frozenset({"text", "notes"})
# A percentage of a price (R16): 0 to 100.
PERCENT = 100
# The deck is built card by card (R11, R15): a few jokers are a rule, millions a hostile file.
MAX_JOKERS = 100
# R12, R12a: a length on the table (the board, a playing card) in millimetres; ten metres is
# far beyond any tabletop, and a sheet draws what it is given to scale.
MAX_MM = 10_000.0
# R12 setup maps: a few cards of territory per posse; hundreds would be no map to draw.
MAX_LAID = 60
# R3: a posse is a handful of models (five in the notes); a hundred is beyond any table.
MAX_POSSE = 100
# Counts the program draws or repeats one by one: a card draws a box per wound (R18) and per
# strike (R13), the quick reference a ruler per card length of a fall (R12a), the simulator
# turns a card per flip earned (R15). A billion of any loaded, and then hung or exhausted
# memory; these bounds are far beyond any model or table (the notes: Wounds 8, 3 strikes,
# 1 or 2 flips, a fall of 1 card length; twenty card lengths are 1.8 m).
MAX_STAT = 100
MAX_STRIKES = 10
MAX_FLIPS = 100
MAX_LENGTHS = 20
# R11: a later turn's initiative is the best five-card poker hand of the cards played, so a
# hand holds at least five (with fewer, every initiative hand was refused as "5 to 1 cards").
POKER_HAND = 5
# R7: the ranks whose value is data; 2-10 count at face value unless the ruleset says otherwise.
FACES = ("J", "Q", "K", "A", "JK")
SCENARIO_KEYS = ("name", "rout", "bounties", "ends_on_bounty", "objective", "map")


# Whether the ruleset being read is held to the designer's checks added in 2026-12 (h-rules):
# face values, composition, hand size, weapon kinds, names and ids, the horse's shot, bounds of
# counts drawn one by one. A file is; a ruleset a campaign already stores is read as it was
# accepted, so that a campaign made under an older loader still opens (and can adopt a
# corrected file, which is held to them).
_STRICT: ContextVar[bool] = ContextVar("ruleset_strict", default=True)


class _Reader:
    """Typed access to one TOML table that names file and key in every complaint."""

    def __init__(self, source: str, table: Any, path: str = "") -> None:
        self.source, self.path = source, path
        if not isinstance(table, Mapping):
            parent, _, key = path.rpartition(".")
            raise _Reader(source, {}, parent).fail(
                key or path, f"must be a table, not {_shown(table)}"
            )
        self.table: Mapping[str, Any] = table

    def fail(self, key: str, problem: str) -> RulesetError:
        where = f"{self.path}.{key}" if self.path else key
        # keys and values come from the file: never let a newline or escape reach the sentence
        return RulesetError(escaped(f"Ruleset {self.source}: key '{where}' {problem}."))

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        if key not in self.table:
            if default is ...:
                raise self.fail(key, "is missing")
            return default
        value = self.table[key]
        # bool is an int in Python; a ruleset number must not be true/false
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(key, f"must be {_kind_name(kind)}, not {_shown(value)}")
        if kind is int and isinstance(value, int) and abs(value) > MAX_NUMBER:
            raise self.fail(key, f"must be between -{MAX_NUMBER} and {MAX_NUMBER}")
        if kind is str and isinstance(value, str) and len(value) > MAX_TEXT:
            raise self.fail(key, f"must be at most {MAX_TEXT} characters long")
        return value

    def count(
        self,
        key: str,
        default: Any = ...,
        minimum: int = 0,
        maximum: int = MAX_NUMBER,
        bound: int | None = None,
    ) -> int:
        """A whole number from `minimum` to `maximum`; `bound`, a designer's bound (see
        _STRICT), lowers the maximum for a ruleset read from a file."""
        if bound is not None and _STRICT.get():
            maximum = min(maximum, bound)
        value: int = self.get(key, int, default)
        if value < minimum:
            raise self.fail(key, f"must be at least {minimum}, not {value}")
        if value > maximum:
            raise self.fail(key, f"must be at most {maximum}, not {value}")
        return value

    def length(self, key: str, default: Any = ..., minimum: float = 0.0) -> float:
        """A length in millimetres (R12a): a whole or decimal number, `minimum` to MAX_MM."""
        value = self.table.get(key, default)
        if value is ...:
            raise self.fail(key, "is missing")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"must be a number of millimetres, not {_shown(value)}")
        if not minimum <= value <= MAX_MM:  # NaN fails both comparisons
            raise self.fail(key, f"must be between {minimum:g} and {MAX_MM:g} mm, not {value}")
        return float(value)

    def text(self, key: str, default: Any = ...) -> str:
        value: str = self.get(key, str, default)
        return value

    def name(self, key: str) -> str:
        """A name shown on cards, lists and pickers, kept as written: visible, without an
        invisible character (roster.check_name), within MAX_TEXT as every text of a ruleset."""
        value = self.text(key)
        if not _STRICT.get():
            return value
        try:
            check_name(value, "name", MAX_TEXT)
        except Refused as exc:
            said = str(exc).rstrip(".")
            raise self.fail(key, f"is no name: {said[:1].lower()}{said[1:]}") from exc
        return value

    def sub(self, key: str) -> _Reader:
        return _Reader(self.source, self.get(key, dict), f"{self.path}.{key}".lstrip("."))

    def subs(self, key: str) -> dict[str, _Reader]:
        table = self.sub(key)
        if not table.table:
            raise self.fail(key, "must not be empty")
        for k in table.table if _STRICT.get() else ():
            # an id is typed on the command line and in posse and report files (R17)
            if not k or any(c.isspace() for c in k) or hidden_character(k) is not None:
                raise table.fail(
                    k,
                    "is no id: an id is one word of visible characters, with no space or "
                    "invisible character, as it is typed on the command line",
                )
        return {k: table.sub(k) for k in table.table}

    def strings(self, key: str, default: Any = ...) -> tuple[str, ...]:
        values = self.get(key, list, default)
        if not all(isinstance(v, str) for v in values):
            raise self.fail(key, "must be a list of strings")
        if any(len(v) > MAX_TEXT for v in values):
            raise self.fail(key, f"must hold texts of at most {MAX_TEXT} characters")
        return tuple(values)

    def ints(self, key: str, allowed: tuple[str, ...] | None = None) -> Mapping[str, int]:
        table = self.sub(key)
        out = {}
        for k in table.table:
            if allowed is not None and k not in allowed:
                raise table.fail(k, f"is not one of {', '.join(allowed)}")
            out[k] = table.get(k, int)
        return MappingProxyType(out)

    def only(self, *keys: str) -> None:
        for k in self.table:
            if k not in keys:
                raise self.fail(k, "is not a key this table takes")


def _shown(value: Any) -> str:
    """A value for a refusal: short, and never the repr of a hostile structure."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _too_deep(doc: Mapping[str, Any]) -> str | None:
    """The key path of the first value nested deeper than MAX_DEPTH, found without recursion."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return path
        if isinstance(value, dict):
            stack += [(v, f"{path}.{k}".lstrip("."), depth + 1) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    return None


def _control(doc: Mapping[str, Any]) -> tuple[str, str] | None:
    """The key path and character of the first control character in a key or a text.

    Names and texts are printed on terminals, roster cards and in history sentences: an escape
    (ESC [31m) would reach the terminal as a command. Only the paragraphs (`text`, `notes`)
    may break a line or hold a tab. The deep check has run, so the walk is bounded.
    """
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                key_path = f"{path}.{k}".lstrip(".")
                bad = _first_control(k, "")
                if bad is not None:
                    return key_path, bad
                stack.append((v, key_path))
        elif isinstance(value, list):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(value)]
        elif isinstance(value, str):
            last = path.rpartition(".")[2]
            bad = _first_control(value, "\n\t" if last in PARAGRAPH_KEYS else "")
            if bad is not None:
                return path, bad
    return None


def _first_control(text: str, allowed: str) -> str | None:
    return next((c for c in text if unicodedata.category(c) == "Cc" and c not in allowed), None)


def _kind_name(kind: type) -> str:
    return {
        int: "a whole number",
        str: "text",
        list: "a list",
        dict: "a table",
        bool: "true or false",
    }[kind]


def parse_ruleset(data: bytes, source: str, strict: bool = True) -> Ruleset:
    """Parse TOML bytes into a validated Ruleset; errors name the file, key and problem.

    `strict` False: a ruleset a campaign already stores, read without the designer's checks
    (see _STRICT); everything else is checked as ever."""
    token = _STRICT.set(strict)
    try:
        return _parse(data, source)
    finally:
        _STRICT.reset(token)


def _parse(data: bytes, source: str) -> Ruleset:
    source = escaped(source)
    # A byte-order mark (Windows editors save one) says only "UTF-8": the text is the same
    # ruleset, with the same hash, as without it.
    data = data.removeprefix(b"\xef\xbb\xbf")
    if len(data) > MAX_BYTES:
        raise RulesetError(f"Ruleset {source} is larger than {MAX_BYTES // 1024} KiB; refused.")
    try:
        text = data.decode("utf-8")
        doc = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise RulesetError(f"Ruleset {source} is not UTF-8 text.") from exc
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(escaped(f"Ruleset {source} is not valid TOML: {exc}.")) from exc
    except RecursionError as exc:
        raise RulesetError(f"Ruleset {source} is nested too deeply to read.") from exc
    deep = _too_deep(doc)
    if deep is not None:
        raise _Reader(source, {}).fail(deep, f"is nested deeper than {MAX_DEPTH} levels")
    control = _control(doc)
    if control is not None:
        where, char = control
        raise _Reader(source, {}).fail(
            where, f"holds a control character ({escaped(char)}); names and texts may not"
        )
    r = _Reader(source, doc)
    head, money, stats = r.sub("ruleset"), r.sub("money"), r.sub("stats")
    stat_order = stats.strings("order")
    for needed in NAMED_STATS:
        if needed not in stat_order:
            raise stats.fail(
                "order", f"must name the stat '{needed}', which rostermgr reckons with"
            )
    stat_names = _names(stats.sub("names"), stat_order)
    stat_short = _names(stats.sub("short"), stat_order)
    roles = {k: _role(k, t, stat_order) for k, t in r.subs("roles").items()}
    composition = _composition(r, roles)
    cards, tests, flips, game = r.sub("cards"), r.sub("tests"), r.sub("flips"), r.sub("game")
    if "kinds" not in tests.table:
        raise tests.fail(
            "kinds",
            "is missing: since the 2026-12 rulings each opposed test is a table "
            "[tests.kinds.ID] with its name and stat, as in the shipped ruleset",
        )
    test_kinds = {k: _test_kind(k, t, stat_order) for k, t in tests.subs("kinds").items()}
    kinds = {k: _kind(k, t, test_kinds) for k, t in r.subs("kinds").items()}
    items = {k: _item(k, t, kinds, roles, test_kinds) for k, t in r.subs("items").items()}
    factions = {k: _faction(k, t) for k, t in r.subs("factions").items()}
    values = cards.ints("values", RANKS)
    advancement = tuple(
        _advancement(r, i, row, stat_order) for i, row in enumerate(r.get("advancement", list))
    )
    covered = [c for row in advancement for c in row.cards]
    missing = [rank for rank in RANKS if rank not in covered]
    if missing or len(covered) != len(set(covered)):
        raise r.fail("advancement", "must name every rank (2-10, J, Q, K, A, JK) exactly once")
    bands = tuple(
        DamageBand(b.count("from", minimum=1), b.count("damage"))
        for b in (
            _Reader(source, t, f"tests.damage_bands[{i}]")
            for i, t in enumerate(tests.get("damage_bands", list))
        )
    )
    if [b.start for b in bands] != sorted(b.start for b in bands) or not bands:
        raise tests.fail("damage_bands", "must be a non-empty list in rising order of 'from'")
    injuries = r.sub("injuries")
    end_flips = tuple(
        EndFlip(e.count("after_turn", minimum=1), e.strings("ends_on"))
        for e in (
            _Reader(source, t, f"game.end_flips[{i}]")
            for i, t in enumerate(game.get("end_flips", list))
        )
    )
    tabletop = _tabletop(r)
    scenarios = {k: _scenario(k, t, tabletop) for k, t in r.subs("scenarios").items()}
    rout_roles, rout_models = _rout(game, roles)
    rules = Ruleset(
        id=head.text("id"),
        name=head.name("name"),
        version=head.text("version"),
        source=source,
        starting_purse=money.count("starting_purse"),
        # R16: a share of a price; over 100% a sale would make money from nothing
        resale_percent=money.count("resale_percent", maximum=PERCENT),
        goods_percent=money.count("goods_percent", maximum=PERCENT),
        stat_order=stat_order,
        stat_names=stat_names,
        stat_short=stat_short,
        composition=composition,
        roles=MappingProxyType(roles),
        factions=MappingProxyType(factions),
        kinds=MappingProxyType(kinds),
        items=MappingProxyType(items),
        card_values=values,
        jokers=cards.count("jokers", maximum=MAX_JOKERS),
        wild_jokers=_wild_jokers(cards),
        favoured_test=cards.sub("favoured").ints("test", RANKS),
        favoured_damage=cards.sub("favoured").ints("damage", RANKS),
        tie_break=cards.sub("favoured").count("tie_break"),
        cover=tests.ints("cover"),
        horseback=tests.get("horseback", int),
        leader_pair=tests.count("leader_pair"),
        friendly_wounds_into_combat=tests.count("friendly_wounds_into_combat"),
        damage_bands=bands,
        wounds_lost=injuries.count("wounds_lost"),
        strikes_to_die=injuries.count("strikes_to_die", minimum=1, bound=MAX_STRIKES),
        flips_per_take_out=flips.count("per_take_out", bound=MAX_FLIPS),
        flips_per_killing_blow=flips.count("per_killing_blow", bound=MAX_FLIPS),
        reflip_cost=flips.count("reflip_cost", minimum=1),
        advancement=advancement,
        hand_size=game.count("hand_size", minimum=POKER_HAND if _STRICT.get() else 1),
        turns=game.count("turns", minimum=1),
        last_turn=game.count("last_turn", minimum=game.count("turns", minimum=1)),
        end_flips=end_flips,
        scenarios=MappingProxyType(scenarios),
        test_kinds=MappingProxyType(test_kinds),
        theft_limit=money.count("theft_limit"),
        rout_roles=rout_roles,
        rout_models=rout_models,
        tabletop=tabletop,
        hash=text_hash(text),
        text=text,
    )
    if _STRICT.get():
        _playable(r, rules)
    # One set of invariants: what `check` would refuse in a campaign under these numbers
    for key, problem in ruleset_problems(rules):
        raise r.fail(key, problem)
    return rules


def text_hash(text: str) -> str:
    """The content hash of a ruleset: sha256 of its TOML text (UTF-8), in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_ruleset_text(text: str, source: str, strict: bool = True) -> Ruleset:
    """Parse a ruleset from its TOML text (as a campaign stores it); `source` names it;
    `strict` False for a ruleset the campaign already stores (see parse_ruleset)."""
    return parse_ruleset(text.encode("utf-8"), source, strict)


def _playable(r: _Reader, rules: Ruleset) -> None:
    """The designer's checks on the whole ruleset (see _STRICT): what loaded before and then
    failed a later command (the odds, the simulator, a printout, creating a posse)."""
    if not any(kind.test for kind in rules.kinds.values()):
        # R4, R8: a weapon kind names the test it is used in; with none, no model attacks, and
        # the simulator and the odds have no test to make
        raise r.fail(
            "kinds", 'must name a test for at least one kind of weapon (test = "shot", R4, R8)'
        )
    for rank in FACES:
        if rank not in rules.card_values:
            raise r.sub("cards").fail(
                "values",
                f"must give a value to {rank}, as to {', '.join(FACES[:-1])} and {FACES[-1]} "
                "(2-10 count at face value) (R7)",
            )
    _distinct_names(r, rules)
    _horseback(r, rules)
    if rules.founding_cost() > rules.starting_purse:
        raise r.sub("money").fail(
            "starting_purse",
            f"is ${rules.starting_purse}, and a posse at creation (composition) costs "
            f"${rules.founding_cost()} before any gear: no posse could be founded (R3, R16)",
        )


def _composition(r: _Reader, roles: Mapping[str, Role]) -> Mapping[str, int]:
    """R3: how many of each role a posse is founded with; at least one model in all, and no
    more than MAX_POSSE (a billion gang members loaded, and founding them exhausted memory)."""
    table = r.sub("composition")
    counts = r.ints("composition", tuple(roles))
    if not _STRICT.get():
        return counts
    for role_id in counts:
        table.count(role_id)
    total = sum(counts.values())
    if total < 1:
        raise r.fail("composition", "must found a posse of at least one model (R3)")
    if total > MAX_POSSE:
        raise r.fail(
            "composition", f"must found a posse of at most {MAX_POSSE} models, not {total} (R3)"
        )
    return counts


def _horseback(r: _Reader, rules: Ruleset) -> None:
    """R4, R8: an item's `shot` is what a shot from its back takes, printed on the cards; the
    resolver, the odds and the simulator take `tests.horseback` for it. Two numbers for one
    rule would print one and play the other, so an item's `shot` is on a mount (it sets the
    move) and is tests.horseback's number."""
    for item in rules.items.values():
        if not item.shot:
            continue
        where = r.sub("items").sub(item.id)
        if not item.move:
            raise where.fail(
                "shot",
                "is the modifier of a shot from the item's back (R8), so it needs a mount, "
                "an item that sets the move",
            )
        if item.shot != rules.horseback:
            raise where.fail(
                "shot",
                f"is {item.shot}, but a shot from horseback takes tests.horseback, "
                f"{rules.horseback} (R8); give both the same number",
            )


def _distinct_names(r: _Reader, rules: Ruleset) -> None:
    """Each faction, role, item, kind, scenario, test and stat its own name, compared as names
    are (roster.normal_name, any case): two items called Pistol cannot be told apart on a card
    or in a picker, and the simulator names its posses after their factions."""
    tables: tuple[tuple[str, Mapping[str, Any], str], ...] = (
        ("factions", rules.factions, ".name"),
        ("roles", rules.roles, ".name"),
        ("kinds", rules.kinds, ".name"),
        ("items", rules.items, ".name"),
        ("tests.kinds", rules.test_kinds, ".name"),
        ("scenarios", rules.scenarios, ".name"),
        ("stats.names", rules.stat_names, ""),
    )
    for table, entries, suffix in tables:
        seen: dict[str, str] = {}
        for entry_id, entry in entries.items():
            name = entry if isinstance(entry, str) else entry.name
            same = normal_name(name).casefold()
            if same in seen:
                raise r.fail(
                    f"{table}.{entry_id}{suffix}",
                    f"is the name of {table}.{seen[same]} too; each needs its own name",
                )
            seen[same] = entry_id


def _wild_jokers(cards: _Reader) -> int:
    """R11: how many jokers may count as wild in an initiative hand; no more than the deck holds."""
    wild = cards.count("wild_jokers")
    if wild > cards.count("jokers"):
        raise cards.fail("wild_jokers", f"must be at most the number of jokers, not {wild}")
    return wild


def _names(table: _Reader, stat_order: tuple[str, ...]) -> Mapping[str, str]:
    for stat in stat_order:
        table.name(stat)
    table.only(*stat_order)
    return MappingProxyType({s: table.text(s) for s in stat_order})


def _role(role_id: str, t: _Reader, stat_order: tuple[str, ...]) -> Role:
    """R2: one role; its stat line names every stat, none below 0 (wounds -5 is no model)."""
    stats = t.ints("stats", stat_order)
    for stat in stat_order:
        if stat not in stats:
            raise t.sub("stats").fail(stat, "is missing")
        t.sub("stats").count(stat, bound=MAX_STAT)
    return Role(
        id=role_id,
        name=t.name("name"),
        creation_cost=t.count("creation_cost"),
        creation_group=t.count("creation_group", 1, minimum=1),
        hire_cost=t.count("hire_cost"),
        bounty_reward=t.count("bounty_reward"),
        stats=stats,
    )


def _test_kind(test_id: str, t: _Reader, stat_order: tuple[str, ...]) -> TestKind:
    """R8: one opposed test; its stat must be one of the stat line's."""
    t.only(*TEST_KIND_KEYS)
    stat = t.text("stat")
    if stat not in stat_order:
        raise t.fail("stat", f"names '{stat}', which is not a stat ({', '.join(stat_order)})")
    return TestKind(
        id=test_id,
        name=t.name("name"),
        stat=stat,
        ranged=t.get("ranged", bool, False),
        favoured=t.get("favoured", bool, True),
        verb=t.text("verb", "attacks"),
        action=t.text("action", "attack"),
        used_in=t.text("used_in", ""),
        blast=t.count("blast", 0),
        area=t.count("area", 0),
    )


def _kind(kind_id: str, t: _Reader, tests: Mapping[str, TestKind]) -> Kind:
    t.only("name", "limit", "used_up", "test")
    test = t.text("test", "")
    if test and test not in tests:
        raise t.fail("test", f"must be one of {', '.join(tests)}, not '{test}'")
    return Kind(kind_id, t.name("name"), t.count("limit"), t.get("used_up", bool, False), test)


def _tabletop(r: _Reader) -> Tabletop:
    """R12, R12a: the board and the card that measures on it; the notes' numbers by default
    (a ruleset stored before they were data reads as it did)."""
    if "table" not in r.table:
        return Tabletop()
    t = r.sub("table")
    t.only(
        "board_width_mm",
        "board_depth_mm",
        "card_length_mm",
        "card_width_mm",
        "setup_models",
        "climb",
        "fall_free",
        "fall_damage",
    )
    d = Tabletop()
    length = t.length("card_length_mm", d.card_mm[0], minimum=1.0)
    width = t.length("card_width_mm", d.card_mm[1], minimum=1.0)
    if width > length:
        raise t.fail("card_width_mm", f"must be at most the card's length, {length:g} mm")
    board = (
        t.length("board_width_mm", d.board_mm[0], minimum=length),
        t.length("board_depth_mm", d.board_mm[1], minimum=length),
    )
    return Tabletop(
        board_mm=board,
        card_mm=(length, width),
        setup_models=t.count("setup_models", d.setup_models, minimum=1),
        climb=t.count("climb", d.climb, bound=MAX_LENGTHS),
        fall_free=t.count("fall_free", d.fall_free, bound=MAX_LENGTHS),
        fall_damage=t.count("fall_damage", d.fall_damage),
    )


def _scenario(scenario_id: str, t: _Reader, tabletop: Tabletop) -> Scenario:
    t.only(*SCENARIO_KEYS, "cards", "markers")
    cards = tuple(
        _laid(_Reader(t.source, v, f"{t.path}.cards[{i}]"), tabletop)
        for i, v in enumerate(t.get("cards", list, []))
    )
    if len(cards) > MAX_LAID:
        raise t.fail("cards", f"must lay at most {MAX_LAID} cards")
    markers = tuple(
        _marker(_Reader(t.source, v, f"{t.path}.markers[{i}]"), tabletop)
        for i, v in enumerate(t.get("markers", list, []))
    )
    if len(markers) > MAX_LAID:
        raise t.fail("markers", f"must mark at most {MAX_LAID} points")
    return Scenario(
        scenario_id,
        t.name("name"),
        t.get("rout", bool),
        t.get("bounties", bool, False),
        t.get("ends_on_bounty", bool, False),
        objective=t.text("objective", ""),
        map=t.count("map", 0),
        cards=cards,
        markers=markers,
    )


def _laid(c: _Reader, tabletop: Tabletop) -> LaidCard:
    """R12 setup maps: a card of a posse's territory, wholly on the board."""
    c.only("posse", "x", "y", "across")
    across = c.get("across", bool, False)
    length, width = tabletop.card_mm
    w, h = (length, width) if across else (width, length)
    board_w, board_d = tabletop.board_mm
    x, y = c.length("x"), c.length("y")
    if x + w > board_w + 0.05 or y + h > board_d + 0.05:  # a twentieth of a mm: rounding
        raise c.fail(
            "x",
            f"lays the card off the {board_w:g} x {board_d:g} mm board "
            f"(its corner at {x:g}, {y:g})",
        )
    return LaidCard(c.count("posse", minimum=1, maximum=2), x, y, across)


def _marker(m: _Reader, tabletop: Tabletop) -> Marker:
    m.only("label", "x", "y")
    x, y = m.length("x"), m.length("y")
    if x > tabletop.board_mm[0] or y > tabletop.board_mm[1]:
        raise m.fail("x", f"marks a point off the board ({x:g}, {y:g})")
    return Marker(m.text("label"), x, y)


def _item(
    item_id: str,
    t: _Reader,
    kinds: Mapping[str, Kind],
    roles: Mapping[str, Role],
    tests: Mapping[str, TestKind],
) -> Item:
    t.only("name", "kind", "price", "range", "notes", "roles", "combat_as_shot", *ITEM_INTS)
    kind = t.text("kind")
    if kind not in kinds:
        raise t.fail("kind", f"names '{kind}', which is not in [kinds]")
    combat_as_shot = t.get("combat_as_shot", bool, False)
    used_in = kinds[kind].test
    if combat_as_shot and not (used_in and tests[used_in].ranged):
        raise t.fail(
            "combat_as_shot", "needs a weapon whose kind is used in a ranged test, such as a shot"
        )
    if t.count("thrown", 0) and not kinds[kind].test:
        raise t.fail("thrown", "needs a weapon, an item whose kind names a test")
    rng = t.get("range", list, None)
    if rng is not None and (
        len(rng) != 2 or not all(isinstance(v, int) and v >= 0 for v in rng) or rng[0] > rng[1]
    ):
        raise t.fail("range", "must be [min, max] card lengths")
    item_roles = t.strings("roles", [])
    for role in item_roles:
        if role not in roles:
            raise t.fail("roles", f"names '{role}', which is not a role")
    ints = {k: t.get(k, int, 0) for k in ITEM_INTS}
    return Item(
        id=item_id,
        name=t.name("name"),
        kind=kind,
        price=t.count("price"),
        range=tuple(rng) if rng is not None else None,
        roles=item_roles,
        notes=t.text("notes", ""),
        combat_as_shot=combat_as_shot,
        weapon=bool(used_in),
        **ints,
    )


def _faction(faction_id: str, t: _Reader) -> Faction:
    suit = t.text("suit")
    if suit not in SUITS:
        raise t.fail("suit", f"must be one of {', '.join(SUITS)}, not '{suit}'")
    rule = t.sub("rule")
    actions = tuple(
        _action(
            _Reader(t.source, v if isinstance(v, dict) else {}, f"{t.path}.leader_actions[{i}]")
        )
        for i, v in enumerate(t.get("leader_actions", list, []))
    )
    return Faction(
        faction_id, t.name("name"), suit, rule.name("name"), rule.text("text", ""), actions
    )


def _action(a: _Reader) -> LeaderAction:
    """R1 (2026-12): one action; a `defending` table gives its second name's defending use."""
    a.only(*ACTION_KEYS, "defending")
    name, heals = a.name("name"), a.count("heals", 0)
    defending = None
    if "defending" in a.table:
        d = a.sub("defending")
        d.only("name", "effect", "heals")
        defending = ActionUse(d.name("name"), _effect(d), d.count("heals", 0))
    both = f"{name} / {defending.name}" if defending and defending.name != name else name
    return LeaderAction(
        both,
        a.text("text", ""),
        _effect(a),
        defending=defending,
        heals=heals,
        attacking_name=name if both != name else "",
    )


def _effect(a: _Reader) -> str:
    """R1: what the pair changes; a misspelt effect ("damgae") made the action silently change
    nothing, so a file may name only ACTION_EFFECTS (or none)."""
    effect = a.text("effect", "")
    if effect and effect not in ACTION_EFFECTS and _STRICT.get():
        raise a.fail(
            "effect", f"must be one of {', '.join(ACTION_EFFECTS)} or left out, not '{effect}' (R1)"
        )
    return effect


def _rout(game: _Reader, roles: Mapping[str, Role]) -> tuple[tuple[str, ...], int]:
    """R12: the roles whose loss together routs a posse, and the count of models that does."""
    if "rout" not in game.table:
        return (), 0
    rout = game.sub("rout")
    rout.only("roles", "out_of_action")
    rout_roles = rout.strings("roles", [])
    for role in rout_roles:
        if role not in roles:
            raise rout.fail("roles", f"names '{role}', which is not a role")
    return rout_roles, rout.count("out_of_action", 0)


def _advancement(r: _Reader, index: int, row: Any, stat_order: tuple[str, ...]) -> Advancement:
    t = _Reader(r.source, row if isinstance(row, dict) else {}, f"advancement[{index}]")
    cards, stats = t.strings("cards"), t.strings("stats")
    for rank in cards:
        if rank not in RANKS:
            raise t.fail("cards", f"names '{rank}', which is not a card rank")
    for stat in stats:
        if stat not in stat_order:
            raise t.fail("stats", f"names '{stat}', which is not a stat")
    return Advancement(cards, stats)


def special_kind(path: Path) -> str | None:
    """What `path` is when it exists but is not a regular file (after following symlinks):
    "a folder", "a FIFO", "a device", "a socket"; None for a regular file or nothing there.

    Asked before a file is opened: opening a FIFO waits for a writer, and a device such as
    /dev/zero reads as endless (or empty) bytes, so neither is ever taken for a file.
    """
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):  # missing, unreadable, or a name the system refuses
        return None
    if file_mode.S_ISREG(mode):
        return None
    if file_mode.S_ISDIR(mode):
        return "a folder"
    if file_mode.S_ISFIFO(mode):
        return "a FIFO"
    if file_mode.S_ISSOCK(mode):
        return "a socket"
    if file_mode.S_ISCHR(mode) or file_mode.S_ISBLK(mode):
        return "a device"
    return "not a file"


def load_ruleset(path: str | os.PathLike[str] | None = None) -> Ruleset:
    """Load and validate a ruleset; the shipped default when no path is given."""
    if path is None:
        # beside this module, as the bundle keeps it too: importlib.resources would cost the
        # app's start some 7 ms of imports (tempfile, random, shutil) for one path (issue 33)
        shipped = Path(__file__).with_name("rulesets") / DEFAULT_RULESET
        return parse_ruleset(shipped.read_bytes(), DEFAULT_RULESET)
    p = Path(path)
    kind = special_kind(p)
    if kind is not None:  # a FIFO would block the open until a writer came, forever
        raise RulesetError(escaped(f"The ruleset file {p} is not a regular file ({kind})."))
    try:
        with p.open("rb") as f:
            data = f.read(MAX_BYTES + 1)  # bounded: a device or a huge file is refused, not read
    except OSError as exc:
        raise RulesetError(
            escaped(f"Cannot read the ruleset file {p}: {exc.strerror or exc}.")
        ) from exc
    return parse_ruleset(data, str(p))


_cache: dict[str, Ruleset] = {}


def default_ruleset() -> Ruleset:
    """The shipped ruleset, loaded once per process."""
    if "default" not in _cache:
        _cache["default"] = load_ruleset()
    return _cache["default"]


def given_or_shipped(path: str | os.PathLike[str] | None = None) -> Ruleset:
    """The ruleset file given (--ruleset), else the shipped one (loaded once per process)."""
    return load_ruleset(path) if path else default_ruleset()
