"""No two visible, enabled widgets of a window share a mnemonic (Alt+letter does one thing)."""

from __future__ import annotations

import re
from collections import defaultdict

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMainWindow,
    QTabBar,
    QTabWidget,
    QWidget,
    QWizard,
)

from ui.keys import with_mnemonic
from ui.main_window import MainWindow

_MNEMONIC = re.compile(r"&([^&\s])")


def _letter(text: str) -> str | None:
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _shown(widget: QWidget, top: QWidget) -> bool:
    return widget.isVisibleTo(top) and widget.isEnabled()


def mnemonics(top: QWidget) -> dict[str, list[str]]:
    """Letter -> the texts that use it, over the visible, enabled widgets of `top`."""
    found: dict[str, list[str]] = defaultdict(list)

    def add(text: str) -> None:
        letter = _letter(text)
        if letter:
            found[letter].append(text)

    for button in top.findChildren(QAbstractButton):
        if _shown(button, top):
            add(button.text())
    for label in top.findChildren(QLabel):
        if _shown(label, top) and QLabel.buddy(label) is not None:
            add(label.text())
    for box in top.findChildren(QGroupBox):
        if _shown(box, top):
            add(QGroupBox.title(box))
    for tabs in top.findChildren(QTabBar):
        if _shown(tabs, top):
            for i in range(tabs.count()):
                if tabs.isTabEnabled(i) and tabs.isTabVisible(i):
                    add(tabs.tabText(i))
    if isinstance(top, QMainWindow):
        for action in top.menuBar().actions():
            if action.isVisible():
                add(action.text())
    return found


def assert_no_clash(top: QWidget, where: str) -> None:
    clashes = {k: v for k, v in mnemonics(top).items() if len(v) > 1}
    assert not clashes, f"{where}: {clashes}"


def _walk_wizard(wizard: QWizard, where: str, steps: int) -> None:
    wizard.show()
    for n in range(steps):
        assert_no_clash(wizard, f"{where}, page {n + 1}")
        wizard.next()


def test_the_main_window_and_its_menus(window: MainWindow) -> None:
    window.show()
    assert_no_clash(window, "main window")
    for action in window.menuBar().actions():
        menu = action.menu()
        letters: dict[str, list[str]] = defaultdict(list)
        for item in menu.actions():
            letter = _letter(item.text()) if item.isVisible() else None
            if letter:
                letters[letter].append(item.text())
        clashes = {k: v for k, v in letters.items() if len(v) > 1}
        assert not clashes, f"menu {action.text()}: {clashes}"


def test_every_dialog(window: MainWindow, qtbot) -> None:
    from services import posses
    from ui.dialogs.flip import FlipDialog
    from ui.dialogs.games import GamesDialog
    from ui.dialogs.hire import HireDialog
    from ui.dialogs.odds_window import OddsWindow
    from ui.dialogs.print_dialog import PrintDialog
    from ui.dialogs.rules_reference import RulesReference
    from ui.dialogs.shop import ShopDialog
    from ui.dialogs.stats_window import StatsWindow
    from ui.dialogs.table_aids import TableAids

    posse = posses.load(window.campaign, "The Dalton Boys")
    dialogs = {
        "shop": ShopDialog(window.rules, posse, "Kid", parent=window),
        "hire": HireDialog(window.rules, posse, parent=window),
        "flip": FlipDialog(window, "The Dalton Boys", "Kid"),
        "games": GamesDialog(window, parent=window),
        "odds": OddsWindow(window, parent=window),
        "stats": StatsWindow(window, parent=window),
        "rules": RulesReference(window.rules, parent=window),
    }
    for where, dialog in dialogs.items():
        qtbot.addWidget(dialog)
        dialog.show()
        assert_no_clash(dialog, where)
    printing = PrintDialog(window, parent=window)
    qtbot.addWidget(printing)
    printing.show()
    for tab in range(printing.tabs.count()):
        printing.tabs.setCurrentIndex(tab)
        assert_no_clash(printing, f"print dialog, {printing.tabs.tabText(tab)}")
    aids = TableAids(window, parent=window)
    qtbot.addWidget(aids)
    aids.show()
    tabs = aids.findChild(QTabWidget)
    for tab in range(tabs.count()):
        tabs.setCurrentIndex(tab)
        assert_no_clash(aids, f"table aids, {tabs.tabText(tab)}")
    dialogs["odds"].wait()


def test_every_wizard_page(window: MainWindow, qtbot) -> None:
    from tests.ui.test_wizards import NAMES
    from ui.wizards.creation import CreationWizard
    from ui.wizards.postgame import PostGameWizard

    creation = CreationWizard(window.rules, taken=[], parent=window)
    qtbot.addWidget(creation)
    creation.show()
    creation.faction_page.name.setText("A New Posse")
    assert_no_clash(creation, "creation, page 1")
    creation.next()
    for (_role, edit), text in zip(creation.names_page.fields, NAMES, strict=True):
        edit.setText(text)
    assert_no_clash(creation, "creation, page 2")
    creation.next()
    assert_no_clash(creation, "creation, the shop")
    postgame = PostGameWizard(window, parent=window)
    qtbot.addWidget(postgame)
    postgame.game_page.set_played(["The Dalton Boys", "Last Hope Lawmen"])
    _walk_wizard(postgame, "post-game", steps=4)


def test_the_chart_windows_save_buttons_have_their_alt_letters(window: MainWindow, qtbot) -> None:
    """The walk under Xvfb found "Save chart as PNG..." and "Save heat map as PNG..." with no
    Alt letter in the Odds, Statistics and Simulator windows (reached only by Tab)."""
    from PySide6.QtWidgets import QPushButton

    from ui.dialogs.odds_window import OddsWindow
    from ui.dialogs.simulator import SimulatorWindow
    from ui.dialogs.stats_window import StatsWindow

    for kind in (OddsWindow, StatsWindow, SimulatorWindow):
        top = kind(window, parent=window)
        qtbot.addWidget(top)
        top.show()
        saves = [
            b.text()
            for b in top.findChildren(QPushButton)
            if b.isVisibleTo(top) and b.text().replace("&", "").startswith("Save ")
        ]
        assert saves, kind.__name__
        assert all(_letter(text) for text in saves), (kind.__name__, saves)
        for button in top.findChildren(QPushButton):  # as a run leaves them: enabled
            button.setEnabled(True)
        assert_no_clash(top, kind.__name__)
        if isinstance(top, OddsWindow):
            top.wait()


def test_the_labels_left_without_one_have_their_alt_letters(window: MainWindow, qtbot) -> None:
    """The walk under Xvfb left places reached only by Tab: the creation wizard's names (the
    ruleset's role names), Back offset in the print dialog, the simulator's Stop run (was
    Cancel run) and factions, and the entries of File > Open recent."""
    from PySide6.QtWidgets import QFormLayout

    from ui.dialogs.print_dialog import PrintDialog
    from ui.dialogs.simulator import SimulatorWindow
    from ui.wizards.creation import CreationWizard

    creation = CreationWizard(window.rules, taken=[], parent=window)
    qtbot.addWidget(creation)
    creation.show()
    creation.faction_page.name.setText("A New Posse")
    creation.next()
    names = creation.names_page
    form = names.findChild(QFormLayout)
    assert form is not None
    labels = [form.labelForField(edit) for _role, edit in names.fields]
    assert all(isinstance(label, QLabel) and _letter(label.text()) for label in labels)
    printing = PrintDialog(window, parent=window)
    qtbot.addWidget(printing)
    printing.show()
    offset = next(
        label
        for label in printing.findChildren(QLabel)
        if label.text().replace("&", "").startswith("Back offset")
    )
    assert _letter(offset.text()) == "b" and offset.buddy() is printing.cards.dx
    simulator = SimulatorWindow(window, parent=window)
    qtbot.addWidget(simulator)
    assert _letter(simulator.cancel_button.text()) == "p"
    factions = simulator.form.factions
    assert all(_letter(label.text()) for label in factions.findChildren(QLabel) if label.buddy())
    window.remember(window.campaign.path)
    window.menus.file.fill_recent()
    first = window.menus.file.recent_menu.actions()[0]
    assert first.text() == f"&1 {window.campaign.path}"


@given(st.text(max_size=20), st.sets(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789")))
def test_a_chosen_alt_letter_is_free_and_the_text_reads_the_same(
    text: str, taken: set[str]
) -> None:
    before = set(taken)
    label = with_mnemonic(text, taken)
    letter = _letter(label)
    assert re.sub("&(.)", r"\1", label) == text
    assert label.replace("&&", "").count("&") <= 1
    if letter is None:
        assert taken == before
    else:
        assert letter not in before and taken == before | {letter}


def test_the_volley_tab_and_each_of_its_fields_have_their_alt_letters(
    window: MainWindow, qtbot
) -> None:
    """h-table (2026-12-03): the Volley tab of the table aids was reached only by Tab, a field at
    a time: the tab and every field now have a letter, none clashing with the dialog's."""
    from PySide6.QtWidgets import QFormLayout

    from ui.dialogs.table_aids import TableAids

    aids = TableAids(window, parent=window)
    qtbot.addWidget(aids)
    aids.show()
    tabs = aids.findChild(QTabWidget)
    volley = tabs.indexOf(aids.volley)
    assert _letter(tabs.tabText(volley)) == "y"
    tabs.setCurrentIndex(volley)
    form = aids.volley.findChild(QFormLayout)
    assert form is not None
    labels = [form.itemAt(row, QFormLayout.ItemRole.LabelRole) for row in range(form.rowCount())]
    shown = [item.widget() for item in labels if item is not None]
    assert len(shown) == 10
    for label in shown:
        assert isinstance(label, QLabel) and _letter(label.text()), label.text()
        assert label.buddy() is not None, label.text()
    assert_no_clash(aids, "table aids, Volley")
