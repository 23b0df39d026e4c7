"""What the keys do in the wizards and dialogs: nothing typed is ever lost (DESIGN 7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tests.ui.test_wizards import fill_creation
from ui.main_window import MainWindow
from ui.wizards.creation import CreationWizard
from ui.wizards.postgame import PostGameWizard

D, L = "The Dalton Boys", "Last Hope Lawmen"


def answer(monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton) -> list[tuple]:
    """QMessageBox.question answers `button`; the calls are kept to look at."""
    asked: list[tuple] = []

    def question(*args: object, **kwargs: object) -> QMessageBox.StandardButton:
        asked.append(args)
        return button

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def discard_answer(monkeypatch: pytest.MonkeyPatch, discard: bool) -> list[QMessageBox]:
    """The "Discard?" box answers `discard` (True: Discard); the boxes are kept to look at."""
    asked: list[QMessageBox] = []

    def ask(box: QMessageBox) -> bool:
        asked.append(box)
        return discard

    monkeypatch.setattr("ui.wizards.discard.ask", ask)
    return asked


def test_enter_and_space_on_a_shop_row_buy_it_and_never_finish_the_wizard(
    empty_window: MainWindow, qtbot
) -> None:
    wizard = CreationWizard(empty_window.rules, taken=[], parent=empty_window)
    qtbot.addWidget(wizard)
    fill_creation(wizard)
    shop = wizard.shop_page
    rows = [i.id for i in shop.model.items]
    shop.table.setFocus()
    shop.table.selectRow(rows.index("revolver"))
    qtbot.keyClick(shop.table, Qt.Key.Key_Return)
    assert wizard.isVisible() and wizard.currentPage() is shop
    assert shop.gear["Ike"] == ["revolver"]
    shop.table.selectRow(rows.index("whiskey"))
    qtbot.keyClick(shop.table, Qt.Key.Key_Space)
    assert shop.gear["Ike"] == ["revolver", "whiskey"]
    assert wizard.focusWidget() is shop.table  # not Back, not Finish
    shop.cart.setFocus()
    shop.cart.setCurrentRow(1)
    qtbot.keyClick(shop.cart, Qt.Key.Key_Return)  # Enter on the gear removes it
    assert shop.gear["Ike"] == ["revolver"] and wizard.isVisible()
    assert wizard.focusWidget() is shop.cart


def _postgame(window: MainWindow, qtbot, pages: int) -> PostGameWizard:
    wizard = PostGameWizard(window, parent=window)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.game_page.set_played([D, L])
    for _ in range(pages):
        wizard.next()
    return wizard


def test_enter_in_a_postgame_field_adds_the_line_and_stays_on_the_page(
    window: MainWindow, qtbot
) -> None:
    wizard = _postgame(window, qtbot, pages=2)
    money = wizard.money_page
    assert wizard.currentPage() is money
    money.goods_reason.setFocus()
    qtbot.keyClicks(money.goods_reason, "supply crates")
    qtbot.keyClick(money.goods_reason, Qt.Key.Key_Return)  # no value yet: says so, stays
    assert wizard.currentPage() is money and money.goods.entries == []
    assert "$0" in money.goods.hint.text()
    money.value.setValue(31)
    qtbot.keyClick(money.goods_reason, Qt.Key.Key_Return)
    assert wizard.currentPage() is money
    seller = money.seller.currentData()
    assert money.goods.entries == [{"posse": seller, "market_value": 31, "reason": "supply crates"}]
    assert money.goods_reason.text() == "" and money.value.value() == 0


def test_next_with_a_line_typed_but_not_added_says_so_and_stays(window: MainWindow, qtbot) -> None:
    wizard = _postgame(window, qtbot, pages=2)
    money = wizard.money_page
    money.amount.setValue(15)
    wizard.next()
    assert wizard.currentPage() is money
    assert "is not added" in money.error.text()
    money.income.add.click()
    wizard.next()
    assert wizard.currentPage() is wizard.preview_page
    lines = [
        wizard.preview_page.lines.item(i).text() for i in range(wizard.preview_page.lines.count())
    ]
    assert any("$15" in line for line in lines), lines


@pytest.mark.parametrize("make", ["creation", "postgame"])
def test_cancel_or_escape_asks_before_throwing_a_half_filled_wizard_away(
    window: MainWindow, qtbot, monkeypatch, make
) -> None:
    if make == "creation":
        wizard = CreationWizard(window.rules, taken=[], parent=window)
        qtbot.addWidget(wizard)
        wizard.show()
        wizard.faction_page.name.setText("Half a posse")
    else:
        wizard = _postgame(window, qtbot, pages=0)
        wizard.game_page.notes.setText("Half a report")
    asked = discard_answer(monkeypatch, False)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert wizard.isVisible() and len(asked) == 1
    keep = asked[0].button(QMessageBox.StandardButton.Cancel)
    assert asked[0].defaultButton() is keep  # the default keeps the work
    discard_answer(monkeypatch, True)
    wizard.reject()
    assert not wizard.isVisible()


@pytest.mark.parametrize("make", ["creation", "postgame"])
def test_an_untouched_wizard_closes_without_asking(
    window: MainWindow, qtbot, monkeypatch, make: str
) -> None:
    """The report's first page ticks the only two posses that may play: that is no answer of
    the user's, and Escape on it asked "Discard?" in the walk under Xvfb."""
    if make == "creation":
        wizard = CreationWizard(window.rules, taken=[], parent=window)
        qtbot.addWidget(wizard)
        wizard.show()
    else:
        wizard = PostGameWizard(window, parent=window)
        qtbot.addWidget(wizard)
        wizard.show()
        assert sorted(wizard.game_page.posses()) == sorted([D, L])  # ticked for the user
    asked = discard_answer(monkeypatch, False)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert not wizard.isVisible() and asked == []


def test_r17_a_future_date_is_refused_on_the_first_page(window: MainWindow, qtbot) -> None:
    wizard = _postgame(window, qtbot, pages=0)
    game = wizard.game_page
    assert game.isComplete()
    game.date.setDate(QDate.currentDate().addDays(3))
    assert not game.isComplete()
    assert "in the future" in game.date_error.text() and game.date_error.isVisible()
    game.date.setDate(QDate.currentDate())
    assert game.isComplete() and not game.date_error.isVisible()


def test_undo_the_last_game_lists_what_else_it_undoes_and_defaults_to_no(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    from services import games, posses
    from ui.dialogs.games import GamesDialog

    c = window.campaign
    report = {"date": "2026-11-28", "scenario": "bloodbath", "posses": [D, L], "winner": L}
    games.record(c, games.parse(c, report))
    posses.buy(c, D, "Slim", "whiskey")
    dialog = GamesDialog(window, parent=window)
    qtbot.addWidget(dialog)
    asked = answer(monkeypatch, QMessageBox.StandardButton.No)
    dialog.undo_last()
    text, default = asked[0][2], asked[0][4]
    assert "Bought whiskey for Slim" in text and default == QMessageBox.StandardButton.No
    assert len(games.listing(c)) == 1  # No: nothing was undone


def test_new_campaign_never_offers_to_replace_a_file(
    window: MainWindow, monkeypatch, tmp_path: Path, _no_modal_boxes: list[str]
) -> None:

    existing = tmp_path / "old.sqlite3"
    existing.write_bytes(b"keep me")
    options: list[object] = []

    def save(*args: object, **kwargs: object) -> tuple[str, str]:
        options.append(kwargs.get("options"))
        return str(existing), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save))
    window.menus.file.new()
    assert options == [QFileDialog.Option.DontConfirmOverwrite]
    assert "already exists" in _no_modal_boxes[-1]
    assert existing.read_bytes() == b"keep me"
