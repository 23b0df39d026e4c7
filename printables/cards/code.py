"""The state code on a card's back (issue 34): a QR code in the bottom right corner of the
safe zone, the same code as grouped text at its left, both drawn as vectors.

The QR is made by reportlab's own encoder (error correction M) and drawn as one filled path
of its dark modules, each CODE_MODULE_MM wide. The text holds the same base32 characters in
groups of four, three groups to a line (more for a long code, whose text is never taller than
the QR). The upgrades line of the back ends at the block's left (`code_block_left`), so
nothing else is drawn where the block sits.
"""

from __future__ import annotations

from printables.cards.pen import Pen
from printables.cards.style import CARD_W, MIN_PT, SAFE_MM, Palette
from printables.fonts import CONDENSED
from printables.layout import mm
from printables.qr import Modules, draw_modules
from printables.qr import qr_modules as modules_of
from printables.text import block_height, text_width
from rostermgr.cardcode import grouped
from rostermgr.errors import PrintRefused

CODE_MODULE_MM = 0.4  # a phone reads 0.4 mm modules at a hand's length
CODE_MAX_VERSION = 6  # 41 modules: the QR's side is at most 16.4 mm
CODE_LEVEL = "M"  # error correction: about 15% of the code may be smudged
CODE_RIGHT_MM = SAFE_MM  # the QR's right and bottom edges sit on the safe zone's edges
CODE_BOTTOM_MM = SAFE_MM
CODE_TEXT_GAP_MM = 2.0  # between the text and the QR: more than its quiet zone of 4 modules
CODE_TEXT_PT = MIN_PT
CODE_GROUPS_A_LINE = 3  # at least: more when the QR's height would not hold the lines
CODE_BLOCK_GAP_MM = 1.0  # between the upgrades line (and its text) and the block


def qr_modules(code: str) -> tuple[int, Modules]:
    """The QR version and module matrix of a card's code; refused past CODE_MAX_VERSION."""
    version, rows = modules_of(code, CODE_LEVEL)
    if version > CODE_MAX_VERSION:
        raise PrintRefused(
            f"A card's code needs a QR code of version {version}, larger than the "
            f"{CODE_MAX_VERSION} its back has room for: it carries too much gear."
        )
    return version, rows


def _layout(code: str) -> tuple[Modules, list[str], float]:
    """The QR's modules, the text's lines and the text's width for code.

    The text is never taller than the QR beside it (it would rise into the strike boxes): a
    long code (much gear) puts more groups on a line, and its block is wider.
    """
    _, rows = qr_modules(code)
    groups = grouped(code).split(" ")
    most = max(1, int(len(rows) * mm(CODE_MODULE_MM) // block_height(CODE_TEXT_PT)))
    per_line = max(CODE_GROUPS_A_LINE, -(-len(groups) // most))
    lines = [" ".join(groups[i : i + per_line]) for i in range(0, len(groups), per_line)]
    width = max(text_width(line, CONDENSED, CODE_TEXT_PT) for line in lines)
    return rows, lines, width


def code_block_left(code: str) -> float:
    """Where a card's code block begins (card-local points): what is beside it ends there."""
    rows, _, width = _layout(code)
    qr_left = CARD_W - mm(CODE_RIGHT_MM) - len(rows) * mm(CODE_MODULE_MM)
    return qr_left - mm(CODE_TEXT_GAP_MM) - width - mm(CODE_BLOCK_GAP_MM)


def draw_code_block(pen: Pen, code: str, pal: Palette) -> None:
    """The QR and the grouped text of code, at the back's bottom right (card-local points)."""
    if pen.c is None or not code:
        return
    rows, lines, _ = _layout(code)
    size = mm(CODE_MODULE_MM)
    right, bottom = CARD_W - mm(CODE_RIGHT_MM), mm(CODE_BOTTOM_MM)
    left, top = right - len(rows) * size, bottom + len(rows) * size
    text_top = bottom + len(lines) * block_height(CODE_TEXT_PT)
    text_right = left - mm(CODE_TEXT_GAP_MM)
    for i, line in enumerate(lines):
        y = text_top - i * block_height(CODE_TEXT_PT)
        pen.text(text_right, y, line, CONDENSED, CODE_TEXT_PT, pal.text, "right")
    draw_modules(pen.c, rows, left, top, size, pal.text)
