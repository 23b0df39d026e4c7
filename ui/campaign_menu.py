"""Campaign: posses made, changed, retired; games recorded; the member pane's buttons too.

Each slot opens its dialog and turns the answer into an undoable edit (`Host.act`). Services
and dialogs are imported inside the slots: the menu is built before the window's first paint.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence

from ui.action_kit import MenuPart

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenuBar

    from ui.host import Host


class CampaignMenu(MenuPart):
    """The Campaign menu: each item an attribute, each slot a method."""

    def __init__(self, host: Host, bar: QMenuBar) -> None:
        super().__init__(host, bar.addMenu("&Campaign"))
        add, key = self.add, QKeySequence
        self.new_posse = add("New &posse...", self.create, "action_new_posse", key("Ctrl+Shift+N"))
        self.record = add("&Record a game...", self.record_game, "action_record", key("Ctrl+G"))
        self.flip = add("Spend &flips...", self.spend_flips, "action_flip", key("Ctrl+F"))
        self.menu.addSeparator()
        self.hire = add("&Hire a replacement...", self.hire_one, "action_hire")
        self.rename = add("Re&name posse...", self.rename_posse, "action_rename", key("F2"))
        self.retire = add("Re&tire posse", self.retire_posse, "action_retire")
        self.bring_back = add(
            "Bring posse &back to play", self.bring_back_posse, "action_bring_back"
        )
        self.delete = add("&Delete posse...", self.delete_posse, "action_delete")
        self.games = add("&Games...", self.show_games, "action_games")
        self.reports = add("Players' report&s...", self.show_reports, "action_reports")
        self.rulesets = add("R&ules...", self.show_rulesets, "action_rulesets")
        self.check = add("&Check campaign file", self.check_file, "action_check")
        self.menu.setToolTipsVisible(True)  # a greyed item's tooltip says why (Hire)

    def _no_posse(self) -> None:
        """Refuse what needs a selected posse."""
        from services import posses

        has = bool(posses.names(self.host.campaign))
        self.host.refuse("Select a posse first." if has else "There are no posses yet.")

    def _selected(self) -> str | None:
        name = self.host.current_posse()
        if name is None:
            self._no_posse()
        return name

    # -- posses -------------------------------------------------------------------------
    def create(self) -> None:
        """Campaign > New posse: the creation wizard, then one edit."""
        from services import edits, posses
        from ui.wizards.creation import CreationWizard

        w = self.host
        wizard = CreationWizard(w.rules, taken=posses.names(w.campaign), parent=w.window())
        if wizard.exec():
            plan = wizard.plan()
            w.act(f"Create {plan.name}", partial(edits.create, w.campaign, plan), select=plan.name)

    def hire_one(self) -> None:
        from services import edits
        from ui.dialogs.hire import HireDialog

        w = self.host
        posse = w.shown_posse()
        if posse is None:
            return
        dialog = HireDialog(w.rules, posse, parent=w.window())
        if dialog.exec():
            role, name = dialog.choice()
            w.act(f"Hire {name}", partial(edits.hire, w.campaign, posse.name, role, name))

    def rename_posse(self) -> None:
        from services import edits
        from ui.ask import ask_text

        w = self.host
        old = w.current_posse()
        if old is None:
            return
        new, ok = ask_text(w.window(), "Rename posse", f"New name for {old}:", text=old)
        if ok and new.strip() and new.strip() != old:
            w.act(
                f"Rename {old} to {new.strip()}",
                partial(edits.rename, w.campaign, old, new.strip()),
                select=new.strip(),
            )

    def retire_posse(self) -> None:
        """Campaign > Retire posse: kept with its history; it plays no game until brought back."""
        from services import edits

        name = self._selected()
        if name is not None:
            w = self.host
            w.act(f"Retire {name}", partial(edits.retire, w.campaign, name), select=name)

    def bring_back_posse(self) -> None:
        """Campaign > Bring posse back to play."""
        from services import edits

        name = self._selected()
        if name is not None:
            w = self.host
            w.act(f"Bring back {name}", partial(edits.bring_back, w.campaign, name), select=name)

    def delete_posse(self) -> None:
        """Campaign > Delete posse: asked first (No is the default); undo brings it back."""
        from PySide6.QtWidgets import QMessageBox

        from services import edits

        name = self._selected()
        if name is None:
            return
        sure = QMessageBox.question(
            self.host.window(),
            "Delete posse",
            f"Delete {name}? It leaves the posse list; its games and history stay in the "
            "campaign, and Edit > Undo brings it back.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if sure == QMessageBox.StandardButton.Yes:
            # selected by name: gone, the list's first is shown; brought back by Undo, it is
            self.host.act(
                f"Delete {name}", partial(edits.delete, self.host.campaign, name), select=name
            )

    # -- members (the member pane's buttons and the roster's right-click menu) ----------
    def buy_item(self, member: str) -> None:
        from services import edits
        from ui.dialogs.shop import ShopDialog

        w = self.host
        posse = w.shown_posse()
        if posse is None:
            return
        dialog = ShopDialog(w.rules, posse, member, parent=w.window())
        if dialog.exec() and dialog.item_id:
            name = w.rules.items[dialog.item_id].name.lower()
            w.act(
                f"Buy {name} for {member}",
                partial(edits.buy, w.campaign, posse.name, member, dialog.item_id),
            )

    def sell_item(self, member: str, item: str) -> None:
        from services import edits

        w = self.host
        posse = w.shown_posse()
        if posse is None:
            return
        name = w.rules.items[item].name.lower() if item in w.rules.items else item
        w.act(f"Sell {name} of {member}", partial(edits.sell, w.campaign, posse.name, member, item))

    def rename_member(self, member: str) -> None:
        from services import edits
        from ui.ask import ask_text

        w = self.host
        posse = w.current_posse()
        if posse is None:
            return
        new, ok = ask_text(w.window(), "Rename member", f"New name for {member}:", text=member)
        if ok and new.strip() and new.strip() != member:
            w.act(
                f"Rename {member} to {new.strip()}",
                partial(edits.rename_member, w.campaign, posse, member, new.strip()),
            )

    def spend_flips(self) -> None:
        """Campaign > Spend flips: the selected posse's, else the first posse that has one."""
        self.spend_flip(None)

    def spend_flip(self, member: str | None) -> None:
        """The flip dialog on `member` (or the first member with a flip to spend)."""
        from services import flips
        from ui.dialogs.flip import FlipDialog

        w = self.host
        posse = w.shown_posse()
        if posse is None:
            self._no_posse()
            return
        waiting = flips.posses_with_flips(w.campaign)
        if not waiting:
            w.refuse("No member of any posse has a flip to spend: flips are earned in games (R14).")
            return
        # the selected posse if it has a flip to spend, else the first that has
        name = posse.name if posse.name in waiting else waiting[0]
        FlipDialog(w, name, member if name == posse.name else None).exec()

    # -- the campaign -------------------------------------------------------------------
    def record_game(self) -> None:
        from rostermgr.report import too_few_to_play
        from services import posses
        from ui.wizards.postgame import PostGameWizard

        # the wizard could go no further than its first page (R12): say why before it opens
        refusal = too_few_to_play(posses.playing(self.host.campaign))
        if refusal is not None:
            self.host.refuse(refusal)
            return
        PostGameWizard(self.host, parent=self.host.window()).exec()

    def show_games(self) -> None:
        from ui.dialogs.games import GamesDialog

        GamesDialog(self.host, parent=self.host.window()).exec()

    def show_reports(self) -> None:
        """Campaign > Players' reports: a club's submitted reports (issue 29)."""
        from ui.dialogs.reports import ReportsDialog

        if self.host.campaign.server is None:
            self.host.refuse(
                "Players submit reports only in a club campaign on a PostgreSQL server; here "
                "Campaign > Record a game records the game."
            )
            return
        ReportsDialog(self.host, parent=self.host.window()).exec()

    def show_rulesets(self) -> None:
        """Campaign > Rules: the current ruleset, its history, adopting a file (issue 18)."""
        from ui.dialogs.rulesets import RulesetsDialog

        RulesetsDialog(self.host, parent=self.host.window()).exec()

    def check_file(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from services import safety

        w = self.host
        problems = safety.check(w.campaign)
        if problems:
            QMessageBox.warning(w.window(), "Campaign check", "\n".join(problems))
        else:
            QMessageBox.information(
                w.window(), "Campaign check", f"No problems found in {w.campaign.where}."
            )
