"""The campaign view painted from its snapshot (ui.view_snapshot) while the campaign opens.

`PreviewPage` lays the snapshot out as the posse view lays out a posse (heading, tabs, roster,
member) with plain Qt widgets and the texts as they were painted: it needs no campaign, no
ruleset and no peewee, so it is built before the first paint. It takes no input (disabled,
with the palette of enabled widgets, so it reads as the same view): the window replaces it
with the real posse view as soon as the campaign is open. `capture` reads a window's view back
into a snapshot on close.

Like the main window's frame, this module avoids the `Qt` namespace (13 ms of enums).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QColor, QFont, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ui.view_snapshot import CampaignView

if TYPE_CHECKING:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QListView

    from ui.models import PosseListModel
    from ui.posse_view import PosseView


class Shown(Protocol):
    """What `capture` reads of the main window."""

    is_open: bool
    posse_list: QListView
    posse_model: PosseListModel


# Qt.ItemDataRole's DisplayRole, FontRole and ForegroundRole as numbers: the enum, or QBrush
# (whose overloads take the namespace's enums), would create every enum of the Qt namespace.
_DISPLAY, _FONT, _FOREGROUND = 0, 6, 9
_ALIGNMENT, _CENTRED = 7, 0x0084  # TextAlignmentRole and AlignCenter, for the same reason


def inert(widget: QWidget, greyed: tuple[QWidget, ...] = ()) -> None:
    """No input reaches `widget` or its children, yet it is painted as if it were enabled.

    The children in `greyed` keep the disabled colours: they were disabled in the real view.
    """
    # palette() returns a copy; QPalette(other) would create the Qt namespace's enums
    painted, palette, grey = widget.palette(), widget.palette(), widget.palette()
    active, disabled = QPalette.ColorGroup.Active, QPalette.ColorGroup.Disabled
    for role in range(QPalette.ColorRole.NColorRoles.value):
        which = QPalette.ColorRole(role)
        palette.setColor(disabled, which, painted.color(active, which))
        grey.setColor(disabled, which, painted.color(disabled, which))  # set, so not inherited
    widget.setPalette(palette)
    for child in greyed:
        child.setPalette(grey)
    widget.setEnabled(False)


def posse_list_model(view: CampaignView) -> QStandardItemModel:
    """The posse list's rows as they were painted, retired posses dimmed."""
    from ui.style import dimmed

    model = QStandardItemModel()
    for text, dim in view.posses:
        item = QStandardItem(text)
        if dim:
            item.setData(dimmed(), _FOREGROUND)
        model.appendRow(item)
    return model


class PreviewPage(QWidget):
    """The selected posse as its snapshot has it; in the stack where the posse view will be."""

    def __init__(self, view: CampaignView) -> None:
        super().__init__()
        from ui.style import dimmed, purse_ink

        name, faction, purse = view.heading
        self.name = _bold(QLabel(name), 18)
        self.name.setWordWrap(True)
        self.purse = _bold(QLabel(purse), 16)
        palette, ink = self.purse.palette(), QColor(purse_ink())
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.WindowText, ink)
        # set in the disabled group too, so the page's inert palette leaves it in its colour
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, ink)
        self.purse.setPalette(palette)
        names = QVBoxLayout()
        names.addWidget(self.name)
        names.addWidget(QLabel(faction))
        head = QHBoxLayout()
        head.addLayout(names, 1)
        head.addWidget(self.purse)
        self.roster = QTableWidget(len(view.roster), len(view.columns))
        self.roster.setHorizontalHeaderLabels(list(view.columns))
        self.roster.verticalHeader().hide()
        self.roster.horizontalHeader().setStretchLastSection(True)
        self.roster.setAlternatingRowColors(True)
        grey = dimmed()
        struck = QFont()
        struck.setStrikeOut(True)
        for r, (row, dead) in enumerate(zip(view.roster, view.dead, strict=True)):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                if 2 <= c < len(row) - 1:  # the numbers and marks, centred as the roster has them
                    item.setData(_ALIGNMENT, _CENTRED)
                if dead:
                    item.setData(_FOREGROUND, grey)
                    if c == 0:
                        item.setData(_FONT, struck)
                self.roster.setItem(r, c, item)
        self.roster.resizeColumnsToContents()
        if 0 <= view.selected < len(view.roster):
            self.roster.selectRow(view.selected)
        roster_tab = QWidget()
        column = QVBoxLayout(roster_tab)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.roster)
        greyed: list[QWidget] = []
        column.addWidget(self._member(view, greyed), 1)
        self.tabs = QTabWidget()
        for i, title in enumerate(view.tabs):
            self.tabs.addTab(roster_tab if i == 0 else QWidget(), title)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.tabs)
        inert(self, tuple(greyed))

    @staticmethod
    def _member(view: CampaignView, greyed: list[QWidget]) -> QGroupBox:
        pane = QGroupBox("Member")
        title = _bold(QLabel(view.member[0] if view.member else ""), 13)
        form = QFormLayout()
        for label, text in zip(view.labels, view.member[1:], strict=False):
            form.addRow(label, QLabel(text))
        gear, history = QListWidget(), QListWidget()
        gear.addItems(list(view.gear))
        history.setWordWrap(True)
        history.addItems(list(view.history))
        buttons = QGridLayout()
        for i, (text, enabled) in enumerate(view.buttons):
            button = QPushButton(text)
            if not enabled:
                greyed.append(button)  # painted as it was; the whole page takes no input
            buttons.addWidget(button, i // 2, i % 2)
        left = QVBoxLayout()
        left.addWidget(QLabel("Gear"))
        left.addWidget(gear)
        left.addLayout(buttons)
        right = QVBoxLayout()
        right.addWidget(QLabel("History"))
        right.addWidget(history)
        lists = QHBoxLayout()
        lists.addLayout(left, 2)
        lists.addLayout(right, 3)
        layout = QVBoxLayout(pane)
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addLayout(lists, 1)
        return pane


def _bold(label: QLabel, points: int) -> QLabel:
    """The posse view's style sheet for a heading, as a font: no style sheet before the paint."""
    font = label.font()
    font.setPointSize(points)
    font.setBold(True)
    label.setFont(font)
    return label


def capture(window: Shown) -> CampaignView | None:
    """What `window` shows of its open campaign, as texts; None when it shows no posse."""
    view: PosseView | None = getattr(window, "view", None)  # none until the campaign is open
    if not window.is_open or view is None or view.posse is None:
        return None
    posses = window.posse_model
    rows = [posses.index(r) for r in range(posses.rowCount())]
    listed = tuple(
        (str(posses.data(i, _DISPLAY)), posses.standing_of(posses.name_at(i.row())) == "retired")
        for i in rows
    )
    roster = view.roster_model
    n_rows, n_cols = roster.rowCount(), roster.columnCount()
    columns = tuple(str(roster.headerData(c, _horizontal(), _DISPLAY)) for c in range(n_cols))
    cells = tuple(
        tuple(_text(roster.data(roster.index(r, c), _DISPLAY)) for c in range(n_cols))
        for r in range(n_rows)
    )
    pane = view.member_pane
    form = [pane.stats, pane.strikes, pane.flips, pane.upgrades]
    labels = tuple(_form_label(label) for label in form)
    pane_buttons = (pane.buy, pane.sell, pane.flip, pane.rename)
    return CampaignView(
        posses=listed,
        current=window.posse_list.currentIndex().row(),
        heading=(view.name.text(), view.faction.text(), view.purse.text()),
        tabs=tuple(view.tabs.tabText(i) for i in range(view.tabs.count())),
        columns=columns,
        roster=cells,
        dead=tuple(not m.alive for m in view.posse.members),
        selected=view.roster.currentIndex().row(),
        member=(pane.heading.text(), *(label.text() for label in form)),
        labels=labels,
        gear=tuple(pane.gear.item(i).text() for i in range(pane.gear.count())),
        history=tuple(pane.history.item(i).text() for i in range(pane.history.count())),
        buttons=tuple((b.text(), b.isEnabled()) for b in pane_buttons),
    )


def _horizontal() -> Qt.Orientation:
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _form_label(field: QLabel) -> str:
    """The label beside `field` in the member pane's form."""
    parent = field.parentWidget()
    forms = parent.findChildren(QFormLayout) if parent is not None else []
    form = next((f for f in forms if f.indexOf(field) >= 0), None)
    if form is None:
        return ""
    label = form.labelForField(field)
    return label.text() if isinstance(label, QLabel) else ""
