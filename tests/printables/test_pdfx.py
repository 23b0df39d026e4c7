"""Issue 31, item 3: the DriveThruCards file is PDF/X-1a:2003 in CMYK within 240% ink, checked
by the conformance checker of tests/printables/pdfx_check.py and by Ghostscript; the MPC and
TGC PNGs stay sRGB, the profile embedded."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.pdfgen.canvas import Canvas

import printables.cards.colours as colours
from printables.cards import card_faces
from printables.cards.shop import SPECS, draw_shop_pdf, preflight, write_shop_cards
from rostermgr.errors import PrintRefused
from tests.postgres import in_ci
from tests.printables.pdfx_check import ghostscript, gs_max_ink, gs_report, pdfx1a_violations
from tests.printables.test_card_contrast import _every_faction
from tests.printables.test_cards_support import ALL_INKS, dalton, rules, stress

IN = 72.0


def _dtc(posses, ink: str = "colour") -> bytes:
    out = io.BytesIO()
    write_shop_cards(card_faces(posses, rules()), rules(), out, "dtc", ink=ink)
    return out.getvalue()


def _gs() -> None:
    if ghostscript() is None:
        reason = (
            "Ghostscript (gs) is not installed (Debian package ghostscript; .ci/run installs it)"
        )
        if in_ci():
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)


@pytest.mark.parametrize("ink", ALL_INKS)
def test_issue_31_the_dtc_file_is_pdfx_1a_2003(ink):
    assert pdfx1a_violations(_dtc(_every_faction(), ink)) == []


def test_issue_31_the_longest_names_and_every_item_are_pdfx_1a_too():
    assert pdfx1a_violations(_dtc(stress())) == []


def test_issue_31_the_checker_refuses_what_dtc_was_given_before():
    """The same cards drawn as for the PNG shops (sRGB, no output intent) fail the checker."""
    out = io.BytesIO()
    draw_shop_pdf(card_faces([dalton()], rules()), rules(), out, SPECS["mpc"])
    problems = pdfx1a_violations(out.getvalue())
    assert any("RGB colour" in p for p in problems)
    assert any("GTS_PDFXVersion" in p for p in problems)
    assert any("output intents" in p for p in problems)
    assert preflight(out.getvalue(), SPECS["dtc"])  # and the shop's preflight refuses it


@pytest.mark.parametrize("ink", ALL_INKS)
def test_issue_31_ghostscript_reads_the_dtc_file_cleanly_within_240_percent_ink(ink, tmp_path):
    _gs()
    path = tmp_path / "dtc.pdf"
    path.write_bytes(_dtc(_every_faction(), ink))
    assert gs_report(path) == []
    # 255 levels a channel: a percent's rounding on each of four
    assert gs_max_ink(path, tmp_path) <= colours.MAX_INK_PERCENT + 2


def test_issue_31_ghostscript_sees_too_much_ink(tmp_path):
    """The separation check finds a 400% black: it would find a palette over the limit."""
    _gs()
    path = tmp_path / "heavy.pdf"
    c = Canvas(str(path), pagesize=(2.75 * IN, 3.75 * IN))
    c.setFillColor(CMYKColor(1, 1, 1, 1))
    c.rect(20, 20, 50, 50, stroke=0, fill=1)
    c.save()
    assert gs_max_ink(path, tmp_path) > 390


def test_issue_31_every_cmyk_twin_is_within_240_percent_ink():
    for hexval, cmyk in colours.CMYK_PERCENT.items():
        assert sum(cmyk) <= colours.MAX_INK_PERCENT, hexval
        assert all(0 <= v <= 100 for v in cmyk), hexval


def test_issue_31_a_colour_over_the_ink_limit_is_refused_and_nothing_written(monkeypatch):
    monkeypatch.setitem(colours.CMYK_PERCENT, colours.PAPER.hexval(), (60, 60, 60, 70))
    out = io.BytesIO()
    with pytest.raises(
        PrintRefused,
        match=r"^The files for DriveThruCards would be refused: a colour lays down 250% ink",
    ):
        write_shop_cards(card_faces([dalton()], rules()), rules(), out, "dtc")
    assert out.getvalue() == b""


def test_issue_31_a_colour_with_no_cmyk_twin_never_reaches_the_file():
    with pytest.raises(ValueError, match="no CMYK twin"):
        colours.cmyk_for(HexColor("#123456"))
    assert colours.cmyk_for(HexColor("#000000")).black == 1  # greys: black ink only


def _profile() -> ImageCms.ImageCmsProfile:
    path = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
    if not path.exists():
        _gs()
        pytest.skip("Ghostscript's SWOP profile is not at " + str(path))
    return ImageCms.getOpenProfile(str(path))


def test_issue_31_in_print_every_text_still_reads_at_4_5_to_1():
    """Each CMYK twin seen through a SWOP profile (Ghostscript's): the accents on paper, tan and
    white, the paper on the accents, the ink and the faded ink on paper."""
    from tests.printables.test_card_contrast import contrast

    srgb = ImageCms.createProfile("sRGB")
    to_rgb = ImageCms.buildTransform(_profile(), srgb, "CMYK", "RGB")

    def seen(colour) -> tuple[float, ...]:
        cmyk = colours.CMYK_PERCENT[colour.hexval()]
        pixel = Image.new("CMYK", (1, 1), tuple(round(v * 2.55) for v in cmyk))
        return tuple(v / 255 for v in ImageCms.applyTransform(pixel, to_rgb).getpixel((0, 0)))

    paper, tan = seen(colours.PAPER), seen(colours.TAN)
    for accent in colours.FACTION_ACCENTS.values():
        for ground in (paper, tan, (1.0, 1.0, 1.0)):
            assert contrast(seen(accent), ground) >= 4.5, accent
    for text in (colours.INK, colours.FADED):
        assert contrast(seen(text), paper) >= 4.5, text
    assert contrast(seen(colours.INK), tan) >= 4.5


@pytest.mark.parametrize("shop", ["mpc", "tgc"])
def test_issue_31_the_png_shops_get_srgb_with_the_profile_embedded(shop, tmp_path: Path):
    write_shop_cards(card_faces([dalton()], rules()), rules(), tmp_path, shop)
    for png in tmp_path.iterdir():
        with Image.open(png) as image:
            assert image.mode == "RGB"
            profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
            assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_issue_31_the_preflight_sees_an_rgb_image_and_a_rich_black():
    """What the colour enforcer cannot catch (a picture drawn in later, a CMYK colour set
    directly): read back from the file, both refused."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(2.75 * IN, 3.75 * IN))
    c.setFillColor(CMYKColor(0.6, 0.6, 0.6, 1))
    c.rect(20, 20, 50, 50, stroke=0, fill=1)
    c.drawInlineImage(Image.new("RGB", (4, 4), (200, 20, 20)), 30, 100, 20, 20)
    c.save()
    problems = preflight(out.getvalue(), SPECS["dtc"])
    assert any("a colour lays down 280% ink" in p for p in problems)
    assert any("not CMYK (inline image)" in p for p in problems)
