"""The ruleset: frozen dataclasses loaded from a TOML file (DESIGN 3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ClassVar

from rostermgr.errors import RuleBroken, did_you_mean, quoted


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    creation_cost: int
    creation_group: int
    hire_cost: int
    bounty_reward: int
    stats: Mapping[str, int]


# R1: what a leader's eighth-card pair may change, the numbers the resolver reads
# (resolver.PAIR_TEST, PAIR_DAMAGE, PAIR_HEAL) and the theft (choices.STEAL); "" changes none.
ACTION_EFFECTS = ("test", "damage", "heal", "steal")


@dataclass(frozen=True)
class ActionUse:
    """One use of a leader's eighth-card action: attacking or defending (R1, 2026-12)."""

    name: str  # "Dead Eyed Aim" attacking, "Dead Eyed Spirit" defending
    effect: str = ""  # what the pair changes: "test", "damage", "heal", "steal", or nothing
    heals: int = 0  # R1 Heart of the Town: wounds the leader regains (effect "heal")


@dataclass(frozen=True)
class LeaderAction:
    """One eighth-card action; an action with two names has an attacking and a defending use.

    `name` is how it prints ("Dead Eyed Aim / Dead Eyed Spirit"), `effect` and `heals` are its
    attacking use, and `defending` its defending use when that differs (None: the same use).
    """

    name: str
    text: str
    effect: str = ""  # which number the pair changes: "test", "damage", or none of them
    defending: ActionUse | None = None
    heals: int = 0
    attacking_name: str = ""  # the first name alone; `name` when empty

    def use(self, attacking: bool) -> ActionUse:
        """R1 (2026-12): the first name's use when the leader attacks, the second's defending."""
        if not attacking and self.defending is not None:
            return self.defending
        return ActionUse(self.attacking_name or self.name, self.effect, self.heals)

    @property
    def has_effect(self) -> bool:
        return bool(self.effect or (self.defending and self.defending.effect))


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    suit: str
    rule_name: str
    rule_text: str
    leader_actions: tuple[LeaderAction, ...]

    def has_action(self, effect: str) -> bool:
        """Whether the faction's leader has an eighth-card action with this effect ("steal")."""
        return any(
            effect in (a.effect, a.defending.effect if a.defending else "")
            for a in self.leader_actions
        )

    def pair_effect(self) -> str:
        """The effect of the leader's eighth-card pair when attacking, if any."""
        return next((a.effect for a in self.leader_actions if a.effect), "")

    def pair_use(self, attacking: bool) -> ActionUse | None:
        """R1: the use of the leader's eighth-card pair on this side; None without an action.

        The action played in a test is the first with an effect (the first at all otherwise).
        """
        acting = next((a for a in self.leader_actions if a.has_effect), None)
        acting = acting or next(iter(self.leader_actions), None)
        return acting.use(attacking) if acting is not None else None


@dataclass(frozen=True)
class Kind:
    id: str
    name: str
    limit: int  # 0 means no limit
    used_up: bool = False  # R4: items of this kind are used up in play (a report's items_used)
    test: str = (
        ""  # R4, R8: the opposed test (a key of Ruleset.test_kinds) weapons of it are used in
    )


@dataclass(frozen=True)
class TestKind:
    """One opposed test of the ruleset (R8, the 2026-12 rulings): shot, combat, dynamite..."""

    __test__: ClassVar[bool] = False  # not a pytest class

    id: str
    name: str  # "Shot", "Combat"
    stat: str  # the attacker's stat id: shot, combat, strength
    ranged: bool = False  # cover, horseback, shooting into a combat and thrown weapons count
    favoured: bool = True  # the favoured-suit test and damage bonuses count (not for dynamite)
    verb: str = "attacks"  # "the Sheriffs model (Shot 3) shoots at the ..."
    action: str = "attack"  # "the shot succeeds", "the attack fails"
    used_in: str = ""  # "used in a shot", "used in combat"; the name in lower case if empty
    blast: int = 0  # R4 dynamite: added to the base damage of every model hit (0: one target)
    area: int = 0  # R4 dynamite: card lengths around the target the blast reaches

    @property
    def cover(self) -> bool:
        """R8 step 3: cover counts only in a ranged test (a shot)."""
        return self.ranged

    @property
    def in_words(self) -> str:
        return self.used_in or self.name.lower()


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    kind: str
    price: int
    range: tuple[int, int] | None = None
    damage: int = 0
    defence: int = 0
    reload: int = 0
    heals: int = 0
    move: int = 0
    shot: int = 0
    initiative: int = 0
    thrown: int = 0  # R4: card lengths the weapon can be thrown in a shot (0 = never thrown)
    setup: int = 0  # R4, R12: spent in the setup, its holder sets up this many models at once
    combat_as_shot: bool = False  # R4: in base-to-base combat it is a shot-vs-defence test
    roles: tuple[str, ...] = ()
    notes: str = ""
    weapon: bool = False  # R4: its kind names a test (set by the loader from [kinds])

    @property
    def is_weapon(self) -> bool:
        """R4: a weapon is an item whose kind names an opposed test (ruleset data)."""
        return self.weapon


@dataclass(frozen=True)
class Advancement:
    cards: tuple[str, ...]
    stats: tuple[str, ...]


@dataclass(frozen=True)
class DamageBand:
    start: int
    damage: int


@dataclass(frozen=True)
class EndFlip:
    after_turn: int
    ends_on: tuple[str, ...]


@dataclass(frozen=True)
class LaidCard:
    """R12 setup maps: one playing card laid on the board as part of a posse's territory.

    Millimetres from the board's lower-left corner (the first player's edge is the bottom) to
    the card's lower-left corner; `across` lays the card's long side along the board's edge.
    """

    posse: int  # 1: the first player's territory, 2: the second player's
    x: float
    y: float
    across: bool = False


@dataclass(frozen=True)
class Marker:
    """R12 setup maps: a point of the board a scenario marks (Supply Drop's supplies)."""

    label: str
    x: float
    y: float


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    rout: bool
    bounties: bool = False  # R12: each player names a bounty in this scenario
    ends_on_bounty: bool = False  # R12 Bounty: the game ends when a bounty is taken: one claim
    objective: str = ""  # what the players set out to do; no sheet is printed without one
    map: int = 0  # the number of the notes' setup map it follows (0: none named)
    cards: tuple[LaidCard, ...] = ()  # the setup map: each posse's territory
    markers: tuple[Marker, ...] = ()


@dataclass(frozen=True)
class Tabletop:
    """R12, R12a: the board, the playing card that measures on it, setup, climbing and falls.

    The defaults are the notes' numbers, so a ruleset stored before these were data reads the
    same; the shipped ruleset states every one of them.
    """

    board_mm: tuple[float, float] = (609.6, 609.6)  # width, depth: 2 x 2 feet
    card_mm: tuple[float, float] = (88.9, 63.5)  # a playing card's length and width
    setup_models: int = 1  # models a player sets up on one turn of the setup
    climb: int = 1  # card lengths a model may climb in one move
    fall_free: int = 1  # card lengths a model may fall or jump unharmed
    fall_damage: int = 1  # unsoakable damage for each further card length, or part of one


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    version: str
    source: str
    starting_purse: int
    resale_percent: int
    goods_percent: int
    stat_order: tuple[str, ...]
    stat_names: Mapping[str, str]
    stat_short: Mapping[str, str]
    composition: Mapping[str, int]
    roles: Mapping[str, Role]
    factions: Mapping[str, Faction]
    kinds: Mapping[str, Kind]
    items: Mapping[str, Item]
    card_values: Mapping[str, int]
    jokers: int
    wild_jokers: int
    favoured_test: Mapping[str, int]
    favoured_damage: Mapping[str, int]
    tie_break: int
    cover: Mapping[str, int]
    horseback: int
    leader_pair: int
    friendly_wounds_into_combat: int
    damage_bands: tuple[DamageBand, ...]
    wounds_lost: int
    strikes_to_die: int
    flips_per_take_out: int
    flips_per_killing_blow: int
    reflip_cost: int
    advancement: tuple[Advancement, ...]
    hand_size: int
    turns: int
    last_turn: int
    end_flips: tuple[EndFlip, ...]
    scenarios: Mapping[str, Scenario]
    test_kinds: Mapping[str, TestKind] = field(default_factory=lambda: MappingProxyType({}))
    theft_limit: int = 0  # R1: an item stolen is priced below this (the loader requires it)
    rout_roles: tuple[str, ...] = ()  # R12: a posse with all of these out of action routed
    rout_models: int = 0  # R12: a posse with this many models out of action routed (0: never)
    tabletop: Tabletop = field(default_factory=Tabletop)  # R12, R12a: board, card, falls
    # sha256 of the TOML text the ruleset was read from, and that text: a campaign stores both
    # so that it is always read with the numbers its games were played under.
    hash: str = ""
    text: str = field(default="", repr=False, compare=False)

    def role(self, role_id: str) -> Role:
        """The role with this id, or a refusal naming the known roles."""
        if role_id not in self.roles:
            # "Gang member", as the roster names it, for the id ganger
            typed_as = {r: r for r in self.roles} | {role.name: r for r, role in self.roles.items()}
            near = did_you_mean(role_id, typed_as)
            raise RuleBroken(
                f"There is no role {quoted(role_id)}"
                f"{near or f'; the roles are {_list(self.roles)}.'}"
            )
        return self.roles[role_id]

    def faction(self, faction_id: str) -> Faction:
        if faction_id not in self.factions:
            raise RuleBroken(
                f"There is no faction {quoted(faction_id)}; "
                f"the factions are {_list(self.factions)}."
            )
        return self.factions[faction_id]

    def item(self, item_id: str) -> Item:
        if item_id not in self.items:
            # what a player may type instead of the id: its name ("Hunting knife")
            typed_as = {i: i for i in self.items} | {it.name: i for i, it in self.items.items()}
            near = did_you_mean(item_id, typed_as)
            raise RuleBroken(
                f"There is no item {quoted(item_id)} in the {self.name} ruleset{near or '.'}"
            )
        return self.items[item_id]

    def founding_cost(self) -> int:
        """R6: what the composition's members cost at creation, before any gear; a role bought
        in groups (three gang members for $60) pays for each group begun."""
        return sum(
            self.roles[role_id].creation_cost * -(-count // self.roles[role_id].creation_group)
            for role_id, count in self.composition.items()
        )

    def resale_value(self, item_id: str) -> int:
        """R16: what the town pays back for an item, rounded down."""
        return self.item(item_id).price * self.resale_percent // 100

    def goods_value(self, market_value: int) -> int:
        """R16: goods sell at a share of full market value, rounded down."""
        return market_value * self.goods_percent // 100

    def damage_for(self, difference: int) -> int:
        """R9: base damage for a winning difference."""
        damage = 0
        for band in self.damage_bands:
            if difference >= band.start:
                damage = band.damage
        return damage

    def test_kind(self, test_id: str) -> TestKind:
        """The opposed test with this id (R8), or a refusal naming the ruleset's tests."""
        if test_id not in self.test_kinds:
            names = " or ".join(t.in_words for t in self.test_kinds.values())
            raise RuleBroken(f"A test is {names or 'not in this ruleset'}, not '{test_id}'.")
        return self.test_kinds[test_id]

    def attack_stat(self, test_id: str) -> str:
        """R8 (2026-12): the stat id the attacker adds in this test, e.g. 'combat' for combat."""
        return self.test_kind(test_id).stat

    def attack_stat_name(self, test_id: str) -> str:
        """The attacker's stat as the ruleset names it: 'Shot', 'Combat'."""
        return self.stat_names[self.attack_stat(test_id)]

    def weapon_kinds(self, test_id: str) -> tuple[str, ...]:
        """R4: the item kinds whose weapons are used in this test, in ruleset order."""
        self.test_kind(test_id)
        return tuple(k.id for k in self.kinds.values() if k.test == test_id)

    def is_weapon(self, item: Item) -> bool:
        """R4: whether an item is a weapon: its kind names a test."""
        kind = self.kinds.get(item.kind)
        return kind is not None and bool(kind.test)

    def advancement_for(self, rank: str) -> Advancement:
        """R15: the row of the advancement table for a card rank."""
        for row in self.advancement:
            if rank in row.cards:
                return row
        raise LookupError(rank)  # validation guarantees every rank has a row


def _list(names: Mapping[str, object]) -> str:
    return ", ".join(names)
