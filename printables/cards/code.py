"""The state code on a card's back (issue 34): a QR code at the back's bottom right, the same
code as grouped text under it (or, where the back's tables leave no room, at its left), both
drawn as vectors.

The QR is reportlab's own symbol (error correction M) drawn as one filled path of its dark
modules, each CODE_MODULE_MM wide, with a quiet zone of CODE_QUIET_MODULES light modules on
every side (ISO/IEC 18004): to the colour band (or the ink-saver's frame) at its right and
below it, to its text, and to the tables above, which `back.py` keeps clear of the block's
`top`. The text holds the same base32 characters in groups of four.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printables.cards.pen import Pen
from printables.cards.style import (
    BAND_MM,
    CARD_W,
    FRAME_INSET_MM,
    FRAME_PT,
    MIN_PT,
    SAFE_MM,
    Palette,
)
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
CODE_QUIET_MODULES = 4  # light modules all round: what a decoder needs to find the symbol
CODE_QUIET_MM = CODE_QUIET_MODULES * CODE_MODULE_MM
# What is dark nearest the corner: the colour band, or the ink-saver's frame line.
CODE_DARK_EDGE_MM = max(BAND_MM, FRAME_INSET_MM + FRAME_PT * 25.4 / 72)
CODE_RIGHT_MM = CODE_DARK_EDGE_MM + CODE_QUIET_MM  # the QR's right edge from the trim
CODE_TEXT_PT = MIN_PT
CODE_TEXT_GAP_MM = 2.0  # beside: between the text and the QR, more than the quiet zone
CODE_GROUPS_A_LINE = 3  # at least: more when the text would take too many lines
CODE_UNDER_LINES = 3  # under the QR: at most this many lines (more groups to a line)
CODE_BLOCK_GAP_MM = 1.0  # between the upgrades line (and its text) and the block

Placement = Literal["under", "beside"]


@dataclass(frozen=True)
class CodeBlock:
    """Where a card's code goes (card-local points): the QR's matrix and corner, its text's
    lines and where they end, the block's left edge (the upgrades line ends before it) and its
    top with the quiet zone (the back's tables end above it)."""

    placement: Placement
    version: int
    rows: Modules
    qr_left: float
    qr_top: float
    lines: tuple[str, ...]
    text_right: float
    text_top: float  # the first line's top
    left: float
    top: float


def qr_modules(code: str) -> tuple[int, Modules]:
    """The QR version and module rows of a card's code; refused past CODE_MAX_VERSION."""
    version, rows = modules_of(code, CODE_LEVEL)
    if version > CODE_MAX_VERSION:
        raise PrintRefused(
            f"A card's code needs a QR code of version {version}, larger than the "
            f"{CODE_MAX_VERSION} its back has room for: it carries too much gear."
        )
    return version, rows


def _lines(groups: list[str], per_line: int) -> tuple[str, ...]:
    return tuple(" ".join(groups[i : i + per_line]) for i in range(0, len(groups), per_line))


def code_block(code: str, placement: Placement) -> CodeBlock:
    """The block of code placed under its QR's text or beside it."""
    version, rows = qr_modules(code)
    side = len(rows) * mm(CODE_MODULE_MM)
    quiet = mm(CODE_QUIET_MM)
    right = CARD_W - mm(CODE_RIGHT_MM)
    qr_left = right - side
    groups = grouped(code).split(" ")
    line_h = block_height(CODE_TEXT_PT)
    if placement == "under":
        per_line = max(CODE_GROUPS_A_LINE, -(-len(groups) // CODE_UNDER_LINES))
        lines = _lines(groups, per_line)
        text_top = mm(SAFE_MM) + len(lines) * line_h  # the last line on the safe zone's edge
        qr_top = text_top + quiet + side
        width = max(text_width(line, CONDENSED, CODE_TEXT_PT) for line in lines)
        left = min(qr_left, right - width)
        return CodeBlock(
            placement, version, rows, qr_left, qr_top, lines, right, text_top, left, qr_top + quiet
        )
    # Beside: the QR a quiet zone above the band; the text at its left, never taller than it.
    bottom = mm(CODE_DARK_EDGE_MM) + quiet
    most = max(1, int(side // line_h))
    lines = _lines(groups, max(CODE_GROUPS_A_LINE, -(-len(groups) // most)))
    width = max(text_width(line, CONDENSED, CODE_TEXT_PT) for line in lines)
    text_right = qr_left - mm(CODE_TEXT_GAP_MM)
    text_top = max(mm(SAFE_MM), bottom) + len(lines) * line_h
    top = bottom + side
    return CodeBlock(
        placement, version, rows, qr_left, top, lines, text_right, text_top,
        text_right - width, top + quiet,
    )  # fmt: skip


def draw_code_block(pen: Pen, block: CodeBlock, pal: Palette) -> None:
    """The QR and the grouped text of a card's code, where block puts them."""
    if pen.c is None:
        return
    for i, line in enumerate(block.lines):
        y = block.text_top - i * block_height(CODE_TEXT_PT)
        pen.text(block.text_right, y, line, CONDENSED, CODE_TEXT_PT, pal.text, "right")
    size = mm(CODE_MODULE_MM)
    draw_modules(pen.c, block.rows, block.qr_left, block.qr_top, size, pal.text)
