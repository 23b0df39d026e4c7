"""The duplex calibration sheet (DESIGN 6): is the printer at actual size, and where do backs land?

Page 1 (front) has a 100 mm scale bar and a grid of outlined squares. Page 2 (back) has a solid
square behind each, deliberately shifted by -2..+2 mm in x and y in the back page's own
coordinates, the same coordinates `write_cards(back_offset=...)` shifts back pages in. Held to
the light, the square whose solid back fills its outline exactly is labelled with the back
offset that corrects the printer.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from printables.cards.writer import FLIP
from printables.fonts import CONDENSED, DISPLAY, SANS, SANS_BOLD
from printables.layout import check_choice, mm, new_canvas, paper_size, set_print_preferences
from printables.text import ASCENT, wrap

OFFSETS_MM = (-2, -1, 0, 1, 2)
SQUARE_MM = 8.0
PITCH_MM = 16.0
SCALE_BAR_MM = 100
GRID_CENTRE_FROM_BOTTOM_MM = 115.0
SCALE_BAR_FROM_TOP_MM = 40.0
MARGIN_MM = 20.0
GREY = Color(0.55, 0.55, 0.55)
TEXT_PT = 9.0
LABEL_PT = 7.0


def write_calibration(
    out: str | Path | BinaryIO, *, paper: str = "a4", layout: str = "duplex-long"
) -> None:
    """Write the two-page calibration sheet for duplex printing on paper ('a4' or 'letter').

    layout is the duplex layout the cards will be printed with: 'duplex-long' (the default)
    or 'duplex-short'; the back squares sit behind their fronts for that flip.
    """
    w, h = paper_size(paper)
    check_choice(layout, tuple(FLIP), "calibration layout")
    c = new_canvas(
        out,
        (w, h),
        title="Duplex calibration sheet",
        subject="Find the back offset for printing double-sided roster cards",
        fonts=(CONDENSED, DISPLAY, SANS, SANS_BOLD),
    )
    set_print_preferences(c, FLIP[layout])
    squares = _squares(w, h)
    _front(c, w, h, squares, FLIP[layout])
    c.showPage()
    c.setPageSize((w, h))
    _back(c, w, h, squares, layout)
    c.showPage()
    c.save()


def _squares(w: float, h: float) -> list[tuple[float, float, int, int]]:
    """(x, y, dx, dy) of each front square: lower left in points, the back's offset in mm."""
    size, pitch = mm(SQUARE_MM), mm(PITCH_MM)
    n = len(OFFSETS_MM)
    x0 = (w - (n - 1) * pitch - size) / 2
    y0 = mm(GRID_CENTRE_FROM_BOTTOM_MM) - ((n - 1) * pitch + size) / 2
    out = []
    for i, dx in enumerate(OFFSETS_MM):
        for j, dy in enumerate(OFFSETS_MM):
            out.append((x0 + i * pitch, y0 + j * pitch, dx, dy))  # +DY rows higher
    return out


def _front(
    c: Canvas, w: float, h: float, squares: list[tuple[float, float, int, int]], flip: str
) -> None:
    left, width = mm(MARGIN_MM), w - 2 * mm(MARGIN_MM)
    top = h - mm(MARGIN_MM)
    c.setFillColor(black)
    c.setFont(DISPLAY, 18)
    c.drawString(left, top - ASCENT * 18, "Duplex calibration for roster cards")
    _scale_bar(c, left, h - mm(SCALE_BAR_FROM_TOP_MM) - mm(8))
    steps = [
        f"1. Print both pages double-sided at actual size (100%, no fit to page), flipping on "
        f"the {flip} edge, on the paper and printer you will use for your cards.",
        f"2. Measure the bar above: it must be exactly {SCALE_BAR_MM} mm. If it is not, the "
        "printer is scaling: turn scaling off and print again.",
        "3. Hold the sheet up to a strong light with this side towards you. Behind each "
        "outlined square the back page has a solid grey square, shifted on purpose.",
        "4. Find the square whose grey shadow fills its outline exactly. The two numbers under "
        "it are your back offset DX,DY in mm: print cards with --back-offset DX,DY (or type "
        "them into the print dialog). If 0,0 lines up, your printer needs no offset.",
        "5. If the best square is at the edge of the grid, the offset may be larger: use its "
        "numbers, print this sheet again with them in mind, and check once more.",
    ]
    y = h - mm(SCALE_BAR_FROM_TOP_MM) - mm(20)
    c.setFont(SANS, TEXT_PT)
    for step in steps:
        for line in wrap(step, SANS, TEXT_PT, width):
            c.drawString(left, y, line)
            y -= TEXT_PT * 1.3
        y -= TEXT_PT * 0.5
    size = mm(SQUARE_MM)
    c.setStrokeColor(black)
    c.setLineWidth(0.5)
    c.setFont(CONDENSED, LABEL_PT)
    for x, y, dx, dy in squares:
        c.rect(x, y, size, size, stroke=1, fill=0)
        c.drawCentredString(x + size / 2, y - LABEL_PT * 1.2, f"{dx},{dy}")
    c.setFont(SANS_BOLD, LABEL_PT)
    gx, gy = min(s[0] for s in squares), max(s[1] for s in squares)
    c.drawString(gx, gy + size + LABEL_PT, "DX,DY under each square")


def _scale_bar(c: Canvas, left: float, y: float) -> None:
    c.setStrokeColor(black)
    c.setFillColor(black)
    c.setLineWidth(0.4)
    c.rect(left, y, mm(SCALE_BAR_MM), mm(1.5), stroke=0, fill=1)
    c.setFont(CONDENSED, LABEL_PT)
    for k in range(SCALE_BAR_MM + 1):
        tall = 4.0 if k % 10 == 0 else (2.5 if k % 5 == 0 else 1.5)
        x = left + mm(k)
        c.line(x, y + mm(1.5), x, y + mm(1.5) + mm(tall))
        if k % 10 == 0:
            c.drawCentredString(x, y + mm(1.5) + mm(tall) + 2, str(k))
    c.drawString(left + mm(SCALE_BAR_MM) + 6, y, f"{SCALE_BAR_MM} mm")


def _back(
    c: Canvas, w: float, h: float, squares: list[tuple[float, float, int, int]], layout: str
) -> None:
    size = mm(SQUARE_MM)
    c.setFillColor(GREY)
    c.setFont(CONDENSED, LABEL_PT)
    for x, y, dx, dy in squares:
        bx, by = (w - x - size, y) if layout == "duplex-long" else (x, h - y - size)
        bx, by = bx + mm(dx), by + mm(dy)
        c.rect(bx, by, size, size, stroke=0, fill=1)
        c.drawCentredString(bx + size / 2, by - LABEL_PT * 1.2, f"{dx},{dy}")
    c.setFillColor(black)
    c.setFont(SANS, TEXT_PT)
    c.drawString(
        mm(MARGIN_MM),
        h - mm(MARGIN_MM) - TEXT_PT,
        "Back of the calibration sheet: read it from the other side, against a light.",
    )
