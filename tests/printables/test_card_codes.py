"""The state code on every card back (issue 34): printed, rendered and read back by a decoder;
its QR's version, module size and quiet zone measured in the PDF."""

from __future__ import annotations

import io
import random
from collections import defaultdict
from types import MappingProxyType

import pdfplumber
import pypdfium2
import pytest
import zxingcpp

from printables.cards import card_faces, write_cards
from printables.cards.code import CODE_MAX_VERSION, CODE_MODULE_MM
from printables.cards.style import BAND, CARD_H, CARD_W, SAFE
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


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_qr_is_small_enough_and_sits_in_the_safe_zone_with_a_quiet_zone(seed: int) -> None:
    _, faces, pdf = printed(seed)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
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
            # The quiet zone, in modules: the text at its left keeps 4 clear (ISO 18004's
            # figure); the light ground runs on 2.5 to the band at its right and below it; on a
            # full back (a leader's) the strike note above may come within 1.5 of its top.
            clear = {"left": 99.0, "above": 99.0}
            for ch in page.chars:
                if ch["bottom"] > top - 0.01 and ch["top"] < bottom and ch["x1"] <= x0 + 0.01:
                    clear["left"] = min(clear["left"], (x0 - ch["x1"]) / MODULE)
                if ch["x1"] > x0 and ch["x0"] < x1 and top - 20 < ch["bottom"] <= top + 0.01:
                    clear["above"] = min(clear["above"], (top - ch["bottom"]) / MODULE)
            assert clear["left"] >= 4 and clear["above"] >= 1.5, clear
            assert not [ch for ch in page.chars if ch["x1"] > x0 and ch["x0"] < x1
                        and ch["bottom"] > top and ch["top"] < bottom]  # fmt: skip
            assert (SAFE - BAND) / MODULE >= 2.5


def _cells(page, axis: str) -> list[float]:
    """The card cells' left edges (x) or bottom edges (y, top-down) of a 3 x 3 sheet."""
    grid_w, grid_h = 3 * CARD_W, 3 * CARD_H
    x0, y0 = (page.width - grid_w) / 2, (page.height - grid_h) / 2
    if axis == "x":
        return [x0 + i * CARD_W for i in range(3)]
    return [y0 + (i + 1) * CARD_H for i in range(3)]


def test_a_long_code_keeps_its_text_beside_its_qr_and_clear_of_the_upgrades() -> None:
    """A leader with 17 items: a version 4 QR, its text in longer lines, never taller than the
    QR, and the upgrades line ending before it."""
    from tests.printables.test_cards_legibility import loaded

    faces = card_faces([loaded()], RULES, "grouped", counter=123_456)
    out = io.BytesIO()
    write_cards(faces, RULES, out)
    assert sorted(read_codes(out.getvalue(), 150)) == sorted(f.code for f in faces)
    with pdfplumber.open(io.BytesIO(out.getvalue())) as doc:
        page = doc.pages[1]
        for x0, top, _x1, bottom in _qr_blocks(page):
            code_chars = [
                ch for ch in page.chars
                if ch["x1"] <= x0 and ch["top"] >= top - 1 and ch["bottom"] <= bottom + 1
                and abs(ch["size"] - 6.0) < 0.01
            ]  # fmt: skip
            assert code_chars  # the text beside the QR, no higher than it
            text_left = min(ch["x0"] for ch in code_chars)
            lines = [ln for ln in page.lines if bottom - 20 < ln["top"] < bottom + 5]
            assert all(ln["x1"] <= text_left for ln in lines if ln["x0"] < text_left)
