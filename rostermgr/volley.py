"""Exact odds of the seed 003 unit volley (RULES R21): hits, Shaken, saves, bases removed.

Its numbers live in `rulesets/volley.toml`. Rulings where seed 003 is silent or ambiguous:

- Dice: attack and save dice are the same die, `die` sides (the seed names six-sided save dice
  and hit requirements of 2+ to 6+). A die hits when it meets or beats the requirement.
- Requirement: `hit_on` plus every modifier that applies, each at most once, summed first and
  then clamped to `easiest`..`hardest`; a plus modifier makes the hit harder.
- Shaken: hits generated (before saves) at or above the target's Courage.
- Saves: one die per hit; a die meeting or beating the Save stat negates one hit. The Save stat
  is not clamped: a save above the die's top face never saves, a save of 1 always saves.
  Keywords and Tactical Points are not modelled.
- Casualties: unsaved hits join the wounds already on the unit (its wound pool). Each time the
  pool meets the Wound stat one base is removed and that many wounds leave the pool; the rest
  stays ("meets or exceeds", read the same way in the step that says "exceeds"). With the
  target's bases given, no more bases than that can be removed, and removing all of them is
  Destroyed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from math import comb
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rostermgr.errors import Refused, RulesetError, quoted
from rostermgr.rules_reader import Reader

VOLLEY_RULES = "volley.toml"


@dataclass(frozen=True)
class Modifier:
    id: str
    name: str
    change: int  # added to the hit requirement
    text: str


@dataclass(frozen=True)
class VolleyRules:
    id: str
    name: str
    source: str
    die: int
    hit_on: int
    easiest: int
    hardest: int
    modifiers: Mapping[str, Modifier]


def parse_volley_rules(data: bytes, source: str) -> VolleyRules:
    """Parse and validate the volley TOML; errors name the file, key and problem."""
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RulesetError(f"Ruleset {source} is not valid UTF-8 TOML: {exc}.") from exc
    v = Reader(source, doc).sub("volley")
    v.only("id", "name", "die", "hit_on", "easiest", "hardest", "modifiers")
    die = v.count("die", minimum=2)
    easiest, hardest = v.count("easiest", minimum=1), v.count("hardest", minimum=1)
    if not easiest <= hardest <= die:
        raise v.fail("hardest", f"must be between easiest ({easiest}) and die ({die})")
    hit_on = v.count("hit_on", minimum=easiest)
    if hit_on > hardest:
        raise v.fail("hit_on", f"must be at most hardest ({hardest}), not {hit_on}")
    modifiers = {}
    for key, t in v.subs("modifiers").items():
        t.only("name", "change", "text")
        modifiers[key] = Modifier(key, t.text("name"), t.get("change", int), t.text("text", ""))
    return VolleyRules(
        id=v.text("id"),
        name=v.text("name"),
        source=source,
        die=die,
        hit_on=hit_on,
        easiest=easiest,
        hardest=hardest,
        modifiers=MappingProxyType(modifiers),
    )


def load_volley_rules(path: str | Path | None = None) -> VolleyRules:
    """The shipped volley rules, or a file in the same shape."""
    if path is None:
        ref = resources.files("rostermgr.rulesets").joinpath(VOLLEY_RULES)
        return parse_volley_rules(ref.read_bytes(), VOLLEY_RULES)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RulesetError(f"Cannot read the ruleset file {path}: {exc.strerror}.") from exc
    return parse_volley_rules(data, str(path))


_cache: dict[str, VolleyRules] = {}


def default_volley_rules() -> VolleyRules:
    if "default" not in _cache:
        _cache["default"] = load_volley_rules()
    return _cache["default"]


@dataclass(frozen=True)
class Volley:
    """One Shoot Action: the attacking unit and the target's stats (seed 003 steps 3-6)."""

    attack: int  # the printed Ranged Attack Stat
    bases: int  # the attacking unit's bases remaining
    save: int  # the target's Save Stat
    courage: int  # the target's Courage Stat
    wounds: int  # the target's Unit Wound Stat
    modifiers: tuple[str, ...] = ()  # ids of the target modifiers that apply
    wound_pool: int = 0  # wounds already on the target unit
    target_bases: int | None = None  # the target's bases remaining, if known


@dataclass(frozen=True)
class VolleyOdds:
    """Exact distributions of one volley; each maps a count to its chance."""

    volley: Volley
    dice: int
    requirement: int
    hit_chance: Fraction  # per attack die
    save_chance: Fraction  # per save die
    hits: Mapping[int, Fraction]
    unsaved: Mapping[int, Fraction]
    bases_removed: Mapping[int, Fraction]
    shaken: Fraction
    destroyed: Fraction | None  # None unless the target's bases are given

    def as_json(self) -> dict[str, Any]:
        return {
            "dice": self.dice,
            "requirement": self.requirement,
            "hit_chance": float(self.hit_chance),
            "save_chance": float(self.save_chance),
            "hits": _floats(self.hits),
            "unsaved": _floats(self.unsaved),
            "bases_removed": _floats(self.bases_removed),
            "mean_hits": float(mean(self.hits)),
            "mean_unsaved": float(mean(self.unsaved)),
            "mean_bases_removed": float(mean(self.bases_removed)),
            "shaken": float(self.shaken),
            "destroyed": None if self.destroyed is None else float(self.destroyed),
        }


def _floats(dist: Mapping[int, Fraction]) -> dict[str, float]:
    return {str(k): float(p) for k, p in dist.items()}


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


def hit_requirement(modifiers: Sequence[str], rules: VolleyRules) -> int:
    """Step 3: the baseline plus the modifiers, clamped between the easiest and hardest."""
    for mod in modifiers:
        if mod not in rules.modifiers:
            known = ", ".join(rules.modifiers)
            raise Refused(f"There is no target modifier {quoted(mod)}; the modifiers are {known}.")
    if len(set(modifiers)) != len(modifiers):
        raise Refused("Each target modifier applies once; one was named twice.")
    raw = rules.hit_on + sum(rules.modifiers[m].change for m in modifiers)
    return min(rules.hardest, max(rules.easiest, raw))


def meets_chance(target: int, rules: VolleyRules) -> Fraction:
    """The chance one die shows `target` or more."""
    faces = min(rules.die, max(0, rules.die - target + 1))
    return Fraction(faces, rules.die)


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """The chance of exactly k successes in n independent trials, for k = 0..n."""
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def volley_odds(volley: Volley, rules: VolleyRules) -> VolleyOdds:
    """Seed 003 steps 3-6 with every die enumerated exactly (see the module's rulings)."""
    _check(volley)
    requirement = hit_requirement(volley.modifiers, rules)
    dice = volley.attack * volley.bases
    hit = meets_chance(requirement, rules)
    save = meets_chance(volley.save, rules)
    hits = binomial(dice, hit)
    unsaved = dict.fromkeys(range(dice + 1), Fraction(0))
    for h, p_h in hits.items():
        for u, p_u in binomial(h, 1 - save).items():
            unsaved[u] += p_h * p_u
    removed: dict[int, Fraction] = {}
    for u, p in unsaved.items():
        bases = (volley.wound_pool + u) // volley.wounds
        if volley.target_bases is not None:
            bases = min(bases, volley.target_bases)
        removed[bases] = removed.get(bases, Fraction(0)) + p
    shaken = sum((p for h, p in hits.items() if h >= volley.courage), Fraction(0))
    destroyed = None
    if volley.target_bases is not None:
        destroyed = removed.get(volley.target_bases, Fraction(0))
    return VolleyOdds(
        volley=volley,
        dice=dice,
        requirement=requirement,
        hit_chance=hit,
        save_chance=save,
        hits=MappingProxyType(hits),
        unsaved=MappingProxyType(unsaved),
        bases_removed=MappingProxyType(dict(sorted(removed.items()))),
        shaken=shaken,
        destroyed=destroyed,
    )


def _check(volley: Volley) -> None:
    for name, value in (
        ("Ranged Attack", volley.attack),
        ("number of attacking bases", volley.bases),
        ("Save", volley.save),
        ("Courage", volley.courage),
        ("Wound", volley.wounds),
    ):
        if value < 1:
            raise Refused(f"The {name} must be 1 or more, not {value}.")
    if not 0 <= volley.wound_pool < volley.wounds:
        raise Refused(
            f"The wounds already on the target must be 0 to {volley.wounds - 1} "
            f"(fewer than its Wound stat), not {volley.wound_pool}."
        )
    if volley.target_bases is not None and volley.target_bases < 1:
        raise Refused(f"The target's bases must be 1 or more, not {volley.target_bases}.")


def volley_lines(odds: VolleyOdds, rules: VolleyRules) -> list[str]:
    """The volley as text: the requirement built up, the chances, then the distributions."""
    v = odds.volley
    terms = "".join(
        f" {'+' if rules.modifiers[m].change >= 0 else '-'} {rules.modifiers[m].name.lower()} "
        f"{abs(rules.modifiers[m].change)}"
        for m in v.modifiers
    )
    raw = rules.hit_on + sum(rules.modifiers[m].change for m in v.modifiers)
    built = f"{rules.hit_on}{terms} = " if terms else ""
    clamp = f", held at {odds.requirement}+" if raw != odds.requirement else ""
    lines = [
        f"Attack pool: Ranged Attack {v.attack} x {v.bases} bases = {odds.dice} dice.",
        f"Hit requirement: {built}{raw}+{clamp} ({_pct(odds.hit_chance)} a die).",
        f"Save {v.save}+: {_pct(odds.save_chance)} a hit.",
        f"Shaken (hits at or above Courage {v.courage}): {_pct(odds.shaken)}.",
    ]
    if odds.destroyed is not None:
        lines.append(f"Destroyed (all {v.target_bases} bases removed): {_pct(odds.destroyed)}.")
    lines.append(
        f"Mean hits {float(mean(odds.hits)):.3f}, unsaved {float(mean(odds.unsaved)):.3f}, "
        f"bases removed {float(mean(odds.bases_removed)):.3f}."
    )
    lines.append(f"{'count':>5}{'hits':>10}{'unsaved':>10}{'removed':>10}")
    top = max(odds.dice, *odds.bases_removed)
    zero, left_out = Fraction(0), 0
    for k in range(top + 1):
        row = [d.get(k, zero) for d in (odds.hits, odds.unsaved, odds.bases_removed)]
        if all(p * 20000 < 1 for p in row):  # every chance rounds to 0.00%
            left_out += 1
            continue
        lines.append(f"{k:>5}" + "".join(f"{_pct(p):>10}" for p in row))
    if left_out:
        lines.append(f"({left_out} counts under 0.005% left out; --json gives every one.)")
    return lines


def _pct(chance: Fraction) -> str:
    return f"{float(chance) * 100:.2f}%"
