"""Each table of a ruleset file read into its value (DESIGN 3): the stat names, the roles, the
opposed tests, the kinds and items, the factions and their leader actions, advancement, the
rout, and the tabletop with its scenarios and their setup maps (R12, R12a).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rostermgr.rules import (
    ACTION_EFFECTS,
    ActionUse,
    Advancement,
    Faction,
    Item,
    Kind,
    LaidCard,
    LeaderAction,
    Marker,
    Role,
    Scenario,
    Tabletop,
    TestKind,
)
from rostermgr.rules_reader import STRICT, Reader

SUITS = ("spades", "hearts", "diamonds", "clubs")
# R1: the numbers a faction rule's or a leader action's text names as {name}, filled in from
# the ruleset when it is read: a card, the journal and the reference then print the number the
# game plays, whatever a house ruleset makes it ("+{leader_pair}", "less than ${theft_limit}").
# The numbers are tests.leader_pair and money.theft_limit; an action's text may also name its
# own `heals`.
_PLACE = re.compile(r"\{([A-Za-z_]\w*)\}")
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
# R12 setup maps: a few cards of territory per posse; hundreds would be no map to draw.
MAX_LAID = 60
# Counts the program draws or repeats one by one: a card draws a box per wound (R18), the
# quick reference a ruler per card length of a fall (R12a). A billion of either loaded, and
# then hung or exhausted memory; these bounds are far beyond any model or table (the notes:
# Wounds 8, a fall of 1 card length; twenty card lengths are 1.8 m). rules_load bounds the
# strikes and the flips so.
MAX_STAT = 100
MAX_LENGTHS = 20
SCENARIO_KEYS = ("name", "rout", "bounties", "ends_on_bounty", "objective", "map")


def read_wild_jokers(cards: Reader) -> int:
    """R11: how many jokers may count as wild in an initiative hand; no more than the deck holds."""
    wild = cards.count("wild_jokers")
    if wild > cards.count("jokers"):
        raise cards.fail("wild_jokers", f"must be at most the number of jokers, not {wild}")
    return wild


def read_names(table: Reader, stat_order: tuple[str, ...]) -> Mapping[str, str]:
    """R2: a name for each stat of the stat line, and for no other."""
    for stat in stat_order:
        table.name(stat)
    table.only(*stat_order)
    return MappingProxyType({s: table.text(s) for s in stat_order})


def read_role(role_id: str, t: Reader, stat_order: tuple[str, ...]) -> Role:
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


def read_test_kind(test_id: str, t: Reader, stat_order: tuple[str, ...]) -> TestKind:
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


def read_kind(kind_id: str, t: Reader, tests: Mapping[str, TestKind]) -> Kind:
    """R4: one kind of item; the test it is used in, if any, one of [tests.kinds]."""
    t.only("name", "limit", "used_up", "test")
    test = t.text("test", "")
    if test and test not in tests:
        raise t.fail("test", f"must be one of {', '.join(tests)}, not '{test}'")
    return Kind(kind_id, t.name("name"), t.count("limit"), t.get("used_up", bool, False), test)


def read_tabletop(r: Reader) -> Tabletop:
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


def read_scenario(scenario_id: str, t: Reader, tabletop: Tabletop) -> Scenario:
    """R12: one scenario, with the cards and markers of its setup map on the board."""
    t.only(*SCENARIO_KEYS, "cards", "markers")
    cards = tuple(
        _laid(Reader(t.source, v, f"{t.path}.cards[{i}]"), tabletop)
        for i, v in enumerate(t.get("cards", list, []))
    )
    if len(cards) > MAX_LAID:
        raise t.fail("cards", f"must lay at most {MAX_LAID} cards")
    markers = tuple(
        _marker(Reader(t.source, v, f"{t.path}.markers[{i}]"), tabletop)
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


def _laid(c: Reader, tabletop: Tabletop) -> LaidCard:
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


def _marker(m: Reader, tabletop: Tabletop) -> Marker:
    m.only("label", "x", "y")
    x, y = m.length("x"), m.length("y")
    if x > tabletop.board_mm[0] or y > tabletop.board_mm[1]:
        raise m.fail("x", f"marks a point off the board ({x:g}, {y:g})")
    return Marker(m.text("label"), x, y)


def read_item(
    item_id: str,
    t: Reader,
    kinds: Mapping[str, Kind],
    roles: Mapping[str, Role],
    tests: Mapping[str, TestKind],
) -> Item:
    """R4: one item: its kind (a weapon when the kind names a test), price, range, numbers and
    the roles that may carry it."""
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


def filled_text(r: Reader, key: str, numbers: Mapping[str, int]) -> str:
    """The text under `key` with each {name} of `numbers` written as its number (R1).

    Any other {name} is refused in a file, naming the names a text may use; a ruleset a
    campaign already stores keeps it as written (see STRICT). Braces around anything but a
    name ("{see the notes}") are text.
    """

    def number(found: re.Match[str]) -> str:
        name = found.group(1)
        if name in numbers:
            return str(numbers[name])
        if STRICT.get():
            known = " or ".join(f"{{{n}}}" for n in numbers)
            raise r.fail(
                key, f"names {{{name}}}, which is not a number a text can name: {known} (R1)"
            )
        return found.group(0)

    return _PLACE.sub(number, r.text(key, ""))


def read_faction(faction_id: str, t: Reader, numbers: Mapping[str, int]) -> Faction:
    """R1: one faction: its suit, its rule and its leader's actions; `numbers` are what their
    texts may name ({leader_pair}, {theft_limit}: `filled_text`)."""
    suit = t.text("suit")
    if suit not in SUITS:
        raise t.fail("suit", f"must be one of {', '.join(SUITS)}, not '{suit}'")
    rule = t.sub("rule")
    actions = tuple(
        _action(
            Reader(t.source, v if isinstance(v, dict) else {}, f"{t.path}.leader_actions[{i}]"),
            numbers,
        )
        for i, v in enumerate(t.get("leader_actions", list, []))
    )
    rule_text = filled_text(rule, "text", numbers)
    return Faction(faction_id, t.name("name"), suit, rule.name("name"), rule_text, actions)


def _action(a: Reader, numbers: Mapping[str, int]) -> LeaderAction:
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
        filled_text(a, "text", {**numbers, "heals": heals}),
        _effect(a),
        defending=defending,
        heals=heals,
        attacking_name=name if both != name else "",
    )


def _effect(a: Reader) -> str:
    """R1: what the pair changes; a misspelt effect ("damgae") made the action silently change
    nothing, so a file may name only ACTION_EFFECTS (or none)."""
    effect = a.text("effect", "")
    if effect and effect not in ACTION_EFFECTS and STRICT.get():
        raise a.fail(
            "effect", f"must be one of {', '.join(ACTION_EFFECTS)} or left out, not '{effect}' (R1)"
        )
    return effect


def read_rout(game: Reader, roles: Mapping[str, Role]) -> tuple[tuple[str, ...], int]:
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


def read_advancement(r: Reader, index: int, row: Any, stat_order: tuple[str, ...]) -> Advancement:
    """R15: one row of the advancement table: the card ranks and the stats they raise."""
    t = Reader(r.source, row if isinstance(row, dict) else {}, f"advancement[{index}]")
    cards, stats = t.strings("cards"), t.strings("stats")
    for rank in cards:
        if rank not in RANKS:
            raise t.fail("cards", f"names '{rank}', which is not a card rank")
    for stat in stats:
        if stat not in stat_order:
            raise t.fail("stats", f"names '{stat}', which is not a stat")
    return Advancement(cards, stats)
