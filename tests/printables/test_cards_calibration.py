"""R18 / DESIGN 6: the two-page calibration sheet that finds the back offset for duplex cards."""

from __future__ import annotations

import io

import pypdf
import pytest

from printables.cards import write_calibration
from rostermgr.errors import PrintRefused
from tests.printables.test_cards_support import MM, PAGES, TOL, open_pdf

SQUARE = 8 * MM


def _calibration(paper: str = "a4", layout: str = "duplex-long") -> bytes:
    out = io.BytesIO()
    write_calibration(out, paper=paper, layout=layout)
    return out.getvalue()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r18_calibration_is_two_pages_of_the_paper_asking_for_actual_size(paper):
    reader = pypdf.PdfReader(io.BytesIO(_calibration(paper)))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(PAGES[paper][0], abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(PAGES[paper][1], abs=TOL)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_r18_calibration_has_a_100_mm_scale_bar():
    with open_pdf(_calibration()) as pdf:
        page = pdf.pages[0]
        bar = pytest.approx(100 * MM, abs=TOL)
        bars = [r for r in page.rects if r["fill"] and r["width"] == bar]
        assert len(bars) == 1
        text = page.extract_text()
        assert "100 mm" in text and "actual size" in text and "--back-offset" in text


def _squares(page, filled: bool):
    return [
        r
        for r in page.rects
        if bool(r["fill"]) == filled
        and r["stroke"] != filled
        and r["width"] == pytest.approx(SQUARE, abs=TOL)
        and r["height"] == pytest.approx(SQUARE, abs=TOL)
    ]


def _label_under(page, rect) -> str:
    chars = [
        c
        for c in page.chars
        if rect["x0"] - 4 <= (c["x0"] + c["x1"]) / 2 <= rect["x1"] + 4
        and rect["bottom"] < c["top"] < rect["bottom"] + 12
    ]
    return "".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"]))


@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
def test_r18_each_back_square_is_offset_by_the_label_under_its_front_square(layout):
    with open_pdf(_calibration("a4", layout)) as pdf:
        front, back = pdf.pages
        w, h = front.width, front.height
        outlines, solids = _squares(front, False), _squares(back, True)
        assert len(outlines) == len(solids) == 25
        offsets = set()
        for square in outlines:
            dx, dy = (int(v) for v in _label_under(front, square).split(","))
            offsets.add((dx, dy))
            # where the back square would sit with no offset, in back-page coordinates
            if layout == "duplex-long":
                x, top = w - square["x1"], square["top"]
            else:
                x, top = square["x0"], h - square["bottom"]
            expected = (x + dx * MM, top - dy * MM)  # +DY is up the back page
            assert any(
                s["x0"] == pytest.approx(expected[0], abs=TOL)
                and s["top"] == pytest.approx(expected[1], abs=TOL)
                for s in solids
            )
        assert offsets == {(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)}


def test_calibration_refuses_an_unknown_paper():
    with pytest.raises(PrintRefused, match=r"^The paper 'a5' is not known; choose a4 or letter\.$"):
        write_calibration(io.BytesIO(), paper="a5")
