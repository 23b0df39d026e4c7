"""The posse's code on the journal's cover (issue 34): a QR, larger than a card's, with the
same code as grouped text under it when it is short enough to type (`code_flowables`).

The block takes the room the cover has left: its modules are JOURNAL_MODULE_MM wide, smaller
(never below a card's 0.4 mm) when the cover is full, as with a long name and many members.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer

from printables.journal.pages import COVER_FOOT_MM
from printables.journal.style import BOTTOM_MM, COVER_SMALL, FRAME_W, INK
from printables.layout import mm
from printables.qr import draw_modules, qr_modules
from printables.text import wrap
from rostermgr.cardcode import grouped
from rostermgr.errors import PrintRefused

JOURNAL_MODULE_MM = 0.6  # the page has room: larger than a card's 0.4 mm
JOURNAL_QR_MAX_MM = 42.0  # a long roster's code shrinks its modules to stay this wide...
JOURNAL_MODULE_MIN_MM = 0.4  # ...and to fit the cover, but never below a card's
JOURNAL_QUIET_MODULES = 4
JOURNAL_GAP_MM = 5.0  # above the block
# The cover's foot (the motto, a booklet's note) is drawn over the bottom of its frame, from
# COVER_FOOT_MM up: the block stays this far above the frame's bottom.
JOURNAL_FOOT_MM = COVER_FOOT_MM + 14.0 - BOTTOM_MM
JOURNAL_TEXT_LINES = 4  # a longer code is not printed as text: nobody would type it
CAPTION = "The posse's code: its name, purse and members, for rostermgr posse rebuild"
LONG_CAPTION = "The posse's code (too long to type: scan it) for rostermgr posse rebuild"


class CoverCode(Flowable):
    """The QR of code with its quiet zone, centred, then its text and a caption."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.version, self.rows = qr_modules(code, "M")
        font, size = COVER_SMALL.fontName, COVER_SMALL.fontSize
        lines = wrap(grouped(code), font, size, FRAME_W)
        self.lines = lines if len(lines) <= JOURNAL_TEXT_LINES else []
        self.lines.append(CAPTION if self.lines else LONG_CAPTION)
        self.module = mm(min(JOURNAL_MODULE_MM, JOURNAL_QR_MAX_MM / self._count()))
        self.hAlign = "CENTER"
        if self._count() * mm(JOURNAL_MODULE_MIN_MM) > FRAME_W:
            raise PrintRefused(
                "The posse's code is too long for the journal's cover: shorten the members' names."
            )

    def _count(self) -> int:
        return len(self.rows) + 2 * JOURNAL_QUIET_MODULES

    def _text_h(self) -> float:
        return len(self.lines) * float(COVER_SMALL.leading)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        room = (avail_height - mm(JOURNAL_FOOT_MM) - self._text_h()) / self._count()
        self.module = max(mm(JOURNAL_MODULE_MIN_MM), min(self.module, room))
        self.side = self._count() * self.module
        self.width = max(self.side, FRAME_W)
        return self.width, self.side + self._text_h() + mm(JOURNAL_FOOT_MM)

    def draw(self) -> None:
        quiet = JOURNAL_QUIET_MODULES * self.module
        left = (self.width - self.side) / 2 + quiet
        foot = mm(JOURNAL_FOOT_MM)  # kept clear below the block
        top = foot + self._text_h() + self.side - quiet
        draw_modules(self.canv, self.rows, left, top, self.module, INK)
        c = self.canv
        c.saveState()
        c.setFillColor(COVER_SMALL.textColor)
        c.setFont(COVER_SMALL.fontName, COVER_SMALL.fontSize)
        for i, line in enumerate(self.lines):
            baseline = (
                foot + self._text_h() - (i + 1) * COVER_SMALL.leading + COVER_SMALL.fontSize / 4
            )
            c.drawCentredString(self.width / 2, baseline, line)
        c.restoreState()


def code_flowables(code: str) -> list[Flowable]:
    """What the cover shows of the posse's code."""
    return [Spacer(1, mm(JOURNAL_GAP_MM)), CoverCode(code)]
