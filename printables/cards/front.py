"""The front of a roster card: who, the stat line, the wound track and the gear (R18).

`draw_front_frame` is the artwork shared by every card of one faction (drawn once as a form);
`draw_front` adds what belongs to one card. Both work in card-local points, y up.
"""

from __future__ import annotations

from collections.abc import Callable

from printables.cards.faces import CardFace, StatCell, WeaponLine
from printables.cards.pen import Pen
from printables.cards.style import CARD_H, CARD_W, INNER_W, SAFE, Palette, draw_ground
from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY, SERIF_ITALIC
from printables.text import ASCENT, block_height, ellipsize, fit_block, fit_size, text_width, wrap
from rostermgr.cards import SUIT_SYMBOLS

LEFT, RIGHT, TOP = SAFE, CARD_W - SAFE, CARD_H - SAFE

POSSE_PT, POSSE_MIN_PT = 6.5, 5.0
# A shared card of three long names fits (tested with one of 60 W's); names wider still lose
# the end of their last line to an ellipsis.
NAME_PT, NAME_MIN_PT = 13.0, 4.5
NAME_LEAD = 1.08
NAMES_TOP = TOP - block_height(POSSE_PT) - 1.5
NAMES_H = 25.0
ROLE_PT = 7.0
ROLE_TOP = NAMES_TOP - NAMES_H - 1.5
PANEL_BOTTOM = ROLE_TOP - block_height(ROLE_PT) - 3.0  # the header panel runs up to the trim

STAT_GAP = 1.5
STATS_TOP = PANEL_BOTTOM - 4.0
STAT_H = 27.0
STAT_LABEL_PT = 6.0
STAT_VALUE_PT = 16.0
BONUS_PT = 7.5

WOUNDS_TOP = STATS_TOP - STAT_H - 4.0
WOUND_LABEL_PT = 6.5
WOUND_BOX = 10.5
WOUND_GAP = 2.0
WOUND_ROWS = 3

PEN_LINE_GAP = 12.0  # two ruled lines for gear added in pen, about 4 mm apart
PEN_LINES_Y = (SAFE + 1.0, SAFE + 1.0 + PEN_LINE_GAP)
EQUIP_TOP = WOUNDS_TOP - WOUND_BOX - 5.0
EQUIP_BOTTOM = PEN_LINES_Y[1] + PEN_LINE_GAP

# Gear table columns (widths in points) and type at scale 1; the table shrinks to fit.
RANGE_W, DAMAGE_W, RELOAD_W = 24.0, 18.0, 30.0
NAME_W = INNER_W - RANGE_W - DAMAGE_W - RELOAD_W
LABEL_W = 34.0
GEAR_PT, HEAD_PT = 8.0, 6.0
RELOAD_BOX = 6.0
SCALES = (1.0, 0.93, 0.86, 0.8, 0.74, 0.68, 0.62)


def front_form_name(face: CardFace) -> str:
    return f"front-{face.faction_id}"


def draw_front_frame(pen: Pen, face: CardFace, pal: Palette) -> None:
    """Ground, edge band, header panel, stat boxes and labels, wound label, pen lines."""
    draw_ground(pen, pal, PANEL_BOTTOM)
    if pal.band is None:
        pen.rule(LEFT, PANEL_BOTTOM, RIGHT, PANEL_BOTTOM, pal.accent, 0.8)
    pen.text(RIGHT, ROLE_TOP, _faction_label(face), CONDENSED_BOLD, ROLE_PT, pal.head_text, "right")
    for x, w, cell in _stat_cells(face.stats):
        pen.box(x, STATS_TOP - STAT_H, w, STAT_H, fill=pal.cell, stroke=pal.line, width=0.5)
        label = ellipsize(cell.short, CONDENSED_BOLD, STAT_LABEL_PT, w - 2)
        pen.text(
            x + w / 2, STATS_TOP - 1.5, label, CONDENSED_BOLD, STAT_LABEL_PT, pal.accent, "centre"
        )
    wounds = next((c.name for c in face.stats if c.stat == "wounds"), "Wounds")
    label_top = WOUNDS_TOP - (WOUND_BOX - block_height(WOUND_LABEL_PT)) / 2
    pen.text(LEFT, label_top, wounds, CONDENSED_BOLD, WOUND_LABEL_PT, pal.accent)
    for y in PEN_LINES_Y:
        pen.rule(LEFT, y, RIGHT, y, pal.line, 0.4)


def draw_front(pen: Pen, face: CardFace, pal: Palette) -> None:
    """Names, role, stat values, wound boxes and gear of one card over its frame."""
    posse_pt = fit_size(face.posse, CONDENSED, INNER_W, POSSE_PT, POSSE_MIN_PT)
    posse = ellipsize(face.posse, CONDENSED, posse_pt, INNER_W)
    pen.text(LEFT, TOP - ASCENT * (POSSE_PT - posse_pt), posse, CONDENSED, posse_pt, pal.head_text)
    size, lines = _fit_names(face.title)
    top = NAMES_TOP - (NAMES_H - block_height(size, len(lines), NAME_LEAD)) / 2
    pen.lines(LEFT, top, lines, DISPLAY, size, pal.head_text, NAME_LEAD)
    faction_w = text_width(_faction_label(face), CONDENSED_BOLD, ROLE_PT) + 4
    role = face.role + (f" \u00d7{len(face.names)}" if len(face.names) > 1 else "")
    role = ellipsize(role, CONDENSED, ROLE_PT, INNER_W - faction_w)
    pen.text(LEFT, ROLE_TOP, role, CONDENSED, ROLE_PT, pal.head_text)
    for x, w, cell in _stat_cells(face.stats):
        _stat_value(pen, x, w, cell, pal)
    _wound_track(pen, face, pal)
    _gear(pen, face, pal)


def _faction_label(face: CardFace) -> str:
    """'Outlawmen ♦', at most 60% of the line: the role gets the rest."""
    suit = SUIT_SYMBOLS.get(face.suit, "")
    name = ellipsize(
        face.faction,
        CONDENSED_BOLD,
        ROLE_PT,
        0.6 * INNER_W - text_width(f" {suit}", CONDENSED_BOLD, ROLE_PT),
    )
    return f"{name} {suit}".strip()


def _fit_names(title: str) -> tuple[float, list[str]]:
    """The largest type at which the names fit the header, wrapped, ellipsized only at the end."""
    return fit_block(title, DISPLAY, INNER_W, NAMES_H, NAME_PT, NAME_MIN_PT, NAME_LEAD)


def _stat_cells(stats: tuple[StatCell, ...]) -> list[tuple[float, float, StatCell]]:
    n = len(stats)
    w = (INNER_W - (n - 1) * STAT_GAP) / n
    return [(LEFT + i * (w + STAT_GAP), w, cell) for i, cell in enumerate(stats)]


def _stat_value(pen: Pen, x: float, w: float, cell: StatCell, pal: Palette) -> None:
    value = str(cell.value).replace("-", "\u2212")
    bonus = f"+{cell.bonus}" if cell.bonus else ""
    bonus_w = text_width(bonus, CONDENSED_BOLD, BONUS_PT) + 0.5 if bonus else 0.0
    size = fit_size(value, DISPLAY, w - 3 - bonus_w, STAT_VALUE_PT, 7.0)
    value_w = text_width(value, DISPLAY, size)
    left = x + (w - value_w - bonus_w) / 2
    label_bottom = STATS_TOP - 1.5 - block_height(STAT_LABEL_PT)
    room = label_bottom - (STATS_TOP - STAT_H)
    top = label_bottom - (room - block_height(size)) / 2 + 0.5
    pen.text(left, top, value, DISPLAY, size, pal.text)
    if bonus:
        pen.text(left + value_w + 0.5, top + 0.5, bonus, CONDENSED_BOLD, BONUS_PT, pal.accent)


def _wound_track(pen: Pen, face: CardFace, pal: Palette) -> None:
    n = max(face.wounds, 0)
    if not n:
        return
    label = next((c.name for c in face.stats if c.stat == "wounds"), "Wounds")
    start = LEFT + text_width(label, CONDENSED_BOLD, WOUND_LABEL_PT) + 4
    room = RIGHT - start

    def fit(rows: int) -> float:  # the box size for this many rows in the track's band
        per_row = -(-n // rows)
        return min(
            (WOUND_BOX - (rows - 1) * WOUND_GAP) / rows, (room + WOUND_GAP) / per_row - WOUND_GAP
        )

    rows = max(range(1, WOUND_ROWS + 1), key=fit)  # very many wounds: smaller boxes, more rows
    box, per_row = fit(rows), -(-n // rows)
    gap = min(WOUND_GAP, box / 4)
    height = rows * box + (rows - 1) * gap
    top = WOUNDS_TOP - (WOUND_BOX - height) / 2
    for i in range(n):
        row, col = divmod(i, per_row)
        y = top - (row + 1) * box - row * gap
        pen.box(start + col * (box + gap), y, box, box, stroke=pal.text, width=0.6)


Row = tuple[float, Callable[[Pen, float], None]]  # (height, draw(pen, top))


def _gear(pen: Pen, face: CardFace, pal: Palette) -> None:
    avail = EQUIP_TOP - EQUIP_BOTTOM
    for s in SCALES:
        rows = _gear_rows(face, pal, s)
        if sum(h for h, _ in rows) <= avail:
            break
    else:
        rows = _cut_rows(rows, avail, pal, SCALES[-1])
    top = EQUIP_TOP
    for h, draw in rows:
        draw(pen, top)
        top -= h


def _cut_rows(rows: list[Row], avail: float, pal: Palette, s: float) -> list[Row]:
    more = _note_row("\u2026 more gear in the posse journal", pal, s)
    kept: list[Row] = []
    used = more[0]
    for row in rows:
        if used + row[0] > avail:
            break
        kept.append(row)
        used += row[0]
    return [*kept, more]


def _gear_rows(face: CardFace, pal: Palette, s: float) -> list[Row]:
    rows: list[Row] = []
    if face.weapons:
        rows.append(_weapon_head(pal, s))
        rows.extend(_weapon_row(w, pal, s) for w in face.weapons)
    else:
        rows.append(_note_row("No weapons", pal, s))
    rows.append((2.5 * s, lambda pen, top: None))
    for label, values in (("Clothing", face.clothing), ("Items", face.items)):
        for i, value in enumerate(values):
            rows.append(_labelled_row(label if i == 0 else "", value, pal, s))
    return rows


def _weapon_head(pal: Palette, s: float) -> Row:
    size = HEAD_PT * s
    h = block_height(size) + 1.0

    def draw(pen: Pen, top: float) -> None:
        x = LEFT + NAME_W
        pen.text(LEFT, top, "Weapon", CONDENSED_BOLD, size, pal.accent)
        pen.text(x + RANGE_W / 2, top, "Range", CONDENSED_BOLD, size, pal.accent, "centre")
        x += RANGE_W
        pen.text(x + DAMAGE_W / 2, top, "Dmg", CONDENSED_BOLD, size, pal.accent, "centre")
        x += DAMAGE_W
        pen.text(x + 1, top, "Reload", CONDENSED_BOLD, size, pal.accent)
        pen.rule(LEFT, top - h + 0.4, RIGHT, top - h + 0.4, pal.line, 0.3)

    return h, draw


def _weapon_row(w: WeaponLine, pal: Palette, s: float) -> Row:
    size = GEAR_PT * s
    h = block_height(size) + 1.6 * s
    name = ellipsize(w.name, CONDENSED, size, NAME_W - 2)
    box = RELOAD_BOX * s
    fits = w.reload * (box + 1.5) <= RELOAD_W - 1

    def draw(pen: Pen, top: float) -> None:
        t = top - 0.8 * s
        x = LEFT + NAME_W
        pen.text(LEFT, t, name, CONDENSED, size, pal.text)
        pen.text(x + RANGE_W / 2, t, w.range, CONDENSED, size, pal.text, "centre")
        x += RANGE_W
        pen.text(x + DAMAGE_W / 2, t, w.damage, CONDENSED_BOLD, size, pal.text, "centre")
        x += DAMAGE_W
        if fits:
            y = t - (block_height(size) + box) / 2
            for i in range(w.reload):
                pen.box(x + 1 + i * (box + 1.5), y, box, box, stroke=pal.text, width=0.5)
        elif w.reload:
            shots = ellipsize(f"{w.reload} shots", CONDENSED, size, RELOAD_W - 1)
            pen.text(x + 1, t, shots, CONDENSED, size, pal.text)

    return h, draw


def _note_row(text: str, pal: Palette, s: float) -> Row:
    size = GEAR_PT * s
    h = block_height(size) + 1.6 * s
    return h, lambda pen, top: pen.text(LEFT, top - 0.8 * s, text, SERIF_ITALIC, size, pal.faded)


def _labelled_row(label: str, value: str, pal: Palette, s: float) -> Row:
    size = GEAR_PT * s
    lines = wrap(value, CONDENSED, size, INNER_W - LABEL_W) or [""]
    h = block_height(size, len(lines)) + 1.6 * s

    def draw(pen: Pen, top: float) -> None:
        t = top - 0.8 * s
        if label:
            label_top = t - ASCENT * (size - HEAD_PT * s)  # baselines line up
            pen.text(LEFT, label_top, label, CONDENSED_BOLD, HEAD_PT * s, pal.accent)
        pen.lines(LEFT + LABEL_W, t, lines, CONDENSED, size, pal.text)

    return h, draw
