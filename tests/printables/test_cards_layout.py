"""R18 roster cards on paper: page sizes, the grid, front/back registration and cut marks."""

from __future__ import annotations

import dataclasses
import io
from types import MappingProxyType

import pypdf
import pytest

from printables.cards import card_faces, parse_back_offset, write_cards
from printables.cards.impose import back_offset_limits, plan_pages
from rostermgr.errors import PrintRefused
from rostermgr.roster import Member
from tests.printables.test_cards_support import (
    ALL_INKS,
    ALL_LAYOUTS,
    CARD_H,
    CARD_W,
    DUPLEX_GRID,
    MARGINS_MM,
    MM,
    PAGES,
    SAFE,
    TOL,
    cell_texts,
    find_cell,
    many,
    open_pdf,
    pdf_bytes,
    posse,
    rules,
    sheet,
    upgrades,
)

NAMES = [
    "Ike Dalton",
    "Ma Dalton",
    "Kid",
    "Wyatt",
    "Virgil",
    "Morgan",
    "Texas Jack",
    "Holliday",
    "Mags",
    "Tom Horn",
    "Ned Buntline",
]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_r18_page_size_is_exact(paper, layout):
    w, h = PAGES[paper]
    if layout == "gutter-fold":
        w, h = h, w
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes("many", paper, layout)))
    assert len(reader.pages) == (3 if layout == "gutter-fold" else 4)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(h, abs=TOL)
        assert page.cropbox == page.mediabox  # no crop marks enlarging the page


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r18_cards_centred_with_the_design_margins_3_by_3_on_a4_3_by_2_on_letter(paper):
    grid = sheet(paper, "duplex-long")
    side, ends = MARGINS_MM[paper]
    assert grid.x0 == pytest.approx(side * MM, abs=TOL)
    assert grid.top0 == pytest.approx(ends * MM, abs=TOL)
    with open_pdf(pdf_bytes("many", paper)) as pdf:
        marks = [ln for ln in pdf.pages[0].lines if ln["x0"] == ln["x1"]]
        assert min(ln["x0"] for ln in marks) == pytest.approx(grid.x0, abs=TOL)
        assert max(ln["x0"] for ln in marks) == pytest.approx(grid.x0 + 3 * CARD_W, abs=TOL)


def _cells(data: bytes, paper: str, layout: str):
    grid = sheet(paper, layout)
    with open_pdf(data) as pdf:
        return [cell_texts(page, grid) for page in pdf.pages], [
            [ch["matrix"][0] for ch in page.chars if grid.cell_of(ch["x0"], ch["top"])]
            for page in pdf.pages
        ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r18_duplex_long_back_is_in_the_front_cell_mirrored_by_column_upright(paper):
    pages, matrices = _cells(pdf_bytes("many", paper, "duplex-long"), paper, "duplex-long")
    assert len(pages) == 4
    cols, rows = DUPLEX_GRID[paper]
    for sheet_no in range(2):
        front, back = pages[2 * sheet_no], pages[2 * sheet_no + 1]
        for name in NAMES[sheet_no * cols * rows : (sheet_no + 1) * cols * rows]:
            col, row = find_cell(front, name)
            assert find_cell(back, name) == (cols - 1 - col, row), name
        assert all(a > 0 for a in matrices[2 * sheet_no + 1])  # upright


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r18_duplex_short_back_is_mirrored_by_row_and_turned_180_degrees(paper):
    pages, matrices = _cells(pdf_bytes("many", paper, "duplex-short"), paper, "duplex-short")
    cols, rows = DUPLEX_GRID[paper]
    for sheet_no in range(2):
        front, back = pages[2 * sheet_no], pages[2 * sheet_no + 1]
        for name in NAMES[sheet_no * cols * rows : (sheet_no + 1) * cols * rows]:
            col, row = find_cell(front, name)
            assert find_cell(back, name) == (col, rows - 1 - row), name
        assert all(a > 0 for a in matrices[2 * sheet_no])
        assert matrices[2 * sheet_no + 1] and all(a < 0 for a in matrices[2 * sheet_no + 1])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r18_gutter_fold_is_landscape_four_a_sheet_backs_below_the_fold_turned(paper):
    data = pdf_bytes("many", paper, "gutter-fold")
    grid = sheet(paper, "gutter-fold")
    with open_pdf(data) as pdf:
        assert len(pdf.pages) == 3
        for k, page in enumerate(pdf.pages):
            assert page.width > page.height
            texts = cell_texts(page, grid)
            for name in NAMES[k * 4 : k * 4 + 4]:
                front = [c for c, t in texts.items() if c[1] == 0 and name in t]
                back = [c for c, t in texts.items() if c[1] == 1 and name in t]
                assert len(front) == 1 and back == [(front[0][0], 1)], name
            for ch in page.chars:
                cell = grid.cell_of(ch["x0"], ch["top"])
                if cell is not None:
                    assert (ch["matrix"][0] > 0) == (cell[1] == 0)  # backs turned 180
            fold = [ln for ln in page.lines if ln.get("dash") and ln["top"] == ln["bottom"]]
            assert fold and all(ln["top"] == pytest.approx(page.height / 2, abs=TOL) for ln in fold)


def test_r18_fronts_backs_prints_all_fronts_then_all_backs_mirrored():
    pages, _ = _cells(pdf_bytes("many", "a4", "fronts-backs"), "a4", "fronts-backs")
    assert len(pages) == 4
    for sheet_no in range(2):
        front, back = pages[sheet_no], pages[2 + sheet_no]
        for name in NAMES[sheet_no * 9 : sheet_no * 9 + 9]:
            col, row = find_cell(front, name)
            assert find_cell(back, name) == (2 - col, row)


@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
def test_r18_back_offset_moves_every_back_page_by_exactly_dx_dy(layout):
    dx, dy = 1.5, -0.75
    plain = pdf_bytes("many", "a4", layout)
    moved = pdf_bytes("many", "a4", layout, back_offset=(dx, dy))
    backs = (1, 3)
    grid = sheet("a4", layout)

    def on_cards(chars):  # the margin note of a back page also states the offset
        return [c for c in chars if grid.inside_block(c["x0"], c["top"], c["x1"], c["bottom"])]

    with open_pdf(plain) as a, open_pdf(moved) as b:
        for i, (pa, pb) in enumerate(zip(a.pages, b.pages, strict=True)):
            ca, cb = on_cards(pa.chars), on_cards(pb.chars)
            assert len(ca) == len(cb) > 0
            sx, sy = (dx * MM, -dy * MM) if i in backs else (0.0, 0.0)  # +DY is up
            for x, y in zip(ca, cb, strict=True):
                assert x["text"] == y["text"]
                assert y["x0"] - x["x0"] == pytest.approx(sx, abs=TOL)
                assert y["top"] - x["top"] == pytest.approx(sy, abs=TOL)
            # Cut marks stay on the moved grid lines (a narrower margin shortens its marks).
            for x, y in zip(pa.lines, pb.lines, strict=True):
                if x["x0"] == x["x1"]:
                    assert y["x0"] - x["x0"] == pytest.approx(sx, abs=TOL)
                else:
                    assert y["top"] - x["top"] == pytest.approx(sy, abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_r18_cut_marks_sit_on_grid_lines_in_the_margins_only(paper, layout):
    grid = sheet(paper, layout)
    xs = [grid.x0 + i * CARD_W for i in range(grid.cols + 1)]
    ys = [grid.top0 + j * CARD_H for j in range(grid.rows + 1)]
    with open_pdf(pdf_bytes("many", paper, layout)) as pdf:
        for page in pdf.pages:
            outside = [
                ln
                for ln in page.lines
                if not grid.inside_block(ln["x0"], ln["top"], ln["x1"], ln["bottom"])
            ]
            inside = [ln for ln in page.lines if ln not in outside]
            marked_x, marked_y = set(), set()
            for ln in outside:
                assert ln["linewidth"] == pytest.approx(0.4)
                colour = ln["stroking_color"]
                assert len(set(colour)) == 1 and 0.2 < colour[0] < 0.8  # grey
                if ln["x0"] == pytest.approx(ln["x1"]):
                    assert any(ln["x0"] == pytest.approx(x, abs=TOL) for x in xs)
                    marked_x.add(round(ln["x0"], 2))
                else:
                    assert any(ln["top"] == pytest.approx(y, abs=TOL) for y in ys)
                    marked_y.add(round(ln["top"], 2))
            assert len(marked_x) == len(xs) and len(marked_y) == len(ys)
            fold_top = grid.top0 + CARD_H if layout == "gutter-fold" else None
            for ln in inside:  # no line runs along a trim line: there is no outline
                if ln.get("dash") and fold_top is not None and ln["top"] == pytest.approx(fold_top):
                    continue  # but the fold line runs across the gutter-fold block
                if ln["x0"] == pytest.approx(ln["x1"]):
                    assert not any(ln["x0"] == pytest.approx(x, abs=0.05) for x in xs)
                else:
                    assert not any(ln["top"] == pytest.approx(y, abs=0.05) for y in ys)
            for rect in page.rects:
                if rect["stroke"]:
                    assert not any(rect["x0"] == pytest.approx(x, abs=0.05) for x in xs), rect
            for ch in page.chars:  # the margin notes keep clear of the marks
                if not grid.inside_block(ch["x0"], ch["top"], ch["x1"], ch["bottom"]):
                    assert not any(_overlaps(ch, ln) for ln in outside if not ln.get("dash"))


def _overlaps(a, b) -> bool:
    return (
        a["x0"] < b["x1"] + TOL
        and b["x0"] - TOL < a["x1"]
        and a["top"] < b["bottom"] + TOL
        and b["top"] - TOL < a["bottom"]
    )


@pytest.mark.parametrize("sample", ["many", "nasty", "stress"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_r18_all_card_text_stays_in_its_cell_and_4mm_inside_the_trim(sample, paper, layout):
    grid = sheet(paper, layout)
    with open_pdf(pdf_bytes(sample, paper, layout)) as pdf:
        for page in pdf.pages:
            assert page.chars
            for ch in page.chars:
                box = (ch["x0"], ch["top"], ch["x1"], ch["bottom"])
                if not grid.inside_block(*box):
                    continue  # instructions in the margin
                cell = grid.cell_of((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                assert cell is not None
                x0, top, x1, bottom = grid.cell_box(*cell)
                assert box[0] >= x0 + SAFE - TOL and box[2] <= x1 - SAFE + TOL, ch["text"]
                assert box[1] >= top + SAFE - TOL and box[3] <= bottom - SAFE + TOL, ch["text"]


@pytest.mark.parametrize("ink", ALL_INKS)
def test_r18_every_ink_mode_keeps_text_in_the_safe_zone(ink):
    grid = sheet("a4", "duplex-long")
    with open_pdf(pdf_bytes("stress", "a4", "duplex-long", ink)) as pdf:
        for page in pdf.pages:
            for ch in page.chars:
                cell = grid.cell_of((ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2)
                if cell is not None:
                    x0, top, x1, bottom = grid.cell_box(*cell)
                    assert x0 + SAFE - TOL <= ch["x0"] and ch["x1"] <= x1 - SAFE + TOL
                    assert top + SAFE - TOL <= ch["top"] and ch["bottom"] <= bottom - SAFE + TOL


@pytest.mark.parametrize(
    ("layout", "duplex"),
    [
        ("duplex-long", "/DuplexFlipLongEdge"),
        ("duplex-short", "/DuplexFlipShortEdge"),
        ("gutter-fold", "/Simplex"),
        ("fronts-backs", "/Simplex"),
    ],
)
def test_r18_viewer_preferences_ask_for_actual_size_and_the_right_flip(layout, duplex):
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes("dalton", "a4", layout)))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == duplex
    assert prefs["/PrintScaling"] == "/None"


@pytest.mark.parametrize("layout", ["duplex-long", "duplex-short"])
def test_r18_every_page_says_how_to_print_it_in_the_margin(layout):
    edge = "LONG" if layout == "duplex-long" else "SHORT"
    grid = sheet("letter", layout)
    with open_pdf(pdf_bytes("many", "letter", layout)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            margin = "".join(
                ch["text"]
                for ch in page.chars
                if not grid.inside_block(ch["x0"], ch["top"], ch["x1"], ch["bottom"])
            )
            assert "actual size" in margin and f"flip on the {edge} edge" in margin
            assert ("FRONTS" if number % 2 else f"BACKS of page {number - 1}") in margin


def test_progress_counts_every_card_side_and_the_file():
    calls = []
    faces = card_faces(many(), rules())
    write_cards(faces, rules(), io.BytesIO(), progress=lambda d, t: calls.append((d, t)))
    total = 2 * len(faces) + 1
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert {t for _, t in calls} == {total}


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ({"paper": "a3"}, r"^The paper 'a3' is not known; choose a4 or letter\.$"),
        ({"layout": "booklet"}, r"^The layout 'booklet' is not known; choose .*\.$"),
        ({"ink": "sepia"}, r"^The ink mode 'sepia' is not known; choose .*\.$"),
        ({"back_offset": (11, 0)}, r"^The back offset must be at most 10 mm each way, .*\.$"),
        (
            {"back_offset": (1, 0), "layout": "gutter-fold"},
            r"^A back offset corrects double-sided printing, which the gutter-fold layout does "
            r"not use; leave it at 0,0\.$",
        ),
        (
            {"back_offset": (0, -1), "layout": "fronts-backs"},
            r"^A back offset corrects double-sided printing, which the fronts-backs layout .*\.$",
        ),
        (
            {"back_offset": (8, 0), "paper": "letter"},
            r"^On Letter paper the backs can move at most 7\.6 mm across and 10 mm up or down, "
            r"to stay 5 mm inside the paper's edge with their cut marks and notes; not 8,0\.$",
        ),
        (
            {"back_offset": (-7, 0)},
            r"^On A4 paper the backs can move at most 4\.6 mm across and 7\.3 mm up or down, .*\.$",
        ),
        ({"back_offset": ("a", 0)}, r"^The back offset must be two numbers .*\.$"),
    ],
)
def test_bad_options_are_refused_with_one_sentence_and_nothing_written(option, message, tmp_path):
    out = tmp_path / "cards.pdf"
    with pytest.raises(PrintRefused, match=message):
        write_cards(card_faces(many(), rules()), rules(), out, **option)
    assert not out.exists()


def test_no_cards_is_refused():
    with pytest.raises(PrintRefused, match=r"^There are no cards to print\.$"):
        write_cards([], rules(), io.BytesIO())


@pytest.mark.parametrize("repeat", [6, 60], ids=["shrinks", "cut-short"])
def test_r18_a_long_faction_rule_and_actions_shrink_to_fit_the_back(repeat):
    r = rules()
    rule = "Once per game, a model may re-draw one card for any reason at all. " * repeat
    long_action = dataclasses.replace(r.faction("sheriffs").leader_actions[0], text=rule)
    sheriffs = dataclasses.replace(
        r.faction("sheriffs"), rule_text=rule, leader_actions=(long_action,) * 3
    )
    written = dataclasses.replace(
        r, factions=MappingProxyType({**r.factions, "sheriffs": sheriffs})
    )
    faces = card_faces(many(), written)
    out = io.BytesIO()
    write_cards(faces, written, out)
    grid = sheet("a4", "duplex-long")
    with open_pdf(out.getvalue()) as pdf:
        back = cell_texts(pdf.pages[1], grid)
        assert "Badge of Honour" in back[find_cell(back, "Wyatt")]
        assert "Badge of Honour" in back[find_cell(back, "Virgil")]
        for page in pdf.pages:
            for ch in page.chars:
                cell = grid.cell_of((ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2)
                if cell is not None:
                    x0, top, x1, bottom = grid.cell_box(*cell)
                    assert x0 + SAFE - TOL <= ch["x0"] and ch["x1"] <= x1 - SAFE + TOL
                    assert top + SAFE - TOL <= ch["top"] and ch["bottom"] <= bottom - SAFE + TOL


def test_r18_wound_track_has_one_box_per_current_wound_and_strikes_show_injuries():
    r = rules()
    p = posse(
        "Box Counters",
        "townsfolk",
        [
            Member("Many", "leader", ("pistol",), upgrades=upgrades(wounds=22)),
            Member("Hurt", "deputy", ("hatchet",), injuries=2),
            Member("Plain", "ganger"),
        ],
    )
    faces = card_faces([p], r)
    out = io.BytesIO()
    write_cards(faces, r, out)
    grid = sheet("a4", "duplex-long")
    with open_pdf(out.getvalue()) as pdf:
        front, back = pdf.pages
        texts, back_texts = cell_texts(front, grid), cell_texts(back, grid)
        for member, face in zip(p.members, faces, strict=True):
            squares = _squares(front, grid, find_cell(texts, member.name))
            assert len(squares) == member.stats(r)["wounds"] == face.wounds
            assert len({round(s["width"], 2) for s in squares}) == 1  # all the same size
            strikes = _squares(back, grid, find_cell(back_texts, member.name))
            filled = [s for s in strikes if s["fill"]]
            assert len(strikes) - len(filled) == r.strikes_to_die
            assert len(filled) == member.injuries


def _squares(page, grid, cell):
    return [
        s
        for s in page.rects
        if abs(s["width"] - s["height"]) < TOL
        and s["width"] > 3
        and grid.cell_of(s["x0"] + s["width"] / 2, s["top"] + s["height"] / 2) == cell
    ]


def test_back_offset_text_as_typed_on_the_command_line():
    assert parse_back_offset("1.5,-0.5") == (1.5, -0.5)
    assert parse_back_offset(" 0 , 2 ") == (0.0, 2.0)
    for bad in ("1", "1,2,3", "a,b", "nan,0", "12,0"):
        with pytest.raises(PrintRefused, match=r"^The back offset .*\.$"):
            parse_back_offset(bad)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("sign", [1, -1])
def test_r18_the_largest_back_offset_keeps_the_backs_on_the_paper(paper, sign):
    """Every back card stays 5 mm inside the paper at the largest offset allowed (the PDF moves
    by exactly the offset: test_r18_back_offset_moves_every_back_page_by_exactly_dx_dy)."""
    across, updown = back_offset_limits(paper)
    for layout in ("duplex-long", "duplex-short"):
        pages = plan_pages(18, paper, layout, (sign * across, sign * updown))
        backs = [p for p in pages if p.side == "back"]
        assert backs and all(p.shift == (sign * across * MM, sign * updown * MM) for p in backs)
        for page in backs:
            edge = 5 * MM - TOL
            for slot in page.slots:
                x, y = slot.x + page.shift[0], slot.y + page.shift[1]
                assert min(x, y) >= edge
                assert x + CARD_W <= page.grid.page_w - edge
                assert y + CARD_H <= page.grid.page_h - edge
                assert y + CARD_H <= page.grid.page_h - edge
    with pytest.raises(PrintRefused, match="inside the paper's edge"):
        plan_pages(18, paper, "duplex-long", (sign * (across + 0.1), 0))
