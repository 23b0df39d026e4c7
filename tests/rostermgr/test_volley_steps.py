"""A volley settled step by step (issue 32 item 9) agrees with its exact odds, die by die."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rostermgr.errors import Refused
from rostermgr.volley import Volley, default_volley_rules, volley_odds
from rostermgr.volley_steps import settle_volley

RULES = default_volley_rules()


@pytest.mark.parametrize(
    "volley",
    [
        Volley(attack=1, bases=3, save=4, courage=2, wounds=2, wound_pool=1, target_bases=2),
        Volley(attack=2, bases=2, save=5, courage=3, wounds=1, modifiers=("cover", "long-range")),
        Volley(attack=1, bases=2, save=6, courage=1, wounds=3, modifiers=("flanked", "dash")),
    ],
)
def test_every_roll_settled_adds_up_to_the_exact_odds(volley: Volley) -> None:
    """Enumerate every attack die and every save die: the settled volleys' tallies, each
    weighted by its chance, are the distributions `volley_odds` works out."""
    odds = volley_odds(volley, RULES)
    pool = volley.attack * volley.bases
    hits: dict[int, Fraction] = {}
    unsaved: dict[int, Fraction] = {}
    removed: dict[int, Fraction] = {}
    shaken = destroyed = Fraction(0)
    for dice in product(range(1, 7), repeat=pool):
        first = settle_volley(volley, dice, None, RULES)
        for saves in product(range(1, 7), repeat=first.hits):
            step = settle_volley(volley, dice, saves, RULES)
            p = Fraction(1, 6 ** (pool + len(saves)))
            hits[step.hits] = hits.get(step.hits, Fraction(0)) + p
            assert step.unsaved is not None and step.bases_removed is not None
            unsaved[step.unsaved] = unsaved.get(step.unsaved, Fraction(0)) + p
            removed[step.bases_removed] = removed.get(step.bases_removed, Fraction(0)) + p
            shaken += p if step.shaken else 0
            destroyed += p if step.destroyed else 0
    assert step.requirement == odds.requirement
    assert hits == {k: p for k, p in odds.hits.items() if p}
    assert unsaved == {k: p for k, p in odds.unsaved.items() if p}
    assert removed == {k: p for k, p in odds.bases_removed.items() if p}
    assert shaken == odds.shaken
    assert destroyed == (odds.destroyed or 0)


def test_the_steps_say_each_number() -> None:
    volley = Volley(attack=2, bases=3, save=5, courage=3, wounds=2, modifiers=("cover",),
                    wound_pool=1, target_bases=3)  # fmt: skip
    steps = settle_volley(volley, (6, 5, 5, 4, 2, 1), (6, 2, 3), RULES).explain()
    assert steps == [
        "Attack pool: Ranged Attack 2 x 3 bases = 6 dice.",
        "Hit requirement: 4 + cover 1 = 5+.",
        "Dice: 6 5 5 4 2 1; 3 at 5 or more: 3 hits.",
        "Shaken check: 3 hits against Courage 3: the target receives a Shaken Token.",
        "Saves: 6 2 3 against Save 5+: 1 saved, 2 unsaved hits.",
        "Wounds: 1 already + 2 unsaved = 3 in the wound pool against Wound 2: 1 base removed, "
        "1 left in the pool.",
        "The target keeps 2 bases; its owner chooses which to remove, keeping Unit Coherency.",
    ]


def test_the_requirement_is_held_between_the_easiest_and_hardest() -> None:
    volley = Volley(attack=1, bases=1, save=4, courage=1, wounds=1, modifiers=("flanked", "dash"))
    result = settle_volley(volley, (2,), (3,), RULES)
    assert result.requirement == 2 and result.hits == 1
    assert "Hit requirement: 4 - flanked 1 - dash 1 = 2+." in result.explain()
    # a house rule of -3 would go below 2+: held there
    volley = Volley(attack=1, bases=1, save=4, courage=1, wounds=1, modifiers=("cover",))
    strict = RULES.__class__(**{**RULES.__dict__, "hit_on": 6})
    line = settle_volley(volley, (6,), None, strict).explain()[1]
    assert line == "Hit requirement: 6 + cover 1 = 7+, held at 6+ (never easier than 2+ nor " \
        "harder than 6+)."  # fmt: skip


def test_without_the_saves_it_stops_and_says_how_many_to_roll() -> None:
    volley = Volley(attack=1, bases=4, save=4, courage=5, wounds=1)
    result = settle_volley(volley, (4, 4, 1, 6), None, RULES)
    assert result.explain()[-1] == "Saves: roll 3 dice, one a hit, needing 4+."
    assert result.unsaved is None and result.as_json()["saves"] is None


@pytest.mark.parametrize(
    ("dice", "saves", "sentence"),
    [
        ((1, 2), None, "The volley rolls 3 attack dice, but 2 were given."),
        ((1, 2, 7), None, "A die shows 1 to 6; the attack dice hold 7."),
        ((6, 6, 1), (4,), "The volley rolls 2 save dice, but 1 was given."),
    ],
)
def test_wrong_dice_are_refused(dice, saves, sentence) -> None:
    volley = Volley(attack=1, bases=3, save=4, courage=5, wounds=1)
    with pytest.raises(Refused, match=sentence.replace(".", r"\.")):
        settle_volley(volley, dice, saves, RULES)
