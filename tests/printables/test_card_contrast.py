"""Issue 31, item 5: every text on every card reads at WCAG AA (4.5:1), in every faction and
ink mode, measured on the printed PDF; the factions stay 10 L* apart in greyscale."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest

from printables.cards import card_faces, write_cards
from printables.cards.colours import FACTION_ACCENTS, SUIT_ACCENTS
from rostermgr.roster import Member
from tests.printables.test_cards_support import ALL_INKS, open_pdf, posse, rules, upgrades

AA = 4.5


def _luminance(rgb: tuple[float, ...]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (components 0..1; a grey is one number)."""
    if len(rgb) == 1:
        rgb = (rgb[0],) * 3
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def lstar(rgb: tuple[float, ...]) -> float:
    y = _luminance(rgb)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def _every_faction():
    """A posse of each faction: a leader with gear, upgrades and an injury, and three alike
    gang members (a shared card), so every kind of text a card has is printed."""
    r = rules()
    return [
        posse(
            f"The {f.name}",
            f.id,
            [
                Member(
                    f"Boss {f.name}",
                    "leader",
                    ("revolver", "medium-leather", "whiskey"),
                    injuries=1,
                    upgrades=upgrades(shot=1),
                ),
                *(Member(n, "ganger", ("pistol",)) for n in ("Kid", "Slim", "Doc")),
            ],
        )
        for f in r.factions.values()
    ]


def _rgb(colour) -> tuple[float, ...]:
    return tuple(colour) if colour is not None else (1.0,)


def _low_contrast_texts(data: bytes) -> list[tuple[int, str, float]]:
    """(page, text, ratio) of every character below AA against what lies under it: the
    smallest filled rectangle holding the character's middle (the paper's white if none)."""
    bad = []
    with open_pdf(data) as pdf:
        for n, page in enumerate(pdf.pages):
            fills = [r for r in page.rects if r["fill"]]
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                x, y = (ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2
                under = [
                    r for r in fills if r["x0"] <= x <= r["x1"] and r["top"] <= y <= r["bottom"]
                ]
                ground = min(under, key=lambda r: r["width"] * r["height"], default=None)
                behind = _rgb(ground["non_stroking_color"] if ground else None)
                ratio = contrast(_rgb(ch["non_stroking_color"]), behind)
                if ratio < AA:
                    bad.append((n, ch["text"], round(ratio, 2)))
    return bad


# Every layout, on both papers between them: the colours are the same on any sheet, but a
# layout draws the faces its own way (turned, beside the fold), and this measures what it drew.
SHEETS = [("duplex-long", "a4"), ("duplex-short", "letter"), ("gutter-fold", "a4")]
SHEETS.append(("fronts-backs", "letter"))


@pytest.mark.parametrize("ink", ALL_INKS)
@pytest.mark.parametrize(("layout", "paper"), SHEETS)
def test_issue_31_every_text_on_every_card_reads_at_wcag_aa(ink, layout, paper):
    r = rules()
    out = io.BytesIO()
    write_cards(card_faces(_every_faction(), r), r, out, ink=ink, layout=layout, paper=paper)
    with open_pdf(out.getvalue()) as pdf:  # the test sees text: every card side was printed
        assert sum(len(p.chars) for p in pdf.pages) > 2000
    bad = _low_contrast_texts(out.getvalue())
    assert not bad, bad[:10]


def test_issue_31_the_measure_finds_low_contrast_text():
    """The check above would see the old brass (3.3:1 under cream)."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out)
    c.setFillColor(HexColor("#A4761A"))
    c.rect(100, 100, 200, 100, stroke=0, fill=1)
    c.setFillColor(HexColor("#F3E8CF"))
    c.drawString(120, 150, "Brass")
    c.save()
    assert {t for _, t, _ in _low_contrast_texts(out.getvalue())} == set("Brass")


@pytest.mark.parametrize("accents", [FACTION_ACCENTS, SUIT_ACCENTS])
def test_issue_31_accents_stay_10_lstar_apart(accents):
    ls = sorted(lstar((c.red, c.green, c.blue)) for c in accents.values())
    assert all(b - a >= 10 for a, b in pairwise(ls)), ls
