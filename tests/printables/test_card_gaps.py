"""Issue 31, item 8: cut marks at least 3 mm long on every home sheet, and the --gap option that
spaces colour cards apart, each with its own bleed."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest

from printables.cards import card_faces, write_cards
from printables.cards.impose import BACK, FRONT, duplex_grid, plan_pages
from rostermgr.errors import PrintRefused
from tests.printables.test_cards_support import ALL_LAYOUTS, MM, many, open_pdf, rules
from tests.printables.test_paper_and_cutting import _assert_5_mm_clear_with_every_stroke

CARD_W, CARD_H = 180.0, 252.0
GREY = 0.45  # the cut marks' grey


def _cards(paper: str, layout: str, gap: float = 0.0, ink: str = "colour") -> bytes:
    out = io.BytesIO()
    faces = card_faces(many(), rules())
    write_cards(faces, rules(), out, paper=paper, layout=layout, gap=gap, ink=ink)
    return out.getvalue()


def _marks(data: bytes):
    """(page, length in mm) of every cut mark: the grey lines outside the cards."""
    with open_pdf(data) as pdf:
        for n, page in enumerate(pdf.pages):
            for line in page.lines:
                if tuple(line.get("stroking_color") or ()) != (GREY, GREY, GREY):
                    continue
                if line.get("dash") and line["dash"][0]:  # the fold line of gutter-fold
                    continue
                length = max(line["x1"] - line["x0"], line["bottom"] - line["top"]) / MM
                yield n, length


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_issue_31_every_cut_mark_is_at_least_3_mm_long(paper, layout):
    marks = list(_marks(_cards(paper, layout)))
    assert marks
    assert min(length for _, length in marks) >= 3 - 0.01, sorted(marks, key=lambda m: m[1])[:3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("gap", [1.0, 3.0, 6.0])
def test_issue_31_spaced_cards_keep_3_mm_marks_and_5_mm_from_the_edge(paper, gap):
    for layout in ("duplex-long", "fronts-backs"):
        data = _cards(paper, layout, gap)
        assert min(length for _, length in _marks(data)) >= 3 - 0.01
        _assert_5_mm_clear_with_every_stroke(data)


def test_issue_31_letter_holds_three_by_two_a4_three_by_three():
    """Decided: three rows on Letter leave 1.35 mm a margin, no room for a 3 mm mark 5 mm
    inside the edge, so Letter sheets hold 3 x 2 cards."""
    assert (duplex_grid("a4").cols, duplex_grid("a4").rows) == (3, 3)
    assert (duplex_grid("letter").cols, duplex_grid("letter").rows) == (3, 2)
    assert duplex_grid("a4").gap == duplex_grid("letter").gap == 0  # butted by default


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short", "fronts-backs"])
def test_issue_31_spaced_backs_sit_behind_their_fronts(paper, layout):
    pages = plan_pages(11, paper, layout, gap=3.0)
    w = pages[0].grid.page_w
    h = pages[0].grid.page_h
    fronts = {s.face: s for p in pages for s in p.slots if s.side == FRONT}
    backs = {s.face: s for p in pages for s in p.slots if s.side == BACK}
    assert set(fronts) == set(backs) == set(range(11))
    for face, front in fronts.items():
        back = backs[face]
        if layout == "duplex-short":  # turned over about the short edge
            assert (back.x, back.y) == pytest.approx((front.x, h - front.y - CARD_H))
            assert back.rotated
        else:
            assert (back.x, back.y) == pytest.approx((w - front.x - CARD_W, front.y))
            assert not back.rotated


def test_issue_31_each_spaced_colour_card_has_its_own_bleed():
    """With a 4 mm gap every card's band runs on 2 mm past its trim: rendered, the pixels just
    inside the middle of each gap have the colour of the card on their side, not paper white
    and not the neighbour's."""
    gap = 4.0
    data = _cards("a4", "duplex-long", gap)
    grid = duplex_grid("a4", gap)
    assert grid.cols * grid.rows < 9  # spaced cards take more room: fewer to a sheet
    scale = 300 / 72
    pdf = pdfium.PdfDocument(data)
    image = pdf[0].render(scale=scale).to_pil().convert("RGB")
    page_h = grid.page_h

    def pixel(x: float, y: float) -> tuple[int, int, int]:  # PDF points, y up
        return image.getpixel((round(x * scale), round((page_h - y) * scale)))

    checked = 0
    for row in range(grid.rows):
        for col in range(grid.cols - 1):
            left, right = grid.cell(col, row), grid.cell(col + 1, row)
            mid = (left.right + right.x) / 2
            y = left.y + 20
            own_left, own_right = pixel(left.right - 2, y), pixel(right.x + 2, y)
            assert pixel(mid - 1.5, y) == own_left, (row, col)
            assert pixel(mid + 1.5, y) == own_right, (row, col)
            assert own_left != (255, 255, 255)
            checked += 1
    assert checked


def test_issue_31_ink_saver_cards_get_no_bleed_to_cut_into():
    """Only a coloured edge needs a bleed: ink-saver's white ground stays white in the gap."""
    gap = 4.0
    data = _cards("a4", "duplex-long", gap, ink="ink-saver")
    grid = duplex_grid("a4", gap)
    with open_pdf(data) as pdf:
        wide = [r for r in pdf.pages[0].rects if r["fill"] and r["width"] > CARD_W + 1]
    assert wide == []
    assert grid.gap == pytest.approx(gap * MM)


@pytest.mark.parametrize(
    ("gap", "layout", "message"),
    [
        (-1.0, "duplex-long", r"^The gap between cards must be from 0 to 10 mm, not -1\.$"),
        (11.0, "duplex-long", r"^The gap between cards must be from 0 to 10 mm, not 11\.$"),
        (float("nan"), "duplex-long", r"^The gap between cards must be from 0 to 10 mm"),
        (2.0, "gutter-fold", r"^The gutter-fold layout folds each card .* takes no gap"),
    ],
)
def test_issue_31_a_gap_it_cannot_use_is_refused_with_one_sentence(gap, layout, message):
    out = io.BytesIO()
    with pytest.raises(PrintRefused, match=message):
        write_cards(card_faces(many(), rules()), rules(), out, layout=layout, gap=gap)
    assert out.getvalue() == b""


def test_issue_31_the_app_offers_the_same_widest_gap():
    from printables.cards.impose import MAX_GAP_MM
    from services.printing import MAX_CARD_GAP_MM

    assert MAX_CARD_GAP_MM == MAX_GAP_MM
