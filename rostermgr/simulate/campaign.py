"""One simulated campaign: posses founded, games played in rounds, the books kept after each.

Each round pairs the posses that can field a model at random (one sits out when they are odd
in number); each pair plays a game (`simulate.game`), whose report `postgame.plan_game` turns
into changes, applied in memory; then each posse that played spends its flips, hires
replacements and shops (`simulate.policy`). After every round each posse is measured.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta

from rostermgr.plans import Injury
from rostermgr.postgame import plan_game
from rostermgr.roster import NAME_LIMIT, Posse
from rostermgr.rules import Ruleset
from rostermgr.shop import plan_creation
from rostermgr.simulate.apply import Books, after_game, founded
from rostermgr.simulate.exchange import OddsTable
from rostermgr.simulate.game import play
from rostermgr.simulate.memo import Memo
from rostermgr.simulate.model import Model
from rostermgr.simulate.policy import hire, shop, spend_flips

FIRST_GAME = date(2000, 1, 1)  # simulated games are dated from here, a day apart


@dataclass(frozen=True)
class PosseAt:
    """One posse measured after a round."""

    faction: str
    purse: int
    advances: int  # upgrades taken by its members, living or dead (R15)
    strikes: int  # strikes its living members carry (R13)
    dead_share: float  # dead members over all it has had
    total_stats: int  # the sum of its living members' current stats


@dataclass(frozen=True)
class CampaignRun:
    """What one campaign came to; `rounds[g][p]` is posse p after round g + 1."""

    factions: tuple[str, ...]
    rounds: tuple[tuple[PosseAt, ...], ...]
    wins: tuple[int, ...]
    played: tuple[int, ...]
    first_death: int | None  # the round of the first death in any posse
    take_outs: tuple[int, ...]  # models out of action in each game played


def founding_request(name: str, faction: str, rules: Ruleset) -> dict[str, object]:
    """The stated default creation: the ruleset's composition (R3), named by role, no gear.

    The starting purse left over is spent by the shopping policy before the first game.
    """
    members = []
    for role_id, count in rules.composition.items():
        role = rules.role(role_id)
        for i in range(1, count + 1):
            members.append({"name": role.name + (f" {i}" if count > 1 else ""), "role": role_id})
    return {"name": name, "faction": faction, "members": members}


def found(factions: Sequence[str], model: Model, rules: Ruleset) -> tuple[Books, ...]:
    """One posse per faction given (a faction twice gives "Sheriffs" and "Sheriffs 2")."""
    out: list[Books] = []
    seen: dict[str, int] = {}
    for faction in factions:
        seen[faction] = seen.get(faction, 0) + 1
        # a posse is named for its faction, cut to fit a posse's name with its number
        base = rules.faction(faction).name[: NAME_LIMIT - 3].strip() or faction[: NAME_LIMIT - 3]
        name = base + (f" {seen[faction]}" if seen[faction] > 1 else "")
        plan = plan_creation(founding_request(name, faction, rules), rules)
        out.append(shop(founded(plan, rules.id, rules.version), model, rules))
    return tuple(out)


def from_posses(posses: Sequence[Posse]) -> tuple[Books, ...]:
    """Posses from a campaign as they stand; their founding dates do not bind simulated games."""
    return tuple(Books(replace(p, created=""), (p.purse,)) for p in posses)


def measure(books: Books, rules: Ruleset, memo: Memo | None = None) -> PosseAt:
    posse = books.posse
    memo = memo if memo is not None else Memo()
    advances = strikes = total = living = 0
    for m in posse.members:
        if m.upgrades:
            advances += sum(m.upgrades.values())
        if m.alive:
            living += 1
            strikes += m.injuries
            total += memo.total(m, rules)
    return PosseAt(
        posse.faction,
        posse.purse,
        advances,
        strikes,
        (len(posse.members) - living) / len(posse.members) if posse.members else 0.0,
        total,
    )


def run_campaign(
    start: Sequence[Books],
    games: int,
    model: Model,
    rules: Ruleset,
    odds: OddsTable,
    seed: str,
) -> tuple[CampaignRun, tuple[Books, ...]]:
    """Play `games` rounds from these posses; the run, and the posses' books at the end.

    Each round draws from its own generators, seeded by `seed` and the round, so two rulesets
    run on one seed meet the same draws for as long as their campaigns stay alike.
    """
    books = list(start)
    wins = [0] * len(books)
    played = [0] * len(books)
    rounds: list[tuple[PosseAt, ...]] = []
    take_outs: list[int] = []
    first_death: int | None = None
    memo = Memo()
    for g in range(1, games + 1):
        rng = random.Random(f"{seed}:{g}:table")
        flips_rng = random.Random(f"{seed}:{g}:flips")
        ready = [i for i, b in enumerate(books) if b.posse.active]
        rng.shuffle(ready)
        when = (FIRST_GAME + timedelta(days=g)).isoformat()
        for a, b in zip(ready[::2], ready[1::2], strict=False):
            pair = (books[a].posse, books[b].posse)
            game = play(pair, model, rules, odds, rng, when, memo)
            plan = plan_game(game.report, {p.name: p for p in pair}, rules)
            after = after_game(plan, {books[a].posse.name: books[a], books[b].posse.name: books[b]})
            take_outs.append(len(game.report.out_of_action))
            if first_death is None and any(isinstance(c, Injury) and c.dead for c in plan.changes):
                first_death = g
            for i in (a, b):
                played[i] += 1
                wins[i] += game.report.winner == books[i].posse.name
                kept = after[books[i].posse.name]
                kept = spend_flips(kept, model, rules, flips_rng, memo)
                books[i] = shop(hire(kept, rules), model, rules, memo)
        rounds.append(tuple(measure(b, rules, memo) for b in books))
    run = CampaignRun(
        tuple(b.posse.faction for b in start),
        tuple(rounds),
        tuple(wins),
        tuple(played),
        first_death,
        tuple(take_outs),
    )
    return run, tuple(books)
