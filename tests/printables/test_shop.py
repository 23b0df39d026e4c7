"""Issue 19: roster cards a print shop accepts (dtc PDF, mpc and tgc PNGs), read back."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printables.cards import card_faces, printed_faces
from printables.cards.shop import SPECS, preflight, write_shop_cards
from printables.fonts import drawable_characters
from rostermgr.errors import PrintRefused
from rostermgr.roster import Member
from tests.printables.test_cards_legibility import loaded
from tests.printables.test_cards_support import dalton, many, posse, rules, stress

IN = 72.0
TOL = 0.01


def _dtc(posses, ink: str = "colour") -> bytes:
    out = io.BytesIO()
    write_shop_cards(card_faces(posses, rules()), rules(), out, "dtc", ink=ink)
    return out.getvalue()


def test_dtc_pages_are_one_face_with_bleed_trim_and_bleed_boxes():
    data = _dtc(many())
    reader = PdfReader(io.BytesIO(data))
    cards = len(printed_faces(card_faces(many(), rules())))
    assert len(reader.pages) == 2 * cards
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(2.75 * IN, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(3.75 * IN, abs=TOL)
        trim = [float(v) for v in page.trimbox]
        assert trim == pytest.approx([9, 9, 9 + 2.5 * IN, 9 + 3.5 * IN], abs=TOL)
        assert [float(v) for v in page.bleedbox] == pytest.approx(
            [0, 0, 2.75 * IN, 3.75 * IN], abs=TOL
        )


def test_dtc_orders_back_then_front_for_each_card():
    reader = PdfReader(io.BytesIO(_dtc([dalton()])))
    texts = [p.extract_text() for p in reader.pages]
    for k in range(0, len(texts), 2):
        back, front = texts[k], texts[k + 1]
        assert "Advancement flip" in back and "Weapon" not in back
        assert "Weapon" in front or "No weapons" in front
    assert "Ike Dalton" in texts[0] and "Ike Dalton" in texts[1]


@pytest.mark.parametrize(("shop", "size"), [("mpc", (822, 1122)), ("tgc", (825, 1125))])
def test_png_shops_get_a_front_and_a_back_per_card_at_300_dpi(shop, size, tmp_path: Path):
    faces = card_faces([dalton()], rules())
    count = len(printed_faces(faces))
    assert write_shop_cards(faces, rules(), tmp_path, shop) == 2 * count
    names = sorted(p.name for p in tmp_path.iterdir())
    expected = sorted(
        f"{n:03d}-{side}.png" for n in range(1, count + 1) for side in ("front", "back")
    )
    assert names == expected
    for name in names:
        with Image.open(tmp_path / name) as image:
            assert image.size == size
            assert [round(v) for v in image.info["dpi"]] == [300, 300]


@pytest.mark.parametrize("ink", ["colour", "ink-saver"])
def test_the_bleed_edge_has_the_colour_just_inside_the_trim(ink, tmp_path: Path):
    write_shop_cards(card_faces([dalton()], rules()), rules(), tmp_path, "mpc", ink=ink)
    bleed_px = round(SPECS["mpc"].bleed_in * 300)
    for name in ("001-front.png", "001-back.png"):
        with Image.open(tmp_path / name) as image:
            rgb = image.convert("RGB")
            w, h = rgb.size
            for edge, inside in (
                ((0, 0), (bleed_px + 2, bleed_px + 2)),
                ((w - 1, h // 2), (w - bleed_px - 3, h // 2)),
                ((w // 2, h - 1), (w // 2, h - bleed_px - 3)),
            ):
                assert rgb.getpixel(edge) == rgb.getpixel(inside), (name, edge)
            if ink == "colour":
                assert rgb.getpixel((0, 0)) != (255, 255, 255)  # no white edge


@pytest.mark.parametrize("sample", ["many", "stress", "loaded"])
def test_every_character_stays_in_the_safe_zone(sample):
    posses = {"many": many, "stress": stress, "loaded": lambda: [loaded()]}[sample]()
    data = _dtc(posses)
    assert preflight(data, SPECS["dtc"]) == []
    pdf = pdfium.PdfDocument(data)
    safe = 9 + 0.125 * IN
    for i in range(len(pdf)):
        text = pdf[i].get_textpage()
        for k in range(text.count_chars()):
            if text.get_text_range(k, 1).strip():
                left, bottom, right, top = text.get_charbox(k)
                assert left >= safe - TOL and bottom >= safe - TOL
                assert right <= 2.75 * IN - safe + TOL and top <= 3.75 * IN - safe + TOL


def test_preflight_reports_text_outside_the_safe_zone_and_a_wrong_page():
    out = io.BytesIO()
    c = Canvas(out, pagesize=(2.75 * IN, 3.75 * IN))
    c.setTrimBox((9, 9, 189, 261))
    c.setBleedBox((0, 0, 198, 270))
    c.drawString(12, 130, "Too near the trim")
    c.showPage()
    c.setPageSize((200, 270))
    c.showPage()
    c.save()
    problems = preflight(out.getvalue(), SPECS["dtc"])
    assert any("outside the 1/8 in safe zone" in p for p in problems)
    assert any("page 2 is not 2.75 x 3.75 in" in p for p in problems)


def test_a_file_the_preflight_refuses_is_not_written(monkeypatch, tmp_path: Path):
    import printables.cards.shop as shop

    monkeypatch.setattr(shop, "SAFE_IN", 0.5)  # a shop asking for more than the card keeps
    with pytest.raises(PrintRefused, match=r"^The files for MakePlayingCards would be refused: "):
        write_shop_cards(card_faces([dalton()], rules()), rules(), tmp_path, "mpc")
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_shop_is_refused_with_one_sentence(tmp_path: Path):
    with pytest.raises(PrintRefused, match=r"^The print shop 'kinkos' is not known; choose "):
        write_shop_cards(card_faces([dalton()], rules()), rules(), tmp_path, "kinkos")


_NAME_CHARS = st.characters(
    codec="utf-8", categories=("L", "N", "Zs"), exclude_characters="\u3000"
).filter(lambda ch: ord(ch) in drawable_characters())


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.text(_NAME_CHARS, min_size=1, max_size=60).filter(str.strip),
    gear=st.lists(st.sampled_from(sorted(rules().items)), max_size=20),
)
def test_any_member_passes_the_preflight(name, gear):
    r = rules()
    gear = [g for g in gear if r.item(g).kind != "clothing"]
    p = posse("Posse", "bootleggers", [Member(name, "leader", tuple(gear))])
    assert preflight(_dtc([p]), SPECS["dtc"]) == []
