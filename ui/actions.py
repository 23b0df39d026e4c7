"""What the menu items do: each opens its dialog and turns the answer into an undoable edit."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QMessageBox

from rostermgr.errors import Refused
from rostermgr.jsonfile import read_json
from services import flips, games, posses, safety
from services.campaign import for_app
from ui.files import open_file, save_file

if TYPE_CHECKING:
    from rostermgr.rules import Ruleset
    from ui.main_window import MainWindow

FILES = "Campaign files (*.sqlite3 *.sqlite *.db);;All files (*)"
POSSE_FILES = "Posse files (*.json);;All files (*)"


def new_posse(w: MainWindow) -> None:
    from ui.wizards.creation import CreationWizard

    wizard = CreationWizard(w.rules, taken=posses.names(w.campaign), parent=w)
    if wizard.exec():
        plan = wizard.plan()
        w.act(f"Create {plan.name}", partial(posses.create, w.campaign, plan), select=plan.name)


def buy_item(w: MainWindow, member: str) -> None:
    from ui.dialogs.shop import ShopDialog

    posse = w.view.posse
    if posse is None:
        return
    dialog = ShopDialog(w.rules, posse, member, parent=w)
    if dialog.exec() and dialog.item_id:
        name = w.rules.items[dialog.item_id].name.lower()
        w.act(
            f"Buy {name} for {member}",
            partial(posses.buy, w.campaign, posse.name, member, dialog.item_id),
        )


def sell_item(w: MainWindow, member: str, item: str) -> None:
    posse = w.view.posse
    if posse is None:
        return
    name = w.rules.items[item].name.lower() if item in w.rules.items else item
    w.act(f"Sell {name} of {member}", partial(posses.sell, w.campaign, posse.name, member, item))


def spend_flip(w: MainWindow, member: str | None) -> None:
    from ui.dialogs.flip import FlipDialog

    posse = w.view.posse
    if posse is None:
        w.refuse(
            "Select a posse first." if w.posse_model.rowCount() else "There are no posses yet."
        )
        return
    waiting = flips.posses_with_flips(w.campaign)
    if not waiting:
        w.refuse("No member of any posse has a flip to spend: flips are earned in games (R14).")
        return
    # the selected posse if it has a flip to spend, else the first that has
    name = posse.name if posse.name in waiting else waiting[0]
    dialog = FlipDialog(w, name, member if name == posse.name else None)
    dialog.exec()


def hire(w: MainWindow) -> None:
    from ui.dialogs.hire import HireDialog

    posse = w.view.posse
    if posse is None:
        return
    dialog = HireDialog(w.rules, posse, parent=w)
    if dialog.exec():
        role, name = dialog.choice()
        w.act(f"Hire {name}", partial(posses.hire, w.campaign, posse.name, role, name))


def rename(w: MainWindow) -> None:
    old = w.current_posse()
    if old is None:
        return
    new, ok = QInputDialog.getText(w, "Rename posse", f"New name for {old}:", text=old)
    if ok and new.strip() and new.strip() != old:
        w.act(
            f"Rename {old} to {new.strip()}",
            partial(posses.rename, w.campaign, old, new.strip()),
            select=new.strip(),
        )


def rename_member(w: MainWindow, member: str) -> None:
    posse = w.current_posse()
    if posse is None:
        return
    new, ok = QInputDialog.getText(w, "Rename member", f"New name for {member}:", text=member)
    if ok and new.strip() and new.strip() != member:
        w.act(
            f"Rename {member} to {new.strip()}",
            partial(posses.rename_member, w.campaign, posse, member, new.strip()),
        )


def _selected(w: MainWindow) -> str | None:
    name = w.current_posse()
    if name is None:
        w.refuse(
            "Select a posse first." if w.posse_model.rowCount() else "There are no posses yet."
        )
    return name


def retire_posse(w: MainWindow) -> None:
    """Campaign > Retire posse: kept with its history; it plays no game until brought back."""
    name = _selected(w)
    if name is not None:
        w.act(f"Retire {name}", partial(posses.retire, w.campaign, name), select=name)


def bring_back_posse(w: MainWindow) -> None:
    """Campaign > Bring posse back to play."""
    name = _selected(w)
    if name is not None:
        w.act(f"Bring back {name}", partial(posses.bring_back, w.campaign, name), select=name)


def delete_posse(w: MainWindow) -> None:
    """Campaign > Delete posse: asked first (No is the default); undo brings it back."""
    name = _selected(w)
    if name is None:
        return
    sure = QMessageBox.question(
        w,
        "Delete posse",
        f"Delete {name}? It leaves the posse list; its games and history stay in the campaign, "
        "and Edit > Undo brings it back.",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    if sure == QMessageBox.StandardButton.Yes:
        w.act(f"Delete {name}", partial(posses.delete, w.campaign, name))


def record_game(w: MainWindow) -> None:
    from ui.wizards.postgame import PostGameWizard

    if not posses.names(w.campaign):
        w.refuse("Create a posse before recording a game.")
        return
    wizard = PostGameWizard(w, parent=w)
    wizard.exec()


def show_games(w: MainWindow) -> None:
    from ui.dialogs.games import GamesDialog

    GamesDialog(w, parent=w).exec()


def show_reports(w: MainWindow) -> None:
    """Campaign > Players' reports: a club's submitted reports (issue 29)."""
    from ui.dialogs.reports import ReportsDialog

    if w.campaign.server is None:
        w.refuse(
            "Players submit reports only in a club campaign on a PostgreSQL server; here "
            "Campaign > Record a game records the game."
        )
        return
    ReportsDialog(w, parent=w).exec()


def show_rulesets(w: MainWindow) -> None:
    """Campaign > Rules: the current ruleset, its history, adopting a file (issue 18)."""
    from ui.dialogs.rulesets import RulesetsDialog

    RulesetsDialog(w, parent=w).exec()


def adopt_ruleset(w: MainWindow, new: Ruleset) -> bool:
    """Adopt a previewed ruleset as one edit that Edit > Undo takes back; whether it was."""
    from services import rulesets

    plan = w.act(f"Adopt {new.name} {new.version}", lambda: rulesets.adopt(w.campaign, new))
    return plan is not None


def import_posse(w: MainWindow) -> None:
    path = open_file(w, "Import a posse", POSSE_FILES)
    if path is not None:
        import_file(w, path)


def import_file(w: MainWindow, path: Path) -> None:
    """Import a posse file; a name the campaign has already is asked for again, not refused."""
    try:
        doc = read_json(str(path), f"The posse file {path.name}")
        as_name = None
        taken = posses.taken_name(w.campaign, doc)
        while taken is not None:
            new, ok = QInputDialog.getText(
                w,
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
            w,
            "Import posse",
            "\n".join(notice) + "\n\nImport it under this campaign's ruleset?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if go_on != QMessageBox.StandardButton.Yes:
            return
    name = w.act("Import posse", partial(posses.import_posse, w.campaign, doc, as_name))
    if name is not None:
        w.refresh(select=name)


def export_posse(w: MainWindow) -> None:
    name = w.current_posse()
    if name is None:
        w.refuse("Select a posse to export.")
        return
    path = save_file(w, "Export posse", f"{name}.json", POSSE_FILES)
    if path is not None:
        try:
            posses.export_to(w.campaign, name, path)
        except Refused as exc:
            w.refuse(str(exc))
            return
        w.statusBar().showMessage(f"Exported {name} to {path}", 5000)


def new_campaign(w: MainWindow) -> None:
    # The dialog must not offer to replace a file: a new campaign never overwrites one.
    path = save_file(w, "New campaign", "campaign.sqlite3", FILES, replace=False)
    if path is not None:
        if path.exists():
            w.refuse(
                f"{path} already exists; choose a new file name for a new campaign, "
                "or open it with File > Open."
            )
            return
        open_path(w, path)


def open_campaign_file(w: MainWindow) -> None:
    path = open_file(w, "Open campaign", FILES)
    if path is not None:
        open_path(w, path)


def open_server_campaign(w: MainWindow) -> None:
    """File > Open server campaign: a campaign on a PostgreSQL server."""
    from services.paths import campaign_server
    from ui.dialogs.open_server import OpenServerDialog

    recent = next((r for r in w.recent_files() if campaign_server(r)), "")
    dialog = OpenServerDialog(recent, w)
    if dialog.exec() == OpenServerDialog.DialogCode.Accepted:
        open_server_address(w, dialog.given())


def open_server_address(w: MainWindow, given: str) -> None:
    """Open the server campaign `given`, asking for its password if the server wants one."""
    from rostermgr.rules_load import default_ruleset
    from services.campaign import PasswordNeeded, Unreachable, WrongPassword, for_app_server
    from services.paths import campaign_server
    from ui.dialogs.open_server import ask_password

    if campaign_server(given) is None:
        w.refuse(f"{given!r} is not a postgresql:// URL nor service=NAME.")
        return
    if w.campaign.server is not None and w.campaign.where == for_server_shown(given):
        return
    password: str | None = None
    for _ in range(3):
        try:
            campaign = for_app_server(given, default_ruleset(), password, chosen=False)
        except (PasswordNeeded, WrongPassword) as exc:
            password = ask_password(w, for_server_shown(given), isinstance(exc, WrongPassword))
            if password is None:
                return
            continue
        except Unreachable as exc:
            # Offline at the table (issue 29): the newest backup of it here, read-only.
            from ui.app_server import offline_copy

            try:
                copy = offline_copy(w, given, exc, None)
            except Refused as unreadable:
                w.refuse(str(unreadable))
                return
            if copy is None:
                w.refuse(str(exc))
                return
            campaign = copy
        except Refused as exc:
            w.refuse(str(exc))
            return
        w.switch_to(campaign)
        return
    w.refuse(f"The PostgreSQL server {for_server_shown(given)} refused the password three times.")


def for_server_shown(given: str) -> str:
    """A server campaign as the window names it: its URL without any password."""
    from services.paths import server_shown

    return server_shown(given)


def open_path(w: MainWindow, path: Path) -> None:
    if w.campaign.server is None and path.resolve() == w.campaign.path.resolve():
        return
    from rostermgr.rules_load import default_ruleset

    try:
        # Read with its own ruleset (a new one starts with the shipped one), never this
        # window's: the two campaigns may be played under different rulesets (issue 18).
        campaign = for_app(path, default_ruleset(), chosen=False)
    except Refused as exc:
        w.refuse(str(exc))
        return
    w.switch_to(campaign)


def fill_recent(w: MainWindow) -> None:
    w.recent_menu.clear()
    recent = w.recent_files()
    if not recent:
        w.recent_menu.addAction("No recent campaigns").setEnabled(False)
    from services.paths import campaign_server

    for path in recent:
        if campaign_server(path):
            w.recent_menu.addAction(path, partial(open_server_address, w, path))
        else:
            w.recent_menu.addAction(path, partial(open_path, w, Path(path)))
    w.recent_menu.addSeparator()
    clear = w.recent_menu.addAction("&Clear recent files", partial(clear_recent, w))
    clear.setEnabled(bool(recent))


def clear_recent(w: MainWindow) -> None:
    """Forget the recent campaigns (the files themselves are untouched)."""
    w.settings.setValue("recent", [])
    w.statusBar().showMessage("Recent campaigns cleared", 5000)


def save_copy(w: MainWindow) -> None:
    path = save_file(w, "Save a copy", f"{w.campaign.path.stem}-copy.sqlite3", FILES)
    if path is None:
        return
    try:
        safety.save_copy(w.campaign, path)
    except Refused as exc:
        w.refuse(str(exc))
        return
    w.statusBar().showMessage(f"Saved a copy to {path}", 5000)


def print_dialog(w: MainWindow) -> None:
    from ui.dialogs.print_dialog import PrintDialog

    PrintDialog(w, parent=w).exec()


def undo_history(w: MainWindow) -> None:
    from ui.dialogs.undo_history import UndoHistory

    UndoHistory(w.undo_stack, parent=w).exec()


def quick_reference(w: MainWindow) -> None:
    """Help > Quick reference: the print dialog on the reference sheet, its preview rendering
    at once."""
    from ui.dialogs.print_dialog import PrintDialog

    dialog = PrintDialog(w, parent=w, start="Reference")
    dialog.render()
    dialog.exec()


def table_aids(w: MainWindow) -> None:
    from ui.dialogs.table_aids import TableAids

    TableAids(w, parent=w).show()


def open_odds(w: MainWindow) -> None:
    from ui.dialogs.odds_window import open_odds as show

    show(w)


def open_stats(w: MainWindow) -> None:
    from ui.dialogs.stats_window import open_stats as show

    show(w)


def open_simulator(w: MainWindow) -> None:
    """Tools > Simulator: many campaigns under a ruleset, or two compared (issue 21)."""
    from ui.dialogs.simulator import open_simulator as show

    show(w)


def check(w: MainWindow) -> None:
    problems = safety.check(w.campaign)
    if problems:
        QMessageBox.warning(w, "Campaign check", "\n".join(problems))
    else:
        QMessageBox.information(w, "Campaign check", f"No problems found in {w.campaign.where}.")


def rules_reference(w: MainWindow) -> None:
    from ui.dialogs.rules_reference import RulesReference

    RulesReference(w.rules, parent=w).show()


# The fonts the printables embed, and their licence (printables/fonts/LICENSE-DejaVu.txt,
# shipped beside them and in the bundle's share/doc/rostermgr; tests/packaging checks this
# sentence against that file).
FONT_LICENCES = (
    "DejaVu Sans and DejaVu Serif: the Bitstream Vera Fonts licence "
    "(DejaVu's changes are in the public domain). Droid Sans Fallback (Chinese, Japanese and "
    "Korean names): the Apache License 2.0. The licence files ship with the fonts."
)


def app_version() -> str:
    """The installed rostermgr's version, as --version says it (setuptools-scm wrote it from git
    at install)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rostermgr")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


def about_text(w: MainWindow) -> str:
    """The About box's rich text: the version, the ruleset's, the campaign, the font licences."""
    from html import escape

    games_count = len(games.listing(w.campaign))
    return (
        f"<b>rostermgr</b> {escape(app_version())}: the campaign and roster manager for "
        f"Last Hope Frontier.<br>"
        f"Ruleset: {escape(w.rules.name)} {escape(str(w.rules.version))}.<br>"
        f"Campaign: {escape(w.campaign.where)} ({games_count} games).<br><br>"
        f"Fonts: {escape(FONT_LICENCES)}"
    )


def about(w: MainWindow) -> None:
    QMessageBox.about(w, "About rostermgr", about_text(w))
