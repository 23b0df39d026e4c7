"""The card pen: lines of text share a text object, settings are not repeated, order is kept."""

from __future__ import annotations

import io
import re

import pdfplumber
from pypdf import PdfReader
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printables.cards.pen import Pen
from printables.fonts import CONDENSED, DISPLAY, register_fonts

INK = Color(0.1, 0.1, 0.1)
RED = Color(0.8, 0.1, 0.1)


def _page(draw) -> tuple[str, bytes]:
    """The page's content stream (uncompressed) and the PDF."""
    register_fonts([CONDENSED, DISPLAY])
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 200), pageCompression=0, initialFontName=CONDENSED)
    with Pen(c) as pen:
        draw(pen)
    c.showPage()
    c.save()
    pdf = out.getvalue()
    contents = PdfReader(io.BytesIO(pdf)).pages[0].get_contents()
    assert contents is not None
    return contents.get_data().decode("latin-1"), pdf


def test_lines_in_a_row_share_one_text_object_and_one_font_setting() -> None:
    def draw(pen: Pen) -> None:
        pen.lines(10, 190, ["Ike Dalton", "Ma Dalton", "Kid"], CONDENSED, 8, INK)

    stream, pdf = _page(draw)
    assert stream.count("BT") == 1
    assert len(re.findall(r"\bTf\b", stream)) == 1
    assert len(re.findall(r"\brg\b", stream)) == 1
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert doc.pages[0].extract_text().split("\n") == ["Ike Dalton", "Ma Dalton", "Kid"]


def test_a_box_ends_the_text_so_text_after_it_is_drawn_on_top() -> None:
    def draw(pen: Pen) -> None:
        pen.text(10, 190, "under", CONDENSED, 8, INK)
        pen.box(5, 100, 100, 90, fill=RED)
        pen.text(10, 150, "over", DISPLAY, 12, INK, align="right")

    stream, pdf = _page(draw)
    under, box, over = stream.index("(under)"), stream.index(" re"), stream.index("(over)")
    assert under < box < over
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        words = {w["text"]: w for w in doc.pages[0].extract_words()}
    assert set(words) == {"under", "over"}
    assert abs(words["over"]["x1"] - 10) < 0.5  # right-aligned on x


def test_a_changed_colour_or_font_is_set_again() -> None:
    def draw(pen: Pen) -> None:
        pen.text(10, 190, "a", CONDENSED, 8, INK)
        pen.text(10, 180, "b", CONDENSED, 8, RED)
        pen.text(10, 170, "c", CONDENSED, 9, RED)
        pen.text(10, 160, "d", CONDENSED, 9, Color(0.8, 0.1, 0.1))  # equal colour: not again

    stream, _ = _page(draw)
    assert len(re.findall(r"\brg\b", stream)) == 2
    assert len(re.findall(r"\bTf\b", stream)) == 2
