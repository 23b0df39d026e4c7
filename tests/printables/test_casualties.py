"""Forlorn Hope casualty-marker sheets (RULES R20, seed 002 / R21), read back with pypdf and
pdfplumber: page sizes, marker counts and positions, reused forms, cut ticks, fonts, errors."""

from __future__ import annotations

import io
import itertools
import math
import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printables.casualties import (
    INKS,
    MARKER_MM,
    UNITS,
    casualty_mix,
    write_casualty_sheets,
)
from printables.casualties.figures import BOX, SCALE, figure
from printables.casualties.poses import POSES
from printables.casualties.prims import extent
from printables.casualties.sheet import make_grid
from rostermgr.errors import PrintRefused

MM = 72 / 25.4
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
MARGIN = 3 * MM  # nothing may come closer than this to the paper's edge
TOL = 0.01
TICK_EDGE = 4.5 * MM  # cut ticks stop here: many laser printers lose the outer 4.2 mm
TICK_GREY = (0.498039, 0.498039, 0.498039)
STANDARD_14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")
FORM_NAME = re.compile(r"casualty-(\w+)-(\d+)-([\w-]+)$")

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n, in PDF's row-vector convention."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def placements(path: Path) -> list[list[tuple[str, tuple[float, float, float, float]]]]:
    """Per page: every form XObject placed with `Do`, as (form name, page-space bbox)."""
    reader = PdfReader(str(path))
    out = []
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        ctm, stack, found = IDENTITY, [], []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul(tuple(float(v) for v in operands), ctm)
            elif op == b"Do":
                xo = xobjects[operands[0]].get_object()
                if xo["/Subtype"] != "/Form":
                    continue
                m = _mul(tuple(float(v) for v in xo.get("/Matrix", IDENTITY)), ctm)
                x0, y0, x1, y1 = (float(v) for v in xo["/BBox"])
                corners = [_apply(m, x, y) for x in (x0, x1) for y in (y0, y1)]
                xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                found.append((str(operands[0]), (min(xs), min(ys), max(xs), max(ys))))
        out.append(found)
    return out


def markers_on(page: list, marker_mm: float = MARKER_MM) -> list:
    """The placements that are markers (the legend's samples are smaller)."""
    size = marker_mm * MM
    return [
        (name, box)
        for name, box in page
        if abs(box[2] - box[0] - size) < 0.01 and abs(box[3] - box[1] - size) < 0.01
    ]


def unit_of(name: str) -> str:
    match = FORM_NAME.search(name)
    assert match, name
    return match.group(1)


def _sheet(tmp_path: Path, name: str = "cas.pdf", **kwargs) -> tuple[Path, int]:
    path = tmp_path / name
    return path, write_casualty_sheets(path, **kwargs)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r20_default_sheet_is_one_page_of_110_markers(tmp_path, paper):
    path, pages = _sheet(tmp_path, paper=paper)
    assert pages == 1
    reader = PdfReader(str(path))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(SIZES[paper][0], abs=0.01)
    assert float(box.height) == pytest.approx(SIZES[paper][1], abs=0.01)
    found = markers_on(placements(path)[0])
    assert len(found) == 110
    counts = Counter(unit_of(name) for name, _ in found)
    assert counts == {"line": 70, "highlander": 15, "rifle": 15, "french": 10}


def test_r20_mix_is_mostly_line_with_highlanders_and_riflemen():
    assert casualty_mix(100, 10) == [
        ("line", 70),
        ("highlander", 15),
        ("rifle", 15),
        ("french", 10),
    ]
    assert casualty_mix(1, 0) == [("line", 1)]
    assert sum(n for _, n in casualty_mix(250, 10)) == 260


@pytest.mark.parametrize(("paper", "expected_pages"), [("a4", 2), ("letter", 3)])
def test_r20_many_markers_run_over_several_pages(tmp_path, paper, expected_pages):
    path, pages = _sheet(tmp_path, paper=paper, british=250)
    assert pages == expected_pages
    reader = PdfReader(str(path))
    assert len(reader.pages) == expected_pages
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(SIZES[paper][0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(SIZES[paper][1], abs=0.01)
    per_page = [markers_on(p) for p in placements(path)]
    assert all(per_page), "no empty pages"
    assert len({len(p) for p in per_page[:-1]}) == 1, "every page but the last is full"
    assert len(per_page[-1]) <= len(per_page[0])
    counts = Counter(unit_of(name) for p in per_page for name, _ in p)
    assert counts == dict(casualty_mix(250, 10))
    assert sum(counts.values()) == 260


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("marker_mm", [MARKER_MM, 12.0, 25.0, 40.0])
def test_r20_markers_are_butted_on_a_grid_inside_the_printable_area(tmp_path, paper, marker_mm):
    path, _ = _sheet(tmp_path, paper=paper, british=150, marker_mm=marker_mm)
    width, height = SIZES[paper]
    size = marker_mm * MM
    for page in placements(path):
        found = markers_on(page, marker_mm)
        assert found
        boxes = [box for _, box in found]
        for x0, y0, x1, y1 in boxes:
            assert x0 >= MARGIN and x1 <= width - MARGIN
            assert y0 >= MARGIN and y1 <= height - MARGIN
        # Butted: every marker's corner lies on one grid, no two in the same cell.
        left = min(b[0] for b in boxes)
        top = max(b[3] for b in boxes)
        cells = set()
        for x0, _, _, y1 in boxes:
            col, row = (x0 - left) / size, (top - y1) / size
            assert col == pytest.approx(round(col), abs=1e-3)
            assert row == pytest.approx(round(row), abs=1e-3)
            cells.add((round(col), round(row)))
        assert len(cells) == len(boxes)
        # The grid is centred across the page: its first row is full.
        cols = sum(1 for b in boxes if b[3] == pytest.approx(top))
        assert left == pytest.approx(width - (left + cols * size), abs=0.01)


def test_r20_each_kind_of_marker_is_one_form_placed_many_times(tmp_path):
    path, _ = _sheet(tmp_path, british=250)
    reader = PdfReader(str(path))
    defined = set()
    for page in reader.pages:
        for name, xo in page["/Resources"]["/XObject"].items():
            if xo.get_object()["/Subtype"] == "/Form":
                defined.add(str(name))
    used = [name for p in placements(path) for name, _ in markers_on(p)]
    assert len(used) == 260
    assert len(defined) <= len(UNITS) * len(POSES)
    assert len(set(used)) <= len(defined)
    assert len(defined) * 10 < len(used)


def test_r20_neighbouring_markers_differ(tmp_path):
    """A table of casualties must not look stamped: side by side, poses differ."""
    path, _ = _sheet(tmp_path)
    found = markers_on(placements(path)[0])
    rows: dict[float, list] = {}
    for name, box in found:
        rows.setdefault(round(box[3], 2), []).append((box[0], name))
    for row in rows.values():
        names = [name for _, name in sorted(row)]
        assert all(a != b for a, b in itertools.pairwise(names))
    poses = Counter(FORM_NAME.search(name).group(2) for name, _ in found)
    assert len(poses) >= 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_r20_cut_ticks_sit_on_grid_lines_in_the_margins_only(tmp_path, paper):
    path, _ = _sheet(tmp_path, paper=paper, british=250)
    width, height = SIZES[paper]
    boxes_per_page = [[box for _, box in markers_on(p)] for p in placements(path)]
    with pdfplumber.open(path) as pdf:
        for page, boxes in zip(pdf.pages, boxes_per_page, strict=True):
            left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
            bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
            xs = {round(b[0], 2) for b in boxes} | {round(b[2], 2) for b in boxes}
            ys = {round(b[1], 2) for b in boxes} | {round(b[3], 2) for b in boxes}
            ticks = [
                line
                for line in page.lines
                if line["linewidth"] == pytest.approx(0.4)
                and tuple(line["stroking_color"]) == pytest.approx(TICK_GREY, abs=1e-3)
            ]
            # pdfplumber measures from the top; turn back into PDF y.
            vertical = [t for t in ticks if abs(t["x0"] - t["x1"]) < 1e-6]
            horizontal = [t for t in ticks if abs(t["top"] - t["bottom"]) < 1e-6]
            assert len(vertical) + len(horizontal) == len(ticks)
            assert len(vertical) == 2 * len(xs)
            assert len(horizontal) == 2 * len(ys)
            for t in vertical:
                y0, y1 = height - t["bottom"], height - t["top"]
                assert round(t["x0"], 2) in xs
                assert y0 >= top + 1 * MM or y1 <= bottom - 1 * MM, "a tick over the markers"
                assert y0 >= TICK_EDGE - TOL and y1 <= height - TICK_EDGE + TOL
                assert y1 - y0 >= 2 * MM  # long enough to cut along
            for t in horizontal:
                y = height - t["top"]
                assert round(y, 2) in ys
                assert t["x0"] >= right + 1 * MM or t["x1"] <= left - 1 * MM
                assert t["x0"] >= TICK_EDGE - TOL and t["x1"] <= width - TICK_EDGE + TOL
                assert t["x1"] - t["x0"] >= 2 * MM


def test_r20_text_is_in_embedded_truetype_fonts(tmp_path):
    path, _ = _sheet(tmp_path)
    reader = PdfReader(str(path))
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
    assert fonts
    for name, font in fonts.items():
        assert not any(std in name for std in STANDARD_14), name
        assert "DejaVu" in name
        assert "/FontFile2" in font["/FontDescriptor"], f"{name} is not embedded"
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Forlorn Hope \u2014 casualty markers" in text
    assert "British line" in text and "French" in text and "Highlanders" in text
    assert "French line" not in text  # the seed's French have no line infantry (issue 32, 7)


def test_r20_metadata_and_deterministic_output(tmp_path):
    first, _ = _sheet(tmp_path, "a.pdf", ink="line-art")
    second, _ = _sheet(tmp_path, "b.pdf", ink="line-art")
    assert first.read_bytes() == second.read_bytes()
    meta = PdfReader(str(first)).metadata
    assert meta.title == "Forlorn Hope casualty markers"
    assert meta.author == "rostermgr"
    assert "Forlorn Hope" in meta.subject and "100 British" in meta.subject


def test_r20_writes_to_a_binary_stream():
    buffer = io.BytesIO()
    assert write_casualty_sheets(buffer, british=20, french=2, paper="letter") == 1
    assert buffer.getvalue().startswith(b"%PDF")


def _form_colours(path: Path) -> set[tuple[float, ...]]:
    """Every colour set inside the marker forms."""
    reader = PdfReader(str(path))
    colours = set()
    for name, xo in reader.pages[0]["/Resources"]["/XObject"].items():
        xo = xo.get_object()
        if FORM_NAME.search(str(name)):
            for operands, op in ContentStream(xo, reader).operations:
                if op in (b"rg", b"RG", b"g", b"G"):
                    colours.add(tuple(round(float(v), 3) for v in operands))
    return colours


def test_r20_ink_modes(tmp_path):
    colour, _ = _sheet(tmp_path, "colour.pdf", ink="colour")
    saver, _ = _sheet(tmp_path, "saver.pdf", ink="ink-saver")
    line_art, _ = _sheet(tmp_path, "line.pdf", ink="line-art")
    red_coat = (0.722, 0.137, 0.169)
    assert red_coat in _form_colours(colour)
    # Ink-saver: light tints, nothing darker than the outline grey except small features.
    tints = _form_colours(saver)
    assert red_coat not in tints
    assert any(c[0] > 0.85 and c[1] < c[0] for c in tints), "a light red tint for the coats"
    # Line-art: black outlines on white, and nothing else.
    for c in _form_colours(line_art):
        assert len(set(c)) == 1 and (c[0] <= 0.11 or c[0] == 1.0), c
    with pdfplumber.open(line_art) as pdf:
        assert not pdf.pages[0].rects, "no ground colour in line-art"


def test_r20_every_figure_fits_its_marker():
    for unit in UNITS:
        for pose in POSES:
            x0, y0, x1, y1 = extent(figure(unit, pose))
            half = max(x1 - x0, y1 - y0) * SCALE * pose.zoom / 2
            assert BOX / 2 - half >= 0.5, (unit, pose.name)


def test_r20_progress_reports_up_to_the_total(tmp_path):
    calls: list[tuple[int, int]] = []
    _sheet(tmp_path, british=250, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (260, 260)
    assert all(total == 260 for _, total in calls)
    done = [d for d, _ in calls]
    assert done == sorted(done) and len(calls) > 2


@pytest.mark.parametrize(
    "kwargs",
    [
        {"british": -1},
        {"french": -3},
        {"british": 2.5},
        {"british": True},
        {"british": 0, "french": 0},
        {"british": 5001},
        {"british": 4000, "french": 1001},
        {"paper": "a3"},
        {"ink": "sepia"},
        {"marker_mm": 5},
        {"marker_mm": 41},
        {"marker_mm": math.nan},
    ],
)
def test_r20_bad_values_raise_one_plain_sentence(tmp_path, kwargs):
    path = tmp_path / "bad.pdf"
    with pytest.raises(PrintRefused) as err:
        write_casualty_sheets(path, **kwargs)
    message = str(err.value)
    assert message.endswith(".") and "\n" not in message and message[0].isupper()
    assert not path.exists()


@pytest.mark.parametrize(
    ("side", "kwargs"), [("British", {"british": -1}), ("French", {"french": 2.5})]
)
def test_r20_a_bad_count_names_its_side_as_a_player_writes_it(tmp_path, side, kwargs):
    with pytest.raises(PrintRefused, match=f"^The number of {side} markers must be a whole"):
        write_casualty_sheets(tmp_path / "bad.pdf", **kwargs)


def test_r20_all_inks_and_sizes_are_accepted(tmp_path):
    for ink in INKS:
        for paper in SIZES:
            path, pages = _sheet(tmp_path, f"{ink}-{paper}.pdf", ink=ink, paper=paper)
            assert pages == 1 and path.stat().st_size > 0


@pytest.mark.parametrize("size", [12.0, 19.05, 25.0])
@pytest.mark.parametrize("ink", ["colour", "line-art"])
def test_issue_31_every_figure_keeps_1_mm_inside_its_cut(size: float, ink: str) -> None:
    """The art of every marker (strokes counted) stays 1 mm inside the cell it is cut from."""
    out = io.BytesIO()
    write_casualty_sheets(out, paper="a4", ink=ink, marker_mm=size)
    g = make_grid("a4", size)
    inset = 1.0 * MM - 0.01
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        page = pdf.pages[0]
        top = page.height - g.top  # pdfplumber measures down from the top
        art = [o for o in (*page.curves, *page.lines, *page.rects) if o.get("stroke") or o["fill"]]
        checked = 0
        for obj in art:
            grow = obj.get("linewidth", 0) / 2 if obj.get("stroke") else 0
            cx, cy = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
            col, row = int((cx - g.left) // g.size), int((cy - top) // g.size)
            if not (0 <= col < g.cols and 0 <= row < g.rows and cy > top):
                continue  # header, legend, ticks
            if obj["x1"] - obj["x0"] >= g.size - 0.5 or _on_a_cut(obj, g, top):
                continue  # the cell's ground, or a cut line
            x0, y0 = g.left + col * g.size, top + row * g.size
            assert obj["x0"] - grow - x0 >= inset, (col, row, obj["x0"] - x0)
            assert obj["top"] - grow - y0 >= inset, (col, row, obj["top"] - y0)
            assert x0 + g.size - obj["x1"] - grow >= inset, (col, row)
            assert y0 + g.size - obj["bottom"] - grow >= inset, (col, row)
            checked += 1
        assert checked > 100


def _on_a_cut(obj: dict, g: object, top: float) -> bool:
    """Whether a line lies along a grid line (a cut line, not art)."""
    xs = [g.left + i * g.size for i in range(g.cols + 1)]  # type: ignore[attr-defined]
    ys = [top + j * g.size for j in range(g.rows + 1)]  # type: ignore[attr-defined]
    upright = abs(obj["x1"] - obj["x0"]) < 0.5 and any(abs(obj["x0"] - x) < 0.5 for x in xs)
    flat = abs(obj["bottom"] - obj["top"]) < 0.5 and any(abs(obj["top"] - y) < 0.5 for y in ys)
    return upright or flat


@pytest.mark.parametrize("ink", ["ink-saver", "line-art"])
def test_r20_a_sheet_without_the_colour_ground_draws_its_cut_lines(ink: str) -> None:
    """R20: "clear cut lines". Without the colour ground (whose alternating shades show the
    cuts) the ticks in the margins were all there was: the sheet said "cut along the lines
    between the grey ticks" over markers with no line between them. Each marker's four sides
    lie on a drawn line, asked for or not."""
    out = io.BytesIO()
    british, french = 23, 0  # a last row part full: its cells are closed too
    write_casualty_sheets(out, paper="a4", ink=ink, british=british, french=french)
    g = make_grid("a4", MARKER_MM)
    with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
        page = pdf.pages[0]
        top = page.height - g.top  # pdfplumber measures down from the top
        cuts = [ln for ln in page.lines if ln["linewidth"] == pytest.approx(0.3)]

        def covered(x0: float, y0: float, x1: float, y1: float) -> bool:
            return any(
                ln["x0"] <= x0 + 0.01
                and ln["x1"] >= x1 - 0.01
                and ln["top"] <= y0 + 0.01
                and ln["bottom"] >= y1 - 0.01
                and (abs(ln["x0"] - ln["x1"]) < 0.01 or abs(ln["top"] - ln["bottom"]) < 0.01)
                for ln in cuts
            )

        for k in range(british + french):
            row, col = divmod(k, g.cols)
            x, y = g.left + col * g.size, top + row * g.size
            s = g.size
            sides = [
                (x, y, x + s, y),
                (x, y + s, x + s, y + s),
                (x, y, x, y + s),
                (x + s, y, x + s, y + s),
            ]
            assert all(covered(*side) for side in sides), (ink, k)
