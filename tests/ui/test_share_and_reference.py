"""Help > Quick reference and File > Share posse (issue 20) in the window."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog

from ui.dialogs.print_dialog import KINDS, PrintDialog
from ui.main_window import MainWindow

D = "The Dalton Boys"


def _select(window: MainWindow, name: str) -> None:
    window.posse_list.setCurrentIndex(window.posse_model.index(window.posse_model.row_of(name)))


def test_help_quick_reference_opens_the_print_dialog_on_its_preview(
    window: MainWindow, qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[PrintDialog] = []

    def shown(dialog: PrintDialog) -> int:
        opened.append(dialog)
        dialog.wait()
        return 0

    monkeypatch.setattr(PrintDialog, "exec", shown)
    window.menus.help.quick_reference.trigger()
    assert len(opened) == 1
    dialog = opened[0]
    assert KINDS[dialog.tabs.currentIndex()] == "Reference"
    qtbot.waitUntil(lambda: dialog.pdf is not None, timeout=30000)
    assert dialog.document.pageCount() == 3
    dialog.reference.paper.setCurrentIndex(dialog.reference.paper.findData("a5"))
    assert not dialog.fresh()  # the preview follows by itself, a moment later
    qtbot.waitUntil(dialog.fresh, timeout=30000)
    target = tmp_path / "reference.pdf"
    dialog.save_to(target)
    reader = PdfReader(target)
    assert abs(float(reader.pages[0].mediabox.width) - 419.53) < 0.01
    dialog.done(0)


def _save_as(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(path), ""))
    )


def test_share_posse_as_image_and_as_web_page(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _select(window, D)
    picture = tmp_path / "dalton.png"
    _save_as(monkeypatch, picture)
    window.menus.file.share_image.trigger()
    with Image.open(picture) as image:
        assert image.width == 1080 and image.height > 1080
    page = tmp_path / "dalton.html"
    _save_as(monkeypatch, page)
    window.menus.file.share_page.trigger()
    parser = HTMLParser()
    parser.feed(page.read_text(encoding="utf-8"))
    assert D in page.read_text(encoding="utf-8")


def test_copy_posse_image_puts_the_picture_on_the_clipboard(window: MainWindow) -> None:
    _select(window, D)
    QGuiApplication.clipboard().clear()
    window.menus.file.copy_image.trigger()
    image = QGuiApplication.clipboard().image()
    assert not image.isNull() and image.width() == 1080


def test_sharing_without_a_posse_says_so(
    empty_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(empty_window, "refuse", said.append)
    file = empty_window.menus.file
    for action in (file.share_image, file.share_page, file.copy_image):
        action.trigger()
    assert said == ["Select a posse to share."] * 3
