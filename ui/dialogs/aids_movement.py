"""The Table panel's Movement tab (R12a): a length measured at the table, and what it allows or
costs. The same answers as `rostermgr measure`, from rostermgr.movement."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from rostermgr.errors import Refused
from rostermgr.movement import measure, parse_length
from rostermgr.rules import Tabletop
from ui.keys import on_enter

# What the player measured, in the order a move meets them, and the measure each asks.
KINDS = (
    ("A move", "move"),
    ("Over a fence, wall or obstacle", "obstacle"),
    ("A climb", "climb"),
    ("A fall or jump", "fall"),
)


class MovementTab(QWidget):
    """A kind of move, the length measured (and the model's Move): the answer in a sentence."""

    def __init__(self, tabletop: Tabletop) -> None:
        super().__init__()
        self.tabletop = tabletop
        length, width = tabletop.card_mm
        self.kind = QComboBox()
        for text, kind in KINDS:
            self.kind.addItem(text, kind)
        self.length = QLineEdit()
        self.length.setPlaceholderText("as measured: 120mm, 4.5in, 1.5 cards")
        self.model_move = QSpinBox()
        self.model_move.setRange(1, 9)
        self.model_move.setSuffix(" card length")
        self.model_move.setToolTip("The model's Move: card lengths it may move on foot or mounted")
        self.answer_button = QPushButton("&Answer")
        self.answer = QTextBrowser()
        form = QFormLayout()
        form.addRow("&What", self.kind)
        form.addRow("&Length", self.length)
        form.addRow("Its M&ove", self.model_move)
        layout = QVBoxLayout(self)
        intro = QLabel(
            f"Every distance is measured with a playing card ({length:g} x {width:g} mm), "
            "at any time (R12a). Type the length as measured; a bare number is millimetres."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.answer_button)
        layout.addWidget(self.answer)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.model_move.valueChanged.connect(
            lambda n: self.model_move.setSuffix(" card length" if n == 1 else " card lengths")
        )
        self.answer_button.clicked.connect(self.run)
        on_enter(self.length, self.run)
        on_enter(self.model_move, self.run)
        self._kind_changed()

    def _kind_changed(self) -> None:
        self.model_move.setEnabled(self.kind.currentData() == "move")

    def run(self) -> None:
        """Answer the length typed, or say in one sentence why it is not a length."""
        try:
            length = parse_length(self.length.text(), self.tabletop)
            done = measure(self.kind.currentData(), length, self.tabletop, self.model_move.value())
        except Refused as exc:
            self.answer.setPlainText(str(exc))
            return
        self.answer.setPlainText(done.sentence)
