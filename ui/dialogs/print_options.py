"""The option panes of the print dialog, one per printable: layout, and which options apply."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from services.printing import DUPLEX_LAYOUTS as DUPLEX
from services.printing import back_offset_limits

PAPERS = (("A4", "a4"), ("Letter", "letter"))
INKS = (("Colour", "colour"), ("Ink saver", "ink-saver"), ("Line art", "line-art"))
SHOPS = (
    ("Sheets to print at home", "pnp"),
    ("DriveThruCards (one PDF)", "dtc"),
    ("MakePlayingCards (a folder of PNGs)", "mpc"),
    ("The Game Crafter (a folder of PNGs)", "tgc"),
)
LAYOUTS = (
    ("Double-sided, flip on long edge", "duplex-long"),
    ("Double-sided, flip on short edge", "duplex-short"),
    ("Gutter fold (single-sided)", "gutter-fold"),
    ("Fronts then backs (glue and cut)", "fronts-backs"),
)


def combo(choices: tuple[tuple[str, str], ...]) -> QComboBox:
    box = QComboBox()
    for label, value in choices:
        box.addItem(label, value)
    return box


class CardOptions(QWidget):
    def __init__(self, posse_names: list[str], selected: str | None) -> None:
        super().__init__()
        self.posses = QListWidget()
        for name in posse_names:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if name == selected else Qt.CheckState.Unchecked
            )
            self.posses.addItem(item)
        self.shop = combo(SHOPS)
        self.layout_ = combo(LAYOUTS)
        self.paper, self.ink = combo(PAPERS), combo(INKS)
        self.gangers = combo((("Shared while identical", "grouped"), ("One card each", "separate")))
        self.dx, self.dy = QDoubleSpinBox(), QDoubleSpinBox()
        for box in (self.dx, self.dy):
            box.setSingleStep(0.5)
            box.setSuffix(" mm")
        offset = QHBoxLayout()
        offset.addWidget(self.dx)
        offset.addWidget(self.dy)
        self.changed = QCheckBox("Only cards that changed since they were last printed")
        self.cut_lines = QCheckBox("Full cut lines, for cutting with scissors")
        self.layout_.currentIndexChanged.connect(self._offset_range)
        self.paper.currentIndexChanged.connect(self._offset_range)
        self.shop.currentIndexChanged.connect(self._offset_range)
        form = QFormLayout(self)
        form.addRow("Poss&es", self.posses)
        form.addRow("F&or", self.shop)
        form.addRow("&Layout", self.layout_)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Ink", self.ink)
        form.addRow("&Gang members", self.gangers)
        form.addRow("Back offset (x, y)", offset)
        form.addRow(self.changed)
        form.addRow(self.cut_lines)
        self._offset_range()

    def _offset_range(self) -> None:
        """The offset only for double-sided layouts, and only as far as the paper allows; a
        print shop's files have no sheets, so no layout, paper, offset or cut lines."""
        sheets = self.shop.currentData() == "pnp"
        for box in (self.layout_, self.paper, self.cut_lines):
            box.setEnabled(sheets)
        duplex = sheets and self.layout_.currentData() in DUPLEX
        across, updown = back_offset_limits(self.paper.currentData())
        for box, limit in ((self.dx, across), (self.dy, updown)):
            box.setRange(-limit, limit)
            box.setEnabled(duplex)
            if not duplex:
                box.setValue(0.0)
            box.setToolTip(
                f"Up to {limit:g} mm either way on this paper"
                if duplex
                else "Only for the double-sided layouts: this one is not printed on both sides"
            )

    def chosen(self) -> list[str]:
        return [
            self.posses.item(i).text()
            for i in range(self.posses.count())
            if self.posses.item(i).checkState() == Qt.CheckState.Checked
        ]


class CalibrationOptions(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.paper = combo(PAPERS)
        self.layout_ = combo(LAYOUTS[:2])
        form = QFormLayout(self)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Layout", self.layout_)


class JournalOptions(QWidget):
    def __init__(self, posse_names: list[str], selected: str | None) -> None:
        super().__init__()
        self.posse = QComboBox()
        self.posse.addItems(posse_names)
        if selected in posse_names:
            self.posse.setCurrentText(selected)
        self.booklet = QCheckBox("Booklet: A4 landscape, two pages a side, to fold")
        form = QFormLayout(self)
        form.addRow("Poss&e", self.posse)
        form.addRow(self.booklet)


class CasualtyOptions(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.british, self.french = QSpinBox(), QSpinBox()
        for box, value in ((self.british, 100), (self.french, 10)):
            box.setRange(0, 5000)
            box.setValue(value)
        self.paper, self.ink = combo(PAPERS), combo(INKS)
        self.cut_lines = QCheckBox("Full cut lines, for cutting with scissors")
        form = QFormLayout(self)
        form.addRow("&British", self.british)
        form.addRow("&French", self.french)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Ink", self.ink)
        form.addRow(self.cut_lines)
