"""Issue 19: every name prints as itself. Chinese, Japanese and Korean names through a bundled
TrueType fallback font, subset and embedded; a character no font draws is refused on entry."""

from __future__ import annotations

import io
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printables.cards import card_faces, write_cards
from printables.fonts import drawable_characters
from printables.journal import write_journal
from rostermgr.errors import Refused
from rostermgr.printable import check_printable, undrawable
from rostermgr.roster import Member
from services.names import check_printable_name
from tests.printables.test_cards_support import cell_texts, open_pdf, posse, rules, sheet
from tests.printables.test_journal import DALTON, journals

BRUCE, TARO, MINJUN = "李小龍", "山田太郎", "김민준"
POSSE = "龍の一族"
NO_FONT = "\U00013000"  # an Egyptian hieroglyph: in no bundled font


def _cjk_cards() -> bytes:
    p = posse(
        POSSE,
        "townsfolk",
        [
            Member(BRUCE, "leader", ("pistol",)),
            Member(TARO, "deputy", ("shotgun",)),
            Member(MINJUN, "ganger", ()),
        ],
    )
    out = io.BytesIO()
    write_cards(card_faces([p], rules()), rules(), out)
    return out.getvalue()


def test_cjk_names_print_as_themselves_on_fronts_and_backs():
    grid = sheet("a4", "duplex-long")
    with open_pdf(_cjk_cards()) as pdf:
        fronts, backs = cell_texts(pdf.pages[0], grid), cell_texts(pdf.pages[1], grid)
    for name in (BRUCE, TARO, MINJUN):
        assert sum(name in t for t in fronts.values()) == 1
        assert sum(name in t for t in backs.values()) == 1
    assert all(POSSE in t for t in fronts.values())


def test_the_fallback_font_is_subset_embedded_and_licensed():
    reader = PdfReader(io.BytesIO(_cjk_cards()))
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
    (droid,) = [f for name, f in fonts.items() if "DroidSansFallback" in name]
    assert str(droid["/BaseFont"]).lstrip("/")[6] == "+"  # a subset: "AAAAAA+..."
    descriptor = droid["/FontDescriptor"].get_object()
    program = descriptor["/FontFile2"].get_object().get_data()  # embedded TrueType
    assert 0 < len(program) < 200_000  # only the glyphs used, not the 3.4 MB font
    folder = resources.files("printables").joinpath("fonts")
    licence = folder.joinpath("LICENSE-DroidSansFallback.txt").read_text(encoding="utf-8")
    assert "Apache License" in licence and "Google" in licence


def test_cjk_names_print_in_the_journal(tmp_path: Path):
    r = rules()
    request = {
        **DALTON,
        "name": POSSE,
        "members": [
            {**DALTON["members"][0], "name": BRUCE},
            *DALTON["members"][1:],
        ],
    }
    data = journals(tmp_path / "c.sqlite3", r, [request], [])[POSSE]
    out = io.BytesIO()
    write_journal(data, r, out)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(out.getvalue())).pages)
    assert BRUCE in text and POSSE in text


def test_a_character_no_font_draws_is_refused_with_a_sentence_naming_it():
    with pytest.raises(Refused) as refused:
        check_printable_name(f"Kid {NO_FONT}")
    sentence = str(refused.value)
    assert NO_FONT in sentence and "U+13000" in sentence
    assert sentence.count(".") >= 1 and "\n" not in sentence
    for name in (BRUCE, TARO, MINJUN, POSSE, "Łukasz Ωmega Жуков", 'Kid <Nitro> & "O\'Brien"'):
        check_printable_name(name)  # no refusal


def test_the_domain_check_takes_the_drawable_set_as_data():
    assert undrawable("abc", {ord("a"), ord("b"), ord("c")}) is None
    assert undrawable("abz", {ord("a"), ord("b")}) == "z"
    with pytest.raises(Refused, match=r"^The posse name 'az' has the character 'z' \(U\+007A"):
        check_printable("az", {ord("a")}, "The posse name")


_DRAWABLE_CJK = sorted(
    c for c in drawable_characters() if 0x4E00 <= c <= 0x9FFF or 0xAC00 <= c <= 0xD7A3
)


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from(_DRAWABLE_CJK), min_size=1, max_size=8))
def test_any_drawable_cjk_name_is_extracted_exactly(codes):
    name = "".join(map(chr, codes))
    p = posse("Posse", "sheriffs", [Member(name, "leader", ())])
    out = io.BytesIO()
    write_cards(card_faces([p], rules()), rules(), out)
    with open_pdf(out.getvalue()) as pdf:
        fronts = cell_texts(pdf.pages[0], sheet("a4", "duplex-long"))
    assert any(name in t for t in fronts.values())
