"""`rostermgr card check CODE|IMAGE...`: are the printed cards current (issue 34)?"""

from __future__ import annotations

import argparse
from typing import TextIO

from cli import EXIT_OK, Commands, print_json, write_lines
from cli.context import campaign
from services import cards

CARD_HELP = """\
Every printed roster card carries a state code on its back: a QR code and the same code as
text. `card check` reads codes typed (spaces and case do not matter) or photographs and scans
of the backs (any number of cards on one image), and says of each card whether it is current,
what changed since it was printed, or that it belongs to another campaign or ruleset.
"""


def add_parsers(sub: Commands) -> None:
    p = sub.add_parser(
        "card",
        help="check printed cards by their state codes",
        description=CARD_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cs = p.add_subparsers(dest="card_command", metavar="WHAT", required=True)
    c = cs.add_parser("check", help="is each printed card current? what changed since?")
    c.add_argument(
        "codes",
        nargs="+",
        metavar="CODE|IMAGE",
        help="a card's code as printed under its QR code (quote it, or write it without "
        "spaces), or an image file of card backs",
    )
    c.add_argument("--json", action="store_true", help="one JSON document on standard output")
    c.set_defaults(handler=cmd_check)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    codes = cards.codes_from(args.codes)  # images are read before the campaign is opened
    with campaign(args) as c:
        found = cards.check_cards(c, codes)
    if args.json:
        print_json(
            [
                {
                    "code": s.code,
                    "state": s.state,
                    "posse": s.posse,
                    "members": list(s.names),
                    "changes": list(s.changes),
                }
                for s in found
            ],
            out,
        )
    else:
        write_lines([s.line for s in found], out)
    return EXIT_OK
