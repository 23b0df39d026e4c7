"""Sizes and inks of the quick-reference sheet (DESIGN 6): one place for what it looks like."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, black, white

from printables.layout import INKS, check_choice, mm

TEXT_PT = 7.5  # steps, outcomes and table cells
MIN_PT = 7.0  # nothing on the sheet is smaller (the minimum)
LABEL_PT = 7.0  # yes / no on the arrows
TITLE_PT = 9.0
HEAD_PT = 11.0
LEAD = 1.18
EDGE_MM = 8.0  # the page's margin: everything stays well inside the 5 mm edge rule
GUTTER_MM = 4.0
PAD = 3.0  # inside a box, points
ROW_GAP = 12.0  # between two boxes of a chart: room for the arrow and its label
BLOCK_GAP = 10.0  # between two charts or tables in a column
ARROW_HEAD = 4.0
LINE_PT = 0.8


@dataclass(frozen=True)
class Ink:
    """The colours of one ink mode."""

    stroke: Color
    text: Color
    title_band: Color | None  # None: the title is plain text in `title_text`
    title_text: Color
    step: Color
    decision: Color
    outcome: Color
    end: Color
    head_row: Color
    rule: Color


def ink(name: str) -> Ink:
    """The colours of an ink mode: colour, ink-saver (white grounds) or line-art (black only)."""
    check_choice(name, INKS, "ink")
    brown = HexColor("#4a2f17")
    if name == "colour":
        return Ink(
            stroke=brown,
            text=HexColor("#1d140b"),
            title_band=HexColor("#7a2e1a"),
            title_text=white,
            step=HexColor("#f5ecd9"),
            decision=HexColor("#f4d7a1"),
            outcome=HexColor("#e4ecd9"),
            end=HexColor("#ead0c6"),
            head_row=HexColor("#ecdcbc"),
            rule=HexColor("#b49a74"),
        )
    if name == "ink-saver":
        return Ink(
            brown, black, None, HexColor("#7a2e1a"), white, white, white, white, white, brown
        )
    return Ink(black, black, None, black, white, white, white, white, white, black)


def edge() -> float:
    return mm(EDGE_MM)


def gutter() -> float:
    return mm(GUTTER_MM)
