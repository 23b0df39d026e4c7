"""The menu bar and tool bar: every action with its standard shortcut."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QKeySequence

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from ui.main_window import MainWindow


class _Actions:
    """ui.actions (and ui.share_actions), imported when a menu item is first used rather than
    at start-up."""

    def __getattr__(self, name: str) -> Any:
        from ui import actions, share_actions

        return getattr(actions, name, None) or getattr(share_actions, name)


def _shortcut(action: QAction, key: QKeySequence | QKeySequence.StandardKey) -> None:
    """The platform's bindings for a standard key, else the one sequence.

    setShortcuts, not setShortcut: the latter's overloads make PySide create every enum of the
    Qt namespace (about 13 ms) before the window's first paint.
    """
    if isinstance(key, QKeySequence.StandardKey):
        action.setShortcuts(key)
    else:
        action.setShortcuts([key])


def _appearance_actions(w: MainWindow, menu: QMenu) -> None:
    """View > Appearance: System, Light or Dark, one checked, kept in the settings."""
    from PySide6.QtGui import QActionGroup

    from ui import appearance

    group = QActionGroup(w)
    group.setExclusive(True)
    now = appearance.saved(w.settings)
    w.appearance_actions = {}
    for choice, text in appearance.CHOICES:
        action = QAction(text, w)
        action.setCheckable(True)
        action.setChecked(choice == now)
        action.setObjectName(f"action_appearance_{choice}")
        action.triggered.connect(lambda _on, c=choice: appearance.choose(c, w.settings))
        group.addAction(action)
        menu.addAction(action)
        w.appearance_actions[choice] = action


def _check_cards(w: MainWindow) -> None:
    """File > Check cards (issue 34), imported when first used."""
    from ui.dialogs.check_cards import open_check_cards

    open_check_cards(w)


def build_menus(w: MainWindow) -> None:
    actions = _Actions()

    def add(menu: object, text: str, slot: object, key: object = None, name: str = "") -> QAction:
        action = QAction(text, w)
        if key is not None:
            _shortcut(action, key)  # type: ignore[arg-type]
        # Until the campaign is open (a moment after the first paint) only Quit does anything.
        action.triggered.connect(
            lambda *_: slot() if w.is_open or slot == w.close else None  # type: ignore[operator]
        )
        if name:
            action.setObjectName(name)
            setattr(w, name, action)
        menu.addAction(action)  # type: ignore[attr-defined]
        return action

    bar = w.menuBar()
    file_menu = bar.addMenu("&File")
    add(
        file_menu,
        "&New campaign...",
        lambda: actions.new_campaign(w),
        QKeySequence.StandardKey.New,
        "action_new_campaign",
    )
    add(
        file_menu,
        "&Open...",
        lambda: actions.open_campaign_file(w),
        QKeySequence.StandardKey.Open,
        "action_open",
    )
    add(
        file_menu,
        "Open &server campaign...",
        lambda: actions.open_server_campaign(w),
        QKeySequence("Ctrl+Shift+O"),
        "action_open_server",
    )
    w.recent_menu = file_menu.addMenu("Open &recent")
    w.recent_menu.aboutToShow.connect(lambda: actions.fill_recent(w))
    add(
        file_menu,
        "Save a &copy...",
        lambda: actions.save_copy(w),
        QKeySequence.StandardKey.SaveAs,
        "action_save_copy",
    )
    file_menu.addSeparator()
    add(file_menu, "&Import posse...", lambda: actions.import_posse(w), None, "action_import")
    add(file_menu, "&Export posse...", lambda: actions.export_posse(w), None, "action_export")
    add(
        file_menu,
        "Share posse as ima&ge...",
        lambda: actions.share_image(w),
        None,
        "action_share_image",
    )
    add(
        file_menu,
        "Share posse as &web page...",
        lambda: actions.share_page(w),
        None,
        "action_share_page",
    )
    add(file_menu, "Cop&y posse image", lambda: actions.copy_image(w), None, "action_copy_image")
    add(file_menu, "C&heck cards...", lambda: _check_cards(w), None, "action_check_cards")
    file_menu.addSeparator()
    add(
        file_menu,
        "&Print...",
        lambda: actions.print_dialog(w),
        QKeySequence.StandardKey.Print,
        "action_print",
    )
    file_menu.addSeparator()
    add(file_menu, "&Quit", w.close, QKeySequence.StandardKey.Quit, "action_quit")

    edit = bar.addMenu("&Edit")
    undo = w.undo_stack.createUndoAction(w, "&Undo")
    _shortcut(undo, QKeySequence.StandardKey.Undo)
    redo = w.undo_stack.createRedoAction(w, "&Redo")
    _shortcut(redo, QKeySequence.StandardKey.Redo)
    edit.addAction(undo)
    edit.addAction(redo)
    w.action_undo, w.action_redo = undo, redo
    edit.addSeparator()
    add(
        edit,
        "&History...",
        lambda: actions.undo_history(w),
        QKeySequence("Ctrl+H"),
        "action_history",
    )

    campaign = bar.addMenu("&Campaign")
    add(campaign, "New &posse...", w.new_posse, QKeySequence("Ctrl+Shift+N"), "action_new_posse")
    add(
        campaign,
        "&Record a game...",
        lambda: actions.record_game(w),
        QKeySequence("Ctrl+G"),
        "action_record",
    )
    add(
        campaign,
        "Spend &flips...",
        lambda: w.spend_flip(None),
        QKeySequence("Ctrl+F"),
        "action_flip",
    )
    campaign.addSeparator()
    add(campaign, "&Hire a replacement...", lambda: actions.hire(w), None, "action_hire")
    add(
        campaign, "Re&name posse...", lambda: actions.rename(w), QKeySequence("F2"), "action_rename"
    )
    add(campaign, "Re&tire posse", lambda: actions.retire_posse(w), None, "action_retire")
    add(
        campaign,
        "Bring posse &back to play",
        lambda: actions.bring_back_posse(w),
        None,
        "action_bring_back",
    )
    add(campaign, "&Delete posse...", lambda: actions.delete_posse(w), None, "action_delete")
    add(campaign, "&Games...", lambda: actions.show_games(w), None, "action_games")
    add(
        campaign,
        "Players' report&s...",
        lambda: actions.show_reports(w),
        None,
        "action_reports",
    )
    add(campaign, "R&ules...", lambda: actions.show_rulesets(w), None, "action_rulesets")
    add(campaign, "&Check campaign file", lambda: actions.check(w), None, "action_check")

    view = bar.addMenu("&View")
    appearance = view.addMenu("&Appearance")
    _appearance_actions(w, appearance)

    table = bar.addMenu("&Table")
    add(
        table,
        "At the &table: shot, combat, initiative, game length...",
        lambda: actions.table_aids(w),
        QKeySequence("Ctrl+T"),
        "action_table",
    )
    w.action_table.setIconText("Table aids")

    tools_menu = bar.addMenu("T&ools")
    add(tools_menu, "&Odds...", lambda: actions.open_odds(w), None, "action_odds")
    add(tools_menu, "&Statistics...", lambda: actions.open_stats(w), None, "action_stats")
    add(tools_menu, "Si&mulator...", lambda: actions.open_simulator(w), None, "action_simulator")

    help_menu = bar.addMenu("&Help")
    add(
        help_menu,
        "&Rules reference",
        lambda: actions.rules_reference(w),
        QKeySequence.StandardKey.HelpContents,
        "action_rules",
    )
    add(
        help_menu,
        "&Quick reference...",
        lambda: actions.quick_reference(w),
        None,
        "action_quick_reference",
    )
    add(help_menu, "&About rostermgr", lambda: actions.about(w), None, "action_about")

    tools = w.addToolBar("Main")
    tools.setObjectName("mainToolBar")
    for action in (
        w.action_new_posse,
        w.action_record,
        w.action_flip,
        w.action_table,
        w.action_print,
    ):
        tools.addAction(action)
    tools.addSeparator()
    # fixed words on the tool bar, so it never shifts; the step is in the tooltip and the menu
    undo.setIconText("Undo")
    redo.setIconText("Redo")
    tools.addAction(undo)
    tools.addAction(redo)
