"""Small drawn flowables: an ornamental rule, injury strike boxes, ruled rows to write in."""

from __future__ import annotations

from reportlab.platypus import Flowable

from printables.fonts import DISPLAY, SERIF
from printables.journal.style import (
    ACCENT,
    HAIR,
    HAIR_PT,
    INK,
    RULE,
    RULED_COLUMNS,
    RULED_HEAD_MM,
    RULED_ROW_MM,
    SHADE,
    THICK_PT,
    THIN_PT,
    mm,
)

ORNAMENT = "\u25c6"  # a black diamond between two rules
ORNAMENT_PT = 7.0
STRIKE_BOX_MM = 3.0
STRIKE_GAP_MM = 1.0


class Ornament(Flowable):
    """A centred rule broken by a diamond: the journal's section divider."""

    def __init__(self, width_share: float = 0.6, space: float = mm(2.5)) -> None:
        super().__init__()
        self.width_share = width_share
        self.space = space

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self.height = ORNAMENT_PT + 2 * self.space
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        mid_x, mid_y = self.width / 2, self.height / 2
        half = self.width * self.width_share / 2
        gap = ORNAMENT_PT * 0.9
        c.saveState()
        c.setStrokeColor(ACCENT)
        c.setFillColor(ACCENT)
        c.setLineWidth(THIN_PT)
        c.line(mid_x - half, mid_y, mid_x - gap, mid_y)
        c.line(mid_x + gap, mid_y, mid_x + half, mid_y)
        c.setFont(SERIF, ORNAMENT_PT)
        c.drawCentredString(mid_x, mid_y - ORNAMENT_PT * 0.35, ORNAMENT)
        c.restoreState()


class Strikes(Flowable):
    """R13's injury track: one box per strike before death, crossed for each one taken."""

    def __init__(self, taken: int, boxes: int) -> None:
        super().__init__()
        self.taken = taken
        self.boxes = boxes
        self.width = boxes * mm(STRIKE_BOX_MM) + (boxes - 1) * mm(STRIKE_GAP_MM)
        self.height = mm(STRIKE_BOX_MM)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        side, step = mm(STRIKE_BOX_MM), mm(STRIKE_BOX_MM + STRIKE_GAP_MM)
        c.saveState()
        c.setStrokeColor(INK)
        c.setLineWidth(THIN_PT)
        for i in range(self.boxes):
            x = i * step
            c.rect(x, 0, side, side, stroke=1, fill=0)
            if i < self.taken:
                inset = side * 0.18
                c.setLineWidth(THIN_PT * 1.8)
                c.line(x + inset, inset, x + side - inset, side - inset)
                c.line(x + inset, side - inset, x + side - inset, inset)
                c.setLineWidth(THIN_PT)
        c.restoreState()


class RuledRows(Flowable):
    """A ruled table filling the rest of the frame: Date / Game / What happened / $ / Purse."""

    def __init__(self) -> None:
        super().__init__()
        self.rows = 0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        body = avail_height - mm(RULED_HEAD_MM) - 1.0  # a point spare for rounding
        self.rows = max(0, int(body // mm(RULED_ROW_MM)))
        self.height = mm(RULED_HEAD_MM) + self.rows * mm(RULED_ROW_MM)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return []  # never split: it takes the room it is given, on a page of its own

    def draw(self) -> None:
        c = self.canv
        head, row = mm(RULED_HEAD_MM), mm(RULED_ROW_MM)
        top = self.height
        xs = [0.0]
        for _, share in RULED_COLUMNS:
            xs.append(xs[-1] + share * self.width)
        c.saveState()
        c.setFillColor(SHADE)
        c.rect(0, top - head, self.width, head, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(DISPLAY, 8)
        for (label, _), x0, x1 in zip(RULED_COLUMNS, xs, xs[1:], strict=False):
            c.drawCentredString((x0 + x1) / 2, top - head + head * 0.3, label)
        c.setStrokeColor(RULE)
        c.setLineWidth(THICK_PT * 0.6)
        c.line(0, top, self.width, top)
        c.line(0, 0, self.width, 0)
        c.setLineWidth(THIN_PT)
        c.line(0, top - head, self.width, top - head)
        c.setStrokeColor(HAIR)
        c.setLineWidth(HAIR_PT)
        for i in range(1, self.rows):
            y = top - head - i * row
            c.line(0, y, self.width, y)
        c.setStrokeColor(RULE)
        for x in xs[1:-1]:
            c.line(x, 0, x, top)
        c.restoreState()
