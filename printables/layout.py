"""Shared sheet geometry for every exporter: paper, grids of butted cells, cut marks, notes.

Everything here is in PDF points (1/72 inch) unless a name says mm. reportlab's y axis runs up
from the bottom of the page. Nothing here knows about roster cards: a `Grid` is any block of
equal cells butted together and centred on a page (DESIGN 6).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, register_fonts
from printables.text import block_height, fit_lines, glyph_extent
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
CUT_MARK_MIN_MM = 3.0  # ... to stay this long, what a trimmer's blade can be laid on (issue 31)
CUT_LINE_PT = 0.3  # full cut lines (--cut-lines), for scissors
EDGE_CLEAR_MM = 5.0  # nothing is drawn nearer the paper's edge than this: printers' grip
FOLD_DASH_PT = (2.0, 1.5)
NOTE_SIZE_PT = 6.0  # the floor for type on every sheet: a long note wraps, never shrinks
NOTE_LINES = 2  # a note longer than its margin wraps onto this many lines at most
NOTE_LEAD = 1.15
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
    """cols x rows cells of cell_w x cell_h centred on a page_w x page_h page: butted together,
    or `gap` points apart (each cell then cut on its own four lines)."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    cell_w: float
    cell_h: float
    # A shifted block (a back page moved by --back-offset), in points: marks and notes are laid
    # out round the block where it is printed, so they too keep clear of the paper's edge.
    dx: float = 0.0
    dy: float = 0.0
    gap: float = 0.0

    @property
    def x0(self) -> float:
        return (self.page_w - self.block_w) / 2 + self.dx

    @property
    def y0(self) -> float:
        return (self.page_h - self.block_h) / 2 + self.dy

    @property
    def block_w(self) -> float:
        return self.cols * self.cell_w + (self.cols - 1) * self.gap

    @property
    def block_h(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.gap

    def shifted(self, dx: float, dy: float) -> Grid:
        """The same grid with its block moved by (dx, dy) points."""
        return replace(self, dx=dx, dy=dy)

    @property
    def block(self) -> Rect:
        return Rect(self.x0, self.y0, self.block_w, self.block_h)

    def cell(self, col: int, row: int) -> Rect:
        """The cell in column col (0 = left) and row row (0 = top)."""
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise IndexError((col, row))
        y = self.y0 + (self.rows - 1 - row) * (self.cell_h + self.gap)
        return Rect(self.x0 + col * (self.cell_w + self.gap), y, self.cell_w, self.cell_h)

    @property
    def xs(self) -> list[float]:
        """The vertical cut lines, left to right: each cell's two edges when there is a gap."""
        return _lines(self.x0, self.cols, self.cell_w, self.gap)

    @property
    def ys(self) -> list[float]:
        """The horizontal cut lines, bottom to top."""
        return _lines(self.y0, self.rows, self.cell_h, self.gap)


def _lines(start: float, n: int, size: float, gap: float) -> list[float]:
    if not gap:
        return [start + i * size for i in range(n + 1)]
    return [start + i * (size + gap) + edge for i in range(n) for edge in (0.0, size)]


def new_canvas(
    out: str | Path | BinaryIO,
    pagesize: tuple[float, float],
    *,
    title: str,
    subject: str,
    fonts: Iterable[str] | None = None,
    enforce_colour: Callable[[object], object] | None = None,
) -> Canvas:
    """A deterministic canvas (invariant=1) with metadata and the fonts it draws with registered.

    The margin notes' font is added to `fonts`; no other is parsed (each file costs ~8 ms).
    enforce_colour, when given, turns every colour set on the canvas into the one it returns
    (the print shop's CMYK twins: printables.cards.pdfx).
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
        enforceColorSpace=enforce_colour,
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


def mark_span(margin: float, reserve: float = 0.0) -> tuple[float, float]:
    """(gap, length) in points of a cut mark in a margin this deep: clear of the cells, and
    its stroke ending EDGE_CLEAR_MM short of the paper's edge, and `reserve` points short of
    that where a note needs them (a narrow margin gets a short mark, none when there is no
    room: on a back page shifted by --back-offset the fronts' marks are the ones cut along)."""
    room = margin - mm(EDGE_CLEAR_MM) - CUT_MARK_WIDTH_PT / 2  # the stroke counts
    gap = min(mm(CUT_MARK_GAP_MM), max(room - mm(CUT_MARK_MIN_MM), mm(CUT_MARK_MIN_GAP_MM)))
    return gap, max(0.0, min(mm(CUT_MARK_LENGTH_MM), room - gap - reserve))


def _spans(grid: Grid) -> tuple[tuple[float, float], ...]:
    """mark_span for the left, bottom, right and top margins; the pair carrying the notes
    keeps room for one line of them beyond the marks."""
    on_top = _note_sides(grid)
    reserve = note_height(1)
    return tuple(
        mark_span(m, reserve if (i % 2 == 1) == on_top else 0.0)
        for i, m in enumerate(margins(grid))
    )


def shortest_mark(grid: Grid) -> float:
    """The length (points) of the shortest cut mark round this grid's block."""
    return min(length for _, length in _spans(grid))


def margins(grid: Grid) -> tuple[float, float, float, float]:
    """The block's distance from the paper's left, bottom, right and top edges, in points."""
    b = grid.block
    return b.x, b.y, grid.page_w - b.right, grid.page_h - b.top


def cut_mark_segments(grid: Grid, *, skip_ys: Iterable[float] = ()) -> list[tuple[float, ...]]:
    """Cut marks as (x1, y1, x2, y2): on every grid line, in the margins only, clear of cells
    and EDGE_CLEAR_MM clear of the paper's edge (each side by its own margin)."""
    b = grid.block
    skip = list(skip_ys)
    left, bottom, right, top = _spans(grid)
    segments: list[tuple[float, ...]] = []
    for x in grid.xs:
        for (gap, length), y, sign in ((top, b.top, 1), (bottom, b.y, -1)):
            if length > 0:
                segments.append((x, y + sign * gap, x, y + sign * (gap + length)))
    for y in grid.ys:
        if any(math.isclose(y, s) for s in skip):
            continue
        for (gap, length), x, sign in ((left, b.x, -1), (right, b.right, 1)):
            if length > 0:
                segments.append((x + sign * gap, y, x + sign * (gap + length), y))
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


def note_lines(text: str, width: float) -> list[str]:
    """A margin note at NOTE_SIZE_PT, wrapped onto at most NOTE_LINES lines of width."""
    return fit_lines(text, CONDENSED, width, NOTE_SIZE_PT, NOTE_SIZE_PT, NOTE_LINES)[1]


def note_band(margin: float) -> float:
    """The depth (points) a margin this deep leaves for a note: from EDGE_CLEAR_MM inside the
    paper's edge to the outer end of its cut marks (which leave it a line at least)."""
    gap, length = mark_span(margin, note_height(1))
    return margin - gap - length - mm(NOTE_EDGE_MM)


def note_height(lines: int) -> float:
    return block_height(NOTE_SIZE_PT, lines, NOTE_LEAD)


def _note_sides(grid: Grid) -> bool:
    """Whether the notes go in the top and bottom margins (else left and right): the deeper
    pair of the centred block, so a shifted back page keeps its notes where its front has them."""
    left, bottom, right, top = margins(grid.shifted(0.0, 0.0))
    return min(top, bottom) >= min(left, right)


def notes_fit(grid: Grid, head: str, detail: str) -> bool:
    """Whether both notes fit their margins at NOTE_SIZE_PT, EDGE_CLEAR_MM inside the edge."""
    left, bottom, right, top = margins(grid)
    b = grid.block
    if _note_sides(grid):
        pairs = ((head, top, b.w), (detail, bottom, b.w))
    else:
        pairs = ((head, left, b.h), (detail, right, b.h))
    return all(note_band(m) >= note_height(len(note_lines(t, w))) - 0.01 for t, m, w in pairs)


def draw_margin_note(c: Canvas, grid: Grid, head: str, detail: str) -> None:
    """Two notes of instructions in the margins, beyond the cut marks and clear of the cells.

    When the top and bottom margins are the deeper pair, head goes at the top and detail at the
    bottom; otherwise head goes in the left margin and detail in the right, both reading
    upwards. The type is NOTE_SIZE_PT, never smaller: a note too long for its margin wraps.
    Each note sits in the middle of its band, which keeps EDGE_CLEAR_MM from the paper's edge
    (a caller checks `notes_fit` first; the back offset's limits keep them fitting).
    """
    b = grid.block
    left, bottom, right, top = margins(grid)
    asc = glyph_extent(NOTE_SIZE_PT)[0]
    lead = NOTE_LEAD * NOTE_SIZE_PT
    c.saveState()
    c.setFillColor(Color(0.2, 0.2, 0.2))
    c.setFont(CONDENSED, NOTE_SIZE_PT)
    if _note_sides(grid):
        for text, margin, at_top in ((head, top, True), (detail, bottom, False)):
            lines = note_lines(text, b.w)
            mid = mm(NOTE_EDGE_MM) + note_band(margin) / 2  # from this side's edge
            half = note_height(len(lines)) / 2
            for i, line in enumerate(lines):
                if at_top:  # the first line's glyph tops nearest the top edge
                    y = grid.page_h - (mid - half + asc) - i * lead
                else:
                    y = mid + half - asc - i * lead
                c.drawCentredString(b.x + b.w / 2, y, line)
    else:
        c.rotate(90)  # (u, v) -> page (-v, u): u runs up the page, glyph tops point left
        for text, margin, left_side in ((head, left, True), (detail, right, False)):
            lines = note_lines(text, b.h)
            mid = mm(NOTE_EDGE_MM) + note_band(margin) / 2
            half = note_height(len(lines)) / 2
            # the page x of the glyph tops of the first line (the side nearer the left edge)
            tops = mid - half if left_side else grid.page_w - mid - half
            for i, line in enumerate(lines):
                c.drawCentredString(b.y + b.h / 2, -(tops + asc + i * lead), line)
    c.restoreState()
