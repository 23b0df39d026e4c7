"""The option panes of the print dialog, one per printable: layout, and which options apply."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QWidget,
)

from services.printing import DUPLEX_LAYOUTS as DUPLEX
from services.printing import MAX_CARD_GAP_MM, back_offset_limits
from ui.list_view import elide_in_width

PAPERS = (("A4", "a4"), ("Letter", "letter"))
REFERENCE_PAPERS = (*PAPERS, ("A5", "a5"))
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


# What each layout asks of the printer, said where the layout is chosen (issue 30): a home
# printer's two-sided setting names the edge the sheet turns about.
LAYOUT_HELP = {
    "duplex-long": (
        "For a printer set to print on both sides, flipping on the long edge (also called "
        "book or long-edge binding: the sheet turns like a book's page). Most home printers "
        "do this unless told otherwise. Backs upside down? Choose the short edge."
    ),
    "duplex-short": (
        "For a printer set to print on both sides, flipping on the short edge (also called "
        "tablet or short-edge binding: the sheet turns up like a notepad's). Backs upside "
        "down? Choose the long edge."
    ),
    "gutter-fold": (
        "Printed on one side: fold each sheet along its middle so every back lies on its "
        "front, then cut."
    ),
    "fronts-backs": (
        "Printed on one side: the front pages, then the back pages; glue each back page to "
        "its front page, then cut."
    ),
}
CALIBRATION_HELP = (
    "For cards printed on both sides at home: print these two pages on both sides of one "
    "sheet, with the layout you print cards with. The scale bar must measure 100 mm (else "
    "print at actual size, 100%). Held to the light, the square whose back fills its outline "
    "names the back offset to type in the Cards tab's Back offset."
)


def layout_help(box: QComboBox) -> QLabel:
    """A sentence under a layout choice saying what it asks of the printer, kept current."""
    label = QLabel()
    label.setWordWrap(True)

    def say() -> None:
        label.setText(LAYOUT_HELP.get(str(box.currentData()), ""))

    box.currentIndexChanged.connect(lambda _i: say())
    say()
    return label


def combo(choices: tuple[tuple[str, str], ...]) -> QComboBox:
    box = QComboBox()
    for label, value in choices:
        box.addItem(label, value)
    return box


class CardOptions(QWidget):
    def __init__(self, posse_names: list[str], selected: str | None) -> None:
        super().__init__()
        self.posses = QListWidget()
        elide_in_width(self.posses)
        for name in posse_names:
            item = QListWidgetItem(name)
            item.setToolTip(name)  # whole, where the list elides it
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if name == selected else Qt.CheckState.Unchecked
            )
            self.posses.addItem(item)
        self.shop = combo(SHOPS)
        self.layout_ = combo(LAYOUTS)
        self.paper, self.ink = combo(PAPERS), combo(INKS)
        self.gangers = combo((("Shared while identical", "grouped"), ("One card each", "separate")))
        # what `print cards --help` says of the same choices, for a player who cannot guess
        self.gangers.setToolTip(
            "Shared while identical: gang members alike in stats, items, injuries and upgrades "
            "share a card, up to three to a card. One card each: a card for every gang member."
        )
        self.dx, self.dy = QDoubleSpinBox(), QDoubleSpinBox()
        for box in (self.dx, self.dy):
            box.setSingleStep(0.5)
            box.setSuffix(" mm")
        offset = QHBoxLayout()
        offset.addWidget(self.dx)
        offset.addWidget(self.dy)
        self.changed = QCheckBox("Only cards that changed since they were last printed")
        self.changed.setToolTip(
            "Leave out the cards that show just what they showed when last saved, opened or "
            "sent to a printer: print only those to replace."
        )
        self.cut_lines = QCheckBox("Full cut lines, for cutting with scissors")
        # issue 31, 8: cards spaced apart, each with its own bleed; 0 butts them
        self.gap = QDoubleSpinBox()
        self.gap.setRange(0.0, MAX_CARD_GAP_MM)
        self.gap.setSingleStep(1.0)
        self.gap.setSuffix(" mm")
        self.gap.setToolTip(
            "0: the cards touch, one cut between two. More: each colour card gets its own "
            "bleed, a cut a little off never shows its neighbour; two cuts a gap, fewer cards "
            "a sheet."
        )
        self.gap.valueChanged.connect(lambda _v: self._offset_range())
        self.layout_.currentIndexChanged.connect(self._offset_range)
        self.paper.currentIndexChanged.connect(self._offset_range)
        self.shop.currentIndexChanged.connect(self._offset_range)
        form = QFormLayout(self)
        form.addRow("Poss&es", self.posses)
        form.addRow("F&or", self.shop)
        self.layout_help = layout_help(self.layout_)
        # the calibration sheet is what finds the back offset: one key away from it
        self.calibrate = QPushButton("Find it with the c&alibration sheet")
        self.calibrate.setToolTip(CALIBRATION_HELP)
        form.addRow("&Layout", self.layout_)
        form.addRow("", self.layout_help)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Ink", self.ink)
        form.addRow("&Gang members", self.gangers)
        form.addRow("Ga&p between cards", self.gap)
        offset_label = QLabel("&Back offset (x, y)")
        offset_label.setBuddy(self.dx)
        form.addRow(offset_label, offset)
        form.addRow("", self.calibrate)
        form.addRow(self.changed)
        form.addRow(self.cut_lines)
        self._offset_range()

    def _offset_range(self) -> None:
        """The offset only for double-sided layouts, and only as far as the paper allows; a
        print shop's files have no sheets, so no layout, paper, offset or cut lines."""
        sheets = self.shop.currentData() == "pnp"
        for box in (self.layout_, self.paper, self.cut_lines, self.layout_help):
            box.setEnabled(sheets)
        folds = self.layout_.currentData() == "gutter-fold"  # folds on the line it shares
        self.gap.setEnabled(sheets and not folds)
        if folds or not sheets:
            self.gap.setValue(0.0)
        duplex = sheets and self.layout_.currentData() in DUPLEX
        self.calibrate.setEnabled(duplex)
        across, updown = back_offset_limits(self.paper.currentData(), self.gap.value())
        for spin, limit, way in ((self.dx, across, "to the right"), (self.dy, updown, "up")):
            spin.setRange(-limit, limit)
            spin.setEnabled(duplex)
            if not duplex:
                spin.setValue(0.0)
            # what the offset is for, then how far it may go: a newcomer knows neither
            spin.setToolTip(
                f"Shift the backs this far {way}, as the back page is seen,\nwhen your "
                "printer prints them off their fronts (negative: the other way).\nThe "
                f"calibration sheet finds it. Up to {limit:g} mm either way on this paper"
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
        self.about = QLabel(CALIBRATION_HELP)
        self.about.setWordWrap(True)
        self.layout_help = layout_help(self.layout_)
        form = QFormLayout(self)
        form.addRow(self.about)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Layout", self.layout_)
        form.addRow("", self.layout_help)


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


class ReferenceOptions(QWidget):
    """The quick-reference sheet: paper and ink; its content is the active ruleset's."""

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.paper, self.ink = combo(REFERENCE_PAPERS), combo(INKS)
        form = QFormLayout(self)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Ink", self.ink)
        note = QLabel(f"Flow charts and tables of {ruleset}, dated today.")
        note.setWordWrap(True)
        form.addRow(note)
