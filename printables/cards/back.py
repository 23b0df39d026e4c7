"""The back of a roster card: the faction's tables, the injury strikes and upgrades (R18).

Everything but the names, the strikes taken and the upgrades is the same for every card of one
faction and role kind (leader or not), so `draw_back_frame` draws it once as a form and
`draw_back` adds the rest. The layout shrinks its type until everything fits the safe zone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from printables.cards.faces import BackTables, CardFace
from printables.cards.pen import Pen
from printables.cards.style import CARD_H, CARD_W, INNER_W, SAFE, Palette, draw_ground
from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY
from printables.text import (
    ASCENT,
    ELLIPSIS,
    block_height,
    ellipsize,
    fit_block,
    fit_size,
    text_width,
    wrap,
)
from rostermgr.cards import SUIT_SYMBOLS

LEFT, RIGHT, TOP, BOTTOM = SAFE, CARD_W - SAFE, CARD_H - SAFE, SAFE

NAMES_PT, NAMES_MIN_PT = 6.0, 4.5
NAMES_BOTTOM = TOP - block_height(NAMES_PT) - 2.0
FOOTER_PT = 5.0
FOOTER_TOP = BOTTOM + block_height(FOOTER_PT)
BODY_TOP = NAMES_BOTTOM - 3.0
BODY_BOTTOM = FOOTER_TOP + 2.0

HEADING_PT, TABLE_PT, TEXT_PT = 7.5, 6.6, 6.4
TABLE_LABEL_W = 58.0
STRIKE_BOX = 8.0
SECTION_GAP = 4.0
UPGRADE_LINES = 2
SCALES = (1.0, 0.94, 0.88, 0.82, 0.76, 0.7, 0.64, 0.58)


@dataclass(frozen=True)
class BackSlots:
    """Where draw_back puts the per-card parts, as found by laying out the frame."""

    scale: float
    strikes: tuple[tuple[float, float, float], ...]  # (x, y, size) of each box
    upgrades: tuple[float, float, float, float]  # x, top, width, height of the upgrades text


def back_form_name(face: CardFace) -> str:
    return f"back-{face.faction_id}-{'leader' if face.back.leader else 'member'}"


def back_slots(tables: BackTables) -> BackSlots:
    return _fitted(tables)[1]


@lru_cache(maxsize=64)
def _fitted(tables: BackTables) -> tuple[BackTables, BackSlots]:
    """The largest type scale at which the tables fit, with the slots at that scale.

    When even the smallest scale is too small (a ruleset with pages of rule text), the longest
    text is cut short with an ellipsis until the back fits: nothing ever leaves the card.
    """
    t = tables
    while True:
        for s in SCALES:
            slots, bottom = _layout(Pen(None), t, None, s)
            if bottom >= BODY_BOTTOM:
                return t, slots
        shorter = _shorten(t)
        if shorter == t:
            return t, slots
        t = shorter


def _shorten(t: BackTables) -> BackTables:
    texts = [text for _, text in t.actions] + ([t.rule[1]] if t.rule else [])
    longest = max(texts, key=len, default="")
    if not longest:
        return t
    words = longest.rstrip(ELLIPSIS).split(" ")
    cut = " ".join(words[: len(words) // 2]).rstrip(" ,.;:") + ELLIPSIS if len(words) > 1 else ""

    def fix(text: str) -> str:
        return cut if text == longest else text

    rule = (t.rule[0], fix(t.rule[1])) if t.rule else None
    return replace(t, actions=tuple((n, fix(x)) for n, x in t.actions), rule=rule)


def draw_back_frame(pen: Pen, face: CardFace, pal: Palette) -> None:
    draw_ground(pen, pal)
    pen.rule(LEFT, NAMES_BOTTOM + 0.8, RIGHT, NAMES_BOTTOM + 0.8, pal.accent, 0.6)
    tables, slots = _fitted(face.back)
    _layout(pen, tables, pal, slots.scale)
    footer = ellipsize(face.back.ruleset, CONDENSED, FOOTER_PT, INNER_W)
    pen.text(CARD_W / 2, FOOTER_TOP, footer, CONDENSED, FOOTER_PT, pal.faded, "centre")


def draw_back(pen: Pen, face: CardFace, pal: Palette) -> None:
    """The names (small, to match loose cards), the strikes taken and the upgrades."""
    size, lines = fit_block(
        face.title, CONDENSED_BOLD, INNER_W, block_height(NAMES_PT), NAMES_PT, NAMES_MIN_PT
    )
    pen.text(LEFT, TOP, lines[0], CONDENSED_BOLD, size, pal.text)
    slots = back_slots(face.back)
    for x, y, box in slots.strikes[: face.injuries]:
        pen.box(x + 1.2, y + 1.2, box - 2.4, box - 2.4, fill=pal.mark)
    x, top, width, height = slots.upgrades
    text = ", ".join(f"{name} +{n}" for name, n in face.upgrades)
    if text:
        size = TEXT_PT * slots.scale
        fit, lines = fit_block(text, CONDENSED, width, height, size, 4.0)
        pen.lines(x, top, lines, CONDENSED, fit, pal.text)


def _layout(pen: Pen, t: BackTables, pal: Palette | None, s: float) -> tuple[BackSlots, float]:
    """Draw (or measure, with pal None) the static back at scale s; returns slots and bottom."""
    ink = _Ink(pal)
    y = BODY_TOP
    suit = SUIT_SYMBOLS.get(t.suit, "")
    y = _heading(pen, ink, y, f"Favoured suit {suit}  {t.faction}", s)
    rows = [
        ("Card", [r for r, _, _ in t.favoured]),
        ("Test", [_bonus(v) for _, v, _ in t.favoured]),
        ("Damage, toughness", [_bonus(v) for _, _, v in t.favoured]),
    ]
    y = _table(pen, ink, y, rows, s)
    tie = f"A tie: if only one side played a favoured card, it gets +{t.tie_break} and wins."
    y = _para(pen, ink, y, tie, s, faded=True)
    y = _heading(pen, ink, y - SECTION_GAP * s, "Damage", s)
    rows = [
        ("Difference", [d for d, _ in t.damage]),
        ("Base damage", [str(n) for _, n in t.damage]),
    ]
    y = _table(pen, ink, y, rows, s)
    if t.actions:
        y = _heading(pen, ink, y - SECTION_GAP * s, "Leader's eighth card (a pair)", s)
        for name, text in t.actions:
            y = _para(pen, ink, y, name, s, bold=True)
            if text:
                y = _para(pen, ink, y, text, s, indent=4.0)
    if t.rule is not None:
        y = _heading(pen, ink, y - SECTION_GAP * s, t.rule[0], s)
        y = _para(pen, ink, y, t.rule[1], s)
    note = f"\u2212{t.wounds_lost} {t.wounds_short} each; \u2020 dead"
    y, strikes = _strikes(pen, ink, y - SECTION_GAP * s, t.strikes, note, s)
    y = _heading(pen, ink, y - SECTION_GAP * s, "Advancement flip: +1 to one of", s)
    rows = [(cards, [" or ".join(stats)]) for cards, stats in t.advancement]
    y = _table(pen, ink, y, rows, s, header=False)
    y -= SECTION_GAP * s
    size = HEADING_PT * s
    pen.text(LEFT, y, "Upgrades", CONDENSED_BOLD, size, ink.accent)
    label_w = text_width("Upgrades", CONDENSED_BOLD, size) + 4
    text_size = TEXT_PT * s
    height = block_height(text_size, UPGRADE_LINES)
    top = y - ASCENT * (size - text_size)
    upgrades = (LEFT + label_w, top, INNER_W - label_w, height)
    return BackSlots(s, strikes, upgrades), top - height


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
) -> float:
    """A label column and equal value columns; the first row shaded as a header."""
    size = TABLE_PT * s
    row_h = block_height(size) + 2.0 * s
    cols = max(len(v) for _, v in rows)
    col_w = (INNER_W - TABLE_LABEL_W) / cols
    for i, (label, values) in enumerate(rows):
        y = top - i * row_h
        head = header and i == 0
        if head:
            pen.box(LEFT, y - row_h, INNER_W, row_h, fill=ink.cell, stroke=None)
        font = CONDENSED_BOLD if head or not header else CONDENSED
        t = y - 1.0 * s
        label_pt = fit_size(label, CONDENSED_BOLD, TABLE_LABEL_W - 2, size, size * 0.8)
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
                pen.text(
                    x, t, ellipsize(value, font, size, col_w - 1), font, size, ink.text, "centre"
                )
        pen.rule(LEFT, y - row_h, RIGHT, y - row_h, ink.line, 0.3)
    return top - len(rows) * row_h - 1.0 * s


def _strikes(
    pen: Pen, ink: _Ink, top: float, n: int, note: str, s: float
) -> tuple[float, tuple[tuple[float, float, float], ...]]:
    """'Out of action' and one box per strike; the last box is death (a dagger)."""
    size = HEADING_PT * s
    label = "Out of action"
    box = STRIKE_BOX * s
    h = max(box, block_height(size))
    pen.text(LEFT, top - (h - block_height(size)) / 2, label, CONDENSED_BOLD, size, ink.accent)
    x0 = LEFT + text_width(label, CONDENSED_BOLD, size) + 5
    boxes = []
    for i in range(n):
        x = x0 + i * (box + 3 * s)
        y = top - (h + box) / 2
        pen.box(x, y, box, box, stroke=ink.text, width=0.7)
        boxes.append((x, y, box))
        if i == n - 1:
            dsize = box * 0.8
            pen.text(
                x + box / 2,
                y + box - (box - block_height(dsize)) / 2 + 0.2,
                "\u2020",
                DISPLAY,
                dsize,
                ink.faded,
                "centre",
            )
    note_x = x0 + n * (box + 3 * s) + 2
    note = ellipsize(note, CONDENSED, TEXT_PT * 0.9 * s, RIGHT - note_x)
    pen.text(
        note_x,
        top - (h - block_height(TEXT_PT * 0.9 * s)) / 2,
        note,
        CONDENSED,
        TEXT_PT * 0.9 * s,
        ink.faded,
    )
    return top - h, tuple(boxes)
