"""R18 roster cards as a document: names exactly as typed, embedded fonts, metadata, forms, ink."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from printables.cards import card_faces, write_cards
from printables.text import para_text
from tests.printables.test_cards_support import (
    ALL_INKS,
    ALL_LAYOUTS,
    NASTY_MEMBER,
    NASTY_POSSE,
    cell_texts,
    dalton,
    find_cell,
    many,
    open_pdf,
    pdf_bytes,
    rules,
    sheet,
)

STANDARD_14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


@pytest.mark.parametrize("layout", ALL_LAYOUTS)
def test_r18_markup_and_non_latin_names_print_exactly(layout):
    with open_pdf(pdf_bytes("nasty", "a4", layout)) as pdf:
        front = pdf.pages[0].extract_text()
        assert NASTY_POSSE in front
        assert NASTY_MEMBER in front
        cells = [cell_texts(p, sheet("a4", layout)) for p in pdf.pages]
        if layout == "gutter-fold":
            back = cells[0][(0, 1)]
        else:
            assert len(cells) == 2
            back = "".join(cells[1].values())
        assert NASTY_MEMBER in back  # small, so loose cards can be matched


def test_markup_is_never_interpreted():
    assert para_text(NASTY_POSSE) == "Kid &lt;Nitro&gt; &amp; &quot;O&#39;Brien&quot;"
    with open_pdf(pdf_bytes("nasty")) as pdf:
        text = "".join(p.extract_text() for p in pdf.pages)
    assert "&lt;" not in text and "&amp;" not in text


def test_r18_a_shared_card_lists_every_member_it_stands_for():
    grid = sheet("a4", "duplex-long")
    with open_pdf(pdf_bytes("dalton")) as pdf:
        front = cell_texts(pdf.pages[0], grid)
        shared = find_cell(front, "Kid")
        assert all(name in front[shared] for name in ("Kid", "Slim", "Doc"))
        assert len(front) == 3


def test_r18_separate_gangers_get_a_card_each():
    grid = sheet("a4", "duplex-long")
    with open_pdf(pdf_bytes("dalton", gangers="separate")) as pdf:
        front = cell_texts(pdf.pages[0], grid)
        assert len(front) == 5
        assert len({find_cell(front, name) for name in ("Kid", "Slim", "Doc")}) == 3


def test_r18_the_stress_card_keeps_all_three_long_names():
    with open_pdf(pdf_bytes("stress")) as pdf:
        cells = cell_texts(pdf.pages[0], sheet("a4", "duplex-long"))
    # every card of the stress posse needs continuation cards; the shared card's first part
    (front,) = [t for t in cells.values() if "Gang member" in t and "card 1 of" in t]
    for name in (
        "Bartholomew Maximilian Featherstonehaugh-Cholmondeley the T1",
        "W" * 59 + "2",
        "Jedediah Ezekiel Montgomery-Vanderbilt of the Silver Creek",
    ):
        # wrapped, a long word broken with a hyphen (issue 31), but all there
        assert _letters(name) in _letters(front)


def _fonts(reader: pypdf.PdfReader):
    """Every font dictionary used by pages and by the forms they draw."""
    seen = {}

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            seen[font.indirect_reference.idnum] = font
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return list(seen.values())


@pytest.mark.parametrize("ink", ALL_INKS)
def test_all_fonts_are_embedded_truetype_none_standard_14(ink):
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes("nasty", "letter", "duplex-long", ink)))
    fonts = _fonts(reader)
    assert fonts
    for font in fonts:
        assert not any(name in font["/BaseFont"] for name in STANDARD_14), font["/BaseFont"]
        descendants = font.get("/DescendantFonts")
        descriptor = (descendants[0].get_object() if descendants else font)["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object(), font["/BaseFont"]


def test_metadata_names_the_document():
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes("nasty")))
    meta = reader.metadata
    assert meta.title == f"Roster cards: {NASTY_POSSE}"
    assert meta.author == "rostermgr"
    assert "Last Hope Frontier" in meta.subject


def test_output_is_deterministic():
    faces = card_faces(many(), rules())
    a, b = io.BytesIO(), io.BytesIO()
    write_cards(faces, rules(), a, layout="duplex-short", ink="ink-saver")
    write_cards(faces, rules(), b, layout="duplex-short", ink="ink-saver")
    assert a.getvalue() == b.getvalue()


def test_writes_to_a_path(tmp_path):
    out = tmp_path / "cards.pdf"
    write_cards(card_faces([dalton()], rules()), rules(), out)
    assert out.read_bytes().startswith(b"%PDF")
    write_cards(card_faces([dalton()], rules()), rules(), str(out), paper="letter")
    assert len(pypdf.PdfReader(out).pages) == 2


def test_repeated_artwork_is_one_form_per_faction_and_side():
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes("many")))
    used: dict[int, int] = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/XObject"].values():
            used[ref.idnum] = used.get(ref.idnum, 0) + 1
    # three factions: a front each; a leader back and a member back each; and the Daltons'
    # shared card of three gang members a front and a back of its own (a track per model)
    assert len(used) == 3 + 3 * 2 + 2
    content = b"".join(p.get_contents().get_data() for p in reader.pages)
    assert len(re.findall(rb"/\S+ Do\b", content)) == 2 * len(card_faces(many(), rules()))


def test_ninety_cards_stay_small():
    faces = card_faces(many(), rules()) * 9  # 99 cards
    out = io.BytesIO()
    write_cards(faces, rules(), out)
    assert len(out.getvalue()) < 300_000


def _card_colours(data: bytes, layout: str = "duplex-long"):
    grid = sheet("a4", layout)
    colours = set()
    big_fills = 0
    with open_pdf(data) as pdf:
        for page in pdf.pages:
            for obj in page.chars + page.rects + page.lines + page.curves:
                if not grid.inside_block(obj["x0"], obj["top"], obj["x1"], obj["bottom"]):
                    continue
                for key in ("non_stroking_color", "stroking_color"):
                    colour = obj.get(key)
                    if colour is not None and (key == "stroking_color") == bool(
                        obj.get("stroke") or "text" in obj
                    ):
                        colours.add(tuple(round(v, 3) for v in colour))
                if obj.get("fill") and obj["width"] * obj["height"] > 100:
                    big_fills += 1
                if "text" in obj:
                    colours.add(tuple(round(v, 3) for v in obj["non_stroking_color"]))
    return colours, big_fills


def test_line_art_is_black_on_white_only():
    colours, big_fills = _card_colours(pdf_bytes("many", ink="line-art"))
    assert colours <= {(0.0,), (0.0, 0.0, 0.0), (0, 0, 0), (0.0, 0.0, 0.0, 1.0)}
    assert big_fills == 0


def test_ink_saver_has_white_grounds():
    _, big_fills = _card_colours(pdf_bytes("many", ink="ink-saver"))
    assert big_fills == 0


def test_colour_mode_fills_each_card_to_the_trim():
    grid = sheet("a4", "duplex-long")
    with open_pdf(pdf_bytes("many", ink="colour")) as pdf:
        page = pdf.pages[0]
        full = [
            r
            for r in page.rects
            if r["fill"] and abs(r["width"] - 180) < 0.01 and abs(r["height"] - 252) < 0.01
        ]
        cells = {grid.cell_of(r["x0"] + 1, r["top"] + 1) for r in full}
        assert len(cells) == 9


def test_r18_the_printed_faces_carry_the_ruleset_tables_and_the_gear():
    r = rules()
    grid = sheet("a4", "duplex-long")
    with open_pdf(pdf_bytes("many")) as pdf:
        fronts, backs = cell_texts(pdf.pages[0], grid), cell_texts(pdf.pages[1], grid)
    ma = fronts[find_cell(fronts, "Ma Dalton")]
    shotgun = r.item("shotgun")
    assert shotgun.name in ma and f"{shotgun.range[0]}\u2013{shotgun.range[1]}" in ma
    assert f"+{shotgun.damage}" in ma and "The Dalton Boys" in ma and "Outlawmen" in ma
    wyatt, virgil = backs[find_cell(backs, "Wyatt")], backs[find_cell(backs, "Virgil")]
    for action in r.faction("sheriffs").leader_actions:
        squeezed = wyatt.replace(" ", "")  # the entry wraps over lines
        assert action.name.replace(" ", "") in squeezed
        assert action.text.replace(" ", "") in squeezed
        assert action.name not in virgil
    for back in (wyatt, virgil):
        assert f"{r.name} {r.version}" in back
        assert "Sheriffs" in back and "\u2660" in back
        for row in r.advancement:
            assert " or ".join(r.stat_names[s] for s in row.stats) in back
        assert f"{r.damage_bands[-1].start}+" in back
    ike = backs[find_cell(backs, "Ike Dalton")].replace("\n", " ").replace(" ", "")
    assert r.faction("outlawmen").leader_actions[0].name.replace(" ", "") in ike
    ma_back = backs[find_cell(backs, "Ma Dalton")]
    assert f"{r.stat_names['shot']} +1" in ma_back  # upgrades taken so far


def test_r1_r18_an_action_with_two_names_prints_as_one_entry_with_both_uses():
    """R1 (2026-12): Dead Eyed Aim / Dead Eyed Spirit is one action on the leader's back."""
    grid = sheet("a4", "duplex-long")
    with open_pdf(pdf_bytes("many")) as pdf:
        backs = cell_texts(pdf.pages[1], grid)
    wyatt = backs[find_cell(backs, "Wyatt")].replace("\n", " ")
    flat = wyatt.replace(" ", "")  # the heading may wrap: compare without the spaces
    assert flat.count("DeadEyedAim/DeadEyedSpirit") == 1
    assert "attacking:+1totheleader'sattacktotal" in flat
    assert "defending:+1totheleader'sdefencetotal" in flat
    ike = backs[find_cell(backs, "Ike Dalton")].replace("\n", " ").replace(" ", "")
    assert ike.count("DirtIntheWound/WhiskeyintheWound") == 1


def _letters(text: str) -> str:
    """text without spaces, line breaks and hyphens: a wrapped name reads as written."""
    return "".join(c for c in text if not c.isspace() and c != "-")


def test_r18_a_shared_cards_strike_rows_name_each_model_whole_where_a_smaller_size_fits():
    """The back's strike rows: a name is set smaller before it is cut, so gang members whose
    names differ only at the end ("Deputy Smith", "Deputy Smythe") stay told apart."""
    from rostermgr.roster import Member
    from tests.printables.test_cards_support import posse

    names = ("Deputy Smith", "Deputy Smythe", "Deputy Smithers")
    alike = posse(
        "Long Names",
        "sheriffs",
        [Member("Wyatt", "leader"), Member("Virgil", "deputy")]
        + [Member(name, "ganger") for name in names],
    )
    out = io.BytesIO()
    write_cards(card_faces([alike], rules(), "grouped"), rules(), out, layout="fronts-backs")
    with open_pdf(out.getvalue()) as pdf:
        back = pdf.pages[1]
        words = back.extract_words(keep_blank_chars=True, x_tolerance=1.5)
        # the strike rows' labels sit at the card's left, one under another
        labels = [w["text"] for w in words if w["text"] in names]
    assert sorted(labels) == sorted(names)
    assert "\u2026" not in "".join(w["text"] for w in words if w["text"].startswith("Deputy Sm"))


def _reads_as(label: str, name: str) -> bool:
    """Whether a printed label is name, or name cut short with an ellipsis at its end or in its
    middle (its head and its ending kept)."""
    if "\u2026" not in label:
        return label == name
    head, tail = label.split("\u2026", 1)
    return name.startswith(head.rstrip()) and name.endswith(tail.lstrip())


def test_r18_a_shared_card_tells_its_models_tracks_apart():
    """R18/R3: gang members who share a card are each their own model, with a wound track on
    the front and strikes on the back. Names cut short to one width read the same ("Johnny
    Ri..." three times), so no row said whose it was: each label now reads as one name only."""
    from rostermgr.roster import Member
    from tests.printables.test_cards_support import posse

    names = ["Johnny Ringo-Replacement", "Johnny Ringo-Reformed", "Johnny Rivers-Smith"]
    p = posse("Long Names", "sheriffs", [Member(n, "ganger", ("pistol",)) for n in names])
    out = io.BytesIO()
    write_cards(card_faces([p], rules()), rules(), out)
    grid = sheet("a4", "duplex-long")
    with open_pdf(out.getvalue()) as pdf:
        for page in pdf.pages[:2]:
            (box,) = [grid.cell_box(*c) for c in cell_texts(page, grid)]
            lines = page.crop(box).extract_text().splitlines()
            labels = [
                line.split(" \u2020")[0].strip()
                for line in lines
                if any(_reads_as(line.split(" \u2020")[0].strip(), n) for n in names)
            ]
            assert len(labels) == len(names), lines
            whose = [[n for n in names if _reads_as(label, n)] for label in labels]
            assert whose == [[n] for n in names], (labels, whose)
