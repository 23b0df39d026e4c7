"""Column sizing shared by the read-only tables: one text column takes the spare width."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ui.table_models import SORT_ROLE, RowsModel

# A column other than the stretching one is as wide as its contents up to this; the user may
# widen it. A long note in one column then never pushes the others out of sight.
MAX_COLUMN_PX = 260


def fit_columns(
    view: QTableView, stretch: int, defer_while_hidden: bool = False
) -> Callable[[], None]:
    """Columns sized to their contents (capped), and `stretch` filling the rest, after every
    reset of the model.

    The last column stretching instead (Qt's default choice) gave the spare width to a purse
    or a yes/no while the reason beside it was cut short. With `defer_while_hidden` a reset
    while the view is hidden (a tab not in front) is sized only when the returned function is
    called (from the show event): sizing reads every row, and the app's start-up need not.
    """
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    model = view.model()
    stale = [False]

    def refit_now() -> None:
        stale[0] = False
        for column in range(model.columnCount()):
            if column == stretch:
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
                continue
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            view.resizeColumnToContents(column)
            if header.sectionSize(column) > MAX_COLUMN_PX:
                header.resizeSection(column, MAX_COLUMN_PX)

    def refit() -> None:
        if defer_while_hidden and not view.isVisible():
            stale[0] = True
        else:
            refit_now()

    def refit_if_stale() -> None:
        if stale[0]:
            refit_now()

    model.modelReset.connect(refit)
    refit()
    return refit_if_stale


class _CtrlTabMoves(QObject):
    """Ctrl+Tab and Ctrl+Shift+Tab move the current cell of a view whose Tab leaves it."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if not ctrl or event.key() not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            return super().eventFilter(watched, event)
        back = event.key() == Qt.Key.Key_Backtab or bool(
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        self._move(-1 if back else 1)
        return True

    def _move(self, step: int) -> None:
        model, current = self._view.model(), self._view.currentIndex()
        rows, columns = model.rowCount(), max(model.columnCount(), 1)
        if rows == 0:
            return
        # cells in reading order, wrapping at either end, as Tab moved before
        cell = (current.row() * columns + current.column()) if current.isValid() else -step
        cell = (cell + step) % (rows * columns)
        self._view.setCurrentIndex(model.index(cell // columns, cell % columns))


def tab_leaves(view: QAbstractItemView) -> None:
    """Tab and Shift+Tab move the focus out of `view` to the next control, as in every other
    widget; Ctrl+Tab and Ctrl+Shift+Tab move within it (Qt's convention for widgets that take
    Tab themselves). A table that kept Tab trapped keyboard users in it (issue 30)."""
    view.setTabKeyNavigation(False)
    view.installEventFilter(_CtrlTabMoves(view))


class FilteredTable(QWidget):
    """A read-only table the user sorts by a header click and filters by typing."""

    def __init__(self, model: RowsModel, placeholder: str = "Filter...") -> None:
        super().__init__()
        self.model = model
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)  # any column
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(placeholder)
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.verticalHeader().hide()
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # as recorded until clicked
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        tab_leaves(self.view)
        self._refit_if_stale = fit_columns(self.view, model.stretch, defer_while_hidden=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter)
        layout.addWidget(self.view)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._refit_if_stale()  # rows set while its tab was behind another
