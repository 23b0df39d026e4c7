"""R18 roster cards under a house ruleset: long stat names, nine stats, a long wound track.

Found by printing as a hostile player would (the print pass of 2026-12): a ruleset's long name
for Wounds stacked the wound boxes down the card over the gear and the notes, and a card whose
wound track left no room for its gear gained an empty continuation card the count missed.
"""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest

from printables.cards import card_faces, write_cards
from printables.cards.writer import printed_faces
from rostermgr.errors import PrintRefused
from rostermgr.roster import Member
from rostermgr.rules import Ruleset
from rostermgr.rules_load import parse_ruleset_text
from tests.printables.test_cards_support import (
    TOL,
    cell_texts,
    find_cell,
    open_pdf,
    posse,
    sheet,
)

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
LONG_WOUNDS = "Lebenspunkte und Durchhaltevermögen"


def house(
    text_edits: dict[str, str] | None = None, wounds: dict[str, int] | None = None
) -> Ruleset:
    """The shipped ruleset with its text edited, and roles' Wounds set."""
    text = SHIPPED.read_text(encoding="utf-8")
    for old, new in (text_edits or {}).items():
        assert old in text
        text = text.replace(old, new, 1)
    for role, n in (wounds or {}).items():
        text, count = re.subn(
            rf"(\[roles\.{role}\][^\[]*?wounds = )\d+", rf"\g<1>{n}", text, count=1
        )
        assert count == 1
    return parse_ruleset_text(text, "house.toml")


def nine_stats() -> Ruleset:
    """Nine stats, Wounds with a long name, short names of four letters."""
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace('"defence", "wounds"]', '"defence", "wounds", "luck", "nerve"]', 1)
    text = text.replace('wounds = "Wounds"\n', f'wounds = "{LONG_WOUNDS}"\nluck = "Luck"\n', 1)
    text = text.replace('luck = "Luck"\n', 'luck = "Luck"\nnerve = "Nerve"\n', 1)
    text = text.replace('wounds = "W"\n', 'wounds = "LPkt"\nluck = "Lck"\nnerve = "Nrv"\n', 1)
    text = re.sub(r"wounds = (\d+) \}", r"wounds = \1, luck = 12, nerve = 10 }", text)
    return parse_ruleset_text(text, "nine.toml")


def render(posses, r: Ruleset, gangers: str = "grouped") -> bytes:
    out = io.BytesIO()
    write_cards(card_faces(posses, r, gangers), r, out)
    return out.getvalue()


def _front_chars(data: bytes, name: str):
    """The characters of the (first) front card naming name."""
    grid = sheet("a4", "duplex-long")
    with open_pdf(data) as pdf:
        page = pdf.pages[0]
        cell = find_cell(cell_texts(page, grid), name)
        chars = [
            c
            for c in page.chars
            if grid.cell_of((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) == cell
        ]
        squares = [
            s
            for s in page.rects
            if abs(s["width"] - s["height"]) < TOL
            and s["width"] > 3
            and grid.cell_of(s["x0"] + s["width"] / 2, s["top"] + s["height"] / 2) == cell
        ]
        return chars, squares


def _lines(chars) -> list[tuple[float, str]]:
    """The card's text by line, top down: (top, text)."""
    rows: dict[float, list] = {}
    for c in chars:
        rows.setdefault(round(c["top"], 0), []).append(c)
    return [
        (top, "".join(c["text"] for c in sorted(cs, key=lambda c: c["x0"])))
        for top, cs in sorted(rows.items())
    ]


def _gear_above_notes(chars) -> None:
    """Every line of the card ends above its Notes label (nothing drawn over the notes)."""
    lines = _lines(chars)
    (notes_top,) = [top for top, text in lines if text.startswith("Notes")]
    notes = [c for c in chars if round(c["top"], 0) == notes_top]
    notes_top = min(c["top"] for c in notes)
    for c in chars:
        if c not in notes:
            assert c["bottom"] <= notes_top + TOL, (c["text"], lines)


@pytest.mark.parametrize(
    "r", [house({'wounds = "Wounds"': f'wounds = "{LONG_WOUNDS}"'}), nine_stats()]
)
def test_r18_a_long_name_for_wounds_keeps_the_track_in_one_row_before_the_gear(r):
    p = posse("House", "outlawmen", [Member("Ike", "leader", ("revolver", "medium-leather"))])
    assert len(printed_faces(card_faces([p], r))) == 1
    chars, squares = _front_chars(render([p], r), "Ike")
    wounds = p.members[0].stats(r)["wounds"]
    assert len(squares) == wounds and len({round(s["top"], 1) for s in squares}) == 1
    text = "".join(c["text"] for c in chars)
    assert LONG_WOUNDS not in text  # the short name, as in the stat line
    assert "Revolver" in text and "Medium leather" in text
    _gear_above_notes(chars)


def test_r18_nine_short_stat_names_are_set_smaller_before_they_are_cut():
    r = nine_stats()
    p = posse("House", "outlawmen", [Member("Ike", "leader", ("revolver",))])
    chars, _ = _front_chars(render([p], r), "Ike")
    text = "".join(c["text"] for c in chars)
    assert all(short in text for short in ("LPkt", "Lck", "Nrv"))
    assert min(c["size"] for c in chars) >= 6.0 - TOL


def test_r18_a_four_letter_short_name_of_nine_is_whole_and_inside_its_cell():
    """ "Vtdg" was cut to "Vt..." at the 6 pt floor: 0.34 pt too wide for a ninth of the line
    with a point clear each side. It may come closer to the sides, never over the cell's rule."""
    r = dataclasses.replace(nine_stats(), stat_short={**nine_stats().stat_short, "defence": "Vtdg"})
    p = posse("House", "outlawmen", [Member("Ike", "leader", ("revolver",))])
    chars, _ = _front_chars(render([p], r), "Ike")
    text = "".join(c["text"] for c in chars)
    assert "Vtdg" in text and "\u2026" not in text
    vtdg = _word(chars, "Vtdg")
    assert min(c["size"] for c in vtdg) >= 6.0 - TOL
    left, right = min(c["x0"] for c in vtdg), max(c["x1"] for c in vtdg)
    t_right = max(c["x1"] for c in _word(chars, "T"))  # the cell before: T
    lpkt_left = min(c["x0"] for c in _word(chars, "LPkt"))
    assert left > t_right + 1.5 and right < lpkt_left - 1.5  # the rules and the gap between


def _word(chars, word: str) -> list:
    """The characters of the label `word` on the card: a run of one line's characters with no
    gap between them (each stat's label is set alone in its cell)."""
    rows: dict[float, list] = {}
    for c in chars:
        rows.setdefault(round(c["top"], 0), []).append(c)
    for row in rows.values():
        row.sort(key=lambda c: c["x0"])
        runs = [[row[0]]]
        for c in row[1:]:
            if c["x0"] - runs[-1][-1]["x1"] > 1.0:
                runs.append([])
            runs[-1].append(c)
        for run in runs:
            if "".join(c["text"] for c in run) == word:
                return run
    raise AssertionError(f"no label {word!r} on the card")


def test_r18_a_wound_track_that_leaves_no_room_for_gear_sends_it_whole_to_one_more_card():
    r = house(wounds={"leader": 60})
    p = posse("House", "outlawmen", [Member("Ike", "leader", ("revolver", "medium-leather"))])
    faces = printed_faces(card_faces([p], r))
    assert [(f.part, f.parts) for f in faces] == [(1, 2), (2, 2)]
    assert printed_faces(faces) == faces  # a part is its own only part: the writer splits too
    assert (faces[0].weapons, faces[0].clothing) == ((), ())
    assert faces[1].weapons and faces[1].clothing
    data = render([p], r)
    grid = sheet("a4", "duplex-long")
    with open_pdf(data) as pdf:
        assert len(cell_texts(pdf.pages[0], grid)) == 2  # the two cards counted, no more
    chars, squares = _front_chars(data, "card 1 of 2")
    assert len(squares) == 60
    text = "".join(c["text"] for c in chars)
    assert "Gear carries on: card 2 of 2" in text and "No weapons" not in text
    _gear_above_notes(chars)


def test_r18_a_wound_track_taller_than_a_card_is_refused_in_a_sentence():
    r = house(wounds={"leader": 100})
    p = posse("House", "outlawmen", [Member("Ike", "leader", ("revolver",))])
    with pytest.raises(
        PrintRefused, match=r"^The wound track of Ike \(100 boxes\) does not fit on a card\.$"
    ):
        printed_faces(card_faces([p], r))


def test_r18_shared_wound_tracks_too_tall_for_one_card_ask_for_separate_cards():
    r = house(wounds={"ganger": 40})
    gangers = [Member(name, "ganger", ("pistol",)) for name in ("Kid", "Slim", "Doc")]
    p = posse("House", "outlawmen", gangers)
    with pytest.raises(
        PrintRefused, match=r"^The wound tracks of Kid, Slim and Doc .* separately\.$"
    ):
        printed_faces(card_faces([p], r))
    separate = printed_faces(card_faces([p], r, "separate"))
    assert [f.names for f in separate] == [("Kid",), ("Slim",), ("Doc",)]


def test_r15_the_advancement_rows_name_short_stats_rather_than_cut_long_ones():
    """Long names on the back's advancement table were cut ("Verteidigungsbereitscha..."):
    the row names the stats' short names, as the front's stat line does."""
    r = house(
        {
            'defence = "Defence"': 'defence = "Verteidigungsbereitschaftsgrad"',
            'defence = "Df"': 'defence = "Vtdg"',
        }
    )
    p = posse("House", "outlawmen", [Member("Ike", "leader", ("revolver",))])
    grid = sheet("a4", "duplex-long")
    with open_pdf(render([p], r)) as pdf:
        back = cell_texts(pdf.pages[1], grid)[find_cell(cell_texts(pdf.pages[1], grid), "Ike")]
    assert "J\u2013AVtdgorW" in back.replace(" ", "") and "\u2026" not in back
    assert "ShotorCombat" in back.replace(" ", "")  # what fits keeps its names
