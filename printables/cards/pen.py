"""A thin drawing helper over a canvas that can also just measure (canvas None).

Card faces are laid out by running the same code twice: once without a canvas to find the
type scale at which everything fits, then with the canvas to draw. Coordinates are card-local
points, y up; text is placed by the top of its line box, so nothing is ever guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from printables.text import ASCENT, DESCENT, block_height, runs, text_width


class Pen:
    """Use as `with Pen(c) as pen:`: consecutive lines of text share one PDF text object,
    which is written when a box or rule comes between, and at the end of the block."""

    def __init__(self, c: Canvas | None) -> None:
        self.c = c
        self._text: PDFTextObject | None = None
        # What this pen last set on the canvas. A pen draws one face inside one saved graphics
        # state and nothing else draws there meanwhile, so setting the same font or colour
        # again would only add bytes to the PDF and time to the print (half of all settings).
        # The font is set again in each text object, where reportlab keeps track of it.
        self._font: tuple[str, float] | None = None
        self._fill: Color | None = None
        self._stroke: tuple[Color, float] | None = None

    def __enter__(self) -> Pen:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._end_text()

    def _end_text(self) -> None:
        if self._text is not None and self.c is not None:
            self.c.drawText(self._text)
        self._text, self._font = None, None

    def _fill_with(self, c: Canvas | PDFTextObject, color: Color) -> None:
        if self._fill is None or (self._fill is not color and self._fill != color):
            c.setFillColor(color)
            self._fill = color

    def _stroke_with(self, c: Canvas, color: Color, width: float) -> None:
        last = self._stroke
        if last is None or last[1] != width or (last[0] is not color and last[0] != color):
            c.setStrokeColor(color)
            c.setLineWidth(width)
            self._stroke = (color, width)

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
            t = self._text
            if t is None:
                t = self._text = self.c.beginText()
            self._fill_with(t, color)
            if align != "left":
                width = text_width(text, font, size)
                x -= width if align == "right" else width / 2
            t.setTextOrigin(x, top - ASCENT * size)
            # a fallback font for what the face lacks; every face has ASCII
            for f, run in ((font, text),) if text.isascii() else runs(text, font):
                if self._font != (f, size):
                    t.setFont(f, size)
                    self._font = (f, size)
                t.textOut(run)
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
        self._end_text()
        if fill is not None:
            self._fill_with(self.c, fill)
        if stroke is not None:
            self._stroke_with(self.c, stroke, width)
        paint = {"stroke": int(stroke is not None), "fill": int(fill is not None)}
        if radius:
            self.c.roundRect(x, y, w, h, radius, **paint)
        else:
            self.c.rect(x, y, w, h, **paint)

    def rule(self, x1: float, y1: float, x2: float, y2: float, color: Color, width: float) -> None:
        if self.c is None:
            return
        self._end_text()
        self._stroke_with(self.c, color, width)
        self.c.line(x1, y1, x2, y2)
