"""The designer's odds on the command line: `odds ...` (R8, R9, R12, R21)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any, TextIO

from cli import (
    WEAPON,
    Commands,
    cover_help,
    cover_usage,
    lazy_help,
    print_json,
    usage_check,
    write_lines,
)
from cli.context import active_ruleset
from cli.volley import add_unit_arguments, volley_from_args
from rostermgr.cards import parse_card
from rostermgr.errors import Refused
from rostermgr.odds import (
    ATTACKER,
    ATTACKS,
    DEFENCES,
    DEFENDER,
    SIDES,
    Matchup,
    clothing_levels,
    exact_odds,
    favoured_worth,
    game_length_odds,
    odds_grid,
)
from rostermgr.odds.text import SHOW_BOTH, SHOWS, grid_lines, length_lines, odds_lines, worth_lines
from rostermgr.resolver import CALCULATOR_KINDS, KINDS
from rostermgr.rules import Ruleset
from rostermgr.volley import default_volley_rules, volley_lines, volley_odds

RANDOM = "(default: random)"
ATTACK_CARD = f"the card the attacker chose {RANDOM}"
ODDS_HELP = """\
Exact odds by enumerating cards, never sampling. Each player turns a card from their own full
deck (52 cards and the jokers), so every pair of cards is equally likely (R8, R9). The factions
decide which suit each side favours; without a leader's pair they do not change the odds.
"""

TEST_HELP = """\
The chance of success, failure and score draw of one shot, combat or dynamite throw, and the
wounds it inflicts on the target (R8, R9, R4). Both cards are random, or give the card one side
chose (--attack-card or --defence-card) and only the other side's card is random. A side that
plays a leader's pair turns a natural card for the test (R8: the joker only completes a pair).
"""

GRID_HELP = """\
The odds of a test over a grid: each attack value (down) against each defence (across), one
block per clothing bonus (by default none and each bonus the ruleset's clothing gives), for one
weapon and toughness. Ranges are written 1-5 or 1,3,5.
"""

FAVOURED_HELP = """\
What a favoured card is worth: each rank played favoured against the same rank unfavoured (a
joker against an unfavoured Ace), the other side's card random. Changes are in the attacker's
chance of success (percentage points) and mean wounds (R8, R9).
"""

VOLLEY_HELP = """\
The unit volley of seed 003 (a different game system, RULES R21), exactly: the attack pool is
Ranged Attack x bases dice against the hit requirement (baseline and modifiers from
volley.toml, held between the easiest and hardest), then a Shaken check (hits at or above
Courage), saves (one die a hit, meeting Save negates it) and casualties (each time the wound
pool meets the Wound stat a base is removed, the rest of the pool carries over).
"""

# Caps on what the odds are asked for. They are not rules: each stat line of the ruleset starts
# at a few points and a flip adds one, so a stat beyond MAX_STAT is a typing mistake (and the
# cards' values could not make the odds differ from its neighbours'); a bigger grid or dice pool
# than these takes more than a few seconds to work out exactly.
MAX_STAT = 20
MAX_GRID_CELLS = 400
MAX_DICE = 300


def add_parsers(sub: Commands) -> None:
    """Register `odds` with its five aids."""
    p = sub.add_parser(
        "odds",
        help="exact odds: tests, grids, favoured cards, game length, the seed 003 volley",
        description=ODDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    aids = p.add_subparsers(dest="aid", metavar="AID", required=True)
    _add_test(aids)
    _add_grid(aids)
    _add_favoured(aids)
    g = aids.add_parser("game-length", help="the chance the game ends after each turn (R12)")
    g.add_argument("--json", action="store_true", help="print one JSON document")
    g.set_defaults(handler=_game_length)
    _add_volley(aids)


def _numbers(text: str) -> tuple[int, ...]:
    """argparse type: '1-5', '1,3,5' or '4'."""
    values: list[int] = []
    try:
        for part in text.split(","):
            lo, dash, hi = part.strip().partition("-")
            values += range(int(lo), int(hi) + 1) if dash else [int(lo)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a range like 1-5 or 1,3,5") from None
    if not values or min(values) < 0:
        raise argparse.ArgumentTypeError(f"'{text}' must name whole numbers 0 or more")
    if max(values) > MAX_STAT:
        raise argparse.ArgumentTypeError(
            f"'{text}' goes beyond {MAX_STAT}, far above any model's stat"
        )
    return tuple(dict.fromkeys(values))


def _stat(text: str) -> int:
    """argparse type of one stat value: a whole number from 0 to MAX_STAT."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 0 <= value <= MAX_STAT:
        raise argparse.ArgumentTypeError(
            f"{value} is not from 0 to {MAX_STAT} (no model's stat is beyond {MAX_STAT})"
        )
    return value


def _situation(
    p: argparse.ArgumentParser, factions_required: bool, kinds: tuple[str, ...] = KINDS
) -> None:
    """The flags every test aid shares: factions, cover, horseback, weapon, toughness, pairs."""
    need = factions_required
    default = None if need else "the ruleset's first faction"
    p.add_argument(
        "kind",
        choices=kinds,
        metavar="|".join(kinds),
        help="Shot or Combat vs Defence"
        + (", or Strength vs Defence (dynamite)" if len(kinds) > 2 else ""),
    )
    for side in SIDES:
        p.add_argument(
            f"--{side}",
            required=need,
            metavar="FACTION",
            help=f"the {side}'s faction" + (f" (default: {default})" if default else ""),
        )
    p.add_argument("--cover", metavar="COVER", help="the target's cover (shots)")
    lazy_help(p, "cover", cover_help)
    usage_check(p, cover_usage)
    p.add_argument("--horseback", action="store_true", help="the attacker shoots from a horse")
    p.add_argument("--weapon", metavar="ITEM", help=WEAPON)
    p.add_argument(
        "--toughness",
        type=_stat,
        default=0,
        metavar="N",
        help="the target's Toughness (default: 0)",
    )
    p.add_argument("--attacker-pair", action="store_true", help="the attacking leader's pair")
    p.add_argument("--defender-pair", action="store_true", help="the defending leader's pair")
    p.add_argument("--json", action="store_true", help="print one JSON document")


def _stats_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--attack", required=True, type=_stat, metavar="N", help="Shot, Combat or Strength"
    )
    p.add_argument("--defence", required=True, type=_stat, metavar="N", help="the target's Defence")
    p.add_argument(
        "--clothing", type=_stat, default=0, metavar="N", help="clothing defence bonus (default: 0)"
    )


def _matchup(args: argparse.Namespace, rules: Ruleset, **cells: int) -> Matchup:
    first = next(iter(rules.factions))
    values: dict[str, Any] = {
        "attack": getattr(args, "attack", 0),
        "defence": getattr(args, "defence", 0),
        "clothing": getattr(args, "clothing", 0),
    }
    values.update(cells)
    return Matchup(
        kind=args.kind,
        attacker=args.attacker or first,
        defender=args.defender or first,
        cover=args.cover,
        horseback=args.horseback,
        weapon=args.weapon,
        toughness=args.toughness,
        attacker_pair=args.attacker_pair,
        defender_pair=args.defender_pair,
        **values,
    )


def _add_test(aids: Commands) -> None:
    p = aids.add_parser(
        "test",
        help="the exact odds of one shot or combat (R8, R9)",
        description=TEST_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _situation(p, factions_required=True, kinds=CALCULATOR_KINDS)
    _stats_flags(p)
    card = p.add_mutually_exclusive_group()
    card.add_argument("--attack-card", metavar="CARD", help=ATTACK_CARD)
    card.add_argument(
        "--defence-card", metavar="CARD", help=f"the card the defender chose {RANDOM}"
    )
    p.set_defaults(handler=_test)


def _test(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    matchup = _matchup(args, rules)
    a_card = parse_card(args.attack_card) if args.attack_card else None
    d_card = parse_card(args.defence_card) if args.defence_card else None
    odds = exact_odds(matchup, rules, a_card, d_card)
    if args.json:
        doc: dict[str, Any] = {"matchup": dataclasses.asdict(matchup)}
        doc |= {"attack_card": args.attack_card and str(a_card)}
        doc |= {"defence_card": args.defence_card and str(d_card)}
        print_json(doc | odds.as_json(), out)
    else:
        write_lines(odds_lines(matchup, odds, rules, a_card, d_card), out)
    return 0


def _add_grid(aids: Commands) -> None:
    p = aids.add_parser(
        "grid",
        help="the odds over attack x defence x clothing, for a weapon and toughness",
        description=GRID_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _situation(p, factions_required=False)
    p.add_argument("--attack-card", metavar="CARD", help=ATTACK_CARD)
    p.add_argument(
        "--attack",
        type=_numbers,
        default=ATTACKS,
        metavar="RANGE",
        help=f"attack values, rows (default {ATTACKS[0]}-{ATTACKS[-1]})",
    )
    p.add_argument(
        "--defence",
        type=_numbers,
        default=DEFENCES,
        metavar="RANGE",
        help=f"defence values, columns (default {DEFENCES[0]}-{DEFENCES[-1]})",
    )
    p.add_argument(
        "--clothing",
        type=_numbers,
        metavar="RANGE",
        help="clothing bonuses, one block each (default: none and each the ruleset has)",
    )
    p.add_argument(
        "--show", choices=SHOWS, default=SHOW_BOTH, help="what each cell shows (default both)"
    )
    p.set_defaults(handler=_grid)


def _grid(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    levels = clothing_levels(rules) if args.clothing is None else args.clothing
    count = len(args.attack) * len(args.defence) * len(levels)
    if count > MAX_GRID_CELLS:
        raise Refused(
            f"That grid has {count} cells, beyond the cap of {MAX_GRID_CELLS} worked out at "
            "once; narrow --attack, --defence or --clothing."
        )
    card = parse_card(args.attack_card) if args.attack_card else None
    base = _matchup(args, rules, attack=args.attack[0], defence=args.defence[0], clothing=0)
    grid = odds_grid(base, rules, args.attack, args.defence, args.clothing, card)
    if not args.json:
        write_lines(grid_lines(grid, rules, args.show), out)
        return 0
    matchup = dataclasses.asdict(base)
    for key in ("attack", "defence", "clothing"):
        matchup.pop(key)
    cells = [
        {"attack": c.attack, "defence": c.defence, "clothing": c.clothing} | c.odds.as_json()
        for c in grid.cells
    ]
    print_json({"matchup": matchup, "attack_card": card and str(card), "cells": cells}, out)
    return 0


def _add_favoured(aids: Commands) -> None:
    p = aids.add_parser(
        "favoured",
        help="what each favoured card is worth against the same rank unfavoured",
        description=FAVOURED_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _situation(p, factions_required=False)
    _stats_flags(p)
    p.add_argument(
        "--side",
        choices=(*SIDES, "both"),
        default="both",
        help="whose card is chosen (default both, one table each)",
    )
    p.set_defaults(handler=_favoured)


def _favoured(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    matchup = _matchup(args, rules)
    sides = (ATTACKER, DEFENDER) if args.side == "both" else (args.side,)
    worths = [w for side in sides for w in favoured_worth(matchup, rules, side)]
    if args.json:
        doc = {"matchup": dataclasses.asdict(matchup), "worth": [w.as_json() for w in worths]}
        print_json(doc, out)
    else:
        write_lines(worth_lines(matchup, worths, rules), out)
    return 0


def _game_length(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    length = game_length_odds(rules)
    if args.json:
        print_json(length.as_json(), out)
    else:
        write_lines(length_lines(length, rules), out)
    return 0


def _add_volley(aids: Commands) -> None:
    p = aids.add_parser(
        "volley",
        help="the seed 003 unit volley: hits, Shaken, unsaved hits, bases removed",
        description=VOLLEY_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_unit_arguments(p)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(handler=_volley)


def _volley(args: argparse.Namespace, out: TextIO) -> int:
    rules = default_volley_rules()
    dice = args.attack * args.bases
    if args.attack > 0 and args.bases > 0 and dice > MAX_DICE:
        raise Refused(
            f"An attack pool of {dice} dice (Ranged Attack {args.attack} x {args.bases} bases) "
            f"is beyond the cap of {MAX_DICE} dice that the exact odds are worked out for."
        )
    volley = volley_from_args(args, rules)
    odds = volley_odds(volley, rules)
    if args.json:
        doc = {"volley": dataclasses.asdict(volley)}
        doc["volley"]["modifiers"] = list(volley.modifiers)
        print_json(doc | odds.as_json(), out)
    else:
        write_lines(volley_lines(odds, rules), out)
    return 0
