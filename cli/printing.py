"""`rostermgr print ...`: roster cards, the calibration sheet, the journal, casualty sheets, the
quick-reference sheet and the scenario sheets."""

from __future__ import annotations

import argparse
import gc
import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from cli import EXIT_OK, Commands, campaign_path
from cli.context import active_ruleset, campaign
from services import printing
from services.printing import (
    INKS,
    LAYOUTS,
    PAPERS,
    REFERENCE_PAPERS,
    SHOP_NAMES,
    SHOPS,
    CardOptions,
    PrintJob,
)
from services.progress import PrintProgress

if TYPE_CHECKING:
    from rostermgr.forlorn import ForlornRules

PDF = "the PDF file to write"
CUT_LINES = "draw full cut lines, for cutting with scissors (the marks in the margins stay)"
PAPER = "the paper size (default: %(default)s)"
INK = (
    "colour: printed in colour; ink-saver: white ground, a thin frame and the colours only as "
    "accents; line-art: black lines only, to photocopy or colour in (default: %(default)s)"
)
LAYOUT = (
    "duplex-long: double-sided, fronts and backs on alternate pages, the printer flipping the "
    "sheet on its long edge; duplex-short: the same, flipped on the short edge"
)
LAYOUTS_HELP = (
    f"{LAYOUT}; gutter-fold: single-sided, four cards a landscape sheet with each back below its "
    "front, fold along the middle and cut; fronts-backs: single-sided, every front page, then "
    "every back page, to glue back to back and cut (default: %(default)s)"
)
SIEGE = (
    "the siege the sheet is titled for, a key of forlorn-hope.toml's [markers] sieges: "
    "ciudad-rodrigo or badajoz (default: the first)"
)
FH_RULES = (
    "a Forlorn Hope rules TOML in the shape of the shipped forlorn-hope.toml, for house rules "
    "(default: the shipped one)"
)
CARDS_OUTPUT = (
    "the PDF file to write; with --for mpc or --for tgc, a new or empty folder to write the PNG "
    "files into"
)


def add_parsers(sub: Commands) -> None:
    printing = sub.add_parser("print", help="print roster cards, the journal or casualty sheets")
    ps = printing.add_subparsers(dest="print_command", metavar="WHAT", required=True)

    p = ps.add_parser("cards", help="2.5 x 3.5 inch double-sided roster cards (R18)")
    p.add_argument("names", nargs="+", metavar="NAME", help="the posses to print")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=CARDS_OUTPUT)
    p.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER)
    p.add_argument("--layout", choices=LAYOUTS, default="duplex-long", help=LAYOUTS_HELP)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.add_argument(
        "--back-offset",
        type=_offset,
        metavar="DX,DY",
        default=(0.0, 0.0),
        help="shift the backs by DX mm to the right and DY mm up, as the back page is seen "
        "(duplex layouts; negative values too: --back-offset -1,0.5; default: 0,0)",
    )
    p.add_argument(
        "--gangers",
        choices=("grouped", "separate"),
        default="grouped",
        help="grouped: gang members who are alike in stats, items, injuries and upgrades share "
        "a card, up to three to a card; separate: a card for each (default: %(default)s)",
    )
    p.add_argument("--changed", action="store_true", help="only cards changed since last printed")
    p.add_argument("--cut-lines", action="store_true", help=CUT_LINES)
    p.add_argument(
        "--gap",
        type=_millimetres,
        metavar="MM",
        default=0.0,
        help="space the cards MM apart, each colour card with its own bleed, for cutting each "
        "card on its own four lines (fewer cards a sheet); 0 butts them, one cut between two "
        "(default: 0)",
    )
    p.add_argument(
        "--for",
        dest="shop",
        choices=SHOPS,
        default="pnp",
        help="pnp: sheets to print at home (default); dtc: a PDF for DriveThruCards; mpc, tgc: "
        "a new folder (-o) of 300 dpi PNGs for MakePlayingCards or The Game Crafter",
    )
    p.set_defaults(handler=cmd_cards)

    p = ps.add_parser("calibration", help="the sheet that finds your printer's back offset")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER)
    p.add_argument(
        "--layout",
        choices=("duplex-long", "duplex-short"),
        default="duplex-long",
        help=f"{LAYOUT} (default: %(default)s)",
    )
    p.set_defaults(handler=cmd_calibration)

    p = ps.add_parser("journal", help="the A5 posse journal (R19)")
    p.add_argument("name", metavar="NAME", help="the posse's name")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--booklet", action="store_true", help="A4 landscape, imposed for folding")
    p.set_defaults(handler=cmd_journal)

    p = ps.add_parser("casualties", help="Forlorn Hope casualty-marker sheets (R20)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument(
        "--british",
        type=_markers,
        default=100,
        metavar="N",
        help="British casualty markers: line infantry, with 15%% Highlanders and 15%% riflemen "
        "(default: %(default)s)",
    )
    p.add_argument(
        "--french",
        type=_markers,
        default=10,
        metavar="N",
        help="French casualty markers (default: %(default)s)",
    )
    p.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.add_argument(
        "--size",
        type=float,
        default=19.05,
        metavar="MM",
        help="marker size in mm, 12 to 40 (default: %(default)s, 3/4 inch)",
    )
    p.add_argument("--cut-lines", action="store_true", help=CUT_LINES)
    p.add_argument("--siege", metavar="SIEGE", help=SIEGE)
    p.set_defaults(handler=cmd_casualties)

    p = ps.add_parser(
        "reference", help="the quick-reference sheet and flow charts, from the ruleset"
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=REFERENCE_PAPERS, default="a4", help=PAPER)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.set_defaults(handler=cmd_reference)

    p = ps.add_parser(
        "scenarios",
        help="one sheet per scenario with its setup map to scale, from the ruleset (R12)",
    )
    p.add_argument(
        "scenarios",
        nargs="*",
        metavar="SCENARIO",
        help="the scenarios to print, by id, such as bounty or bloodbath (default: every "
        "scenario the ruleset gives an objective; `rostermgr rules --json` holds them)",
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.set_defaults(handler=cmd_scenarios)

    p = ps.add_parser(
        "fh-reference",
        help="Forlorn Hope's quick-reference sheet (seed 002), from forlorn-hope.toml",
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=REFERENCE_PAPERS, default="a4", help=PAPER)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.add_argument(
        "--rules",
        metavar="FILE",
        help=FH_RULES,
    )
    p.set_defaults(handler=cmd_fh_reference)

    p = ps.add_parser(
        "fh-orders",
        help="Forlorn Hope's orders of battle (seed 002): a roster per unit, chips to tick",
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.add_argument("--rules", metavar="FILE", help=FH_RULES)
    p.set_defaults(handler=cmd_fh_orders)

    p = ps.add_parser(
        "fh-markers",
        help="Forlorn Hope's wounded, dying, French-by-arm and Portuguese markers (seed 002)",
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--siege", metavar="SIEGE", help=SIEGE)
    p.add_argument("--paper", choices=PAPERS, default="a4", help=PAPER)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.add_argument("--rules", metavar="FILE", help=FH_RULES)
    p.set_defaults(handler=cmd_fh_markers)

    p = ps.add_parser(
        "volley-reference",
        help="the seed 003 volley on one page: its six steps and modifiers, from volley.toml",
    )
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=PDF)
    p.add_argument("--paper", choices=REFERENCE_PAPERS, default="a4", help=PAPER)
    p.add_argument("--ink", choices=INKS, default="colour", help=INK)
    p.set_defaults(handler=cmd_volley_reference)


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


def _markers(text: str) -> int:
    """argparse type of --british and --french: a number of markers, a whole number 0 or more.

    A negative one is a malformed command line (exit 2, argparse names the option), as any
    other malformed number is, not a refusal of the sheet (exit 1).
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of markers, 0 or more")
    return value


def _millimetres(text: str) -> float:
    """argparse type of --gap: a number of millimetres (its range is checked with the layout)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of millimetres")
    return value


@contextmanager
def settled_heap() -> Iterator[None]:
    """While the block runs, the garbage collector leaves alone what was alive when it began.

    A command has imported everything it needs by then (modules, the parser, the ruleset:
    objects that live until the process ends), and a print allocates enough to make the
    collector go through all of them again: 11 ms of the 320 ms of `print cards` for 500
    cards. What the block leaves behind is collected as usual once it ends.
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


class TerminalProgress:
    """A print's progress on a terminal: one line, rewritten, once it has taken a second."""

    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.showing = False  # a line of ours is on the screen, not yet ended

    def __call__(self, progress: PrintProgress) -> None:
        if not (progress.slow or self.showing):
            return
        # showing first: Ctrl+C may come in the middle of the write, and close ends the line
        self.showing = True
        self.err.write(f"\r{progress.text}\x1b[K")  # erase what a longer line left
        if progress.finished:
            self.err.write("\n")
            self.showing = False
        self.err.flush()

    def close(self) -> None:
        """End the line, so that what follows (Ctrl+C's sentence) starts on its own."""
        if self.showing:
            self.err.write("\n")
            self.err.flush()
            self.showing = False


def terminal_progress(err: TextIO | None = None) -> TerminalProgress | None:
    """Progress for standard error when it is a terminal; None in a pipe or a file."""
    err = sys.stderr if err is None else err
    isatty = getattr(err, "isatty", None)
    return TerminalProgress(err) if isatty is not None and isatty() else None


def write_job(campaign_file: Path | None, job: PrintJob, target: str | Path) -> int:
    """printing.write, with the print's progress on a terminal (issue 31, 12)."""
    shown = terminal_progress()
    progress = printing.watched(job, shown) if shown is not None else None
    try:
        return printing.write(campaign_file, job, target, progress)
    finally:
        if shown is not None:
            shown.close()


def cmd_cards(args: argparse.Namespace, out: TextIO) -> int:
    with settled_heap():
        return _cards(args, out)


def _cards(args: argparse.Namespace, out: TextIO) -> int:
    options = CardOptions(
        paper=args.paper,
        layout=args.layout,
        ink=args.ink,
        back_offset=args.back_offset,
        gangers=args.gangers,
        changed=args.changed,
        cut_lines=args.cut_lines,
        gap=args.gap,
        shop=args.shop,
    )
    with campaign(args) as c:
        if args.shop in printing.FOLDER_SHOPS:
            printing.check_folder_target(c.path, args.output)
        else:
            printing.check_target(c.path, args.output)
        job = printing.cards_job(c, args.names, options)
        if job.count == 0:
            out.write("No card has changed since it was last printed; nothing was written.\n")
            return EXIT_OK
        write_job(c.path, job, args.output)
        missed = printing.remember_printed(c, job)
        if missed is None:
            note = ""
        elif missed.refused is not None:
            note = (
                " They are not counted as printed, so --changed will not know about them. "
                f"{missed.refused}"
            )
        else:
            note = (
                " The campaign is read-only" if c.read_only else " The app holds the campaign"
            ) + ", so --changed will not know about these cards."
    plural = "s" if job.count != 1 else ""
    if args.shop in printing.FOLDER_SHOPS:
        made = f" ({2 * job.count} PNG files, front and back) for {SHOP_NAMES[args.shop]}"
    elif args.shop != "pnp":
        made = f" ({2 * job.count} pages, back then front) for {SHOP_NAMES[args.shop]}"
    else:
        made = ""
    out.write(f"Wrote {job.count} card{plural}{made} to {args.output}.{note}\n")
    for said in job.notes:
        out.write(f"{said}\n")
    return EXIT_OK


def cmd_calibration(args: argparse.Namespace, out: TextIO) -> int:
    job = printing.calibration_job(args.paper, args.layout)
    write_job(campaign_path(args), job, args.output)
    out.write(
        f"Wrote the calibration sheet to {args.output}: print it double-sided at actual size.\n"
    )
    return EXIT_OK


def cmd_journal(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        printing.check_target(c.path, args.output)
        pages = write_job(c.path, printing.journal_job(c, args.name, args.booklet), args.output)
    out.write(f"Wrote the journal of {args.name} ({pages} pages) to {args.output}.\n")
    return EXIT_OK


def cmd_casualties(args: argparse.Namespace, out: TextIO) -> int:
    job = printing.casualties_job(
        args.british, args.french, args.paper, args.ink, args.size, args.cut_lines, args.siege
    )
    pages = write_job(campaign_path(args), job, args.output)
    total, plural = args.british + args.french, "s" if pages != 1 else ""
    out.write(f"Wrote {total} casualty markers on {pages} page{plural} to {args.output}.\n")
    return EXIT_OK


def cmd_reference(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    job = printing.reference_job(rules, args.paper, args.ink)
    pages = write_job(campaign_path(args), job, args.output)
    plural = "s" if pages != 1 else ""
    out.write(
        f"Wrote the quick reference of {rules.name} {rules.version} "
        f"({pages} page{plural}) to {args.output}.\n"
    )
    return EXIT_OK


def cmd_scenarios(args: argparse.Namespace, out: TextIO) -> int:
    rules = active_ruleset(args)
    job = printing.scenarios_job(rules, args.scenarios, args.paper, args.ink)
    pages = write_job(campaign_path(args), job, args.output)
    plural = "s" if pages != 1 else ""
    out.write(
        f"Wrote the scenario sheets of {rules.name} {rules.version} "
        f"({pages} page{plural}) to {args.output}.\n"
    )
    return EXIT_OK


def _fh_rules(args: argparse.Namespace) -> ForlornRules:
    from rostermgr.forlorn import default_forlorn_rules, load_forlorn_rules

    return default_forlorn_rules() if args.rules is None else load_forlorn_rules(args.rules)


def cmd_fh_orders(args: argparse.Namespace, out: TextIO) -> int:
    rules = _fh_rules(args)
    job = printing.fh_orders_job(rules, args.paper, args.ink)
    pages = write_job(campaign_path(args), job, args.output)
    plural = "s" if pages != 1 else ""
    out.write(
        f"Wrote the orders of battle of {rules.name}: {job.count} units on {pages} "
        f"page{plural}, to {args.output}.\n"
    )
    return EXIT_OK


def cmd_fh_markers(args: argparse.Namespace, out: TextIO) -> int:
    rules = _fh_rules(args)
    job = printing.fh_markers_job(rules, args.siege, args.paper, args.ink)
    pages = write_job(campaign_path(args), job, args.output)
    plural = "s" if pages != 1 else ""
    out.write(f"Wrote {job.count} Forlorn Hope markers on {pages} page{plural} to {args.output}.\n")
    return EXIT_OK


def cmd_fh_reference(args: argparse.Namespace, out: TextIO) -> int:
    rules = _fh_rules(args)
    job = printing.fh_reference_job(rules, args.paper, args.ink)
    pages = write_job(campaign_path(args), job, args.output)
    plural = "s" if pages != 1 else ""
    out.write(
        f"Wrote the quick reference of {rules.name} {rules.version} "
        f"({pages} page{plural}) to {args.output}.\n"
    )
    return EXIT_OK


def cmd_volley_reference(args: argparse.Namespace, out: TextIO) -> int:
    from rostermgr.errors import in_sentence
    from rostermgr.volley import default_volley_rules

    rules = default_volley_rules()
    job = printing.volley_reference_job(rules, args.paper, args.ink)
    pages = write_job(campaign_path(args), job, args.output)
    plural = "s" if pages != 1 else ""
    name = in_sentence(rules.name)
    out.write(f"Wrote the {name} step by step ({pages} page{plural}) to {args.output}.\n")
    return EXIT_OK
