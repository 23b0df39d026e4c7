"""Card geometry (named constants in mm) and the three ink modes' palettes (their colours
are in colours.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color, black

from printables.cards.colours import (
    FACTION_ACCENTS,
    FADED,
    INK,
    LEATHER,
    PAPER,
    SUIT_ACCENTS,
    TAN,
)
from printables.cards.pen import Pen
from printables.layout import INKS, check_choice, mm

CARD_W_MM = 63.5  # 2.5 in: 180 pt
CARD_H_MM = 88.9  # 3.5 in: 252 pt
CARD_W = mm(CARD_W_MM)
CARD_H = mm(CARD_H_MM)
SAFE_MM = 4.0  # critical text stays this far inside the trim
BAND_MM = 3.0  # flat colour at the edge (colour mode) hides cutting and duplex drift
SAFE = mm(SAFE_MM)
BAND = mm(BAND_MM)
INNER_W = CARD_W - 2 * SAFE  # the safe zone
INNER_H = CARD_H - 2 * SAFE
FRAME_INSET_MM = 2.6  # the thin frame of the ink-saver and line-art modes, inside the band area
FRAME_RADIUS_MM = 2.0  # rounded, so nobody takes it for a cut line
FRAME_INSET = mm(FRAME_INSET_MM)
FRAME_RADIUS = mm(FRAME_RADIUS_MM)
FRAME_PT = 0.8
# Legibility floors (issue 19): no text below MIN_PT, running text at least BODY_PT.
MIN_PT = 6.0
BODY_PT = 7.0
# Dry-wipe pen: tick boxes at least 4 mm, writing lines at least 6 mm apart.
BOX = mm(4.2)
WRITE_GAP = mm(6.2)


@dataclass(frozen=True)
class Palette:
    """The colours one card is drawn with. None means: draw nothing there."""

    ground: Color | None  # card ground
    band: Color | None  # edge band and header panel fill
    frame: Color | None  # thin frame line (modes without a band)
    head_text: Color  # text on the header panel
    text: Color
    faded: Color
    accent: Color  # headings, suit, rules
    cell: Color | None  # stat box fill
    line: Color  # box outlines and ruled lines
    mark: Color  # filled boxes (injuries taken)


@lru_cache(maxsize=256)
def palette(ink: str, faction_id: str, suit: str) -> Palette:
    """The colours of a card of this faction and suit in this ink mode (one Palette for each:
    every card side asks)."""
    check_choice(ink, INKS, "ink mode")
    accent = FACTION_ACCENTS.get(faction_id, SUIT_ACCENTS.get(suit, LEATHER))
    if ink == "colour":
        return Palette(PAPER, accent, None, PAPER, INK, FADED, accent, TAN, LEATHER, INK)
    if ink == "ink-saver":
        return Palette(None, None, accent, accent, INK, FADED, accent, None, accent, INK)
    return Palette(None, None, black, black, black, black, black, None, black, black)


def draw_ground(pen: Pen, pal: Palette, ground_top: float = CARD_H - BAND) -> None:
    """The card's ground: in colour a flat band to the trim round paper up to ground_top
    (above it the band colour runs on as a header panel); otherwise white with a thin
    rounded frame."""
    if pal.band is not None:
        pen.box(0, 0, CARD_W, CARD_H, fill=pal.band)
        pen.box(BAND, BAND, CARD_W - 2 * BAND, ground_top - BAND, fill=pal.ground)
    elif pal.frame is not None:
        side = (CARD_W - 2 * FRAME_INSET, CARD_H - 2 * FRAME_INSET)
        pen.box(
            FRAME_INSET, FRAME_INSET, *side, stroke=pal.frame, width=FRAME_PT, radius=FRAME_RADIUS
        )
