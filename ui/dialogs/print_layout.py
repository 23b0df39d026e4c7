"""The print dialog's layout: its tabs, option panes, progress, buttons and preview, built once.

No signal is connected here and no use case is asked: `print_dialog.PrintDialog` gives the
widgets their meaning. The order the widgets are placed in is the dialog's tab order.
"""

from __future__ import annotations

from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from rostermgr.rules import Ruleset
from ui.dialogs.pdf_preview import PdfPreview
from ui.dialogs.print_options import (
    CalibrationOptions,
    CardOptions,
    CasualtyOptions,
    JournalOptions,
    ReferenceOptions,
)
from ui.dialogs.print_other_games import EXTRA_TABS
from ui.dialogs.print_scenarios import ScenarioOptions
from ui.keys import no_default_buttons
from ui.screen import fitted_size

KINDS = ("Cards", "Calibration", "Journal", "Casualties", "Reference", ScenarioOptions.TAB)


class PrintDialogLayout(QDialog):
    """The widgets of the print dialog, laid out: a tab per printable over its options pane,
    the progress with Cancel, the message, the output buttons, and the preview beside them."""

    def __init__(
        self,
        posse_names: list[str],
        current: str | None,
        rules: Ruleset,
        parent: QWidget | None = None,
    ) -> None:
        """`posse_names` are offered on the Cards and Journal tabs, `current` chosen first;
        `rules` names the ruleset the reference and scenario sheets come from."""
        super().__init__(parent)
        self.setWindowTitle("Print")
        self.tabs = QTabBar()
        for kind in KINDS:
            self.tabs.addTab(kind)
        # every kind in view: the options column is as wide as the tabs need, never scrolled
        self.tabs.setUsesScrollButtons(False)
        self.tabs.setExpanding(False)
        self.cards = CardOptions(posse_names, current)
        self.calibration = CalibrationOptions()
        self.journal = JournalOptions(posse_names, current)
        self.casualties = CasualtyOptions()
        self.reference = ReferenceOptions(f"{rules.name} {rules.version}")
        self.scenarios = ScenarioOptions(rules)
        self.extra = [tab() for tab in EXTRA_TABS]  # after KINDS, each making its own job
        for extra in self.extra:
            self.tabs.addTab(extra.TITLE)
        self.panes: tuple[QWidget, ...] = (
            self.cards,
            self.calibration,
            self.journal,
            self.casualties,
            self.reference,
            self.scenarios,
            *self.extra,
        )
        self.options = QStackedWidget()
        for pane in self.panes:
            self.options.addWidget(pane)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        # Stops the preview or the save being drawn (issue 31, 12): nothing is drawn yet.
        self.cancel = QPushButton("Ca&ncel")
        self.cancel.setEnabled(False)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.save = QPushButton("&Save PDF...")
        self.open_button = QPushButton("Open in &viewer")
        self.send = QPushButton("Send to prin&ter...")
        self.close_button = QPushButton("&Close")
        self.document = QPdfDocument(self)
        self.preview = PdfPreview(self.document)
        self.view = self.preview.view
        self._lay_out()
        # each button is a choice: Enter on the tabs pressed the calibration sheet's, ringed
        # as the dialog's default
        no_default_buttons(self)
        self.resize(*fitted_size(1180, 760))

    def _lay_out(self) -> None:
        """The options column (tabs, pane, progress, message, buttons) left of the preview."""
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(self.tabs)
        left_layout.addWidget(self.options)
        row = QHBoxLayout()
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel)
        left_layout.addLayout(row)
        left_layout.addWidget(self.message)
        row = QHBoxLayout()
        row.addWidget(self.save)
        row.addWidget(self.open_button)
        left_layout.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.send)
        row.addWidget(self.close_button)
        left_layout.addLayout(row)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.preview)
        split.setSizes([420, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(split)
