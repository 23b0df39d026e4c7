"""Exact chances of Forlorn Hope's dice (seed 002): fire, hand to hand, morale, the event check.

Every chance is a Fraction worked out from the tables in `forlorn-hope.toml` (never sampled);
the tests check each against a brute-force enumeration of the dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb

from rostermgr.errors import Refused
from rostermgr.forlorn import EFFECTS, Band, FireTable, ForlornRules

MAX_INCHES = 1000  # a range beyond this is a typing mistake: every table stops well short of it


@dataclass(frozen=True)
class Fire:
    """One fire: the table, the range in inches, men short, and what else changes each die."""

    weapon: str
    inches: float
    short: int = 0
    elite: bool = False  # French light infantry and grenadiers
    modifier: int = 0  # any other change to each die


@dataclass(frozen=True)
class FireOdds:
    fire: Fire
    table: FireTable
    band: Band
    change: int  # added to each die
    per_die: Fraction
    hits: Mapping[int, Fraction]
    effect: Mapping[str, Fraction]  # a hit's result on the hit table
    any_effect: Mapping[str, Fraction]  # at least one figure with this result


@dataclass(frozen=True)
class MeleeOdds:
    attacker: int  # the sum of each side's modifiers
    defender: int
    attacker_wins: Fraction
    defender_wins: Fraction
    tie: Fraction
    # the loser's result when the attacker wins, and when the defender wins
    attacker_loser: Mapping[str, Fraction]
    defender_loser: Mapping[str, Fraction]


@dataclass(frozen=True)
class MoraleOdds:
    side: str
    morale: int
    terms: tuple[tuple[str, int], ...]  # each modifier and its change to the base
    passes: Fraction


def _per_die(rules: ForlornRules, hit: int, change: int) -> Fraction:
    natural = rules.fire_modifiers.natural_hit
    wins = sum(1 for f in range(1, rules.die + 1) if f == natural or f + change >= hit)
    return Fraction(wins, rules.die)


def _effects(rules: ForlornRules) -> dict[str, Fraction]:
    out = dict.fromkeys(EFFECTS, Fraction(0))
    for row in rules.hits:
        out[row.effect] += Fraction(len(row.faces), rules.die)
    return out


def fire_odds(fire: Fire, rules: ForlornRules) -> FireOdds:
    """The hits of one fire and what they do; refused when the fire cannot be made."""
    table = rules.fire.get(fire.weapon)
    if table is None:
        names = ", ".join(rules.fire)
        raise Refused(f"There is no fire table '{fire.weapon}'; the tables are {names}.")
    if not 0 < fire.inches <= MAX_INCHES:
        raise Refused(f"A range must be more than 0 and at most {MAX_INCHES} inches.")
    band = table.band_at(fire.inches)
    if band is None:
        raise Refused(
            f"A {table.name.lower()} reaches {table.bands[-1].to} inches at most: "
            f"{fire.inches:g} is out of range."
        )
    biggest = max(n for _, n, _ in rules.groups)
    if fire.short and not table.group:
        raise Refused(f"A {table.name.lower()} fires alone: no men can be short.")
    if not 0 <= fire.short < biggest:
        raise Refused(f"Men short must be from 0 to {biggest - 1}, the biggest group less one.")
    mods = rules.fire_modifiers
    change = fire.short * mods.per_man_short + (mods.elite if fire.elite else 0) + fire.modifier
    p = _per_die(rules, band.hit, change)
    n = band.dice
    hits = {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}
    effect = _effects(rules)
    # a figure with a result needs a hit that rolls it: each die gives one with p * its share
    any_effect = {e: 1 - (1 - p * share) ** n for e, share in effect.items()}
    return FireOdds(fire, table, band, change, p, hits, effect, any_effect)


def melee_odds(attacker: Iterable[str], defender: Iterable[str], rules: ForlornRules) -> MeleeOdds:
    """Both sides roll a die and add their modifiers; the loser reads the difference."""
    sums = []
    for side in (attacker, defender):
        total = 0
        for key in side:
            mod = rules.melee_modifiers.get(key)
            if mod is None:
                known = ", ".join(rules.melee_modifiers)
                raise Refused(f"There is no hand-to-hand modifier '{key}'; they are {known}.")
            total += mod.change
        sums.append(total)
    faces = range(1, rules.die + 1)
    one = Fraction(1, rules.die**2)
    won = {True: dict.fromkeys(EFFECTS, Fraction(0)), False: dict.fromkeys(EFFECTS, Fraction(0))}
    tie = Fraction(0)
    for a, d in product(faces, faces):
        diff = (a + sums[0]) - (d + sums[1])
        if diff == 0:
            tie += one
        else:
            won[diff > 0][rules.hit_effect(abs(diff))] += one
    return MeleeOdds(
        sums[0],
        sums[1],
        sum(won[True].values(), Fraction(0)),
        sum(won[False].values(), Fraction(0)),
        tie,
        won[True],
        won[False],
    )


def morale_odds(
    rules: ForlornRules,
    side: str,
    *,
    hits: int = 0,
    kills: int = 0,
    wounded: int = 0,
    officer: bool = False,
) -> MoraleOdds:
    """A morale test: the base morale changed by the unit's losses; a roll below it passes."""
    m = rules.morale
    if side not in m.base:
        raise Refused(f"A side is one of {', '.join(m.base)}, not '{side}'.")
    if min(hits, kills, wounded) < 0:
        raise Refused("Hits, kills and wounded are counts: 0 or more.")
    terms = [
        (f"{hits} hit{'s' if hits != 1 else ''}", hits * m.per_hit),
        (f"{kills} kill{'s' if kills != 1 else ''}", kills * m.per_kill),
        (f"{wounded} wounded", wounded // 2 * m.per_two_wounded),
        ("officer attached", m.officer if officer else 0),
    ]
    used = tuple((t, c) for t, c in terms if c)
    morale = m.base[side] + sum(c for _, c in used)
    passes = Fraction(min(max(morale - 1, 0), m.die), m.die)
    return MoraleOdds(side, morale, used, passes)


def event_chance(rules: ForlornRules) -> Fraction:
    """The chance the British roll draws an event card: one of the totals, or doubles."""
    faces = range(1, rules.die + 1)
    rolls = list(product(faces, repeat=rules.event_dice))
    drawn = sum(
        1
        for r in rolls
        if sum(r) in rules.event_totals or (rules.event_doubles and len(set(r)) < len(r))
    )
    return Fraction(drawn, len(rolls))


def pct(chance: Fraction) -> str:
    return f"{float(chance) * 100:.2f}%"


def _named(rules: ForlornRules, effects: Mapping[str, Fraction]) -> str:
    names = {row.effect: row.result.split(",")[0] for row in rules.hits}
    return ", ".join(f"{names[e].lower()} {pct(p)}" for e, p in effects.items() if p)


def fire_lines(odds: FireOdds, rules: ForlornRules) -> list[str]:
    """A fire as text: the band, the die needed, the hits, then the hit table's results."""
    f, band = odds.fire, odds.band
    needed = f"{band.hit}+" + (f" with {odds.change:+d} a die" if odds.change else "")
    natural = rules.fire_modifiers.natural_hit
    lines = [
        f'{odds.table.name} at {f.inches:g}": {band.dice} D{rules.die}, '
        f"hit on {needed} (a {natural} always hits): {pct(odds.per_die)} a die.",
    ]
    lines += [f"{k} hit{'s' if k != 1 else ''}: {pct(p)}" for k, p in odds.hits.items()]
    lines.append(f"Each hit on the hit table: {_named(rules, odds.effect)}.")
    lines.append(f"At least one figure: {_named(rules, odds.any_effect)}.")
    return lines


def melee_lines(odds: MeleeOdds, rules: ForlornRules) -> list[str]:
    return [
        f"Attacker D{rules.die} {odds.attacker:+d} against defender D{rules.die} "
        f"{odds.defender:+d}.",
        f"Attacker wins {pct(odds.attacker_wins)}; the defender's result: "
        f"{_named(rules, odds.attacker_loser)}.",
        f"Defender wins {pct(odds.defender_wins)}; the attacker's result: "
        f"{_named(rules, odds.defender_loser)}.",
        f"Equal totals {pct(odds.tie)}: {rules.melee_tie}",
        f'Every loser falls back {rules.fall_back}"; the winner may take his place.',
    ]


def morale_lines(odds: MoraleOdds, rules: ForlornRules) -> list[str]:
    base = rules.morale.base[odds.side]
    terms = "".join(f" {c:+d} ({t})" for t, c in odds.terms)
    return [
        f"Morale {base}{terms} = {odds.morale}: a D{rules.morale.die} below {odds.morale} passes.",
        f"Passes {pct(odds.passes)}, fails {pct(1 - odds.passes)}.",
    ]


def event_lines(rules: ForlornRules) -> list[str]:
    chance = event_chance(rules)
    totals = ", ".join(str(t) for t in rules.event_totals)
    doubles = " or doubles" if rules.event_doubles else ""
    n = rules.die**rules.event_dice
    return [
        f"Event check: {rules.event_dice}D{rules.die} shows {totals}{doubles}: "
        f"{int(chance * n)} in {n} ({pct(chance)}) before each British move.",
    ]
