"""Edit, View, Table, Tools and Help: the menus whose items open a window or a dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from ui.action_kit import MenuPart, shortcut

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenuBar

    from ui.host import Host


class EditMenu(MenuPart):
    """Undo, Redo (the undo stack's own actions) and the history of edits."""

    def __init__(self, host: Host, bar: QMenuBar) -> None:
        super().__init__(host, bar.addMenu("&Edit"))
        std = QKeySequence.StandardKey
        self.undo: QAction = host.undo_stack.createUndoAction(host.window(), "&Undo")
        shortcut(self.undo, std.Undo)
        self.redo: QAction = host.undo_stack.createRedoAction(host.window(), "&Redo")
        shortcut(self.redo, std.Redo)
        # fixed words on the tool bar, so it never shifts; the step is in the tooltip and menu
        self.undo.setIconText("Undo")
        self.redo.setIconText("Redo")
        self.menu.addAction(self.undo)
        self.menu.addAction(self.redo)
        self.menu.addSeparator()
        self.history = self.add("&History...", self.show_history, "action_history", "Ctrl+H")

    def show_history(self) -> None:
        from ui.dialogs.undo_history import UndoHistory

        UndoHistory(self.host.undo_stack, parent=self.host.window()).exec()


class ViewMenu(MenuPart):
    """View > Appearance: System, Light or Dark, one checked, kept in the settings."""

    def __init__(self, host: Host, bar: QMenuBar) -> None:
        from PySide6.QtGui import QActionGroup

        from ui import appearance

        super().__init__(host, bar.addMenu("&View"))
        sub = self.menu.addMenu("&Appearance")
        group = QActionGroup(host.window())
        group.setExclusive(True)
        now = appearance.saved(host.settings)
        self.appearance: dict[str, QAction] = {}  # by choice (ui.appearance)
        for choice, text in appearance.CHOICES:
            action = QAction(text, host.window())
            action.setCheckable(True)
            action.setChecked(choice == now)
            action.setObjectName(f"action_appearance_{choice}")
            action.triggered.connect(lambda _on, c=choice: appearance.choose(c, host.settings))
            group.addAction(action)
            sub.addAction(action)
            self.appearance[choice] = action


class TableMenu(MenuPart):
    """Table: the aids used at the table during a game."""

    def __init__(self, host: Host, bar: QMenuBar) -> None:
        super().__init__(host, bar.addMenu("&Table"))
        self.table = self.add(
            "At the &table: shot, combat, initiative, game length...",
            self.show_aids,
            "action_table",
            "Ctrl+T",
        )
        self.table.setIconText("Table aids")

    def show_aids(self) -> None:
        from ui.dialogs.table_aids import TableAids

        TableAids(self.host, parent=self.host.window()).show()


class ToolsMenu(MenuPart):
    """Tools: the odds, the statistics and the simulator, each a window of its own."""

    def __init__(self, host: Host, bar: QMenuBar) -> None:
        super().__init__(host, bar.addMenu("T&ools"))
        self.odds = self.add("&Odds...", self.open_odds, "action_odds")
        self.stats = self.add("&Statistics...", self.open_stats, "action_stats")
        self.simulator = self.add("Si&mulator...", self.open_simulator, "action_simulator")

    def open_odds(self) -> None:
        from ui.dialogs.odds_window import open_odds

        open_odds(self.host)

    def open_stats(self) -> None:
        from ui.dialogs.stats_window import open_stats

        open_stats(self.host)

    def open_simulator(self) -> None:
        """Tools > Simulator: many campaigns under a ruleset, or two compared (issue 21)."""
        from ui.dialogs.simulator import open_simulator

        open_simulator(self.host)


class HelpMenu(MenuPart):
    """Help: the rules, the quick reference sheet, About."""

    def __init__(self, host: Host, bar: QMenuBar) -> None:
        super().__init__(host, bar.addMenu("&Help"))
        std = QKeySequence.StandardKey
        self.rules = self.add(
            "&Rules reference", self.rules_reference, "action_rules", std.HelpContents
        )
        self.quick_reference = self.add(
            "&Quick reference...", self.show_quick_reference, "action_quick_reference"
        )
        self.about = self.add("&About rostermgr", self.show_about, "action_about")

    def rules_reference(self) -> None:
        from ui.dialogs.rules_reference import RulesReference

        RulesReference(self.host.rules, parent=self.host.window()).show()

    def show_quick_reference(self) -> None:
        """The print dialog on the reference sheet, its preview rendering at once."""
        from ui.dialogs.print_dialog import PrintDialog

        dialog = PrintDialog(self.host, parent=self.host.window(), start="Reference")
        dialog.render()
        dialog.exec()

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from ui.about import about_text

        QMessageBox.about(self.host.window(), "About rostermgr", about_text(self.host))
