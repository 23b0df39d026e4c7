"""Forlorn Hope's markers (issue 32 item 7), to print beside the casualty sheets.

Four kinds of square marker, each section a grid with full cut lines, titled for the siege the
players chose (Ciudad Rodrigo or Badajoz): wounded markers; dying markers with the turns-left
track (the hit table's "Dying, D6 for # turns left": ring the number rolled, strike one off
each turn); French casualties labelled by their real arm; Portuguese casualties. The fallen
figures are the casualty sheets' own drawings. Every count and label comes from
forlorn-hope.toml ([markers]).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from printables.casualties.inks import Ink
from printables.casualties.sheet import define_forms, form_name, place
from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY
from printables.layout import INKS, PAPERS, check_choice, mm, new_canvas, paper_size
from printables.layout import set_print_preferences as preferences
from rostermgr.errors import PrintRefused
from rostermgr.forlorn import ForlornRules

Progress = Callable[[int, int], None]
EDGE_MM = 10.0
HEAD_MM = 18.0  # the title and the instructions
SECTION_MM = 7.0  # a section's heading above its grid
LABEL_MM = 4.0  # the arm's label under a figure
TEXT_PT = 7.5
RED = HexColor("#9b1c1c")
GREY = HexColor("#7f7f7f")


def _colour(ink: str, colour: Color) -> Color:
    return colour if ink != "line-art" else black


def _wounded(c: Canvas, x: float, y: float, w: float, h: float, ink: str) -> None:
    """A red band across the marker (the seed's red pipe cleaner) and the word."""
    band = _colour(ink, RED)
    c.setStrokeColor(band)
    c.setLineWidth(0.8)
    c.setFillColor(band if ink == "colour" else white)
    c.rect(x + w * 0.08, y + h * 0.36, w * 0.84, h * 0.28, stroke=1, fill=1)
    c.setFillColor(white if ink == "colour" else band)
    c.setFont(CONDENSED_BOLD, 8)
    c.drawCentredString(x + w / 2, y + h / 2 - 2.8, "WOUNDED")


def _dying(c: Canvas, x: float, y: float, w: float, h: float, ink: str, faces: int) -> None:
    """DYING and the turns-left track: one box a face of the die."""
    c.setFillColor(_colour(ink, RED))
    c.setFont(CONDENSED_BOLD, 8)
    c.drawCentredString(x + w / 2, y + h * 0.66, "DYING")
    box = min(mm(2.6), (w - mm(2)) / faces)
    left = x + (w - box * faces) / 2
    c.setStrokeColor(black)
    c.setLineWidth(0.4)
    c.setFont(CONDENSED, 6.5)
    c.setFillColor(black)
    for k in range(faces):
        bx = left + k * box
        c.rect(bx, y + h * 0.32, box, box, stroke=1, fill=0)
        c.drawCentredString(bx + box / 2, y + h * 0.32 + box / 2 - 2.2, str(k + 1))
    c.setFont(CONDENSED, 6)
    c.drawCentredString(x + w / 2, y + h * 0.14, "turns left")


class _Sheet:
    """Sections of cells laid row by row down the pages, each cell with full cut lines."""

    def __init__(self, c: Canvas, size: tuple[float, float], title: str, ink: str) -> None:
        self.c, self.size, self.title, self.ink = c, size, title, ink
        self.page = 0
        self.y = 0.0
        self._new_page()

    def _new_page(self) -> None:
        c, (w, h) = self.c, self.size
        if self.page:
            c.showPage()
        self.page += 1
        c.setFillColor(black)
        c.setFont(DISPLAY, 14)
        c.drawString(mm(EDGE_MM), h - mm(EDGE_MM) - 14, "Forlorn Hope: markers")
        c.setFont(CONDENSED_BOLD, 10)
        c.drawRightString(w - mm(EDGE_MM), h - mm(EDGE_MM) - 14, self.title)
        c.setFont(CONDENSED, TEXT_PT)
        c.drawString(
            mm(EDGE_MM),
            h - mm(EDGE_MM) - 14 - mm(5),
            "Print at actual size on card, colour in, and cut along the lines. Dying: ring "
            "the number the die shows and strike one off at the end of each turn.",
        )
        c.drawRightString(w - mm(EDGE_MM), mm(EDGE_MM) - 4, f"page {self.page}")
        self.y = h - mm(EDGE_MM + HEAD_MM)

    def section(
        self,
        heading: str,
        count: int,
        cell: tuple[float, float],
        draw: Callable[[int, float, float], None],
    ) -> None:
        """`count` cells of size `cell` under a heading; draw(k, x, y) fills cell k."""
        if count == 0:
            return
        (w, _), (cw, ch) = self.size, cell
        cols = int((w - 2 * mm(EDGE_MM)) // cw)
        if self.y - mm(SECTION_MM) - ch < mm(EDGE_MM):
            self._new_page()
        self.c.setFillColor(black)
        self.c.setFont(CONDENSED_BOLD, 9)
        self.c.drawString(mm(EDGE_MM), self.y - mm(SECTION_MM) + mm(2), heading)
        self.y -= mm(SECTION_MM)
        left = (w - cols * cw) / 2
        for row in range(math.ceil(count / cols)):
            if self.y - ch < mm(EDGE_MM):
                self._new_page()
            n = min(cols, count - row * cols)
            for col in range(n):
                x = left + col * cw
                draw(row * cols + col, x, self.y - ch)
            self.c.setStrokeColor(GREY)
            self.c.setLineWidth(0.3)
            for col in range(n):
                self.c.rect(left + col * cw, self.y - ch, cw, ch, stroke=1, fill=0)
            self.y -= ch
        self.y -= mm(3)


def write_markers(
    rules: ForlornRules,
    out: str | Path | BinaryIO,
    *,
    siege: str | None = None,
    paper: str = "a4",
    ink_mode: str = "colour",
    progress: Progress | None = None,
) -> int:
    """Draw the markers sheet to `out`; returns the page count. `siege` is a key of the
    data's sieges (default: the first)."""
    check_choice(paper, PAPERS, "paper")
    check_choice(ink_mode, INKS, "ink")
    m = rules.markers
    siege = siege or next(iter(m.sieges))
    if siege not in m.sieges:
        known = ", ".join(m.sieges)
        raise PrintRefused(f"There is no siege '{siege}' in {rules.source}; choose {known}.")
    if m.wounded + m.dying + m.portuguese + sum(n for _, _, n in m.french) == 0:
        raise PrintRefused(f"{rules.source} asks for no marker at all: nothing to print.")
    size = mm(m.size_mm)
    c = new_canvas(
        out,
        paper_size(paper),
        title="Forlorn Hope markers",
        subject=f"Wounded, dying, French and Portuguese markers: {m.sieges[siege]}",
        fonts=[CONDENSED_BOLD, DISPLAY],
    )
    preferences(c, None)
    figures = {("french", 0), ("portuguese", 1)}
    define_forms(c, figures, ink_mode, size)
    sheet = _Sheet(c, paper_size(paper), m.sieges[siege], ink_mode)
    total = m.wounded + m.dying + m.portuguese + sum(n for _, _, n in m.french)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    def wounded(_k: int, x: float, y: float) -> None:
        _wounded(c, x, y, size, size, ink_mode)
        tick()

    def dying(_k: int, x: float, y: float) -> None:
        _dying(c, x, y, size, size, ink_mode, rules.die)
        tick()

    def fallen(unit: str, pose: int, labels: list[str]) -> Callable[[int, float, float], None]:
        def draw(k: int, x: float, y: float) -> None:
            place(c, form_name(unit, pose, ink_mode), x, y + mm(LABEL_MM), size, 2 * (k % 2))
            c.setFillColor(_colour(ink_mode, HexColor(Ink(ink_mode, unit).hex("coat"))))
            c.setFont(CONDENSED_BOLD, 6.5)
            c.drawCentredString(x + size / 2, y + mm(1.2), labels[k])
            tick()

        return draw

    sheet.section(f"Wounded ({m.wounded})", m.wounded, (size, size), wounded)
    sheet.section(f"Dying: D{rules.die} turns left ({m.dying})", m.dying, (size, size), dying)
    tall = (size, size + mm(LABEL_MM))
    labels = [label for _, label, n in m.french for _ in range(n)]
    arms = ", ".join(f"{arm.lower()} {n}" for arm, _, n in m.french if n)
    heading = f"French casualties by arm ({len(labels)}: {arms})"
    sheet.section(heading, len(labels), tall, fallen("french", 0, labels))
    portuguese = ["PORTUGUESE"] * m.portuguese
    heading = f"Portuguese casualties ({m.portuguese})"
    sheet.section(heading, m.portuguese, tall, fallen("portuguese", 1, portuguese))
    c.showPage()
    c.save()
    return sheet.page
