"""A thin drawing helper over a canvas that can also just measure (canvas None).

Card faces are laid out by running the same code twice: once without a canvas to find the
type scale at which everything fits, then with the canvas to draw. Coordinates are card-local
points, y up; text is placed by the top of its line box, so nothing is ever guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printables.text import ASCENT, DESCENT, block_height


class Pen:
    def __init__(self, c: Canvas | None) -> None:
        self.c = c

    def text(
        self,
        x: float,
        top: float,
        text: str,
        font: str,
        size: float,
        color: Color,
        align: str = "left",
    ) -> float:
        """One line whose glyphs start below top; returns the bottom of its line box."""
        if self.c is not None and text:
            self.c.setFont(font, size)
            self.c.setFillColor(color)
            base = top - ASCENT * size
            if align == "left":
                self.c.drawString(x, base, text)
            elif align == "right":
                self.c.drawRightString(x, base, text)
            else:
                self.c.drawCentredString(x, base, text)
        return top - (ASCENT + DESCENT) * size

    def lines(
        self,
        x: float,
        top: float,
        lines: Sequence[str],
        font: str,
        size: float,
        color: Color,
        lead: float = 1.1,
        align: str = "left",
    ) -> float:
        """Several lines lead x size apart; returns the bottom of the block."""
        for i, line in enumerate(lines):
            self.text(x, top - i * lead * size, line, font, size, color, align)
        return top - block_height(size, len(lines), lead)

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        width: float = 0.5,
        radius: float = 0.0,
    ) -> None:
        if self.c is None or (fill is None and stroke is None):
            return
        if fill is not None:
            self.c.setFillColor(fill)
        if stroke is not None:
            self.c.setStrokeColor(stroke)
            self.c.setLineWidth(width)
        paint = {"stroke": int(stroke is not None), "fill": int(fill is not None)}
        if radius:
            self.c.roundRect(x, y, w, h, radius, **paint)
        else:
            self.c.rect(x, y, w, h, **paint)

    def rule(self, x1: float, y1: float, x2: float, y2: float, color: Color, width: float) -> None:
        if self.c is None:
            return
        self.c.setStrokeColor(color)
        self.c.setLineWidth(width)
        self.c.line(x1, y1, x2, y2)
