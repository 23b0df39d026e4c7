"""Issue 30: every journey by keyboard without a trap, driven by keys as a user presses them."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QPushButton, QWidget, QWizard

from services import edits
from tests.ui.test_wizards import fill_creation
from ui.main_window import MainWindow
from ui.wizards.creation import CreationWizard
from ui.wizards.discard import ask as real_ask  # bound here, before conftest answers for it

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def shown(qtbot, top: QWidget) -> None:
    """`top` on screen and active, so keys go where the user's would."""
    with qtbot.waitActive(top):
        top.show()
        top.activateWindow()
    qtbot.wait(30)  # a window shown just before may still take the activation back


def press(qtbot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier):
    """One key pressed where the focus is, as a user's keyboard would send it."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, "no widget has the focus"
    qtbot.keyClick(target, key, modifier)
    if modifier & ALT:
        qtbot.wait(150)  # a button's mnemonic clicks it animated, 100 ms later
    return QApplication.focusWidget()


def test_the_shop_lets_tab_out_and_removes_only_what_is_selected(
    empty_window: MainWindow, qtbot
) -> None:
    wizard = CreationWizard(empty_window.rules, taken=[], parent=empty_window)
    qtbot.addWidget(wizard)
    fill_creation(wizard)
    shown(qtbot, wizard)
    shop = wizard.shop_page
    assert QApplication.focusWidget() is shop.table
    # Ctrl+Tab moves within the table; Tab and Shift+Tab leave it
    before = shop.table.currentIndex()
    assert press(qtbot, Qt.Key.Key_Tab, CTRL) is shop.table
    assert shop.table.currentIndex() != before
    assert press(qtbot, Qt.Key.Key_Tab) is not shop.table
    shop.table.setFocus()
    assert press(qtbot, Qt.Key.Key_Backtab, SHIFT) is not shop.table
    # each list has a mnemonic: Alt+M the members, Alt+G their gear, Alt+I the items
    assert press(qtbot, Qt.Key.Key_M, ALT) is shop.members
    assert press(qtbot, Qt.Key.Key_I, ALT) is shop.table
    shop.table.selectRow([i.id for i in shop.model.items].index("derringer"))
    press(qtbot, Qt.Key.Key_Return)
    shop.table.selectRow([i.id for i in shop.model.items].index("whiskey"))
    press(qtbot, Qt.Key.Key_Return)
    assert shop.gear["Ike"] == ["derringer", "whiskey"]
    assert press(qtbot, Qt.Key.Key_G, ALT) is shop.cart
    # the focus landed on the gear, nothing chosen: Remove cannot act
    assert not shop.cart.selectedItems() and not shop.remove.isEnabled()
    press(qtbot, Qt.Key.Key_R, ALT)
    press(qtbot, Qt.Key.Key_Return)
    assert shop.gear["Ike"] == ["derringer", "whiskey"]
    press(qtbot, Qt.Key.Key_Down)  # the user chooses one, visibly
    assert shop.cart.selectedItems() and shop.remove.isEnabled()
    chosen = shop.cart.selectedItems()[0].text()
    press(qtbot, Qt.Key.Key_R, ALT)
    kept = [shop.rules.items[i].name for i in shop.gear["Ike"]]
    assert len(kept) == 1 and not chosen.startswith(kept[0])
    # a second Alt+R removes nothing the user did not choose
    press(qtbot, Qt.Key.Key_R, ALT)
    assert len(shop.gear["Ike"]) == 1


def in_modal(qtbot, steps) -> None:
    """Run `steps(dialog)` once the modal dialog about to open is up (its exec blocks)."""
    before = QApplication.activeModalWidget()

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog is before or not dialog.isActiveWindow():
            QTimer.singleShot(20, run)
            return
        steps(dialog)

    QTimer.singleShot(0, run)


def test_focus_returns_to_the_opener_after_the_creation_wizard_is_discarded(
    empty_window: MainWindow, qtbot, monkeypatch
) -> None:
    from ui.wizards import discard as discard_module

    monkeypatch.setattr(discard_module, "ask", real_ask)  # the real box, answered by keys
    shown(qtbot, empty_window)
    empty_window.first_posse.setFocus()

    def discard(wizard: QWidget) -> None:
        qtbot.keyClicks(QApplication.focusWidget(), "Half a posse")
        in_modal(qtbot, lambda box: press(qtbot, Qt.Key.Key_D, ALT))  # "Discard?": &Discard
        press(qtbot, Qt.Key.Key_Escape)

    in_modal(qtbot, discard)
    press(qtbot, Qt.Key.Key_Space)  # opens the wizard; returns once it is discarded
    qtbot.waitUntil(lambda: QApplication.activeWindow() is empty_window)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is empty_window.first_posse)
    # and the window's keys work at once: Ctrl+Shift+N opens the wizard again
    in_modal(qtbot, lambda wizard: wizard.reject())
    press(qtbot, Qt.Key.Key_N, CTRL | SHIFT)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is empty_window.first_posse)


def test_enter_after_tabbing_through_the_names_goes_next_never_back(
    empty_window: MainWindow, qtbot
) -> None:
    wizard = CreationWizard(empty_window.rules, taken=[], parent=empty_window)
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    qtbot.keyClicks(QApplication.focusWidget(), "The Dalton Boys")
    press(qtbot, Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.names_page
    for name in ("Ike", "Ma", "Kid", "Slim", "Doc"):
        qtbot.keyClicks(QApplication.focusWidget(), name)
        press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is wizard.button(QWizard.WizardButton.BackButton)
    press(qtbot, Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.shop_page
    for page_id in wizard.pageIds():
        assert not wizard.button(QWizard.WizardButton.BackButton).autoDefault(), page_id


def test_the_postgame_wizard_back_is_never_the_default(window: MainWindow, qtbot) -> None:
    from ui.wizards.postgame import PostGameWizard

    wizard = PostGameWizard(window, parent=window)
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    wizard.game_page.set_played(["The Dalton Boys", "Last Hope Lawmen"])
    press(qtbot, Qt.Key.Key_Return)
    back = wizard.button(QWizard.WizardButton.BackButton)
    assert wizard.currentPage() is wizard.casualties_page
    back.setFocus()
    press(qtbot, Qt.Key.Key_Return)
    assert wizard.currentPage() is not wizard.game_page


def test_the_print_preview_follows_the_options_and_save_never_waits_for_it(
    window: MainWindow, qtbot, tmp_path, monkeypatch
) -> None:
    from pypdf import PdfReader
    from PySide6.QtWidgets import QFileDialog

    from ui.dialogs.print_dialog import PrintDialog

    dialog = PrintDialog(window, parent=window)
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    # nothing pressed: the preview of the options shown comes by itself
    qtbot.waitUntil(dialog.fresh, timeout=30000)
    assert dialog.save.isEnabled() and dialog.send.isEnabled()
    paper = dialog.cards.paper
    paper.setFocus()
    first = paper.currentData()
    press(qtbot, Qt.Key.Key_Down)
    assert paper.currentData() != first
    # the shown preview stays, and so do Save and Send, while the new one is drawn
    assert not dialog.fresh() and dialog.document.pageCount() >= 1
    assert dialog.save.isEnabled() and dialog.send.isEnabled()
    qtbot.waitUntil(dialog.fresh, timeout=30000)
    width = float(PdfReader(dialog.pdf).pages[0].mediabox.width)
    # changed and saved at once: the file has the options shown, not the preview's
    press(qtbot, Qt.Key.Key_Up)
    target = tmp_path / "cards.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    press(qtbot, Qt.Key.Key_S, ALT)
    assert target.exists()
    assert float(PdfReader(target).pages[0].mediabox.width) != width
    assert paper.currentData() == first
    dialog.done(0)


def test_the_print_dialog_says_which_edge_and_leads_to_the_calibration_sheet(
    window: MainWindow, qtbot
) -> None:
    from ui.dialogs.print_dialog import KINDS, PrintDialog

    dialog = PrintDialog(window, parent=window)
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    cards = dialog.cards
    assert press(qtbot, Qt.Key.Key_L, ALT) is cards.layout_
    assert "long edge" in cards.layout_help.text() and "book" in cards.layout_help.text()
    press(qtbot, Qt.Key.Key_Down)
    assert cards.layout_.currentData() == "duplex-short"
    assert "short edge" in cards.layout_help.text() and cards.layout_help.isVisible()
    press(qtbot, Qt.Key.Key_A, ALT)  # "Find it with the calibration sheet", beside Back offset
    assert KINDS[dialog.tabs.currentIndex()] == "Calibration"
    calibration = dialog.calibration
    assert calibration.layout_.currentData() == "duplex-short"
    assert "back offset" in calibration.about.text().lower() and calibration.about.isVisible()
    assert "short edge" in calibration.layout_help.text()
    press(qtbot, Qt.Key.Key_Down)  # a single-sided layout needs no calibration
    dialog.tabs.setCurrentIndex(KINDS.index("Cards"))
    cards.layout_.setCurrentIndex(cards.layout_.findData("gutter-fold"))
    assert not cards.calibrate.isEnabled() and "fold" in cards.layout_help.text()
    dialog.done(0)


def in_popup(qtbot, steps) -> None:
    """Run `steps(menu)` once the popup menu about to open is up (its exec blocks)."""

    def run() -> None:
        menu = QApplication.activePopupWidget()
        if menu is None:
            QTimer.singleShot(20, run)
            return
        steps(menu)

    QTimer.singleShot(0, run)


def menu_key() -> None:
    """The Menu key where the focus is: the context menu event the platform sends for it
    (QTest's key events go to the widget and never become one)."""
    from PySide6.QtGui import QContextMenuEvent

    target = QApplication.focusWidget()
    assert target is not None
    where = target.rect().center()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, where, target.mapToGlobal(where))
    QApplication.sendEvent(target, event)


def select_posse(window: MainWindow, name: str) -> None:
    window.posse_list.setCurrentIndex(window.posse_model.index(window.posse_model.row_of(name)))


def purse(window: MainWindow) -> int:
    return int(window.view.purse.text().split("$")[1])


def test_the_sell_menu_says_what_the_user_gets_back(window: MainWindow, qtbot) -> None:
    select_posse(window, "The Dalton Boys")
    shown(qtbot, window)
    view, pane = window.view, window.view.member_pane
    view.roster.setFocus()
    view.roster.selectRow(2)  # Kid, with a pistol bought for $8
    pane.gear.setFocus()
    press(qtbot, Qt.Key.Key_Down)
    assert pane.gear.currentItem().text() == "Pistol (sells for $4)"
    assert pane.sell.text() == "&Sell for $4"
    offered: list[str] = []

    def sell(menu) -> None:
        offered.extend(a.text() for a in menu.actions() if not a.isSeparator())
        qtbot.keyClick(menu, Qt.Key.Key_S)  # its mnemonic: the Menu key highlights no item

    before = purse(window)
    in_popup(qtbot, sell)
    menu_key()
    assert offered[0] == "&Sell Pistol for $4"
    qtbot.waitUntil(lambda: purse(window) == before + 4)


def test_a_retired_posse_looks_retired_and_offers_nothing_it_may_not_do(
    window: MainWindow, qtbot
) -> None:
    select_posse(window, "The Dalton Boys")
    shown(qtbot, window)
    view, pane = window.view, window.view.member_pane
    window.posse_list.setFocus()
    hire = window.menus.campaign.hire
    # five alive: Hire is greyed for want of a place (R3), not for retirement
    assert pane.buy.isEnabled() and "every place filled" in hire.toolTip()

    def retire(menu) -> None:
        qtbot.keyClick(menu, Qt.Key.Key_T)  # Re&tire posse

    in_popup(qtbot, retire)
    menu_key()
    qtbot.waitUntil(lambda: "retired" in view.name.text())
    status = view.roster_model.columnCount() - 1
    model = view.roster_model
    assert {model.data(model.index(r, status)) for r in range(model.rowCount())} == {"Retired"}
    assert "Retired" in view.faction.text()
    row = window.posse_model.index(window.posse_model.row_of("The Dalton Boys"))
    assert window.posse_model.data(row, Qt.ItemDataRole.FontRole).italic()
    # what it may not do is disabled, saying why in the domain's words
    assert not pane.buy.isEnabled() and "bring it back to play" in pane.buy.toolTip()
    assert not hire.isEnabled() and "bring it back to play" in hire.toolTip()
    view.roster.selectRow(2)
    pane.gear.setCurrentRow(0)
    assert not pane.sell.isEnabled()
    select_posse(window, "Last Hope Lawmen")
    assert pane.buy.isEnabled() and "bring it back" not in hire.toolTip()


def wyatt_flip(window: MainWindow) -> None:
    """A game in which Wyatt put Kid out of action: Wyatt has a flip to spend (R14)."""
    from rostermgr.report import parse_report
    from tests.writes import record_game

    doc = {
        "date": "2026-01-01",
        "scenario": "other",
        "posses": ["The Dalton Boys", "Last Hope Lawmen"],
        "out_of_action": [
            {
                "posse": "The Dalton Boys",
                "member": "Kid",
                "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"},
            }
        ],
    }
    record_game(parse_report(doc, window.rules), window.rules, prune=False)
    window.refresh(select="Last Hope Lawmen")


def test_each_history_entry_of_a_flip_says_what_it_did(window: MainWindow, qtbot) -> None:
    from ui.dialogs.flip import FlipDialog

    wyatt_flip(window)
    shown(qtbot, window)
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    panel = dialog.panel
    assert QApplication.focusWidget() is panel.card
    qtbot.keyClicks(panel.card, "7H")
    press(qtbot, Qt.Key.Key_Return)  # turned: the choice waits
    assert QApplication.focusWidget() in panel.choice_buttons.values()
    panel.choice_buttons["toughness"].setFocus()
    press(qtbot, Qt.Key.Key_Space)
    stack = window.undo_stack
    texts = [stack.text(i) for i in range(stack.count())]
    assert texts == [
        "Wyatt turns 7H: Strength or Toughness; the choice waits",
        "Wyatt takes +1 Toughness from 7H",
    ]
    assert window.statusBar().currentMessage() == f"{texts[-1]}."
    dialog.done(0)


def test_a_flip_waiting_for_a_choice_shows_in_the_roster_and_the_posse_list(
    window: MainWindow, qtbot
) -> None:
    from ui.dialogs.flip import FlipDialog

    wyatt_flip(window)
    shown(qtbot, window)
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    qtbot.keyClicks(dialog.panel.card, "7H")
    press(qtbot, Qt.Key.Key_Return)  # turned; the choice is left for later
    press(qtbot, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    model = window.view.roster_model
    flips = model.columnCount() - 2
    wyatt = next(r for r in range(model.rowCount()) if model.data(model.index(r, 0)) == "Wyatt")
    cell = model.index(wyatt, flips)
    assert model.data(cell) == "0 + 7H waiting"
    assert "waits for a choice" in model.data(cell, Qt.ItemDataRole.ToolTipRole)
    row = window.posse_model.index(window.posse_model.row_of("Last Hope Lawmen"))
    assert window.posse_model.data(row) == "Last Hope Lawmen (1 flip waiting)"
    # settled: nothing waits any more
    dialog = FlipDialog(window, "Last Hope Lawmen", "Wyatt")
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    assert QApplication.focusWidget() in dialog.panel.choice_buttons.values()
    press(qtbot, Qt.Key.Key_Space)
    assert model.data(model.index(wyatt, flips)) == 0
    assert window.posse_model.data(row) == "Last Hope Lawmen"


def test_the_adoption_preview_says_what_its_list_says_and_leaves_deleted_posses_out(
    window: MainWindow, qtbot, tmp_path, monkeypatch
) -> None:
    from pathlib import Path

    from services import rulesets
    from tests.cli.test_rulesets import playtest
    from ui.dialogs.rulesets import AdoptDialog

    window.act("Delete", lambda: edits.delete(window.campaign, "Last Hope Lawmen"))
    plan = rulesets.preview(window.campaign, rulesets.load_file(Path(playtest(tmp_path))))
    shown(qtbot, window)
    dialog = AdoptDialog(plan, parent=window)
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    text = dialog.preview.toPlainText()
    assert "Kid (Gang member): Wounds 6 -> 5" in text
    assert "changes no posse" not in dialog.note.text()
    assert "one posse reads differently, as listed below" in dialog.note.text()
    assert "Lawmen" not in text  # deleted: not listed, as it refuses nothing
    assert dialog.adopt.isEnabled()
    press(qtbot, Qt.Key.Key_Escape)
    assert not dialog.isVisible() and window.campaign.rules.version == "0.1-playtest"


def test_enter_on_create_your_first_posse_opens_the_wizard_where_the_focus_starts(
    empty_window: MainWindow, qtbot
) -> None:
    shown(qtbot, empty_window)
    assert QApplication.focusWidget() is empty_window.first_posse  # not the empty list
    opened: list[str] = []

    def note(wizard: QWidget) -> None:
        opened.append(wizard.windowTitle())
        wizard.reject()

    in_modal(qtbot, note)
    press(qtbot, Qt.Key.Key_Return)
    assert opened == ["Create a posse"]


def test_discard_has_alt_letters_and_keep_editing_is_the_default(
    empty_window: MainWindow, qtbot, monkeypatch
) -> None:
    from ui.wizards import discard as discard_module

    monkeypatch.setattr(discard_module, "ask", real_ask)
    wizard = CreationWizard(empty_window.rules, taken=[], parent=empty_window)
    try:
        shown(qtbot, wizard)
        qtbot.keyClicks(QApplication.focusWidget(), "Half a posse")
        texts: list[str] = []

        def keep(box: QWidget) -> None:
            texts.extend(b.text() for b in box.findChildren(QPushButton) if b.isVisible())
            press(qtbot, Qt.Key.Key_K, ALT)

        in_modal(qtbot, keep)
        press(qtbot, Qt.Key.Key_Escape)
        assert sorted(texts) == ["&Discard", "&Keep editing"]
        assert wizard.isVisible() and wizard.faction_page.name.text() == "Half a posse"
        # the focus is back where it was, in the wizard: Escape asks again, Enter keeps
        qtbot.waitUntil(lambda: QApplication.focusWidget() is wizard.faction_page.name)
        in_modal(qtbot, lambda box: press(qtbot, Qt.Key.Key_Return))
        press(qtbot, Qt.Key.Key_Escape)
        assert wizard.isVisible()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is wizard.faction_page.name)
        in_modal(qtbot, lambda box: press(qtbot, Qt.Key.Key_D, ALT))
        press(qtbot, Qt.Key.Key_Escape)
        assert not wizard.isVisible()
    finally:  # never left asking while the test's widgets are closed
        monkeypatch.setattr(discard_module, "ask", lambda _box: True)
        wizard.close()
        wizard.deleteLater()


def test_the_status_bar_says_what_was_done_and_the_tool_bar_keeps_its_words(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    from ui import ask

    select_posse(window, "The Dalton Boys")
    shown(qtbot, window)
    bar = window.findChild(QWidget, "mainToolBar")
    undo_button = bar.widgetForAction(window.menus.edit.undo)
    width = undo_button.sizeHint().width()
    monkeypatch.setattr(ask, "ask_text", lambda *a, **k: ("Daltons", True))
    press(qtbot, Qt.Key.Key_F2)  # rename
    assert window.statusBar().currentMessage() == "Renamed The Dalton Boys to Daltons."
    assert window.menus.edit.undo.text() == "&Undo Rename The Dalton Boys to Daltons"
    assert undo_button.text() == "Undo" and undo_button.sizeHint().width() == width


def test_the_simulators_alt_letters_say_what_they_reach_and_nothing_saves_without_a_chart(
    window: MainWindow, qtbot
) -> None:
    from ui.dialogs.simulator import SimulatorWindow

    sim = SimulatorWindow(window, parent=window)
    qtbot.addWidget(sim)
    shown(qtbot, sim)
    form = sim.form
    assert press(qtbot, Qt.Key.Key_C, ALT) is form.campaigns
    assert press(qtbot, Qt.Key.Key_R, ALT) is form.ruleset_a.combo
    saves = [
        b
        for b in sim.findChildren(QPushButton)
        if b.text().replace("&", "").startswith("Save chart")
    ]
    assert saves and not any(b.isEnabled() for b in saves)
    form.campaigns.setValue(25)
    form.games.setValue(2)
    sim.start_run()
    assert sim.progress.maximum() == 0 and "Starting 25 campaigns" in sim.progress.format()
    qtbot.waitUntil(lambda: not sim.running(), timeout=60000)
    assert any(b.isEnabled() for b in saves)
    sim.close()


def test_one_shop_in_both_places_showing_each_items_effect_and_keeping_the_choice(
    window: MainWindow, qtbot
) -> None:
    from services import posses
    from ui.dialogs.shop import ShopDialog
    from ui.shop_model import HEADERS
    from ui.shop_widget import ShopWidget

    wizard = CreationWizard(window.rules, taken=[], parent=window)
    qtbot.addWidget(wizard)
    fill_creation(wizard)
    shown(qtbot, wizard)
    page = wizard.shop_page
    assert isinstance(page.shop, ShopWidget)
    ids = [item.id for item in page.model.items]
    effect = HEADERS.index("Effect")
    for item_id in ("dynamite", "town-map"):
        cell = page.model.data(page.model.index(ids.index(item_id), effect))
        assert cell not in ("-", "") and cell == window.rules.items[item_id].notes
    # by keys: down to dynamite, its description shows; another member keeps it selected
    assert QApplication.focusWidget() is page.table
    for _ in range(ids.index("dynamite")):
        press(qtbot, Qt.Key.Key_Down)
    assert page.shop.item().id == "dynamite"
    assert page.shop.about.text().startswith("Dynamite, $12: Strength vs defence")
    assert page.table.selectionBehavior() == page.table.SelectionBehavior.SelectRows
    press(qtbot, Qt.Key.Key_M, ALT)
    press(qtbot, Qt.Key.Key_Down)  # Ma, the deputy
    assert page.current() == "Ma" and page.shop.item().id == "dynamite"
    # the Buy dialog is the same widget, rows selected, the same description
    dialog = ShopDialog(window.rules, posses.load(window.campaign, "The Dalton Boys"), "Slim")
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    assert isinstance(dialog.shop, ShopWidget)
    dialog.pick("dynamite")
    assert dialog.shop.about.text() == page.shop.about.text()
    assert dialog.table.selectionBehavior() == dialog.table.SelectionBehavior.SelectRows
    dialog.pick("whiskey")
    dialog.table.setFocus()
    press(qtbot, Qt.Key.Key_Return)  # Enter on an item it may buy: bought
    assert dialog.result() == dialog.DialogCode.Accepted and dialog.item_id == "whiskey"


def test_record_a_game_with_only_two_posses_has_them_both_chosen(window: MainWindow, qtbot) -> None:
    from ui.wizards.postgame import PostGameWizard

    wizard = PostGameWizard(window, parent=window)
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    played = wizard.game_page.played
    checked = [
        played.item(i).text()
        for i in range(played.count())
        if played.item(i).checkState() == Qt.CheckState.Checked
    ]
    assert sorted(checked) == ["Last Hope Lawmen", "The Dalton Boys"]
    assert wizard.game_page.isComplete()
    press(qtbot, Qt.Key.Key_Return)  # Next, straight away
    assert wizard.currentPage() is wizard.casualties_page


def test_an_empty_campaign_offers_no_game_flip_or_print(
    empty_window: MainWindow, qtbot, monkeypatch
) -> None:
    from tests.ui.test_wizards import fill_creation as fill

    shown(qtbot, empty_window)
    actions = (
        empty_window.menus.campaign.record,
        empty_window.menus.campaign.flip,
        empty_window.menus.file.print,
    )
    assert not any(a.isEnabled() for a in actions)
    opened: list[str] = []
    monkeypatch.setattr(
        "ui.wizards.postgame.PostGameWizard.exec", lambda _self: opened.append("record")
    )
    press(qtbot, Qt.Key.Key_G, CTRL)  # Record a game: nothing opens
    press(qtbot, Qt.Key.Key_P, CTRL)
    assert opened == []

    def create(wizard: QWidget) -> None:
        fill(wizard)  # type: ignore[arg-type]
        wizard.accept()

    in_modal(qtbot, create)
    press(qtbot, Qt.Key.Key_Return)  # Create your first posse
    qtbot.waitUntil(lambda: empty_window.posse_model.rowCount() == 1)
    assert all(a.isEnabled() for a in actions)


def test_a_tab_s_mnemonic_goes_into_its_table_and_the_menu_key_buys_from_there(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    from ui.dialogs.shop import ShopDialog

    select_posse(window, "Last Hope Lawmen")
    shown(qtbot, window)
    window.view.roster.setFocus()
    press(qtbot, Qt.Key.Key_G, ALT)  # the Gear list, by its label
    assert QApplication.focusWidget() is window.view.member_pane.gear
    press(qtbot, Qt.Key.Key_P, ALT)  # the Posses list, by its label
    assert QApplication.focusWidget() is window.posse_list
    press(qtbot, Qt.Key.Key_R, ALT)  # the Roster tab, already shown: into its table
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view.roster)
    opened: list[str] = []
    monkeypatch.setattr(ShopDialog, "exec", lambda self: opened.append(self.windowTitle()))
    in_popup(qtbot, lambda menu: qtbot.keyClick(menu, Qt.Key.Key_B))  # Buy an item for ...
    menu_key()
    qtbot.waitUntil(lambda: opened == ["Buy for Wyatt"])


def test_the_simulator_opens_with_the_focus_on_its_first_field_not_its_scroll_area(
    window: MainWindow, qtbot
) -> None:
    """The walk under Xvfb found the focus on the form's scroll area, where nothing shows it
    and no key does anything: it starts on Ruleset A, and Tab never stops on the scroll area."""
    from PySide6.QtWidgets import QScrollArea

    from ui.dialogs.simulator import SimulatorWindow

    sim = SimulatorWindow(window, parent=window)
    qtbot.addWidget(sim)
    shown(qtbot, sim)
    assert QApplication.focusWidget() is sim.form.ruleset_a.combo
    seen = [press(qtbot, Qt.Key.Key_Tab) for _ in range(30)]
    assert not any(isinstance(w, QScrollArea) for w in seen)
    sim.close()


def test_a_name_typed_in_a_picker_finds_it_spaces_and_all(qtbot) -> None:
    """The walk under Xvfb typed "Ma Barker" in the "by" picker: the space opened the list,
    which then took every key after it (Alt+A added nothing). Typed quickly, as a name is, a
    space goes on the search; a space alone still opens the list."""
    from ui.wizards.postgame_pages import item_combo, model_combo

    combo = model_combo()
    qtbot.addWidget(combo)
    for name in ("Arthur", "Ma Barker", "Ma Dalton", "Marshal Dan"):
        combo.addItem(f"{name} (The Rye Runners)", name)
    shown(qtbot, combo)
    qtbot.keyClicks(combo, "ma d")
    assert combo.currentData() == "Ma Dalton"
    assert not combo.view().isVisible()
    qtbot.wait(QApplication.keyboardInputInterval() + 50)  # a new search
    qtbot.keyClicks(combo, "Marsh")
    assert combo.currentData() == "Marshal Dan"
    qtbot.wait(QApplication.keyboardInputInterval() + 50)
    qtbot.keyClick(combo, Qt.Key.Key_Space)  # alone: the list, as Qt opens it
    qtbot.waitUntil(combo.view().isVisible)
    combo.hidePopup()
    items = item_combo()
    qtbot.addWidget(items)
    items.addItems(["Light leather clothing", "Medium leather clothing"])
    shown(qtbot, items)
    qtbot.keyClicks(items, "Medium l")
    assert items.currentText() == "Medium leather clothing" and not items.view().isVisible()


def test_the_games_windows_undo_has_its_alt_letter(window: MainWindow, qtbot) -> None:
    """The walk under Xvfb pressed Alt+U in Campaign > Games and nothing happened: "Undo the
    last game" had no letter. Alt+U asks (the box answers Yes here) and undoes the game."""
    from services import games
    from ui.dialogs.games import GamesDialog

    c = window.campaign
    report = {
        "date": "2026-11-28",
        "scenario": "bloodbath",
        "posses": ["The Dalton Boys", "Last Hope Lawmen"],
        "winner": "Last Hope Lawmen",
    }
    games.record(c, games.parse(c, report))
    dialog = GamesDialog(window, parent=window)
    qtbot.addWidget(dialog)
    shown(qtbot, dialog)
    press(qtbot, Qt.Key.Key_U, ALT)
    qtbot.waitUntil(lambda: games.listing(c) == [])
    dialog.close()


def test_the_first_posse_created_leaves_the_focus_on_the_posse_list(
    empty_window: MainWindow, qtbot
) -> None:
    """The "Create your first posse" button goes with the empty page once a posse exists: the
    focus goes to the posse list, not where Qt passes it on (the walk under Xvfb found it on the
    roster's tab bar after opening a campaign with posses from an empty one)."""
    shown(qtbot, empty_window)
    empty_window.first_posse.setFocus()

    def create(wizard: QWidget) -> None:
        assert isinstance(wizard, CreationWizard)
        fill_creation(wizard)
        wizard.accept()

    in_modal(qtbot, create)
    press(qtbot, Qt.Key.Key_Space)  # opens the wizard; returns once the posse is created
    assert empty_window.posse_model.rowCount() == 1
    qtbot.waitUntil(lambda: QApplication.focusWidget() is empty_window.posse_list)


def test_selling_the_last_piece_of_gear_leaves_the_focus_on_buy(window: MainWindow, qtbot) -> None:
    """The walk under Xvfb sold a member's only item from the gear list (Alt+G, Alt+S) and the
    focus stayed on the emptied list, where nothing shows it: it goes to Buy item..., ringed."""
    select_posse(window, "The Dalton Boys")
    shown(qtbot, window)
    view, pane = window.view, window.view.member_pane
    kid = [view.roster_model.index(r, 0).data() for r in range(view.roster_model.rowCount())]
    view.roster.selectRow(kid.index("Kid"))  # his pistol, and nothing else
    assert pane.gear.count() == 1
    assert press(qtbot, Qt.Key.Key_G, ALT) is pane.gear
    pane.gear.setCurrentRow(0)
    press(qtbot, Qt.Key.Key_S, ALT)  # Sell selected
    qtbot.waitUntil(lambda: pane.gear.count() == 0)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pane.buy)
