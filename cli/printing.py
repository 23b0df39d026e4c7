"""`rostermgr print ...`: roster cards, the calibration sheet, the journal, casualty sheets."""

from __future__ import annotations

import argparse
import math
from typing import TextIO

from db import posses
from db.lock import holder
from db.printed import printed_fingerprints, remember_printed
from cli import EXIT_OK, campaign_path, refuse_unwritable
from cli.context import campaign
from rostermgr.errors import Refused
from rostermgr.journal import build_journal

PAPERS = ("a4", "letter")
INKS = ("colour", "ink-saver", "line-art")
LAYOUTS = ("duplex-long", "duplex-short", "gutter-fold", "fronts-backs")
PDF = "the PDF file to write"


def add_parsers(sub: argparse._SubParsersAction) -> None:
    printing = sub.add_parser("print", help="print roster cards, the journal or casualty sheets")
    ps = printing.add_subparsers(dest="print_command", metavar="WHAT", required=True)

    p = ps.add_parser("cards", help="2.5 x 3.5 inch double-sided roster cards (R18)")
    p.add_argument("names", nargs="+", metavar="NAME", help="the posses to print")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=PAPERS, default="a4")
    p.add_argument("--layout", choices=LAYOUTS, default="duplex-long")
    p.add_argument("--ink", choices=INKS, default="colour")
    p.add_argument(
        "--back-offset",
        type=_offset,
        metavar="DX,DY",
        default=(0.0, 0.0),
        help="shift the backs by DX mm to the right and DY mm up, as the back page is seen "
        "(duplex layouts; negative values too: --back-offset -1,0.5)",
    )
    p.add_argument("--gangers", choices=("grouped", "separate"), default="grouped")
    p.add_argument("--changed", action="store_true", help="only cards changed since last printed")
    p.set_defaults(handler=cmd_cards)

    p = ps.add_parser("calibration", help="the sheet that finds your printer's back offset")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=PAPERS, default="a4")
    p.add_argument("--layout", choices=("duplex-long", "duplex-short"), default="duplex-long")
    p.set_defaults(handler=cmd_calibration)

    p = ps.add_parser("journal", help="the A5 posse journal (R19)")
    p.add_argument("name", help="the posse's name")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--booklet", action="store_true", help="A4 landscape, imposed for folding")
    p.set_defaults(handler=cmd_journal)

    p = ps.add_parser("casualties", help="Forlorn Hope casualty-marker sheets (R20)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--british", type=int, default=100, metavar="N")
    p.add_argument("--french", type=int, default=10, metavar="N")
    p.add_argument("--paper", choices=PAPERS, default="a4")
    p.add_argument("--ink", choices=INKS, default="colour")
    p.add_argument("--size", type=float, default=19.05, metavar="MM", help="marker size in mm")
    p.set_defaults(handler=cmd_casualties)


def _offset(text: str) -> tuple[float, float]:
    """argparse type of --back-offset: two numbers of millimetres, DX,DY.

    How far the backs may move depends on the paper and is checked when the cards are made.
    """
    parts = text.split(",")
    try:
        values = tuple(float(v) for v in parts)
    except ValueError:
        values = ()
    if len(values) != 2 or not all(math.isfinite(v) for v in values):
        raise argparse.ArgumentTypeError(f"'{text}' is not two numbers of millimetres, DX,DY")
    return values[0], values[1]


def cmd_cards(args: argparse.Namespace, out: TextIO) -> int:
    from printables.cards import card_faces, changed_faces, write_cards
    from printables.cards.impose import check_back_offset

    refuse_unwritable(args.output)
    try:
        offset = check_back_offset(args.back_offset)
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    with campaign(args) as rules:
        chosen = posses.load_posses(list(dict.fromkeys(args.names)))
        faces = card_faces(chosen, rules, args.gangers)
        if args.changed:
            faces = changed_faces(faces, printed_fingerprints())
            if not faces:
                out.write("No card has changed since it was last printed; nothing was written.\n")
                return EXIT_OK
        try:
            write_cards(
                faces,
                rules,
                args.output,
                paper=args.paper,
                layout=args.layout,
                ink=args.ink,
                back_offset=offset,
            )
        except ValueError as exc:
            raise Refused(str(exc)) from exc
        except OSError as exc:
            raise Refused(f"Cannot write {args.output}: {exc.strerror}.") from exc
        note = ""
        if holder(campaign_path(args)) is None:
            remember_printed((f.key, f.fingerprint) for f in faces)
        else:
            note = " The app holds the campaign, so --changed will not know about these cards."
    out.write(f"Wrote {len(faces)} card{'s' if len(faces) != 1 else ''} to {args.output}.{note}\n")
    return EXIT_OK


def cmd_calibration(args: argparse.Namespace, out: TextIO) -> int:
    from printables.cards import write_calibration

    refuse_unwritable(args.output)
    try:
        write_calibration(args.output, paper=args.paper, layout=args.layout)
    except OSError as exc:
        raise Refused(f"Cannot write {args.output}: {exc.strerror}.") from exc
    out.write(
        f"Wrote the calibration sheet to {args.output}: print it double-sided at actual size.\n"
    )
    return EXIT_OK


def cmd_journal(args: argparse.Namespace, out: TextIO) -> int:
    from printables.journal import write_journal

    refuse_unwritable(args.output)
    with campaign(args) as rules:
        data = build_journal(posses.load_posse(args.name), posses.history(args.name), rules)
    try:
        pages = write_journal(data, rules, args.output, booklet=args.booklet)
    except OSError as exc:
        raise Refused(f"Cannot write {args.output}: {exc.strerror}.") from exc
    out.write(f"Wrote the journal of {args.name} ({pages} pages) to {args.output}.\n")
    return EXIT_OK


def cmd_casualties(args: argparse.Namespace, out: TextIO) -> int:
    from printables.casualties import write_casualty_sheets

    refuse_unwritable(args.output)
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
    total, plural = args.british + args.french, "s" if pages != 1 else ""
    out.write(f"Wrote {total} casualty markers on {pages} page{plural} to {args.output}.\n")
    return EXIT_OK
