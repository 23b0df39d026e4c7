"""Forlorn Hope (seed 002, RULES R20-R21): its rules read from `rulesets/forlorn-hope.toml`.

A different game from Last Hope Frontier, with its own data file: the fire tables, the hit
table, movement, hand to hand, morale, the special terrain rules and the forces, each a frozen
dataclass. Nothing here rolls a die; `rostermgr.forlorn_odds` works out chances from these
tables and `rostermgr.forlorn_reference` turns them into the quick-reference sheet.

Rulings where the seed is silent (the TOML holds the numbers either way):

- A fire band "1-6" then "6-10" overlaps at 6: a band reaches its `to` inclusive, so 6" is in
  the first. The pistol's "below 6 inches" is written `below`, so 6" is in its second band.
  A range beyond the last band is out of range; a range below the first band is in it.
- A die hits when the roll plus its modifiers meets `hit`; a natural `natural_hit` (six)
  always hits, whatever the modifiers.
- Morale: the modifiers change the base morale; a D10 roll below the result passes.
  "Each 2 wounded" counts whole pairs.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from rostermgr.errors import RulesetError
from rostermgr.rules_reader import Reader

FORLORN_RULES = "forlorn-hope.toml"
SIDES = ("british", "french")
EFFECTS = ("none", "wounded", "dying", "killed")  # the hit table's results, mildest first
FIGURE_KINDS = ("men", "officer", "gun", "crew")  # how a force's figures move (orders of battle)
MAX_DIE = 100  # a die of more sides than this is a typing mistake, not a rule


@dataclass(frozen=True)
class Band:
    """One row of a fire table: up to `to` inches (`inclusive`, else below it)."""

    to: int
    inclusive: bool
    dice: int
    hit: int


@dataclass(frozen=True)
class FireTable:
    id: str
    name: str
    bands: tuple[Band, ...]
    group: bool  # fired by a group, so men short count against it
    reload_turns: int  # 0: the seed gives none
    note: str

    def band_at(self, inches: float) -> Band | None:
        """The band a range falls in; None beyond the last band (out of range)."""
        for band in self.bands:
            if inches < band.to or (band.inclusive and inches == band.to):
                return band
        return None

    def spans(self) -> list[str]:
        """Each band's range in words: "1-6", "6-10" as the seed writes them, "below 6"."""
        out, low = [], 0
        for band in self.bands:
            if not band.inclusive and low == 0:
                out.append(f"below {band.to}")
            else:
                out.append(f"{max(low, 1)}-{band.to}")
            low = band.to
        return out


@dataclass(frozen=True)
class FireModifiers:
    per_man_short: int
    elite: int
    elite_text: str
    natural_hit: int
    pass_through: str


@dataclass(frozen=True)
class Roll:
    """A row of a die table: the faces that give it and what they do."""

    faces: tuple[int, ...]
    result: str
    effect: str = ""


@dataclass(frozen=True)
class Move:
    name: str
    dice: int
    add: int
    note: str

    def text(self) -> str:
        roll = f"{self.dice}D6" if self.dice > 1 else "D6" if self.dice else ""
        plus = f' + {self.add}"' if self.add and roll else f'{self.add}"' if self.add else ""
        return "; ".join(p for p in (f"{roll}{plus}", self.note) if p)


@dataclass(frozen=True)
class Modifier:
    id: str
    name: str
    change: int


@dataclass(frozen=True)
class Morale:
    die: int
    base: Mapping[str, int]
    per_hit: int
    per_kill: int
    per_two_wounded: int
    officer: int
    rout: tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    name: str
    text: str


@dataclass(frozen=True)
class HeadingOnly:
    """A table the seed names but does not give: the sheet leaves `lines` ruled lines."""

    title: str
    note: str
    lines: int


@dataclass(frozen=True)
class Figure:
    """A line of a force's figures: how many, and how they move (FIGURE_KINDS)."""

    name: str
    count: int
    kind: str = "men"
    pool: str = ""  # lines of men with the same pool form their groups together


@dataclass(frozen=True)
class Force:
    side: str
    name: str
    count: int  # units of this make-up
    figures: tuple[Figure, ...]
    note: str


@dataclass(frozen=True)
class Markers:
    """What the markers sheet prints: how many of each, their size, the sieges to title it."""

    size_mm: float
    wounded: int
    dying: int
    portuguese: int
    sieges: Mapping[str, str]  # id -> the title
    french: tuple[tuple[str, str, int], ...]  # (arm, label on the marker, count)


@dataclass(frozen=True)
class Orders:
    """What the orders of battle print: turns of chips, and the chips a turn of each row."""

    turns: int
    group_moves: int
    officer_moves: int
    gun_moves: int


@dataclass(frozen=True)
class ForlornRules:
    id: str
    name: str
    version: str
    source: str
    die: int
    setting: str
    victory: str
    event_dice: int
    event_totals: tuple[int, ...]
    event_doubles: bool
    event_text: str
    sequence: tuple[str, ...]
    sequence_notes: tuple[str, ...]
    groups: tuple[tuple[str, int, str], ...]
    movement: tuple[Move, ...]
    fire: Mapping[str, FireTable]
    fire_modifiers: FireModifiers
    hits: tuple[Roll, ...]
    mounted_target: tuple[Roll, ...]
    horse_killed: tuple[Roll, ...]
    horse_panic: tuple[Roll, ...]
    wounds_to_kill_horse: int
    charges: tuple[str, ...]
    charge_within: int
    melee_rules: tuple[str, ...]
    melee_tie: str
    fall_back: int
    melee_modifiers: Mapping[str, Modifier]
    morale: Morale
    artillery: Mapping[str, str]
    crew: int
    terrain: tuple[Rule, ...]
    write_ins: tuple[HeadingOnly, ...]
    forces: tuple[Force, ...]
    orders: Orders
    markers: Markers
    group_size: Mapping[str, int]  # a side's men move and fire in groups of this many

    def hit_effect(self, roll: int) -> str:
        """The hit table's effect for a roll or a hand-to-hand difference (beyond: the last)."""
        top = max(self.hits, key=lambda r: max(r.faces))
        for row in self.hits:
            if roll in row.faces:
                return row.effect
        return top.effect if roll > max(top.faces) else self.hits[0].effect


def _faces(t: Reader, key: str, die: int) -> tuple[int, ...]:
    faces = t.get(key, list)
    if not faces or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
        raise t.fail(key, "must be a list of whole numbers")
    if any(not 1 <= f <= die for f in faces):
        raise t.fail(key, f"must hold die faces from 1 to {die}")
    return tuple(faces)


def _table(r: Reader, key: str, die: int, effects: bool = False) -> tuple[Roll, ...]:
    rows = r.get(key, list)
    out: list[Roll] = []
    seen: set[int] = set()
    for i, row in enumerate(rows):
        t = Reader(r.source, row, f"{r.path}.{key}[{i}]".lstrip("."))
        t.only("roll", "result", "effect")
        faces = _faces(t, "roll", die)
        if seen & set(faces):
            raise t.fail("roll", "repeats a face an earlier row has")
        seen |= set(faces)
        effect = t.text("effect") if effects else ""
        if effects and effect not in EFFECTS:
            raise t.fail("effect", f"must be one of {', '.join(EFFECTS)}")
        out.append(Roll(faces, t.text("result"), effect))
    if seen != set(range(1, die + 1)):
        raise r.fail(key, f"must give every face of the D{die} a row")
    return tuple(out)


def _figure(x: Reader) -> Figure:
    x.only("name", "count", "kind", "pool")
    kind = x.text("kind", "men")
    if kind not in FIGURE_KINDS:
        raise x.fail("kind", f"must be one of {', '.join(FIGURE_KINDS)}")
    return Figure(x.text("name"), x.count("count", minimum=1), kind, x.text("pool", ""))


def _markers(m: Reader) -> Markers:
    m.only("size_mm", "wounded", "dying", "portuguese", "sieges", "french")
    # 19 or 19.05: a whole number of millimetres is a size too
    whole = isinstance(m.table.get("size_mm"), int)
    size = float(m.count("size_mm")) if whole else m.get("size_mm", float)
    if not 12 <= size <= 40:
        raise m.fail("size_mm", "must be from 12 to 40 (millimetres)")
    sieges = m.sub("sieges")
    if not sieges.table:
        raise m.fail("sieges", "must name at least one siege")
    french = []
    for i, raw in enumerate(m.get("french", list)):
        f = Reader(m.source, raw, f"{m.path}.french[{i}]")
        f.only("arm", "label", "count")
        french.append((f.text("arm"), f.text("label"), f.count("count", maximum=500)))
    return Markers(
        size_mm=size,
        wounded=m.count("wounded", maximum=500),
        dying=m.count("dying", maximum=500),
        portuguese=m.count("portuguese", maximum=500),
        sieges=MappingProxyType({k: sieges.text(k) for k in sieges.table}),
        french=tuple(french),
    )


def _group_sizes(groups: list[Reader]) -> dict[str, int]:
    sizes = {}
    for g in groups:
        side = g.text("side", "")
        if side and side not in SIDES:
            raise g.fail("side", f"must be one of {', '.join(SIDES)}")
        if side:
            sizes[side] = g.count("figures", minimum=1)
    return sizes


def _totals(event: Reader, die: int) -> tuple[int, ...]:
    dice = event.count("dice", minimum=1, maximum=4)
    totals = event.get("totals", list)
    if not all(isinstance(n, int) and dice <= n <= dice * die for n in totals):
        raise event.fail("totals", f"must hold totals of {dice}D{die}, {dice} to {dice * die}")
    return tuple(totals)


def _fire(key: str, t: Reader, die: int) -> FireTable:
    t.only("name", "bands", "group", "reload_turns", "note")
    bands, last = [], 0
    for i, raw in enumerate(t.get("bands", list)):
        b = Reader(t.source, raw, f"{t.path}.bands[{i}]")
        b.only("to", "below", "dice", "hit")
        if ("to" in b.table) == ("below" in b.table):
            raise b.fail("to", "or 'below' must be given, one of them")
        inclusive = "to" in b.table
        to = b.count("to" if inclusive else "below", minimum=last + 1)
        bands.append(Band(to, inclusive, b.count("dice", minimum=1, maximum=20), b.count("hit")))
        if not 1 <= bands[-1].hit <= die:
            raise b.fail("hit", f"must be a face of the D{die}, 1 to {die}")
        last = to
    if not bands:
        raise t.fail("bands", "must not be empty")
    return FireTable(
        key,
        t.text("name"),
        tuple(bands),
        t.get("group", bool),
        t.count("reload_turns", 0),
        t.text("note", ""),
    )


def parse_forlorn_rules(data: bytes, source: str) -> ForlornRules:
    """Parse and validate the Forlorn Hope TOML; errors name the file, key and problem."""
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RulesetError(f"Ruleset {source} is not valid UTF-8 TOML: {exc}.") from exc
    top = Reader(source, doc)
    game = top.sub("game")
    die = game.count("die", minimum=2, maximum=MAX_DIE)
    event = top.sub("event")
    seq = top.sub("sequence")
    mods = top.sub("fire_modifiers")
    mounted = top.sub("mounted")
    charges = top.sub("charges")
    melee = top.sub("melee")
    morale = top.sub("morale")
    art = top.sub("artillery")
    orders = top.sub("orders")
    base = morale.ints("base", SIDES)
    if set(base) != set(SIDES):
        raise morale.fail("base", f"must give both sides: {', '.join(SIDES)}")
    melee_mods = {
        k: Modifier(k, m.text("name"), m.get("change", int))
        for k, m in melee.subs("modifiers").items()
    }

    def items(key: str) -> list[Reader]:
        return [Reader(source, t, f"{key}[{i}]") for i, t in enumerate(top.get(key, list, []))]

    forces = []
    for f in items("forces"):
        side = f.text("side")
        if side not in SIDES:
            raise f.fail("side", f"must be one of {', '.join(SIDES)}")
        readers = [
            Reader(source, x, f"{f.path}.figures[{i}]")
            for i, x in enumerate(f.get("figures", list))
        ]
        figures = tuple(_figure(x) for x in readers)
        count = f.count("count", minimum=1)
        forces.append(Force(side, f.text("name"), count, figures, f.text("note", "")))
    return ForlornRules(
        id=game.text("id"),
        name=game.text("name"),
        version=game.text("version"),
        source=source,
        die=die,
        setting=game.text("setting"),
        victory=game.text("victory"),
        event_dice=event.count("dice", minimum=1, maximum=4),
        event_totals=_totals(event, die),
        event_doubles=event.get("doubles", bool),
        event_text=event.text("text"),
        sequence=seq.strings("steps"),
        sequence_notes=seq.strings("notes", ()),
        groups=tuple(
            (g.text("name"), g.count("figures", minimum=1), g.text("note", ""))
            for g in items("groups")
        ),
        movement=tuple(
            Move(m.text("name"), m.count("dice", maximum=6), m.count("add"), m.text("note", ""))
            for m in items("movement")
        ),
        fire=MappingProxyType({k: _fire(k, t, die) for k, t in top.subs("fire").items()}),
        fire_modifiers=FireModifiers(
            mods.get("per_man_short", int),
            mods.get("elite", int),
            mods.text("elite_text"),
            mods.count("natural_hit", minimum=1, maximum=die),
            mods.text("pass_through"),
        ),
        hits=_table(top, "hits", die, effects=True),
        mounted_target=_table(mounted, "target", die),
        horse_killed=_table(mounted, "horse_killed", die),
        horse_panic=_table(mounted, "horse_panic", die),
        wounds_to_kill_horse=mounted.count("wounds_to_kill_horse", minimum=1),
        charges=charges.strings("rules"),
        charge_within=charges.count("within"),
        melee_rules=melee.strings("rules"),
        melee_tie=melee.text("tie"),
        fall_back=melee.count("fall_back"),
        melee_modifiers=MappingProxyType(melee_mods),
        morale=Morale(
            die=morale.count("die", minimum=2, maximum=MAX_DIE),
            base=base,
            per_hit=morale.get("per_hit", int),
            per_kill=morale.get("per_kill", int),
            per_two_wounded=morale.get("per_two_wounded", int),
            officer=morale.get("officer", int),
            rout=morale.strings("rout"),
        ),
        artillery=MappingProxyType(
            {
                k: art.text(k)
                for k in ("reload", "beaten_zone", "example", "last_boards", "wall_top")
            }
        ),
        crew=art.count("crew", minimum=1),
        terrain=tuple(Rule(t.text("name"), t.text("text")) for t in items("terrain")),
        write_ins=tuple(
            HeadingOnly(w.text("title"), w.text("note"), w.count("lines", minimum=1, maximum=40))
            for w in items("write_in")
        ),
        forces=tuple(forces),
        orders=Orders(
            turns=orders.count("turns", minimum=1, maximum=30),
            group_moves=orders.count("group_moves", minimum=1, maximum=6),
            officer_moves=orders.count("officer_moves", minimum=1, maximum=6),
            gun_moves=orders.count("gun_moves", minimum=1, maximum=6),
        ),
        markers=_markers(top.sub("markers")),
        group_size=MappingProxyType(_group_sizes(items("groups"))),
    )


def load_forlorn_rules(path: str | Path | None = None) -> ForlornRules:
    """The shipped Forlorn Hope rules, or a file in the same shape."""
    if path is None:
        ref = resources.files("rostermgr.rulesets").joinpath(FORLORN_RULES)
        return parse_forlorn_rules(ref.read_bytes(), FORLORN_RULES)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RulesetError(f"Cannot read the ruleset file {path}: {exc.strerror}.") from exc
    return parse_forlorn_rules(data, str(path))


_cache: dict[str, ForlornRules] = {}


def default_forlorn_rules() -> ForlornRules:
    """The shipped rules, read once."""
    if "default" not in _cache:
        _cache["default"] = load_forlorn_rules()
    return _cache["default"]
