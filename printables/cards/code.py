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

import math
from dataclasses import dataclass
from typing import Literal

from printables.cards.pen import Pen
from printables.cards.style import (
    BAND_MM,
    CARD_W,
    FRAME_INSET_MM,
    FRAME_PT,
    FRAME_RADIUS_MM,
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
# The frame's corner is rounded: its arc comes nearer the quiet zone's corner than its sides
# do, so the QR keeps the quiet zone's corner inside the arc's inner edge too.
_ARC_CENTRE_MM = FRAME_INSET_MM + FRAME_RADIUS_MM
_ARC_INNER_MM = FRAME_RADIUS_MM - FRAME_PT * 25.4 / 72 / 2
CODE_RIGHT_MM = max(  # the QR's right (and, beside its text, bottom) edge from the trim
    CODE_DARK_EDGE_MM + CODE_QUIET_MM,
    _ARC_CENTRE_MM + CODE_QUIET_MM - _ARC_INNER_MM / math.sqrt(2) + 0.05,
)
CODE_TEXT_PT = MIN_PT
CODE_TEXT_GAP_MM = 2.0  # beside: between the text and the QR, more than the quiet zone
CODE_GROUPS_A_LINE = (3, 4)  # groups to a line: 3, else 4 when 3 would take too many lines
CODE_WIDE_GROUPS = (5, 6, 7)  # under a QR on a full back: two lines of up to 7 groups...
CODE_WIDE_LINES = 2
CODE_WIDE_MAX_MM = 41.5  # ...no wider than this, clear of the "Upgrades" label at their left
CODE_UNDER_LINES = 4  # under the QR: at most this many lines; a longer code is for scanning
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


def qr_modules(code: str, whose: str = "A card") -> tuple[int, Modules]:
    """The QR version and module rows of a card's code; refused past CODE_MAX_VERSION, the
    card named by whose ("Ike Dalton's card")."""
    version, rows = modules_of(code, CODE_LEVEL)
    if version > CODE_MAX_VERSION:
        raise PrintRefused(
            f"{whose} needs a QR code of version {version} for its state code, larger than the "
            f"{CODE_MAX_VERSION} its back has room for: it carries too much gear to print."
        )
    return version, rows


def _lines(
    groups: list[str], most: int, widths: tuple[int, ...] = CODE_GROUPS_A_LINE
) -> tuple[str, ...]:
    """The groups in at most `most` lines of 3 (else 4) groups, the lines balanced (no line of
    one group under lines of three); none when even 4 to a line would take more lines: a code
    that long is for scanning, as on the journal's cover."""
    for per_line in widths:
        count = -(-len(groups) // per_line)
        if count <= most:
            base, longer = divmod(len(groups), count)  # the first `longer` lines one more
            lines, start = [], 0
            for i in range(count):
                end = start + base + (i < longer)
                lines.append(" ".join(groups[start:end]))
                start = end
            return tuple(lines)
    return ()


def code_block(code: str, placement: Placement, wide: bool = False) -> CodeBlock:
    """The block of code placed under its QR's text or beside it; wide, under it in two long
    lines (lower, for a full back)."""
    version, rows = qr_modules(code)
    side = len(rows) * mm(CODE_MODULE_MM)
    quiet = mm(CODE_QUIET_MM)
    right = CARD_W - mm(CODE_RIGHT_MM)
    qr_left = right - side
    groups = grouped(code).split(" ")
    line_h = block_height(CODE_TEXT_PT)

    def width_of(lines: tuple[str, ...]) -> float:
        return max((text_width(line, CONDENSED, CODE_TEXT_PT) for line in lines), default=0.0)

    if placement == "under":
        lines = (
            _lines(groups, CODE_WIDE_LINES, CODE_WIDE_GROUPS)
            if wide
            else _lines(groups, CODE_UNDER_LINES)
        )
        if wide and width_of(lines) > mm(CODE_WIDE_MAX_MM):
            lines = ()  # too long for two lines: the other placements have it
        # the last line on the safe zone's edge; with no text, the QR a quiet zone above it
        text_top = mm(SAFE_MM) + len(lines) * line_h
        qr_top = max(text_top, mm(CODE_RIGHT_MM) - quiet) + quiet + side
        left = min(qr_left, right - width_of(lines))
        return CodeBlock(
            placement, version, rows, qr_left, qr_top, lines, right, text_top, left, qr_top + quiet
        )
    # Beside: the QR a quiet zone above the band; the text at its left, never taller than it.
    bottom = mm(CODE_RIGHT_MM)
    lines = _lines(groups, max(1, int(side // line_h)))
    text_right = qr_left - mm(CODE_TEXT_GAP_MM)
    text_top = max(mm(SAFE_MM), bottom) + len(lines) * line_h
    top = bottom + side
    left = text_right - width_of(lines) if lines else qr_left
    return CodeBlock(
        placement, version, rows, qr_left, top, lines, text_right, text_top, left, top + quiet
    )


def draw_code_block(pen: Pen, block: CodeBlock, pal: Palette) -> None:
    """The QR and the grouped text of a card's code, where block puts them."""
    if pen.c is None:
        return
    for i, line in enumerate(block.lines):
        y = block.text_top - i * block_height(CODE_TEXT_PT)
        pen.text(block.text_right, y, line, CONDENSED, CODE_TEXT_PT, pal.text, "right")
    size = mm(CODE_MODULE_MM)
    draw_modules(pen.c, block.rows, block.qr_left, block.qr_top, size, pal.text)
