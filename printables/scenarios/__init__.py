"""The scenario sheets (R12, issue 32 item 3): one page per scenario, its setup map to scale.

The content comes whole from `rostermgr.scenario_sheet`; this package lays out each landscape
page: the heading, the setup map on the left (the board and the laid cards at one scale, see
`board`), and on the right its caption and legend, then the sheet's sections. Every page
carries the ruleset's id, version and the date it was printed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, CONDENSED_BOLD, DISPLAY, register_fonts
from printables.layout import check_choice, mm, new_canvas, paper_size, set_print_preferences
from printables.scenarios import board
from printables.scenarios.style import (
    CAPTION_PT,
    COLUMN_GAP_MM,
    FOOTER_MM,
    HEAD_PT,
    HEADER_MM,
    LEAD,
    MAP_GAP_MM,
    MAP_MAX_MM,
    MARGIN_MM,
    SCALE_BAR_PT,
    SCALE_TICK_MM,
    SECTION_GAP_MM,
    SUB_PT,
    SWATCH_GAP_MM,
    SWATCH_MM,
    TEXT_MIN_MM,
    TEXT_PT,
    TITLE_PT,
    Ink,
    ink,
)
from printables.text import wrap
from rostermgr.errors import PrintRefused
from rostermgr.scenario_sheet import ScenarioSheet, Section

PAPERS = ("a4", "letter")
Progress = Callable[[int, int], None]


def write_scenarios(
    sheets: Sequence[ScenarioSheet],
    out: str | Path | BinaryIO,
    *,
    ruleset: tuple[str, str, str],
    paper: str = "a4",
    ink_mode: str = "colour",
    printed: dt.date | None = None,
    progress: Progress | None = None,
) -> int:
    """Draw one page per sheet to `out`; `ruleset` is (id, name, version). Returns the pages."""
    check_choice(paper, PAPERS, "paper")
    colours = ink(ink_mode)
    register_fonts([CONDENSED, CONDENSED_BOLD, DISPLAY])
    size = paper_size(paper, landscape=True)
    rid, name, version = ruleset
    c = new_canvas(
        out,
        size,
        title=f"{name} scenario sheets",
        subject=f"Scenarios and setup maps of the ruleset {rid} {version}",
        fonts=[CONDENSED, CONDENSED_BOLD, DISPLAY],
    )
    set_print_preferences(c, None)
    day = (printed or dt.date.today()).isoformat()
    for n, sheet in enumerate(sheets):
        _page(c, sheet, size, colours, f"{name}: {sheet.name}", f"ruleset {rid} {version} · {day}")
        _footer(c, size, f"{name} {version} · printed {day}", f"page {n + 1} of {len(sheets)}")
        c.showPage()
        if progress is not None:
            progress(n + 1, len(sheets))
    c.save()
    return len(sheets)


def _page(
    c: Canvas, sheet: ScenarioSheet, size: tuple[float, float], colours: Ink, head: str, sub: str
) -> None:
    """A landscape page: the map on the left, its caption and the sections on the right."""
    w, h = size
    left, right = mm(MARGIN_MM), w - mm(MARGIN_MM)
    c.setFillColor(colours.title)
    c.setFont(DISPLAY, HEAD_PT)
    c.drawString(left, h - mm(MARGIN_MM) - HEAD_PT, head)
    c.setFillColor(colours.text)
    c.setFont(CONDENSED, SUB_PT)
    c.drawRightString(right, h - mm(MARGIN_MM) - HEAD_PT, sub)
    top = h - mm(MARGIN_MM) - mm(HEADER_MM)
    bottom = mm(MARGIN_MM) + mm(FOOTER_MM)
    room_h = (top - bottom - 2 * board.edge_room()) / mm(1)
    room_w = (right - left) / mm(1) - TEXT_MIN_MM - COLUMN_GAP_MM
    scale = board.scale_for(sheet.board_mm, min(room_w, MAP_MAX_MM), room_h)
    if scale is None:
        raise PrintRefused(
            f"The {sheet.board_mm[0]:g} x {sheet.board_mm[1]:g} mm board of {sheet.name} is too "
            f"large to draw on one page, even at 1:{board.SCALES[-1]}."
        )
    map_w, map_h = mm(sheet.board_mm[0] / scale), mm(sheet.board_mm[1] / scale)
    box = board.MapBox(left, top - board.edge_room() - map_h, scale)
    board.draw_map(c, sheet, box, colours)
    text_x = left + max(map_w, board.edge_labels_width()) + mm(COLUMN_GAP_MM)
    y = _caption(c, sheet, box, text_x, right, top, colours)
    _sections(c, sheet, text_x, right, y - mm(MAP_GAP_MM), bottom, colours)


def _caption(
    c: Canvas,
    sheet: ScenarioSheet,
    box: board.MapBox,
    left: float,
    right: float,
    top: float,
    colours: Ink,
) -> float:
    """The map's scale and the legend; returns the y below them."""
    length, width = sheet.card_mm
    which = f"Setup map {sheet.map} of the notes" if sheet.map else "Setup map"
    words = (
        f"{which} (the layout is ours: the ruleset's data). Scale 1:{box.scale}: a playing card "
        f"({length:g} x {width:g} mm) is {length / box.scale:.1f} x {width / box.scale:.1f} mm "
        "on the map; dashed lines one foot apart."
    )
    c.setFillColor(colours.text)
    c.setFont(CONDENSED, CAPTION_PT)
    y = top - CAPTION_PT
    for line in wrap(words, CONDENSED, CAPTION_PT, right - left):
        c.drawString(left, y, line)
        y -= CAPTION_PT * LEAD
    swatch = mm(SWATCH_MM)
    for posse, count in _counts(sheet):
        y -= CAPTION_PT * 0.4
        c.setFillColor(colours.posse[posse - 1])
        c.setStrokeColor(colours.stroke)
        c.rect(left, y - swatch * 0.15, swatch, swatch * 0.8, stroke=1, fill=1)
        c.setFillColor(colours.text)
        c.drawString(
            left + swatch + mm(SWATCH_GAP_MM),
            y,
            f"{count} card{'' if count == 1 else 's'} marked {posse}: posse {posse}'s territory",
        )
        y -= CAPTION_PT * LEAD
    bar = mm(length / box.scale)  # one card length, to measure the map with
    y -= CAPTION_PT * 0.4
    c.setStrokeColor(colours.stroke)
    c.setLineWidth(SCALE_BAR_PT)
    mid = y + mm(SCALE_TICK_MM) / 2
    c.line(left, mid, left + bar, mid)
    for end in (left, left + bar):
        c.line(end, y, end, y + mm(SCALE_TICK_MM))
    c.drawString(left + bar + mm(SWATCH_GAP_MM), y, "one card length at this scale")
    return y - CAPTION_PT * LEAD


def _counts(sheet: ScenarioSheet) -> list[tuple[int, int]]:
    posses = sorted({card.posse for card in sheet.cards})
    return [(p, sum(1 for card in sheet.cards if card.posse == p)) for p in posses]


def _section_lines(section: Section, width: float) -> list[str]:
    return [
        line for sentence in section.lines for line in wrap(sentence, CONDENSED, TEXT_PT, width)
    ]


def _sections(
    c: Canvas,
    sheet: ScenarioSheet,
    left: float,
    right: float,
    top: float,
    bottom: float,
    colours: Ink,
) -> None:
    """The sections one below the other in the text column."""
    width = right - left
    y = top
    for section in sheet.sections:
        lines = _section_lines(section, width)
        need = TITLE_PT * LEAD + len(lines) * TEXT_PT * LEAD
        if y - need < bottom:
            raise PrintRefused(f"The sheet of {sheet.name} does not fit on one page.")
        c.setFillColor(colours.title)
        c.setFont(CONDENSED_BOLD, TITLE_PT)
        y -= TITLE_PT
        c.drawString(left, y, section.title)
        c.setFillColor(colours.text)
        c.setFont(CONDENSED, TEXT_PT)
        y -= TITLE_PT * (LEAD - 1) + TEXT_PT
        for line in lines:
            c.drawString(left, y, line)
            y -= TEXT_PT * LEAD
        y -= mm(SECTION_GAP_MM) - TEXT_PT * (LEAD - 1)


def _footer(c: Canvas, size: tuple[float, float], left_text: str, right_text: str) -> None:
    w, _ = size
    c.setFont(CONDENSED, SUB_PT)
    c.drawString(mm(MARGIN_MM), mm(MARGIN_MM), left_text)
    c.drawRightString(w - mm(MARGIN_MM), mm(MARGIN_MM), right_text)
