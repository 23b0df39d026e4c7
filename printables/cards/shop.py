"""Roster cards for a print shop (issue 19): one face per page with bleed, or PNGs at 300 dpi.

- dtc (DriveThruCards): one PDF, each page one face 2.75 x 3.75 in, TrimBox the 2.5 x 3.5 in
  card centred, BleedBox the page; back then front for each card.
- mpc (MakePlayingCards): PNGs of 822 x 1122 px (0.12 in bleed), `001-front.png`, `001-back.png`.
- tgc (The Game Crafter): the same at 825 x 1125 px (1/8 in bleed).

The edge band and ground run on into the bleed. Before anything is written, `preflight`
reads the drawn PDF back (with pdfium) and refuses, in one sentence, a file a shop would
refuse: a wrong size or box, or text outside the safe zone 1/8 in inside the trim.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from printables.cards.colours import GUIDE
from printables.cards.faces import CardFace
from printables.cards.impose import BACK, FRONT
from printables.cards.pdfx import make_pdfx, pdfx_canvas_options, pdfx_problems
from printables.cards.raster import DPI, Target, page_problems, render_pages
from printables.cards.style import CARD_H, CARD_W, palette
from printables.cards.writer import CARD_FONTS, define_forms, draw_face, printed_faces
from printables.layout import INKS, check_choice, new_canvas
from rostermgr.errors import PrintRefused
from rostermgr.rules import Ruleset

Progress = Callable[[int, int], None]
SHOPS = ("pnp", "dtc", "mpc", "tgc")  # pnp: the sheets of write_cards, printed at home
SAFE_IN = 0.125  # text stays this far inside the trim


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    bleed_in: float
    png: bool  # a folder of PNG files, else one PDF
    back_first: bool  # the order of a card's two faces
    pdfx: bool = False  # a PDF/X-1a:2003 file in CMYK (else sRGB, rendered to PNGs)

    @property
    def bleed(self) -> float:
        return self.bleed_in * 72

    @property
    def page(self) -> tuple[float, float]:
        return CARD_W + 2 * self.bleed, CARD_H + 2 * self.bleed

    @property
    def pixels(self) -> tuple[int, int]:
        w, h = self.page
        return round(w * DPI / 72), round(h * DPI / 72)


SPECS = {
    "dtc": Shop("dtc", "DriveThruCards", 0.125, png=False, back_first=True, pdfx=True),
    "mpc": Shop("mpc", "MakePlayingCards", 0.12, png=True, back_first=False),
    "tgc": Shop("tgc", "The Game Crafter", 0.125, png=True, back_first=False),
}


def shop_spec(shop: str) -> Shop:
    """The spec of a print shop's files ('dtc', 'mpc' or 'tgc')."""
    check_choice(shop, tuple(SPECS), "print shop")
    return SPECS[shop]


def png_names(count: int) -> list[tuple[str, str]]:
    """(front, back) file names of count cards: '001-front.png', '001-back.png', ..."""
    digits = max(3, len(str(count)))
    return [(f"{n:0{digits}d}-front.png", f"{n:0{digits}d}-back.png") for n in range(1, count + 1)]


def draw_shop_pdf(
    faces: Sequence[CardFace],
    rules: Ruleset,
    out: str | Path | BinaryIO,
    shop: Shop,
    *,
    ink: str = "colour",
    order: tuple[str, ...] | None = None,
    progress: Progress | None = None,
    guides: bool = False,
) -> list[tuple[int, str]]:
    """One face a page at the shop's bleed; returns (card number, side) of every page.

    order: the sides of each card, (BACK, FRONT) or (FRONT, BACK) by default as the shop asks.
    guides draws the trim (solid) and the safe zone (dashed) over the face, for a preview.
    """
    check_choice(ink, INKS, "ink mode")
    if not faces:
        raise PrintRefused("There are no cards to print.")
    w, h = shop.page
    b = shop.bleed
    posses = list(dict.fromkeys(f.posse for f in faces))
    c = new_canvas(
        out,
        (w, h),
        title=f"Roster cards for {shop.name}: {', '.join(posses)}",
        subject=f"{rules.name} {rules.version} roster cards, 2.5 x 3.5 in, {shop.bleed_in:g} in "
        f"bleed ({shop.name}, {ink})",
        fonts=CARD_FONTS,
        **(pdfx_canvas_options() if shop.pdfx else {}),
    )
    c.setViewerPreference("PrintScaling", "None")
    forms = define_forms(c, faces, ink)
    sides = order or ((BACK, FRONT) if shop.back_first else (FRONT, BACK))
    pages: list[tuple[int, str]] = []
    total = len(faces)
    for n, face in enumerate(faces, start=1):
        pal = palette(ink, face.faction_id, face.suit)
        for side in sides:
            c.setPageSize((w, h))
            c.setBleedBox((0, 0, w, h))
            c.setTrimBox((b, b, b + CARD_W, b + CARD_H))
            if pal.band is not None:  # the band runs on into the bleed: no white edge
                c.setFillColor(pal.band)
                c.rect(0, 0, w, h, stroke=0, fill=1)
            c.saveState()
            c.translate(b, b)
            draw_face(c, face, side, pal, forms)
            c.restoreState()
            if guides:
                _guides(c, shop)
            c.showPage()
            pages.append((n, side))
        if progress is not None:
            progress(n, total + 1)
    if shop.pdfx:
        make_pdfx(c)
    c.save()
    return pages


def _guides(c: Canvas, shop: Shop) -> None:
    b, safe = shop.bleed, SAFE_IN * 72
    c.saveState()
    c.setStrokeColor(GUIDE)
    c.setLineWidth(0.5)
    c.rect(b, b, CARD_W, CARD_H, stroke=1, fill=0)
    c.setDash(2, 2)
    c.rect(b + safe, b + safe, CARD_W - 2 * safe, CARD_H - 2 * safe, stroke=1, fill=0)
    c.restoreState()


def preflight(data: bytes, shop: Shop) -> list[str]:
    """What a shop would refuse in the PDF drawn for it: page size, TrimBox and BleedBox off by
    more than 0.01 pt, or a character outside the safe zone; for a PDF/X shop also a colour
    that is not CMYK, more than 240% ink, or no output intent. Empty when it passes."""
    import pypdfium2 as pdfium

    problems: list[str] = []
    pdf = pdfium.PdfDocument(data)
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            try:
                problems += page_problems(page, f"page {i + 1}", shop.bleed, SAFE_IN)
            finally:
                page.close()
    finally:
        pdf.close()
    if shop.pdfx:
        problems.extend(pdfx_problems(data))
    return problems


def _refuse(problems: list[str], shop: Shop) -> None:
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise PrintRefused(
            f"The files for {shop.name} would be refused: {problems[0]}{more}; nothing was written."
        )


def write_shop_cards(
    faces: Sequence[CardFace],
    rules: Ruleset,
    out: Path | BinaryIO,
    shop: str,
    *,
    ink: str = "colour",
    progress: Progress | None = None,
) -> int:
    """Write the cards for a print shop: dtc, a PDF to out (a path or binary file); mpc and
    tgc, PNG files into the folder out. Returns the number of files' faces (pages or PNGs).

    Raises PrintRefused, one sentence, for an unknown shop or a file the preflight refuses.
    """
    spec = shop_spec(shop)
    faces = printed_faces(faces)
    if spec.png and not isinstance(out, Path):
        raise PrintRefused(f"The files for {spec.name} go into a folder, not one file.")
    # progress in steps: a card's face drawn is one, a page checked and rendered four more
    # (about what each takes), and the file written the last
    n = len(faces)
    total = n + (4 * 2 * n if spec.png else 0) + 1

    def drawn(done: int, _of: int) -> None:
        if progress is not None:
            progress(min(done, n), total)

    def rendered(done: int, _of: int) -> None:
        if progress is not None:
            progress(n + 4 * done, total)

    buffer = io.BytesIO()
    pages = draw_shop_pdf(faces, rules, buffer, spec, ink=ink, progress=drawn)
    data = buffer.getvalue()
    if not spec.png:
        _refuse(preflight(data, spec), spec)
        if isinstance(out, Path):
            out.write_bytes(data)
        else:
            out.write(data)
    else:
        assert isinstance(out, Path)
        names = png_names(n)
        # each page is checked as it is rendered; a page's content is its face and side
        files = [
            ((faces[k - 1], side), out / names[k - 1][0 if side == FRONT else 1])
            for k, side in pages
        ]
        with tempfile.TemporaryDirectory(prefix="rostermgr-shop-") as folder:
            pdf = Path(folder) / "cards.pdf"
            pdf.write_bytes(data)
            target = Target(spec.bleed, SAFE_IN, spec.pixels)
            _refuse(render_pages(pdf, files, target, rendered), spec)
    if progress is not None:
        progress(total, total)
    return len(pages)
