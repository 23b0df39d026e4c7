"""Printing a PDF the app drew on a real printer, at 100% and with the duplex edge set.

Each page is rendered by QtPdf at the printer's resolution and painted full-page at its own
size: no fitting, no scaling, so the cards keep their 63.5 x 88.9 mm.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter

POINTS_PER_INCH = 72.0
# duplex layouts of the cards (services.printing.LAYOUTS): the edge a double-sided sheet turns on
DUPLEX = {
    "duplex-long": QPrinter.DuplexMode.DuplexLongSide,
    "duplex-short": QPrinter.DuplexMode.DuplexShortSide,
}


def set_up(printer: QPrinter, document: QPdfDocument, layout: str | None) -> QPrinter.DuplexMode:
    """The paper of the PDF's first page, full page, the duplex edge of the layout (returned:
    a printer without duplex, or a PDF printer, keeps its own)."""
    size = document.pagePointSize(0)
    printer.setFullPage(True)
    printer.setPageSize(QPageSize(QSizeF(size.width(), size.height()), QPageSize.Unit.Point))
    landscape = size.width() > size.height()
    printer.setPageOrientation(
        QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    )
    duplex = DUPLEX.get(layout or "", QPrinter.DuplexMode.DuplexNone)
    printer.setDuplex(duplex)
    return duplex


def print_pdf(printer: QPrinter, document: QPdfDocument) -> int:
    """Paint every page at 100%; returns the number of pages sent."""
    painter = QPainter()
    if not painter.begin(printer):
        return 0
    try:
        dpi = printer.resolution()
        for page in range(document.pageCount()):
            if page:
                printer.newPage()
            points = document.pagePointSize(page)
            pixels = QSize(
                round(points.width() / POINTS_PER_INCH * dpi),
                round(points.height() / POINTS_PER_INCH * dpi),
            )
            image = document.render(page, pixels)
            painter.drawImage(QRectF(0, 0, pixels.width(), pixels.height()), image)
    finally:
        painter.end()
    return document.pageCount()


def print_to_file(document: QPdfDocument, layout: str | None, target: Path) -> int:
    """Print as the printer would, into a PDF file (tests and 'Print to file')."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    set_up(printer, document, layout)
    return print_pdf(printer, document)
