"""The A5 page templates: cover, then odd and even pages with mirrored margins (R19)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from printables.fonts import DISPLAY, SERIF_ITALIC, register_fonts
from printables.journal.style import (
    A5,
    ACCENT,
    AUTHOR,
    BOTTOM_MM,
    COVER_BORDER_GAP_MM,
    COVER_BORDER_MM,
    FADED,
    FOLIO_MM,
    FRAME_H,
    FRAME_W,
    HEAD_MM,
    INK,
    INNER_MM,
    OUTER_MM,
    RULE,
    THICK_PT,
    THIN_PT,
    TOP_MM,
    mm,
)
from printables.text import draw_string, ellipsize, wrap

HEAD_PT = 7.5
FOLIO_PT = 9.5
HEAD_RULE_MM = 2.0  # the running head's rule sits this far below its baseline
MOTTO_PT = 10.5
NOTE_PT = 6.8
COVER_FOOT_MM = 16.0  # baseline of the cover's last foot line, up from the bottom edge
KEEPER = "Posse Journal"


def frame_x(page: int) -> float:
    """Left edge of the text frame: odd (right-hand) pages have the wide margin on the left."""
    return mm(INNER_MM) if page % 2 else mm(OUTER_MM)


class JournalDoc(BaseDocTemplate):
    """A5 journal pages; after_page(n) is called as each page is finished."""

    def __init__(
        self,
        out: str | Path | BinaryIO,
        *,
        posse: str,
        title: str,
        subject: str,
        after_page: Callable[[int], None] | None = None,
        cover_lines: tuple[str, ...] = (),
    ) -> None:
        register_fonts()
        target = str(out) if isinstance(out, Path) else out
        super().__init__(
            target,
            pagesize=A5,
            invariant=1,
            pageCompression=1,
            title=title,
            author=AUTHOR,
            subject=subject,
            creator=AUTHOR,
            initialFontName=SERIF_ITALIC,
            leftMargin=mm(INNER_MM),
            rightMargin=mm(OUTER_MM),
            topMargin=mm(TOP_MM),
            bottomMargin=mm(BOTTOM_MM),
        )
        self.posse = posse
        self.after_page = after_page
        self.cover_lines = cover_lines
        y = mm(BOTTOM_MM)

        def frame(page: int, name: str) -> Frame:
            return Frame(frame_x(page), y, FRAME_W, FRAME_H, 0, 0, 0, 0, id=name)

        self._odd = PageTemplate("odd", [frame(1, "odd")], onPage=self._decorate, pagesize=A5)
        self._even = PageTemplate("even", [frame(2, "even")], onPage=self._decorate, pagesize=A5)
        side = (A5[0] - FRAME_W) / 2  # the cover is symmetric: centred between its rules
        cover_frame = Frame(side, y, FRAME_W, FRAME_H, 0, 0, 0, 0, id="cover")
        cover = PageTemplate("cover", [cover_frame], onPage=self._cover, pagesize=A5)
        self.addPageTemplates([cover, self._odd, self._even])

    def handle_pageBegin(self) -> None:
        """Page 1 is the cover; after it the templates follow the page's parity.

        (Chosen here rather than with autoNextPageTemplate, which in reportlab 5.1 only takes
        effect on every other page.)
        """
        number = self.page + 1
        if number > 1:
            self.pageTemplate = self._odd if number % 2 else self._even
        super().handle_pageBegin()

    def afterPage(self) -> None:
        if self.after_page is not None:
            self.after_page(self.page)

    def _cover(self, c: Canvas, doc: Any) -> None:
        """A double rule round the cover, thick outside and thin within, like a handbill."""
        w, h = A5
        edge, gap = mm(COVER_BORDER_MM), mm(COVER_BORDER_GAP_MM)
        c.saveState()
        c.setStrokeColor(ACCENT)
        c.setLineWidth(THICK_PT)
        c.rect(edge, edge, w - 2 * edge, h - 2 * edge, stroke=1, fill=0)
        c.setLineWidth(THIN_PT)
        c.rect(edge + gap, edge + gap, w - 2 * (edge + gap), h - 2 * (edge + gap), stroke=1, fill=0)
        # Fixed lines (never user text) at the foot, inside the rules: the motto, then notes.
        lines = [(self.cover_lines[0], DISPLAY, MOTTO_PT)] if self.cover_lines else []
        for note in self.cover_lines[1:]:
            lines += [
                (line, SERIF_ITALIC, NOTE_PT) for line in wrap(note, SERIF_ITALIC, NOTE_PT, FRAME_W)
            ]
        y = mm(COVER_FOOT_MM)
        previous = None
        for text, font, size in reversed(lines):
            if previous is not None:
                y += previous * 1.45 if font != DISPLAY else previous + size + mm(2)
            c.setFillColor(INK if font == DISPLAY else FADED)
            c.setFont(font, size)
            c.drawCentredString(w / 2, y, text)
            previous = size
        c.restoreState()

    def _decorate(self, c: Canvas, doc: Any) -> None:
        """Running head (posse name outside, the book's name inside), its rule, the folio."""
        page = c.getPageNumber()
        left, right = frame_x(page), frame_x(page) + FRAME_W
        odd = page % 2 == 1
        head_y = A5[1] - mm(HEAD_MM)
        half = FRAME_W / 2 - mm(3)
        name = ellipsize(self.posse, SERIF_ITALIC, HEAD_PT, half)
        c.saveState()
        c.setFillColor(FADED)
        c.setFont(SERIF_ITALIC, HEAD_PT)
        draw_string(
            c,
            right if odd else left,
            head_y,
            name,
            SERIF_ITALIC,
            HEAD_PT,
            "right" if odd else "left",
        )
        c.setFont(DISPLAY, HEAD_PT)
        (c.drawString(left, head_y, KEEPER) if odd else c.drawRightString(right, head_y, KEEPER))
        c.setStrokeColor(RULE)
        c.setLineWidth(THIN_PT)
        rule_y = head_y - mm(HEAD_RULE_MM)
        c.line(left, rule_y, right, rule_y)
        c.setFillColor(INK)
        c.setFont(DISPLAY, FOLIO_PT)
        folio = str(page)
        folio_y = mm(FOLIO_MM)
        (c.drawRightString(right, folio_y, folio) if odd else c.drawString(left, folio_y, folio))
        c.restoreState()
