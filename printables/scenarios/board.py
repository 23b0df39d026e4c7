"""A scenario's setup map (R12): the board to scale, the cards laid as each posse's territory.

The board and the cards are drawn at one scale, 1:`scale`, the largest of SCALES that fits the
box given, so a ruler laid on the paper measures the table: a card on the map is its real size
divided by the scale. Posse 1's edge is the bottom of the map, as in the ruleset's data.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printables.fonts import CONDENSED, CONDENSED_BOLD
from printables.layout import mm
from printables.scenarios.style import Ink
from printables.text import text_width
from rostermgr.scenario_sheet import ScenarioSheet

SCALES = (4, 5, 6, 8, 10, 12)  # 1:4 draws the 2 x 2 ft board 152.4 mm square
BOARD_LINE_PT = 1.2
CARD_LINE_PT = 0.6
CARD_CORNER_MM = 1.0  # a playing card's rounded corner, at the map's scale
FOOT_MM = 304.8  # the grid drawn on the board: one line a foot
GRID_LINE_PT = 0.3
EDGE_LABEL_PT = 8.0
EDGE_LABEL_GAP_MM = 2.0  # between the board and the words naming its edges
MARKER_MM = 4.0  # a marker's cross, on paper (not to scale: a point of the board)
MARKER_LABEL_PT = 7.5
MARKER_LINE_PT = 1.4
MARKER_RING = 1.2  # the ring round a marker's cross, in half-crosses
MARKER_LABEL_GAP_MM = 1.0  # between a marker's ring and its label
NUMBER_PT = 7.0  # the card's number inside it
EDGE_LABELS = ("First player's edge (posse 1)", "Second player's edge (posse 2)")


@dataclass(frozen=True)
class MapBox:
    """Where the map goes: the board's lower-left corner on the page and its scale."""

    x: float  # points
    y: float
    scale: int

    def at(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """A point of the board (mm from its lower-left corner) on the page, in points."""
        return self.x + mm(x_mm / self.scale), self.y + mm(y_mm / self.scale)


def scale_for(board_mm: tuple[float, float], width_mm: float, height_mm: float) -> int | None:
    """The largest drawing of the board that fits the box (1:4 before 1:5); None if none does."""
    return next(
        (s for s in SCALES if board_mm[0] / s <= width_mm and board_mm[1] / s <= height_mm), None
    )


def edge_room() -> float:
    """The height the edge labels take above and below the board, in points."""
    return mm(EDGE_LABEL_GAP_MM) + EDGE_LABEL_PT * 1.2


def edge_labels_width() -> float:
    """The width of the longer edge label, in points: the text column starts beyond it."""
    return max(text_width(label, CONDENSED_BOLD, EDGE_LABEL_PT) for label in EDGE_LABELS)


def draw_map(c: Canvas, sheet: ScenarioSheet, box: MapBox, ink: Ink) -> None:
    """The board with its foot grid, the laid cards, the markers and the edge labels."""
    w, h = sheet.board_mm
    x0, y0 = box.at(0, 0)
    x1, y1 = box.at(w, h)
    c.saveState()
    c.setFillColor(ink.board)
    c.setStrokeColor(ink.stroke)
    c.setLineWidth(BOARD_LINE_PT)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=1)
    c.setLineWidth(GRID_LINE_PT)
    c.setStrokeColor(ink.grid)
    c.setDash(2, 2)
    for i in range(1, int(w // FOOT_MM) + 1):
        if i * FOOT_MM < w:
            gx, _ = box.at(i * FOOT_MM, 0)
            c.line(gx, y0, gx, y1)
    for i in range(1, int(h // FOOT_MM) + 1):
        if i * FOOT_MM < h:
            _, gy = box.at(0, i * FOOT_MM)
            c.line(x0, gy, x1, gy)
    c.setDash()
    for card in sheet.cards:
        _card(c, sheet, box, card.posse, card.x, card.y, card.across, ink)
    for marker in sheet.markers:
        _marker(c, box, marker.x, marker.y, marker.label, ink)
    c.setFillColor(ink.text)
    c.setFont(CONDENSED_BOLD, EDGE_LABEL_PT)
    mid = (x0 + x1) / 2
    gap = mm(EDGE_LABEL_GAP_MM)
    c.drawCentredString(mid, y0 - gap - EDGE_LABEL_PT * 0.8, EDGE_LABELS[0])
    c.drawCentredString(mid, y1 + gap, EDGE_LABELS[1])
    c.restoreState()


def _card(
    c: Canvas,
    sheet: ScenarioSheet,
    box: MapBox,
    posse: int,
    x: float,
    y: float,
    across: bool,
    ink: Ink,
) -> None:
    length, width = sheet.card_mm
    w, h = (length, width) if across else (width, length)
    px, py = box.at(x, y)
    pw, ph = mm(w / box.scale), mm(h / box.scale)
    fill: Color = ink.posse[posse - 1]
    c.setFillColor(fill)
    c.setStrokeColor(ink.stroke)
    c.setLineWidth(CARD_LINE_PT)
    c.roundRect(px, py, pw, ph, mm(CARD_CORNER_MM), stroke=1, fill=1)
    c.setFillColor(ink.card_text)
    c.setFont(CONDENSED_BOLD, NUMBER_PT)
    # each card says whose territory it is, so line-art needs no colour to tell them apart
    c.drawCentredString(px + pw / 2, py + ph / 2 - NUMBER_PT * 0.35, f"{posse}")


def _marker(c: Canvas, box: MapBox, x: float, y: float, label: str, ink: Ink) -> None:
    px, py = box.at(x, y)
    half = mm(MARKER_MM) / 2
    c.setStrokeColor(ink.marker)
    c.setLineWidth(MARKER_LINE_PT)
    c.line(px - half, py - half, px + half, py + half)
    c.line(px - half, py + half, px + half, py - half)
    c.circle(px, py, half * MARKER_RING, stroke=1, fill=0)
    c.setFillColor(ink.text)
    c.setFont(CONDENSED, MARKER_LABEL_PT)
    ring = half * MARKER_RING + mm(MARKER_LABEL_GAP_MM)
    c.drawString(px + ring, py - MARKER_LABEL_PT * 0.35, label)
