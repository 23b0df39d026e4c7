"""The simulator's model, stated plainly: every parameter, its default, and what it means.

These are modelling choices, not rules: the rules themselves (stats, prices, injuries, flips,
the advancement table, game length, rout, bounties) are read from the ruleset as always.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rostermgr.errors import Refused, quoted
from rostermgr.rules import Ruleset

# How an attacker picks its target among the opposing models still in the game.
TARGET_RANDOM, TARGET_WEAKEST, TARGET_LEADER = "random", "weakest", "leader"
TARGETS = (TARGET_RANDOM, TARGET_WEAKEST, TARGET_LEADER)
# What a posse buys after each game (and with its starting purse).
SHOP_NONE, SHOP_WEAPONS, SHOP_GEAR = "none", "weapons", "gear"
SHOPPING = (SHOP_NONE, SHOP_WEAPONS, SHOP_GEAR)
# When a member burns a flip to turn again (R15).
REFLIP_NEVER, REFLIP_UNWANTED = "never", "unwanted"
REFLIPS = (REFLIP_NEVER, REFLIP_UNWANTED)
# The shipped ruleset's scenario where posses carry goods off the board (R12 Supply Drop).
DEFAULT_GOODS_IN = ("supply-drop",)
MAX_CAMPAIGNS, MAX_GAMES, MAX_POSSES = 100_000, 100, 16
MAX_WEIGHT = 1_000_000  # a scenario's weight: more says nothing more, and sums stay finite
MAX_EXCHANGES = 100.0


@dataclass(frozen=True)
class Model:
    """The parameters of the campaign model; the defaults are what `rostermgr simulate` uses.

    A game: its length is drawn with the real end-of-turn flips (R12). Each turn has
    `exchanges_per_turn` exchanges (a fraction gives one more exchange with that chance); the
    side that acts alternates, the first side of each turn chosen at random (initiative). In an
    exchange a random model of the acting side still in the game makes its test (the one its
    most damaging weapon is used in; Shot unarmed when it has none) against a target picked by
    `target`; the wounds it inflicts are drawn from the exact odds of the real resolver for both
    models' current stats, gear and faction, with no cover and no leader pair. A model is out of
    action once the wounds it took in the game exceed its Wounds. The game ends early when a
    posse routs (where the scenario counts rout, R12) or a bounty is taken (where the scenario
    ends on one). The winner is the posse that made the other rout, the claimant of the bounty,
    or else the posse that took more models out of action; equal is a draw.
    """

    exchanges_per_turn: float = 6.0
    target: str = TARGET_RANDOM
    # scenario id -> weight; empty: every scenario of the ruleset, equally often
    scenarios: tuple[tuple[str, float], ...] = ()
    income: int = 10  # every posse that played, each game (R16 mission reward)
    win_bonus: int = 10  # the winner's extra reward
    goods: int = 20  # market value of the goods each posse carries off, sold at R16's share
    goods_in: tuple[str, ...] = DEFAULT_GOODS_IN  # the scenarios with goods to carry off
    shopping: str = SHOP_GEAR
    reserve: int = 20  # dollars the shopping keeps back for hiring replacements
    prefer: tuple[str, ...] = field(default=())  # stat ids, best first; () = own test stat first
    reflip: str = REFLIP_NEVER

    def check(self, rules: Ruleset) -> None:
        """Refuse a parameter the ruleset or the model cannot take, naming it."""
        if not 0 < self.exchanges_per_turn <= MAX_EXCHANGES:
            raise Refused(
                f"Exchanges per turn must be more than 0 and at most {MAX_EXCHANGES:g}, "
                f"not {self.exchanges_per_turn:g}."
            )
        _one_of("target", self.target, TARGETS)
        _one_of("shopping policy", self.shopping, SHOPPING)
        _one_of("re-flip policy", self.reflip, REFLIPS)
        for what, value in (
            ("income", self.income),
            ("win bonus", self.win_bonus),
            ("goods", self.goods),
            ("reserve", self.reserve),
        ):
            if not 0 <= value <= 100_000:
                raise Refused(f"The {what} must be from $0 to $100,000, not ${value}.")
        seen: set[str] = set()
        for scenario, weight in self.scenarios:
            if scenario not in rules.scenarios:
                known = ", ".join(rules.scenarios)
                raise Refused(
                    f"There is no scenario {quoted(scenario)}; the scenarios are {known}."
                )
            if scenario in seen:
                raise Refused(f"The scenario {scenario} is given twice; give each once.")
            seen.add(scenario)
            if not math.isfinite(weight) or not 0 <= weight <= MAX_WEIGHT:
                raise Refused(
                    f"The weight of {scenario} must be a number from 0 to {MAX_WEIGHT:,}, "
                    f"not {weight:g}."
                )
        if self.scenarios and not any(w > 0 for _, w in self.scenarios):
            raise Refused("At least one scenario must have a weight above 0.")
        for i, stat in enumerate(self.prefer):
            if stat not in rules.stat_order:
                names = ", ".join(rules.stat_order)
                raise Refused(f"{quoted(stat)} is not a stat; the stats are {names}.")
            if stat in self.prefer[:i]:
                raise Refused(f"The stat {stat} is preferred twice; name each once.")

    def scenario_mix(self, rules: Ruleset) -> tuple[tuple[str, float], ...]:
        """The scenarios games are drawn from, with their weights."""
        if self.scenarios:
            return tuple((s, w) for s, w in self.scenarios if w > 0)
        return tuple((s, 1.0) for s in rules.scenarios)

    def describe(self, rules: Ruleset) -> list[str]:
        """The model in sentences, for the report and `--help`."""
        mix = ", ".join(
            f"{rules.scenarios[s].name}" + (f" x{w:g}" if self.scenarios else "")
            for s, w in self.scenario_mix(rules)
        )
        mixed = {s for s, _ in self.scenario_mix(rules)}
        goods = [rules.scenarios[s].name for s in self.goods_in if s in mixed]
        return [
            f"{self.exchanges_per_turn:g} exchanges per turn; targets: {self.target}; "
            f"scenarios: {mix}.",
            f"Income ${self.income} a game, ${self.win_bonus} more to the winner"
            + (f", goods worth ${self.goods} in {', '.join(goods)}" if goods else "")
            + f"; shopping: {self.shopping} (keeping ${self.reserve}); "
            f"flips: {'/'.join(self.prefer) or 'own test stat first'}, re-flip {self.reflip}.",
        ]


def _one_of(what: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise Refused(f"The {what} is {' or '.join(allowed)}, not {quoted(value)}.")
