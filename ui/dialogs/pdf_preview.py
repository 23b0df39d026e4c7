"""The print dialog's preview: the real PDF, with zoom, fit and page navigation."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget
from shiboken6 import isValid

ZOOM_STEP = 1.25
SYMBOL_WIDTH = 1.6  # a symbol button's width, in button heights


class PdfPreview(QWidget):
    """A PDF view with a bar: fit the page, fit the width, zoom in and out, previous and next."""

    def __init__(self, document: QPdfDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.view = QPdfView()
        self.view.setDocument(document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitInView)
        self.fit_page = QPushButton("Fit page")
        self.fit_width = QPushButton("Fit width")
        self.zoom_out = QPushButton("\u2212")
        self.zoom_in = QPushButton("+")
        self.previous = QPushButton("\u25c0")
        self.next = QPushButton("\u25b6")
        self.page = QLabel()
        for button, tip in (
            (self.zoom_out, "Zoom out"),
            (self.zoom_in, "Zoom in"),
            (self.previous, "Previous page"),
            (self.next, "Next page"),
        ):
            button.setToolTip(tip)
            button.setAccessibleName(tip)
            # one symbol: as wide as the button is tall and a half, not a text button's 80
            # pixels, so the dialog keeps room for every tab of the printables beside it
            button.setMaximumWidth(round(button.sizeHint().height() * SYMBOL_WIDTH))
        bar = QHBoxLayout()
        for widget in (self.fit_page, self.fit_width, self.zoom_out, self.zoom_in):
            bar.addWidget(widget)
        bar.addStretch()
        for step in (self.previous, self.page, self.next):
            bar.addWidget(step)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        self.fit_page.clicked.connect(lambda: self.view.setZoomMode(QPdfView.ZoomMode.FitInView))
        self.fit_width.clicked.connect(lambda: self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth))
        self.zoom_in.clicked.connect(lambda: self.zoom(ZOOM_STEP))
        self.zoom_out.clicked.connect(lambda: self.zoom(1 / ZOOM_STEP))
        self.previous.clicked.connect(lambda: self.go(-1))
        self.next.clicked.connect(lambda: self.go(1))
        navigator = self.view.pageNavigator()
        # bound methods, not lambdas: Qt disconnects them when this widget goes
        navigator.currentPageChanged.connect(self._changed)
        document.pageCountChanged.connect(self._changed)
        document.statusChanged.connect(self._changed)
        self._show_page()

    def zoom(self, by: float) -> None:
        """Zoom from what is shown now (a fit mode becomes a fixed zoom)."""
        self.view.setZoomMode(QPdfView.ZoomMode.Custom)
        self.view.setZoomFactor(max(0.1, min(8.0, self.view.zoomFactor() * by)))

    def current(self) -> int:
        return self.view.pageNavigator().currentPage()

    def go(self, step: int) -> None:
        """Show the previous (-1) or next (+1) page."""
        count = self.document.pageCount()
        if count:
            page = max(0, min(count - 1, self.current() + step))
            self.view.pageNavigator().jump(page, QPointF(), self.view.pageNavigator().currentZoom())

    def _changed(self, *_: object) -> None:
        self._show_page()

    def _show_page(self) -> None:
        # the document may go first (its owner deletes it) and still signal on its way out
        if not (isValid(self.document) and isValid(self.view) and isValid(self.page)):
            return
        count = self.document.pageCount()
        self.page.setText(f"Page {self.current() + 1} of {count}" if count else "No preview")
        self.previous.setEnabled(count > 0 and self.current() > 0)
        self.next.setEnabled(count > 0 and self.current() < count - 1)
