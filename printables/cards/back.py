"""The back of a roster card: the faction's tables, the injury strikes and upgrades (R18), and
the card's state code (issue 34).

Everything but the names, the strikes taken, the upgrades and the code is the same for every
card of one faction, role kind and room left for the code, so `draw_back_frame` draws it once
as a form (`back_tables.py` lays it out) and `draw_back` adds the rest. The code's text goes
under its QR where the tables leave room, else at its left; the tables' gaps close up, then
the strikes' note gives way to a QR rising beside them, before any of their text is cut.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from printables.cards.back_tables import (  # noqa: F401 (re-exported: the back's geometry)
    BODY_BOTTOM,
    BODY_TOP,
    BOTTOM,
    FOOTER_PT,
    FOOTER_TOP,
    GAPS,
    HEADING_PT,
    LABEL_MIN_PT,
    LEFT,
    NAMES_BOTTOM,
    NAMES_MIN_PT,
    NAMES_PT,
    RIGHT,
    ROW_PAD,
    SCALES,
    SECTION_GAP,
    STRIKE_LABEL_W,
    TABLE_LABEL_W,
    TABLE_PT,
    TEXT_PT,
    TOP,
    UPGRADE_LINES_Y,
    UPGRADES_ABOVE_TOP,
    UPGRADES_LABEL_TOP,
    BackSlots,
    layout_tables,
)
from printables.cards.code import (
    CODE_BLOCK_GAP_MM,
    CODE_QUIET_MM,
    CodeBlock,
    Placement,
    code_block,
    draw_code_block,
    qr_modules,
)
from printables.cards.faces import BackTables, CardFace
from printables.cards.pen import Pen
from printables.cards.style import (
    INNER_W,
    MIN_PT,
    Palette,
    draw_ground,
)
from printables.fonts import CONDENSED, CONDENSED_BOLD
from printables.layout import mm
from printables.text import (
    ASCENT,
    ELLIPSIS,
    block_height,
    distinct_labels,
    ellipsize,
    fit_size,
    text_width,
    wrap,
)

UPGRADES_MIN_MM = 20.0  # a shorter line beside the label: the upgrades take the line above


def _upgrades_x() -> float:
    """Where the upgrades begin after their label (the fonts are registered by then)."""
    return LEFT + text_width("Upgrades", CONDENSED_BOLD, HEADING_PT) + 4


@dataclass(frozen=True)
class Room:
    """What a back's tables leave for its state code: they end above `floor` where they reach
    `column` or right of it, and above `low` everywhere (issue 34)."""

    floor: float
    low: float = BODY_BOTTOM
    column: float | None = None


@dataclass(frozen=True)
class BackLayout:
    """A card's back as laid out: its tables (shortened if they had to be), the gap factor
    they are set at, whether the code rises beside the strikes (their note then ends at the
    room's column), where the per-card parts go, and the state code's block."""

    tables: BackTables
    gaps: float
    beside_strikes: bool
    slots: BackSlots
    room: Room
    code: CodeBlock | None

    @property
    def column(self) -> float | None:
        """Where the strikes' note ends: the code's column when the code rises beside them."""
        return self.room.column if self.beside_strikes else None


def back_layout(face: CardFace) -> BackLayout:
    """Where everything on face's back goes: the code's text under its QR where the tables
    leave room for it (every card but a heavily equipped leader's on the fullest backs), else
    at its left (issue 34)."""
    if face.code:
        qr_modules(face.code, f"{face.title}'s card")  # refused by name before any layout
    return _back_layout(face.back, len(face.names), face.code)


@lru_cache(maxsize=2048)
def _back_layout(back: BackTables, models: int, code: str) -> BackLayout:
    if not code:
        room = Room(BODY_BOTTOM)
        return BackLayout(*_fitted(back, models, room), room, None)
    quiet = mm(CODE_QUIET_MM)
    last: tuple[Room, CodeBlock] | None = None
    for block in _blocks(code):
        # the text's lines, left of the QR's column, stay clear of the strikes above them;
        # where the text leaves the upgrades a short line, a line above their label too
        low = max(BODY_BOTTOM, block.text_top + mm(CODE_BLOCK_GAP_MM))
        if block.left - mm(CODE_BLOCK_GAP_MM) - _upgrades_x() < mm(UPGRADES_MIN_MM):
            low = max(low, UPGRADES_ABOVE_TOP + mm(CODE_BLOCK_GAP_MM))
        room = Room(max(BODY_BOTTOM, block.top), low, block.qr_left - quiet)
        if _fits(back, models, room):
            return BackLayout(*_fitted(back, models, room), room, block)
        last = room, block
    assert last is not None  # three placements are tried
    room, block = last  # none leaves the tables whole: the last, the tables shortened
    return BackLayout(*_fitted(back, models, room), room, block)


def _blocks(code: str) -> Iterator[CodeBlock]:
    """The code's blocks in the order they are tried: the text under the QR where it fits (in
    two long lines on a fuller back), else at its left; a code too long for text under the QR
    (for scanning only) rather keeps its text at the QR's left. Each is made only when the
    one before leaves the tables too little room: most backs take the first (issue 33)."""
    later = []
    tries: tuple[tuple[Placement, bool], ...] = (
        ("under", False),
        ("under", True),
        ("beside", False),
    )
    for placement, wide in tries:
        block = code_block(code, placement, wide)
        if block.lines:
            yield block
        else:
            later.append(block)
    yield from later


def back_form_name(face: CardFace) -> str:
    if face.part > 1:
        return f"back-{face.faction_id}-continued"
    kind = "leader" if face.back.leader else "member"
    # one form per layout: the room fixes the tables' gaps, the note's end (and any cut)
    room = back_layout(face).room
    where = f"{room.floor:.2f}-{room.low:.2f}-{room.column or 0:.2f}"
    return f"back-{face.faction_id}-{kind}-{len(face.names)}-{where}"


def _tries(room: Room) -> list[tuple[float, float | None]]:
    """The gap factors and columns to try, in order: full gaps first, closed up; then the code
    beside the strikes (their note left out), full gaps first again."""
    columns: list[float | None] = [None] if room.column is None else [None, room.column]
    return [(g, column) for column in columns for g in GAPS]


def _room_kept(t: BackTables, models: int, room: Room, g: float, column: float | None) -> bool:
    # without a column, what reaches the code's column is everything: right_bottom is bottom
    _, bottom, right_bottom = _measured(t, models, g, column)
    return bottom >= room.low and right_bottom >= room.floor


@lru_cache(maxsize=1024)
def _measured(
    t: BackTables, models: int, g: float, column: float | None
) -> tuple[BackSlots, float, float]:
    """The tables laid out without a canvas (`layout_tables`'s slots and bottoms), once per
    tables, models, gaps and column: the rooms of many codes differ (their text's width moves
    the room's low line), while what the tables leave does not (issue 33)."""
    return layout_tables(Pen(None), t, None, SCALES[0], models, g, column)


@lru_cache(maxsize=256)
def _fits(tables: BackTables, models: int, room: Room) -> bool:
    """Whether the tables leave room with nothing of them cut."""
    return any(_room_kept(tables, models, room, g, column) for g, column in _tries(room))


@lru_cache(maxsize=256)
def _fitted(
    tables: BackTables, models: int, room: Room
) -> tuple[BackTables, float, bool, BackSlots]:
    """The tables, the gap factor, whether the code rises beside the strikes, and the slots
    at which the tables leave room.

    The gaps close up first, then the strikes' note gives way to the code; when even that is
    not enough (a ruleset with pages of rule text), the longest text is cut short with an
    ellipsis until the back fits: nothing ever leaves the card.
    """
    t = tables
    while True:
        for g, column in _tries(room):
            if _room_kept(t, models, room, g, column):
                return t, g, column is not None, _measured(t, models, g, column)[0]
        shorter = _shorten(t)
        if shorter == t:
            g, column = _tries(room)[-1]
            return t, g, column is not None, _measured(t, models, g, column)[0]
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
        layout_tables(
            pen, laid.tables, pal, laid.slots.scale, len(face.names), laid.gaps, laid.column
        )
        # the upgrades line itself is the card's own: it ends where its state code begins
        pen.text(LEFT, UPGRADES_LABEL_TOP, "Upgrades", CONDENSED_BOLD, HEADING_PT, pal.accent)
    else:
        note = "The rest of this model's gear: its stats, wounds and strikes are on card 1."
        lines = wrap(note, CONDENSED, TEXT_PT, INNER_W)
        pen.lines(LEFT, BODY_TOP, lines, CONDENSED, TEXT_PT, pal.faded)


def _upgrades_lines(
    face: CardFace, laid: BackLayout, line_end: float
) -> tuple[float, float, list[str], float]:
    """(left, top, lines, size) of the upgrades: on their label's line, else the line above
    it, in the stats' names, then their short names, down to the smallest type; then (beside a
    long state code) whole entries a line rising into the room the code leaves above, or
    grouped by how much ("+1 Mv Cb St; +2 Sh"); cut with an ellipsis only when none fits (it
    showed "Sh +1, T +1,..." of a leader's four)."""
    x, top, width = laid.slots.upgrades
    # Issue 34: the state code's block at the bottom right; the upgrades line ends before it.
    width = min(width, line_end - x)
    text = ", ".join(f"{name} +{n}" for name, n in face.upgrades)
    size = TEXT_PT
    short = {cell.name: cell.short for cell in face.stats}
    entries = [f"{short.get(name, name)} +{n}" for name, n in face.upgrades]
    if text_width(text, CONDENSED, size) > width:
        # Beside the state code the line is short (issue 34): the stats' short names, as on
        # the front ("St +1, Df +2"), down to the smallest type, before anything is cut.
        text = ", ".join(entries)
        size = fit_size(text, CONDENSED, width, TEXT_PT, MIN_PT)
    above = laid.room.low >= UPGRADES_ABOVE_TOP + mm(CODE_BLOCK_GAP_MM)
    if above and text_width(text, CONDENSED, size) > width:
        # Beside the code's text the label leaves too little: the upgrades take the line
        # above it (the room kept for them, `UPGRADES_ABOVE_TOP`), as far as the code.
        x, top, width = LEFT, UPGRADES_ABOVE_TOP, line_end - LEFT
        size = fit_size(text, CONDENSED, width, TEXT_PT, MIN_PT)
    top -= ASCENT * (TEXT_PT - size)  # on the same baseline as at full size
    if text_width(text, CONDENSED, size) <= width:
        return x, top, [text], size
    lines = _entry_lines(entries, CONDENSED, size, width)
    lead = 1.1 * size  # Pen.lines' own
    rise = (len(lines) - 1) * lead
    if above and UPGRADES_ABOVE_TOP + rise + mm(CODE_BLOCK_GAP_MM) <= laid.room.low:
        return x, top + rise, lines, size
    grouped = _grouped(face.upgrades, short)
    if text_width(grouped, CONDENSED, size) <= width:
        return x, top, [grouped], size
    return x, top, [ellipsize(text, CONDENSED, size, width)], size


def _grouped(upgrades: tuple[tuple[str, int], ...], short: dict[str, str]) -> str:
    """'+1 Mv Cb St T; +2 Sh': the upgrades by how much, each stat once, in stat order."""
    by: dict[int, list[str]] = {}
    for name, n in upgrades:
        by.setdefault(n, []).append(short.get(name, name))
    return "; ".join(f"+{n} {' '.join(names)}" for n, names in sorted(by.items()))


def _entry_lines(entries: list[str], font: str, size: float, width: float) -> list[str]:
    """Entries joined by commas into lines no wider than width, never one cut in two."""
    lines: list[str] = []
    for entry in entries:
        joined = f"{lines[-1]}, {entry}" if lines else entry
        if lines and text_width(joined + ",", font, size) <= width:
            lines[-1] = joined
        else:
            if lines:
                lines[-1] += ","
            lines.append(entry)
    return lines


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
        # smaller before shorter: "Deputy Smith" and "Deputy Smythe" stay apart; then names
        # that still read the same cut short are cut in their middle (R18: whose row it is)
        sizes = [
            fit_size(name, CONDENSED_BOLD, STRIKE_LABEL_W - 3, TEXT_PT, MIN_PT)
            for name in face.names
        ]
        labels = distinct_labels(list(face.names), CONDENSED_BOLD, sizes, STRIKE_LABEL_W - 3)
        for (x, top), label, size in zip(slots.labels, labels, sizes, strict=True):
            drop = (block_height(TEXT_PT) - block_height(size)) / 2  # centred on its boxes
            pen.text(x, top - drop, label, CONDENSED_BOLD, size, pal.text)
    line_end = laid.code.left - mm(CODE_BLOCK_GAP_MM) if laid.code else RIGHT
    for y in UPGRADE_LINES_Y:
        pen.rule(LEFT, y, line_end, y, pal.line, 0.5)
    if face.upgrades:
        x, top, lines, size = _upgrades_lines(face, laid, line_end)
        pen.lines(x, top, lines, CONDENSED, size, pal.text)
    if laid.code is not None:
        draw_code_block(pen, laid.code, pal)
