"""Issue 19, R18: cards read at arm's length and take a dry-wipe pen (measured on the PDFs)."""

from __future__ import annotations

import dataclasses
import io
from itertools import pairwise
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printables.cards import card_faces, write_cards
from rostermgr.roster import Member
from tests.printables.test_cards_support import (
    MM,
    cell_texts,
    dalton,
    open_pdf,
    posse,
    rules,
    sheet,
    upgrades,
)

MIN_PT, BODY_PT = 6.0, 7.0
LOADED_GEAR = (
    *("pistol", "pistol", "revolver", "shotgun", "carbine-rifle", "scope-rifle", "derringer"),
    *("switchblade", "hunting-knife", "hatchet", "machete", "fine-leather"),
    *("whiskey", "whiskey", "hooch", "dynamite", "horse"),
)


def loaded(faction: str = "sheriffs", gear: tuple[str, ...] = LOADED_GEAR):
    """A leader with 17 items and 3 upgrades, and three identical gang members."""
    return posse(
        "Loaded",
        faction,
        [
            Member("Wyatt Earp", "leader", gear, upgrades=upgrades(shot=1, wounds=1, defence=1)),
            Member("Kid", "ganger", ("pistol",)),
            Member("Slim", "ganger", ("pistol",)),
            Member("Doc", "ganger", ("pistol",)),
        ],
    )


def render(posses, r=None, gangers: str = "grouped", **options) -> bytes:
    r = r or rules()
    out = io.BytesIO()
    write_cards(card_faces(posses, r, gangers), r, out, **options)
    return out.getvalue()


def leader_back(data: bytes) -> str:
    """The text of the loaded leader's first back, spaces squeezed out (lines wrap)."""
    grid = sheet("a4", "duplex-long")
    with open_pdf(data) as pdf:
        backs = cell_texts(pdf.pages[1], grid)
    (text,) = [t for t in backs.values() if "Wyatt Earp" in t and "card 2 of" not in t]
    return text.replace(" ", "")


def card_chars(data: bytes, layout: str = "duplex-long"):
    """(page number, cell, char) of every character inside a card."""
    grid = sheet("a4", layout)
    with open_pdf(data) as pdf:
        for n, page in enumerate(pdf.pages):
            for ch in page.chars:
                cell = grid.cell_of((ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2)
                if cell is not None:
                    yield n, cell, ch


def test_r18_no_text_on_a_loaded_posse_is_below_6_pt():
    sizes = [ch["size"] for _, _, ch in card_chars(render([loaded()]))]
    assert sizes and min(sizes) >= MIN_PT - 0.01


def test_r18_gear_is_body_text_of_at_least_7_pt_and_nothing_is_dropped():
    r = rules()
    data = render([loaded()])
    with open_pdf(data) as pdf:
        text = "".join(p.extract_text() for p in pdf.pages)
    for item_id in set(LOADED_GEAR):
        assert r.item(item_id).name in text, item_id
    assert "Pistol \u00d72" in text and "Whiskey \u00d72" in text  # duplicates merged
    grid = sheet("a4", "duplex-long")
    with open_pdf(data) as pdf:
        for page in pdf.pages[::2]:  # fronts
            words = page.extract_words(extra_attrs=["size"])
            for w in words:
                if grid.cell_of(w["x0"], w["top"]) and w["text"] in ("Hatchet", "Dynamite"):
                    assert w["size"] >= BODY_PT - 0.01


def test_r18_a_card_that_cannot_hold_everything_gets_a_paired_continuation_card():
    data = render([loaded()])
    grid = sheet("a4", "duplex-long")
    with open_pdf(data) as pdf:
        fronts, backs = cell_texts(pdf.pages[0], grid), cell_texts(pdf.pages[1], grid)
    parts = [cell for cell, t in fronts.items() if "Wyatt Earp" in t]
    assert len(parts) == 2
    assert all(f"card {i} of 2" in fronts[c] for i, c in enumerate(parts, start=1))
    # the continuation's back is behind it (duplex-long: mirrored across) and names it
    col, row = parts[1]
    back = backs[(2 - col, row)]
    assert "Wyatt Earp" in back and "card 2 of 2" in back


def _boxes(page, grid):
    """Stroked, unfilled squares inside cards smaller than a stat box: the pen boxes."""
    return [
        r
        for r in page.rects
        if r["stroke"]
        and not r["fill"]
        and abs(r["width"] - r["height"]) < 0.5
        and r["width"] < 20
        and grid.cell_of(r["x0"] + 1, r["top"] + 1)
    ]


def test_r18_wound_reload_and_strike_boxes_are_at_least_4_mm():
    grid = sheet("a4", "duplex-long")
    with open_pdf(render([loaded()])) as pdf:
        boxes = [b for page in pdf.pages for b in _boxes(page, grid)]
    assert len(boxes) > 20
    assert min(b["width"] for b in boxes) >= 4 * MM - 0.01


def test_r18_writing_lines_are_6_mm_apart_and_labelled():
    grid = sheet("a4", "duplex-long")
    with open_pdf(render([dalton()])) as pdf:
        for page, label in ((pdf.pages[0], "Notes"), (pdf.pages[1], "Upgrades")):
            cell = grid.cell_box(0, 0)
            texts = cell_texts(page, grid)
            assert label in texts[(0, 0)] or label in texts[(2, 0)]
            # The upgrades line ends where the back's state code begins (issue 34).
            shortest = 150 if label == "Notes" else 70
            lines = [
                ln
                for ln in page.lines
                if cell[0] < ln["x0"] < cell[2]
                and cell[1] < ln["top"] < cell[3]
                and ln["x1"] - ln["x0"] > shortest
                and ln["top"] > cell[3] - 80  # the lower part of the card
            ]
            rules_ = sorted(ln["top"] for ln in lines)
            line_end = min((ln["x1"] for ln in lines), default=cell[2])
            assert rules_, label
            word = next(w for w in page.extract_words() if w["text"] == label and w["x0"] < cell[2])
            # the space above the top line is clear for a pen line's height
            room = rules_[0] - max(
                ch["bottom"]
                for ch in page.chars
                if cell[0] < ch["x0"] < line_end
                and ch["bottom"] < rules_[0] - 1
                and ch["top"] != word["top"]
            )
            assert room >= 6 * MM - 0.01, (label, room)
            assert all(b - a >= 6 * MM - 0.01 for a, b in pairwise(rules_))


def test_r18_a_shared_card_has_a_wound_and_strike_track_per_model():
    r = rules()
    grid = sheet("a4", "duplex-long")
    with open_pdf(render([dalton()], gangers="grouped")) as pdf:
        front_page, back_page = pdf.pages[0], pdf.pages[1]
        fronts, backs = cell_texts(front_page, grid), cell_texts(back_page, grid)
        shared = next(c for c, t in fronts.items() if "Kid" in t)
        for name in ("Kid", "Slim", "Doc"):
            assert fronts[shared].count(name) == 2  # in the names and as a track's label
        wounds = r.role("ganger").stats["wounds"]
        box_cells = [grid.cell_of(b["x0"] + 1, b["top"] + 1) for b in _boxes(front_page, grid)]
        assert box_cells.count(shared) == 3 * wounds
        back_cell = (2 - shared[0], shared[1])
        strikes = [grid.cell_of(b["x0"] + 1, b["top"] + 1) for b in _boxes(back_page, grid)]
        assert strikes.count(back_cell) == 3 * r.strikes_to_die
        assert all(backs[back_cell].count(name) == 2 for name in ("Kid", "Slim", "Doc"))


def _lstar(rgb: tuple[float, ...]) -> float:
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def test_r18_faction_accents_are_10_apart_in_greyscale():
    r = rules()
    posses = [
        posse(f.name, f.id, [Member(f"Boss {i}", "leader", ("pistol",))])
        for i, f in enumerate(r.factions.values())
    ]
    grid = sheet("a4", "duplex-long")
    bands: dict[tuple[int, int], tuple[float, ...]] = {}
    with open_pdf(render(posses)) as pdf:
        for rect in pdf.pages[0].rects:
            if rect["fill"] and abs(rect["width"] - 180) < 0.1 and abs(rect["height"] - 252) < 0.1:
                bands[grid.cell_of(rect["x0"] + 1, rect["top"] + 1)] = rect["non_stroking_color"]
    assert len(bands) == len(r.factions)
    ls = sorted(_lstar(c) for c in bands.values())
    assert all(b - a >= 10 for a, b in pairwise(ls)), ls


def test_r1_the_faction_rule_is_on_the_back_when_the_ruleset_gives_text():
    r = rules()
    text = "Once a game, re-draw one card."
    sheriffs = dataclasses.replace(r.faction("sheriffs"), rule_text=text)
    written = dataclasses.replace(
        r, factions=MappingProxyType({**r.factions, "sheriffs": sheriffs})
    )
    back = leader_back(render([loaded()], written))
    assert sheriffs.rule_name.replace(" ", "") in back and text.replace(" ", "") in back
    assert sheriffs.rule_name.replace(" ", "") not in leader_back(render([loaded()]))


def test_r1_a_leader_action_with_two_names_is_one_entry():
    r = rules()
    (action,) = r.faction("sheriffs").leader_actions  # R1: one action, a use for each side
    back = leader_back(render([loaded()]))
    assert back.count(action.name.replace(" ", "")) == 1
    assert back.count(action.text.replace(" ", "")) == 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    gear=st.lists(st.sampled_from(sorted(rules().items)), min_size=0, max_size=24),
    faction=st.sampled_from(sorted(rules().factions)),
)
def test_r18_any_gear_prints_whole_and_never_below_the_floor(gear, faction):
    r = rules()
    gear = (
        tuple(g for g in gear if r.item(g).kind != "clothing")
        + tuple(g for g in gear if r.item(g).kind == "clothing")[:1]
    )
    data = render([loaded(faction, gear)])
    sizes = [ch["size"] for _, _, ch in card_chars(data)]
    assert min(sizes) >= MIN_PT - 0.01
    with open_pdf(data) as pdf:
        text = "".join(p.extract_text() for p in pdf.pages).replace("\n", " ")
    for item_id in set(gear):
        assert r.item(item_id).name in text


def test_r18_five_identical_gang_members_share_cards_of_at_most_three():
    gang = [Member(n, "ganger", ("pistol",)) for n in ("Kid", "Slim", "Doc", "Ike", "Sam")]
    p = posse("Many", "outlawmen", gang)
    faces = card_faces([p], rules())
    assert [f.names for f in faces] == [("Kid", "Slim", "Doc"), ("Ike", "Sam")]
    grid = sheet("a4", "duplex-long")
    with open_pdf(render([p])) as pdf:
        page = pdf.pages[1]
        labels = {
            grid.cell_of(w["x0"], w["top"]): w["top"]
            for w in page.extract_words()
            if w["text"] == "Upgrades"
        }
        boxes = _boxes(page, grid)
        assert len(boxes) == 5 * rules().strikes_to_die
        for box in boxes:  # every strike track fits above its card's upgrades line
            assert box["bottom"] < labels[grid.cell_of(box["x0"] + 1, box["top"] + 1)]


@pytest.mark.parametrize(
    ("ups", "shown"),
    [
        ({"shot": 1, "toughness": 1, "wounds": 1, "defence": 1}, ["Sh+1", "T+1", "Df+1", "W+1"]),
        (
            {
                "move": 1,
                "shot": 2,
                "combat": 1,
                "strength": 1,
                "toughness": 1,
                "defence": 1,
                "wounds": 1,
            },
            ["+1MvCbStTDfW;+2Sh"],
        ),
    ],
    ids=["four-rising", "seven-grouped"],
)
def test_r18_every_upgrade_of_a_leader_with_a_long_code_is_on_the_back_whole(ups, shown):
    """Beside a long state code the upgrades took one short line and lost the rest to an
    ellipsis ("Sh +1, T +1,...", hostile print pass): whole entries a line rising above the
    label into the room the code leaves, or, where the tables leave none, grouped by how much;
    never over the code's text."""
    p = posse(
        "Loaded",
        "bootleggers",
        [Member("Wyatt Earp", "leader", LOADED_GEAR, upgrades=upgrades(**ups))],
    )
    out = io.BytesIO()
    write_cards(card_faces([p], rules(), counter=7), rules(), out)  # a code, as printed
    data = out.getvalue()
    text = leader_back(data)
    assert "\u2026" not in text
    for part in shown:
        assert part in text, (part, text)
    grid = sheet("a4", "duplex-long")
    with open_pdf(data) as pdf:
        page = pdf.pages[1]
        words = page.extract_words()
        (label,) = [w for w in words if w["text"] == "Upgrades" and grid.cell_of(w["x0"], w["top"])]
        cell = grid.cell_of(label["x0"], label["top"])
        mine = [w for w in words if grid.cell_of(w["x0"], w["top"]) == cell]
        ups_words = [w for w in mine if "+" in w["text"] and w["top"] > label["top"] - 40]
        code_words = [w for w in mine if len(w["text"]) == 4 and w["text"].isupper()]
        code_left = min(
            [w["x0"] for w in code_words if w["top"] > label["top"] - 60] + [page.width]
        )
        assert ups_words and all(w["x1"] < code_left for w in ups_words)
