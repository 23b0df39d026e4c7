"""Column sizing shared by the read-only tables: one text column takes the spare width."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTableView

# A column other than the stretching one is as wide as its contents up to this; the user may
# widen it. A long note in one column then never pushes the others out of sight.
MAX_COLUMN_PX = 260


def fit_columns(view: QTableView, stretch: int) -> None:
    """Columns sized to their contents (capped), and `stretch` filling the rest, after every
    reset of the model.

    The last column stretching instead (Qt's default choice) gave the spare width to a purse
    or a yes/no while the reason beside it was cut short.
    """
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    model = view.model()

    def refit() -> None:
        for column in range(model.columnCount()):
            if column == stretch:
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
                continue
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            view.resizeColumnToContents(column)
            if header.sectionSize(column) > MAX_COLUMN_PX:
                header.resizeSection(column, MAX_COLUMN_PX)

    model.modelReset.connect(refit)
    refit()
