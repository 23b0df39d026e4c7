"""QR codes drawn as vectors (issue 34): reportlab's own symbol (`qr_encode.py` chooses its mask
fast), one filled path of modules."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printables.qr_encode import Rows, encode

if TYPE_CHECKING:  # Pillow only to read codes back: a print need not import it (issue 33)
    from PIL import Image

Modules = Rows  # a symbol's rows from the top, each an int: bit n-1-col set for a dark module


@lru_cache(maxsize=1024)
def qr_modules(text: str, level: str = "M") -> tuple[int, Modules]:
    """The QR version reportlab's encoder chooses for text at this error correction level, and
    its module rows (the same symbol as reportlab's `QRCode.make`)."""
    return encode(text, level)


def draw_modules(
    c: Canvas, rows: Modules, left: float, top: float, size: float, color: Color
) -> None:
    """The dark modules of rows as one filled path, the matrix's top left corner at (left, top),
    each module size points; the canvas's graphics state is left as it was.

    Each run of dark modules in a row is one rectangle, written in module units under a scaled
    matrix: whole numbers, so the path is a few hundred bytes of PDF operators written at
    once, not a reportlab call per rectangle (issue 33).
    """
    c.saveState()
    c.setFillColor(color)
    c.transform(size, 0, 0, size, left, top)
    c.addLiteral(module_runs(rows) + "\nf")
    c.restoreState()


_COLUMNS = [f"{x} " for x in range(178)]  # a run's left column (version 40 is 177 wide)...
_WIDTHS = [f" {w} 1 re" for w in range(178)]  # ...and its width, as the path writes them


def module_runs(rows: Modules) -> str:
    """A `re` operator for each run of dark modules, row by row from the top, left to right.

    A run's first module is dark with a light (or no) module at its left, its last one with a
    light one at its right: the row's bits and their shifts give both at once, and the
    highest bits of each pair off the runs from the left (issue 33: a regular expression over
    each row's text took twice as long, and the codes are 500 of a print's paths).
    """
    ops = []
    top = len(rows) - 1
    for r, row in enumerate(rows):
        y = str(-r - 1)
        firsts = row & ~(row >> 1)  # bit b is column top - b; its left neighbour is bit b + 1
        lasts = row & ~(row << 1)
        while firsts:
            first, last = firsts.bit_length() - 1, lasts.bit_length() - 1
            ops.append(_COLUMNS[top - first] + y + _WIDTHS[first - last + 1])
            firsts ^= 1 << first
            lasts ^= 1 << last
    return "\n".join(ops)


def rendered_pages(path: str | Path, dpi: int = 200) -> list[Image.Image]:
    """The pages of a PDF as pictures (PDFium renders them), to look for QR codes in: the cards
    and journal this program printed, read back without printing them (issue 34)."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:  # not a PDF, or a damaged one
        raise ValueError(f"not a PDF: {exc}") from exc
    try:
        return [page.render(scale=dpi / 72).to_pil() for page in doc]
    finally:
        doc.close()
