"""The static part of a roster card's back (R18): the faction's tables, the leader's rule,
the advancement table and the strikes, laid out from the top at a type scale and a gap
factor; `back.py` chooses those (and where a card's state code stands) and draws the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from printables.cards.faces import BackTables
from printables.cards.pen import Pen
from printables.cards.style import (
    BODY_PT,
    BOX,
    CARD_H,
    CARD_W,
    INNER_W,
    MIN_PT,
    SAFE,
    WRITE_GAP,
    Palette,
)
from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY
from printables.text import ASCENT, block_height, ellipsize, fit_size, text_width, wrap
from rostermgr.cards import SUIT_SYMBOLS

LEFT, RIGHT, TOP, BOTTOM = SAFE, CARD_W - SAFE, CARD_H - SAFE, SAFE

NAMES_PT, NAMES_MIN_PT = 7.0, MIN_PT
NAMES_BOTTOM = TOP - block_height(NAMES_PT) - 2.0
FOOTER_PT = MIN_PT  # the ruleset's name, at the right of the names line
FOOTER_TOP = BOTTOM + block_height(FOOTER_PT)
# Upgrades: a labelled line to write on at the foot, with a pen line's room above it.
UPGRADE_LINES_Y = (BOTTOM + 1.0,)
BODY_TOP = NAMES_BOTTOM - 3.0
BODY_BOTTOM = UPGRADE_LINES_Y[-1] + WRITE_GAP

# Type never shrinks below the floors: the scales only close up a back that nearly fits.
HEADING_PT, TABLE_PT, TEXT_PT = 7.5, BODY_PT, BODY_PT
UPGRADES_LABEL_TOP = UPGRADE_LINES_Y[-1] + 1.5 + block_height(HEADING_PT)
# Beside a state code's text the upgrades may not fit after their label: a line above it
UPGRADES_ABOVE_TOP = UPGRADES_LABEL_TOP + 1.0 + block_height(BODY_PT)
LABEL_MIN_PT = MIN_PT
TABLE_LABEL_W = 62.0
STRIKE_LABEL_W = 62.0  # a model's name before its strike boxes on a shared card
SECTION_GAP = 2.5
ROW_PAD = 1.6
SCALES = (1.0,)
# Where a card's state code needs more room than the foot (a leader's back), the gaps between
# the tables close up before any text is cut; the type keeps its size.
GAPS = (1.0, 0.8, 0.6, 0.5)


@dataclass(frozen=True)
class BackSlots:
    """Where draw_back puts the per-card parts, as found by laying out the frame."""

    scale: float
    strikes: tuple[tuple[tuple[float, float, float], ...], ...]  # per model: (x, y, size) boxes
    labels: tuple[tuple[float, float], ...]  # per model on a shared card: (x, top) of its name
    upgrades: tuple[float, float, float]  # x, baseline top and width of the upgrades text


def layout_tables(
    pen: Pen,
    t: BackTables,
    pal: Palette | None,
    s: float,
    models: int = 1,
    g: float = 1.0,
    column: float | None = None,
) -> tuple[BackSlots, float, float]:
    """Draw (or measure, with pal None) the static back at scale s, its gaps closed up by g;
    returns slots, the bottom, and the bottom of what reaches column and right of it.

    With column (a card's state code stands at its right, issue 34), the strikes section's
    note ends at column, and when its boxes do too the code may rise beside the section: the
    bottom at the column's right is then the advancement table's.
    """
    ink = _Ink(pal)
    y = BODY_TOP
    suit = SUIT_SYMBOLS.get(t.suit, "")
    y = _heading(pen, ink, y, f"Favoured suit {suit}  {t.faction}", s)
    rows = [
        ("Card", [r for r, _, _ in t.favoured]),
        ("Test", [_bonus(v) for _, v, _ in t.favoured]),
        ("Dmg, toughness", [_bonus(v) for _, _, v in t.favoured]),
    ]
    y = _table(pen, ink, y, rows, s, g=g)
    tie = f"Tie: a lone favoured card gets +{t.tie_break} and wins."
    y = _para(pen, ink, y, tie, s, faded=True)
    y = _heading(pen, ink, y - SECTION_GAP * s * g, "Damage", s)
    rows = [
        ("Difference", [d for d, _ in t.damage]),
        ("Base damage", [str(n) for _, n in t.damage]),
    ]
    y = _table(pen, ink, y, rows, s, g=g)
    if t.actions:
        for name, text in t.actions:  # one entry (R1): the heading names the action
            heading = wrap(name, CONDENSED_BOLD, HEADING_PT * s, INNER_W)
            size = HEADING_PT * s
            y = pen.lines(LEFT, y - SECTION_GAP * s * g, heading, CONDENSED_BOLD, size, ink.accent)
            y -= 1.0 * s
            if text:
                y = _para(pen, ink, y, text, s)
    if t.rule is not None:
        y = _heading(pen, ink, y - SECTION_GAP * s * g, t.rule[0], s)
        y = _para(pen, ink, y, t.rule[1], s)
    y = _heading(pen, ink, y - SECTION_GAP * s * g, "Advancement flip: +1 to one of", s)
    rows = [(cards, [_choices(t, i, s)]) for i, (cards, _) in enumerate(t.advancement)]
    y = _table(pen, ink, y, rows, s, header=False, g=g)
    note = f"\u2212{t.wounds_lost} {t.wounds_short} each; \u2020 dead"
    wide_bottom = y
    right = RIGHT if column is None else column
    top = y - SECTION_GAP * s * g
    y, strikes, labels, boxes_right = _strikes(pen, ink, top, t.strikes, note, s, models, right)
    right_bottom = wide_bottom if column is not None and boxes_right <= column else y
    label_w = text_width("Upgrades", CONDENSED_BOLD, HEADING_PT) + 4
    top = UPGRADE_LINES_Y[-1] + 1.5 + block_height(TEXT_PT)
    upgrades = (LEFT + label_w, top, INNER_W - label_w)
    return BackSlots(s, strikes, labels, upgrades), y, right_bottom


def _choices(t: BackTables, row: int, s: float) -> str:
    """An advancement row's stats, "Defence or Wounds"; their short names, as on the front,
    when a house ruleset's long names would be cut ("Verteidigungsbereitscha...")."""
    text = " or ".join(t.advancement[row][1])
    too_wide = text_width(text, CONDENSED, TABLE_PT * s) > INNER_W - TABLE_LABEL_W
    if too_wide and row < len(t.advancement_short):
        return " or ".join(t.advancement_short[row])
    return text


class _Ink:
    """The palette's colours, or anything when only measuring."""

    def __init__(self, pal: Palette | None) -> None:
        from reportlab.lib.colors import black

        self.pal = pal
        self.accent = pal.accent if pal else black
        self.text = pal.text if pal else black
        self.faded = pal.faded if pal else black
        self.line = pal.line if pal else black
        self.cell = pal.cell if pal else None


def _bonus(value: int) -> str:
    return f"+{value}" if value else "\u2013"


def _heading(pen: Pen, ink: _Ink, top: float, text: str, s: float) -> float:
    size = HEADING_PT * s
    text = ellipsize(text, CONDENSED_BOLD, size, INNER_W)
    return pen.text(LEFT, top, text, CONDENSED_BOLD, size, ink.accent) - 1.0 * s


def _para(
    pen: Pen,
    ink: _Ink,
    top: float,
    text: str,
    s: float,
    *,
    bold: bool = False,
    faded: bool = False,
    indent: float = 0.0,
) -> float:
    size = TEXT_PT * s
    font = CONDENSED_BOLD if bold else CONDENSED
    lines = wrap(text, font, size, INNER_W - indent)
    color = ink.faded if faded else ink.text
    return pen.lines(LEFT + indent, top, lines, font, size, color) - 0.8 * s


def _table(
    pen: Pen,
    ink: _Ink,
    top: float,
    rows: list[tuple[str, list[str]]],
    s: float,
    *,
    header: bool = True,
    g: float = 1.0,
) -> float:
    """A label column and equal value columns; the first row shaded as a header."""
    size = TABLE_PT * s
    row_h = block_height(size) + ROW_PAD * s * g
    cols = max(len(v) for _, v in rows)
    col_w = (INNER_W - TABLE_LABEL_W) / cols
    for i, (label, values) in enumerate(rows):
        y = top - i * row_h
        head = header and i == 0
        if head:
            pen.box(LEFT, y - row_h, INNER_W, row_h, fill=ink.cell, stroke=None)
        font = CONDENSED_BOLD if head or not header else CONDENSED
        t = y - 1.0 * s
        label_pt = fit_size(label, CONDENSED_BOLD, TABLE_LABEL_W - 2, size, LABEL_MIN_PT)
        label = ellipsize(label, CONDENSED_BOLD, label_pt, TABLE_LABEL_W - 2)
        label_top = t - ASCENT * (size - label_pt)
        pen.text(
            LEFT + 1,
            label_top,
            label,
            CONDENSED_BOLD,
            label_pt,
            ink.accent if not head else ink.text,
        )
        for j, value in enumerate(values):
            if len(values) == 1 and cols == 1:
                pen.text(
                    LEFT + TABLE_LABEL_W,
                    t,
                    ellipsize(value, font, size, col_w),
                    CONDENSED,
                    size,
                    ink.text,
                )
            else:
                x = LEFT + TABLE_LABEL_W + (j + 0.5) * col_w
                fit = fit_size(value, font, col_w - 1, size, LABEL_MIN_PT)
                top_fit = t - ASCENT * (size - fit)
                value = ellipsize(value, font, fit, col_w - 1)
                pen.text(x, top_fit, value, font, fit, ink.text, "centre")
        pen.rule(LEFT, y - row_h, RIGHT, y - row_h, ink.line, 0.3)
    return top - len(rows) * row_h - 1.0 * s


def _strikes(
    pen: Pen,
    ink: _Ink,
    top: float,
    n: int,
    note: str,
    s: float,
    models: int = 1,
    right: float = RIGHT,
) -> tuple[
    float,
    tuple[tuple[tuple[float, float, float], ...], ...],
    tuple[tuple[float, float], ...],
    float,
]:
    """'Out of action' and n boxes for each model (the last box is death, a dagger); returns
    the section's bottom, the boxes, the names' places and the boxes' right end.

    One model: label and boxes on one line. A shared card: the heading, then a line per model
    with room for its name (drawn per card) before its boxes. The note ends at right (where a
    card's state code stands beside the section), cut short or left out when it has no room.
    """
    size = HEADING_PT * s
    label = "Out of action"
    box = BOX
    gap = 2.5
    note_pt = TEXT_PT
    tracks: list[tuple[tuple[float, float, float], ...]] = []
    labels: list[tuple[float, float]] = []
    if models == 1:
        h = max(box, block_height(size))
        pen.text(LEFT, top - (h - block_height(size)) / 2, label, CONDENSED_BOLD, size, ink.accent)
        starts = [(LEFT + text_width(label, CONDENSED_BOLD, size) + 5, top)]
        y_end = top - h
    else:
        heading_bottom = _heading(pen, ink, top, label, s)
        note_x = LEFT + text_width(label, CONDENSED_BOLD, size) + 5
        text = _note(note, note_pt, right - note_x)
        pen.text(note_x, top - ASCENT * (size - note_pt), text, CONDENSED, note_pt, ink.faded)
        starts = []
        y = heading_bottom - 1.0
        for _ in range(models):
            labels.append((LEFT, y - (box - block_height(TEXT_PT)) / 2))
            starts.append((LEFT + STRIKE_LABEL_W, y))
            y -= box + 1.0
        h = box
        y_end = y + 1.0
    for x0, row_top in starts:
        boxes = []
        for i in range(n):
            x = x0 + i * (box + gap)
            y = row_top - (h + box) / 2 if models == 1 else row_top - box
            pen.box(x, y, box, box, stroke=ink.text, width=0.7)
            boxes.append((x, y, box))
            if i == n - 1:
                dsize = box * 0.75
                pen.text(
                    x + box / 2,
                    y + box - (box - block_height(dsize)) / 2 + 0.2,
                    "\u2020",
                    DISPLAY,
                    dsize,
                    ink.faded,
                    "centre",
                )
        tracks.append(tuple(boxes))
    if models == 1:
        note_x = starts[0][0] + n * (box + gap) + 1
        text = _note(note, MIN_PT, right - note_x)
        pen.text(note_x, top - (h - block_height(MIN_PT)) / 2, text, CONDENSED, MIN_PT, ink.faded)
    boxes_right = max((x + b for track in tracks for x, _, b in track[-1:]), default=LEFT)
    return y_end, tuple(tracks), tuple(labels), boxes_right


def _note(note: str, size: float, width: float) -> str:
    """The strikes' reminder if it fits width, else nothing."""
    whole = text_width(note, CONDENSED, size) <= width
    return note if whole else ""  # a reminder cut short says nothing: whole or left out
