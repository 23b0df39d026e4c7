"""The quick-reference sheet (issue 20): the ruleset's flow charts and tables on one sheet.

The content comes whole from `rostermgr.reference.build_reference`; this package lays it out in
columns, each chart and table whole in one column of one page, and draws it with the bundled
DejaVu fonts. Every page carries the ruleset's id, version and the date it was printed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY, register_fonts
from printables.layout import check_choice, mm, new_canvas, set_print_preferences
from printables.reference import charts, movement, tables, writein
from printables.reference.style import BLOCK_GAP, HEAD_PT, MIN_PT, edge, gutter, ink
from printables.text import text_width
from rostermgr.errors import PrintRefused
from rostermgr.reference import FlowChart, Reference, Table, WriteIn
from rostermgr.reference_turn import MoveDiagram

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a5": (148.0, 210.0)}
PAPERS = tuple(PAPERS_MM)
HEADER_H = HEAD_PT * 2.2
FOOTER_H = MIN_PT * 2.0

Progress = Callable[[int, int], None]
Block = FlowChart | Table | WriteIn | MoveDiagram


@dataclass(frozen=True)
class Placed:
    """Where one chart or table goes: page (0-based), column, and its top in points."""

    block: Block
    page: int
    column: int
    top: float
    height: float


def columns_for(paper: str) -> int:
    """Three columns on A4 and Letter, two on A5."""
    return 2 if paper == "a5" else 3


def page_size(paper: str) -> tuple[float, float]:
    check_choice(paper, PAPERS, "paper")
    w, h = PAPERS_MM[paper]
    return mm(w), mm(h)


def _measure(block: Block, width: float) -> float:
    if isinstance(block, FlowChart):
        return charts.measure(block, width)
    if isinstance(block, WriteIn):
        return writein.measure(block, width)
    if isinstance(block, MoveDiagram):
        return movement.measure(block, width)
    return tables.measure(block, width)


def layout(ref: Reference, paper: str) -> tuple[list[Placed], float]:
    """Every chart and table placed, in order, filling columns then pages; and the column width.

    A block never splits: each goes in the first column with room for it, else on a new page.
    A block taller than a whole column is refused: it could not be read whole.
    """
    register_fonts([CONDENSED, CONDENSED_BOLD, DISPLAY])  # measuring needs their metrics
    page_w, page_h = page_size(paper)
    cols = columns_for(paper)
    width = (page_w - 2 * edge() - (cols - 1) * gutter()) / cols
    top, bottom = page_h - edge() - HEADER_H, edge() + FOOTER_H
    placed: list[Placed] = []
    free: list[float] = []  # per column of every page so far, the y its free space starts at
    blocks: list[Block] = [*ref.charts, *ref.drawings, *ref.tables, *ref.write_ins]
    for block in blocks:
        h = _measure(block, width)
        if h > top - bottom:
            raise PrintRefused(f"The {block.title} does not fit on one {paper.upper()} page.")
        # first fit: the first column with room, so a short block fills a gap left earlier
        slot = next((i for i, y in enumerate(free) if y - h >= bottom), None)
        if slot is None:
            free.extend([top] * cols)
            slot = len(free) - cols
        placed.append(Placed(block, slot // cols, slot % cols, free[slot], h))
        free[slot] -= h + BLOCK_GAP
    return placed, width


def write_reference(
    ref: Reference,
    out: str | Path | BinaryIO,
    *,
    paper: str = "a4",
    ink_mode: str = "colour",
    printed: dt.date | None = None,
    progress: Progress | None = None,
) -> int:
    """Draw the quick-reference sheet to `out`; returns the page count."""
    colours = ink(ink_mode)
    placed, width = layout(ref, paper)
    pages = max(p.page for p in placed) + 1 if placed else 1
    size = page_size(paper)
    c = new_canvas(
        out,
        size,
        title=f"{ref.ruleset_name} quick reference",
        subject=f"Flow charts and tables of the ruleset {ref.ruleset_id} {ref.version}",
        fonts=[CONDENSED_BOLD, DISPLAY],
    )
    set_print_preferences(c, None)
    day = (printed or dt.date.today()).isoformat()
    done = 0
    for page in range(pages):
        _page_frame(c, ref, size, page, pages, day, colours)
        for p in placed:
            if p.page != page:
                continue
            x = edge() + p.column * (width + gutter())
            if isinstance(p.block, FlowChart):
                charts.draw(c, p.block, x, p.top, width, colours)
            elif isinstance(p.block, WriteIn):
                writein.draw(c, p.block, x, p.top, width, colours)
            elif isinstance(p.block, MoveDiagram):
                movement.draw(c, p.block, x, p.top, width, colours)
            else:
                tables.draw(c, p.block, x, p.top, width, colours)
            done += 1
            if progress is not None:
                progress(done, len(placed))
        c.showPage()
    c.save()
    return pages


def _page_frame(
    c: object,
    ref: Reference,
    size: tuple[float, float],
    page: int,
    pages: int,
    day: str,
    colours: object,
) -> None:
    """The heading and the footer: which ruleset, which version, printed when, page n of m."""
    from reportlab.pdfgen.canvas import Canvas

    from printables.reference.style import Ink

    assert isinstance(c, Canvas) and isinstance(colours, Ink)
    w, h = size
    c.saveState()
    c.setFillColor(colours.title_text if colours.title_band is None else colours.title_band)
    heading = f"{ref.ruleset_name}: quick reference"
    which = f"ruleset {ref.ruleset_id} {ref.version} · {day}"
    baseline = h - edge() - HEAD_PT
    c.setFont(DISPLAY, HEAD_PT)
    c.drawString(edge(), baseline, heading)
    c.setFillColor(colours.text)
    c.setFont(CONDENSED, MIN_PT)
    room = w - 2 * edge() - text_width(heading, DISPLAY, HEAD_PT)
    if text_width(which, CONDENSED, MIN_PT) + 3 * MIN_PT > room:  # narrow paper: a line below
        baseline -= MIN_PT * 1.3
    c.drawRightString(w - edge(), baseline, which)
    c.drawString(edge(), edge(), f"{ref.ruleset_name} {ref.version} · printed {day}")
    c.drawRightString(w - edge(), edge(), f"page {page + 1} of {pages}")
    c.restoreState()
