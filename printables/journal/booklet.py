"""Booklet imposition: A5 pages two to a side of A4 landscape, in folding order (R19).

Each A5 page is captured as a form XObject while platypus lays the journal out; when the
document is saved the forms are placed, left and right of the fold, on the A4 sides.
Printed double-sided (flip on the short edge) and folded in the middle, the sheets read in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printables.journal.style import A4_LANDSCAPE, A5

FORM_PREFIX = "journal-page-"


def padded(pages: int) -> int:
    """The page count made up with blank pages to a multiple of 4 (one folded sheet = 4 pages)."""
    return max(4, -(-pages // 4) * 4)


def booklet_sides(pages: int) -> list[tuple[int, int]]:
    """(left page, right page) for each printed side, in print order; pages is a multiple of 4.

    Sheet i carries (n - 2i, 1 + 2i) on its front and (2 + 2i, n - 1 - 2i) on its back:
    for 8 pages (8, 1), (2, 7), (6, 3), (4, 5).
    """
    if pages <= 0 or pages % 4:
        raise ValueError(f"A booklet needs a multiple of 4 pages, not {pages}.")  # ours: padded()
    sides: list[tuple[int, int]] = []
    for i in range(pages // 4):
        sides.append((pages - 2 * i, 1 + 2 * i))
        sides.append((2 + 2 * i, pages - 1 - 2 * i))
    return sides


class ImposingCanvas(Canvas):
    """A canvas that keeps each finished A5 page as a form and imposes them all on save().

    on_side(done, total) is called as each A4 side is written.
    """

    def __init__(
        self, *args: Any, on_side: Callable[[int, int], None] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self._captured = 0
        self._on_side = on_side
        self.sides_written = 0
        self._begin_capture()
        self.setViewerPreference("Duplex", "DuplexFlipShortEdge")
        self.setViewerPreference("PrintScaling", "None")

    def _begin_capture(self) -> None:
        w, h = A5
        self.beginForm(f"{FORM_PREFIX}{self._captured + 1}", 0, 0, w, h)

    def showPage(self) -> None:
        """End of an A5 page: close its form and start capturing the next one."""
        self.endForm()
        self._captured += 1
        self._pageNumber += 1
        self.init_graphics_state()
        self.state_stack: list[dict[str, Any]] = []  # reportlab's saved drawing states
        self._begin_capture()

    def save(self) -> None:
        """Drop the empty capture begun after the last page, impose the forms, write the file."""
        self._restartAccumulators()
        self.pop_state_stack()
        self._formData = None
        self._doc.inObject = None
        pages = padded(self._captured)
        sides = booklet_sides(pages)
        w, h = A4_LANDSCAPE
        self.setPageSize((w, h))
        fold = w / 2
        for done, pair in enumerate(sides, start=1):
            for number, x in zip(pair, (fold - A5[0], fold), strict=True):
                if number <= self._captured:
                    self.saveState()
                    self.translate(x, (h - A5[1]) / 2)
                    self.doForm(f"{FORM_PREFIX}{number}")
                    self.restoreState()
            Canvas.showPage(self)
            self.sides_written = done
            if self._on_side is not None:
                self._on_side(done, len(sides))
        super().save()
