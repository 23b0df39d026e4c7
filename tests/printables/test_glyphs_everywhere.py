"""Issue 31 (2): a name with Chinese, a star and accents prints as itself through every output.

Every character drawn in a PDF is checked against the embedded font it was drawn in (its
cmap), and every run of the shared picture against the font file Pillow drew it with, so a
missing glyph (a box) fails the test wherever it would print.
"""

from __future__ import annotations

import io
from functools import cache
from importlib import resources
from pathlib import Path

import pdfplumber
import pytest
from PIL import ImageDraw
from reportlab.pdfbase.ttfonts import TTFontFile

from printables.cards import card_faces, write_cards
from printables.cards.impose import LAYOUTS
from printables.fonts import drawable_characters
from printables.journal import write_journal
from printables.layout import INKS, PAPERS
from printables.share import posse_png
from rostermgr.roster import Member
from rostermgr.share import shared_posse
from tests.printables.test_cards_support import posse, rules
from tests.printables.test_journal import DALTON, journals

NAME = "Doc \u2605 Holliday 張偉 Zoë Łódź"  # a star (U+2605), Han, accents
POSSE = "Los Niños \u2605 東京"
FONTS = resources.files("printables").joinpath("fonts")


@cache
def _coverage() -> dict[str, frozenset[int]]:
    """Each bundled font's PostScript name (as a PDF names it) and file path: its cmap."""
    out: dict[str, frozenset[int]] = {}
    for entry in FONTS.iterdir():
        if entry.name.endswith(".ttf"):
            with resources.as_file(entry) as path:
                face = TTFontFile(str(path))
                cmap = frozenset(face.charToGlyph)
                out[face.name.decode() if isinstance(face.name, bytes) else face.name] = cmap
                out[str(path)] = cmap
    return out


def _missing_in_pdf(data: bytes) -> list[tuple[str, str]]:
    """(character, font) for every character drawn in a font that has no glyph for it."""
    missing = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                text, font = char["text"], char["fontname"].split("+")[-1]
                cmap = _coverage()[font]
                missing += [(c, font) for c in text if not c.isspace() and ord(c) not in cmap]
    return missing


def _text_in_pdf(data: bytes) -> str:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return "".join(c["text"] for page in pdf.pages for c in page.chars)


def _posse() -> object:
    return posse(
        POSSE,
        "townsfolk",
        [Member(NAME, "leader", ("pistol", "horse")), Member("Kid", "deputy", ())],
    )


def test_the_name_is_drawable_so_it_may_be_stored() -> None:
    assert all(ord(c) in drawable_characters() for c in NAME + POSSE)


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_cards_draw_every_character(paper: str, layout: str, ink: str) -> None:
    out = io.BytesIO()
    write_cards(card_faces([_posse()], rules()), rules(), out, paper=paper, layout=layout, ink=ink)
    assert _missing_in_pdf(out.getvalue()) == []
    drawn = _text_in_pdf(out.getvalue())
    assert "\u2605" in drawn and "張" in drawn and "ó" in drawn


@pytest.mark.parametrize("booklet", [False, True])
def test_the_journal_draws_every_character(tmp_path: Path, booklet: bool) -> None:
    r = rules()
    request = {
        **DALTON,
        "name": POSSE,
        "members": [{**DALTON["members"][0], "name": NAME}, *DALTON["members"][1:]],
    }
    data = journals(tmp_path / "c.sqlite3", r, [request], [])[POSSE]
    out = io.BytesIO()
    write_journal(data, r, out, booklet=booklet)
    assert _missing_in_pdf(out.getvalue()) == []
    drawn = _text_in_pdf(out.getvalue())
    assert "\u2605" in drawn and "張" in drawn and "ó" in drawn


def test_the_shared_picture_draws_every_character(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, str]] = []
    real = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: object, text: str, *a: object, **kw: object) -> None:
        drawn.append((text, str(kw["font"].path)))  # type: ignore[attr-defined]
        real(self, xy, text, *a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    posse_png(shared_posse(_posse(), rules()))
    missing = [
        (c, Path(path).name)
        for text, path in drawn
        for c in text
        if not c.isspace() and ord(c) not in _coverage()[path]
    ]
    assert missing == []
    every = "".join(text for text, _ in drawn)
    assert "\u2605" in every and "張" in every and "ó" in every
