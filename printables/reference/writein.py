"""A write-in block of a quick-reference sheet: a title, a note saying why, and ruled lines.

For what the rules name but do not give (Forlorn Hope's event list and panic table): the
players write their own in, by pen, on the printed sheet.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, CONDENSED_BOLD
from printables.layout import mm
from printables.reference.style import LEAD, PAD, TEXT_PT, TITLE_PT, Ink
from printables.text import ASCENT, DESCENT, wrap
from rostermgr.reference import WriteIn

LINE_GAP_MM = 7.0  # between two ruled lines: room for handwriting with a pen
NOTE_GAP_MM = 1.5  # between the note and the first ruled line
RULE_PT = 0.4
TITLE_H = TITLE_PT * 1.6


def _note(block: WriteIn, width: float) -> list[str]:
    return wrap(block.note, CONDENSED, TEXT_PT, width - 2 * PAD)


def _note_h(lines: int) -> float:
    return (ASCENT + DESCENT) * TEXT_PT + max(0, lines - 1) * LEAD * TEXT_PT + PAD


def measure(block: WriteIn, width: float) -> float:
    """The height the block takes when drawn `width` wide, its title included."""
    note = _note_h(len(_note(block, width)))
    return TITLE_H + note + mm(NOTE_GAP_MM) + block.lines * mm(LINE_GAP_MM)


def draw(c: Canvas, block: WriteIn, x: float, top: float, width: float, ink: Ink) -> float:
    """Draw the block from `top` down; returns the height used."""
    c.saveState()
    if ink.title_band is not None:
        c.setFillColor(ink.title_band)
        c.rect(x, top - TITLE_H + 2, width, TITLE_H - 2, stroke=0, fill=1)
    c.setFillColor(ink.title_text)
    c.setFont(CONDENSED_BOLD, TITLE_PT)
    c.drawString(x + PAD, top - TITLE_H + 2 + (TITLE_H - 2 - TITLE_PT * 0.72) / 2, block.title)
    c.setFillColor(ink.text)
    c.setFont(CONDENSED, TEXT_PT)
    lines = _note(block, width)
    baseline = top - TITLE_H - PAD - ASCENT * TEXT_PT
    for line in lines:
        c.drawString(x + PAD, baseline, line)
        baseline -= LEAD * TEXT_PT
    y = top - TITLE_H - _note_h(len(lines)) - mm(NOTE_GAP_MM)
    c.setLineWidth(RULE_PT)
    c.setStrokeColor(ink.rule)
    for _ in range(block.lines):
        y -= mm(LINE_GAP_MM)
        c.line(x, y, x + width, y)
    c.restoreState()
    return top - y
