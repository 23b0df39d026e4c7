"""The menu bar and tool bar: every action with its standard shortcut.

Each menu is an object (ui.file_menu, ui.campaign_menu, ui.other_menus) that owns its
actions as attributes and does its work through a `Host` (ui.host), never through the main
window itself. To add an item: one line in that menu's __init__,
`self.check_cards = self.add("Check &cards...", self.check_cards_dialog, "action_check_cards")`,
and the method it calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.campaign_menu import CampaignMenu
from ui.file_menu import FileMenu
from ui.other_menus import EditMenu, HelpMenu, TableMenu, ToolsMenu, ViewMenu

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QToolBar

    from ui.host import FileHost


class Menus:
    """The window's menus, in menu bar order, and its tool bar."""

    def __init__(self, host: FileHost, window: QMainWindow) -> None:
        bar = window.menuBar()
        self.file = FileMenu(host, bar)
        self.edit = EditMenu(host, bar)
        self.campaign = CampaignMenu(host, bar)
        self.view = ViewMenu(host, bar)
        self.table = TableMenu(host, bar)
        self.tools = ToolsMenu(host, bar)
        self.help = HelpMenu(host, bar)
        self.tool_bar: QToolBar = window.addToolBar("Main")
        self.tool_bar.setObjectName("mainToolBar")
        for action in (
            self.campaign.new_posse,
            self.campaign.record,
            self.campaign.flip,
            self.table.table,
            self.file.print,
        ):
            self.tool_bar.addAction(action)
        self.tool_bar.addSeparator()
        self.tool_bar.addAction(self.edit.undo)
        self.tool_bar.addAction(self.edit.redo)
