"""Forlorn Hope's orders of battle (issue 32 item 6): a roster per unit, chips to tick.

Each unit of `rostermgr.forlorn_orders` is a block that never splits across pages: its title
and a line for the unit's name, then one row for each group, officer and gun with its figures,
a box to mark it a reinforcement and the turn it comes on, and for every turn as many circles
as it has moves (the seed's poker chips: tick one as the row moves or fires). The British and
the French each start on a page of their own. Everything printed comes from forlorn-hope.toml.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY
from printables.layout import INKS, PAPERS, check_choice, mm, new_canvas, paper_size
from printables.layout import set_print_preferences as preferences
from printables.text import text_width
from rostermgr.forlorn import ForlornRules
from rostermgr.forlorn_orders import Row, Unit, orders_of_battle

Progress = Callable[[int, int], None]
EDGE_MM = 10.0
LABEL_MM = 72.0  # the row's figures
REINFORCE_MM = 16.0  # the reinforcement box and its turn
ROW_MM = 5.2
BAND_MM = 6.0
HEAD_MM = 4.0
GAP_MM = 3.5
CHIP_MM = 1.5  # a chip's radius
TEXT_PT = 7.5
TITLE_PT = 9.5
HEAD_PT = 12.0
SIDE_COLOURS = {"british": HexColor("#8b1a1a"), "french": HexColor("#1f3a7a")}
SIDE_NAMES = {"british": "British", "french": "French"}


@dataclass(frozen=True)
class _Ink:
    band: Color | None  # None: a white band with a ruled frame
    band_text: Color
    line: Color


def _ink(mode: str, side: str) -> _Ink:
    check_choice(mode, INKS, "ink")
    if mode == "colour":
        return _Ink(SIDE_COLOURS[side], white, HexColor("#4a2f17"))
    if mode == "ink-saver":
        return _Ink(None, SIDE_COLOURS[side], HexColor("#4a2f17"))
    return _Ink(None, black, black)


def _block_height(unit: Unit) -> float:
    return mm(BAND_MM + HEAD_MM + ROW_MM * len(unit.rows) + GAP_MM)


def _pages(units: tuple[Unit, ...], room: float) -> list[list[Unit]]:
    """Units in pages: a block never splits, and each side starts a page of its own."""
    pages: list[list[Unit]] = []
    used, side = room + 1, ""
    for unit in units:
        height = _block_height(unit)
        if unit.side != side or used + height > room:
            pages.append([])
            used, side = 0.0, unit.side
        pages[-1].append(unit)
        used += height
    return pages


def write_orders(
    rules: ForlornRules,
    out: str | Path | BinaryIO,
    *,
    paper: str = "a4",
    ink_mode: str = "colour",
    printed: dt.date | None = None,
    progress: Progress | None = None,
) -> int:
    """Draw the orders of battle to `out`; returns the page count."""
    check_choice(paper, PAPERS, "paper")
    check_choice(ink_mode, INKS, "ink")
    units = orders_of_battle(rules)
    w, h = paper_size(paper)
    top, bottom = h - mm(EDGE_MM) - mm(16), mm(EDGE_MM) + mm(5)
    pages = _pages(units, top - bottom)
    c = new_canvas(
        out,
        (w, h),
        title=f"{rules.name} orders of battle",
        subject=f"The forces of {rules.name} {rules.version}, with chips to tick",
        fonts=[CONDENSED_BOLD, DISPLAY],
    )
    preferences(c, None)
    day = (printed or dt.date.today()).isoformat()
    done = 0
    for number, page in enumerate(pages):
        side = page[0].side
        _frame(c, rules, side, (w, h), number, len(pages), day, _ink(ink_mode, side))
        y = top
        for unit in page:
            _unit(c, unit, rules, mm(EDGE_MM), y, w - 2 * mm(EDGE_MM), _ink(ink_mode, side))
            y -= _block_height(unit)
            done += 1
            if progress is not None:
                progress(done, len(units))
        c.showPage()
    c.save()
    return len(pages)


def _frame(
    c: Canvas,
    rules: ForlornRules,
    side: str,
    size: tuple[float, float],
    page: int,
    pages: int,
    day: str,
    ink: _Ink,
) -> None:
    """The heading, the chips' instructions, and the footer."""
    w, h = size
    o = rules.orders
    c.setFillColor(ink.band or ink.band_text)
    c.setFont(DISPLAY, HEAD_PT)
    c.drawString(mm(EDGE_MM), h - mm(EDGE_MM) - HEAD_PT, f"{rules.name}: orders of battle")
    c.drawRightString(w - mm(EDGE_MM), h - mm(EDGE_MM) - HEAD_PT, SIDE_NAMES[side])
    c.setFillColor(black)
    c.setFont(CONDENSED, TEXT_PT)
    chips = (
        f"Chips a turn: each group {o.group_moves} (a move, or a fire or load), each officer "
        f"{o.officer_moves}, each gun {o.gun_moves}; tick a circle as the row moves or fires. "
        f"R: the row reinforces, on the turn written beside it."
    )
    y = h - mm(EDGE_MM) - HEAD_PT - mm(4)
    for line in simpleSplit(chips, CONDENSED, TEXT_PT, w - 2 * mm(EDGE_MM)):
        c.drawString(mm(EDGE_MM), y, line)
        y -= TEXT_PT * 1.2
    c.drawString(mm(EDGE_MM), mm(EDGE_MM), f"{rules.name} {rules.version} · printed {day}")
    c.drawRightString(w - mm(EDGE_MM), mm(EDGE_MM), f"page {page + 1} of {pages}")


def _unit(c: Canvas, unit: Unit, rules: ForlornRules, x: float, y: float, width: float,
          ink: _Ink) -> None:  # fmt: skip
    """One unit's block, its top at y."""
    turns = rules.orders.turns
    band = mm(BAND_MM)
    c.setLineWidth(0.6)
    c.setStrokeColor(ink.line)
    if ink.band is not None:
        c.setFillColor(ink.band)
        c.rect(x, y - band, width, band, stroke=0, fill=1)
    else:
        c.rect(x, y - band, width, band, stroke=1, fill=0)
    c.setFillColor(ink.band_text)
    c.setFont(CONDENSED_BOLD, TITLE_PT)
    base = y - band + mm(2.2)
    c.drawString(x + mm(1.5), base, unit.title)
    after = x + mm(2.5) + text_width(unit.title, CONDENSED_BOLD, TITLE_PT)
    c.setFont(CONDENSED, TEXT_PT)
    if unit.note:
        c.drawString(after + mm(2), base, f"({unit.note})")
    name = "Name ____________________"
    c.drawRightString(x + width - mm(1.5), base, name)
    # the column heads
    c.setFillColor(black)
    head = y - band - mm(HEAD_MM) + mm(1.3)
    chips_x = x + mm(LABEL_MM + REINFORCE_MM)
    cell = (x + width - chips_x) / turns
    c.setFont(CONDENSED_BOLD, TEXT_PT)
    c.drawString(x + mm(1), head, f"Figures ({unit.figures})")
    c.drawCentredString(x + mm(LABEL_MM + REINFORCE_MM / 2), head, "R  turn")
    for t in range(turns):
        label = f"Turn {t + 1}" if t == 0 else str(t + 1)
        c.drawCentredString(chips_x + (t + 0.5) * cell, head, label)
    row_top = y - band - mm(HEAD_MM)
    for row in unit.rows:
        _row(c, row, x, row_top, width, chips_x, cell, turns, ink)
        row_top -= mm(ROW_MM)


def _row(c: Canvas, row: Row, x: float, top: float, width: float, chips_x: float, cell: float,
         turns: int, ink: _Ink) -> None:  # fmt: skip
    height = mm(ROW_MM)
    base = top - height / 2 - TEXT_PT * 0.35
    c.setStrokeColor(ink.line)
    c.setLineWidth(0.3)
    c.line(x, top - height, x + width, top - height)
    c.setFillColor(black)
    c.setFont(CONDENSED_BOLD if row.kind == "officer" else CONDENSED, TEXT_PT)
    label = row.label + (f", {row.short} short" if row.short else "")
    c.drawString(x + mm(1), base, label)
    # R box and the turn's line
    box = mm(3)
    bx = x + mm(LABEL_MM + 1)
    c.rect(bx, top - height / 2 - box / 2, box, box, stroke=1, fill=0)
    c.line(
        bx + box + mm(1.5),
        top - height + mm(1.2),
        bx + mm(REINFORCE_MM - 2),
        top - height + mm(1.2),
    )
    for t in range(turns):
        cx = chips_x + (t + 0.5) * cell
        if t:
            c.line(chips_x + t * cell, top, chips_x + t * cell, top - height)
        step = mm(CHIP_MM * 2.6)
        first = cx - step * (row.chips - 1) / 2
        for k in range(row.chips):
            c.circle(first + k * step, top - height / 2, mm(CHIP_MM), stroke=1, fill=0)
    c.line(chips_x, top, chips_x, top - height)
