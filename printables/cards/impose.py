"""Where each card front and back goes on which page, for every layout (DESIGN 6, R18).

One convention for every layout: a cut card turned over about its long side shows its back
upright, directly behind its front.

- duplex-long: pages alternate fronts, backs; a back sits at x' = W - x - w, upright.
- duplex-short: a back sits at y' = H - y - h, turned 180 degrees in its cell.
- gutter-fold: landscape, 4 cards a sheet; fronts above the fold, each back below it in the
  same column, turned 180 degrees, so folding lays the back on its front.
- fronts-backs: all front pages, then all back pages mirrored as in duplex-long (glue, then cut).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from printables.cards.style import CARD_H, CARD_W
from printables.layout import (
    CUT_MARK_MIN_MM,
    EDGE_CLEAR_MM,
    Grid,
    check_choice,
    margins,
    mm,
    notes_fit,
    paper_size,
    shortest_mark,
)
from rostermgr.errors import PrintRefused

LAYOUTS = ("duplex-long", "duplex-short", "gutter-fold", "fronts-backs")
GRID = {"duplex": (3, 3), "gutter-fold": (4, 2)}  # columns, rows at most
MIN_MARK_MM = CUT_MARK_MIN_MM  # every cut mark at least this long (issue 31, 8)
MAX_GAP_MM = 10.0  # --gap: each card's own bleed is half of it
DUPLEX = ("duplex-long", "duplex-short")  # the layouts printed on both sides of a sheet
MAX_BACK_OFFSET_MM = 10.0
# A shifted back page keeps every card this far inside the paper's edge, where printers print.
BACK_EDGE_CLEARANCE_MM = EDGE_CLEAR_MM
FRONT, BACK = "front", "back"


@dataclass(frozen=True)
class Slot:
    face: int  # index into the faces being printed
    side: str  # FRONT or BACK
    x: float  # lower left corner of the cell on the page, points
    y: float
    rotated: bool  # drawn turned 180 degrees within its cell


@dataclass(frozen=True)
class PagePlan:
    grid: Grid
    side: str  # FRONT, BACK, or "both" (gutter-fold)
    sheet: int  # 1-based
    sheets: int
    pairs_with: int | None  # 1-based page number holding the other side, if any
    slots: tuple[Slot, ...]
    shift: tuple[float, float]  # points; the back offset, on back pages only

    @property
    def fold_y(self) -> float | None:
        return self.grid.y0 + self.grid.cell_h if self.side == "both" else None


def check_gap(gap: float, layout: str = "duplex-long") -> float:
    """A gap between cards (mm) that this layout can take: 0 (butted) up to MAX_GAP_MM."""
    try:
        value = float(gap)
    except (TypeError, ValueError):
        raise PrintRefused("The gap between cards must be a number of millimetres.") from None
    if not (math.isfinite(value) and 0 <= value <= MAX_GAP_MM):
        raise PrintRefused(
            f"The gap between cards must be from 0 to {MAX_GAP_MM:g} mm, not {value:g}."
        )
    if value and layout == "gutter-fold":
        raise PrintRefused(
            "The gutter-fold layout folds each card on the line it shares with its back, so "
            "it takes no gap; leave --gap at 0 or choose another layout."
        )
    return value


@lru_cache(maxsize=64)
def duplex_grid(paper: str, gap: float = 0.0) -> Grid:
    """The sheet of the duplex and fronts-backs layouts: the most cards (up to 3 x 3) that fit
    gap mm apart with every cut mark MIN_MARK_MM long or more and its notes at 6 pt, all
    EDGE_CLEAR_MM inside the paper's edge. A4 takes 3 x 3 butted; Letter, 2.5 in shorter than
    three cards and two margins of marks, takes 3 x 2 (three rows left it 1.35 mm a margin)."""
    w, h = paper_size(paper)
    max_cols, max_rows = GRID["duplex"]
    best: Grid | None = None
    for cols in range(max_cols, 0, -1):
        for rows in range(max_rows, 0, -1):
            grid = Grid(w, h, cols, rows, CARD_W, CARD_H, gap=mm(gap))
            fits = (
                min(margins(grid)) >= mm(BACK_EDGE_CLEARANCE_MM + 0.1)
                and shortest_mark(grid) >= mm(MIN_MARK_MM) - 1e-6
                and all(notes_fit(grid, *sample) for sample in (NOTE_SAMPLE, FRONTS_BACKS_NOTE))
            )
            if fits and (best is None or cols * rows > best.cols * best.rows):
                best = grid
    if best is None:
        raise PrintRefused(f"A gap of {gap:g} mm leaves no room for a card on {paper} paper.")
    return best


def check_back_offset(back_offset: tuple[float, float]) -> tuple[float, float]:
    try:
        dx, dy = (float(v) for v in back_offset)
    except (TypeError, ValueError):
        raise PrintRefused("The back offset must be two numbers of millimetres, DX,DY.") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (dx, dy)):
        raise PrintRefused(
            f"The back offset must be at most {MAX_BACK_OFFSET_MM:g} mm each way, "
            f"not {dx:g},{dy:g}."
        )
    return dx, dy


# The longest notes a duplex back page carries (printables.cards.writer._notes), for the limits.
NOTE_SAMPLE = (
    "Last Hope Frontier roster cards \u00b7 sheet 99 of 99 \u00b7 page 198: BACKS of page 197",
    "Print at actual size (100%, no fit to page, no scaling), double-sided, flip on the SHORT "
    "edge; then cut on the grey marks. Back offset -10,-10 mm.",
)


# The longest notes of a fronts-backs page, which has no back offset but a longer instruction.
FRONTS_BACKS_NOTE = (
    "Last Hope Frontier roster cards \u00b7 sheet 99 of 99 \u00b7 BACKS (page 198, pairs with "
    "page 99)",
    "Print at actual size (100%, no fit to page, no scaling), one-sided. Turn each backs page "
    "over sideways, about its LONG edge like a page of a book, lay it behind its fronts page, "
    "edges matched, glue, then cut on the grey marks.",
)


def back_offset_limits(paper: str, gap: float = 0.0) -> tuple[float, float]:
    """How far (mm, each way) the backs may move across and up or down on this paper.

    As far as keeps everything EDGE_CLEAR_MM inside the paper's edge: the cards, and the cut
    marks and notes laid out round them (a margin's marks shorten as it narrows, and its note
    must still fit at its 6 pt). Each axis moves only its own pair of margins.
    """
    grid = duplex_grid(paper, gap)

    def holds(dx: float, dy: float) -> bool:
        moved = grid.shifted(mm(dx), mm(dy))
        # the cards' own strokes reach past their edge until clipped: keep 0.1 mm for them
        clear = mm(BACK_EDGE_CLEARANCE_MM + 0.1)
        return min(margins(moved)) >= clear - 1e-6 and notes_fit(moved, *NOTE_SAMPLE)

    def limit(step: tuple[int, int]) -> float:
        tenths = 0
        while tenths < MAX_BACK_OFFSET_MM * 10 and all(
            holds(sign * step[0] * (tenths + 1) / 10, sign * step[1] * (tenths + 1) / 10)
            for sign in (1, -1)
        ):
            tenths += 1
        return tenths / 10

    return limit((1, 0)), limit((0, 1))


def check_back_offset_fits(
    back_offset: tuple[float, float], paper: str, layout: str, gap: float = 0.0
) -> None:
    """Refuse an offset the layout has no use for, or one that would push backs off the paper."""
    dx, dy = back_offset
    if (dx, dy) == (0.0, 0.0):
        return
    if layout not in DUPLEX:
        raise PrintRefused(
            f"A back offset corrects double-sided printing, which the {layout} layout does "
            "not use; leave it at 0,0."
        )
    across, updown = back_offset_limits(paper, gap)
    if abs(dx) > across or abs(dy) > updown:
        raise PrintRefused(
            f"On {paper.capitalize()} paper the backs can move at most {across:g} mm across "
            f"and {updown:g} mm up or down, to stay {BACK_EDGE_CLEARANCE_MM:g} mm inside the "
            f"paper's edge with their cut marks and notes; not {dx:g},{dy:g}."
        )


def parse_back_offset(text: str) -> tuple[float, float]:
    """'DX,DY' in mm (as typed after --back-offset) to a checked (dx, dy)."""
    parts = text.split(",")
    if len(parts) != 2:
        raise PrintRefused(f"The back offset '{text}' must be two numbers of millimetres, DX,DY.")
    try:
        values = (float(parts[0]), float(parts[1]))
    except ValueError:
        raise PrintRefused(
            f"The back offset '{text}' must be two numbers of millimetres, DX,DY."
        ) from None
    return check_back_offset(values)


def plan_pages(
    count: int,
    paper: str,
    layout: str,
    back_offset: tuple[float, float] = (0.0, 0.0),
    gap: float = 0.0,
) -> list[PagePlan]:
    """The pages for count cards; back_offset (mm) shifts every back page (duplex layouts);
    gap (mm) spaces the cards apart (not gutter-fold)."""
    check_choice(layout, LAYOUTS, "layout")
    dx, dy = check_back_offset(back_offset)
    gap = check_gap(gap, layout)
    check_back_offset_fits((dx, dy), paper, layout, gap)
    if layout == "gutter-fold":
        return _gutter_fold(count, paper)
    grid = duplex_grid(paper, gap)
    w, h = grid.page_w, grid.page_h
    cols, rows = grid.cols, grid.rows
    per = cols * rows
    sheets = max(1, math.ceil(count / per))
    shift = (mm(dx), mm(dy))
    fronts: list[PagePlan] = []
    backs: list[PagePlan] = []
    for k in range(sheets):
        front_slots, back_slots = [], []
        for i, face in enumerate(range(k * per, min(count, (k + 1) * per))):
            cell = grid.cell(i % cols, i // cols)
            front_slots.append(Slot(face, FRONT, cell.x, cell.y, False))
            if layout == "duplex-short":
                back_slots.append(Slot(face, BACK, cell.x, h - cell.y - cell.h, True))
            else:
                back_slots.append(Slot(face, BACK, w - cell.x - cell.w, cell.y, False))
        if layout == "fronts-backs":
            front_no, back_no = k + 1, sheets + k + 1
        else:
            front_no, back_no = 2 * k + 1, 2 * k + 2
        fronts.append(PagePlan(grid, FRONT, k + 1, sheets, back_no, tuple(front_slots), (0.0, 0.0)))
        backs.append(PagePlan(grid, BACK, k + 1, sheets, front_no, tuple(back_slots), shift))
    if layout == "fronts-backs":
        return fronts + backs
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def _gutter_fold(count: int, paper: str) -> list[PagePlan]:
    w, h = paper_size(paper, landscape=True)
    cols, rows = GRID["gutter-fold"]
    grid = Grid(w, h, cols, rows, CARD_W, CARD_H)
    sheets = max(1, math.ceil(count / cols))
    pages = []
    for k in range(sheets):
        slots = []
        for i, face in enumerate(range(k * cols, min(count, (k + 1) * cols))):
            front, back = grid.cell(i, 0), grid.cell(i, 1)
            slots.append(Slot(face, FRONT, front.x, front.y, False))
            slots.append(Slot(face, BACK, back.x, back.y, True))
        pages.append(PagePlan(grid, "both", k + 1, sheets, None, tuple(slots), (0.0, 0.0)))
    return pages
