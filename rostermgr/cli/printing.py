"""`rostermgr print ...`: roster cards, the calibration sheet, the journal, casualty sheets."""

from __future__ import annotations

import argparse
from typing import TextIO

from rostermgr.cli import EXIT_OK
from rostermgr.errors import Refused

PAPERS = ("a4", "letter")
INKS = ("colour", "ink-saver", "line-art")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    printing = sub.add_parser("print", help="print roster cards, the journal or casualty sheets")
    ps = printing.add_subparsers(dest="print_command", metavar="WHAT", required=True)
    p = ps.add_parser("casualties", help="Forlorn Hope casualty-marker sheets (R20)")
    p.add_argument("-o", "--output", required=True, metavar="FILE")
    p.add_argument("--british", type=int, default=100, metavar="N")
    p.add_argument("--french", type=int, default=10, metavar="N")
    p.add_argument("--paper", choices=PAPERS, default="a4")
    p.add_argument("--ink", choices=INKS, default="colour")
    p.add_argument("--size", type=float, default=19.05, metavar="MM", help="marker size in mm")
    p.set_defaults(handler=cmd_casualties)


def cmd_casualties(args: argparse.Namespace, out: TextIO) -> int:
    from printables.casualties import write_casualty_sheets

    try:
        pages = write_casualty_sheets(
            args.output,
            british=args.british,
            french=args.french,
            paper=args.paper,
            ink=args.ink,
            marker_mm=args.size,
        )
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    except OSError as exc:
        raise Refused(f"Cannot write {args.output}: {exc.strerror}.") from exc
    total = args.british + args.french
    out.write(
        f"Wrote {total} casualty markers on {pages} page{'s' if pages != 1 else ''} to {args.output}.\n"
    )
    return EXIT_OK
