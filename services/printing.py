"""Printing use cases: roster cards, the calibration sheet, the journal, casualty sheets, the
quick-reference sheet and the scenario sheets.

Each printable is first made into a `PrintJob` (everything read from the campaign and every
option checked), then drawn to a file. The command line draws a job straight to its `-o`
path; the app draws it to a temporary file for the preview and copies it when saved. Either
way the cards it holds count as printed (for "only changed cards") once the file leaves the
program, through `remember_printed`.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from db.lock import holder
from db.printed import printed_fingerprints
from db.printed import remember_printed as store_printed
from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from services import posses
from services.campaign import Campaign, in_campaign
from services.faults import wrote
from services.outputs import atomic_output, check_output, write_failed
from services.progress import Show, Stop, tracked

if TYPE_CHECKING:  # the printables are imported when a job is made: startup stays quick
    from printables.cards.faces import CardFace
    from rostermgr.forlorn import ForlornRules  # parsing its module is 10 ms of every print
    from rostermgr.volley import VolleyRules  # 4 ms more (with fractions)

Progress = Callable[[int, int], None]
PAPERS = ("a4", "letter")
INKS = ("colour", "ink-saver", "line-art")
LAYOUTS = ("duplex-long", "duplex-short", "gutter-fold", "fronts-backs")
DUPLEX_LAYOUTS = ("duplex-long", "duplex-short")
MAX_CARD_GAP_MM = 10.0  # the widest --gap between cards (printables.cards.impose.MAX_GAP_MM)
GANGERS = ("grouped", "separate")
REFERENCE_PAPERS = ("a4", "letter", "a5")
# --for: pnp the home-printed sheets; a print shop's files: DriveThruCards (one PDF),
# MakePlayingCards and The Game Crafter (a folder of PNGs).
SHOPS = ("pnp", "dtc", "mpc", "tgc")
SHOP_NAMES = {"dtc": "DriveThruCards", "mpc": "MakePlayingCards", "tgc": "The Game Crafter"}
FOLDER_SHOPS = ("mpc", "tgc")


@dataclass(frozen=True)
class CardOptions:
    """How roster cards are laid out and inked (DESIGN 6)."""

    paper: str = "a4"
    layout: str = "duplex-long"
    ink: str = "colour"
    back_offset: tuple[float, float] = (0.0, 0.0)
    gangers: str = "grouped"
    changed: bool = False
    cut_lines: bool = False  # full cut lines over the fronts, for scissors
    gap: float = 0.0  # mm between cards, each with its own bleed (0: butted)
    shop: str = "pnp"  # pnp sheets, or a print shop's files (SHOPS); paper and layout are pnp's


@dataclass(frozen=True)
class PrintJob:
    """A printable ready to draw: a file name to suggest, how many things it holds, how to draw.

    `draw(path, progress)` writes the PDF and returns its page count (0 for cards, which are
    counted in cards). `printed` holds the
    (key, fingerprint) of every card in it.
    """

    filename: str
    count: int
    draw: Callable[[Path, Progress | None], int]
    printed: tuple[tuple[str, str], ...] = ()
    folder: bool = False  # draw writes files into the folder it is given (PNGs for a shop)
    unit: str = ""  # what count counts, as progress says it ("cards"); "" a percentage
    notes: tuple[str, ...] = ()  # what the printout had to give way on, a sentence each (R18)


def back_offset_limits(paper: str, gap: float = 0.0) -> tuple[float, float]:
    """How far (mm across, mm up/down) the backs may move on this paper (cards gap mm apart)."""
    from printables.cards.impose import back_offset_limits as limits

    return limits(paper, gap)


@in_campaign
def cards_job(c: Campaign, names: list[str], options: CardOptions) -> PrintJob:
    """The roster cards of the named posses; with `changed`, only cards changed since printed.

    A job with a count of 0 means nothing changed: there is nothing to print.
    """
    from printables.cards import (
        card_faces,
        changed_faces,
        printed_faces,
        shortened_texts,
        write_cards,
    )
    from printables.cards.impose import check_back_offset, check_gap

    if not names:
        raise Refused("Choose at least one posse to print its cards.")
    offset = check_back_offset(options.back_offset)  # PrintRefused, a sentence, when unusable
    if options.shop == "pnp":  # the shops' files have their own bleed
        check_gap(options.gap, options.layout)
    faces = card_faces(posses.load_many(c, names), c.rules, options.gangers, c.mark())
    if options.changed:
        faces = changed_faces(faces, printed_fingerprints())
    # What goes on paper: a member whose gear needs more than one card gets continuation
    # cards, counted as cards; they share the member's key and fingerprint.
    faces = printed_faces(faces)
    printed = tuple(dict.fromkeys((f.key, f.fingerprint) for f in faces))
    notes = tuple(shortened_texts(faces))
    if options.shop not in SHOPS:
        known = ", ".join(SHOPS[:-1]) + " or " + SHOPS[-1]
        raise Refused(f"The print shop '{options.shop}' is not known; choose {known}.")
    if options.shop != "pnp":
        return replace(_shop_job(c, faces, options, printed), notes=notes)

    def draw(path: Path, progress: Progress | None) -> int:
        write_cards(
            faces,
            c.rules,
            path,
            paper=options.paper,
            layout=options.layout,
            ink=options.ink,
            back_offset=offset,
            progress=progress,
            cut_lines=options.cut_lines,
            gap=options.gap,
        )
        return 0

    return PrintJob("roster cards.pdf", len(faces), draw, printed, unit="cards", notes=notes)


def _shop_job(
    c: Campaign,
    faces: Sequence[CardFace],
    options: CardOptions,
    printed: tuple[tuple[str, str], ...],
) -> PrintJob:
    """The cards as a print shop takes them: dtc one PDF, mpc and tgc a folder of PNGs."""
    from printables.cards.shop import write_shop_cards

    def draw(path: Path, progress: Progress | None) -> int:
        return write_shop_cards(
            faces, c.rules, path, options.shop, ink=options.ink, progress=progress
        )

    folder = options.shop in FOLDER_SHOPS
    name = f"roster cards {options.shop}" + ("" if folder else ".pdf")
    return PrintJob(name, len(faces), draw, printed, folder=folder, unit="cards")


@in_campaign
def shop_preview_job(c: Campaign, names: list[str], options: CardOptions) -> PrintJob:
    """One face (the first card's front) at the shop's real bleed, TrimBox and BleedBox: the
    print dialog's preview of a print-shop file."""
    from printables.cards import card_faces, printed_faces
    from printables.cards.impose import FRONT
    from printables.cards.shop import draw_shop_pdf, shop_spec

    if not names:
        raise Refused("Choose at least one posse to print its cards.")
    faces = card_faces(posses.load_many(c, names), c.rules, options.gangers, c.mark())
    faces = printed_faces(faces)[:1]
    spec = shop_spec(options.shop)

    def draw(path: Path, _progress: Progress | None) -> int:
        draw_shop_pdf(faces, c.rules, path, spec, ink=options.ink, order=(FRONT,), guides=True)
        return 1

    return PrintJob(f"roster card {options.shop} preview.pdf", 1, draw)


def calibration_job(paper: str = "a4", layout: str = "duplex-long") -> PrintJob:
    """The two-page sheet that finds a printer's back offset."""
    from printables.cards import write_calibration

    def draw(path: Path, _progress: Progress | None) -> int:
        write_calibration(path, paper=paper, layout=layout)
        return 2

    return PrintJob("calibration.pdf", 1, draw)


@in_campaign
def journal_job(c: Campaign, name: str, booklet: bool = False) -> PrintJob:
    """The posse journal (R19), A5 or as an A4 booklet."""
    from printables.journal import write_journal

    if not name:
        raise Refused("There is no posse to print a journal for.")
    from rostermgr.cardcode import encode_posse, posse_code
    from rostermgr.journal import build_journal  # only this printable needs it

    posse = posses.load(c, name)
    data = build_journal(posse, posses.history(c, name), c.rules)
    data = replace(data, code=encode_posse(posse_code(posse, c.rules, c.mark()), c.rules))

    def draw(path: Path, progress: Progress | None) -> int:
        return write_journal(data, c.rules, path, booklet=booklet, progress=progress)

    return PrintJob(f"{name} journal.pdf", 1, draw)


def casualties_job(
    british: int = 100,
    french: int = 10,
    paper: str = "a4",
    ink: str = "colour",
    size_mm: float = 19.05,
    cut_lines: bool = False,
    siege: str | None = None,
) -> PrintJob:
    """Forlorn Hope casualty-marker sheets (R20); cut_lines adds full lines between markers
    (the inks without a coloured ground always have them).

    `siege` is a key of forlorn-hope.toml's sieges, the sheet's title (default: the first).
    """
    from printables.casualties import write_casualty_sheets
    from rostermgr.forlorn import default_forlorn_rules

    title = _siege_title(default_forlorn_rules(), siege)

    def draw(path: Path, progress: Progress | None) -> int:
        return write_casualty_sheets(
            path,
            british=british,
            french=french,
            paper=paper,
            ink=ink,
            marker_mm=size_mm,
            progress=progress,
            cut_lines=cut_lines,
            siege=title,
        )

    return PrintJob("casualties.pdf", british + french, draw, unit="markers")


def _siege_title(rules: ForlornRules, siege: str | None) -> str:
    """The title of a siege the data names (default: the first), else a refusal."""
    sieges = rules.markers.sieges
    if siege is None:
        return next(iter(sieges.values()))
    if siege not in sieges:
        raise Refused(f"There is no siege '{siege}'; choose {' or '.join(sieges)}.")
    return sieges[siege]


def reference_job(
    rules: Ruleset,
    paper: str = "a4",
    ink: str = "colour",
    printed: dt.date | None = None,
) -> PrintJob:
    """The quick-reference sheet of the active ruleset: its flow charts and tables.

    `printed` is the date on every page (today when not given).
    """
    from printables.reference import write_reference
    from rostermgr.reference import build_reference  # only this printable needs it

    reference = build_reference(rules)

    def draw(path: Path, progress: Progress | None) -> int:
        return write_reference(
            reference, path, paper=paper, ink_mode=ink, printed=printed, progress=progress
        )

    return PrintJob(f"{rules.name} quick reference.pdf", 1, draw)


def scenarios_job(
    rules: Ruleset,
    scenarios: Sequence[str] = (),
    paper: str = "a4",
    ink: str = "colour",
    printed: dt.date | None = None,
) -> PrintJob:
    """The scenario sheets of the active ruleset (R12, issue 32 item 3): one page per scenario
    named (every scenario with an objective when none is), each with its setup map to scale."""
    from printables.scenarios import write_scenarios
    from rostermgr.scenario_sheet import build_sheets

    sheets = build_sheets(rules, tuple(scenarios))  # Refused, a sentence, for an unknown one

    def draw(path: Path, progress: Progress | None) -> int:
        return write_scenarios(
            sheets,
            path,
            ruleset=(rules.id, rules.name, rules.version),
            paper=paper,
            ink_mode=ink,
            printed=printed,
            progress=progress,
        )

    return PrintJob(f"{rules.name} scenarios.pdf", len(sheets), draw)


def fh_reference_job(
    rules: ForlornRules,
    paper: str = "a4",
    ink: str = "colour",
    printed: dt.date | None = None,
) -> PrintJob:
    """Forlorn Hope's quick-reference sheet (issue 32 item 5), from its TOML."""
    from printables.reference import write_reference
    from rostermgr.forlorn_reference import build_fh_reference

    reference = build_fh_reference(rules)

    def draw(path: Path, progress: Progress | None) -> int:
        return write_reference(
            reference, path, paper=paper, ink_mode=ink, printed=printed, progress=progress
        )

    return PrintJob(f"{rules.name} quick reference.pdf", 1, draw)


def fh_orders_job(
    rules: ForlornRules,
    paper: str = "a4",
    ink: str = "colour",
    printed: dt.date | None = None,
) -> PrintJob:
    """Forlorn Hope's orders of battle (issue 32 item 6): a roster per unit, chips to tick."""
    from printables.forlorn_orders import write_orders
    from rostermgr.forlorn_orders import orders_of_battle

    units = len(orders_of_battle(rules))  # a ruleset the forces cannot be built from: refused now

    def draw(path: Path, progress: Progress | None) -> int:
        return write_orders(
            rules, path, paper=paper, ink_mode=ink, printed=printed, progress=progress
        )

    return PrintJob(f"{rules.name} orders of battle.pdf", units, draw)


def fh_markers_job(
    rules: ForlornRules,
    siege: str | None = None,
    paper: str = "a4",
    ink: str = "colour",
) -> PrintJob:
    """Forlorn Hope's markers (issue 32 item 7): wounded, dying, French by arm, Portuguese."""
    from printables.forlorn_markers import write_markers

    m = rules.markers
    _siege_title(rules, siege)  # an unknown siege is refused before anything is drawn
    count = m.wounded + m.dying + m.portuguese + sum(n for _, _, n in m.french)

    def draw(path: Path, progress: Progress | None) -> int:
        return write_markers(rules, path, siege=siege, paper=paper, ink_mode=ink, progress=progress)

    return PrintJob(f"{rules.name} markers.pdf", count, draw)


def volley_reference_job(
    rules: VolleyRules,
    paper: str = "a4",
    ink: str = "colour",
    printed: dt.date | None = None,
) -> PrintJob:
    """The seed 003 volley on one page (issue 32 item 9): its six steps and its modifiers."""
    from printables.reference import write_reference
    from rostermgr.volley_reference import build_volley_reference

    reference = build_volley_reference(rules)

    def draw(path: Path, progress: Progress | None) -> int:
        return write_reference(
            reference, path, paper=paper, ink_mode=ink, printed=printed, progress=progress
        )

    return PrintJob("volley reference.pdf", 1, draw)


def watched(
    job: PrintJob, show: Show | None, stop: Stop | None = None, preview: bool = False
) -> Progress:
    """The progress callback to draw job with: what it reports, shown as `PrintProgress`
    values (services.progress); stop, asked at every step, stops the print (PrintStopped).
    A preview (drawn to be looked at) says "Drawn", not "Printed"."""
    return tracked(job.count, job.unit, show, stop, preview=preview)


def check_target(campaign_file: Path | None, target: str | Path) -> Path:
    """The output path, refused when it is a folder, a device or part of the campaign."""
    return check_output(target, campaign_file)


def check_folder_target(campaign_file: Path | None, target: str | Path) -> Path:
    """A new folder for a print shop's PNGs: refused when anything but an empty folder is
    there, so no file of the user's is ever replaced, or when it is part of the campaign."""
    path = Path(target)
    if path.is_dir():
        if any(path.iterdir()):
            raise Refused(f"Cannot write into {path}: the folder is not empty; name a new one.")
    elif path.exists() or path.is_symlink():
        raise Refused(f"Cannot write {path}: it is a file; name a new folder for the PNG files.")
    # the checks of a file output: the parent folder exists, and the name is none of the
    # campaign's own files and not in its backups folder
    check_output(path / "001-front.png" if path.is_dir() else path, campaign_file)
    return path


def check_job_target(campaign_file: Path | None, job: PrintJob, target: str | Path) -> Path:
    """check_target, or check_folder_target for a job that writes a folder."""
    if job.folder:
        return check_folder_target(campaign_file, target)
    return check_target(campaign_file, target)


def write(
    campaign_file: Path | None,
    job: PrintJob,
    target: str | Path,
    progress: Progress | None = None,
) -> int:
    """Draw the job to `target` (written beside it, then renamed); returns the page count.

    `campaign_file` is the campaign in use, which an output must never overwrite.
    """
    if job.folder:
        return _write_folder(campaign_file, job, target, progress)
    path = check_target(campaign_file, target)
    # The printables refuse with a sentence (PrintRefused); any other error while drawing is
    # a fault of ours, not a refusal, whatever its type (a ValueError inside reportlab...).
    with atomic_output(path) as temp:
        return job.draw(temp, progress)


def _write_folder(
    campaign_file: Path | None, job: PrintJob, target: str | Path, progress: Progress | None
) -> int:
    """Draw into a new folder beside target, then rename it into place: all files or none."""
    path = check_folder_target(campaign_file, target)
    temp = path.absolute().parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        temp.mkdir()
        count = job.draw(temp, progress)
        if path.is_dir():
            path.rmdir()  # empty, as checked: the new folder takes its place
        os.replace(temp, path)
        wrote(path)
    except OSError as exc:
        shutil.rmtree(temp, ignore_errors=True)
        raise write_failed(path, exc) from exc
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    return count


def save_rendered(campaign_file: Path | None, rendered: Path, target: str | Path) -> Path:
    """Copy a PDF drawn for the preview to where the user saves it."""
    path = check_target(campaign_file, target)
    with atomic_output(path) as temp:
        shutil.copyfile(rendered, temp)
    return path


@dataclass(frozen=True)
class NotRecorded:
    """Why the cards just written are not counted as printed (the file itself is whole)."""

    read_only: bool = False  # the campaign is read-only, or the app holds it
    refused: Refused | None = None  # the write was refused: busy, a full disk, no backup


@in_campaign
def remember_printed(c: Campaign, job: PrintJob) -> NotRecorded | None:
    """Count the job's cards as printed; None once done, else why not.

    The command line only reads while the app has the file, so it cannot record them then.
    The file is written before this is asked, so a refused write (another program writing, a
    full disk, the hourly backup) is said, not raised: the cards exist all the same.
    """
    if not job.printed:
        return None
    if c.read_only or (c.lock is None and holder(c.path) is not None):
        return NotRecorded(read_only=True)
    # A write like any other (on a server, the use case's reading is a read-only transaction).
    try:
        with c.edit():
            store_printed(job.printed)
    except Refused as exc:
        return NotRecorded(refused=exc)
    return None
