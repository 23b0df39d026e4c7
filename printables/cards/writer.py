"""write_cards: roster card faces to a PDF (R18, DESIGN 6)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from printables.cards.back import back_form_name, draw_back, draw_back_frame
from printables.cards.faces import CardFace
from printables.cards.front import draw_front, draw_front_frame, front_form_name, split_face
from printables.cards.impose import (
    BACK,
    FRONT,
    LAYOUTS,
    PagePlan,
    Slot,
    check_back_offset,
    plan_pages,
)
from printables.cards.pen import Pen
from printables.cards.style import CARD_H, CARD_W, Palette, palette
from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY, SERIF_ITALIC, register_fonts
from printables.layout import (
    INKS,
    PAPERS,
    check_choice,
    draw_cut_lines,
    draw_cut_marks,
    draw_fold_marks,
    draw_margin_note,
    new_canvas,
    set_print_preferences,
)
from rostermgr.errors import PrintRefused
from rostermgr.rules import Ruleset

Progress = Callable[[int, int], None]
FLIP = {"duplex-long": "long", "duplex-short": "short"}


# The faces draw with these; new_canvas adds the margin notes' font (CONDENSED, among them).
CARD_FONTS = (CONDENSED, CONDENSED_BOLD, DISPLAY, SERIF_ITALIC)
SHORTENED_NAMED = 3  # a note on a text cut short names this many of its cards


def printed_faces(faces: Sequence[CardFace]) -> list[CardFace]:
    """The cards that printing faces makes: each face, followed by its continuation cards when
    its gear does not fit one card at the smallest body type (issue 19)."""
    register_fonts(CARD_FONTS)  # the split measures text
    return [part for face in faces for part in _split(face)]


@lru_cache(maxsize=8192)
def _split(face: CardFace) -> tuple[CardFace, ...]:
    """split_face, measured once per face: the print job counts the cards, then the writer
    draws the same faces (a face that fits one card is its own only part)."""
    return tuple(split_face(face))


def write_cards(
    faces: Sequence[CardFace],
    rules: Ruleset,
    out: str | Path | BinaryIO,
    *,
    paper: str = "a4",
    layout: str = "duplex-long",
    ink: str = "colour",
    back_offset: tuple[float, float] = (0.0, 0.0),
    progress: Progress | None = None,
    cut_lines: bool = False,
    gap: float = 0.0,
) -> None:
    """Write the cards for faces to out (a path or a binary file object).

    back_offset (DX, DY in mm; +DX right, +DY up as the back page itself is seen) shifts every
    back page to correct a printer's duplex registration; gutter-fold has no back pages.
    progress(done, total) is called as card sides are drawn, and once more when the file is
    written. cut_lines draws full cut lines over the fronts, for cutting with scissors. gap (mm)
    spaces the cards apart, each colour card with its band run on into half the gap as its own
    bleed, so a cut a little off shows more of the card's own colour, never its neighbour's;
    0 butts them, one cut between two cards (as many cards a sheet as the marks leave room for:
    printables.cards.impose.duplex_grid).
    Raises PrintRefused, with one plain sentence, for an option it does not know.
    """
    check_choice(paper, PAPERS, "paper")
    check_choice(layout, LAYOUTS, "layout")
    check_choice(ink, INKS, "ink mode")
    if not faces:
        raise PrintRefused("There are no cards to print.")
    faces = printed_faces(faces)
    offset = check_back_offset(back_offset)
    pages = plan_pages(len(faces), paper, layout, offset, gap)
    bleed = pages[0].grid.gap / 2
    grid = pages[0].grid
    posses = list(dict.fromkeys(f.posse for f in faces))
    c = new_canvas(
        out,
        (grid.page_w, grid.page_h),
        title=f"Roster cards: {', '.join(posses)}",
        subject=f"{rules.name} {rules.version} roster cards, 2.5 x 3.5 in ({layout}, {ink})",
        fonts=CARD_FONTS,
    )
    set_print_preferences(c, FLIP.get(layout))
    forms = define_forms(c, faces, ink)
    total, done = 2 * len(faces) + 1, 0
    _report(progress, done, total)
    for number, page in enumerate(pages, start=1):
        c.setPageSize((grid.page_w, grid.page_h))
        skip = [page.fold_y] if page.fold_y is not None else []
        # Marks and notes round the block where it is printed, each margin by its own depth,
        # so a shifted back page keeps them clear of the paper's edge too.
        printed = page.grid.shifted(*page.shift)
        draw_cut_marks(c, printed, skip_ys=skip)
        draw_margin_note(c, printed, *_notes(rules, layout, page, number, offset))
        c.saveState()
        c.translate(*page.shift)
        for slot in page.slots:
            _place(c, slot, faces[slot.face], ink, forms, bleed)
            done += 1
            _report(progress, done, total)
        if cut_lines and page.side != BACK:  # on a back they would show where duplex drifts
            draw_cut_lines(c, page.grid, skip_ys=skip)
        if page.fold_y is not None:
            draw_fold_marks(c, page.grid, page.fold_y)
        c.restoreState()
        c.showPage()
    c.save()
    _report(progress, total, total)


def _report(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


def define_forms(c: Canvas, faces: Sequence[CardFace], ink: str) -> dict[str, str]:
    """Draw each distinct frame once as a form; returns frame key -> form name."""
    forms: dict[str, str] = {}
    for face in faces:
        pal = palette(ink, face.faction_id, face.suit)
        for key, draw in (
            (front_form_name(face), draw_front_frame),
            (back_form_name(face), draw_back_frame),
        ):
            if key in forms:
                continue
            forms[key] = f"Card{len(forms)}"  # a safe PDF name whatever the faction id is
            c.beginForm(forms[key], 0, 0, CARD_W, CARD_H)
            with Pen(c) as pen:
                draw(pen, face, pal)
            c.endForm()
    return forms


def _place(
    c: Canvas, slot: Slot, face: CardFace, ink: str, forms: dict[str, str], bleed: float = 0.0
) -> None:
    pal = palette(ink, face.faction_id, face.suit)
    c.saveState()
    c.translate(slot.x, slot.y)
    if slot.rotated:
        c.translate(CARD_W, CARD_H)
        c.rotate(180)
    bleed = bleed if pal.band is not None else 0.0  # only a coloured edge needs one
    clip = c.beginPath()
    clip.rect(-bleed, -bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed)
    c.clipPath(clip, stroke=0, fill=0)
    if bleed:  # the card's own bleed: its band runs on past the trim
        c.setFillColor(pal.band)
        c.rect(-bleed, -bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed, stroke=0, fill=1)
    draw_face(c, face, slot.side, pal, forms)
    c.restoreState()


def draw_face(c: Canvas, face: CardFace, side: str, pal: Palette, forms: dict[str, str]) -> None:
    """One side of a card at the origin, in card-local points: its frame form, then its own."""
    if side == FRONT:
        c.doForm(forms[front_form_name(face)])
        with Pen(c) as pen:
            draw_front(pen, face, pal)
    else:
        c.doForm(forms[back_form_name(face)])
        with Pen(c) as pen:
            draw_back(pen, face, pal)


def _notes(
    rules: Ruleset, layout: str, page: PagePlan, number: int, back_offset: tuple[float, float]
) -> tuple[str, str]:
    """The head and detail lines printed in the margins of a page."""
    what = f"{rules.name} roster cards \u00b7 sheet {page.sheet} of {page.sheets}"
    actual = "Print at actual size (100%, no fit to page, no scaling)"
    cut = "cut on the grey marks"
    if layout == "gutter-fold":
        return (
            f"{what} \u00b7 fronts above the fold, backs below",
            f"{actual}, one-sided. Cut round each pair on the grey marks, fold on the dashed "
            "line with the print outside, glue if you like.",
        )
    if layout == "fronts-backs":
        side = "FRONTS" if page.side == FRONT else "BACKS"
        return (
            f"{what} \u00b7 {side} (page {number}, pairs with page {page.pairs_with})",
            f"{actual}, one-sided. Turn each backs page over sideways, about its LONG edge "
            "like a page of a book, lay it behind its fronts page, edges matched, glue, "
            f"then {cut}.",
        )
    edge = "LONG" if layout == "duplex-long" else "SHORT"
    side = "FRONTS" if page.side == FRONT else f"BACKS of page {page.pairs_with}"
    shift = ""
    if page.side == BACK and back_offset != (0.0, 0.0):
        shift = f" Back offset {back_offset[0]:g},{back_offset[1]:g} mm."
    return (
        f"{what} \u00b7 page {number}: {side}",
        f"{actual}, double-sided, flip on the {edge} edge; then {cut}.{shift}",
    )


def shortened_texts(faces: Sequence[CardFace]) -> list[str]:
    """A sentence for each rule or leader-action text a card back had to cut short to fit
    (R18): the card prints it with an ellipsis, and whoever prints should know which text to
    shorten in the ruleset. The cards are named, the first few of many."""
    from printables.cards.back import back_layout

    register_fonts(CARD_FONTS)  # the layout measures text
    cut_on: dict[tuple[str, str], list[str]] = {}  # (faction id, text's name): card titles
    for face in faces:
        laid = back_layout(face)  # the writer's own layout, kept: drawn from it later
        if laid.tables == face.back:
            continue
        kept = dict(laid.tables.actions)
        cut = [name for name, text in face.back.actions if kept.get(name) != text]
        if face.back.rule is not None and laid.tables.rule != face.back.rule:
            cut.append(face.back.rule[0])
        for name in cut:
            cut_on.setdefault((face.faction_id, name), []).append(face.title)
    said = []
    for (faction_id, name), titles in cut_on.items():
        shown = ", ".join(titles[:SHORTENED_NAMED])
        more = len(titles) - SHORTENED_NAMED
        cards = f"{shown} and {more} more" if more > 0 else shown
        said.append(
            f"No room on the back for the whole text of '{name}', so it is cut short with '…' "
            f"on the card{'s' if len(titles) != 1 else ''} of {cards}; shorten it under "
            f"factions.{faction_id} in the ruleset to print it whole (R18)."
        )
    return said
