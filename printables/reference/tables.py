"""One table of the quick-reference sheet: a title, a header row and ruled rows, text wrapped."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, CONDENSED_BOLD
from printables.reference.style import LEAD, PAD, TEXT_PT, TITLE_PT, Ink
from printables.text import ASCENT, DESCENT, text_width, wrap
from rostermgr.reference import Table

CELL_PAD = 2.0
TITLE_H = TITLE_PT * 1.6


@dataclass(frozen=True)
class _Laid:
    widths: tuple[float, ...]
    rows: tuple[tuple[tuple[str, ...], ...], ...]  # per row, per cell, its lines
    heights: tuple[float, ...]


def _text_h(lines: int) -> float:
    return (ASCENT + DESCENT) * TEXT_PT + max(0, lines - 1) * LEAD * TEXT_PT


def _widths(table: Table, width: float) -> list[float]:
    """Natural widths, then the widest columns narrowed (and wrapped) until the table fits."""
    cols = len(table.heads)
    natural = [
        max(
            text_width(table.heads[i], CONDENSED_BOLD, TEXT_PT),
            *(text_width(r[i], CONDENSED, TEXT_PT) for r in table.rows),
        )
        + 2 * CELL_PAD
        for i in range(cols)
    ]
    if sum(natural) <= width:
        spare = (width - sum(natural)) / cols
        return [n + spare for n in natural]
    widths = natural[:]
    # narrow the widest column to the next widest, repeatedly: short columns stay whole
    while sum(widths) > width + 0.01:
        widest = max(widths)
        big = [i for i, w in enumerate(widths) if abs(w - widest) < 0.01]
        others = [w for w in widths if abs(w - widest) >= 0.01]
        floor = max(others) if others else 0.0
        excess = sum(widths) - width
        cut = min(widest - floor, excess / len(big)) if floor else excess / len(big)
        for i in big:
            widths[i] -= cut
    return widths


def _lay(table: Table, width: float) -> _Laid:
    widths = _widths(table, width)
    laid, heights = [], []
    for r, row in enumerate((table.heads, *table.rows)):
        font = CONDENSED_BOLD if r == 0 else CONDENSED
        cells = tuple(
            tuple(wrap(t, font, TEXT_PT, w - 2 * CELL_PAD) or [""])
            for t, w in zip(row, widths, strict=True)
        )
        laid.append(cells)
        heights.append(_text_h(max(len(c) for c in cells)) + 2 * CELL_PAD)
    return _Laid(tuple(widths), tuple(laid), tuple(heights))


def measure(table: Table, width: float) -> float:
    """The height the table takes when drawn `width` wide, its title included."""
    return TITLE_H + sum(_lay(table, width).heights)


def draw(c: Canvas, table: Table, x: float, top: float, width: float, ink: Ink) -> float:
    """Draw the table from `top` down; returns the height used."""
    laid = _lay(table, width)
    c.saveState()
    if ink.title_band is not None:
        c.setFillColor(ink.title_band)
        c.rect(x, top - TITLE_H + 2, width, TITLE_H - 2, stroke=0, fill=1)
    c.setFillColor(ink.title_text)
    c.setFont(CONDENSED_BOLD, TITLE_PT)
    c.drawString(x + PAD, top - TITLE_H + 2 + (TITLE_H - 2 - TITLE_PT * 0.72) / 2, table.title)
    y = top - TITLE_H
    c.setLineWidth(0.3)
    c.setStrokeColor(ink.rule)
    for r, (cells, height) in enumerate(zip(laid.rows, laid.heights, strict=True)):
        if r == 0:
            c.setFillColor(ink.head_row)
            c.rect(x, y - height, width, height, stroke=0, fill=1)
        cx = x
        for col, (lines, w) in enumerate(zip(cells, laid.widths, strict=True)):
            c.setFillColor(ink.text)
            c.setFont(CONDENSED_BOLD if r == 0 else CONDENSED, TEXT_PT)
            baseline = y - CELL_PAD - ASCENT * TEXT_PT
            for line in lines:
                if col in table.numeric:
                    c.drawRightString(cx + w - CELL_PAD, baseline, line)
                else:
                    c.drawString(cx + CELL_PAD, baseline, line)
                baseline -= LEAD * TEXT_PT
            cx += w
        y -= height
        c.line(x, y, x + width, y)
    c.restoreState()
    return top - y
