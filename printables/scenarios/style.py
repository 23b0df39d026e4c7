"""Sizes and inks of the scenario sheets: one place for what they look like."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, black, white

from printables.layout import INKS, check_choice

MARGIN_MM = 12.0  # the page's margin: well inside the 5 mm edge rule
HEAD_PT = 15.0  # the scenario's name
SUB_PT = 8.0  # the ruleset, its version and the date; the footer
HEADER_MM = 12.0  # the band the heading takes at the top of the page
MAP_MAX_MM = 160.0  # the widest the board may be drawn, on a landscape page
TEXT_MIN_MM = 90.0  # the text column beside the map is at least this wide
MAP_GAP_MM = 4.0  # between the caption and the sections
CAPTION_PT = 8.0  # the map's scale and legend
SWATCH_MM = 4.0  # a legend's colour square
SWATCH_GAP_MM = 2.0  # between a swatch (or the scale bar) and its words
SCALE_BAR_PT = 1.0
SCALE_TICK_MM = 2.0  # the scale bar's end ticks
TITLE_PT = 10.0  # a section's title
TEXT_PT = 9.0  # a section's sentences
LEAD = 1.25
SECTION_GAP_MM = 4.0
COLUMN_GAP_MM = 10.0  # between the map and the text column
FOOTER_MM = 6.0


@dataclass(frozen=True)
class Ink:
    """The colours of one ink mode."""

    text: Color
    stroke: Color
    board: Color
    grid: Color
    posse: tuple[Color, Color]  # the first player's territory, the second's
    card_text: Color
    marker: Color
    title: Color


def ink(name: str) -> Ink:
    """Colour, ink-saver (white ground, coloured lines) or line-art (black on white).

    In line-art the two territories differ by shade of grey as well as by the number on each card.
    """
    check_choice(name, INKS, "ink")
    brown = HexColor("#4a2f17")
    if name == "colour":
        return Ink(
            text=HexColor("#1d140b"),
            stroke=brown,
            board=HexColor("#e9dcc0"),
            grid=HexColor("#b49a74"),
            posse=(HexColor("#7a2e1a"), HexColor("#1f4e79")),
            card_text=white,
            marker=HexColor("#2f5d1e"),
            title=HexColor("#7a2e1a"),
        )
    if name == "ink-saver":
        return Ink(
            black,
            brown,
            white,
            HexColor("#b49a74"),
            (HexColor("#f2d6cc"), HexColor("#d3e1ef")),
            black,
            HexColor("#2f5d1e"),
            brown,
        )
    return Ink(
        black, black, white, HexColor("#999999"), (white, HexColor("#cccccc")), black, black, black
    )
