"""The print dialog's tab for the other games (issue 32): Forlorn Hope's sheets and the seed
003 volley, in one tab so the dialog stays narrow enough for a small screen. Each pane of
`EXTRA_TABS` makes its own print job: the dialog only adds it as a tab and asks for `job()`."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from rostermgr.forlorn import default_forlorn_rules
from services import printing
from services.printing import PrintJob
from ui.dialogs.print_options import INKS, combo

PAPERS = (("A4", "a4"), ("Letter", "letter"))
A5 = ("A5", "a5")
# (label, id, what it holds, whether it comes on A5)
SHEETS = (
    (
        "Forlorn Hope: quick reference",
        "fh-reference",
        "Forlorn Hope's rules and tables (seed 002), from forlorn-hope.toml: the event list and "
        "the panic table, which the seed only names, left to write in.",
        True,
    ),
    (
        "Forlorn Hope: orders of battle",
        "fh-orders",
        "A roster for each unit of Forlorn Hope's forces, from forlorn-hope.toml: its groups, "
        "officers and guns, a box for reinforcements, and a circle to tick for each move of "
        "each turn.",
        False,
    ),
    (
        "Forlorn Hope: markers",
        "fh-markers",
        "Wounded markers, dying markers with a turns-left track, French casualties labelled by "
        "their arm and Portuguese casualties, from forlorn-hope.toml, titled for the siege.",
        False,
    ),
    (
        "Seed 003: a volley step by step",
        "volley-reference",
        "The unit volley of seed 003 (another game system) on one page, from volley.toml: its "
        "six steps as a flow chart, with the target modifiers and the hit requirement's limits.",
        True,
    ),
)


class OtherGamesOptions(QWidget):
    """The other games' sheets (Forlorn Hope, the seed 003 volley): which one, paper and ink."""

    TITLE = "Other games"

    def __init__(self) -> None:
        super().__init__()
        self.sheet = combo(tuple((label, key) for label, key, _, _ in SHEETS))
        self.paper, self.ink = combo((*PAPERS, A5)), combo(INKS)
        self.siege = QComboBox()  # the markers' title: the sieges the data names
        for key, title in default_forlorn_rules().markers.sieges.items():
            self.siege.addItem(title, key)
        self.note = QLabel()
        self.note.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("S&heet", self.sheet)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Ink", self.ink)
        form.addRow("Sie&ge", self.siege)
        form.addRow(self.note)
        self.sheet.currentIndexChanged.connect(self._sheet_changed)
        self._sheet_changed()

    def _sheet_changed(self) -> None:
        """The note says what the sheet holds; A5 only for the sheets that come on it."""
        _, _, note, a5_too = SHEETS[self.sheet.currentIndex()]
        self.note.setText(note)
        self.siege.setEnabled(self.sheet.currentData() == "fh-markers")
        a5 = self.paper.findData(A5[1])
        if not a5_too and a5 >= 0:
            if self.paper.currentIndex() == a5:
                self.paper.setCurrentIndex(0)
            self.paper.removeItem(a5)
        elif a5_too and a5 < 0:
            self.paper.addItem(*A5)

    def job(self) -> PrintJob:
        """The chosen sheet's print job."""
        from rostermgr.volley import default_volley_rules

        paper, ink = self.paper.currentData(), self.ink.currentData()
        sheet = self.sheet.currentData()
        if sheet == "volley-reference":
            return printing.volley_reference_job(default_volley_rules(), paper, ink)
        if sheet == "fh-orders":
            return printing.fh_orders_job(default_forlorn_rules(), paper, ink)
        if sheet == "fh-markers":
            return printing.fh_markers_job(
                default_forlorn_rules(), self.siege.currentData(), paper, ink
            )
        return printing.fh_reference_job(default_forlorn_rules(), paper, ink)


EXTRA_TABS = (OtherGamesOptions,)
