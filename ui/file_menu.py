"""File: campaigns (new, open, from a server, recent, a copy), posse files, sharing, printing.

Services are imported inside the slots: the menu is built before the window's first paint,
and peewee behind them is not needed until an item is used.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence

from ui.action_kit import MenuPart, add_action
from ui.files import open_file, save_file

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QMenuBar

    from services.campaign import Campaign
    from ui.host import FileHost

FILES = "Campaign files (*.sqlite3 *.sqlite *.db);;All files (*)"
POSSE_FILES = "Posse files (*.json);;All files (*)"
IMAGE_FILES = "PNG images (*.png);;All files (*)"
PAGE_FILES = "Web pages (*.html *.htm);;All files (*)"


class FileMenu(MenuPart):
    """The File menu: each item an attribute, each slot a method."""

    host: FileHost

    def __init__(self, host: FileHost, bar: QMenuBar) -> None:
        super().__init__(host, bar.addMenu("&File"))
        menu, add, std = self.menu, self.add, QKeySequence.StandardKey
        self.new_campaign = add("&New campaign...", self.new, "action_new_campaign", std.New)
        self.open = add("&Open...", self.open_file, "action_open", std.Open)
        self.open_server = add(
            "Open &server campaign...",
            self.open_server_campaign,
            "action_open_server",
            QKeySequence("Ctrl+Shift+O"),
        )
        self.recent_menu: QMenu = menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        self.save_copy = add("Save a &copy...", self.copy, "action_save_copy", std.SaveAs)
        menu.addSeparator()
        self.import_posse = add("&Import posse...", self.import_chosen, "action_import")
        self.export_posse = add("&Export posse...", self.export, "action_export")
        self.share_image = add("Share posse as ima&ge...", self.image, "action_share_image")
        self.share_page = add("Share posse as &web page...", self.page, "action_share_page")
        self.copy_image = add("Cop&y posse image", self.copy_picture, "action_copy_image")
        self.check_cards = add("C&heck cards...", self.check_printed_cards, "action_check_cards")
        menu.addSeparator()
        self.print = add("&Print...", self.print_dialog, "action_print", std.Print)
        menu.addSeparator()
        self.quit = add_action(
            host, menu, "&Quit", host.window().close, "action_quit", std.Quit, always=True
        )

    # -- campaigns ----------------------------------------------------------------------
    def new(self) -> None:
        """A new campaign file: the dialog never offers to replace one."""
        path = save_file(self.host.window(), "New campaign", "campaign.sqlite3", FILES, False)
        if path is None:
            return
        if path.exists():
            self.host.refuse(
                f"{path} already exists; choose a new file name for a new campaign, "
                "or open it with File > Open."
            )
            return
        self.open_path(path)

    def open_file(self) -> None:
        path = open_file(self.host.window(), "Open campaign", FILES)
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> None:
        """Open the campaign file `path` in the window (nothing if it is the one open)."""
        w = self.host
        if w.campaign.server is None and path.resolve() == w.campaign.path.resolve():
            return
        from rostermgr.errors import Refused
        from rostermgr.rules_load import default_ruleset
        from services.opening import for_app

        try:
            # Read with its own ruleset (a new one starts with the shipped one), never this
            # window's: the two campaigns may be played under different rulesets (issue 18).
            campaign = for_app(path, default_ruleset(), chosen=False)
        except Refused as exc:
            w.refuse(str(exc))
            return
        w.switch_to(campaign)

    def open_server_campaign(self) -> None:
        """File > Open server campaign: a campaign on a PostgreSQL server."""
        from services.paths import campaign_server
        from ui.dialogs.open_server import OpenServerDialog

        recent = next((r for r in self.host.recent_files() if campaign_server(r)), "")
        dialog = OpenServerDialog(recent, self.host.window())
        if dialog.exec() == OpenServerDialog.DialogCode.Accepted:
            self.open_server_address(dialog.given())

    def open_server_address(self, given: str) -> None:
        """Open the server campaign `given`, asking for its password if the server wants one."""
        from rostermgr.errors import Refused
        from rostermgr.rules_load import default_ruleset
        from services.opening import PasswordNeeded, Unreachable, WrongPassword, for_app_server
        from services.paths import campaign_server, server_shown
        from ui.dialogs.offline import offline_copy
        from ui.dialogs.open_server import ask_password

        w = self.host
        if campaign_server(given) is None:
            w.refuse(f"{given!r} is not a postgresql:// URL nor service=NAME.")
            return
        shown = server_shown(given)
        if w.campaign.server is not None and w.campaign.where == shown:
            return
        password: str | None = None
        campaign: Campaign | None
        for _ in range(3):
            try:
                campaign = for_app_server(given, default_ruleset(), password, chosen=False)
            except (PasswordNeeded, WrongPassword) as exc:
                password = ask_password(w.window(), shown, isinstance(exc, WrongPassword))
                if password is None:
                    return
                continue
            except Unreachable as exc:
                # Offline at the table (issue 29): the newest backup of it here, read-only.
                try:
                    campaign = offline_copy(w.window(), given, exc, None)
                except Refused as unreadable:
                    w.refuse(str(unreadable))
                    return
                if campaign is None:
                    w.refuse(str(exc))
                    return
            except Refused as exc:
                w.refuse(str(exc))
                return
            w.switch_to(campaign)
            return
        w.refuse(f"The PostgreSQL server {shown} refused the password three times.")

    def fill_recent(self) -> None:
        """File > Open recent, filled as it opens."""
        from services.paths import campaign_server

        menu = self.recent_menu
        menu.clear()
        recent = self.host.recent_files()
        if not recent:
            menu.addAction("No recent campaigns").setEnabled(False)
        for n, path in enumerate(recent, start=1):
            # Alt+1 to Alt+9 open the newest nine, as other programs number them
            text = (f"&{n} " if n < 10 else "") + path.replace("&", "&&")
            if campaign_server(path):
                menu.addAction(text, partial(self.open_server_address, path))
            else:
                menu.addAction(text, partial(self.open_path, Path(path)))
        menu.addSeparator()
        clear = menu.addAction("&Clear recent files", self.clear_recent)
        clear.setEnabled(bool(recent))

    def clear_recent(self) -> None:
        """Forget the recent campaigns (the files themselves are untouched)."""
        self.host.settings.setValue("recent", [])
        self.host.say("Recent campaigns cleared")

    def copy(self) -> None:
        """File > Save a copy."""
        from rostermgr.errors import Refused
        from services import safety

        w = self.host
        path = save_file(w.window(), "Save a copy", f"{w.campaign.path.stem}-copy.sqlite3", FILES)
        if path is None:
            return
        try:
            safety.save_copy(w.campaign, path)
        except Refused as exc:
            w.refuse(str(exc))
            return
        w.say(f"Saved a copy to {path}")

    # -- posse files --------------------------------------------------------------------
    def import_chosen(self) -> None:
        path = open_file(self.host.window(), "Import a posse", POSSE_FILES)
        if path is not None:
            self.import_file(path)

    def import_file(self, path: Path) -> None:
        """Import a posse file; a name the campaign has already is asked for again."""
        from PySide6.QtWidgets import QMessageBox

        from rostermgr.errors import Refused
        from rostermgr.jsonfile import read_json
        from services import edits, posses
        from services.changes import Changes
        from ui.ask import ask_text

        w = self.host
        try:
            doc = read_json(str(path), "The posse file", named=path.name)
            as_name = None
            taken = posses.taken_name(w.campaign, doc)
            while taken is not None:
                new, ok = ask_text(
                    w.window(),
                    "Import posse",
                    f"This campaign already has a posse named {taken}. Import it as:",
                    text=f"{taken} (imported)",
                )
                if not ok or not new.strip():
                    return
                as_name = new.strip()
                taken = posses.taken_name(w.campaign, doc, as_name)
            notice = posses.import_notice(w.campaign, doc)
        except Refused as exc:
            w.refuse(str(exc))
            return
        if notice:  # made under another ruleset (issue 18): say what differs before it proceeds
            go_on = QMessageBox.question(
                w.window(),
                "Import posse",
                "\n".join(notice) + "\n\nImport it under this campaign's ruleset?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if go_on != QMessageBox.StandardButton.Yes:
                return
        name = w.act("Import posse", partial(edits.import_posse, w.campaign, doc, as_name))
        if name is not None:
            w.apply(Changes(), select=name)  # shown: the import has put it in the list

    def export(self) -> None:
        from rostermgr.errors import Refused
        from services import posses

        w = self.host
        name = w.current_posse()
        if name is None:
            w.refuse("Select a posse to export.")
            return
        path = save_file(w.window(), "Export posse", f"{name}.json", POSSE_FILES)
        if path is None:
            return
        try:
            posses.export_to(w.campaign, name, path)
        except Refused as exc:
            w.refuse(str(exc))
            return
        w.say(f"Exported {name} to {path}")

    # -- sharing: a posse as a picture or a web page to show on a phone ------------------
    def _posse_to_share(self) -> str | None:
        name = self.host.current_posse()
        if name is None:
            self.host.refuse("Select a posse to share.")
        return name

    def _share(self, title: str, suffix: str, files: str, what: str) -> None:
        """Ask where, write the posse there through the use case, and say so (or why not)."""
        from rostermgr.errors import Refused
        from services import share

        name = self._posse_to_share()
        if name is None:
            return
        path = save_file(self.host.window(), title, f"{name}{suffix}", files)
        if path is None:
            return
        write = share.write_image if suffix == ".png" else share.write_page
        try:
            write(self.host.campaign, name, path)
        except Refused as exc:
            self.host.refuse(str(exc))
            return
        self.host.say(f"Saved the {what} of {name} to {path}")

    def image(self) -> None:
        """File > Share posse as image: the roster as a PNG sized for a phone."""
        self._share("Share posse as image", ".png", IMAGE_FILES, "picture")

    def page(self) -> None:
        """File > Share posse as web page: one self-contained HTML file."""
        self._share("Share posse as web page", ".html", PAGE_FILES, "web page")

    def check_printed_cards(self) -> None:
        """File > Check cards (issue 34): each card's code against the campaign now."""
        from ui.dialogs.check_cards import open_check_cards  # imported when first used

        open_check_cards(self.host)

    def copy_picture(self) -> None:
        """File > Copy posse image: the same picture on the clipboard, to paste into a chat."""
        from PySide6.QtGui import QGuiApplication, QImage

        from rostermgr.errors import Refused
        from services import share

        name = self._posse_to_share()
        if name is None:
            return
        try:
            data = share.image_bytes(self.host.campaign, name)
        except Refused as exc:
            self.host.refuse(str(exc))
            return
        QGuiApplication.clipboard().setImage(QImage.fromData(data))
        self.host.say(f"Copied the picture of {name}: paste it where you share it")

    # -- printing -----------------------------------------------------------------------
    def print_dialog(self) -> None:
        from ui.dialogs.print_dialog import PrintDialog

        PrintDialog(self.host, parent=self.host.window()).exec()
