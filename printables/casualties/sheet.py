"""Casualty-marker sheets: markers butted on a grid, cut ticks in the margins, title, legend."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printables.casualties.figures import BOX, SCALE, figure
from printables.casualties.inks import INKS, UNITS, Ink
from printables.casualties.poses import POSES
from printables.casualties.prims import Prim, extent, paint
from printables.fonts import DISPLAY, SANS, SANS_BOLD, register_fonts
from rostermgr.errors import PrintRefused

MM = 72 / 25.4
PAPERS: dict[str, tuple[float, float]] = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}

MARKER_MM = 19.05  # 3/4 inch
MARKER_MIN_MM = 12.0
MARKER_MAX_MM = 40.0
MAX_MARKERS = 5000
MIX_PERCENT = {"highlander": 15, "rifle": 15}  # the rest of the British are line infantry

SIDE_MARGIN_MIN_MM = 9.0  # room for the row ticks left and right of the grid
TOP_MARGIN_MM = 8.0
HEADER_MM = 22.0  # title, instructions and legend
TICK_ZONE_MM = 7.0  # between the legend and the grid: the column ticks
BOTTOM_MARGIN_MIN_MM = 10.0  # below the grid: the column ticks, clear of the printer's edge
TICK_GAP_MM = 1.5  # ticks stop this far from the markers
ART_INSET_MM = 1.0  # a figure keeps this far inside its cut: a slightly wide cut leaves it whole
TICK_LEN_MM = 4.5  # at most: shorter where the margin is narrow
TICK_EDGE_MM = 5.0  # ticks stop this far from the paper's edge, which printers may not reach
TICK_WIDTH_PT = 0.4
CUT_LINE_PT = 0.3  # full cut lines between the markers (cut_lines), for scissors
MIN_STROKE_PT = 0.25  # the thinnest line of a figure: a photocopier keeps it
FRENCH_MARK_MM = 1.2  # radius of the cockade that tells a French marker apart once cut
TICK_GREY = HexColor("#7f7f7f")
LEGEND_MM = 8.0  # legend samples, smaller than any marker

NAMES = {
    "line": "British line",
    "highlander": "Highlanders",
    "rifle": "Riflemen (95th)",
    "french": "French",  # the seed's French have no line infantry: by arm on fh-markers
}

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Grid:
    """Where the markers go on a page, in points."""

    width: float
    height: float
    size: float
    cols: int
    rows: int

    @property
    def left(self) -> float:
        """x of the grid's left edge (the grid is centred)."""
        return (self.width - self.cols * self.size) / 2

    @property
    def top(self) -> float:
        """y of the grid's top edge."""
        return self.height - (TOP_MARGIN_MM + HEADER_MM + TICK_ZONE_MM) * MM

    @property
    def per_page(self) -> int:
        """Markers on a full page."""
        return self.cols * self.rows

    def cell(self, k: int) -> tuple[float, float]:
        """Lower-left corner of the k-th cell, row by row from the top left."""
        row, col = divmod(k, self.cols)
        return self.left + col * self.size, self.top - (row + 1) * self.size


def make_grid(paper: str, marker_mm: float) -> Grid:
    """The largest grid of markers that fits the paper with room for ticks and header."""
    width, height = PAPERS[paper]
    size = marker_mm * MM
    cols = int((width - 2 * SIDE_MARGIN_MIN_MM * MM) // size)
    free = height - (TOP_MARGIN_MM + HEADER_MM + TICK_ZONE_MM + BOTTOM_MARGIN_MIN_MM) * MM
    return Grid(width, height, size, cols, int(free // size))


def casualty_mix(british: int, french: int) -> list[tuple[str, int]]:
    """How many markers of each unit: the British split 70/15/15 line/Highland/rifle."""
    highland = (british * MIX_PERCENT["highlander"] + 50) // 100
    rifle = (british * MIX_PERCENT["rifle"] + 50) // 100
    line = british - highland - rifle
    counts = [("line", line), ("highlander", highland), ("rifle", rifle), ("french", french)]
    return [(u, n) for u, n in counts if n > 0]


def markers(british: int, french: int, cols: int) -> list[tuple[str, int, int]]:
    """Every marker in sheet order as (unit, pose, turn 0-3); neighbours never share a pose."""
    units = [u for u, n in casualty_mix(british, french) for _ in range(n)]
    out: list[tuple[str, int, int]] = []
    for k, u in enumerate(units):
        taken = {out[k - 1][1]} if k % cols else set()
        if k >= cols:
            taken.add(out[k - cols][1])
        start = _scramble(k)
        pose = next(p for i in range(len(POSES)) if (p := (start + i) % len(POSES)) not in taken)
        out.append((u, pose, _scramble(k + 7919) % 4))
    return out


def _scramble(n: int) -> int:
    """A fixed integer hash, so the sheet is the same every run."""
    n = (n * 2654435761 + 12345) & 0xFFFFFFFF
    return (n ^ (n >> 13)) >> 7


def form_name(unit: str, pose: int, ink: str) -> str:
    """The PDF form that holds one kind of marker."""
    return f"casualty-{unit}-{pose}-{ink}"


def define_forms(c: Canvas, kinds: set[tuple[str, int]], ink: str, size: float) -> None:
    """Draw each kind of marker once, as a form of size x size points.

    French markers carry a cockade in a corner, so they are told apart in line art too.
    """
    for unit, pose in sorted(kinds):
        fig = figure(unit, POSES[pose])
        k = min(SCALE * POSES[pose].zoom * size / BOX, _inside(fig, size))
        c.beginForm(form_name(unit, pose, ink), 0, 0, size, size)
        if unit == "french":
            draw_cockade(c, size, Ink(ink, unit))
        c.saveState()
        c.translate(size / 2 - k * BOX / 2, size / 2 - k * BOX / 2)
        c.scale(k, k)
        paint(c, fig, Ink(ink, unit, MIN_STROKE_PT / k))
        c.restoreState()
        c.endForm()


def _inside(fig: list[Prim], size: float) -> float:
    """The largest scale at which the figure, centred in its size x size cell and however it
    is turned, stays ART_INSET_MM inside the cut (its outline's width counted)."""
    x0, y0, x1, y1 = extent(fig)
    # centred in the box: the farther side from the centre decides, either way round
    reach = max(BOX / 2 - x0, x1 - BOX / 2, BOX / 2 - y0, y1 - BOX / 2)
    # extent's box is an estimate: outlines and curved fills reach up to 0.75 pt beyond it
    room = size / 2 - ART_INSET_MM * MM - 0.75
    return room / reach


def draw_cockade(c: Canvas, size: float, ink: Ink) -> None:
    """A small round cockade near a corner of a size x size cell: the French marker's mark.

    It is round, so it reads the same however the marker is turned or mirrored.
    """
    r = FRENCH_MARK_MM * MM
    x = y = r + 1.2 * MM
    c.saveState()
    c.setLineWidth(max(MIN_STROKE_PT, 0.4))
    c.setStrokeColor(ink.outline)
    colour = ink.mode == "colour"
    rings = ((r, "facing"), (r * 0.62, "lapel"), (r * 0.3, "coat"))
    for radius, role in rings:
        c.setFillColor(ink.fill(role) if colour else white)
        c.circle(x, y, radius, stroke=1, fill=1)
    c.restoreState()


def place(c: Canvas, name: str, x: float, y: float, size: float, turn: int) -> None:
    """Place a form in a cell: turn 0-3 is as drawn, half-turned, mirrored, or both."""
    c.saveState()
    c.translate(x + size / 2, y + size / 2)
    c.rotate(180 * (turn % 2))
    if turn >= 2:
        c.scale(-1, 1)
    c.translate(-size / 2, -size / 2)
    c.doForm(name)
    c.restoreState()


def draw_ticks(c: Canvas, g: Grid, rows: int) -> None:
    """Cut ticks on every grid line, in the margins only, never over a marker."""
    gap = TICK_GAP_MM * MM
    left, right = g.left, g.left + g.cols * g.size
    top, bottom = g.top, g.top - rows * g.size
    # the side margins are equal, as are the ticks left and right; the bottom has its own room
    side = min(TICK_LEN_MM * MM, left - gap - TICK_EDGE_MM * MM)
    below = min(TICK_LEN_MM * MM, bottom - gap - TICK_EDGE_MM * MM)
    c.saveState()
    c.setStrokeColor(TICK_GREY)
    c.setLineWidth(TICK_WIDTH_PT)
    c.setLineCap(0)
    for i in range(g.cols + 1):
        x = left + i * g.size
        c.line(x, top + gap, x, top + gap + TICK_LEN_MM * MM)
        c.line(x, bottom - gap, x, bottom - gap - below)
    for j in range(rows + 1):
        y = top - j * g.size
        c.line(left - gap - side, y, left - gap, y)
        c.line(right + gap, y, right + gap + side, y)
    c.restoreState()


def draw_cut_lines(c: Canvas, g: Grid, count: int) -> None:
    """Full cut lines round the count markers of a page, for cutting with scissors."""
    full, rest = divmod(count, g.cols)
    c.saveState()
    c.setStrokeColor(TICK_GREY)
    c.setLineWidth(CUT_LINE_PT)
    for j in range(full + 1):
        c.line(g.left, g.top - j * g.size, g.left + g.cols * g.size, g.top - j * g.size)
    if rest:
        y = g.top - (full + 1) * g.size
        c.line(g.left, y, g.left + rest * g.size, y)
    for i in range(g.cols + 1):
        rows = full + (1 if rest and i <= rest else 0)
        c.line(g.left + i * g.size, g.top, g.left + i * g.size, g.top - rows * g.size)
    c.restoreState()


def draw_ground(c: Canvas, g: Grid, count: int, ink: Ink) -> None:
    """Colour mode: a sandy ground under each marker, alternating shades to show the cuts."""
    shades: tuple[Color, Color] = (ink.fill("ground_a"), ink.fill("ground_b"))
    for k in range(count):
        x, y = g.cell(k)
        row, col = divmod(k, g.cols)
        c.setFillColor(shades[(row + col) % 2])
        c.rect(x, y, g.size, g.size, stroke=0, fill=1)


def draw_header(
    c: Canvas,
    g: Grid,
    page: int,
    pages: int,
    ink: str,
    counts: list[tuple[str, int]],
    totals: tuple[int, int],
    siege: str = "",
) -> None:
    """Title, how to use the sheet, and the legend of this page's figures with counts."""
    left, right = g.left, g.left + g.cols * g.size
    y = g.height - TOP_MARGIN_MM * MM - 5.5 * MM
    c.setFillColor(HexColor("#1a1a1a"))
    c.setFont(DISPLAY, 15)
    c.drawString(left, y, "Forlorn Hope \u2014 casualty markers")
    c.setFont(SANS, 8)
    where = f"{siege} \u00b7 " if siege else ""
    c.drawRightString(right, y, f"{where}page {page} of {pages}")
    y -= 4.6 * MM
    c.setFont(SANS, 7)
    british, french = totals
    c.drawString(
        left,
        y,
        f"{british} British and {french} French in all. Print at actual size "
        "on card, colour or paint the figures, and cut along the lines between "
        "the grey ticks.",
    )
    y -= 2.5 * MM + LEGEND_MM * MM
    size = LEGEND_MM * MM
    x = left
    for unit, n in counts:
        c.saveState()
        c.translate(x, y)
        c.scale(size / g.size, size / g.size)
        c.doForm(form_name(unit, 0, ink))
        c.restoreState()
        c.setFont(SANS_BOLD, 7.5)
        c.drawString(x + size + 1 * MM, y + size / 2 + 0.6 * MM, NAMES[unit])
        c.setFont(SANS, 7.5)
        c.drawString(x + size + 1 * MM, y + size / 2 - 3.0 * MM, f"\u00d7 {n} on this page")
        x += (right - left) / 4


def validate(british: int, french: int, paper: str, ink: str, marker_mm: float) -> None:
    """Raise PrintRefused, with one plain sentence, for anything the sheet cannot print."""
    for name, n in (("British", british), ("French", french)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise PrintRefused(f"The number of {name} markers must be a whole number, 0 or more.")
    if british + french == 0:
        raise PrintRefused("Ask for at least one casualty marker.")
    if british + french > MAX_MARKERS:
        raise PrintRefused(f"At most {MAX_MARKERS} casualty markers can be printed at once.")
    if paper not in PAPERS:
        raise PrintRefused(f"Paper must be one of {', '.join(PAPERS)}, not {paper!r}.")
    if ink not in INKS:
        raise PrintRefused(f"Ink must be one of {', '.join(INKS)}, not {ink!r}.")
    if not isinstance(marker_mm, int | float) or not (
        math.isfinite(marker_mm) and MARKER_MIN_MM <= marker_mm <= MARKER_MAX_MM
    ):
        raise PrintRefused(
            f"The marker size must be between {MARKER_MIN_MM:g} and {MARKER_MAX_MM:g} mm."
        )


def write_casualty_sheets(
    out: str | Path | BinaryIO,
    *,
    british: int = 100,
    french: int = 10,
    paper: str = "a4",
    ink: str = "colour",
    marker_mm: float = MARKER_MM,
    progress: Progress | None = None,
    cut_lines: bool = False,
    siege: str = "",
) -> int:
    """Write Forlorn Hope casualty-marker sheets as a PDF; return the number of pages.

    cut_lines draws full cut lines between the markers, besides the ticks in the margins (an
    ink without the colour ground always has them, R20);
    siege is the title of the siege played (forlorn-hope.toml's [markers] sieges), if any.
    """
    validate(british, french, paper, ink, marker_mm)
    register_fonts()
    g = make_grid(paper, marker_mm)
    todo = markers(british, french, g.cols)
    total = len(todo)
    pages = math.ceil(total / g.per_page)
    target = str(out) if isinstance(out, str | Path) else out
    c = Canvas(
        target,
        pagesize=(g.width, g.height),
        invariant=1,
        pageCompression=1,
        initialFontName=SANS,
        initialFontSize=8,
    )
    c.setTitle("Forlorn Hope casualty markers")
    c.setAuthor("rostermgr")
    c.setSubject(
        f"Casualty markers for Forlorn Hope{f' ({siege})' if siege else ''}: {british} British, "
        f"{french} French, {paper} paper, {ink} ink"
    )
    c.setCreator("rostermgr")
    c.setViewerPreference("PrintScaling", "None")
    define_forms(c, {(u, p) for u, p, _ in todo} | {(u, 0) for u, _, _ in todo}, ink, g.size)
    done = 0
    for page in range(pages):
        chunk = todo[page * g.per_page : (page + 1) * g.per_page]
        counts = [(u, sum(1 for m in chunk if m[0] == u)) for u in UNITS]
        shown = [(u, n) for u, n in counts if n]
        draw_header(c, g, page + 1, pages, ink, shown, (british, french), siege)
        if ink == "colour":
            draw_ground(c, g, len(chunk), Ink(ink, "line"))
        for k, (unit, pose, turn) in enumerate(chunk):
            x, y = g.cell(k)
            place(c, form_name(unit, pose, ink), x, y, g.size, turn)
            done += 1
            if progress and done < total and (k + 1) % g.cols == 0:
                progress(done, total)
        draw_ticks(c, g, math.ceil(len(chunk) / g.cols))
        # R20 "clear cut lines": without the colour ground, whose shades show the cuts, the
        # ticks alone leave nothing between the markers to cut along
        if cut_lines or ink != "colour":
            draw_cut_lines(c, g, len(chunk))
        c.showPage()
    c.save()
    if progress:
        progress(total, total)
    return pages
