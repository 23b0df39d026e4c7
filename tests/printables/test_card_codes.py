"""The state code on every card back (issue 34): printed, rendered and read back by a decoder;
its QR's version, module size and quiet zone measured in the PDF."""

from __future__ import annotations

import io
import random
from collections import defaultdict
from dataclasses import replace
from types import MappingProxyType

import pdfplumber
import pypdfium2
import pytest
import zxingcpp
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import card_faces, write_cards
from printables.cards.back import back_layout
from printables.cards.code import CODE_MAX_VERSION, CODE_MODULE_MM, CODE_QUIET_MODULES
from printables.cards.style import CARD_H, CARD_W, SAFE
from printables.layout import mm
from rostermgr.cardcode import card_code, decode_card
from rostermgr.roster import Member, Posse
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()
MODULE = mm(CODE_MODULE_MM)


def grown_posse(rng: random.Random, posse_id: int, first_member: int) -> Posse:
    """A posse as a campaign might have grown it: strikes, upgrades, flips and gear at random,
    some gang members still alike (they share a card)."""
    faction = rng.choice(list(RULES.factions))
    items = list(RULES.items)
    members = []
    alike = (rng.sample(items, rng.randint(0, 2)), rng.randint(0, 1))
    for n, role in enumerate(["leader", "deputy"] + ["ganger"] * rng.randint(2, 6)):
        ups = {s: rng.randint(1, 2) for s in rng.sample(RULES.stat_order, rng.randint(0, 2))}
        if role == "ganger" and rng.random() < 0.5:
            (gear, strikes), ups = alike, {}
        else:
            gear = rng.sample(items, rng.randint(0, 4))
            strikes = rng.randint(0, RULES.strikes_to_die - 1)
        members.append(
            Member(
                f"M{posse_id}-{n}",
                role,
                tuple(gear),
                injuries=strikes,
                flips=rng.randint(0, 3),
                upgrades=MappingProxyType(ups),
                id=first_member + n,
            )
        )
    return Posse(f"Posse {posse_id}", faction, tuple(members), rng.randint(0, 200),
                 RULES.id, RULES.version, id=posse_id)  # fmt: skip


def printed(seed: int) -> tuple[list[Posse], list, bytes]:
    rng = random.Random(seed)
    posses = [grown_posse(rng, p, 100 * p) for p in (1, 2)]
    faces = card_faces(posses, RULES, "grouped", counter=rng.randint(0, 10**6))
    out = io.BytesIO()
    write_cards(faces, RULES, out)
    return posses, faces, out.getvalue()


def read_codes(pdf: bytes, dpi: int) -> list[str]:
    doc = pypdfium2.PdfDocument(pdf)
    found = []
    for page in doc:
        image = page.render(scale=dpi / 72).to_pil()
        found += [
            r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        ]
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("dpi", [300, 150])
def test_every_card_of_grown_posses_reads_back_from_its_rendered_back(seed: int, dpi: int) -> None:
    posses, faces, pdf = printed(seed)
    codes = read_codes(pdf, dpi)
    assert sorted(codes) == sorted(f.code for f in faces if f.part == 1)
    by_id = {m.id: (p, m) for p in posses for m in p.members}
    for face, text in zip(sorted(faces, key=lambda f: f.code), sorted(codes), strict=True):
        read = decode_card(text, RULES)
        posse, _ = by_id[read.members[0][0]]
        members = tuple(by_id[i][1] for i, _ in read.members)
        assert read == card_code(posse, members, RULES, read.counter)
        assert tuple(m.name for m in members) == face.names  # the card it is printed on
        assert read.stats == tuple(cell.value for cell in face.stats)


def _qr_blocks(page) -> list[tuple[float, float, float, float]]:
    """The bounding boxes (x0, top, x1, bottom) of the QR codes on a page: module-high rects."""
    cells: dict[tuple[int, int], list] = defaultdict(list)
    x0, top0 = _cells(page, "x")[0], _cells(page, "y")[0] - CARD_H
    for r in page.rects:
        if abs(r["height"] - MODULE) < 0.01 and r["width"] > MODULE - 0.01:
            cells[(int((r["x0"] - x0) // CARD_W), int((r["top"] - top0) // CARD_H))].append(r)
    return [
        (
            min(r["x0"] for r in rs),
            min(r["top"] for r in rs),
            max(r["x1"] for r in rs),
            max(r["bottom"] for r in rs),
        )
        for rs in cells.values()
    ]


def _overlaps(a: tuple[float, float, float, float], obj: dict) -> bool:
    x0, top, x1, bottom = a
    return (
        obj["x1"] > x0 + 0.01
        and obj["x0"] < x1 - 0.01
        and obj["bottom"] > top + 0.01
        and (obj["top"] < bottom - 0.01)
    )


def _is_module(r: dict) -> bool:
    return abs(r["height"] - MODULE) < 0.01 and r["width"] > MODULE - 0.01


def _light(color: object) -> bool:
    """Whether a fill colour (pdfplumber's: grey, RGB or CMYK components) is light enough to
    be a QR code's quiet zone."""
    if not isinstance(color, tuple | list) or not color:
        return True
    if len(color) == 4:  # CMYK
        c, m, y, k = color
        rgb = [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)]
    elif len(color) == 3:
        rgb = list(color)
    else:
        rgb = [color[0]] * 3
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] > 0.6


@pytest.mark.parametrize("ink", ["colour", "ink-saver", "line-art"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_qr_is_small_enough_and_sits_in_the_safe_zone_with_a_quiet_zone(
    seed: int, ink: str
) -> None:
    """Version, module size and position measured in the PDF; a quiet zone of 4 modules on
    every side (ISO/IEC 18004): no character, line, curve or box within it, and the ground
    under it light, the colour band included."""
    _, faces, _ = printed(seed)
    out = io.BytesIO()
    write_cards(faces, RULES, out, ink=ink)
    with pdfplumber.open(io.BytesIO(out.getvalue())) as doc:
        blocks = [(page, b) for page in doc.pages[1::2] for b in _qr_blocks(page)]  # backs
        assert len(blocks) == len([f for f in faces if f.part == 1])
        for page, (x0, top, x1, bottom) in blocks:
            side = x1 - x0
            assert side == pytest.approx(bottom - top, abs=0.01)
            modules = round(side / MODULE)
            assert side == pytest.approx(modules * MODULE, abs=0.01)  # modules of 0.4 mm
            version = (modules - 17) // 4
            assert 1 <= version <= CODE_MAX_VERSION and modules == 17 + 4 * version
            # Inside the safe zone: the card's cell is found from the grid of cut marks.
            cell_x = max(x for x in _cells(page, "x") if x <= x0 + 0.01)
            cell_bottom = min(y for y in _cells(page, "y") if y >= bottom - 0.01)
            assert x1 <= cell_x + CARD_W - SAFE + 0.01
            assert bottom <= cell_bottom - SAFE + 0.01
            q = CODE_QUIET_MODULES * MODULE
            quiet = (x0 - q, top - q, x1 + q, bottom + q)
            inside = (x0, top, x1, bottom)
            assert not [ch["text"] for ch in page.chars if _overlaps(quiet, ch)]
            assert not [ln for ln in page.lines if _overlaps(quiet, ln)]
            for cv in page.curves:  # the ink-saver's rounded frame: all round it
                if _overlaps(quiet, cv):
                    w = cv.get("linewidth", 0) / 2
                    assert cv["x0"] + w <= quiet[0] and cv["x1"] - w >= quiet[2], cv
                    assert cv["top"] + w <= quiet[1] and cv["bottom"] - w >= quiet[3], cv
            grounds = []
            for r in page.rects:
                if not _overlaps(quiet, r) or (_is_module(r) and _overlaps(inside, r)):
                    continue
                e = 0.01
                holds = r["x0"] <= quiet[0] + e and r["x1"] >= quiet[2] - e
                assert holds and r["top"] <= quiet[1] + e and r["bottom"] >= quiet[3] - e, (
                    r
                )  # no box reaches into it
                if r.get("fill"):
                    grounds.append(r)
            assert not grounds or _light(grounds[-1]["non_stroking_color"])


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_codes_text_is_under_its_qr_and_no_table_is_cut(seed: int) -> None:
    """Every card of posses as a campaign grows them, leaders' and shared ones too, has its
    code's text under the QR (in two long lines on a full back, the QR beside the strike
    boxes), and nothing of its tables cut."""
    _, faces, _ = printed(seed)
    for face in faces:
        if face.part > 1:
            continue
        laid = back_layout(face)
        assert laid.code is not None and laid.tables == face.back
        assert laid.code.placement == "under" and laid.code.lines, (face.names, len(face.code))
        assert laid.code.text_top <= laid.code.qr_top - len(laid.code.rows) * MODULE


def _cells(page, axis: str) -> list[float]:
    """The card cells' left edges (x) or bottom edges (y, top-down) of a 3 x 3 sheet."""
    grid_w, grid_h = 3 * CARD_W, 3 * CARD_H
    x0, y0 = (page.width - grid_w) / 2, (page.height - grid_h) / 2
    if axis == "x":
        return [x0 + i * CARD_W for i in range(3)]
    return [y0 + (i + 1) * CARD_H for i in range(3)]


def test_a_long_code_keeps_its_text_by_its_qr_and_clear_of_the_upgrades() -> None:
    """A leader with 17 items: a larger QR, its text in more lines at its left (too many for
    under it), nothing of the leader's rule cut, and the upgrades line ending before the
    text; the gang members' shared card has its code rise beside its strike tracks."""
    from tests.printables.test_cards_legibility import loaded

    faces = card_faces([loaded()], RULES, "grouped", counter=123_456)
    out = io.BytesIO()
    write_cards(faces, RULES, out)
    assert sorted(read_codes(out.getvalue(), 150)) == sorted(f.code for f in faces)
    leader = next(f for f in faces if f.back.leader and f.part == 1)
    laid = back_layout(leader)
    assert laid.code is not None and laid.code.version >= 4 and laid.tables == leader.back
    assert laid.code.placement == "beside" and len(laid.code.lines) >= 4
    shared = next(f for f in faces if len(f.names) == 3)
    assert back_layout(shared).beside_strikes and back_layout(shared).code.placement == "under"
    with pdfplumber.open(io.BytesIO(out.getvalue())) as doc:
        page = doc.pages[1]
        words = page.extract_words()
        for x0, top, x1, bottom in _qr_blocks(page):
            near = [w for w in words if w["x0"] < x1 + 1 and w["bottom"] > top - 1
                    and (w["x1"] <= x0 or w["top"] >= bottom)]  # fmt: skip
            code_words = [w for w in near if len(w["text"]) <= 4 and w["text"].isupper()]
            assert code_words  # the text at the QR's left, or under it
            text_left = min(w["x0"] for w in code_words)
            rules = [ln for ln in page.lines if bottom - 5 < ln["top"] < bottom + 30]
            assert all(ln["x1"] <= text_left for ln in rules if ln["x0"] < text_left)


def _photographed(page_image, dpi: float, angle: float, blur: float, quality: int, tilt: float):
    """A sheet of card backs as a phone might photograph it: turned, leaning away (one side
    narrower), out of focus, darker and JPEG-compressed, at dpi pixels to the inch of card."""
    from PIL import Image, ImageEnhance, ImageFilter

    table = (90, 80, 70)  # what is around the sheet
    img = page_image.convert("RGB").rotate(angle, Image.BICUBIC, expand=True, fillcolor=table)
    w, h = img.size
    d = tilt * w
    quad = (d, 0, 0, h, w, h, w - d, 0)
    img = img.transform((w, h), Image.QUAD, quad, Image.BICUBIC, fillcolor=table)
    scale = dpi / 600
    img = img.resize((round(w * scale), round(h * scale)), Image.LANCZOS)
    img = ImageEnhance.Brightness(img.filter(ImageFilter.GaussianBlur(blur))).enhance(0.8)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    buf.seek(0)
    return Image.open(buf)


@pytest.mark.parametrize(
    ("dpi", "angle", "blur", "quality", "tilt"),
    [(320, 15, 1.5, 60, 0.08), (240, 15, 1.2, 60, 0.05), (160, 12, 0.7, 70, 0.05)],
)
def test_every_code_reads_from_a_rough_photo_of_the_sheet(
    dpi: int, angle: float, blur: float, quality: int, tilt: float
) -> None:
    """Not a clean render: the whole sheet of backs turned, tilted, blurred and compressed, as
    a phone's photo at a hand's length; every card's code still reads (0.4 mm modules are 2.5
    pixels at 160 dpi)."""
    _, faces, pdf = printed(5)
    found = []
    for page in list(pypdfium2.PdfDocument(pdf))[1::2]:
        photo = _photographed(page.render(scale=600 / 72).to_pil(), dpi, angle, blur, quality, tilt)
        found += [
            r.text for r in zxingcpp.read_barcodes(photo, formats=zxingcpp.BarcodeFormat.QRCode)
        ]
    assert sorted(found) == sorted(f.code for f in faces if f.part == 1)


@settings(max_examples=80, deadline=None)
@given(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", min_size=8, max_size=150))
def test_a_codes_block_stays_clear_of_the_upgrades_label_whatever_its_length(code: str) -> None:
    """However long a code (up to the largest QR a back takes), its block starts right of the
    "Upgrades" label and inside the safe zone; past what four lines hold, its text is left out
    (it is for scanning), as on the journal's cover."""
    from printables.cards.back import LEFT
    from printables.cards.code import code_block, qr_modules
    from printables.fonts import CONDENSED_BOLD, register_fonts
    from printables.text import text_width
    from rostermgr.errors import PrintRefused

    register_fonts()
    try:
        qr_modules(code)
    except PrintRefused:
        return  # refused in a sentence: too much gear for any back
    label_end = LEFT + text_width("Upgrades", CONDENSED_BOLD, 7.5)
    for placement in ("under", "beside"):
        block = code_block(code, placement)
        assert block.left >= label_end + mm(1.0), (placement, len(code))
        assert all(len(line.split(" ")) <= 4 for line in block.lines)
        assert block.lines or len(code) > 4 * 4 * 4


def test_the_ink_savers_rounded_frame_keeps_out_of_the_quiet_zones_corner() -> None:
    """The frame's corner arc comes nearer the QR's corner than its sides: the quiet zone's
    outer corner is still inside the arc's inner edge."""
    import math

    from printables.cards.code import CODE_QUIET_MM, CODE_RIGHT_MM
    from printables.cards.style import FRAME_INSET_MM, FRAME_PT, FRAME_RADIUS_MM

    centre = FRAME_INSET_MM + FRAME_RADIUS_MM  # from both trims at the bottom right
    corner = CODE_RIGHT_MM - CODE_QUIET_MM  # the quiet zone's corner, from both trims
    inner = FRAME_RADIUS_MM - FRAME_PT * 25.4 / 72 / 2
    assert corner >= centre or math.hypot(centre - corner, centre - corner) <= inner


def test_a_card_whose_code_is_too_large_for_its_back_is_refused_by_name() -> None:
    """One sentence naming the member, not a traceback: a QR past version 6 has no room."""
    from rostermgr.errors import PrintRefused

    rng = random.Random(9)
    posse = grown_posse(rng, 7, 700)
    whiskey = next(i for i in RULES.items if "whiskey" in i)
    heavy = replace(posse.members[2], items=(whiskey,) * 120)
    posse = replace(posse, members=(*posse.members[:2], heavy, *posse.members[3:]))
    faces = card_faces([posse], RULES, "separate", counter=5)
    with pytest.raises(PrintRefused, match=f"^{heavy.name}'s card needs a QR code of version"):
        write_cards(faces, RULES, io.BytesIO())


@pytest.mark.parametrize("faction", ["outlawmen", "sheriffs", "bootleggers", "townsfolk"])
@pytest.mark.parametrize("items", [0, 4, 8, 12])
def test_a_leader_with_up_to_a_dozen_items_has_the_codes_text_under_its_qr(
    faction: str, items: int
) -> None:
    """The fullest backs (a leader's rule): the text under the QR for up to 8 items, and kept
    (under it, or beside it where two long lines would pass CODE_WIDE_MAX_MM) for 12; nothing of
    the tables cut. How wide a 12-item code's two lines are depends on its letters, the
    ruleset's hash among them: the shipped file's texts naming {leader_pair} moved this one
    beside its QR (R1, 2026-12-03)."""
    from printables.fonts import register_fonts

    register_fonts()  # as the writer does before it lays a back out
    rng = random.Random(items)
    posse = replace(grown_posse(rng, 8, 800), faction=faction)
    leader = posse.members[0]
    geared = replace(leader, items=tuple(rng.choice(list(RULES.items)) for _ in range(items)))
    posse = replace(posse, members=(geared, *posse.members[1:]))
    face = next(f for f in card_faces([posse], RULES, "separate", counter=99) if f.back.leader)
    laid = back_layout(face)
    assert laid.code is not None and laid.code.lines
    assert laid.code.placement == "under" or items == 12
    assert laid.tables == face.back
