"""A list whose long entries are elided to its width instead of scrolled sideways."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import QListView, QStyledItemDelegate, QStyleOptionViewItem


class _WithinWidth(QStyledItemDelegate):
    """Items no wider than the list's viewport: the style then elides their text."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(min(hint.width(), self._view.viewport().width()), hint.height())


def elide_in_width(view: QListView) -> None:
    """Entries wider than `view` are elided in the middle (a name's start and a note at its
    end stay in view), with no sideways scroll bar; the model gives the whole text as a
    tooltip. Laid out again whenever the list is resized."""
    view.setItemDelegate(_WithinWidth(view))
    view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setResizeMode(QListView.ResizeMode.Adjust)
