"""`rostermgr resolve volley`: one seed 003 volley step by step (issue 32 item 9)."""

from __future__ import annotations

import argparse
import random
from typing import TextIO

from cli import EXIT_OK, Commands, print_json, usage_check, write_lines
from rostermgr.volley import Volley, VolleyRules, default_volley_rules
from rostermgr.volley_steps import draw_dice, pool_size, settle_volley

VOLLEY_HELP = """\
One volley of the seed 003 ranged-combat procedure (RULES R21), settled step by step: the
attack pool (Ranged Attack x bases), the hit requirement (baseline and modifiers from
volley.toml, held between the easiest and hardest), the dice and their hits, the Shaken check
(hits at or above Courage), the saves (one die a hit, meeting Save negates it), the unsaved
hits, and the wounds and bases removed (each time the wound pool meets the Wound stat).
Type the dice rolled at the table (--dice, then --saves once the hits are known: without
--saves it stops after the Shaken check and says how many to roll), or let the app roll them
(--draw, with --seed N to repeat a roll).
"""


def add_volley_parser(kinds: Commands) -> None:
    """Register `resolve volley` beside the Last Hope Frontier tests."""
    p = kinds.add_parser(
        "volley",
        help="the seed 003 unit volley: pool, hits, Shaken, saves, bases removed",
        description=VOLLEY_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_unit_arguments(p)
    p.add_argument(
        "--dice",
        nargs="+",
        type=int,
        metavar="D",
        help="the attack dice rolled (default: none; then --draw)",
    )
    p.add_argument(
        "--saves",
        nargs="*",
        type=int,
        metavar="D",
        help="the save dice rolled, one a hit (default: none, and the steps stop at the saves)",
    )
    p.add_argument("--draw", action="store_true", help="the app rolls the attack and save dice")
    p.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="with --draw: repeat the same roll (default: a new roll each time)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(handler=cmd_volley)
    usage_check(p, _usage)


def add_unit_arguments(p: argparse.ArgumentParser) -> None:
    """The two units of a volley and the target's modifiers (volley.toml), as both
    `resolve volley` and `odds volley` take them."""
    for flag, text in (
        ("attack", "the attacking unit's printed Ranged Attack"),
        ("bases", "the attacking unit's bases remaining"),
        ("save", "the target's Save (a die meeting it negates a hit)"),
        ("courage", "the target's Courage"),
        ("wounds", "the target's Wound stat (wounds per base removed)"),
    ):
        p.add_argument(f"--{flag}", required=True, type=int, metavar="N", help=text)
    for mod in default_volley_rules().modifiers.values():
        change = f"{mod.change:+d} to the hit requirement"
        p.add_argument(
            f"--{mod.id}",
            dest=f"mod_{mod.id}",
            action="store_true",
            help=f"{mod.text} ({change})".replace("%", "%%"),
        )
    p.add_argument(
        "--wound-pool",
        type=int,
        default=0,
        metavar="N",
        help="wounds already on the target (default: 0)",
    )
    p.add_argument(
        "--target-bases",
        type=int,
        metavar="N",
        help="the target's bases, to say whether it is Destroyed (default: not given, not said)",
    )


def _usage(args: argparse.Namespace) -> str | None:
    """--dice or --draw, one of them; --saves goes with --dice, --seed with --draw."""
    if args.draw == (args.dice is not None):
        return "give the attack dice rolled (--dice D ...) or --draw, one of them"
    if args.draw and args.saves is not None:
        return "argument --saves: not allowed with --draw (the app rolls the saves too)"
    if args.seed is not None and not args.draw:
        return "argument --seed: goes with --draw"
    return None


def volley_from_args(args: argparse.Namespace, rules: VolleyRules) -> Volley:
    """The volley the options of add_unit_arguments describe."""
    return Volley(
        attack=args.attack,
        bases=args.bases,
        save=args.save,
        courage=args.courage,
        wounds=args.wounds,
        modifiers=tuple(m for m in rules.modifiers if getattr(args, f"mod_{m}", False)),
        wound_pool=args.wound_pool,
        target_bases=args.target_bases,
    )


def cmd_volley(args: argparse.Namespace, out: TextIO) -> int:
    """Settle the volley and write its steps (or the JSON document)."""
    rules = default_volley_rules()
    volley = volley_from_args(args, rules)
    if args.draw:
        rng = random.Random(args.seed)
        dice = draw_dice(pool_size(volley), rules, rng)
        first = settle_volley(volley, dice, None, rules)
        saves = draw_dice(first.hits, rules, rng)
        result = settle_volley(volley, dice, saves, rules)
    else:
        result = settle_volley(volley, args.dice, args.saves, rules)
    if args.json:
        print_json(result.as_json(), out)
    else:
        write_lines(result.explain(), out)
    return EXIT_OK
