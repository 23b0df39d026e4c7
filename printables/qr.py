"""QR codes drawn as vectors (issue 34): reportlab's own symbol (`qr_encode.py` chooses its mask
fast), one filled path of modules."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printables.qr_encode import Rows, encode

if TYPE_CHECKING:  # Pillow only to read codes back: a print need not import it (issue 33)
    from PIL import Image

Modules = Rows  # a symbol's rows from the top, each an int: bit n-1-col set for a dark module
_DARK_RUN = re.compile("1+")


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
    count = len(rows)
    ops = []
    for r, row in enumerate(rows):
        for run in _DARK_RUN.finditer(format(row, f"0{count}b")):
            ops.append(f"{run.start()} {-r - 1} {run.end() - run.start()} 1 re")
    c.saveState()
    c.setFillColor(color)
    c.transform(size, 0, 0, size, left, top)
    c.addLiteral("\n".join(ops) + "\nf")
    c.restoreState()


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
