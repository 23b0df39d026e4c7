"""The front of a roster card: who, the stat line, the wound tracks and the gear (R18).

`draw_front_frame` is the artwork shared by every card of one faction and header height (drawn
once as a form); `draw_front` adds what belongs to one card. Both work in card-local points,
y up. Type never goes below the legibility floors in style.py: gear that does not fit goes to a
continuation card (`split_face`), never smaller and never dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any

from reportlab.lib.colors import Color, black

from printables.cards.faces import CardFace, StatCell, WeaponLine
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
from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY, SERIF_ITALIC
from printables.text import (
    ASCENT,
    block_height,
    distinct_labels,
    ellipsize,
    fit_block,
    fit_size,
    text_width,
    wrap,
)
from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.errors import PrintRefused

LEFT, RIGHT, TOP = SAFE, CARD_W - SAFE, CARD_H - SAFE

POSSE_PT = 7.0
NAME_PT, NAME_MIN_PT = 13.0, MIN_PT
NAME_LEAD = 1.08
NAMES_TOP = TOP - block_height(POSSE_PT) - 1.5
# Two header heights: the usual one, and a tall one for a shared card of long names, which
# would otherwise need type below the floor.
NAMES_H, NAMES_TALL_H = 25.0, 47.0
ROLE_PT = 7.0

STAT_GAP = 1.5
STAT_H = 27.0
STAT_LABEL_PT = 6.5
STAT_LABEL_TIGHT = 0.6  # the least room each side of a stat's short name, rule's 0.25 included
STAT_VALUE_PT = 16.0
BONUS_PT = 7.5

TRACK_LABEL_PT = 7.0
TRACK_LABEL_W = 44.0  # a model's name before its wound boxes on a shared card
TRACK_GAP = 2.0
BOX_GAP = 1.6

NOTE_LABEL_PT = 6.5
NOTE_LINES_Y = (SAFE + 0.5, SAFE + 0.5 + WRITE_GAP)  # two lines for notes in pen
GEAR_BOTTOM = NOTE_LINES_Y[1] + WRITE_GAP  # the upper line has a full line's room above it

# Gear table columns (widths in points); reload boxes are full-size pen boxes.
RELOAD_W = 3 * (BOX + 1.2) + 1.0
RANGE_W, DAMAGE_W = 23.0, 16.0
NAME_W = INNER_W - RANGE_W - DAMAGE_W - RELOAD_W
LABEL_W = 34.0
GEAR_PT, HEAD_PT = 7.5, 6.5
SCALES = (1.0, BODY_PT / GEAR_PT)


@dataclass(frozen=True)
class Geometry:
    """Heights of the parts of a front that depend on how tall its header is (worked out once:
    the few geometries are shared by every card, which asks for them a dozen times)."""

    names_h: float

    @cached_property
    def role_top(self) -> float:
        return NAMES_TOP - self.names_h - 1.5

    @cached_property
    def panel_bottom(self) -> float:
        return self.role_top - block_height(ROLE_PT) - 3.0  # the panel runs up to the trim

    @cached_property
    def stats_top(self) -> float:
        return self.panel_bottom - 4.0

    @cached_property
    def wounds_top(self) -> float:
        return self.stats_top - STAT_H - 4.0


def _geometry(face: CardFace) -> Geometry:
    return _header(face.title)


@lru_cache(maxsize=4096)
def _header(title: str) -> Geometry:
    """The usual header when the names fit it at the floor, else the tall one (cached: every
    part of a front asks, and fitting the names is the costliest measure on a card)."""
    # the same fit draw_front then draws with (cached): each card's names are fitted once
    size, lines = _fit_names(title, NAMES_H)
    fits = block_height(size, len(lines), NAME_LEAD) <= NAMES_H and not lines[-1].endswith("\u2026")
    return Geometry(NAMES_H if fits else NAMES_TALL_H)


@lru_cache(maxsize=4096)
def _fit_names(title: str, height: float) -> tuple[float, tuple[str, ...]]:
    size, lines = fit_block(title, DISPLAY, INNER_W, height, NAME_PT, NAME_MIN_PT, NAME_LEAD)
    return size, tuple(lines)


def front_form_name(face: CardFace) -> str:
    kind = "cont" if face.part > 1 else ("one" if len(face.names) == 1 else "shared")
    return f"front-{face.faction_id}-{kind}-{_geometry(face).names_h:g}"


def draw_front_frame(pen: Pen, face: CardFace, pal: Palette) -> None:
    """Ground, edge band, header panel, stat boxes and labels, the labelled lines for notes."""
    geo = _geometry(face)
    draw_ground(pen, pal, geo.panel_bottom)
    if pal.band is None:
        pen.rule(LEFT, geo.panel_bottom, RIGHT, geo.panel_bottom, pal.accent, 0.8)
    label = _faction_label(face)
    pen.text(RIGHT, geo.role_top, label, CONDENSED_BOLD, ROLE_PT, pal.head_text, "right")
    if face.part == 1:
        for x, w, cell in _stat_cells(face.stats):
            pen.box(x, geo.stats_top - STAT_H, w, STAT_H, fill=pal.cell, stroke=pal.line, width=0.5)
            short, size = _stat_label(cell.short, w)
            top = geo.stats_top - 1.5
            pen.text(x + w / 2, top, short, CONDENSED_BOLD, size, pal.accent, "centre")
        if len(face.names) == 1:  # one model: its track's label is the same on every card
            label = _wounds_label(face)
            top = geo.wounds_top - (BOX - block_height(TRACK_LABEL_PT)) / 2
            pen.text(LEFT, top, label, CONDENSED_BOLD, TRACK_LABEL_PT, pal.accent)
    for y in NOTE_LINES_Y:
        pen.rule(LEFT, y, RIGHT, y, pal.line, 0.5)
    label_top = NOTE_LINES_Y[1] + 1.5 + block_height(NOTE_LABEL_PT)
    pen.text(LEFT, label_top, "Notes", CONDENSED_BOLD, NOTE_LABEL_PT, pal.accent)


def draw_front(pen: Pen, face: CardFace, pal: Palette) -> None:
    """Names, role, stat values, wound boxes and gear of one card over its frame."""
    geo = _geometry(face)
    posse, posse_pt = _posse_line(face.posse)
    pen.text(LEFT, TOP - ASCENT * (POSSE_PT - posse_pt), posse, CONDENSED, posse_pt, pal.head_text)
    size, lines = _fit_names(face.title, geo.names_h)
    top = NAMES_TOP - (geo.names_h - block_height(size, len(lines), NAME_LEAD)) / 2
    pen.lines(LEFT, top, lines, DISPLAY, size, pal.head_text, NAME_LEAD)
    role = _role_line(face.role, len(face.names), face.part, face.parts, _faction_label(face))
    pen.text(LEFT, geo.role_top, role, CONDENSED, ROLE_PT, pal.head_text)
    if face.part == 1:
        for x, w, cell in _stat_cells(face.stats):
            _stat_value(pen, geo, x, w, cell, pal)
        _wound_tracks(pen, face, geo.wounds_top, pal)
    top = _gear_top(face)
    for h, draw in _gear_rows_fitted(face, pal):
        draw(pen, top)
        top -= h


@lru_cache(maxsize=1024)
def _posse_line(posse: str) -> tuple[str, float]:
    """The posse's name as its cards' top line shows it, and its size."""
    size = fit_size(posse, CONDENSED, INNER_W, POSSE_PT, MIN_PT)
    return ellipsize(posse, CONDENSED, size, INNER_W), size


@lru_cache(maxsize=1024)
def _role_line(role: str, models: int, part: int, parts: int, faction_label: str) -> str:
    """The role line ('Gang member', times the models, which card of a member's), cut short to
    leave the faction label its room."""
    faction_w = text_width(faction_label, CONDENSED_BOLD, ROLE_PT) + 4
    text = role + (f" \u00d7{models}" if models > 1 else "")
    if parts > 1:
        text += f" \u00b7 card {part} of {parts}"
    return ellipsize(text, CONDENSED, ROLE_PT, INNER_W - faction_w)


def _faction_label(face: CardFace) -> str:
    return _faction_label_of(face.faction, face.suit)


@lru_cache(maxsize=256)
def _faction_label_of(faction: str, suit_id: str) -> str:
    """'Outlawmen ♦', at most 60% of the line: the role gets the rest."""
    suit = SUIT_SYMBOLS.get(suit_id, "")
    name = ellipsize(
        faction,
        CONDENSED_BOLD,
        ROLE_PT,
        0.6 * INNER_W - text_width(f" {suit}", CONDENSED_BOLD, ROLE_PT),
    )
    return f"{name} {suit}".strip()


@lru_cache(maxsize=256)
def _stat_label(short: str, w: float) -> tuple[str, float]:
    """A stat's short name in its cell of width w, and its size: STAT_LABEL_PT a point clear
    of each side; smaller to the floor (MIN_PT) before it is cut. Nine stats leave a cell too
    narrow for "Vtdg" even at the floor, by 0.34 pt: such a name may come to STAT_LABEL_TIGHT
    of the sides (still clear of the cell's 0.5 pt rule) before it is cut to "Vt...". A name
    that fits keeps its point each side, so the shipped cards are drawn as before."""
    size = fit_size(short, CONDENSED_BOLD, w - 2, STAT_LABEL_PT, MIN_PT)
    room = w - 2 if text_width(short, CONDENSED_BOLD, size) <= w - 2 else w - 2 * STAT_LABEL_TIGHT
    return ellipsize(short, CONDENSED_BOLD, size, room), size


def _stat_cells(stats: tuple[StatCell, ...]) -> list[tuple[float, float, StatCell]]:
    n = len(stats)
    w = (INNER_W - (n - 1) * STAT_GAP) / n
    return [(LEFT + i * (w + STAT_GAP), w, cell) for i, cell in enumerate(stats)]


def _stat_value(pen: Pen, geo: Geometry, x: float, w: float, cell: StatCell, pal: Palette) -> None:
    value, size, left, top, bonus, bonus_x = _stat_layout(cell.value, cell.bonus, x, w, geo)
    pen.text(left, top, value, DISPLAY, size, pal.text)
    if bonus:
        pen.text(bonus_x, top + 0.5, bonus, CONDENSED_BOLD, BONUS_PT, pal.accent)


@lru_cache(maxsize=1024)
def _stat_layout(
    number: int, plus: int, x: float, w: float, geo: Geometry
) -> tuple[str, float, float, float, str, float]:
    """(value, its size, left, top, bonus, bonus left) of a stat cell: the same few numbers
    fill the same few cells of every card."""
    value = str(number).replace("-", "\u2212")
    bonus = f"+{plus}" if plus else ""
    bonus_w = text_width(bonus, CONDENSED_BOLD, BONUS_PT) + 0.5 if bonus else 0.0
    size = fit_size(value, DISPLAY, w - 3 - bonus_w, STAT_VALUE_PT, BODY_PT)
    value_w = text_width(value, DISPLAY, size)
    left = x + (w - value_w - bonus_w) / 2
    label_bottom = geo.stats_top - 1.5 - block_height(STAT_LABEL_PT)
    room = label_bottom - (geo.stats_top - STAT_H)
    top = label_bottom - (room - block_height(size)) / 2 + 0.5
    return value, size, left, top, bonus, left + value_w + 0.5


def _tracks(face: CardFace) -> list[tuple[str, int, float]]:
    """(label, boxes, label width) of each wound track: one per model the card stands for."""
    if face.part > 1 or face.wounds <= 0:
        return []
    if len(face.names) == 1:
        label = _wounds_label(face)
        return [(label, face.wounds, text_width(label, CONDENSED_BOLD, TRACK_LABEL_PT) + 4)]
    return [(name, face.wounds, TRACK_LABEL_W) for name in face.names]


def _wounds_label(face: CardFace) -> str:
    cell = next((c for c in face.stats if c.stat == "wounds"), None)
    return _track_label(cell.name, cell.short) if cell is not None else "Wounds"


@lru_cache(maxsize=256)
def _track_label(name: str, short: str) -> str:
    """The wounds stat's name before its boxes, in no more room than a shared card gives a
    model's name: a ruleset's long name ("Lebenspunkte und Durchhaltevermögen") took the whole
    line and stacked the boxes one a row down the card, over the gear and the notes."""
    for text in (name, short):
        if text_width(text, CONDENSED_BOLD, TRACK_LABEL_PT) + 4 <= TRACK_LABEL_W:
            return text
    return ellipsize(short, CONDENSED_BOLD, TRACK_LABEL_PT, TRACK_LABEL_W - 4)


def _track_rows(boxes: int, label_w: float) -> tuple[int, int]:
    """(rows, boxes per row) of a track of full-size boxes after a label label_w wide."""
    per_row = max(1, int((INNER_W - label_w + BOX_GAP) // (BOX + BOX_GAP)))
    return -(-boxes // per_row), per_row


def tracks_height(face: CardFace) -> float:
    """Height of the wound tracks of face: rows of boxes, TRACK_GAP between models."""
    rows = [_track_rows(n, w)[0] for _, n, w in _tracks(face)]
    if not rows:
        return 0.0
    return sum(r * BOX + (r - 1) * BOX_GAP for r in rows) + (len(rows) - 1) * TRACK_GAP


def _wound_tracks(pen: Pen, face: CardFace, top: float, pal: Palette) -> None:
    shared = len(face.names) > 1  # else the frame has the one track's label
    tracks = _tracks(face)
    # R18, R3: on a shared card each row says whose it is, however alike the names begin:
    # smaller before shorter (as the strikes on the back), then cut where they differ
    names = [label for label, _, _ in tracks]
    sizes = [
        fit_size(name, CONDENSED_BOLD, TRACK_LABEL_W - 3, TRACK_LABEL_PT, MIN_PT) for name in names
    ]
    texts = distinct_labels(names, CONDENSED_BOLD, sizes, TRACK_LABEL_W - 3)
    for (_, n, label_w), text, size in zip(tracks, texts, sizes, strict=True):
        rows, per_row = _track_rows(n, label_w)
        if shared:
            label_top = top - (BOX - block_height(size)) / 2
            pen.text(LEFT, label_top, text, CONDENSED_BOLD, size, pal.accent)
        for i in range(n):
            row, col = divmod(i, per_row)
            y = top - (row + 1) * BOX - row * BOX_GAP
            x = LEFT + label_w + col * (BOX + BOX_GAP)
            pen.box(x, y, BOX, BOX, stroke=pal.text, width=0.6)
        top -= rows * BOX + (rows - 1) * BOX_GAP + TRACK_GAP


def _gear_top(face: CardFace) -> float:
    geo = _geometry(face)
    if face.part > 1:
        return geo.panel_bottom - 4.0
    tracks = tracks_height(face)
    return geo.wounds_top - tracks - (4.0 if tracks else 0.0)


# (height, draw(pen, top)); what draw returns (a Pen call's bottom, say) is not used
Row = tuple[float, Callable[[Pen, float], object]]
Entry = tuple[str, object]  # ("weapon", WeaponLine) | ("clothing", str) | ("items", str)


def _entries(face: CardFace) -> list[Entry]:
    return [
        *(("weapon", w) for w in face.weapons),
        *(("clothing", c) for c in face.clothing),
        *(("items", i) for i in face.items),
    ]


def _with_entries(face: CardFace, entries: list[Entry], part: int, parts: int) -> CardFace:
    def of(kind: str) -> tuple[Any, ...]:  # WeaponLines, or strings
        return tuple(value for k, value in entries if k == kind)

    return replace(
        face,
        weapons=of("weapon"),
        clothing=of("clothing"),
        items=of("items"),
        part=part,
        parts=parts,
    )


def split_face(face: CardFace) -> list[CardFace]:
    """face, or face and its continuation cards when its gear does not fit one card at the
    smallest body type: each part ends with a line saying that the gear carries on.

    A part is its own only part: the print job splits, then the writer does (a part split
    again gained an empty "card 2 of 2" more than the cards counted). When the wound track
    leaves no room for even one entry, the first card holds none, only the line.
    """
    if face.parts > 1:
        return [face]
    entries = _entries(face)
    parts: list[list[Entry]] = []
    part_face = face
    while True:
        avail = _gear_top(part_face) - GEAR_BOTTOM
        if _height(_rows(part_face, entries, None, SCALES[-1], more=False)) <= avail or (
            parts and len(entries) <= 1
        ):
            parts.append(entries)
            break
        keep = len(entries) - 1
        while keep > 1 and _too_tall(part_face, entries[:keep], avail):
            keep -= 1
        if not parts and (keep < 1 or _too_tall(face, entries[:1], avail)):
            if not entries or _too_tall(face, [], avail):
                raise PrintRefused(_no_room(face))
            keep = 0  # the wound track leaves no room: the gear goes to the next card whole
        keep = max(keep, 0 if not parts else 1)
        parts.append(entries[:keep])
        entries = entries[keep:]
        part_face = replace(face, part=len(parts) + 1)
    if len(parts) == 1:
        return [face]
    return [_with_entries(face, p, i + 1, len(parts)) for i, p in enumerate(parts)]


def _too_tall(face: CardFace, entries: list[Entry], avail: float) -> bool:
    """Whether these entries and the line that the gear carries on overrun the room left."""
    return _height(_rows(face, entries, None, SCALES[-1], True)) > avail


def _no_room(face: CardFace) -> str:
    """The sentence refusing a card whose wound tracks leave no room for its gear's line."""
    if len(face.names) > 1:
        who = ", ".join(face.names[:-1]) + " and " + face.names[-1]
        return (
            f"The wound tracks of {who} ({face.wounds} boxes each) do not fit on one card; "
            "print the gang members separately."
        )
    return f"The wound track of {face.names[0]} ({face.wounds} boxes) does not fit on a card."


def _height(rows: list[Row]) -> float:
    return sum(h for h, _ in rows)


def _gear_rows_fitted(face: CardFace, pal: Palette) -> list[Row]:
    """The gear rows at the largest scale that fits (split_face made sure the last one does)."""
    avail = _gear_top(face) - GEAR_BOTTOM
    more = face.part < face.parts
    rows: list[Row] = []
    for s in SCALES:
        rows = _rows(face, _entries(face), pal, s, more)
        if _height(rows) <= avail:
            break
    return rows


def _rows(
    face: CardFace, entries: list[Entry], pal: Palette | None, s: float, more: bool
) -> list[Row]:
    rows: list[Row] = []
    weapons = [v for k, v in entries if k == "weapon"]
    if weapons:
        rows.append(_weapon_head(pal, s))
        rows.extend(_weapon_row(w, pal, s) for w in weapons)
    elif face.part == 1 and (entries or not more):  # none here, but the next card's may be
        rows.append(_note_row("No weapons", pal, s))
    rows.append((2.5 * s, lambda pen, top: None))
    shown: set[str] = set()
    for kind, value in entries:
        if kind == "weapon":
            continue
        label = kind.capitalize() if kind not in shown else ""
        shown.add(kind)
        rows.append(_labelled_row(label, str(value), pal, s))
    if more:
        rows.append(_note_row(f"Gear carries on: card {face.part + 1} of {face.parts}", pal, s))
    return rows


def _colour(pal: Palette | None, name: str) -> Color:
    """The palette's colour of that name, or black when only measuring (pal None)."""
    return getattr(pal, name) if pal is not None else black


@lru_cache(maxsize=1024)
def _weapon_head(pal: Palette | None, s: float) -> Row:
    size = HEAD_PT
    h = block_height(size) + 1.0
    accent, line = _colour(pal, "accent"), _colour(pal, "line")

    def draw(pen: Pen, top: float) -> None:
        x = LEFT + NAME_W
        pen.text(LEFT, top, "Weapon", CONDENSED_BOLD, size, accent)
        pen.text(x + RANGE_W / 2, top, "Range", CONDENSED_BOLD, size, accent, "centre")
        x += RANGE_W
        pen.text(x + DAMAGE_W / 2, top, "Dmg", CONDENSED_BOLD, size, accent, "centre")
        x += DAMAGE_W
        pen.text(x + 1, top, "Reload", CONDENSED_BOLD, size, accent)
        pen.rule(LEFT, top - h + 0.4, RIGHT, top - h + 0.4, line, 0.3)

    return h, draw


@lru_cache(maxsize=1024)
def _weapon_row(w: WeaponLine, pal: Palette | None, s: float) -> Row:
    size = GEAR_PT * s
    fits = w.reload * (BOX + 1.2) <= RELOAD_W - 1
    text_h = block_height(size, 1)
    lines = wrap(w.name, CONDENSED, size, NAME_W - 2) or [""]
    if len(lines) > 2:  # a weapon's name is ruleset data: two lines are plenty
        lines = [lines[0], ellipsize(" ".join(lines[1:]), CONDENSED, size, NAME_W - 2)]
    name_h = block_height(size, len(lines))
    h = max(name_h, BOX if (fits and w.reload) else text_h) + 1.6
    text = _colour(pal, "text")

    def draw(pen: Pen, top: float) -> None:
        t = top - 0.8
        x = LEFT + NAME_W
        pen.lines(LEFT, t, lines, CONDENSED, size, text)
        pen.text(x + RANGE_W / 2, t, w.range, CONDENSED, size, text, "centre")
        x += RANGE_W
        pen.text(x + DAMAGE_W / 2, t, w.damage, CONDENSED_BOLD, size, text, "centre")
        x += DAMAGE_W
        if fits:
            for i in range(w.reload):
                pen.box(x + 1 + i * (BOX + 1.2), top - 0.8 - BOX, BOX, BOX, stroke=text, width=0.5)
        elif w.reload:
            shots = ellipsize(f"{w.reload} shots", CONDENSED, size, RELOAD_W - 1)
            pen.text(x + 1, t, shots, CONDENSED, size, text)

    return h, draw


@lru_cache(maxsize=1024)
def _note_row(text: str, pal: Palette | None, s: float) -> Row:
    size = GEAR_PT * s
    h = block_height(size) + 1.6
    faded = _colour(pal, "faded")
    return h, lambda pen, top: pen.text(LEFT, top - 0.8, text, SERIF_ITALIC, size, faded)


@lru_cache(maxsize=1024)
def _labelled_row(label: str, value: str, pal: Palette | None, s: float) -> Row:
    size = GEAR_PT * s
    lines = wrap(value, CONDENSED, size, INNER_W - LABEL_W) or [""]
    h = block_height(size, len(lines)) + 1.6
    accent, text = _colour(pal, "accent"), _colour(pal, "text")

    def draw(pen: Pen, top: float) -> None:
        t = top - 0.8
        if label:
            label_top = t - ASCENT * (size - HEAD_PT)  # baselines line up
            pen.text(LEFT, label_top, label, CONDENSED_BOLD, HEAD_PT, accent)
        pen.lines(LEFT + LABEL_W, t, lines, CONDENSED, size, text)

    return h, draw
