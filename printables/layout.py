"""Shared sheet geometry for every exporter: paper, grids of butted cells, cut marks, notes.

Everything here is in PDF points (1/72 inch) unless a name says mm. reportlab's y axis runs up
from the bottom of the page. Nothing here knows about roster cards: a `Grid` is any block of
equal cells butted together and centred on a page (DESIGN 6).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, register_fonts
from printables.text import fit_size, glyph_extent
from rostermgr.errors import PrintRefused

MM = 72 / 25.4  # points per millimetre

A4_MM = (210.0, 297.0)
LETTER_MM = (215.9, 279.4)
PAPERS_MM = {"a4": A4_MM, "letter": LETTER_MM}
PAPERS = tuple(PAPERS_MM)
INKS = ("colour", "ink-saver", "line-art")

CUT_MARK_WIDTH_PT = 0.4
CUT_MARK_GREY = 0.45  # grey level of cut and fold marks: visible, but quieter than the cards
CUT_MARK_GAP_MM = 1.0  # marks stop this far short of the cells: they never touch a card
CUT_MARK_LENGTH_MM = 4.0
CUT_MARK_MIN_GAP_MM = 0.3  # where a margin is narrow, marks start closer to the cells
CUT_LINE_PT = 0.3  # full cut lines (--cut-lines), for scissors
EDGE_CLEAR_MM = 5.0  # nothing is drawn nearer the paper's edge than this: printers' grip
FOLD_DASH_PT = (2.0, 1.5)
NOTE_SIZE_PT = 6.0
NOTE_MIN_PT = 5.0
NOTE_EDGE_MM = EDGE_CLEAR_MM  # notes sit at least this far from the paper edge

AUTHOR = "rostermgr"


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


def check_choice(value: str, choices: Sequence[str], what: str) -> str:
    """Return value when it is one of choices; otherwise one plain sentence as a PrintRefused."""
    if value not in choices:
        listed = ", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]
        raise PrintRefused(f"The {what} '{value}' is not known; choose {listed}.")
    return value


def paper_size(paper: str, *, landscape: bool = False) -> tuple[float, float]:
    """Page width and height in points for a paper name ('a4' or 'letter')."""
    check_choice(paper, PAPERS, "paper")
    w, h = (mm(v) for v in PAPERS_MM[paper])
    return (h, w) if landscape else (w, h)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Grid:
    """cols x rows cells of cell_w x cell_h, butted and centred on a page_w x page_h page."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    cell_w: float
    cell_h: float

    @property
    def x0(self) -> float:
        return (self.page_w - self.cols * self.cell_w) / 2

    @property
    def y0(self) -> float:
        return (self.page_h - self.rows * self.cell_h) / 2

    @property
    def block(self) -> Rect:
        return Rect(self.x0, self.y0, self.cols * self.cell_w, self.rows * self.cell_h)

    def cell(self, col: int, row: int) -> Rect:
        """The cell in column col (0 = left) and row row (0 = top)."""
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise IndexError((col, row))
        y = self.y0 + (self.rows - 1 - row) * self.cell_h
        return Rect(self.x0 + col * self.cell_w, y, self.cell_w, self.cell_h)

    @property
    def xs(self) -> list[float]:
        """The vertical grid lines, left to right."""
        return [self.x0 + i * self.cell_w for i in range(self.cols + 1)]

    @property
    def ys(self) -> list[float]:
        """The horizontal grid lines, bottom to top."""
        return [self.y0 + j * self.cell_h for j in range(self.rows + 1)]


def new_canvas(
    out: str | Path | BinaryIO,
    pagesize: tuple[float, float],
    *,
    title: str,
    subject: str,
    fonts: Iterable[str] | None = None,
) -> Canvas:
    """A deterministic canvas (invariant=1) with metadata and the fonts it draws with registered.

    The margin notes' font is added to `fonts`; no other is parsed (each file costs ~8 ms).
    """
    register_fonts([CONDENSED, *fonts] if fonts is not None else None)
    target = str(out) if isinstance(out, Path) else out
    # initialFontName: else every page starts by selecting Helvetica, which is never embedded;
    # the notes' font, since every page draws its notes with it.
    c = Canvas(
        target,
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=CONDENSED,
        initialFontSize=10,
    )
    c.setTitle(title)
    c.setAuthor(AUTHOR)
    c.setSubject(subject)
    c.setCreator(AUTHOR)
    return c


def set_print_preferences(c: Canvas, duplex: str | None) -> None:
    """Ask viewers to print at actual size and, for duplex, to flip on the 'long' or 'short' edge.

    Viewers may ignore these, so every exporter also prints its instructions on the page.
    """
    mode = {None: "Simplex", "long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}[duplex]
    c.setViewerPreference("Duplex", mode)
    c.setViewerPreference("PrintScaling", "None")


def mark_span(margin: float) -> tuple[float, float]:
    """(gap, length) in points of a cut mark in a margin this deep: clear of the cells, and
    ending EDGE_CLEAR_MM short of the paper's edge (a narrow margin gets a short mark)."""
    room = margin - mm(EDGE_CLEAR_MM)
    gap = min(mm(CUT_MARK_GAP_MM), max(room - mm(1.0), mm(CUT_MARK_MIN_GAP_MM)))
    return gap, max(0.0, min(mm(CUT_MARK_LENGTH_MM), room - gap))


def cut_mark_segments(grid: Grid, *, skip_ys: Iterable[float] = ()) -> list[tuple[float, ...]]:
    """Cut marks as (x1, y1, x2, y2): on every grid line, in the margins only, clear of cells
    and EDGE_CLEAR_MM clear of the paper's edge."""
    b = grid.block
    skip = list(skip_ys)
    v_gap, v_len = mark_span(min(b.y, grid.page_h - b.top))
    h_gap, h_len = mark_span(min(b.x, grid.page_w - b.right))
    segments: list[tuple[float, ...]] = []
    if v_len > 0:
        for x in grid.xs:
            segments.append((x, b.top + v_gap, x, b.top + v_gap + v_len))
            segments.append((x, b.y - v_gap, x, b.y - v_gap - v_len))
    if h_len > 0:
        for y in grid.ys:
            if any(math.isclose(y, s) for s in skip):
                continue
            segments.append((b.x - h_gap, y, b.x - h_gap - h_len, y))
            segments.append((b.right + h_gap, y, b.right + h_gap + h_len, y))
    return segments


def draw_cut_lines(c: Canvas, grid: Grid, *, skip_ys: Iterable[float] = ()) -> None:
    """Full cut lines across the block on every grid line, for cutting with scissors.

    Thin and grey, drawn over the cells' edges only: a line on a cell's edge is cut away.
    """
    b = grid.block
    skip = list(skip_ys)
    c.saveState()
    c.setStrokeColor(Color(CUT_MARK_GREY, CUT_MARK_GREY, CUT_MARK_GREY))
    c.setLineWidth(CUT_LINE_PT)
    for x in grid.xs:
        c.line(x, b.y, x, b.top)
    for y in grid.ys:
        if not any(math.isclose(y, s) for s in skip):
            c.line(b.x, y, b.right, y)
    c.restoreState()


def draw_cut_marks(c: Canvas, grid: Grid, *, skip_ys: Iterable[float] = ()) -> None:
    """Thin grey cut marks in the margins on the grid lines; never an outline round a cell."""
    c.saveState()
    c.setStrokeColor(Color(CUT_MARK_GREY, CUT_MARK_GREY, CUT_MARK_GREY))
    c.setLineWidth(CUT_MARK_WIDTH_PT)
    for x1, y1, x2, y2 in cut_mark_segments(grid, skip_ys=skip_ys):
        c.line(x1, y1, x2, y2)
    c.restoreState()


def draw_fold_marks(c: Canvas, grid: Grid, y: float, label: str = "fold") -> None:
    """A dashed fold line at height y: in the left and right margins, labelled, and across the
    block between each front and its back (draw it after the cells, so it shows)."""
    gap, length = mark_span(min(grid.block.x, grid.page_w - grid.block.right))
    b = grid.block
    c.saveState()
    grey = Color(CUT_MARK_GREY, CUT_MARK_GREY, CUT_MARK_GREY)
    c.setStrokeColor(grey)
    c.setFillColor(grey)
    c.setLineWidth(CUT_MARK_WIDTH_PT)
    c.setDash(*FOLD_DASH_PT)
    c.line(b.x - gap, y, b.x - gap - length, y)
    c.line(b.right + gap, y, b.right + gap + length, y)
    c.line(b.x, y, b.right, y)
    c.setFont(CONDENSED, NOTE_SIZE_PT)
    c.drawRightString(b.x - gap, y + 1.5, label)
    c.drawString(b.right + gap, y + 1.5, label)
    c.restoreState()


def draw_margin_note(c: Canvas, grid: Grid, head: str, detail: str) -> None:
    """Two lines of instructions in the margins, beyond the cut marks and clear of the cells.

    When the top and bottom margins are the deeper pair, head goes at the top and detail at the
    bottom; otherwise head goes in the left margin and detail in the right, both reading
    upwards. A line too long for its margin is shrunk; it never reaches the cells.
    """
    b = grid.block
    vertical_room, side_room = grid.page_h - b.top, b.x
    c.saveState()
    c.setFillColor(Color(0.2, 0.2, 0.2))
    if vertical_room >= side_room:
        for text, outer_edge in ((head, grid.page_h), (detail, 0.0)):
            size = fit_size(text, CONDENSED, b.w, NOTE_SIZE_PT, NOTE_MIN_PT)
            asc, desc = glyph_extent(size)
            mid = _note_band_middle(vertical_room, asc + desc)
            # distance from the paper edge to the middle of the text box
            if outer_edge > 0:
                baseline = grid.page_h - mid - (asc - desc) / 2
            else:
                baseline = mid - (asc - desc) / 2
            c.setFont(CONDENSED, size)
            c.drawCentredString(grid.page_w / 2, baseline, text)
    else:
        c.rotate(90)  # (u, v) -> page (-v, u): u runs up the page, glyph tops point left
        for text, left_side in ((head, True), (detail, False)):
            size = fit_size(text, CONDENSED, b.h, NOTE_SIZE_PT, NOTE_MIN_PT)
            asc, desc = glyph_extent(size)
            mid = _note_band_middle(side_room, asc + desc)
            centre_x = mid if left_side else grid.page_w - mid
            baseline_x = centre_x + (asc - desc) / 2
            c.setFont(CONDENSED, size)
            c.drawCentredString(grid.page_h / 2, -baseline_x, text)
    c.restoreState()


def _note_band_middle(room: float, text_h: float) -> float:
    """Distance from the paper edge to the middle of the band a margin note may use."""
    gap, length = mark_span(room)
    outer = room - gap - length  # where the cut marks end
    edge = mm(NOTE_EDGE_MM)
    if outer - edge >= text_h:
        return (edge + outer) / 2
    return max(outer, text_h) / 2
