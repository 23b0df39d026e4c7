"""The print dialog renders each kind of PDF off the GUI thread and previews it (DESIGN 7)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from ui.dialogs.print_dialog import KINDS, PrintDialog
from ui.main_window import MainWindow

OpenDialog = Callable[..., PrintDialog]


@pytest.fixture
def open_dialog(window: MainWindow, qtbot) -> OpenDialog:
    """Makes the window's print dialog, closed with the test. `dalton`: The Dalton Boys are
    selected first (the Cards tab prints the posse selected); `parented`: the dialog is the
    window's child, as the menu opens it; `start`: the tab it opens on."""

    def make(*, dalton: bool = False, parented: bool = False, start: str = KINDS[0]) -> PrintDialog:
        if dalton:
            window.posse_list.setCurrentIndex(
                window.posse_model.index(window.posse_model.row_of("The Dalton Boys"))
            )
        dialog = PrintDialog(window, parent=window if parented else None, start=start)
        qtbot.addWidget(dialog)
        return dialog

    return make


def previewed(dialog: PrintDialog, qtbot) -> None:
    """Draw the preview of the options shown and wait until it is shown."""
    dialog.render()
    dialog.wait()
    qtbot.waitUntil(lambda: dialog.pdf is not None, timeout=30000)


@pytest.mark.parametrize("kind", range(len(KINDS)))
def test_each_kind_renders_previews_and_saves(
    open_dialog: OpenDialog, qtbot, tmp_path: Path, kind: int
) -> None:
    dialog = open_dialog(dalton=True)
    dialog.tabs.setCurrentIndex(kind)
    if kind == 3:
        dialog.casualties.british.setValue(20)
    with qtbot.waitSignal(dialog.document.statusChanged, timeout=30000, raising=False):
        dialog.render()
        dialog.wait()
    qtbot.waitUntil(lambda: dialog.pdf is not None, timeout=30000)
    assert dialog.document.pageCount() >= 1
    assert dialog.progress.value() == dialog.progress.maximum()
    if KINDS[kind] != "Calibration":  # the exporters report progress as they go
        assert dialog.progress_reports > 1
    target = tmp_path / "out.pdf"
    dialog.save_to(target)
    assert len(PdfReader(target).pages) == dialog.document.pageCount()
    dialog.done(0)


def test_r18_changed_only_after_saving_cards(
    open_dialog: OpenDialog, qtbot, tmp_path: Path
) -> None:
    dialog = open_dialog(dalton=True)
    previewed(dialog, qtbot)
    dialog.save_to(tmp_path / "cards.pdf")
    dialog.cards.changed.setChecked(True)
    dialog.render()
    assert "No card has changed" in dialog.message.text()
    dialog.done(0)


def test_a_finished_preview_is_shown_from_the_gui_thread(
    open_dialog: OpenDialog, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's end reaches the dialog in the GUI thread: shown from the worker's own, the
    PDF was loaded into the document the window was painting (a segfault now and then)."""
    from PySide6.QtCore import QThread
    from PySide6.QtWidgets import QApplication

    threads: list[bool] = []
    show = PrintDialog._show

    def noted(self: PrintDialog, target: Path, generation: int) -> None:
        threads.append(QThread.currentThread() is QApplication.instance().thread())
        show(self, target, generation)

    monkeypatch.setattr(PrintDialog, "_show", noted)
    dialog = open_dialog()
    dialog.render()
    qtbot.waitUntil(lambda: dialog.pdf is not None, timeout=30000)
    dialog.wait()
    assert threads == [True]
    dialog.done(0)


def test_the_preview_is_said_drawn_not_printed(open_dialog: OpenDialog, qtbot) -> None:
    """The bar under a preview said "Printed: 3 of 3 cards, in 0 s.": a preview is drawn."""
    dialog = open_dialog(dalton=True)
    previewed(dialog, qtbot)
    qtbot.waitUntil(lambda: dialog.progress.format().startswith("Drawn: "), timeout=10000)
    assert " cards, in " in dialog.progress.format() and "Print" not in dialog.progress.format()
    dialog.done(0)


def test_r18_saved_cards_not_counted_as_printed_say_so(
    open_dialog: OpenDialog, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PDF is saved whatever the count's fate; a refused count is said beside it."""
    from rostermgr.errors import Refused
    from services import printing

    busy = "Another program is writing to the campaign; nothing was written. Try again."

    def refuse(printed: object) -> None:
        raise Refused(busy)

    monkeypatch.setattr(printing, "store_printed", refuse)
    dialog = open_dialog(dalton=True)
    previewed(dialog, qtbot)
    target = tmp_path / "cards.pdf"
    dialog.save_to(target)
    assert target.exists()
    text = dialog.message.text()
    assert text.startswith(f"Saved to {target}.")
    assert "not counted as printed" in text and busy in text
    dialog.done(0)


def test_r18_back_offset_only_for_double_sided_layouts_and_within_the_paper(qtbot) -> None:
    from ui.dialogs.print_options import CardOptions

    options = CardOptions(["The Dalton Boys"], "The Dalton Boys")
    qtbot.addWidget(options)
    pick = {"layout": options.layout_, "paper": options.paper}

    def choose(what: str, value: str) -> None:
        pick[what].setCurrentIndex(pick[what].findData(value))

    choose("paper", "letter")
    assert (options.dx.maximum(), options.dy.maximum()) == (7.6, 10.0)
    options.dx.setValue(9)
    assert options.dx.value() == 7.6  # cannot be typed past what keeps the backs on the paper
    choose("paper", "a4")
    assert (options.dx.maximum(), options.dy.maximum()) == (4.6, 7.3)
    options.gap.setValue(3)  # issue 31, 8: spaced cards, 2 x 3 on A4, leave the backs more room
    assert (options.dx.maximum(), options.dy.maximum()) == (10.0, 7.0)
    options.dx.setValue(2)
    choose("layout", "gutter-fold")
    assert not options.dx.isEnabled() and not options.dy.isEnabled()
    assert (options.dx.value(), options.dy.value()) == (0.0, 0.0)
    assert not options.gap.isEnabled() and options.gap.value() == 0.0  # it folds, no gap
    choose("layout", "duplex-short")
    assert options.dx.isEnabled() and options.dy.isEnabled() and options.gap.isEnabled()


@pytest.mark.parametrize("shop", ["mpc", "dtc"])
def test_print_shop_files_preview_one_face_at_bleed_and_save_every_card(
    open_dialog: OpenDialog, qtbot, tmp_path: Path, shop: str
) -> None:
    dialog = open_dialog(dalton=True)
    dialog.cards.shop.setCurrentIndex(dialog.cards.shop.findData(shop))
    assert not dialog.cards.layout_.isEnabled() and not dialog.cards.dx.isEnabled()
    previewed(dialog, qtbot)
    assert dialog.document.pageCount() == 1  # one face
    assert dialog.save.text() == ("&Save PNG files..." if shop == "mpc" else "&Save PDF...")
    preview = PdfReader(dialog.pdf).pages[0]
    bleed = {"mpc": 0.12, "dtc": 0.125}[shop] * 72  # the shop's own bleed
    page = [0, 0, 180 + 2 * bleed, 252 + 2 * bleed]
    assert [float(v) for v in preview.mediabox] == pytest.approx(page, abs=0.01)
    trim = [bleed, bleed, bleed + 180, bleed + 252]
    assert [float(v) for v in preview.trimbox] == pytest.approx(trim, abs=0.01)
    target = tmp_path / ("png" if shop == "mpc" else "cards.pdf")
    dialog.save_to(target)  # drawn in the background, with its progress and a Cancel
    qtbot.waitUntil(lambda: dialog.saving is None, timeout=60000)
    assert "Saved to" in dialog.message.text()
    assert not dialog.cancel.isEnabled()
    assert (
        dialog.progress.format().startswith("Printed: ")
        and " cards, in " in dialog.progress.format()
    )
    if shop == "mpc":
        assert (target / "001-front.png").is_file() and (target / "001-back.png").is_file()
    else:
        assert len(PdfReader(target).pages) % 2 == 0 and len(PdfReader(target).pages) > 2
    dialog.done(0)


def test_the_preview_zooms_fits_and_pages_and_the_dialog_closes(
    open_dialog: OpenDialog, qtbot
) -> None:
    from PySide6.QtPdfWidgets import QPdfView

    dialog = open_dialog(parented=True)
    dialog.show()
    previewed(dialog, qtbot)
    qtbot.waitUntil(lambda: dialog.document.pageCount() >= 2, timeout=30000)
    preview = dialog.preview
    qtbot.waitUntil(lambda: preview.page.text() == f"Page 1 of {dialog.document.pageCount()}")
    assert not preview.previous.isEnabled() and preview.next.isEnabled()
    preview.next.click()
    qtbot.waitUntil(lambda: preview.current() == 1)
    assert preview.page.text().startswith("Page 2 of")
    before = preview.view.zoomFactor()
    preview.zoom_in.click()
    assert preview.view.zoomMode() == QPdfView.ZoomMode.Custom
    assert preview.view.zoomFactor() > before
    preview.fit_width.click()
    assert preview.view.zoomMode() == QPdfView.ZoomMode.FitToWidth
    preview.fit_page.click()
    assert preview.view.zoomMode() == QPdfView.ZoomMode.FitInView
    dialog.close_button.click()
    assert not dialog.isVisible()


def test_printing_is_at_100_percent_with_the_layouts_duplex_edge(
    open_dialog: OpenDialog, qtbot, tmp_path: Path
) -> None:
    from PySide6.QtPrintSupport import QPrinter

    from ui.printer import print_to_file, set_up

    dialog = open_dialog(parented=True)
    dialog.cards.layout_.setCurrentIndex(dialog.cards.layout_.findData("duplex-short"))
    previewed(dialog, qtbot)
    qtbot.waitUntil(lambda: dialog.document.pageCount() >= 2, timeout=30000)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    # the edge asked of the printer (one without duplex, like this test's, keeps its own)
    assert set_up(printer, dialog.document, "duplex-short") == QPrinter.DuplexMode.DuplexShortSide
    assert set_up(printer, dialog.document, "gutter-fold") == QPrinter.DuplexMode.DuplexNone
    assert printer.fullPage()
    out = tmp_path / "printed.pdf"
    pages = print_to_file(dialog.document, "duplex-long", out)
    printed = PdfReader(out)
    assert pages == len(printed.pages) == dialog.document.pageCount()
    box = printed.pages[0].mediabox  # the paper of the PDF drawn, not fitted to another
    assert abs(float(box.width) - 595.28) < 1 and abs(float(box.height) - 841.89) < 1


def test_open_in_viewer_says_so_when_there_is_no_viewer(
    open_dialog: OpenDialog, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QDesktopServices

    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda _url: False))
    dialog = open_dialog(parented=True)
    previewed(dialog, qtbot)
    dialog.open_in_viewer()
    assert "no PDF viewer" in dialog.message.text()


def test_r12_the_scenarios_tab_prints_the_sheets_ticked(
    open_dialog: OpenDialog, tmp_path: Path
) -> None:
    from PySide6.QtCore import Qt

    dialog = open_dialog(start="Scenarios")
    pane = dialog.scenarios
    assert pane.chosen() == ["bounty", "western-prairie-dog", "supply-drop", "bloodbath"]
    for i in range(pane.scenarios.count()):
        pane.scenarios.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert dialog.job() is None
    assert dialog.message.text() == "Tick at least one scenario to print its sheet."
    pane.scenarios.item(3).setCheckState(Qt.CheckState.Checked)
    pane.paper.setCurrentIndex(pane.paper.findData("letter"))
    target = tmp_path / "bloodbath.pdf"
    dialog.save_to(target)
    pages = PdfReader(target).pages
    assert len(pages) == 1 and "Last Hope Frontier: Bloodbath" in pages[0].extract_text()
    assert abs(float(pages[0].mediabox.width) - 792.0) < 0.01  # Letter, landscape
    dialog.done(0)


@pytest.mark.parametrize(
    ("sheet", "pages"),
    [("fh-reference", 2), ("fh-orders", 3), ("fh-markers", 1), ("volley-reference", 1)],
)
def test_the_other_games_tab_renders_and_saves_each_sheet(
    open_dialog: OpenDialog, qtbot, tmp_path: Path, sheet: str, pages: int
) -> None:
    """Issue 32: Forlorn Hope's sheets and the seed 003 volley, in a tab after the others."""
    title = "Other games"
    dialog = open_dialog()
    titles = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert titles[: len(KINDS)] == list(KINDS)
    dialog.tabs.setCurrentIndex(titles.index(title))
    pane = dialog.options.currentWidget()
    assert title == pane.TITLE
    pane.sheet.setCurrentIndex(pane.sheet.findData(sheet))
    assert (pane.paper.findData("a5") >= 0) == (sheet not in ("fh-orders", "fh-markers"))
    assert pane.siege.isEnabled() == (sheet == "fh-markers")
    with qtbot.waitSignal(dialog.document.statusChanged, timeout=30000, raising=False):
        dialog.render()
        dialog.wait()
    qtbot.waitUntil(lambda: dialog.pdf is not None, timeout=30000)
    assert dialog.document.pageCount() == pages
    target = tmp_path / "out.pdf"
    dialog.save_to(target)
    assert len(PdfReader(target).pages) == pages
    dialog.done(0)


def test_the_progress_says_cards_done_of_all_and_cancel_stops_a_save_leaving_nothing(
    open_dialog: OpenDialog, qtbot, tmp_path: Path
) -> None:
    """Issue 31, 12: the dialog shows the use case's own progress, and Cancel stops a print
    shop's files being drawn where they are saved: no folder, no temporary one."""
    from services.progress import PrintProgress

    dialog = open_dialog(dalton=True)
    dialog._progress(PrintProgress(120, 500, "cards", 3.0, 9.4))
    assert dialog.progress.value() == 120 and dialog.progress.maximum() == 500
    assert dialog.progress.text() == "Printing: 120 of 500 cards, about 9 s left"
    dialog.cards.shop.setCurrentIndex(dialog.cards.shop.findData("mpc"))
    dialog.render()
    dialog.wait()
    qtbot.waitUntil(lambda: dialog.pdf is not None and dialog._shop_job is not None, timeout=30000)
    out = tmp_path / "out"
    out.mkdir()
    target = out / "png"
    dialog.save_to(target)
    assert dialog.cancel.isEnabled()
    dialog.cancel.click()  # asked at the next step of the drawing
    qtbot.waitUntil(lambda: dialog.saving is None, timeout=60000)
    assert dialog.message.text() == "The print was stopped; nothing was written."
    assert list(out.iterdir()) == []
    assert not dialog.cancel.isEnabled() and dialog.save.isEnabled()
    dialog.done(0)


@pytest.mark.parametrize(
    ("done", "total", "unit", "left"),
    [(100, 100, "", None), (40, 100, "", 2.0), (120, 500, "cards", 9.4), (3, 3, "markers", None)],
)
def test_the_progress_bar_says_the_use_cases_text_as_it_is(
    open_dialog: OpenDialog, done: int, total: int, unit: str, left: float | None
) -> None:
    """The walk saw "Printed: 100%%, in 0 s." under the journal: a percentage has one sign."""
    from services.progress import PrintProgress

    dialog = open_dialog()
    shown = PrintProgress(done, total, unit, 0.2, left)
    dialog._progress(shown)
    assert dialog.progress.text() == shown.text
    assert "%%" not in dialog.progress.text()
    dialog.done(0)


def test_enter_in_the_print_dialog_presses_no_button_of_its_own(
    open_dialog: OpenDialog, qtbot
) -> None:
    """The walk under Xvfb pressed Enter in the print dialog as it opened (the focus on its
    tabs) and was taken to the Calibration tab: "Find it with the calibration sheet", ringed as
    the dialog's default, was pressed. Every button is a choice: Enter presses none of them."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QPushButton

    from tests.ui.test_keyboard_journeys import press, shown

    dialog = open_dialog()
    shown(qtbot, dialog)
    assert not any(b.isDefault() or b.autoDefault() for b in dialog.findChildren(QPushButton))
    dialog.tabs.setFocus()
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.tabs.tabText(dialog.tabs.currentIndex()) == "Cards"
    assert dialog.isVisible() and QApplication.activeModalWidget() in (None, dialog)
    dialog.wait()
    dialog.done(0)


def test_the_card_options_a_newcomer_cannot_guess_say_what_they_do(qtbot) -> None:
    """ "Shared while identical", the back offset's two boxes and "Only cards that changed" had
    no tooltip; `print cards --help` explained the same choices."""
    from ui.dialogs.print_options import CardOptions

    options = CardOptions(["The Dalton Boys"], "The Dalton Boys")
    qtbot.addWidget(options)
    assert "up to three to a card" in options.gangers.toolTip()
    assert "to the right" in options.dx.toolTip() and "up, as" in options.dy.toolTip()
    assert "calibration sheet" in options.dx.toolTip()
    assert "last saved, opened or sent to a printer" in options.changed.toolTip()


def test_r18_the_preview_says_which_text_a_back_cut_short(
    open_dialog: OpenDialog, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The print's notes (printables.cards.shortened_texts) are said under the preview, as the
    command line says them after its 'Wrote' line."""
    import printables.cards

    note = "No room on the back for the whole text of 'Twist The Knife', ... (R18)."
    monkeypatch.setattr(printables.cards, "shortened_texts", lambda faces: [note])
    dialog = open_dialog(dalton=True)
    previewed(dialog, qtbot)
    assert dialog.message.text().endswith(f"Print at actual size (100%). {note}")
    dialog.done(0)
