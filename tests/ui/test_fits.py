"""Nothing a user needs is cut off on a 1024 x 700 screen; cut text has a tooltip (DESIGN 7)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from services import edits
from ui.main_window import MainWindow

SCREEN = (1024, 700 - 40)  # the screen less a title bar and a panel


def test_every_window_fits_a_small_screen(window: MainWindow, qtbot) -> None:
    from ui.dialogs.games import GamesDialog
    from ui.dialogs.odds_window import OddsWindow
    from ui.dialogs.print_dialog import PrintDialog
    from ui.dialogs.rules_reference import RulesReference
    from ui.dialogs.stats_window import StatsWindow
    from ui.dialogs.table_aids import TableAids
    from ui.wizards.creation import CreationWizard
    from ui.wizards.postgame import PostGameWizard

    windows = {
        "main": window,
        "odds": OddsWindow(window, parent=window),
        "stats": StatsWindow(window, parent=window),
        "print": PrintDialog(window, parent=window),
        "aids": TableAids(window, parent=window),
        "rules": RulesReference(window.rules, parent=window),
        "games": GamesDialog(window, parent=window),
        "create": CreationWizard(window.rules, [], parent=window),
        "record": PostGameWizard(window, parent=window),
    }
    for name, w in windows.items():
        if w is not window:
            qtbot.addWidget(w)
        w.show()
        need = w.minimumSizeHint().expandedTo(w.minimumSize())
        assert need.width() <= SCREEN[0] and need.height() <= SCREEN[1], (name, need)
    windows["odds"].wait()


def test_a_long_posse_name_and_a_long_history_line_have_tooltips(window: MainWindow) -> None:
    model = window.posse_model
    name = model.name_at(0)
    assert name in model.data(model.index(0), Qt.ItemDataRole.ToolTipRole)
    history = window.view.history_model
    last = history.index(history.rowCount() - 1, history.columnCount() - 1)
    assert history.data(last, Qt.ItemDataRole.ToolTipRole) == history.data(last)


def test_the_shops_cells_have_their_whole_text_as_a_tooltip(window: MainWindow, qtbot) -> None:
    from services import posses
    from ui.dialogs.shop import ShopDialog

    posse = posses.load(window.campaign, "The Dalton Boys")
    shop = ShopDialog(window.rules, posse, "Slim", parent=window)
    qtbot.addWidget(shop)
    model = shop.model
    for row in range(model.rowCount()):
        for col in range(model.columnCount()):
            index = model.index(row, col)
            assert model.data(index) in model.data(index, Qt.ItemDataRole.ToolTipRole)


def test_inks_follow_a_dark_palette(qapp) -> None:
    """The purse, errors and the dead read on a dark palette as on a light one."""
    from PySide6.QtGui import QColor, QPalette

    from ui import style

    light = qapp.palette()
    dark = QPalette(light)
    dark.setColor(QPalette.ColorRole.Window, QColor("#202020"))
    dark.setColor(QPalette.ColorRole.PlaceholderText, QColor("#909090"))
    try:
        qapp.setPalette(dark)
        assert style.is_dark()
        assert style.ERROR_INK[1] in style.error_style()
        assert style.PURSE_INK[1] in style.purse_style(16)
        assert style.dimmed() == QColor("#909090")
    finally:
        qapp.setPalette(light)
    assert not style.is_dark() or light.color(QPalette.ColorRole.Window).lightness() < 128


def test_at_1024_by_700_the_print_dialog_shows_every_tab_and_posse(
    window: MainWindow, qtbot
) -> None:
    from ui.dialogs.print_dialog import PrintDialog

    long = "The Long-Named Brotherhood of the Trail"
    window.act("Rename", lambda: edits.rename(window.campaign, "The Dalton Boys", long))
    dialog = PrintDialog(window, parent=window)
    qtbot.addWidget(dialog)
    dialog.resize(*SCREEN)
    dialog.show()
    qtbot.waitExposed(dialog)
    tabs = dialog.tabs
    assert tabs.rect().contains(tabs.tabRect(tabs.count() - 1)), "the last tab is cut off"
    posses = dialog.cards.posses
    last = posses.visualRect(posses.model().index(posses.count() - 1, 0))
    assert posses.viewport().rect().contains(last), "a posse of the checklist is cut off"
    assert not posses.horizontalScrollBar().isVisible()
    dialog.done(0)


def test_a_long_posse_name_is_elided_in_the_list_with_its_whole_name_as_a_tooltip(
    window: MainWindow, qtbot
) -> None:

    long = "The Long-Named Brotherhood of the Trail"
    window.act("Rename", lambda: edits.rename(window.campaign, "The Dalton Boys", long))
    window.resize(*SCREEN)
    window.show()
    qtbot.waitExposed(window)
    view = window.posse_list
    assert not view.horizontalScrollBar().isVisible()
    row = window.posse_model.row_of(long)
    rect = view.visualRect(window.posse_model.index(row))
    assert rect.right() <= view.viewport().width()
    assert view.textElideMode() != Qt.TextElideMode.ElideNone
    tip = window.posse_model.data(window.posse_model.index(row), Qt.ItemDataRole.ToolTipRole)
    assert long in tip


def test_the_simulators_ruleset_choice_shows_its_whole_text(window: MainWindow, qtbot) -> None:
    from ui.dialogs.simulator import SimulatorWindow

    sim = SimulatorWindow(window, parent=window)
    qtbot.addWidget(sim)
    sim.resize(*SCREEN)
    sim.show()
    qtbot.waitExposed(sim)
    combo = sim.form.ruleset_a.combo
    text_width = combo.fontMetrics().horizontalAdvance(combo.currentText())
    assert combo.width() - 40 >= text_width, (combo.width(), text_width)
    need = sim.minimumSizeHint()
    assert need.width() <= SCREEN[0] and need.height() <= SCREEN[1]


def _whole_title_width(widget) -> int:
    """What a title bar needs to show the widget's title whole: the title in bold, a size up
    from the dialog's text (as window managers draw it), and 150 px for the bar's icon and
    buttons."""
    from PySide6.QtGui import QFont, QFontMetrics

    font = QFont(widget.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.2)
    return QFontMetrics(font).horizontalAdvance(widget.windowTitle()) + 150


def test_the_small_rename_dialogs_are_wide_enough_for_their_whole_title(
    window: MainWindow, qtbot
) -> None:
    """A short name ("Kid") made Rename member so narrow that its title was cut."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    seen: list[tuple[str, int, int]] = []

    def measure() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, measure)
            return
        seen.append((dialog.windowTitle(), dialog.width(), _whole_title_width(dialog)))
        dialog.reject()

    model = window.posse_model
    window.posse_list.setCurrentIndex(model.index(model.row_of("The Dalton Boys")))
    window.view.roster.selectRow([m.name for m in window.view.posse.members].index("Kid"))
    for open_it in (window.view.member_pane.rename.click, window.menus.campaign.rename.trigger):
        QTimer.singleShot(0, measure)
        open_it()
    assert [title for title, _, _ in seen] == ["Rename member", "Rename posse"]
    narrow = [(title, width, need) for title, width, need in seen if width < need]
    assert not narrow, narrow
