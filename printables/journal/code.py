"""The posse's code on the journal's cover (issue 34): a QR, larger than a card's, with the
same code as grouped text under it (`code_flowables`)."""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph, Spacer

from printables.journal.style import COVER_SMALL, INK
from printables.layout import mm
from printables.qr import draw_modules, qr_modules
from rostermgr.cardcode import grouped
from rostermgr.errors import PrintRefused

JOURNAL_MODULE_MM = 0.6  # the page has room: larger than a card's 0.4 mm
JOURNAL_QR_MAX_MM = 42.0  # a long roster's code shrinks its modules to stay this wide...
JOURNAL_MODULE_MIN_MM = 0.4  # ...but never below a card's
JOURNAL_QUIET_MODULES = 4
JOURNAL_GAP_MM = 5.0  # above the block


class QrFlowable(Flowable):
    """A QR code of text, centred, with its quiet zone of JOURNAL_QUIET_MODULES round it."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.version, self.rows = qr_modules(text, "M")
        count = len(self.rows)
        module = min(JOURNAL_MODULE_MM, JOURNAL_QR_MAX_MM / count)
        if module < JOURNAL_MODULE_MIN_MM:
            raise PrintRefused(
                "The posse's code is too long for the journal's cover: shorten the members' names."
            )
        self.module = mm(module)
        self.side = (count + 2 * JOURNAL_QUIET_MODULES) * self.module
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.side, self.side

    def draw(self) -> None:
        quiet = JOURNAL_QUIET_MODULES * self.module
        draw_modules(self.canv, self.rows, quiet, self.side - quiet, self.module, INK)


def code_flowables(code: str) -> list[Flowable]:
    """What the cover shows of the posse's code: the QR, the text, what it is for."""
    return [
        Spacer(1, mm(JOURNAL_GAP_MM)),
        QrFlowable(code),
        Paragraph(grouped(code), COVER_SMALL),
        Paragraph(
            "The posse's code: its name, purse and members, for rostermgr posse rebuild",
            COVER_SMALL,
        ),
    ]
