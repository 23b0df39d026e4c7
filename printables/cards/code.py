"""The state code on a card's back (issue 34): a QR code in the bottom right corner of the
safe zone, the same code as grouped text at its left, both drawn as vectors.

The QR is made by reportlab's own encoder (error correction M) and drawn as one filled path
of its dark modules, each CODE_MODULE_MM wide. The text holds the same base32 characters in
groups of four, three groups to a line. The upgrades line of the back ends at the block's
left (`CODE_BLOCK_W`), so nothing else is drawn where the block sits.
"""

from __future__ import annotations

from printables.cards.pen import Pen
from printables.cards.style import CARD_W, MIN_PT, SAFE_MM, Palette
from printables.fonts import CONDENSED
from printables.layout import mm
from printables.qr import Modules, draw_modules
from printables.qr import qr_modules as modules_of
from printables.text import block_height
from rostermgr.cardcode import grouped
from rostermgr.errors import PrintRefused

CODE_MODULE_MM = 0.4  # a phone reads 0.4 mm modules at a hand's length
CODE_MAX_VERSION = 6  # 41 modules: the QR's side is at most 16.4 mm
CODE_LEVEL = "M"  # error correction: about 15% of the code may be smudged
CODE_RIGHT_MM = SAFE_MM  # the QR's right and bottom edges sit on the safe zone's edges
CODE_BOTTOM_MM = SAFE_MM
CODE_TEXT_GAP_MM = 2.0  # between the text and the QR: more than its quiet zone of 4 modules
CODE_TEXT_W_MM = 16.0  # three groups of four characters at CODE_TEXT_PT
CODE_TEXT_PT = MIN_PT
CODE_GROUPS_A_LINE = 3
# What the back keeps free at its bottom right for the block: the text, the gap and a QR of
# version 3 (29 modules, the usual card); a larger one grows upwards and leftwards.
CODE_BLOCK_W = mm(CODE_TEXT_W_MM + CODE_TEXT_GAP_MM + 29 * CODE_MODULE_MM + 1.0)


def qr_modules(code: str) -> tuple[int, Modules]:
    """The QR version and module matrix of a card's code; refused past CODE_MAX_VERSION."""
    version, rows = modules_of(code, CODE_LEVEL)
    if version > CODE_MAX_VERSION:
        raise PrintRefused(
            f"A card's code needs a QR code of version {version}, larger than the "
            f"{CODE_MAX_VERSION} its back has room for: it carries too much gear."
        )
    return version, rows


def draw_code_block(pen: Pen, code: str, pal: Palette) -> None:
    """The QR and the grouped text of code, at the back's bottom right (card-local points)."""
    if pen.c is None or not code:
        return
    _, rows = qr_modules(code)
    size = mm(CODE_MODULE_MM)
    right, bottom = CARD_W - mm(CODE_RIGHT_MM), mm(CODE_BOTTOM_MM)
    left, top = right - len(rows) * size, bottom + len(rows) * size
    groups = grouped(code).split(" ")
    lines = [
        " ".join(groups[i : i + CODE_GROUPS_A_LINE])
        for i in range(0, len(groups), CODE_GROUPS_A_LINE)
    ]
    text_top = bottom + len(lines) * block_height(CODE_TEXT_PT)
    text_right = left - mm(CODE_TEXT_GAP_MM)
    for i, line in enumerate(lines):
        y = text_top - i * block_height(CODE_TEXT_PT)
        pen.text(text_right, y, line, CONDENSED, CODE_TEXT_PT, pal.text, "right")
    draw_modules(pen.c, rows, left, top, size, pal.text)
