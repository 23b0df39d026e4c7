"""The selected posse: name, faction and purse always in view; roster, ledger, history tabs."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.roster import Posse
from rostermgr.standing import RETIRED, trading_refusal
from services import posses
from services.campaign import Campaign
from ui.member_pane import MemberPane
from ui.models import RosterModel
from ui.style import purse_style
from ui.table_models import history_model, ledger_model
from ui.table_view import FilteredTable, tab_leaves

ROSTER_ROWS_KEPT = 5  # rows the roster always has room for: a posse's five
ROSTER_ROWS_GROWN = 8  # rows it grows to when the member pane can spare the height


def _table(model: object) -> QTableView:
    view = QTableView()
    tab_leaves(view)
    view.setModel(model)  # type: ignore[arg-type]
    view.verticalHeader().hide()
    view.horizontalHeader().setStretchLastSection(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    return view


class PosseView(QWidget):
    def __init__(self, campaign: Campaign) -> None:
        super().__init__()
        self.campaign, self.rules = campaign, campaign.rules
        rules = self.rules
        self.posse: Posse | None = None
        self.name = QLabel()
        self.name.setObjectName("posseName")
        self.name.setStyleSheet("font-size: 18pt; font-weight: bold;")
        # A long name wraps, and is clipped rather than widen the window past the screen.
        self.name.setWordWrap(True)
        self.name.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.faction = QLabel()
        self.purse = QLabel()
        self.purse.setObjectName("purse")
        self.purse.setStyleSheet(purse_style(16))
        self.purse.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        head = QHBoxLayout()
        names = QVBoxLayout()
        names.addWidget(self.name)
        names.addWidget(self.faction)
        head.addLayout(names, 1)
        head.addWidget(self.purse)
        self.roster_model = RosterModel(rules)
        self.roster = _table(self.roster_model)
        self.member_pane = MemberPane(rules)
        # Roster above the member: five rows need little height, and every stat column then
        # has the tab's full width (side by side, a window under ~1300 px cut columns off).
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.roster)
        split.addWidget(self.member_pane)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        self.split = split
        self.ledger_model = ledger_model()
        self.history_model = history_model()
        self.tabs = QTabWidget()
        self.tabs.addTab(split, "&Roster")
        self.ledger_table = FilteredTable(self.ledger_model, "Filter the ledger...")
        self.history_table = FilteredTable(self.history_model, "Filter the history...")
        self.tabs.addTab(self.ledger_table, "&Ledger")
        self.tabs.addTab(self.history_table, "Histor&y")
        # Alt+R, Alt+L, Alt+Y go into the tab's table, not only to the tab: the roster is what
        # the Menu key acts on, and Tab from the posse list would pass the New posse button
        self.tabs.tabBar().installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.tabs)
        self.roster.selectionModel().currentRowChanged.connect(lambda *_: self._show_member())
        self._show_authors()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A tab's mnemonic (a Shortcut event on the tab bar) puts the focus in its table."""
        if event.type() == QEvent.Type.Shortcut:
            QTimer.singleShot(0, self._focus_page)
        return super().eventFilter(watched, event)

    def _focus_page(self) -> None:
        page = self.tabs.currentWidget()
        if page is self.split:
            self.roster.setFocus(Qt.FocusReason.ShortcutFocusReason)
        elif isinstance(page, FilteredTable):
            page.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def use(self, campaign: Campaign) -> None:
        """Show posses of another open campaign from now on, under its ruleset."""
        self.campaign = campaign
        self.follow_rules()
        self._show_authors()

    def _show_authors(self) -> None:
        """Who made each ledger entry and history line: a column on a server campaign, where
        the server stamps it (issue 29); a file has no roles to show."""
        on_server = self.campaign.server is not None
        for table in (self.ledger_table, self.history_table):
            table.view.setColumnHidden(table.model.columnCount() - 1, not on_server)

    def follow_rules(self) -> None:
        """Read stats, names and tables with the campaign's ruleset now (after an adoption)."""
        rules = self.campaign.rules
        if rules is self.rules:
            return
        self.rules = rules
        self.roster_model._rules = rules
        self.member_pane.rules = rules

    def show_posse(self, name: str | None) -> None:
        """Reload the posse from the campaign file, keeping the selected member."""
        keep = self.selected_member()
        self.posse = posses.load(self.campaign, name) if name else None
        posse = self.posse
        self.roster_model.set_posse(posse)
        if posse is None:
            for label in (self.name, self.faction, self.purse):
                label.setText("")
            self.ledger_model.set_rows([])
            self.history_model.set_rows([])
            self.member_pane.show_member(None, [])
            return
        faction = self.rules.faction(posse.faction)
        alive = len(posse.active)
        self.name.setText(posse.name)
        self.name.setToolTip(posse.name)
        retired = posse.standing == RETIRED
        self.faction.setText(
            f"{faction.name}  {SUIT_SYMBOLS[faction.suit]} {faction.suit}  \u2022  "
            f"{alive} of {len(posse.members)} alive"
            + ("  \u2022  Retired: it plays no game until brought back" if retired else "")
        )
        self.name.setText(f"{posse.name} (retired)" if retired else posse.name)
        self.purse.setText(f"Purse: ${posse.purse}")
        self.ledger_model.set_rows(posses.ledger(self.campaign, posse.name))
        self.history_model.set_rows(posses.history(self.campaign, posse.name))
        self.roster.resizeColumnsToContents()
        self._fit_roster_height(len(posse.members))
        names = [m.name for m in posse.members]
        row = names.index(keep) if keep in names else 0
        self.roster.selectRow(row)
        self._show_member()

    def _fit_roster_height(self, rows: int) -> None:
        """Room for a posse's five rows always; up to eight while the member pane can spare it."""
        self.roster.setMinimumHeight(self._rows_height(min(rows, ROSTER_ROWS_KEPT)))
        wanted = self._rows_height(min(rows, ROSTER_ROWS_GROWN))
        roster, pane = self.split.sizes()
        spare = pane - self.member_pane.minimumSizeHint().height()
        grow = min(wanted - roster, spare)
        if roster and grow > 0:  # laid out, short of rows, and the pane can give
            self.split.setSizes([roster + grow, pane - grow])

    def _rows_height(self, rows: int) -> int:
        height = self.roster.horizontalHeader().sizeHint().height()
        height += sum(self.roster.rowHeight(r) for r in range(rows))
        return height + 2 * self.roster.frameWidth()

    def selected_member(self) -> str | None:
        if self.posse is None:
            return None
        row = self.roster.currentIndex().row()
        return self.posse.members[row].name if 0 <= row < len(self.posse.members) else None

    def _show_member(self) -> None:
        name = self.selected_member()
        if self.posse is None or name is None:
            self.member_pane.show_member(None, [])
            return
        member = self.posse.member(name)
        lines = [f"{h.date}  {h.text}" for h in self.history_model.rows if h.member == name]
        frozen = trading_refusal(self.posse.name, self.posse.standing)
        self.member_pane.show_member(member, lines, frozen)
