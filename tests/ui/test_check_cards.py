"""File > Check cards (issue 34): codes pasted or photos opened, each card said current or what
changed, and the posses with an out-of-date card offered to the print dialog."""

from __future__ import annotations

from pathlib import Path

import pypdfium2

from services import posses
from services.printing import CardOptions, cards_job
from ui.dialogs import check_cards
from ui.dialogs.check_cards import CheckCards
from ui.dialogs.print_dialog import PrintDialog
from ui.main_window import MainWindow


def _backs(window: MainWindow, tmp_path: Path) -> str:
    pdf = tmp_path / "cards.pdf"
    cards_job(window.campaign, ["The Dalton Boys"], CardOptions()).draw(pdf, None)
    png = tmp_path / "backs.png"
    pypdfium2.PdfDocument(pdf)[1].render(scale=150 / 72).to_pil().save(png)
    return str(png)


def test_a_photo_of_cards_is_checked_and_the_stale_posse_offered(
    window: MainWindow, qtbot, tmp_path: Path, monkeypatch
) -> None:
    assert window.menus.file.check_cards.text() == "C&heck cards..."
    photo = _backs(window, tmp_path)
    dialog = CheckCards(window)
    qtbot.addWidget(dialog)
    monkeypatch.setattr(check_cards.QFileDialog, "getOpenFileNames", lambda *a: ([photo], ""))
    dialog.photos.click()
    lines = [dialog.results.item(i).text() for i in range(dialog.results.count())]
    assert len(lines) == 5 and all(line.endswith(": current") for line in lines)
    assert not dialog.print_stale.isEnabled()
    posses.buy(window.campaign, "The Dalton Boys", "Ike Dalton", "whiskey")
    dialog.check_words([photo])
    assert "Ike Dalton (The Dalton Boys): Whiskey new" in [
        dialog.results.item(i).text() for i in range(dialog.results.count())
    ]
    assert dialog.print_stale.isEnabled() and dialog.stale == ["The Dalton Boys"]
    opened: list[PrintDialog] = []
    monkeypatch.setattr(PrintDialog, "exec", lambda self: opened.append(self) or 0)
    dialog.print_stale.click()
    (printing,) = opened
    checked = [
        printing.cards.posses.item(i).text()
        for i in range(printing.cards.posses.count())
        if printing.cards.posses.item(i).checkState() == check_cards.Qt.CheckState.Checked
    ]
    assert checked == ["The Dalton Boys"] and printing.cards.changed.isChecked()


def test_a_mistyped_code_is_said_in_the_dialog(window: MainWindow, qtbot) -> None:
    dialog = CheckCards(window)
    qtbot.addWidget(dialog)
    dialog.codes.setPlainText("CH6F AFFE WAOQ CAAT GIRI AAAA AAAW IAEJ QV")
    dialog.check.click()
    assert dialog.results.count() == 0
    assert "is not" in dialog.message.text() or "check value" in dialog.message.text()
