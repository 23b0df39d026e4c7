"""The back of a roster card: the faction's tables, the injury strikes and upgrades (R18).

Everything but the names, the strikes taken and the upgrades is the same for every card of one
faction and role kind (leader or not), so `draw_back_frame` draws it once as a form and
`draw_back` adds the rest. The layout shrinks its type until everything fits the safe zone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from printables.cards.code import CODE_BLOCK_GAP_MM, CodeBlock, code_block, draw_code_block
from printables.cards.faces import BackTables, CardFace
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
    draw_ground,
)
from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY
from printables.layout import mm
from printables.text import (
    ASCENT,
    ELLIPSIS,
    block_height,
    ellipsize,
    fit_size,
    text_width,
    wrap,
)
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
LABEL_MIN_PT = MIN_PT
TABLE_LABEL_W = 62.0
STRIKE_LABEL_W = 44.0  # a model's name before its strike boxes on a shared card
SECTION_GAP = 2.5
ROW_PAD = 1.6
SCALES = (1.0,)
# Where a card's state code needs more room than the foot (a leader's back), the gaps between
# the tables close up before any text is cut; the type keeps its size.
GAPS = (1.0, 0.8, 0.6)


@dataclass(frozen=True)
class BackSlots:
    """Where draw_back puts the per-card parts, as found by laying out the frame."""

    scale: float
    strikes: tuple[tuple[tuple[float, float, float], ...], ...]  # per model: (x, y, size) boxes
    labels: tuple[tuple[float, float], ...]  # per model on a shared card: (x, top) of its name
    upgrades: tuple[float, float, float]  # x, baseline top and width of the upgrades text


@dataclass(frozen=True)
class BackLayout:
    """A card's back as laid out: its tables (shortened if they had to be), the gap factor
    they are set at, where the per-card parts go, and the state code's block."""

    tables: BackTables
    gaps: float
    slots: BackSlots
    floor: float  # the tables end above this (card-local points)
    code: CodeBlock | None


def back_layout(face: CardFace) -> BackLayout:
    """Where everything on face's back goes: the code's text under its QR where the tables
    leave room for it (every card but a full leader's), else at its left (issue 34)."""
    return _back_layout(face.back, len(face.names), face.code)


@lru_cache(maxsize=2048)
def _back_layout(back: BackTables, models: int, code: str) -> BackLayout:
    if not code:
        tables, gaps, slots = _fitted(back, models, BODY_BOTTOM)
        return BackLayout(tables, gaps, slots, BODY_BOTTOM, None)
    under = code_block(code, "under")
    floor = max(BODY_BOTTOM, under.top)
    if _fits(back, models, floor):
        tables, gaps, slots = _fitted(back, models, floor)
        return BackLayout(tables, gaps, slots, floor, under)
    beside = code_block(code, "beside")
    floor = max(BODY_BOTTOM, beside.top)
    tables, gaps, slots = _fitted(back, models, floor)
    return BackLayout(tables, gaps, slots, floor, beside)


def back_form_name(face: CardFace) -> str:
    if face.part > 1:
        return f"back-{face.faction_id}-continued"
    kind = "leader" if face.back.leader else "member"
    # one form per layout: the floor fixes the tables' gaps (and any shortening)
    floor = back_layout(face).floor
    return f"back-{face.faction_id}-{kind}-{len(face.names)}-{floor:.2f}"


def back_slots(tables: BackTables, models: int = 1) -> BackSlots:
    return _fitted(tables, models, BODY_BOTTOM)[2]


@lru_cache(maxsize=256)
def _fits(tables: BackTables, models: int, floor: float) -> bool:
    """Whether the tables end above floor at full size and full gaps, nothing cut."""
    return _layout(Pen(None), tables, None, SCALES[0], models)[1] >= floor


@lru_cache(maxsize=256)
def _fitted(tables: BackTables, models: int, floor: float) -> tuple[BackTables, float, BackSlots]:
    """The tables, the gap factor and the slots at which the tables end above floor.

    The gaps close up first; when even the closest are too wide (a ruleset with pages of rule
    text), the longest text is cut short with an ellipsis until the back fits: nothing ever
    leaves the card.
    """
    t = tables
    while True:
        for s in SCALES:
            for g in GAPS:
                slots, bottom = _layout(Pen(None), t, None, s, models, g)
                if bottom >= floor:
                    return t, g, slots
        shorter = _shorten(t)
        if shorter == t:
            return t, GAPS[-1], slots
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
    if face.part == 1:
        laid = back_layout(face)
        _layout(pen, laid.tables, pal, laid.slots.scale, len(face.names), laid.gaps)
        # the upgrades line itself is the card's own: it ends where its state code begins
        label_top = UPGRADE_LINES_Y[-1] + 1.5 + block_height(HEADING_PT)
        pen.text(LEFT, label_top, "Upgrades", CONDENSED_BOLD, HEADING_PT, pal.accent)
    else:
        note = "The rest of this model's gear: its stats, wounds and strikes are on card 1."
        lines = wrap(note, CONDENSED, TEXT_PT, INNER_W)
        pen.lines(LEFT, BODY_TOP, lines, CONDENSED, TEXT_PT, pal.faded)


def _top_right(face: CardFace) -> str:
    """What the names line carries at its right: the ruleset, or which card of a member's."""
    text = f"card {face.part} of {face.parts}" if face.part > 1 else face.back.ruleset
    return ellipsize(text, CONDENSED, FOOTER_PT, 0.62 * INNER_W)


def draw_back(pen: Pen, face: CardFace, pal: Palette) -> None:
    """The names (small, to match loose cards), the strikes taken and the upgrades."""
    footer = _top_right(face)
    width = INNER_W - text_width(footer, CONDENSED, FOOTER_PT) - 4
    size = fit_size(face.title, CONDENSED_BOLD, width, NAMES_PT, NAMES_MIN_PT)
    if text_width(face.title, CONDENSED_BOLD, size) > width:
        # A long name takes the whole line: the ruleset's name, a reminder only, gives way to
        # it (a continuation card's "card 2 of 3" is kept: it pairs the card with its front).
        keep = face.part > 1
        width = width if keep else INNER_W
        size = fit_size(face.title, CONDENSED_BOLD, width, NAMES_PT, NAMES_MIN_PT)
        footer = footer if keep else ""
    if footer:
        pen.text(
            RIGHT,
            TOP - ASCENT * (NAMES_PT - FOOTER_PT),
            footer,
            CONDENSED,
            FOOTER_PT,
            pal.faded,
            "right",
        )
    # Still too long at the floor: cut with an ellipsis, which shows that it is cut.
    pen.text(
        LEFT,
        TOP,
        ellipsize(face.title, CONDENSED_BOLD, size, width),
        CONDENSED_BOLD,
        size,
        pal.text,
    )
    if face.part > 1:
        return
    laid = back_layout(face)
    slots = laid.slots
    for track in slots.strikes:  # the models of a shared card are alike: same strikes
        for x, y, box in track[: face.injuries]:
            pen.box(x + 1.6, y + 1.6, box - 3.2, box - 3.2, fill=pal.mark)
    if len(face.names) > 1:
        for (x, top), name in zip(slots.labels, face.names, strict=True):
            label = ellipsize(name, CONDENSED_BOLD, TEXT_PT, STRIKE_LABEL_W - 3)
            pen.text(x, top, label, CONDENSED_BOLD, TEXT_PT, pal.text)
    x, top, width = slots.upgrades
    # Issue 34: the state code's block at the bottom right; the upgrades line ends before it.
    line_end = laid.code.left - mm(CODE_BLOCK_GAP_MM) if laid.code else RIGHT
    for y in UPGRADE_LINES_Y:
        pen.rule(LEFT, y, line_end, y, pal.line, 0.5)
    width = min(width, line_end - x)
    text = ", ".join(f"{name} +{n}" for name, n in face.upgrades)
    size = TEXT_PT
    if text and text_width(text, CONDENSED, size) > width:
        # Beside the state code the line is short (issue 34): the stats' short names, as on
        # the front ("St +1, Df +2"), down to the smallest type, before anything is cut.
        short = {cell.name: cell.short for cell in face.stats}
        text = ", ".join(f"{short.get(name, name)} +{n}" for name, n in face.upgrades)
        size = fit_size(text, CONDENSED, width, TEXT_PT, MIN_PT)
    if text:
        top -= ASCENT * (TEXT_PT - size)  # on the same baseline as at full size
        pen.text(x, top, ellipsize(text, CONDENSED, size, width), CONDENSED, size, pal.text)
    if laid.code is not None:
        draw_code_block(pen, laid.code, pal)


def _layout(
    pen: Pen, t: BackTables, pal: Palette | None, s: float, models: int = 1, g: float = 1.0
) -> tuple[BackSlots, float]:
    """Draw (or measure, with pal None) the static back at scale s, its gaps closed up by g;
    returns slots and bottom."""
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
    rows = [(cards, [" or ".join(stats)]) for cards, stats in t.advancement]
    y = _table(pen, ink, y, rows, s, header=False, g=g)
    note = f"\u2212{t.wounds_lost} {t.wounds_short} each; \u2020 dead"
    y, strikes, labels = _strikes(pen, ink, y - SECTION_GAP * s * g, t.strikes, note, s, models)
    label_w = text_width("Upgrades", CONDENSED_BOLD, HEADING_PT) + 4
    top = UPGRADE_LINES_Y[-1] + 1.5 + block_height(TEXT_PT)
    upgrades = (LEFT + label_w, top, INNER_W - label_w)
    return BackSlots(s, strikes, labels, upgrades), y


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
    pen: Pen, ink: _Ink, top: float, n: int, note: str, s: float, models: int = 1
) -> tuple[
    float, tuple[tuple[tuple[float, float, float], ...], ...], tuple[tuple[float, float], ...]
]:
    """'Out of action' and n boxes for each model (the last box is death, a dagger).

    One model: label and boxes on one line. A shared card: the heading, then a line per model
    with room for its name (drawn per card) before its boxes.
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
        text = ellipsize(note, CONDENSED, note_pt, RIGHT - note_x)
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
        text = ellipsize(note, CONDENSED, MIN_PT, RIGHT - note_x)
        pen.text(note_x, top - (h - block_height(MIN_PT)) / 2, text, CONDENSED, MIN_PT, ink.faded)
    return y_end, tuple(tracks), tuple(labels)
