"""Journal geometry (named constants in mm), ink colours and paragraph styles (R19)."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from printables.fonts import DISPLAY, SERIF, SERIF_BOLD, SERIF_ITALIC

MM = 72 / 25.4  # points per millimetre
AUTHOR = "rostermgr"


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


A5_W_MM, A5_H_MM = 148.0, 210.0
A5 = (mm(A5_W_MM), mm(A5_H_MM))  # 419.53 x 595.28 pt
A4_LANDSCAPE = (mm(297.0), mm(210.0))  # 841.89 x 595.28 pt: two A5 pages side by side

INNER_MM = 19.0  # the spine side: wider, so a bound or folded page keeps its text clear
OUTER_MM = 13.0
TOP_MM = 17.0
BOTTOM_MM = 17.0
HEAD_MM = 9.5  # baseline of the running head, down from the top edge
FOLIO_MM = 9.0  # baseline of the page number, up from the bottom edge
COVER_BORDER_MM = 8.0  # the cover's double rule, in from the trim
COVER_BORDER_GAP_MM = 1.4  # between its thick and thin lines

FRAME_W = A5[0] - mm(INNER_MM) - mm(OUTER_MM)
FRAME_H = A5[1] - mm(TOP_MM) - mm(BOTTOM_MM)

RULED_PAGES = 3  # pages of blank ruled rows at the end, to carry on by hand
RULED_ROW_MM = 7.5  # a comfortable pen line
RULED_HEAD_MM = 6.0
RULED_COLUMNS = (
    ("Date", 0.15),
    ("Game", 0.13),
    ("What happened", 0.46),
    ("$", 0.11),
    ("Purse", 0.15),
)

# Sober inks that print as clean greys in black and white.
INK = HexColor("#2A1E15")  # sepia-black: all body text
FADED = HexColor("#6E5B48")  # secondary text, running heads
ACCENT = HexColor("#6B2216")  # oxblood: display headings and ornaments
RULE = HexColor("#5A4A3C")  # thin rules
HAIR = HexColor("#B3A693")  # the faint rules between ledger rows
SHADE = HexColor("#EFE8DA")  # a pale ground behind table heads (a light grey in print)

THIN_PT = 0.5
HAIR_PT = 0.3
THICK_PT = 1.4

BODY_PT = 8.8
BODY = ParagraphStyle(
    "journal-body",
    fontName=SERIF,
    bulletFontName=SERIF,
    fontSize=BODY_PT,
    leading=BODY_PT * 1.3,
    textColor=INK,
)
NOTE = ParagraphStyle(
    "journal-note",
    parent=BODY,
    fontName=SERIF_ITALIC,
    textColor=FADED,
    fontSize=BODY_PT - 0.8,
    leading=(BODY_PT - 0.8) * 1.3,
)
EVENT = ParagraphStyle(
    "journal-event", parent=BODY, leftIndent=mm(3.5), bulletIndent=0, spaceAfter=1.5
)
CELL = ParagraphStyle(
    "journal-cell", parent=BODY, fontSize=BODY_PT - 0.6, leading=(BODY_PT - 0.6) * 1.2
)
CELL_RIGHT = ParagraphStyle("journal-cell-right", parent=CELL, alignment=TA_RIGHT)
CELL_CENTRE = ParagraphStyle("journal-cell-centre", parent=CELL, alignment=TA_CENTER)
CELL_NAME = ParagraphStyle("journal-cell-name", parent=CELL, fontName=SERIF_BOLD)
CELL_NOTE = ParagraphStyle(
    "journal-cell-note",
    parent=CELL,
    fontName=SERIF_ITALIC,
    textColor=FADED,
    fontSize=BODY_PT - 1.4,
    leading=(BODY_PT - 1.4) * 1.25,
)
H1 = ParagraphStyle(
    "journal-h1",
    fontName=DISPLAY,
    fontSize=17,
    leading=20,
    textColor=ACCENT,
    spaceBefore=2,
    spaceAfter=3,
)
H2 = ParagraphStyle(
    "journal-h2",
    fontName=DISPLAY,
    fontSize=13,
    leading=15.5,
    textColor=ACCENT,
    spaceBefore=0,
    spaceAfter=1,
)
LABEL = ParagraphStyle(
    "journal-label",
    fontName=DISPLAY,
    fontSize=8.2,
    leading=10,
    textColor=INK,
    spaceBefore=4,
    spaceAfter=1.5,
)
META = ParagraphStyle(
    "journal-meta", parent=BODY, fontName=SERIF_ITALIC, textColor=FADED, spaceAfter=2
)
PURSE = ParagraphStyle(
    "journal-purse", parent=BODY, fontName=SERIF_BOLD, alignment=TA_RIGHT, spaceBefore=3
)

COVER_KICKER = ParagraphStyle(
    "cover-kicker", fontName=DISPLAY, fontSize=12, leading=15, textColor=INK, alignment=TA_CENTER
)
COVER_NAME = ParagraphStyle(
    "cover-name", fontName=DISPLAY, fontSize=30, leading=33, textColor=ACCENT, alignment=TA_CENTER
)
COVER_SUIT = ParagraphStyle(
    "cover-suit", fontName=SERIF, fontSize=54, leading=60, textColor=INK, alignment=TA_CENTER
)
COVER_LINE = ParagraphStyle(
    "cover-line", parent=BODY, fontSize=10.5, leading=14, alignment=TA_CENTER
)
COVER_SMALL = ParagraphStyle("cover-small", parent=NOTE, alignment=TA_CENTER)
LEFT = TA_LEFT
