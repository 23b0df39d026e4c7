"""`rostermgr measure`: movement and terrain at the table (R12a), a measured length answered."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from typing import TextIO

from cli import EXIT_OK, Commands, print_json, write_lines
from cli.context import active_ruleset
from rostermgr.movement import MEASURES, measure, parse_length

MEASURE_HELP = """\
Movement and terrain (R12a), measured with the playing card: what a length allows or costs.
  move LENGTH [--move N]  does a move of N card lengths (the model's Move, default 1) reach it
  obstacle LENGTH         over a fence, wall or obstacle the move is one card width: can the
                          model be wholly beyond it within that
  climb LENGTH            is the height within reach of one climb
  fall LENGTH             the unsoakable damage of a fall or jump of that height
LENGTH is as measured: 120mm, 12cm, 4.5in, 3" or 1.5cards (a bare number is millimetres).
The card, the climb and the falls are the campaign's ruleset's (`rostermgr rules`), so a house
ruleset's numbers are the ones answered.
"""


def add_parsers(sub: Commands) -> None:
    """Register `measure`."""
    p = sub.add_parser(
        "measure",
        help="what a measured length allows or costs: a move, an obstacle, a climb, a fall (R12a)",
        description=MEASURE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "kind",
        choices=MEASURES,
        metavar="|".join(MEASURES),
        help="what was measured: a move, a move over an obstacle, a climb, a fall or jump",
    )
    p.add_argument("length", metavar="LENGTH", help="as measured: 120mm, 4.5in, 1.5cards")
    p.add_argument(
        "--move",
        type=int,
        choices=range(1, 10),
        default=1,
        metavar="N",
        help="with move: the model's Move in card lengths, 1 to 9 (default 1)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(handler=_measure)


def _measure(args: argparse.Namespace, out: TextIO) -> int:
    tabletop = active_ruleset(args).tabletop
    done = measure(args.kind, parse_length(args.length, tabletop), tabletop, args.move)
    if args.json:
        print_json(asdict(done), out)
    else:
        write_lines([done.sentence], out)
    return EXIT_OK
