"""One seed 003 volley step by step (issue 32 item 9): the dice typed in or drawn, each step said.

`rostermgr.volley` gives the exact odds of a volley; this module settles one that is rolled at
the table, with the same rulings (see that module) and the numbers of `volley.toml`: the attack
pool, the hit requirement built up and held between the easiest and hardest, the hits, the
Shaken check, the saves, the unsaved hits, and the wounds and bases removed.

Ruling where the table needs one: the save dice are rolled once the hits are known, so a volley
given only its attack dice stops after the Shaken check and says how many save dice to roll.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rostermgr.errors import Refused
from rostermgr.volley import Volley, VolleyRules, _check, hit_requirement

MAX_POOL = 300  # the dice a pool may hold, as `odds volley`: more is a typing mistake


@dataclass(frozen=True)
class VolleySteps:
    """A volley settled: its numbers, and `steps`, one sentence a step, in order."""

    volley: Volley
    dice: tuple[int, ...]
    requirement: int
    hits: int
    shaken: bool
    saves: tuple[int, ...] | None  # None: not rolled yet (`steps` says how many to roll)
    saved: int | None
    unsaved: int | None
    wound_pool: int | None  # the wounds left on the unit once its bases are removed
    bases_removed: int | None
    destroyed: bool | None  # None unless the target's bases are given and the saves rolled
    steps: tuple[str, ...] = field(default=())

    def explain(self) -> list[str]:
        """Each step of the volley as a sentence, in order."""
        return list(self.steps)

    def as_json(self) -> dict[str, Any]:
        """The `--json` document: the numbers of every step settled so far."""
        return {
            "pool": len(self.dice),
            "requirement": self.requirement,
            "dice": list(self.dice),
            "hits": self.hits,
            "shaken": self.shaken,
            "saves": None if self.saves is None else list(self.saves),
            "saved": self.saved,
            "unsaved": self.unsaved,
            "wound_pool": self.wound_pool,
            "bases_removed": self.bases_removed,
            "destroyed": self.destroyed,
        }


def pool_size(volley: Volley) -> int:
    """Step 3: Ranged Attack x bases remaining, refused beyond MAX_POOL dice."""
    _check(volley)
    dice = volley.attack * volley.bases
    if dice > MAX_POOL:
        raise Refused(
            f"An attack pool of {dice} dice (Ranged Attack {volley.attack} x {volley.bases} "
            f"bases) is more than the {MAX_POOL} a volley may roll."
        )
    return dice


def _faces(kind: str, values: Sequence[int], count: int, rules: VolleyRules) -> tuple[int, ...]:
    if len(values) != count:
        given = f"{len(values)} was" if len(values) == 1 else f"{len(values)} were"
        raise Refused(
            f"The volley rolls {_n(count, kind + ' die', kind + ' dice')}, but {given} given."
        )
    for v in values:
        if not 1 <= v <= rules.die:
            raise Refused(f"A die shows 1 to {rules.die}; the {kind} dice hold {v}.")
    return tuple(values)


def draw_dice(count: int, rules: VolleyRules, rng: random.Random) -> tuple[int, ...]:
    """`count` dice of the rules' die, rolled by `rng`."""
    return tuple(rng.randint(1, rules.die) for _ in range(count))


def settle_volley(
    volley: Volley,
    dice: Sequence[int],
    saves: Sequence[int] | None,
    rules: VolleyRules,
) -> VolleySteps:
    """Seed 003 steps 3-6 for the dice rolled; `saves` None stops after the Shaken check."""
    count = pool_size(volley)
    requirement = hit_requirement(volley.modifiers, rules)
    rolled = _faces("attack", dice, count, rules)
    steps = [
        f"Attack pool: Ranged Attack {volley.attack} x {volley.bases} bases = {count} dice.",
        _requirement_line(volley, requirement, rules),
    ]
    hits = sum(1 for d in rolled if d >= requirement)
    steps.append(f"Dice: {_list(rolled)}; {hits} at {requirement} or more: {_n(hits, 'hit')}.")
    shaken = hits >= volley.courage
    steps.append(
        f"Shaken check: {_n(hits, 'hit')} against Courage {volley.courage}: "
        + ("the target receives a Shaken Token." if shaken else "not Shaken.")
    )
    if hits == 0:
        saves = ()
    if saves is None:
        steps.append(f"Saves: roll {_n(hits, 'die', 'dice')}, one a hit, needing {volley.save}+.")
        none = dict.fromkeys(("saves", "saved", "unsaved", "wound_pool", "bases_removed"))
        return VolleySteps(
            volley, rolled, requirement, hits, shaken, **none, destroyed=None, steps=tuple(steps)
        )
    saved_dice = _faces("save", saves, hits, rules)
    saved = sum(1 for d in saved_dice if d >= volley.save)
    unsaved = hits - saved
    if hits:
        steps.append(
            f"Saves: {_list(saved_dice)} against Save {volley.save}+: {saved} saved, "
            f"{_n(unsaved, 'unsaved hit')}."
        )
    else:
        steps.append("Saves: no hit, nothing to save.")
    pool = volley.wound_pool + unsaved
    removed = pool // volley.wounds
    if volley.target_bases is not None:
        removed = min(removed, volley.target_bases)
    left = pool - removed * volley.wounds
    before = f"{volley.wound_pool} already + " if volley.wound_pool else ""
    steps.append(
        f"Wounds: {before}{unsaved} unsaved = {pool} in the wound pool against Wound "
        f"{volley.wounds}: {_n(removed, 'base')} removed, {left} left in the pool."
    )
    destroyed = None
    if volley.target_bases is not None:
        destroyed = removed == volley.target_bases
        remaining = volley.target_bases - removed
        steps.append(
            "Destroyed: the last base is removed and its Initiative Token leaves the match."
            if destroyed
            else f"The target keeps {_n(remaining, 'base')}; its owner chooses which to "
            "remove, keeping Unit Coherency."
        )
    return VolleySteps(
        volley,
        rolled,
        requirement,
        hits,
        shaken,
        saved_dice,
        saved,
        unsaved,
        left,
        removed,
        destroyed,
        tuple(steps),
    )


def _requirement_line(volley: Volley, requirement: int, rules: VolleyRules) -> str:
    terms = "".join(
        f" {'+' if rules.modifiers[m].change >= 0 else '-'} {rules.modifiers[m].name.lower()} "
        f"{abs(rules.modifiers[m].change)}"
        for m in volley.modifiers
    )
    raw = rules.hit_on + sum(rules.modifiers[m].change for m in volley.modifiers)
    built = f"{rules.hit_on}{terms} = {raw}+" if terms else f"{raw}+"
    held = (
        f", held at {requirement}+ (never easier than {rules.easiest}+ nor harder than "
        f"{rules.hardest}+)"
        if raw != requirement
        else ""
    )
    return f"Hit requirement: {built}{held}."


def _list(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values) if values else "none"


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"
