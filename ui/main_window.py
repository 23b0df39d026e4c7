"""The main window: posses on the left, the selected posse on the right, menus for everything.

The window is built in two steps so that it can be painted before its campaign is open: the
frame (menus, tool bar, posse list, an "Opening ..." page) needs only Qt, and `attach` adds
what needs the campaign (the roster widgets, the models, peewee behind them). So this module
imports only Qt at the top, and the frame avoids the `Qt` namespace, whose enums alone take
about 13 ms to create.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QChildEvent, QEvent, QSettings, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QLabel,
    QListView,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.window_files import close_keeping_view, dropped
from ui.window_pages import EmptyCampaignPage, opening_page

if TYPE_CHECKING:  # the event classes too: importing them costs before the first paint
    from PySide6.QtGui import (
        QCloseEvent,
        QDragEnterEvent,
        QDropEvent,
        QPaintEvent,
        QStandardItemModel,
    )

    from rostermgr.roster import Posse
    from rostermgr.rules import Ruleset
    from services.campaign import Campaign
    from services.changes import Changed, Changes
    from ui.context_menus import ContextMenus
    from ui.live import LiveFollower
    from ui.menus import Menus
    from ui.models import PosseListModel
    from ui.posse_view import PosseView
    from ui.preview import PreviewPage
    from ui.view_snapshot import CampaignView

MAX_RECENT = 8
# Opening waits for the first paint; a window that is never painted (started minimised)
# opens after this long anyway.
OPEN_UNPAINTED_MS = 300


class MainWindow(QMainWindow):
    opened = Signal()  # a campaign is open and shown (after attach, and after each switch)
    # Set by attach; until then is_open is False and the menus do nothing but quit.
    campaign: Campaign
    rules: Ruleset
    context_menus: ContextMenus

    def __init__(
        self, campaign: Campaign | None = None, path: Path | None = None, server: str = ""
    ) -> None:
        """The window over `campaign`; or, with `path` (or a `server` campaign's URL) alone,
        its frame until `attach`."""
        super().__init__()
        self.is_open = False
        # The campaign as its snapshot has it is in the window (see show_preview) until attach.
        self.previewing = False
        self._preview: PreviewPage | None = None
        self._preview_list: QStandardItemModel | None = None
        self.ruleset_path: str | None = None  # --ruleset, which the snapshot's key names
        self._after_paint: Callable[[], None] | None = None
        self.live: LiveFollower | None = None  # a server campaign's changes by others
        self.undo_stack = QUndoStack(self)
        self.undo_stack.indexChanged.connect(self._undo_in_step)
        self.settings = QSettings("rostermgr", "rostermgr")
        from ui.focus import FocusReturner

        self._focus = FocusReturner(self)
        self.posse_list = QListView()
        self.posse_list.setMinimumWidth(200)
        from ui.list_view import elide_in_width

        elide_in_width(self.posse_list)  # a long name elided, whole in its tooltip
        # Every line is one line of the same font: Qt sizes them by the first, instead of
        # asking the delegate for each of a hundred posses at every layout (about 10 ms of
        # the wait for the open campaign, issue 33).
        self.posse_list.setUniformItemSizes(True)
        self.new_posse_button = QPushButton("New posse...")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        posses_label = QLabel("&Posses")  # Alt+P: the list, from anywhere in the window
        posses_label.setBuddy(self.posse_list)
        left_layout.addWidget(posses_label)
        left_layout.addWidget(self.posse_list)
        left_layout.addWidget(self.new_posse_button)
        self.stack = QStackedWidget()
        where = Path(campaign.path if campaign is not None else path or "")
        name = campaign.name if campaign is not None else server or where.name
        self.opening = opening_page(name)
        self.stack.addWidget(self.opening)
        splitter = QSplitter()  # horizontal by default
        splitter.addWidget(left)
        splitter.addWidget(self.stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([240, 1000])
        self.setCentralWidget(splitter)
        from ui.menus import Menus

        self.menus: Menus = Menus(self, self)
        # through the action: it does nothing until the campaign is open
        self.new_posse_button.clicked.connect(self.menus.campaign.new_posse.trigger)
        self.setWindowTitle(f"{name} - rostermgr")
        self.statusBar().showMessage(f"Opening {server or where}...")
        geometry = self.settings.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            from ui.screen import fitted_size

            self.resize(*fitted_size(1280, 760))
        if campaign is not None:
            self.attach(campaign)

    def childEvent(self, event: QChildEvent) -> None:
        """A dialog of this window gives the focus back to its opener when it closes."""
        super().childEvent(event)
        if event.type() == QEvent.Type.ChildPolished and hasattr(self, "_focus"):
            self._focus.watch(event.child())

    def show_preview(self, view: CampaignView) -> None:
        """Paint the campaign as it was at its last close (its snapshot) until `attach`.

        Called before the first paint, with a snapshot whose key matched the files. The posse
        list and the preview page take no input; the menus do nothing but quit (is_open is
        False); `attach` or `drop_preview` replaces it all.
        """
        from ui.preview import PreviewPage, inert, posse_list_model

        self._preview = PreviewPage(view)
        self.stack.addWidget(self._preview)
        self.stack.setCurrentWidget(self._preview)
        self._preview_list = posse_list_model(view)  # kept: the view does not own its model
        self.posse_list.setModel(self._preview_list)
        self.posse_list.setCurrentIndex(self._preview_list.index(view.current, 0))
        inert(self.posse_list)
        self.previewing = True

    def drop_preview(self) -> None:
        """Back to the "Opening ..." page: the campaign is shown for real, or not at all."""
        if self._preview is None:
            return
        from PySide6.QtGui import QPalette

        if self.stack.currentWidget() is self._preview:
            self.stack.setCurrentWidget(self.opening)
        self.stack.removeWidget(self._preview)
        self._preview.deleteLater()
        self._preview = None
        self.previewing = False
        if not self.is_open:
            self.posse_list.setModel(None)
        self._preview_list = None
        self.posse_list.setPalette(QPalette())  # the inherited palette again
        self.posse_list.setEnabled(True)

    def attach(self, campaign: Campaign) -> None:
        """Show the open `campaign`: the roster widgets are built here, once."""
        from services.startup import mark
        from ui.models import PosseListModel
        from ui.posse_view import PosseView

        mark("view modules")
        self.campaign, self.rules = campaign, campaign.rules
        self.is_open = True
        self.posse_model: PosseListModel = PosseListModel(self.rules)
        self.posse_list.setModel(self.posse_model)
        self.drop_preview()
        self.posse_list.selectionModel().currentChanged.connect(lambda *_: self.show_selected())
        self.view: PosseView = PosseView(campaign)
        pane, posse_menu = self.view.member_pane, self.menus.campaign
        pane.buy_requested.connect(posse_menu.buy_item)
        pane.sell_requested.connect(posse_menu.sell_item)
        pane.flip_requested.connect(posse_menu.spend_flip)
        pane.rename_requested.connect(posse_menu.rename_member)
        self.empty = EmptyCampaignPage()
        self.first_posse = self.empty.first_posse
        self.first_posse.clicked.connect(self.menus.campaign.new_posse.trigger)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.view)
        from ui.context_menus import ContextMenus

        self.context_menus = ContextMenus(
            self, self.menus, self.posse_list, self.posse_model, self.view
        )
        self._title()
        mark("widgets")
        self.refresh(select=self._remembered_posse())
        if self.posse_model.rowCount():
            # the same place at every start: a window activated while the snapshot was painted
            # (its list inert) gave the focus to the New posse button
            self.posse_list.setFocus()
        mark("queries")
        self.view.tabs.setCurrentIndex(int(str(self.settings.value("window/tab", 0) or 0)))
        self.view.tabs.currentChanged.connect(lambda i: self.settings.setValue("window/tab", i))
        self.setAcceptDrops(True)
        self._follow()
        self.opened.emit()

    def _follow(self) -> None:
        """Follow a server campaign's changes made by others (ui.live); nothing for a file."""
        if self.live is not None:
            self.live.stop()
            self.live = None
        if self.campaign.server is None:
            return  # without importing the watch, its worker and the club's rules (issue 33)
        from ui.live import follow

        self.live = follow(self)

    def after_first_paint(self, step: Callable[[], None]) -> None:
        """Run `step` once, on the event loop's next turn after this window is next painted
        (first painted, at the start)."""
        self._after_paint = step
        QTimer.singleShot(OPEN_UNPAINTED_MS, self._run_after_paint)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._after_paint is not None:
            QTimer.singleShot(0, self._run_after_paint)

    def _run_after_paint(self) -> None:
        step, self._after_paint = self._after_paint, None
        if step is not None:
            step()

    # -- state --------------------------------------------------------------------------
    def _title(self) -> None:
        read_only = " (read-only)" if self.campaign.read_only else ""
        self.setWindowTitle(f"{self.campaign.name}{read_only} - rostermgr")

    def current_posse(self) -> str | None:
        """The name of the posse selected in the list, if any."""
        return self.posse_model.name_at(self.posse_list.currentIndex().row())

    def shown_posse(self) -> Posse | None:
        """The posse shown on the right, as loaded for the roster."""
        return self.view.posse

    def say(self, sentence: str, ms: int = 5000) -> None:
        """Say in the status bar what was done."""
        self.statusBar().showMessage(sentence, ms)

    def refresh(self, select: str | None = None) -> None:
        """Reload everything from the campaign file; keep or change the selected posse."""
        from services.changes import EVERYTHING

        self.apply(EVERYTHING, select)
        rows = self.posse_model.rowCount()
        self.statusBar().showMessage(
            f"{rows} posse{'' if rows == 1 else 's'} in {self.campaign.where}"
        )

    def apply(self, changes: Changes, select: str | None = None) -> None:
        """Show what an edit changed, and only that: the ruleset, the posse list (its lines
        updated in place while the same posses are listed), the page of the posse shown when it
        changed or another is selected (`select`, else the one selected stays)."""
        keep = select or self.current_posse()
        if changes.rules and self.rules is not self.campaign.rules:  # adopted, or undone
            self.rules = self.campaign.rules
            self.posse_model.set_rules(self.rules)
            self.view.follow_rules()
        if changes.listing:
            self._reload_list()
        if not self.posse_model.rowCount():
            self.stack.setCurrentWidget(self.empty)
            self.view.show_posse(None)
            # the one thing to do, focused and ringed: not the empty list, which shows no focus
            self.first_posse.setFocus()
            return
        if self.stack.currentWidget() is self.empty:
            # its button goes with the empty page: the posse list, not where Qt passes it on
            self.stack.setCurrentWidget(self.view)
            self.posse_list.setFocus()
        self.stack.setCurrentWidget(self.view)
        row = self.posse_model.row_of(keep) if keep else -1
        index = self.posse_model.index(max(row, 0))
        moved = index != self.posse_list.currentIndex()
        self.posse_list.setCurrentIndex(index)
        # moved: currentChanged has just shown it (once, not twice); else only if it changed
        if not moved and changes.touches(self.current_posse()):
            self.show_selected()

    def _reload_list(self) -> None:
        """The posse list from the file, and what a campaign without posses cannot do."""
        from services import posses

        rows = posses.summaries(self.campaign)
        self.posse_model.set_rows(rows)
        # nothing to record, spend or print in a campaign with no posse yet
        campaign_menu = self.menus.campaign
        for action in (campaign_menu.record, campaign_menu.flip, self.menus.file.print):
            action.setEnabled(bool(rows))
        if not rows:
            campaign_menu.hire.setEnabled(False)

    def refresh_list(self) -> None:
        """Reload the posse list only (another changed a posse that is not shown)."""
        from services import posses

        self.posse_model.set_rows(posses.summaries(self.campaign))

    def follow_read_only(self) -> None:
        """Say in the title whether the campaign can be changed now (a server's connection
        lost and back)."""
        self._title()

    def show_selected(self) -> None:
        from rostermgr.hiring import nobody_to_hire

        name = self.current_posse()
        self.view.show_posse(name)
        posse = self.view.posse
        # a hire only where one may be made (a place free, the purse, not retired), else why not
        why = "" if posse is None else nobody_to_hire(posse, self.rules)
        self.menus.campaign.hire.setEnabled(posse is not None and not why)
        self.menus.campaign.hire.setToolTip(why)
        if name is not None:
            self.settings.setValue(self._posse_key(), name)

    def _posse_key(self) -> str:
        """The setting that remembers the selected posse, one per campaign file."""
        return f"window/posse/{self.campaign.path.resolve()}".replace("\\", "/")

    def _remembered_posse(self) -> str | None:
        value = self.settings.value(self._posse_key())
        return str(value) if value else None

    # -- drag and drop: a campaign file opens, a posse file is imported -----------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.is_open and dropped(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = dropped(event.mimeData())
        if path is None:
            return
        event.acceptProposedAction()
        if path.suffix.lower() == ".json":
            self.menus.file.import_file(path)
        else:
            self.menus.file.open_path(path)

    def act(
        self,
        text: str,
        edit: Callable[[], Changed[Any]],
        select: str | None = None,
        describe: Callable[[Any], str] | None = None,
    ) -> Any:
        """Run one undoable use case (services.edits) and show what it changed; a refusal
        becomes a sentence in the window, and None. The undo step is named `text`, or
        `describe(result)` (see ui.commands.do_edit). Returns the use case's result."""
        from rostermgr.errors import Refused
        from ui.commands import do_edit

        try:
            done = do_edit(
                self.undo_stack,
                self.campaign,
                text,
                edit,
                lambda changes: self.apply(changes, select),
                describe,
                self.say,
            )
        except Refused as exc:
            self.refuse(str(exc))
            return None
        # shown already: pushing the step for undo ran its redo, which applies its changes (an
        # edit that wrote nothing is not pushed, and has nothing to show)
        from ui.commands import done_sentence

        said = done_sentence(text) if describe is None else f"{describe(done.value)}."
        self.statusBar().showMessage(said, 5000)
        return done.value

    def _undo_in_step(self, _index: int) -> None:
        """A refused undo or redo leaves the file as it was: the stack follows, and says why."""
        from ui.commands import keep_in_step

        refusal = keep_in_step(self.undo_stack)
        if refusal is not None:
            self.refuse(refusal)

    def refuse(self, sentence: str) -> None:
        """Show why something cannot be done, in one sentence."""
        QMessageBox.warning(self, "rostermgr", sentence)

    # -- recent files and closing -------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [str(v) for v in (value if isinstance(value, list) else [value]) if v]

    def remember(self, path: Path | str) -> None:
        """Put a campaign first in File > Open recent: its file, or its server's URL (never a
        password: `Campaign.where` has none)."""
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.settings.setValue("recent", recent[:MAX_RECENT])

    def switch_to(self, campaign: Campaign) -> None:
        """Replace the open campaign (the old one's lock is released)."""
        old = self.campaign
        self.campaign, self.rules = campaign, campaign.rules
        self.view.use(campaign)
        self.undo_stack.clear()
        old.close()
        self.remember(campaign.where)
        self._title()
        self.refresh(select=self._remembered_posse())
        self._follow()
        self.opened.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        # A window closed before its start's last step ran must not run it later, in another
        # window's start: it turned the garbage collector on in the middle of that (issue 33).
        self._after_paint = None
        self.settings.setValue("geometry", self.saveGeometry())
        if self.live is not None:
            self.live.stop()
            self.live = None
        if self.is_open:
            close_keeping_view(self)
        super().closeEvent(event)
