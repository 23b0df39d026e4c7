"""The report pages of the post-game wizard: each edits one list of the DESIGN 5 report."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class EntryList(QWidget):
    """A titled list of report entries with an editor row to add one and a button to remove."""

    def __init__(
        self,
        title: str,
        editors: list[QWidget],
        make: Callable[[], dict[str, Any] | None],
        describe: Callable[[dict[str, Any]], str],
    ) -> None:
        super().__init__()
        self.entries: list[dict[str, Any]] = []
        self._make, self._describe = make, describe
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        self.add = QPushButton("&Add")
        self.remove = QPushButton("Remove")
        row = QHBoxLayout()
        for editor in editors:
            row.addWidget(editor)
        row.addWidget(self.add)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(QLabel(f"<b>{title}</b>"))
        head.addStretch()
        head.addWidget(self.remove)
        layout.addLayout(head)
        layout.addLayout(row)
        layout.addWidget(self.list)
        self.add.clicked.connect(self.add_from_editors)
        self.remove.clicked.connect(self.remove_selected)

    def add_from_editors(self) -> None:
        entry = self._make()
        if entry is not None:
            self.add_entry(entry)

    def add_entry(self, entry: dict[str, Any]) -> None:
        self.entries.append(entry)
        self.list.addItem(self._describe(entry))

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.entries):
            del self.entries[row]
            self.list.takeItem(row)

    def clear(self) -> None:
        self.entries.clear()
        self.list.clear()


def model_combo(optional: str | None = None) -> QComboBox:
    combo = QComboBox()
    combo.setMinimumWidth(200)
    if optional:
        combo.addItem(optional, None)
    return combo


def fill_models(
    combo: QComboBox, models: list[tuple[str, str]], optional: str | None = None
) -> None:
    """Models as 'member (posse)', data {'posse', 'member'}."""
    combo.clear()
    if optional:
        combo.addItem(optional, None)
    for posse, member in models:
        combo.addItem(f"{member} ({posse})", {"posse": posse, "member": member})


def fill_posses(combo: QComboBox, names: list[str]) -> None:
    combo.clear()
    for name in names:
        combo.addItem(name, name)


def amount_box() -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, 100_000)
    box.setPrefix("$")
    return box


def reason_box(text: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setPlaceholderText(text)
    return edit


def ref_text(ref: dict[str, str] | None) -> str:
    return f"{ref['member']} ({ref['posse']})" if ref else "no one"


def claimed_box() -> QCheckBox:
    box = QCheckBox("claimed")
    box.setChecked(True)
    return box
