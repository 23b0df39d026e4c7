"""QR codes drawn as vectors (issue 34): reportlab's own encoder, one filled path of modules."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

Modules = tuple[tuple[bool, ...], ...]


@lru_cache(maxsize=1024)
def qr_modules(text: str, level: str = "M") -> tuple[int, Modules]:
    """The QR version reportlab's encoder chooses for text at this error correction level, and
    its module matrix (rows from the top, True for dark)."""
    widget = QrCodeWidget(text, barLevel=level)
    widget.qr.make()
    return int(widget.qr.version), tuple(tuple(bool(v) for v in row) for row in widget.qr.modules)


def draw_modules(
    c: Canvas, rows: Modules, left: float, top: float, size: float, color: Color
) -> None:
    """The dark modules of rows as one filled path, the matrix's top left corner at (left, top),
    each module size points; the canvas's graphics state is left as it was."""
    c.saveState()
    c.setFillColor(color)
    path = c.beginPath()
    for r, row in enumerate(rows):
        y = top - (r + 1) * size
        start = None
        for col, dark in enumerate((*row, False)):  # a run of dark modules is one rectangle
            if dark and start is None:
                start = col
            elif not dark and start is not None:
                path.rect(left + start * size, y, (col - start) * size, size)
                start = None
    c.drawPath(path, stroke=0, fill=1)
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
