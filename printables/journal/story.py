"""The journal's flowables, built from JournalData (R19). All user text passes para_text."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from printables.fonts import DISPLAY, SERIF, SERIF_BOLD, SERIF_ITALIC
from printables.journal.code import code_flowables
from printables.journal.flowables import Ornament, RuledRows, Strikes
from printables.journal.style import (
    CELL,
    CELL_CENTRE,
    CELL_NAME,
    CELL_NOTE,
    CELL_RIGHT,
    COVER_KICKER,
    COVER_LINE,
    COVER_NAME,
    COVER_SMALL,
    COVER_SUIT,
    EVENT,
    FADED,
    FRAME_W,
    H1,
    H2,
    HAIR,
    HAIR_PT,
    INK,
    LABEL,
    META,
    NOTE,
    PURSE,
    RULE,
    RULED_PAGES,
    SHADE,
    THIN_PT,
    mm,
)
from printables.text import para_text, text_width, wrap
from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.journal import Chapter, JournalData, MoneyLine
from rostermgr.presentation import MemberShown, present
from rostermgr.rules import Ruleset

FADED_HEX = FADED.hexval().replace("0x", "#")
MINUS = "\u2212"
DEAD_MARK = "\u2020"  # a dagger beside the fallen
BULLET = "\u2022"
RESULTS = {"won": "Won", "lost": "Lost", "drew": "Drawn"}
MOTTO = "Last Hope Frontier \u00b7 the year 1857"
BOOKLET_NOTE = (
    "To make the booklet: print both sides on A4 at actual size, flipping on the short edge, "
    "then fold the stack of sheets in the middle."
)
COVER_TOP_MM = 30.0
COVER_TOP_WITH_CODE_MM = 6.0
MONEY_COLS = (0.64, 0.17, 0.19)  # reason, $ in or out, purse: shares of the frame width
ROLE_PT = 6.6
STAT_PT = 8.0
HEAD_PT = 7.8  # a table head's type
STAT_COL_MM = 6.6
STRIKES_COL_MM = 14.0  # wider when the ruleset has more strikes than fit
CELL_PAD = 2.5  # pt, left and right of every table cell
FLIPS_COL_MM = 10.0
COVER_NAME_LINES = 3  # a long posse name shrinks (down to COVER_NAME_MIN_PT) to fit this many
COVER_NAME_MIN_PT = 18.0


def build_story(data: JournalData, rules: Ruleset) -> list[Flowable]:
    """Cover, founding purchases, roster, one entry per game, then ruled pages to carry on."""
    story: list[Flowable] = [*cover(data), PageBreak()]
    story += founding(data.founding)
    story += roster(data, rules)
    story += [PageBreak(), Paragraph("The games", H1), Ornament(width_share=1.0, space=mm(1))]
    if not data.games:
        story.append(Paragraph("No games recorded yet.", NOTE))
    for chapter in data.games:
        story += game(chapter)
    story += ruled_pages(RULED_PAGES)
    return story


def money(amount: int, *, signed: bool = True) -> str:
    """+$10, \u2212$50, or $37 for a purse."""
    if not signed:
        return f"{MINUS}${-amount}" if amount < 0 else f"${amount}"
    return f"{MINUS}${-amount}" if amount < 0 else f"+${amount}"


def cover(data: JournalData) -> list[Flowable]:
    symbol = SUIT_SYMBOLS.get(data.suit, "")
    alive = len(data.posse.active)
    count = len(data.posse.members)
    founded = data.founding.date or "\u2014"
    games = len(data.games)
    lines = [
        f"{para_text(data.faction)} \u00b7 favoured suit: {para_text(data.suit.capitalize())}",
        f"Ruleset: {para_text(data.ruleset)}",
    ]
    tally = [
        f"Founded {para_text(founded)}",
        f"{games} game{'s' if games != 1 else ''} recorded",
        f"{alive} of {count} alive",
        f"Purse {money(data.posse.purse, signed=False)}",
    ]
    story: list[Flowable] = [
        # The posse's code (issue 34) needs the room: the title moves up for it.
        Spacer(1, mm(COVER_TOP_MM if not data.code else COVER_TOP_WITH_CODE_MM)),
        Paragraph("The Posse Journal of", COVER_KICKER),
        Ornament(width_share=0.5, space=mm(3)),
        Paragraph(para_text(data.posse.name), _cover_name_style(data.posse.name)),
        Ornament(width_share=0.5, space=mm(3)),
        Spacer(1, mm(4)),
        Paragraph(symbol, COVER_SUIT),
        Spacer(1, mm(4)),
        *[Paragraph(line, COVER_LINE) for line in lines],
        Spacer(1, mm(6)),
        Paragraph(" \u00b7 ".join(tally), COVER_SMALL),
    ]
    if data.code:  # issue 34
        story += code_flowables(data.code)
    return story


def _cover_name_style(name: str) -> ParagraphStyle:
    """The cover's name style, shrunk for a long name so it takes at most three lines."""
    size = COVER_NAME.fontSize
    while size > COVER_NAME_MIN_PT and len(wrap(name, DISPLAY, size, FRAME_W)) > COVER_NAME_LINES:
        size -= 1
    lead = COVER_NAME.leading / COVER_NAME.fontSize
    return ParagraphStyle(
        "cover-name-fitted", parent=COVER_NAME, fontSize=size, leading=size * lead
    )


def founding(chapter: Chapter) -> list[Flowable]:
    story: list[Flowable] = [
        Paragraph("Spending at creation", H1),
        Ornament(width_share=1.0, space=mm(1)),
    ]
    if chapter.date:
        story.append(Paragraph(f"Founded {para_text(chapter.date)}.", META))
    if chapter.money:
        story.append(money_table(chapter.money, "Purchase"))
    story.append(
        Paragraph(f"Purse before the first game: {money(chapter.purse_after, signed=False)}", PURSE)
    )
    if chapter.events or chapter.flips:
        story.append(Paragraph("Also before the first game", LABEL))
        story += [_event(text) for text in (*chapter.events, *chapter.flips)]
    return story


def money_table(lines: Sequence[MoneyLine], head: str) -> Table:
    """One row per money entry: reason, amount in or out, the purse left after it."""
    widths = [share * FRAME_W for share in MONEY_COLS]
    rows: list[list[object]] = [[head, "$", "Purse"]]
    for line in lines:
        rows.append(
            [
                Paragraph(para_text(line.text), CELL),
                Paragraph(money(line.amount), CELL_RIGHT),
                Paragraph(money(line.balance, signed=False), CELL_RIGHT),
            ]
        )
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([*_head_style(), ("ALIGN", (1, 0), (-1, 0), "RIGHT")]))
    return table


def roster(data: JournalData, rules: Ruleset) -> list[Flowable]:
    story: list[Flowable] = [
        Paragraph("The posse today", H1),
        Ornament(width_share=1.0, space=mm(1)),
    ]
    stats = list(rules.stat_order)
    members = [present(member, rules) for member in data.posse.members]  # the one presentation
    strikes = Strikes(0, rules.strikes_to_die).width + 2 * CELL_PAD  # room for every box
    columns = [
        _stat_col(rules.stat_short[s], [m.stats[i].text for m in members])
        for i, s in enumerate(stats)
    ]
    fixed = [*columns, max(mm(STRIKES_COL_MM), strikes), mm(FLIPS_COL_MM)]
    widths = [FRAME_W - sum(fixed), *fixed]
    head: list[object] = ["Name", *[rules.stat_short[s] for s in stats], "Injuries", "Flips"]
    rows: list[list[object]] = [head]
    style = _head_style(hairlines=False)
    style.append(("ALIGN", (1, 0), (-1, -1), "CENTER"))
    for shown in members:
        top = len(rows)
        rows.append(_member_row(shown, widths[0] - 2 * CELL_PAD))
        rows.append([_gear(shown), *[""] * (len(head) - 1)])
        style += [
            ("SPAN", (0, top + 1), (-1, top + 1)),
            ("ALIGN", (0, top + 1), (0, top + 1), "LEFT"),
            ("LINEBELOW", (0, top + 1), (-1, top + 1), HAIR_PT, HAIR),
            ("TOPPADDING", (0, top + 1), (-1, top + 1), 0),
            ("BOTTOMPADDING", (0, top + 1), (-1, top + 1), 4),
            ("VALIGN", (1, top), (-1, top), "MIDDLE"),
        ]
        if shown.dead:
            style.append(("TEXTCOLOR", (1, top), (-1, top), FADED))
        for col, stat in enumerate(shown.stats, start=1):
            if stat.raised:
                style.append(("FONT", (col, top), (col, top), SERIF_BOLD, STAT_PT))
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    short = ", ".join(f"{rules.stat_short[s]} {rules.stat_names[s]}" for s in stats)
    story += [
        table,
        Spacer(1, mm(1.5)),
        Paragraph(
            f"Stats now: base + upgrades (bold) \u2212 injuries; a mount sets "
            f"{para_text(rules.stat_short.get('move', 'Mv'))}, clothing adds after the "
            f"+ on {para_text(rules.stat_short.get('defence', 'Df'))}. {para_text(short)}. "
            f"{DEAD_MARK} dead at {rules.strikes_to_die} strikes, gear buried.",
            NOTE,
        ),
    ]
    # Heading, table and key stay together: on the founding page if they fit, else the next.
    return [Spacer(1, mm(3)), KeepTogether(story)]


def _stat_col(short: str, values: Sequence[str]) -> float:
    """A stat's column: STAT_COL_MM, or wider for a house ruleset's short name ("Vtdg" beside
    "LPkt" ran into one word) or a value too wide for it, the head a point clear each side."""
    need = max(
        text_width(short, DISPLAY, HEAD_PT) + 2,
        *(text_width(value, SERIF_BOLD, STAT_PT) for value in values),
    )
    return max(mm(STAT_COL_MM), need)


def _member_row(shown: MemberShown, name_w: float) -> list[object]:
    # wrapped here rather than by the Paragraph, which would cut a long name mid-word silently
    lines = wrap(shown.name, SERIF_BOLD, CELL_NAME.fontSize, name_w) or [shown.name]
    name = "<br/>".join(para_text(line) for line in lines)
    small = f"<font name='{SERIF_ITALIC}' size='{ROLE_PT}' color='{FADED_HEX}'>"
    if not shown.dead:
        who = f"{name}<br/>{small}{para_text(shown.role)}</font>"
    else:
        who = f"<strike>{name}</strike> {DEAD_MARK}<br/>{small}{para_text(shown.role)}, dead</font>"
    return [
        Paragraph(who, CELL_NAME),
        *shown.stat_texts,
        Strikes(shown.strikes, shown.strikes_to_die),
        Paragraph(str(shown.flips), CELL_CENTRE),
    ]


def _gear(shown: MemberShown) -> Paragraph:
    if shown.gear:
        text = "Gear: " + para_text(shown.gear_text)
    elif not shown.dead:
        text = "Gear: none"
    else:
        text = "Gear: buried with the body"
    if shown.pending:
        text += f" \u00b7 Flip turned ({para_text(shown.pending)}), stat still to choose"
    return Paragraph(text, CELL_NOTE)


def game(chapter: Chapter) -> list[Flowable]:
    """One game: what happened, flips spent, money in and out, the purse after.

    An entry that fits on a page is never split: it starts a new page instead. A longer one
    runs over, but never leaves its heading, or a label, at a page foot alone, and its money
    table stays with the purse after it.
    """
    title = para_text(chapter.title)
    if chapter.scenario:
        title += f" \u00b7 {para_text(chapter.scenario)}"
    meta = [para_text(chapter.date)] if chapter.date else []
    if chapter.campaign_game is not None and chapter.title != f"Game {chapter.campaign_game}":
        meta.append(f"game {chapter.campaign_game} of the campaign")  # as the app's Games list
    if chapter.opponents:
        meta.append("against " + ", ".join(para_text(o) for o in chapter.opponents))
    if chapter.result:
        meta.append(para_text(RESULTS.get(chapter.result, chapter.result)))
    events = [_event(text) for text in chapter.events] or [Paragraph("Nothing recorded.", NOTE)]
    # One KeepTogether round the entry; inside it, keepWithNext rather than more KeepTogethers,
    # which would tell the outer one they are infinitely tall (reportlab forces their split so).
    story: list[Flowable] = [
        Spacer(1, mm(3)),
        _with_next(Paragraph(title, H2)),
        _with_next(Paragraph(" \u00b7 ".join(meta), META)),
    ]
    if chapter.notes:  # the players' own words on the game, lines kept
        notes = "<br/>".join(para_text(line) for line in chapter.notes.splitlines())
        story += [_with_next(Paragraph("Notes", LABEL)), Paragraph(notes, EVENT)]
    story += [_with_next(Paragraph("What happened", LABEL)), *events]
    if chapter.flips:
        story += [_with_next(Paragraph("Flips spent", LABEL))]
        story += [_event(text) for text in chapter.flips]
    table: Flowable = (
        money_table(chapter.money, "In or out")
        if chapter.money
        else Paragraph("No money in or out.", NOTE)
    )
    purse = money(chapter.purse_after, signed=False)
    story += [
        _with_next(Paragraph("Money", LABEL)),
        _with_next(table),
        Paragraph(f"Purse after the game: {purse}", PURSE),
        Spacer(1, mm(1)),
        Ornament(width_share=0.35, space=mm(1.5)),
    ]
    return [KeepTogether(story)]


def _with_next(flowable: Flowable) -> Flowable:
    """Never left at a page foot without what follows it."""
    flowable.keepWithNext = True
    return flowable


def ruled_pages(pages: int) -> list[Flowable]:
    story: list[Flowable] = [
        PageBreak(),
        Paragraph("Carried on by hand", H1),
        Paragraph(
            "For the games, purchases, injuries and upgrades still to come: one row each, "
            "and the purse after it.",
            META,
        ),
        Spacer(1, mm(2)),
        RuledRows(),
    ]
    for _ in range(pages - 1):
        story += [PageBreak(), RuledRows()]
    return story


def _event(text: str) -> Paragraph:
    return Paragraph(para_text(text), EVENT, bulletText=BULLET)


def _head_style(*, hairlines: bool = True) -> list[tuple[object, ...]]:
    """A table head on a pale ground between thin rules; hairlines between the body rows."""
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, 0), DISPLAY, HEAD_PT),
        ("TEXTCOLOR", (0, 0), (-1, 0), INK),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEABOVE", (0, 0), (-1, 0), THIN_PT, RULE),
        ("LINEBELOW", (0, 0), (-1, 0), THIN_PT, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), THIN_PT, RULE),
        ("FONT", (0, 1), (-1, -1), SERIF, STAT_PT),
        ("TEXTCOLOR", (0, 1), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    if hairlines:
        style.append(("LINEBELOW", (0, 1), (-1, -2), HAIR_PT, HAIR))
    return style


def cover_lines(*, booklet: bool) -> tuple[str, ...]:
    """The fixed lines at the foot of the cover: the motto, and how to print a booklet."""
    return (MOTTO, BOOKLET_NOTE) if booklet else (MOTTO,)
