"""The quick reference's movement and terrain block (R12a): each distance drawn to scale.

Under each sentence the playing card that measures the distance is drawn at the drawing's
scale (1:4 by default: a card is 22.2 x 15.9 mm on paper): laid end to end for a move, across
a wall for an obstacle, stood up for a climb, stacked for a fall with what each length costs.
`measure` gives the height the block takes at a width, `draw` draws it with its top at `top`.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, CONDENSED_BOLD
from printables.layout import mm
from printables.reference.style import LABEL_PT, LEAD, LINE_PT, PAD, TEXT_PT, TITLE_PT, Ink
from printables.text import ASCENT, DESCENT, wrap
from rostermgr.reference_turn import MoveDiagram, Ruler

TITLE_H = TITLE_PT * 1.6
ROW_GAP_MM = 3.0  # between one row's drawing and the next row's sentence
TEXT_GAP_MM = 1.2  # between a sentence and its drawing
BASE_MM = 1.6  # the dot that marks the point of the base a move is measured from
WALL_PT = 2.4  # an obstacle's wall, drawn across the card
ARROW_MM = 1.6  # an arrowhead's length
LABEL_ROOM_MM = 3.2  # under a drawing: the room its length label takes
FALL_LABEL_GAP_MM = 2.0  # between a fall's stack of cards and the labels beside it
CARD_CORNER_MM = 0.8
LABEL_GAP_MM = 1.4  # between a drawing and the words beside it
WALL_OVERHANG_MM = 0.7  # the wall runs this far past the card on either side
LABEL_DROP_MM = 0.7  # a label beside a card sits this far below the card's middle


def _text_h(lines: int) -> float:
    return (ASCENT + DESCENT) * TEXT_PT + max(0, lines - 1) * LEAD * TEXT_PT


def _card(block: MoveDiagram) -> tuple[float, float]:
    """A playing card's length and width on paper, in points."""
    length, width = block.card_mm
    return mm(length / block.scale), mm(width / block.scale)


def _drawing_h(block: MoveDiagram, row: Ruler) -> float:
    length, width = _card(block)
    if row.kind == "fall":
        return row.cards * length
    if row.kind == "climb":
        return row.cards * length
    if row.kind == "obstacle":
        return length + mm(LABEL_ROOM_MM)
    return width + mm(LABEL_ROOM_MM)


def _row_h(block: MoveDiagram, row: Ruler, width: float) -> float:
    lines = wrap(row.text, CONDENSED, TEXT_PT, width - 2 * PAD)
    return _text_h(len(lines)) + mm(TEXT_GAP_MM) + _drawing_h(block, row)


def measure(block: MoveDiagram, width: float) -> float:
    """The height the block takes when drawn `width` wide, its title included."""
    note = _text_h(len(wrap(block.note, CONDENSED, TEXT_PT, width - 2 * PAD)))
    rows = sum(_row_h(block, r, width) + mm(ROW_GAP_MM) for r in block.rows)
    return TITLE_H + rows + note + PAD


def draw(c: Canvas, block: MoveDiagram, x: float, top: float, width: float, ink: Ink) -> float:
    """Draw the block in the column from `top` down; returns the height used."""
    c.saveState()
    if ink.title_band is not None:
        c.setFillColor(ink.title_band)
        c.rect(x, top - TITLE_H + 2, width, TITLE_H - 2, stroke=0, fill=1)
    c.setFillColor(ink.title_text)
    c.setFont(CONDENSED_BOLD, TITLE_PT)
    c.drawString(x + PAD, top - TITLE_H + 2 + (TITLE_H - 2 - TITLE_PT * 0.72) / 2, block.title)
    y = top - TITLE_H
    for row in block.rows:
        y = _sentence(c, row.text, x, y, width, ink) - mm(TEXT_GAP_MM)
        _drawing(c, block, row, x + PAD, y, ink)
        y -= _drawing_h(block, row) + mm(ROW_GAP_MM)
    y = _sentence(c, block.note, x, y, width, ink)
    c.restoreState()
    return top - y + PAD


def _sentence(c: Canvas, text: str, x: float, top: float, width: float, ink: Ink) -> float:
    c.setFillColor(ink.text)
    c.setFont(CONDENSED, TEXT_PT)
    lines = wrap(text, CONDENSED, TEXT_PT, width - 2 * PAD)
    baseline = top - ASCENT * TEXT_PT
    for line in lines:
        c.drawString(x + PAD, baseline, line)
        baseline -= LEAD * TEXT_PT
    return top - _text_h(len(lines))


def _rect(c: Canvas, x: float, y: float, w: float, h: float, ink: Ink) -> None:
    c.setStrokeColor(ink.stroke)
    c.setFillColor(ink.step)
    c.setLineWidth(LINE_PT)
    c.roundRect(x, y, w, h, mm(CARD_CORNER_MM), stroke=1, fill=1)


def _arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float, ink: Ink) -> None:
    """A measured distance: a dot at its start (the base's point), an arrowhead at its end."""
    c.setStrokeColor(ink.stroke)
    c.setFillColor(ink.stroke)
    c.setLineWidth(LINE_PT)
    c.circle(x1, y1, mm(BASE_MM) / 2, stroke=0, fill=1)
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-6)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = mm(ARROW_MM)
    bx, by = x2 - ux * head, y2 - uy * head
    c.line(x1, y1, bx, by)
    p = c.beginPath()
    p.moveTo(x2, y2)
    p.lineTo(bx - uy * head / 2, by + ux * head / 2)
    p.lineTo(bx + uy * head / 2, by - ux * head / 2)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _label(c: Canvas, text: str, x: float, y: float, ink: Ink) -> None:
    c.setFillColor(ink.text)
    c.setFont(CONDENSED, LABEL_PT)
    c.drawString(x, y, text)


def _drawing(c: Canvas, block: MoveDiagram, row: Ruler, x: float, top: float, ink: Ink) -> None:
    length, width = _card(block)
    card_l, card_w = block.card_mm
    if row.kind == "move":
        y = top - width
        for i in range(row.cards):
            _rect(c, x + i * length, y, length, width, ink)
        _arrow(c, x, y + width / 2, x + row.cards * length, y + width / 2, ink)
        _label(c, f"{row.cards * card_l:g} mm", x, y - mm(LABEL_ROOM_MM - LABEL_DROP_MM), ink)
    elif row.kind == "obstacle":
        y = top - length
        _rect(c, x, y, width, length, ink)  # the card's width runs along the move
        c.setLineWidth(WALL_PT)
        c.setStrokeColor(ink.stroke)
        over = mm(WALL_OVERHANG_MM)
        c.line(x + width / 2, y - over, x + width / 2, y + length + over)  # the wall
        _arrow(c, x, y + length / 2, x + width, y + length / 2, ink)
        beside = x + width + mm(LABEL_GAP_MM)
        _label(c, f"{card_w:g} mm over the wall", beside, y + length / 2 - mm(LABEL_DROP_MM), ink)
    elif row.kind == "climb":
        y = top - row.cards * length
        for i in range(row.cards):
            _rect(c, x, y + i * length, width, length, ink)
        _arrow(c, x + width / 2, y, x + width / 2, y + row.cards * length, ink)
        beside = x + width + mm(LABEL_GAP_MM)
        _label(c, f"up to {row.cards * card_l:g} mm up", beside, y + length / 2, ink)
    else:  # a fall: card lengths stacked from the top down, each labelled with its cost
        for i, text in enumerate(row.labels):
            y = top - (i + 1) * length
            _rect(c, x, y, width, length, ink)
            # R12a: a fall of exactly one card length is free; each band above starts past
            # the length below it, so no length reads as in two bands
            start = f"over {i * card_l:g}" if i else "0"
            label = f"{start}-{(i + 1) * card_l:g} mm: {text}"
            beside = x + width + mm(FALL_LABEL_GAP_MM)
            _label(c, label, beside, y + length / 2 - mm(LABEL_DROP_MM), ink)
        _arrow(c, x + width / 2, top, x + width / 2, top - len(row.labels) * length, ink)
