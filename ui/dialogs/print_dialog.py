"""Print (DESIGN 7): cards, calibration, journal, casualty sheets, the quick reference; preview
of the real PDF. What the dialog's choices mean: the layout is `print_layout.PrintDialogLayout`."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QListWidget,
    QSpinBox,
    QWidget,
)

from rostermgr.errors import Refused
from services import posses, printing
from services.printing import CardOptions as CardOptionValues
from services.printing import PrintJob
from services.progress import PrintProgress
from ui.dialogs.print_layout import KINDS, PrintDialogLayout
from ui.dialogs.print_scenarios import ScenarioOptions
from ui.render_worker import run_render, start

if TYPE_CHECKING:
    from ui.host import Host

__all__ = ["KINDS", "PrintDialog"]

# The preview is drawn again this long after the last change of an option: a spin box held
# down or a name typed draws once, when the user pauses.
FOLLOW_MS = 350


class PrintDialog(PrintDialogLayout):
    """The print dialog's behaviour: each change of the options draws the preview again in the
    background; Save, Open and Send use the options as they are now; cards that leave the app
    count as printed."""

    def __init__(self, window: Host, parent: QWidget | None = None, start: str = KINDS[0]) -> None:
        """`start` names the tab to open on (one of KINDS)."""
        super().__init__(
            posses.names(window.campaign), window.current_posse(), window.rules, parent
        )
        self.w, self.rules = window, window.rules
        self.tabs.currentChanged.connect(self._kind_changed)
        self.cards.calibrate.clicked.connect(self._calibrate)
        self.save.clicked.connect(self.save_as)
        self.open_button.clicked.connect(self.open_in_viewer)
        self.send.clicked.connect(self.send_to_printer)
        self.close_button.clicked.connect(self.reject)
        self._stop = threading.Event()  # asked by the use case's progress at every step
        self.cancel.clicked.connect(self._stop.set)
        self._folder = tempfile.TemporaryDirectory(prefix="rostermgr-print-")
        self.pdf: Path | None = None  # the PDF the preview shows
        self.thread: Any = None
        self._rendering: tuple[Path, int] = (Path(), -1)  # the running render's target and options
        self.worker: Any = None
        self.saving: Any = None  # the thread drawing a print shop's files where they are saved
        self.saver: Any = None
        self._saving_to: tuple[PrintJob, Path] | None = None
        self.progress_reports = 0
        self._job: PrintJob | None = None  # the job rendered last, until its cards count printed
        self._shop_job: PrintJob | None = None  # a print shop's files: drawn when saved
        self._generation = 0  # bumped by every change of options: older renders are stale
        self._shown = -1  # the generation self.pdf was drawn for
        self._busy = False  # a render is running: the next one waits for it
        self._again = False
        self._drawn = 0  # each render in a folder of its own: the shown PDF stays open
        self._follow = QTimer(self)
        self._follow.setSingleShot(True)
        self._follow.setInterval(FOLLOW_MS)
        self._follow.timeout.connect(self.render)
        for pane in self.panes:
            _on_any_change(pane, self._options_changed)
        self.tabs.setCurrentIndex(KINDS.index(start))
        self._kind_changed(self.tabs.currentIndex())

    def _calibrate(self) -> None:
        """The calibration sheet, for the paper and layout the cards are printed with."""
        for box in ("paper", "layout_"):
            mine, theirs = getattr(self.calibration, box), getattr(self.cards, box)
            at = mine.findData(theirs.currentData())
            if at >= 0:
                mine.setCurrentIndex(at)
        self.tabs.setCurrentIndex(KINDS.index("Calibration"))
        self.calibration.layout_.setFocus()

    def _kind_changed(self, index: int) -> None:
        self.options.setCurrentIndex(index)
        self._options_changed()

    def _options_changed(self) -> None:
        """The preview follows the options, drawn in the background once the user pauses;
        the one on screen stays until then, and Save, Open and Send use the options as they
        are now (see `fresh_pdf`)."""
        self._generation += 1
        self.message.setText("Updating the preview...")
        self._follow.start()

    def fresh(self) -> bool:
        """Whether the preview shows the options as they are now."""
        return self.pdf is not None and self._shown == self._generation

    def _no_output(self) -> None:
        for button in (self.save, self.open_button, self.send):
            button.setEnabled(False)

    def job(self) -> PrintJob | None:
        """The chosen printable as the use case makes it; None (with the sentence) if refused."""
        c = self.w.campaign
        kind = self.tabs.currentIndex()
        self._job = None
        try:
            if kind >= len(KINDS):
                job = self.extra[kind - len(KINDS)].job()
            elif kind == 0:
                job = self._cards_job()
            elif kind == 1:
                o = self.calibration
                job = printing.calibration_job(o.paper.currentData(), o.layout_.currentData())
            elif kind == 2:
                j = self.journal
                job = printing.journal_job(c, j.posse.currentText(), j.booklet.isChecked())
            elif KINDS[kind] == ScenarioOptions.TAB:
                job = self.scenarios.job()
            elif kind == 4:
                r = self.reference
                job = printing.reference_job(self.rules, r.paper.currentData(), r.ink.currentData())
            else:
                k = self.casualties
                job = printing.casualties_job(
                    k.british.value(),
                    k.french.value(),
                    k.paper.currentData(),
                    k.ink.currentData(),
                    cut_lines=k.cut_lines.isChecked(),
                )
        except Refused as exc:
            self.message.setText(str(exc))
            return None
        if job.count == 0:
            self.message.setText("No card has changed since it was last printed.")
            return None
        self._job = job
        return job

    def _cards_job(self) -> PrintJob:
        return printing.cards_job(self.w.campaign, self.cards.chosen(), self._options())

    def _options(self) -> CardOptionValues:
        o = self.cards
        return CardOptionValues(
            paper=o.paper.currentData(),
            layout=o.layout_.currentData(),
            ink=o.ink.currentData(),
            back_offset=(o.dx.value(), o.dy.value()),
            gangers=o.gangers.currentData(),
            changed=o.changed.isChecked(),
            cut_lines=o.cut_lines.isChecked(),
            gap=o.gap.value(),
            shop=o.shop.currentData(),
        )

    def _prepared(self) -> tuple[PrintJob, Path] | None:
        """What the preview draws for the options shown, and where; None (with the sentence,
        Save, Open and Send disabled) when the options are refused."""
        job = self.job()
        if job is None:
            self._no_output()
            return None
        self._shop_job = None
        if self.tabs.currentIndex() == 0 and self.cards.shop.currentData() != "pnp":
            # the files themselves are drawn when saved; the preview is one face, its page
            # the bleed, with the trim and the safe zone drawn on it
            self._shop_job = job
            try:
                job = printing.shop_preview_job(
                    self.w.campaign, self.cards.chosen(), self._options()
                )
            except Refused as exc:
                self.message.setText(str(exc))
                self._no_output()
                return None
        self._drawn += 1
        folder = Path(self._folder.name) / str(self._drawn)
        folder.mkdir()
        return job, folder / job.filename

    # Not QWidget.render (drawing the widget onto a device): nothing here calls that one.
    def render(self) -> None:  # type: ignore[override]
        """Draw the preview of the options shown, in the background."""
        self._follow.stop()
        if self._busy:  # drawn again when the running one ends
            self._again = True
            return
        prepared = self._prepared()
        if prepared is None:
            return
        job, target = prepared
        self._busy = True
        self._started()
        self.message.setText("Updating the preview...")
        generation = self._generation
        # Keep the worker referenced: a collected worker never runs and its thread never ends.
        self._rendering = (target, generation)
        self.thread, self.worker = start(self._drawing(job, target), self)
        # Bound methods of this dialog, queued to the GUI thread: a lambda has no receiver, so
        # Qt called it in the worker's thread, which then loaded the PDF into the shown
        # document while the GUI thread painted it (a segfault under CI, now and then).
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._render_done)
        self.worker.failed.connect(self._render_failed)
        self.thread.start()

    def _render_done(self) -> None:
        self._rendered(*self._ended())

    def _render_failed(self, sentence: str) -> None:
        self._failed(sentence, self._ended()[1])

    def _ended(self) -> tuple[Path, int]:
        """What the render that just reported drew; its thread is let end before the next
        render may take its place (a worker dropped while its thread runs crashes the app)."""
        if self.thread is not None:
            self.thread.wait()
        return self._rendering

    def fresh_pdf(self) -> Path | None:
        """The PDF of the options as they are now: the preview's, or drawn here at once when
        the preview is behind them (a save never waits for a new preview)."""
        if self.fresh():
            return self.pdf
        self._follow.stop()
        self.wait()  # a render of older options: its result is dropped when it reports
        self._again = False
        prepared = self._prepared()
        if prepared is None:
            return None
        job, target = prepared
        sentence = run_render(lambda _show: job.draw(target, None), lambda _p: None)
        if sentence is not None:
            self.message.setText(sentence)
            return None
        self._show(target, self._generation)
        return self.pdf

    def _drawing(self, job: PrintJob, target: Path) -> Callable[[Callable[..., None]], None]:
        """What a worker runs: the preview of job drawn to target, its progress the use
        case's own (a preview's: "Drawn", not "Printed"), and Cancel asked at every step."""

        def draw(show: Callable[[PrintProgress], None]) -> None:
            job.draw(target, printing.watched(job, show, self._stop.is_set, preview=True))

        return draw

    def _started(self) -> None:
        self._stop.clear()
        self.cancel.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setFormat("%p%")
        self.progress_reports = 0

    def _progress(self, shown: PrintProgress) -> None:
        """The use case's progress, as it says it: cards done of all, and the time left."""
        self.progress_reports += 1
        self.progress.setMaximum(max(shown.total, 1))
        self.progress.setValue(shown.done)
        # Qt replaces %p, %v and %m in a format and has no escape for a percent sign: the text
        # is shown as it is (services.progress never writes those three, tested there).
        self.progress.setFormat(shown.text)

    def _rendered(self, target: Path, generation: int) -> None:
        self._busy = False
        self.cancel.setEnabled(self.saving is not None)
        if generation != self._generation:  # the options changed while it rendered
            if self._again:
                self._again = False
                self.render()
            return
        self.progress.setValue(self.progress.maximum())
        self._show(target, generation)

    def _show(self, target: Path, generation: int) -> None:
        self.document.close()
        self.pdf, self._shown = target, generation
        self.document.load(str(target))
        self.save.setEnabled(True)
        self.open_button.setEnabled(True)
        self.send.setEnabled(self._shop_job is None)  # a shop's files are sent to the shop
        pages = self.document.pageCount()
        folder = self._shop_job is not None and self._shop_job.folder
        self.save.setText("&Save PNG files..." if folder else "&Save PDF...")
        if self._shop_job is not None:
            self.message.setText(
                "One face as the print shop gets it: the page is the bleed, the solid line the "
                "trim, the dashed line the safe zone. Save writes every card."
            )
            return
        notes = "" if self._job is None else "".join(f" {n}" for n in self._job.notes)
        self.message.setText(
            f"{pages} page{'s' if pages != 1 else ''}. Print at actual size (100%).{notes}"
        )

    def _failed(self, sentence: str, generation: int) -> None:
        self._busy = False
        self.cancel.setEnabled(self.saving is not None)
        if generation != self._generation and self._again:
            self._again = False
            self.render()
            return
        self.message.setText(sentence)

    def save_as(self) -> None:
        drawn = self.fresh_pdf()
        if drawn is None:
            return
        if self._shop_job is not None and self._shop_job.folder:
            path, _ = QFileDialog.getSaveFileName(
                self, "Save the PNG files in a new folder", self._shop_job.filename, "Folders (*)"
            )
            if path:
                self.save_to(Path(path))
            return
        name = self._shop_job.filename if self._shop_job is not None else drawn.name
        path, _ = QFileDialog.getSaveFileName(self, "Save PDF", name, "PDF files (*.pdf)")
        if path:
            self.save_to(Path(path))

    def save_to(self, path: Path) -> None:
        if self.fresh_pdf() is None or self.pdf is None:
            return
        try:
            if self._shop_job is not None:
                self._save_shop_files(self._shop_job, path)
                return
            printing.save_rendered(self.w.campaign.path, self.pdf, path)
        except Refused as exc:
            self.message.setText(str(exc))
            return
        self.message.setText(f"Saved to {path}.{self._remember()}")

    def _save_shop_files(self, job: PrintJob, path: Path) -> None:
        """A print shop's files, drawn where they are saved in the background: the progress
        bar and Cancel follow it; the cards count as printed once every file is there."""
        if self.saving is not None:
            return
        campaign = self.w.campaign.path
        printing.check_job_target(campaign, job, path)  # refused at once, before any drawing
        self._started()
        self.message.setText(f"Saving to {path}...")
        self.save.setEnabled(False)

        def draw(show: Callable[[PrintProgress], None]) -> None:
            printing.write(campaign, job, path, printing.watched(job, show, self._stop.is_set))

        self._saving_to = (job, path)
        self.saving, self.saver = start(draw, self)
        # bound methods of this dialog: queued to the GUI thread, as a lambda would not be
        self.saver.progress.connect(self._progress)
        self.saver.done.connect(self._save_done)
        self.saver.failed.connect(self._saved)
        self.saving.start()

    def _save_done(self) -> None:
        self._saved(None)

    def _saved(self, sentence: str | None) -> None:
        if self._saving_to is None:
            return
        job, path = self._saving_to
        self._saving_to = None
        # The worker said so as its last act; its thread ends at once. Wait for that before the
        # last reference goes: a worker deleted while its thread still runs crashes the app.
        if self.saving is not None:
            self.saving.wait()
        self.saving = self.saver = None
        self.cancel.setEnabled(self._busy)
        self.save.setEnabled(True)
        if sentence is not None:
            self.message.setText(sentence)
            return
        self._job = job
        self.message.setText(f"Saved to {path}.{self._remember()}")

    def open_in_viewer(self) -> None:
        if self.fresh_pdf() is not None and self.pdf is not None:
            missed = self._remember() if self._shop_job is None else ""  # a preview: none
            if missed:
                self.message.setText(missed.strip())
            if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.pdf))):
                self.message.setText(
                    "There is no PDF viewer set up on this computer: save the PDF and open "
                    "it with a program of your own."
                )

    def send_to_printer(self) -> None:
        """Qt's print dialog, then every page at 100% with the layout's duplex edge."""
        if self.fresh_pdf() is None:
            return
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from ui.printer import print_pdf, set_up

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        set_up(printer, self.document, self.cards.layout_.currentData() if self._cards() else None)
        if QPrintDialog(printer, self).exec() != QDialog.DialogCode.Accepted:
            return
        pages = print_pdf(printer, self.document)
        missed = self._remember() if pages and self._shop_job is None else ""
        self.message.setText(
            f"Sent {pages} page{'s' if pages != 1 else ''} to "
            f"{printer.printerName() or 'the printer'} at 100%.{missed}"
            if pages
            else "The printer could not be started; nothing was printed."
        )

    def _cards(self) -> bool:
        return self.tabs.currentIndex() == KINDS.index("Cards")

    def _remember(self) -> str:
        """Cards that leave the app count as printed, for 'only changed cards' next time.

        Returns "" once counted, else a sentence to add to the dialog's message: the cards
        have left all the same (a busy campaign, a full backups disk refuse only the count).
        """
        if self._job is None or not self._job.printed:
            return ""
        missed = printing.remember_printed(self.w.campaign, self._job)
        self._job = None
        if missed is None:
            return ""
        why = f" {missed.refused}" if missed.refused is not None else ""
        return (
            ' They are not counted as printed, so "Only cards that changed since they were '
            f'last printed" will not know about them.{why}'
        )

    def wait(self) -> None:
        """Block until a running render, and a save, finish (tests and closing)."""
        if self.thread is not None:
            self.thread.wait()
        if self.saving is not None:
            self.saving.wait()

    def done(self, result: int) -> None:
        self._follow.stop()
        self._again = False
        self._stop.set()  # closing stops what is being drawn: nothing half-written is left
        self.wait()
        self.document.close()
        super().done(result)


def _on_any_change(pane: QWidget, slot: Any) -> None:
    """Call slot when any input of an options pane changes."""
    for box in pane.findChildren(QComboBox):
        box.currentIndexChanged.connect(lambda *_: slot())
    for spin in pane.findChildren(QSpinBox):
        spin.valueChanged.connect(lambda *_: slot())
    for double in pane.findChildren(QDoubleSpinBox):
        double.valueChanged.connect(lambda *_: slot())
    for check in pane.findChildren(QCheckBox):
        check.toggled.connect(lambda *_: slot())
    for items in pane.findChildren(QListWidget):
        items.itemChanged.connect(lambda *_: slot())
