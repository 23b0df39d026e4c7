"""What a well-made desktop app does: right-click menus, double-clicks, drops, memory of where
the user was, sortable and filterable tables, and the edit history (DESIGN 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog, QMenu

from services import edits, posses
from tests.conftest import DALTON
from ui import ask
from ui.context_menus import copy_menu
from ui.main_window import MainWindow

D, L = "The Dalton Boys", "Last Hope Lawmen"


def select(window: MainWindow, posse: str) -> None:
    window.posse_list.setCurrentIndex(window.posse_model.index(window.posse_model.row_of(posse)))


def texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def test_right_click_menus_offer_the_windows_own_actions(window: MainWindow) -> None:
    select(window, D)
    menu = QMenu()
    window.context_menus.posse_menu(menu)
    assert (
        window.menus.campaign.rename in menu.actions()
        and window.menus.file.export_posse in menu.actions()
    )
    window.view.roster.selectRow(2)  # Kid
    menu = QMenu()
    window.context_menus.member_menu(menu)
    assert texts(menu)[0] == "&Buy an item for Kid..."  # B: the Menu key highlights no item
    pane = window.view.member_pane
    pane.gear.setCurrentRow(0)
    menu = QMenu()
    window.context_menus.gear_menu(menu)
    assert texts(menu)[0] == "&Sell Pistol for $4"  # what the town pays back (R16)
    menu.actions()[0].trigger()
    assert "pistol" not in posses.load(window.campaign, D).member("Kid").items
    assert window.undo_stack.count() == 1
    for widget in (window.posse_list, window.view.roster, pane.gear, pane.history):
        assert widget.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu


def test_copy_line_puts_a_history_line_on_the_clipboard(window: MainWindow) -> None:
    from PySide6.QtGui import QGuiApplication

    select(window, D)
    table = window.view.history_table.view
    table.selectRow(0)
    menu = QMenu()
    copy_menu(table, menu)
    menu.actions()[0].trigger()
    assert "Posse The Dalton Boys founded" in QGuiApplication.clipboard().text()


def test_double_clicks_do_the_obvious_thing(window: MainWindow, monkeypatch) -> None:
    select(window, D)
    asked: list[str] = []
    monkeypatch.setattr(ask, "ask_text", lambda *a, **k: (asked.append(a[1]) or "", False))
    window.posse_list.doubleClicked.emit(window.posse_list.currentIndex())
    assert asked == ["Rename posse"]
    pane = window.view.member_pane
    window.view.roster.selectRow(2)
    pane.gear.setCurrentRow(0)
    pane.gear.itemDoubleClicked.emit(pane.gear.currentItem())
    assert "pistol" not in posses.load(window.campaign, D).member("Kid").items


def _drop(window: MainWindow, path: Path) -> None:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)


def test_a_posse_file_that_is_not_json_is_refused_by_its_name(
    window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    bad = tmp_path / "dalton.json"
    bad.write_text("{", encoding="utf-8")
    said: list[str] = []
    monkeypatch.setattr(window, "refuse", said.append)
    window.menus.file.import_file(bad)
    assert said == [
        "The posse file dalton.json is not valid JSON (line 1, column 2: expecting property "
        "name enclosed in double quotes)."
    ]


def test_dropping_a_posse_file_imports_it_and_a_campaign_file_opens_it(
    window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    export = tmp_path / "dalton.json"
    posses.export_to(window.campaign, D, export)
    monkeypatch.setattr(ask, "ask_text", lambda *a, **k: ("Dropped Daltons", True))
    _drop(window, export)
    assert "Dropped Daltons" in posses.names(window.campaign)
    other = tmp_path / "other.sqlite3"
    from rostermgr.shop import plan_creation
    from services.opening import for_app

    c = for_app(other, window.rules)
    posses.create(c, plan_creation({**DALTON, "name": "Elsewhere"}, window.rules))
    c.close()
    _drop(window, other)
    assert window.campaign.path == other
    assert posses.names(window.campaign) == ["Elsewhere"]


def test_the_selected_posse_and_tab_are_remembered(window: MainWindow, tmp_path: Path) -> None:
    select(window, D)
    window.view.tabs.setCurrentIndex(2)
    from services.opening import for_app

    path, rules = window.campaign.path, window.rules
    window.campaign.close()
    again = MainWindow(for_app(path, rules))
    try:
        assert again.current_posse() == D
        assert again.view.tabs.currentIndex() == 2
    finally:
        again.campaign.close()


def test_recent_files_can_be_cleared(window: MainWindow) -> None:

    window.remember(window.campaign.path)
    window.menus.file.fill_recent()
    clear = next(
        a for a in window.menus.file.recent_menu.actions() if a.text() == "&Clear recent files"
    )
    assert clear.isEnabled()
    clear.trigger()
    assert window.recent_files() == []
    window.menus.file.fill_recent()
    assert "No recent campaigns" in texts(window.menus.file.recent_menu)


def test_the_ledger_and_history_sort_by_a_header_and_filter_by_typing(window: MainWindow) -> None:
    select(window, D)
    ledger = window.view.ledger_table
    proxy = ledger.proxy
    rows = proxy.rowCount()
    ledger.view.sortByColumn(3, Qt.SortOrder.AscendingOrder)  # Amount, as numbers
    amounts = [
        ledger.model.rows[proxy.mapToSource(proxy.index(r, 0)).row()].amount for r in range(rows)
    ]
    assert amounts == sorted(amounts)
    ledger.filter.setText("revolver")
    assert proxy.rowCount() == 1
    assert "revolver" in proxy.data(proxy.index(0, 2)).lower()
    ledger.filter.clear()
    assert proxy.rowCount() == rows


def test_edit_history_lists_the_edits_and_goes_back_to_one(window: MainWindow, qtbot) -> None:
    from ui.dialogs.undo_history import UndoHistory

    c = window.campaign
    for item in ("whiskey", "hooch"):
        window.act(f"Buy {item}", lambda item=item: edits.buy(c, L, "Morgan", item))
    dialog = UndoHistory(window.undo_stack, parent=window)
    qtbot.addWidget(dialog)
    assert window.undo_stack.count() == 2
    window.undo_stack.setIndex(0)  # what a click on "Campaign as opened" does
    assert posses.load(c, L).member("Morgan").items == ("switchblade",)
    window.undo_stack.setIndex(2)
    assert posses.load(c, L).member("Morgan").items == ("switchblade", "whiskey", "hooch")
    assert dialog.view.stack() is window.undo_stack


def test_file_dialogs_start_in_the_last_folder_used(
    window: MainWindow, tmp_path: Path, monkeypatch
) -> None:

    starts: list[str] = []
    folder = tmp_path / "exports"
    folder.mkdir()

    def save(parent, title, start, filters, **kw):
        starts.append(start)
        return str(folder / "dalton.json"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save))
    select(window, D)
    window.menus.file.export()
    window.menus.file.export()
    assert Path(starts[1]).parent == folder
    assert json.loads((folder / "dalton.json").read_text(encoding="utf-8"))["posse"]["name"] == D


def test_retire_and_delete_a_posse_from_the_window_and_undo_them(
    window: MainWindow, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    c = window.campaign
    select(window, D)
    window.menus.campaign.retire_posse()
    row = window.posse_model.row_of(D)
    assert window.posse_model.data(window.posse_model.index(row)) == f"{D} (retired)"
    menu = QMenu()
    window.context_menus.posse_menu(menu)
    assert window.menus.campaign.bring_back in menu.actions()  # retired: the menu offers it back
    assert D not in posses.playing(c)
    asked: list[object] = []

    def answer(*args: object) -> QMessageBox.StandardButton:
        asked.append(args[4] if len(args) > 4 else None)  # the default button
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", staticmethod(answer))
    select(window, D)
    window.menus.campaign.delete_posse()
    assert asked == [QMessageBox.StandardButton.No]
    assert posses.names(c) == [L]
    window.menus.edit.undo.trigger()
    assert D in posses.names(c)
    window.menus.edit.undo.trigger()
    assert D in posses.playing(c)  # the retirement is undone too
    window.menus.edit.redo.trigger()
    window.menus.edit.redo.trigger()
    assert posses.names(c) == [L]


@pytest.fixture(autouse=True)
def _no_menus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QMenu, "exec", lambda *a, **k: None)
