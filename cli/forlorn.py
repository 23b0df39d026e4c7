"""`rostermgr fh odds ...`: exact chances of Forlorn Hope's dice (seed 002, issue 32 item 8)."""

from __future__ import annotations

import argparse
from typing import TextIO

from cli import EXIT_OK, Commands, write_lines
from rostermgr.errors import Refused
from rostermgr.forlorn import ForlornRules, default_forlorn_rules, load_forlorn_rules
from rostermgr.forlorn_odds import (
    Fire,
    event_lines,
    fire_lines,
    fire_odds,
    melee_lines,
    melee_odds,
    morale_lines,
    morale_odds,
)

RULES_HELP = (
    "a Forlorn Hope rules TOML in the shape of the shipped forlorn-hope.toml, for house rules "
    "(default: the shipped one)"
)
FH_HELP = """\
Forlorn Hope, the Napoleonic siege game of seed 002: its tables live in forlorn-hope.toml,
beside the Last Hope Frontier ruleset. The odds are exact: every die is counted, never rolled.
"""
MAX_COUNT = 100  # men short, hits, kills: more than a unit ever has is a typing mistake


def add_parsers(sub: Commands) -> None:
    p = sub.add_parser(
        "fh",
        help="Forlorn Hope (seed 002): exact odds of its dice",
        description=FH_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--rules", metavar="FILE", help=RULES_HELP)
    fh = p.add_subparsers(dest="fh_command", metavar="WHAT", required=True)
    o = fh.add_parser("odds", help="exact chances of fire, hand to hand, morale, the event check")
    aids = o.add_subparsers(dest="aid", metavar="AID", required=True)
    shipped = default_forlorn_rules()

    f = aids.add_parser("fire", help="a group's or a single figure's fire: hits and results")
    f.add_argument(
        "weapon",
        metavar="TABLE",
        help=f"the fire table: {', '.join(shipped.fire)} (single: a single soldier or officer)",
    )
    f.add_argument(
        "--range", type=float, required=True, metavar="INCHES", help="the range in inches"
    )
    f.add_argument(
        "--short",
        type=_count,
        default=0,
        metavar="N",
        help="men short of the group's full number, each -1 to every die (default: 0)",
    )
    f.add_argument(
        "--elite",
        action="store_true",
        help=f"{shipped.fire_modifiers.elite_text}: {shipped.fire_modifiers.elite:+d} a die",
    )
    f.add_argument(
        "--modifier",
        type=int,
        default=0,
        metavar="N",
        help="any other change to every die, a house rule's say (default: 0)",
    )
    f.set_defaults(handler=cmd_fire)

    mods = ", ".join(f"{m.id} ({m.change:+d})" for m in shipped.melee_modifiers.values())
    m = aids.add_parser("melee", help="hand to hand: who wins, and the loser's result")
    for side in ("attacker", "defender"):
        m.add_argument(
            f"--{side}",
            nargs="+",
            default=[],
            metavar="MOD",
            help=f"the {side}'s modifiers: {mods} (default: none)",
        )
    m.set_defaults(handler=cmd_melee)

    t = aids.add_parser("morale", help="a morale test: the chance to pass")
    t.add_argument("side", choices=tuple(shipped.morale.base), help="whose base morale")
    for name, text in (
        ("hits", "hits on the unit"),
        ("kills", "kills in the unit"),
        ("wounded", "wounded in the unit (each 2 count)"),
    ):
        t.add_argument(
            f"--{name}", type=_count, default=0, metavar="N", help=f"{text} (default: 0)"
        )
    t.add_argument("--officer", action="store_true", help="an officer is attached")
    t.set_defaults(handler=cmd_morale)

    e = aids.add_parser("event", help="the chance the British roll draws an event card")
    e.set_defaults(handler=cmd_event)


def _count(text: str) -> int:
    """argparse type of a count: a whole number from 0 to MAX_COUNT."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number from 0 to {MAX_COUNT}")
    return value


def rules_of(args: argparse.Namespace) -> ForlornRules:
    """The rules --rules names, else the shipped ones."""
    path = getattr(args, "rules", None)
    return default_forlorn_rules() if path is None else load_forlorn_rules(path)


def cmd_fire(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_of(args)
    fire = Fire(args.weapon, args.range, args.short, args.elite, args.modifier)
    write_lines(fire_lines(fire_odds(fire, rules), rules), out)
    return EXIT_OK


def cmd_melee(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_of(args)
    for side in (args.attacker, args.defender):
        if len(set(side)) != len(side):
            raise Refused("A modifier counts once for a side; one was given twice.")
    write_lines(melee_lines(melee_odds(args.attacker, args.defender, rules), rules), out)
    return EXIT_OK


def cmd_morale(args: argparse.Namespace, out: TextIO) -> int:
    rules = rules_of(args)
    odds = morale_odds(
        rules,
        args.side,
        hits=args.hits,
        kills=args.kills,
        wounded=args.wounded,
        officer=args.officer,
    )
    write_lines(morale_lines(odds, rules), out)
    return EXIT_OK


def cmd_event(args: argparse.Namespace, out: TextIO) -> int:
    write_lines(event_lines(rules_of(args)), out)
    return EXIT_OK
