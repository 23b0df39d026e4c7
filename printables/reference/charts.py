"""One flow chart of the quick-reference sheet: boxes, decision diamonds and arrows.

A chart is laid out in a column: its spine of steps runs down the left part, each decision's
other answer goes right to an outcome box, and a loop back runs up the left edge. `measure`
gives the height a chart takes at a width, `draw` draws it with its top at `top`.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, CONDENSED_BOLD
from printables.reference.style import (
    ARROW_HEAD,
    LABEL_PT,
    LEAD,
    LINE_PT,
    PAD,
    ROW_GAP,
    TEXT_PT,
    TITLE_PT,
    Ink,
)
from printables.text import ASCENT, DESCENT, wrap
from rostermgr.reference import FlowChart, Step

SPINE_SHARE = 0.56  # of the chart's width, when some decision has an outcome beside it
SIDE_GAP = 18.0  # the side arrow's length, with room for its label
LOOP_ROOM = 9.0  # left of the spine, for an arrow back up
DIAMOND_TEXT = 0.64  # share of a diamond's width its text may use
TITLE_H = TITLE_PT * 1.6


@dataclass(frozen=True)
class _Row:
    step: Step
    lines: tuple[str, ...]
    shape_h: float
    outcome: tuple[str, ...]
    outcome_h: float

    @property
    def height(self) -> float:
        return max(self.shape_h, self.outcome_h)


@dataclass(frozen=True)
class _Frame:
    spine_x: float
    spine_w: float
    side_x: float
    side_w: float


def _text_h(lines: int) -> float:
    return (ASCENT + DESCENT) * TEXT_PT + max(0, lines - 1) * LEAD * TEXT_PT


def _frame(chart: FlowChart, x: float, width: float) -> _Frame:
    loop = LOOP_ROOM if any(s.back is not None for s in chart.steps) else 0.0
    if any(s.outcome for s in chart.steps):
        spine_w = (width - loop) * SPINE_SHARE
        side_x = x + loop + spine_w + SIDE_GAP
        return _Frame(x + loop, spine_w, side_x, x + width - side_x)
    return _Frame(x + loop, width - loop, x + width, 0.0)


def _rows(chart: FlowChart, frame: _Frame) -> list[_Row]:
    rows = []
    for step in chart.steps:
        if step.decision:
            lines = wrap(step.text, CONDENSED_BOLD, TEXT_PT, frame.spine_w * DIAMOND_TEXT)
            # the text's box fits a diamond when its share of width and of height add up to 1
            shape_h = _text_h(len(lines)) / (1 - DIAMOND_TEXT) + 2
        else:
            lines = wrap(step.text, CONDENSED, TEXT_PT, frame.spine_w - 2 * PAD)
            shape_h = _text_h(len(lines)) + 2 * PAD
        outcome: list[str] = []
        outcome_h = 0.0
        if step.outcome:
            outcome = wrap(step.outcome, CONDENSED, TEXT_PT, frame.side_w - 2 * PAD)
            outcome_h = _text_h(len(outcome)) + 2 * PAD
        rows.append(_Row(step, tuple(lines), shape_h, tuple(outcome), outcome_h))
    return rows


def measure(chart: FlowChart, width: float) -> float:
    """The height the chart takes when drawn `width` wide, its title included."""
    rows = _rows(chart, _frame(chart, 0.0, width))
    return TITLE_H + sum(r.height for r in rows) + ROW_GAP * (len(rows) - 1) + 2


def draw(c: Canvas, chart: FlowChart, x: float, top: float, width: float, ink: Ink) -> float:
    """Draw the chart in the column from `top` down; returns the height used."""
    frame = _frame(chart, x, width)
    rows = _rows(chart, frame)
    _title(c, chart.title, x, top, width, ink)
    y = top - TITLE_H
    centre = frame.spine_x + frame.spine_w / 2
    spans: list[tuple[float, float, float]] = []  # (top, bottom, left edge at the middle)
    c.setLineWidth(LINE_PT)
    for i, row in enumerate(rows):
        mid = y - row.height / 2
        shape_top, shape_bottom = mid + row.shape_h / 2, mid - row.shape_h / 2
        if row.step.decision:
            _diamond(c, frame, mid, row, ink)
            left = frame.spine_x
        else:
            fill = ink.end if row.step.end else ink.step
            _box(
                c, frame.spine_x, shape_bottom, frame.spine_w, row.shape_h, fill, ink, row.step.end
            )
            _lines(c, row.lines, centre, shape_top - PAD, CONDENSED, ink)
            left = frame.spine_x
        if row.outcome:
            o_bottom = mid - row.outcome_h / 2
            _box(c, frame.side_x, o_bottom, frame.side_w, row.outcome_h, ink.outcome, ink, True)
            _lines(
                c,
                row.outcome,
                frame.side_x + frame.side_w / 2,
                o_bottom + row.outcome_h - PAD,
                CONDENSED,
                ink,
            )
            _arrow(c, [(frame.spine_x + frame.spine_w, mid), (frame.side_x, mid)], ink)
            _label(c, row.step.side, frame.spine_x + frame.spine_w + 2, mid + 2, ink)
        spans.append((shape_top, shape_bottom, left))
        if i:
            above = spans[i - 1][1]
            _arrow(c, [(centre, above), (centre, shape_top)], ink)
            label = rows[i - 1].step.down
            if label:
                _label(c, label, centre + 3, shape_top + (above - shape_top) / 2 - 2, ink)
        y -= row.height + ROW_GAP
    for i, row in enumerate(rows):
        if row.step.back is not None:
            _loop(c, spans[i], spans[row.step.back], frame.spine_x - LOOP_ROOM + 2, ink)
    return top - (y + ROW_GAP)


def _title(c: Canvas, title: str, x: float, top: float, width: float, ink: Ink) -> None:
    c.saveState()
    if ink.title_band is not None:
        c.setFillColor(ink.title_band)
        c.rect(x, top - TITLE_H + 2, width, TITLE_H - 2, stroke=0, fill=1)
    c.setFillColor(ink.title_text)
    c.setFont(CONDENSED_BOLD, TITLE_PT)
    c.drawString(x + PAD, top - TITLE_H + 2 + (TITLE_H - 2 - TITLE_PT * 0.72) / 2, title)
    c.restoreState()


def _box(
    c: Canvas, x: float, y: float, w: float, h: float, fill: object, ink: Ink, round_: bool
) -> None:
    c.saveState()
    c.setStrokeColor(ink.stroke)
    c.setFillColor(fill)
    if round_:
        c.roundRect(x, y, w, h, min(6.0, h / 2), stroke=1, fill=1)
    else:
        c.rect(x, y, w, h, stroke=1, fill=1)
    c.restoreState()


def _diamond(c: Canvas, frame: _Frame, mid: float, row: _Row, ink: Ink) -> None:
    cx, half_w, half_h = frame.spine_x + frame.spine_w / 2, frame.spine_w / 2, row.shape_h / 2
    c.saveState()
    c.setStrokeColor(ink.stroke)
    c.setFillColor(ink.decision)
    p = c.beginPath()
    p.moveTo(cx, mid + half_h)
    p.lineTo(cx + half_w, mid)
    p.lineTo(cx, mid - half_h)
    p.lineTo(cx - half_w, mid)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.restoreState()
    top = mid + _text_h(len(row.lines)) / 2
    _lines(c, row.lines, cx, top, CONDENSED_BOLD, ink)


def _lines(c: Canvas, lines: tuple[str, ...], cx: float, top: float, font: str, ink: Ink) -> None:
    c.saveState()
    c.setFillColor(ink.text)
    c.setFont(font, TEXT_PT)
    baseline = top - ASCENT * TEXT_PT
    for line in lines:
        c.drawCentredString(cx, baseline, line)
        baseline -= LEAD * TEXT_PT
    c.restoreState()


def _label(c: Canvas, text: str, x: float, y: float, ink: Ink) -> None:
    c.saveState()
    c.setFillColor(ink.stroke)
    c.setFont(CONDENSED_BOLD, LABEL_PT)
    c.drawString(x, y, text)
    c.restoreState()


def _arrow(c: Canvas, points: list[tuple[float, float]], ink: Ink) -> None:
    """A polyline ending in a filled arrowhead at its last point."""
    c.saveState()
    c.setStrokeColor(ink.stroke)
    c.setFillColor(ink.stroke)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-6)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    # the shaft stops at the head's base, so its end never pokes through the point
    base = (x2 - ux * ARROW_HEAD, y2 - uy * ARROW_HEAD)
    shaft = c.beginPath()
    shaft.moveTo(*points[0])
    for point in points[1:-1]:
        shaft.lineTo(*point)
    shaft.lineTo(*base)
    c.drawPath(shaft, stroke=1, fill=0)
    head = c.beginPath()
    half = ARROW_HEAD * 0.5
    head.moveTo(x2, y2)
    head.lineTo(base[0] - uy * half, base[1] + ux * half)
    head.lineTo(base[0] + uy * half, base[1] - ux * half)
    head.close()
    c.drawPath(head, stroke=0, fill=1)
    c.restoreState()


def _loop(
    c: Canvas,
    source: tuple[float, float, float],
    target: tuple[float, float, float],
    x: float,
    ink: Ink,
) -> None:
    """An arrow from the left of a box back up to the left of an earlier one."""
    y1 = (source[0] + source[1]) / 2
    y2 = (target[0] + target[1]) / 2
    _arrow(c, [(source[2], y1), (x, y1), (x, y2), (target[2], y2)], ink)
