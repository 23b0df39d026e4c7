"""Issue 19, R18 and R20: paper edges, back offsets, fold and cut lines, pairing, line art."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printables.cards import card_faces, write_calibration, write_cards
from printables.cards.impose import back_offset_limits
from printables.casualties import write_casualty_sheets
from rostermgr.errors import PrintRefused
from tests.printables.test_cards_support import (
    ALL_LAYOUTS,
    CARD_H,
    CARD_W,
    MM,
    many,
    open_pdf,
    pdf_bytes,
    rules,
    sheet,
)

EDGE = 5 * MM - 0.01


def _objects(page: pdfplumber.page.Page):
    return [*page.chars, *page.lines, *page.rects, *page.curves]


def _assert_clear_of_the_edge(data: bytes) -> None:
    with open_pdf(data) as pdf:
        for n, page in enumerate(pdf.pages):
            for obj in _objects(page):
                # a stroke reaches half its width beyond its path, but not past the ends of a
                # straight line (butt caps)
                grow = obj.get("linewidth", 0) / 2 if obj.get("stroke") else 0
                line = obj.get("object_type") == "line"
                across = grow if not line or obj["x0"] == obj["x1"] else 0  # vertical: grows
                down = grow if not line or obj["top"] == obj["bottom"] else 0  # in x; horizontal, y
                assert obj["x0"] - across >= EDGE, (n, obj.get("text"), obj["x0"])
                assert obj["top"] - down >= EDGE, (n, obj.get("text"), obj["top"])
                assert page.width - obj["x1"] - across >= EDGE, (n, obj.get("text"))
                assert page.height - obj["bottom"] - down >= EDGE, (n, obj.get("text"))


def _cards(paper: str, layout: str, cut_lines: bool = False) -> bytes:
    out = io.BytesIO()
    write_cards(
        card_faces(many(), rules()), rules(), out, paper=paper, layout=layout, cut_lines=cut_lines
    )
    return out.getvalue()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_r18_nothing_is_drawn_within_5_mm_of_the_paper_edge(paper, layout):
    _assert_clear_of_the_edge(_cards(paper, layout, cut_lines=True))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
def test_r18_the_calibration_sheet_keeps_5_mm_from_the_edge(paper, layout):
    out = io.BytesIO()
    write_calibration(out, paper=paper, layout=layout)
    _assert_clear_of_the_edge(out.getvalue())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", ["colour", "line-art"])
def test_r20_casualty_sheets_keep_5_mm_from_the_edge(paper, ink):
    out = io.BytesIO()
    write_casualty_sheets(out, paper=paper, ink=ink, cut_lines=True)
    _assert_clear_of_the_edge(out.getvalue())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r18_gutter_fold_draws_a_fold_line_across_the_gutter(paper):
    grid = sheet(paper, "gutter-fold")
    fold_top = grid.top0 + CARD_H
    with open_pdf(pdf_bytes("many", paper, "gutter-fold")) as pdf:
        for page in pdf.pages:
            across = [
                ln
                for ln in page.lines
                if ln.get("dash")
                and ln["top"] == pytest.approx(fold_top, abs=0.01)
                and ln["x0"] <= grid.x0 + 0.01
                and ln["x1"] >= grid.x0 + grid.cols * CARD_W - 0.01
            ]
            assert across, "no fold line across the block"


def _full_lines(page, grid):
    """Grid lines drawn the whole way across or down the block of cards."""
    right, bottom = grid.x0 + grid.cols * CARD_W, grid.top0 + grid.rows * CARD_H
    xs = {
        round(ln["x0"], 1)
        for ln in page.lines
        if abs(ln["x0"] - ln["x1"]) < 0.01
        and ln["top"] <= grid.top0 + 0.01
        and ln["bottom"] >= bottom - 0.01
    }
    ys = {
        round(ln["top"], 1)
        for ln in page.lines
        if abs(ln["top"] - ln["bottom"]) < 0.01
        and ln["x0"] <= grid.x0 + 0.01
        and ln["x1"] >= right - 0.01
        and not ln.get("dash")
    }
    return xs, ys


@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_r18_cut_lines_run_across_the_fronts_on_every_grid_line(layout):
    grid = sheet("a4", layout)
    with open_pdf(_cards("a4", layout, cut_lines=True)) as pdf:
        first = pdf.pages[0]
        xs, ys = _full_lines(first, grid)
        assert len(xs) == grid.cols + 1
        # gutter-fold: every line but the fold, which is folded, not cut
        assert len(ys) == grid.rows + (0 if layout == "gutter-fold" else 1)
        if layout != "gutter-fold":
            backs = pdf.pages[-1] if layout == "fronts-backs" else pdf.pages[1]
            assert _full_lines(backs, grid) == (set(), set())
    with open_pdf(_cards("a4", layout)) as pdf:
        assert _full_lines(pdf.pages[0], grid) == (set(), set())  # only when asked


def test_r20_cut_lines_run_between_the_casualty_markers():
    out = io.BytesIO()
    write_casualty_sheets(out, british=12, french=0, cut_lines=True)
    plain = io.BytesIO()
    write_casualty_sheets(plain, british=12, french=0)
    with open_pdf(out.getvalue()) as pdf, open_pdf(plain.getvalue()) as bare:
        extra = len(pdf.pages[0].lines) - len(bare.pages[0].lines)
        thin = [ln for ln in pdf.pages[0].lines if ln["linewidth"] == pytest.approx(0.3)]
    assert extra == len(thin) > 0


def test_r18_following_the_fronts_backs_instruction_pairs_every_card():
    data = pdf_bytes("many", "a4", "fronts-backs")
    grid = sheet("a4", "fronts-backs")
    with open_pdf(data) as pdf:
        pages = pdf.pages
        half = len(pages) // 2
        for k in range(half):
            front, back = pages[k], pages[half + k]
            note = back.extract_text()
            assert "Turn each backs page over sideways, about its LONG edge" in note
            assert f"pairs with page {k + 1}" in note
            names = _name_positions(front, grid)
            # turned over about its long (vertical) edge, x becomes W - x; y stays
            flipped = {
                n: grid.cell_of(back.width - x, top)
                for n, (x, top) in _name_positions(back, grid).items()
            }
            assert names and all(flipped.get(n) == grid.cell_of(*xy) for n, xy in names.items())


def _name_positions(page, grid):
    """Where each card's first names line starts: its first word, by card cell."""
    out = {}
    for word in page.extract_words():
        if word["text"] in ("Wyatt", "Virgil", "Morgan", "Mags", "Ike", "Ma", "Ned", "Tom"):
            cell = grid.cell_of(word["x0"], word["top"])
            if cell is not None:
                out.setdefault(word["text"], ((word["x0"] + word["x1"]) / 2, word["top"]))
    return out


def _form_strokes(data: bytes):
    """(scale, widths, stroke colours) of every casualty form, from its content stream."""
    reader = PdfReader(io.BytesIO(data))
    forms = reader.pages[0]["/Resources"]["/XObject"]
    for name, ref in forms.items():
        form = ref.get_object()
        ops = ContentStream(form, reader).operations
        scale, widths, colours = 1.0, [], []
        for operands, op in ops:
            if op == b"cm" and float(operands[0]) not in (1.0, -1.0) and operands[1] == 0:
                scale = float(operands[0])
            elif op == b"w":
                widths.append(float(operands[0]) * scale)
            elif op == b"RG":
                colours.append(tuple(float(v) for v in operands))
            elif op == b"G":
                colours.append((float(operands[0]),) * 3)
        yield name, widths, colours


@pytest.mark.parametrize("size", [12.0, 19.05])
def test_r20_line_art_strokes_are_at_least_a_quarter_point_of_pure_black(size):
    out = io.BytesIO()
    write_casualty_sheets(out, british=30, french=5, ink="line-art", marker_mm=size)
    found = 0
    for _name, widths, colours in _form_strokes(out.getvalue()):
        found += 1
        assert widths and min(widths) >= 0.25 - 1e-6
        for colour in colours:  # ink is pure black; white only paints a limb's inside
            assert colour in ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)), colour
    assert found > 5


def test_r20_french_markers_carry_a_mark_british_ones_do_not():
    def cockades(british: int, french: int) -> int:
        """Three concentric rings (1.2 mm radius and smaller) at one centre: the mark."""
        out = io.BytesIO()
        write_casualty_sheets(out, british=british, french=french, ink="line-art")
        rings: dict[tuple[float, float], set[int]] = {}
        with open_pdf(out.getvalue()) as pdf:
            for c in pdf.pages[0].curves:
                for i, d in enumerate((2.4 * MM, 1.488 * MM, 0.72 * MM)):
                    if abs(c["width"] - d) < 0.3 and abs(c["height"] - d) < 0.3:
                        centre = (
                            round((c["x0"] + c["x1"]) / 2),
                            round((c["top"] + c["bottom"]) / 2),
                        )
                        rings.setdefault(centre, set()).add(i)
        return sum(1 for found in rings.values() if found == {0, 1, 2})

    assert cockades(0, 6) == 6  # every marker (the legend's sample is drawn too small to count)
    assert cockades(6, 0) == 0


def test_r18_back_offset_limits_keep_the_backs_5_mm_inside_the_paper():
    with pytest.raises(PrintRefused, match=r"to stay 5 mm inside the paper's edge"):
        write_cards(
            card_faces(many(), rules()), rules(), io.BytesIO(), paper="letter", back_offset=(8, 0)
        )


def _assert_5_mm_clear_with_every_stroke(data: bytes) -> None:
    """Issue 31 (4, 10): every mark, note and card 5 mm inside the paper, a stroke's half width
    counted every way (whatever its caps), and no character below 6 pt."""
    with open_pdf(data) as pdf:
        for n, page in enumerate(pdf.pages):
            for obj in _objects(page):
                grow = obj.get("linewidth", 0) / 2 if obj.get("stroke") else 0
                assert obj["x0"] - grow >= EDGE, (n, obj.get("text"), obj["x0"])
                assert obj["top"] - grow >= EDGE, (n, obj.get("text"), obj["top"])
                assert page.width - obj["x1"] - grow >= EDGE, (n, obj.get("text"), obj["x1"])
                assert page.height - obj["bottom"] - grow >= EDGE, (n, obj.get("text"))
            # pdfminer gives a turned character's advance as its size: its extent across is
            # its font size then (an upright one's height is)
            sizes = [c["size"] if c["upright"] else c["x1"] - c["x0"] for c in page.chars]
            assert min(sizes, default=6) >= 6 - 0.01, n


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_issue_31_marks_and_notes_keep_5_mm_and_6_pt_in_every_layout(paper, layout):
    _assert_5_mm_clear_with_every_stroke(_cards(paper, layout, cut_lines=True))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("signs", [(1, 1), (-1, -1), (1, -1), (-1, 1)])
def test_issue_31_the_largest_back_offsets_keep_marks_and_notes_5_mm_in(paper, layout, signs):
    across, updown = back_offset_limits(paper)
    offset = (signs[0] * across, signs[1] * updown)
    out = io.BytesIO()
    write_cards(
        card_faces(many(), rules()), rules(), out, paper=paper, layout=layout, back_offset=offset
    )
    _assert_5_mm_clear_with_every_stroke(out.getvalue())
    with open_pdf(out.getvalue()) as pdf:  # the back pages still say their offset (upright
        # on A4; Letter's notes run up its side margins, which pdfminer reads backwards)
        assert (
            paper == "letter"
            or f"Back offset {offset[0]:g},{offset[1]:g} mm" in pdf.pages[1].extract_text()
        )
