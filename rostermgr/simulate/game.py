"""One simulated game between two posses: the model decides the take-outs, a report says them.

The result is a `Report` like the one a player records; `postgame.plan_game` then checks it and
derives the injuries, deaths, flips and money, exactly as for a game played on the table.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate

from rostermgr.choices import routed_reason
from rostermgr.report import Bounty, Money, OutOfAction, Ref, Report
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from rostermgr.simulate.exchange import Fighter, OddsTable
from rostermgr.simulate.memo import Memo
from rostermgr.simulate.model import TARGET_LEADER, TARGET_RANDOM, TARGET_WEAKEST, Model


@dataclass(frozen=True)
class Played:
    """A simulated game: the report to record."""

    report: Report


def scenario(model: Model, rules: Ruleset, rng: random.Random) -> str:
    """A scenario drawn from the model's mix: `rng.choices(ids, weights)[0]`, the same number
    drawn, with the running weights summed once per model and ruleset (found by the two
    objects: a Model hashes every field, once a game)."""
    found = _mixes.get((id(model), id(rules)))
    if found is None or found[0] is not model or found[1] is not rules:
        if len(_mixes) >= MIXES_KEPT:  # a run has one model; a calibration a dozen
            _mixes.clear()
        pairs = model.scenario_mix(rules)
        running = list(accumulate(w for _, w in pairs))  # as choices sums the weights
        mix = (tuple(s for s, _ in pairs), running, running[-1] + 0.0)
        found = _mixes[(id(model), id(rules))] = (model, rules, mix)
    ids, running, total = found[2]
    return ids[bisect(running, rng.random() * total, 0, len(ids) - 1)]


Mix = tuple[tuple[str, ...], list[float], float]
_mixes: dict[tuple[int, int], tuple[Model, Ruleset, Mix]] = {}
MIXES_KEPT = 64


class _Table:
    """The models still in the game, the wounds they took, and who took whom out.

    Plain values for the exchange loop: each model of the game is a seat, its number an index
    into `fighters`, `refs`, `roles`, `left` and the codes; `standing[side]` the seats of that
    posse still in the game, in roster order.
    """

    def __init__(
        self, posses: tuple[Posse, Posse], rules: Ruleset, odds: OddsTable, memo: Memo
    ) -> None:
        self.posses = posses
        self.fighters: list[Fighter] = []
        self.refs: list[Ref] = []
        self.roles: list[str] = []
        self.left: list[int] = []  # the wounds it can still take before it is out (R13)
        # its fighter's odds codes (OddsTable.codes): attacking, and as the target
        self.attack_codes: list[int] = []
        self.target_codes: list[int] = []
        self.standing: tuple[list[int], list[int]] = ([], [])
        seats = memo.seats
        for side, posse in enumerate(posses):
            name = posse.name
            for member in posse.active:
                found = seats.get((id(member), name))  # memo.seat, the common case inline
                if found is None or found[0] is not member:
                    found = memo.seat(member, posse, rules, odds)
                _, fighter, ref, left, attack, target = found
                self.standing[side].append(len(self.fighters))
                self.fighters.append(fighter)
                self.refs.append(ref)
                self.roles.append(member.role)
                self.left.append(left)
                self.attack_codes.append(attack)
                self.target_codes.append(target)
        self.seated = (len(self.standing[0]), len(self.standing[1]))
        self.out: list[OutOfAction] = []
        self.down: set[Ref] = set()

    def may_rout(self, seat: int, side: int, rules: Ruleset) -> bool:
        """Whether taking this seat out can have routed its side (`routed_reason`'s two tests):
        only a rout role's take-out can complete the rout roles, and only the take-out that
        brings the side's models out to the ruleset's number can reach it. The side had not
        routed before, or the game would have ended; so the rout is asked only when it can be
        new, not after each take-out."""
        if self.roles[seat] in rules.rout_roles:
            return True
        out = self.seated[side] - len(self.standing[side])
        return bool(rules.rout_models) and out >= rules.rout_models

    def hit(self, target: int, side: int, by: int, wounds: int) -> Ref | None:
        """Wounds on a target seat of this side; its ref when they put it out of action (R13:
        over its Wounds)."""
        left = self.left[target] - wounds
        self.left[target] = left
        if left < 0:
            ref = self.refs[target]
            self.down.add(ref)
            self.out.append(OutOfAction(ref, self.refs[by]))
            self.standing[side].remove(target)
            return ref
        return None


def _pick_target(
    targets: list[int],
    table: _Table,
    model: Model,
    rules: Ruleset,
    rng: random.Random,
) -> int:
    if model.target == TARGET_WEAKEST:
        return min(targets, key=lambda t: table.left[t])
    if model.target == TARGET_LEADER:  # the most valuable bounty first (R12's rewards)
        return max(targets, key=lambda t: rules.role(table.roles[t]).bounty_reward)
    return targets[below(rng)(len(targets))]


def below(rng: random.Random) -> Callable[[int], int]:
    """rng.choice's own draw of an index below n: `seq[below(rng)(len(seq))]` is
    `rng.choice(seq)`, and `below(rng)(2)` is `rng.randrange(2)`, the same number drawn
    without their checks (per exchange)."""
    # what Random.choice itself calls (tests/rostermgr/simulate: the same draws as choice's)
    draw: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    return draw


def play(
    posses: tuple[Posse, Posse],
    model: Model,
    rules: Ruleset,
    odds: OddsTable,
    rng: random.Random,
    when: str,
    memo: Memo | None = None,
) -> Played:
    """Play one game by the model and write its report (R12: length, rout, bounties)."""
    scen_id = scenario(model, rules, rng)
    scen = rules.scenarios[scen_id]
    turns = odds.turns(rng)
    memo = memo if memo is not None else Memo()
    table = _Table(posses, rules, odds, memo)
    names = (posses[0].name, posses[1].name)
    bounties: dict[str, Ref] = {}
    if scen.bounties:  # each player names one opposing model, at random
        for i, name in enumerate(names):
            rival = posses[1 - i]
            bounties[name] = Ref(rival.name, rng.choice(rival.active).name)
    whole, part = divmod(model.exchanges_per_turn, 1)
    winner: str | None = None
    ended = False
    standing, fighters, random_ = table.standing, table.fighters, rng.random
    attack_codes, target_codes = table.attack_codes, table.target_codes
    pairs, drawing, getrandbits = odds.pairs, odds.drawing, rng.getrandbits
    at_random = model.target == TARGET_RANDOM
    for _turn in range(turns):
        # each draw of an index below n is Random._randbelow's own, inline (the loop's hottest
        # call): bits enough for n, drawn again while not below n; `first` is randrange(2)'s
        first = getrandbits(2)
        while first >= 2:
            first = getrandbits(2)
        count = int(whole) + (1 if random_() < part else 0)
        for i in range(count):
            side = (first + i) % 2
            attackers, targets = standing[side], standing[1 - side]
            if not attackers or not targets:
                ended = True
                break
            n = len(attackers)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            attacker = attackers[r]
            if at_random:  # rng.choice(targets)
                n = len(targets)
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                target = targets[r]
            else:
                target = _pick_target(targets, table, model, rules, rng)
            key = attack_codes[attacker] | target_codes[target]
            chances = pairs.get(key) or drawing(fighters[attacker], fighters[target], key)
            # Draw.draw, inline
            wounds = chances.wounds[
                bisect(chances.running, random_() * chances.total, 0, chances.last)
            ]
            if not wounds:
                continue
            down = table.hit(target, 1 - side, attacker, wounds)
            if down is None:
                continue
            acting = names[side]
            if scen.ends_on_bounty and down == bounties.get(acting):
                winner, ended = acting, True
                break
            if (
                scen.rout
                and table.may_rout(target, 1 - side, rules)
                and routed_reason(posses[1 - side], table.down, rules)
            ):
                winner, ended = acting, True
                break
        if ended:
            break
    if winner is None:
        counts = [sum(1 for o in table.out if o.by and o.by.posse == n) for n in names]
        winner = names[0] if counts[0] > counts[1] else names[1] if counts[1] > counts[0] else None
        if winner and scen.rout and routed_reason(posses[names.index(winner)], table.down, rules):
            winner = None  # R12: a posse that routed is not the winner
    report = Report(
        date=when,
        scenario=scen_id,
        posses=names,
        winner=winner,
        out_of_action=tuple(table.out),
        bounties=tuple(
            Bounty(name, target, target in table.down) for name, target in bounties.items()
        ),
        income=_income(names, winner, model),
        goods_sold=tuple(
            Money(n, model.goods, "Goods carried off the board")
            for n in names
            if scen_id in model.goods_in and model.goods
        ),
    )
    return Played(report)


def _income(names: tuple[str, str], winner: str | None, model: Model) -> tuple[Money, ...]:
    out = [Money(n, model.income, "Mission reward") for n in names if model.income]
    if winner and model.win_bonus:
        out.append(Money(winner, model.win_bonus, "Winner's reward"))
    return tuple(out)
