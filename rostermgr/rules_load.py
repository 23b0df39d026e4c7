"""Reading and validating a ruleset file into a Ruleset (DESIGN 3).

The file is read through the bounded reader (rules_reader), each of its tables into its value
(rules_tables), the whole held to the designer's checks (rules_checks) and to the invariants a
campaign keeps (rostermgr.invariants). Here: the whole ruleset assembled, and where it comes
from (a file, a campaign's stored text, the shipped one).
"""

from __future__ import annotations

import hashlib
import os
import stat as file_mode
from pathlib import Path
from types import MappingProxyType

from rostermgr.errors import RulesetError, escaped
from rostermgr.invariants import ruleset_problems
from rostermgr.roster import NAMED_STATS
from rostermgr.rules import DamageBand, EndFlip, Ruleset
from rostermgr.rules_checks import check_playable, read_composition
from rostermgr.rules_reader import MAX_BYTES, STRICT, Reader, read_document
from rostermgr.rules_tables import (
    RANKS,
    read_advancement,
    read_faction,
    read_item,
    read_kind,
    read_names,
    read_role,
    read_rout,
    read_scenario,
    read_tabletop,
    read_test_kind,
    read_wild_jokers,
)

DEFAULT_RULESET = "last-hope-frontier.toml"
# A percentage of a price (R16): 0 to 100.
PERCENT = 100
# The deck is built card by card (R11, R15): a few jokers are a rule, millions a hostile file.
MAX_JOKERS = 100
# Counts the program repeats one by one (see rules_tables.MAX_STAT): a card draws a box per
# strike (R13), the simulator turns a card per flip earned (R15); the notes have 3 strikes and
# 1 or 2 flips.
MAX_STRIKES = 10
MAX_FLIPS = 100
# R11: a later turn's initiative is the best five-card poker hand of the cards played, so a
# hand holds at least five (with fewer, every initiative hand was refused as "5 to 1 cards").
POKER_HAND = 5


def parse_ruleset(data: bytes, source: str, strict: bool = True) -> Ruleset:
    """Parse TOML bytes into a validated Ruleset; errors name the file, key and problem.

    `strict` False: a ruleset a campaign already stores, read without the designer's checks
    (see STRICT); everything else is checked as ever."""
    token = STRICT.set(strict)
    try:
        return _parse(data, source)
    finally:
        STRICT.reset(token)


def _parse(data: bytes, source: str) -> Ruleset:
    source = escaped(source)
    text, doc = read_document(data, source)
    r = Reader(source, doc)
    head, money, stats = r.sub("ruleset"), r.sub("money"), r.sub("stats")
    stat_order = stats.strings("order")
    for needed in NAMED_STATS:
        if needed not in stat_order:
            raise stats.fail(
                "order", f"must name the stat '{needed}', which rostermgr reckons with"
            )
    stat_names = read_names(stats.sub("names"), stat_order)
    stat_short = read_names(stats.sub("short"), stat_order)
    roles = {k: read_role(k, t, stat_order) for k, t in r.subs("roles").items()}
    composition = read_composition(r, roles)
    cards, tests, flips, game = r.sub("cards"), r.sub("tests"), r.sub("flips"), r.sub("game")
    if "kinds" not in tests.table:
        raise tests.fail(
            "kinds",
            "is missing: since the 2026-12 rulings each opposed test is a table "
            "[tests.kinds.ID] with its name and stat, as in the shipped ruleset",
        )
    test_kinds = {k: read_test_kind(k, t, stat_order) for k, t in tests.subs("kinds").items()}
    kinds = {k: read_kind(k, t, test_kinds) for k, t in r.subs("kinds").items()}
    items = {k: read_item(k, t, kinds, roles, test_kinds) for k, t in r.subs("items").items()}
    numbers = {"leader_pair": tests.count("leader_pair"), "theft_limit": money.count("theft_limit")}
    factions = {k: read_faction(k, t, numbers) for k, t in r.subs("factions").items()}
    values = cards.ints("values", RANKS)
    advancement = tuple(
        read_advancement(r, i, row, stat_order) for i, row in enumerate(r.get("advancement", list))
    )
    covered = [c for row in advancement for c in row.cards]
    missing = [rank for rank in RANKS if rank not in covered]
    if missing or len(covered) != len(set(covered)):
        raise r.fail("advancement", "must name every rank (2-10, J, Q, K, A, JK) exactly once")
    bands = tuple(
        DamageBand(b.count("from", minimum=1), b.count("damage"))
        for b in (
            Reader(source, t, f"tests.damage_bands[{i}]")
            for i, t in enumerate(tests.get("damage_bands", list))
        )
    )
    if [b.start for b in bands] != sorted(b.start for b in bands) or not bands:
        raise tests.fail("damage_bands", "must be a non-empty list in rising order of 'from'")
    injuries = r.sub("injuries")
    end_flips = tuple(
        EndFlip(e.count("after_turn", minimum=1), e.strings("ends_on"))
        for e in (
            Reader(source, t, f"game.end_flips[{i}]")
            for i, t in enumerate(game.get("end_flips", list))
        )
    )
    tabletop = read_tabletop(r)
    scenarios = {k: read_scenario(k, t, tabletop) for k, t in r.subs("scenarios").items()}
    rout_roles, rout_models = read_rout(game, roles)
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
        wild_jokers=read_wild_jokers(cards),
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
        hand_size=game.count("hand_size", minimum=POKER_HAND if STRICT.get() else 1),
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
    if STRICT.get():
        check_playable(r, rules)
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
