"""The posse journal PDF (RULES R19), read back with pypdf and pdfplumber.

The journal data comes from the real campaign stack: posses created from creation requests,
games recorded from post-game reports, flips spent, then rostermgr.journal.build_journal.
"""

from __future__ import annotations

import io
from itertools import pairwise
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

import printables.journal.story as story
from db import posses
from db.connection import open_campaign
from printables.journal import booklet_sides, padded, write_journal
from printables.journal.style import mm
from rostermgr.journal import JournalData, build_journal
from rostermgr.presentation import present
from rostermgr.report import parse_report
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests import writes
from tests.conftest import DALTON, FOUNDED, LAWMEN

D, L = DALTON["name"], LAWMEN["name"]
A5 = (419.53, 595.28)
A4_LANDSCAPE = (841.89, 595.28)
TOL = 0.01
FOLIO_BAND = mm(14)  # the page number sits in this band at the foot of an A5 page
COVER_MARK = "Posse Journal of"
FLIPS = (("7H", "toughness"), ("3S", "shot"), ("KD", "wounds"))

HOSTILE_POSSE = 'Kid <Nitro> & "O\'Brien"'
HOSTILE_MEMBER = "Łukasz Ωmega Жуков"
HOSTILE_FOE = "Жуков & Sons <b>"
HOSTILE_REASON = 'R&D <img src="nowhere.png"/> fee'
IMG_MEMBER = "Nobody <img src='x.png'/>"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return default_ruleset()


def kid_taken_out_by_wyatt(n: int) -> dict:
    return {
        "date": f"2026-01-0{n}",
        "scenario": "bloodbath",
        "posses": [D, L],
        "winner": L,
        "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
        "income": [{"posse": D, "amount": 10, "reason": "stagecoach"}],
        "items_used": [{"posse": D, "member": "Doc", "item": "whiskey"}] if n == 1 else [],
    }


def journals(path: Path, rules: Ruleset, setup: list[dict], reports: list[dict], after=None):
    """Create the posses, record the reports (calling after(n) after game n), build journals."""
    db = open_campaign(path)
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(posses, "today", lambda: FOUNDED)  # R12: founded before the games
            for request in setup:
                posses.create_posse(plan_creation(request, rules), rules)
        for n, doc in enumerate(reports, start=1):
            writes.record_game(parse_report(doc, rules), rules)
            if after is not None:
                after(n)
        return {
            r["name"]: build_journal(posses.load_posse(r["name"]), posses.history(r["name"]), rules)
            for r in setup
        }
    finally:
        db.close()


@pytest.fixture(scope="module")
def three_games(tmp_path_factory: pytest.TempPathFactory, rules: Ruleset) -> dict:
    """Kid is taken out by Wyatt three times (injured, injured, dead); Wyatt spends his flips."""

    def spend(n: int) -> None:
        card, stat = FLIPS[n - 1]
        writes.spend_flip(L, "Wyatt", rules, card=card, choose=stat)
        if n == 3:
            writes.spend_flip(L, "Wyatt", rules, card="5C")  # turned, not yet chosen: pending

    path = tmp_path_factory.mktemp("journal") / "c.sqlite3"
    return journals(
        path, rules, [DALTON, LAWMEN], [kid_taken_out_by_wyatt(n) for n in (1, 2, 3)], spend
    )


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory, rules: Ruleset) -> JournalData:
    ours = {
        "name": HOSTILE_POSSE,
        "faction": "bootleggers",
        "members": [
            {"name": HOSTILE_MEMBER, "role": "leader", "items": ["revolver"]},
            {"name": HOSTILE_POSSE, "role": "deputy", "items": ["shotgun"]},
            {"name": IMG_MEMBER, "role": "ganger", "items": []},
            {"name": "Slim", "role": "ganger", "items": []},
            {"name": "Doc", "role": "ganger", "items": ["whiskey"]},
        ],
    }
    foes = {**LAWMEN, "name": HOSTILE_FOE}
    report = {
        "date": "2026-02-01",
        "scenario": "supply-drop",
        "posses": [HOSTILE_POSSE, HOSTILE_FOE],
        "winner": HOSTILE_POSSE,
        "out_of_action": [
            {
                "posse": HOSTILE_FOE,
                "member": "Morgan",
                "by": {"posse": HOSTILE_POSSE, "member": HOSTILE_MEMBER},
            },
        ],
        "income": [{"posse": HOSTILE_POSSE, "amount": 12, "reason": HOSTILE_REASON}],
    }
    path = tmp_path_factory.mktemp("hostile") / "c.sqlite3"
    return journals(path, rules, [ours, foes], [report])[HOSTILE_POSSE]


def render(data: JournalData, rules: Ruleset, **kwargs: object) -> tuple[bytes, int]:
    out = io.BytesIO()
    pages = write_journal(data, rules, out, **kwargs)
    return out.getvalue(), pages


def page_texts(pdf: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [page.extract_text() or "" for page in doc.pages]


def flat(text: str) -> str:
    """Whitespace (line ends of wrapped cells included) folded to single spaces."""
    return " ".join(text.split())


def test_r19_a5_pages_metadata_and_count(three_games: dict, rules: Ruleset) -> None:
    pdf, pages = render(three_games[D], rules)
    reader = PdfReader(io.BytesIO(pdf))
    assert pages == len(reader.pages) >= 6
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(A5[0], abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(A5[1], abs=TOL)
    meta = reader.metadata
    assert meta.title == f"Posse journal: {D}"
    assert meta.author == "rostermgr"
    assert D in meta.subject and "Last Hope Frontier" in meta.subject


def test_r19_cover_founding_and_roster(three_games: dict, rules: Ruleset) -> None:
    data = three_games[D]
    texts = page_texts(render(data, rules)[0])
    cover = flat(texts[0])
    assert COVER_MARK in cover and D in cover
    assert "Outlawmen" in cover and "Diamonds" in cover and "\u2666" in cover
    assert data.ruleset in cover
    body = "\n".join(texts[1:])
    # The spending at creation: each purchase, its price and the purse left after it.
    founding_lines = data.founding.money
    assert founding_lines[0].text == "Starting purse"
    for line in founding_lines:
        amount = f"+${line.amount}" if line.amount >= 0 else f"\u2212${-line.amount}"
        assert f"{line.text} {amount} ${line.balance}" in body, line
    assert f"Purse before the first game: ${data.founding.purse_after}" in body
    # The roster today: stat lines in ruleset order, the dead marked, gear by item name.
    for member in data.posse.members:
        stats = " ".join(present(member, rules).stat_texts)  # as the cards show them
        dagger = "" if member.alive else " \u2020"
        assert f"{member.name}{dagger} {stats} {member.flips}" in flat(body), member.name
    assert "Gang member, dead" in body and "Gear: buried with the body" in body
    assert "Gear: Revolver (+1 damage), Medium leather clothing (+2 defence)" in flat(body)
    assert " ".join(rules.stat_short[s] for s in rules.stat_order) in body


def test_r13_r19_injury_strikes_are_crossed_boxes(three_games: dict, rules: Ruleset) -> None:
    """Each member has strikes_to_die boxes; each injury crosses one with two diagonals."""
    data = three_games[D]
    with pdfplumber.open(io.BytesIO(render(data, rules)[0])) as doc:
        page = next(p for p in doc.pages if "The posse today" in (p.extract_text() or ""))
        side = mm(3.0)
        boxes = [
            r for r in page.rects if max(abs(r["width"] - side), abs(r["height"] - side)) < 0.2
        ]
        diagonals = [ln for ln in page.lines if ln["x0"] != ln["x1"] and ln["top"] != ln["bottom"]]
    assert len(boxes) == rules.strikes_to_die * len(data.posse.members)
    assert len(diagonals) == 2 * sum(m.injuries for m in data.posse.members) == 6


def test_r13_r14_r15_r16_r19_every_game_with_flips_and_money(
    three_games: dict, rules: Ruleset
) -> None:
    for name in (D, L):
        data = three_games[name]
        assert len(data.games) == 3
        text = flat("\n".join(page_texts(render(data, rules)[0])))
        at = 0
        for n, chapter in enumerate(data.games, start=1):
            head = f"Game {n} · Bloodbath"
            at = text.index(head, at)  # in order
            opponent = L if name == D else D
            assert f"2026-01-0{n} · against {opponent} · {'Lost' if name == D else 'Won'}" in text
            for sentence in (*chapter.events, *chapter.flips):
                assert sentence in text
            for line in chapter.money:
                assert f"{line.text} +${line.amount} ${line.balance}" in text
            assert f"Purse after the game: ${chapter.purse_after}" in text
    lawmen = flat("\n".join(page_texts(render(three_games[L], rules)[0])))
    for card, stat in FLIPS:
        assert f"Wyatt turns {card} and takes +1 {stat.capitalize()}." in lawmen
    assert "Wyatt of Last Hope Lawmen earns 2 flips for a killing blow on Kid." in lawmen
    assert "Flip turned (5C), stat still to choose" in lawmen  # turned, not yet chosen
    dalton = flat("\n".join(page_texts(render(three_games[D], rules)[0])))
    assert (
        "Kid of The Dalton Boys was taken out of action by Wyatt of Last Hope Lawmen: "
        "strike 1, -1 Wounds." in dalton
    )
    assert (
        "Kid of The Dalton Boys was killed by Wyatt of Last Hope Lawmen (strike 3); "
        "buried with: pistol." in dalton
    )
    assert "Doc of The Dalton Boys used up a whiskey." in dalton
    assert dalton.count("Purse after the game:") == 3


def test_r19_a_game_that_fits_on_a_page_is_never_split(tmp_path: Path, rules: Ruleset) -> None:
    """Eight short games: each starts a page rather than leave its money on the next one."""
    quiet = [
        {"date": f"2026-01-{n:02d}", "scenario": "other", "posses": [D, L], "winner": L}
        for n in range(1, 9)
    ]
    data = journals(tmp_path / "c.sqlite3", rules, [DALTON, LAWMEN], quiet)[D]
    texts = [flat(t) for t in page_texts(render(data, rules)[0])]
    for n in range(1, 9):
        page = next(t for t in texts if f"Game {n} · Other" in t)
        entry = page[page.index(f"Game {n} · Other") :]
        assert "Money" in entry and "Purse after the game:" in entry, n
    # no page carries a money section without the game it belongs to
    for t in texts:
        if "Purse after the game:" in t:
            assert t.index("Game ") < t.index("Purse after the game:")
    assert sum("Purse after the game:" in t for t in texts) <= 4  # several games to a page


def test_r19_a_game_says_its_number_in_the_campaign_when_that_differs(
    tmp_path: Path, rules: Ruleset
) -> None:
    third = {**LAWMEN, "name": "Tombstone Irregulars", "faction": "townsfolk"}
    games_played = [
        {"date": "2026-01-01", "scenario": "other", "posses": [D, L], "winner": L},
        {"date": "2026-01-08", "scenario": "bloodbath", "posses": [L, third["name"]]},
    ]
    data = journals(tmp_path / "c.sqlite3", rules, [DALTON, LAWMEN, third], games_played)
    late = flat("\n".join(page_texts(render(data[third["name"]], rules)[0])))
    assert "Game 1 · Bloodbath" in late
    assert "2026-01-08 · game 2 of the campaign · against Last Hope Lawmen" in late
    first = flat("\n".join(page_texts(render(data[D], rules)[0])))
    assert "of the campaign" not in first  # its game 1 is the campaign's game 1


def test_r19_ruled_rows_to_carry_on_by_hand(three_games: dict, rules: Ruleset) -> None:
    pdf, pages = render(three_games[D], rules)
    texts = page_texts(pdf)
    head = "Date Game What happened $ Purse"
    ruled = [i for i, t in enumerate(texts) if head in t]
    assert ruled == list(range(pages - story.RULED_PAGES, pages))
    assert "Carried on by hand" in texts[ruled[0]]
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        last = doc.pages[-1]
        rows = [ln for ln in last.lines if ln["top"] == ln["bottom"] and ln["width"] > 200]
        columns = [ln for ln in last.lines if ln["x0"] == ln["x1"] and ln["height"] > 300]
    assert len(rows) >= 20
    assert len(columns) == 4  # between Date, Game, What happened, $ and Purse


def test_r19_mirrored_margins_and_page_numbers(three_games: dict, rules: Ruleset) -> None:
    """Odd pages: wide margin on the left (inner) and the number at the right; even: mirrored."""
    pdf, pages = render(three_games[D], rules)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for number, page in enumerate(doc.pages[1:], start=2):
            inner_left = number % 2 == 1
            left = mm(19) if inner_left else mm(13)
            right = A5[0] - (mm(13) if inner_left else mm(19))
            # The running head's rule spans the text frame exactly.
            head = [ln for ln in page.lines if ln["top"] < mm(14) and ln["top"] == ln["bottom"]]
            assert [(ln["x0"], ln["x1"]) for ln in head] == [
                (pytest.approx(left, abs=0.05), pytest.approx(right, abs=0.05))
            ]
            assert all(left - 0.5 <= c["x0"] and c["x1"] <= right + 0.5 for c in page.chars)
            folio = [w for w in page.extract_words() if w["top"] > A5[1] - FOLIO_BAND]
            assert [w["text"] for w in folio] == [str(number)]
            if inner_left:
                assert folio[0]["x1"] == pytest.approx(right, abs=0.5)
            else:
                assert folio[0]["x0"] == pytest.approx(left, abs=0.5)
    assert pages == number


def test_r19_hostile_names_are_printed_exactly(hostile: JournalData, rules: Ruleset) -> None:
    pdf, _ = render(hostile, rules)
    texts = page_texts(pdf)
    text = flat("\n".join(texts))
    for exact in (HOSTILE_POSSE, HOSTILE_MEMBER, HOSTILE_FOE, IMG_MEMBER):
        assert exact in text, exact
    # The reason wraps in the money table's first column: read that column alone.
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = next(p for p in doc.pages if "Game 1" in (p.extract_text() or ""))
        column = mm(19) + story.MONEY_COLS[0] * story.FRAME_W  # an odd page: inner margin left
        reasons = flat(page.crop((0, 0, column, page.height)).extract_text())
    assert f"{HOSTILE_POSSE} earns $12: {HOSTILE_REASON}." in reasons
    assert f"Hired leader {HOSTILE_MEMBER}" in text
    assert f"against {HOSTILE_FOE} · Won" in text
    assert f"{HOSTILE_MEMBER} of {HOSTILE_POSSE} earns 1 flip for taking out Morgan." in text
    assert HOSTILE_POSSE in texts[1]  # the running head, drawn as a plain string
    assert "&amp;" not in text and "&lt;" not in text and "&#39;" not in text
    assert PdfReader(io.BytesIO(pdf)).metadata.title == f"Posse journal: {HOSTILE_POSSE}"


def test_r19_a_posse_with_no_games_yet(tmp_path: Path, rules: Ruleset) -> None:
    data = journals(tmp_path / "c.sqlite3", rules, [DALTON], [])[D]
    pdf, pages = render(data, rules)
    text = flat("\n".join(page_texts(pdf)))
    assert "No games recorded yet." in text and "0 games recorded" in text
    assert "Purse before the first game: $7" in text
    assert render(data, rules, booklet=True)[1] == padded(pages) // 2


def test_r19_booklet_sides_order() -> None:
    assert booklet_sides(4) == [(4, 1), (2, 3)]
    assert booklet_sides(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert booklet_sides(12) == [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]
    for n in range(4, 41, 4):
        sides = booklet_sides(n)
        assert sorted(p for side in sides for p in side) == list(range(1, n + 1))
        assert all(left + right == n + 1 for left, right in sides)
        # The back of each side carries the next page behind the right-hand page.
        for front, back in zip(sides[::2], sides[1::2], strict=True):
            assert back[0] == front[1] + 1 and back[1] == front[0] - 1
    for bad in (0, 6, 7):
        with pytest.raises(ValueError):
            booklet_sides(bad)
    assert [padded(n) for n in (1, 4, 5, 7, 8, 9, 12)] == [4, 4, 8, 8, 8, 12, 12]


def half_marker(page: pdfplumber.page.Page, left: bool) -> str | None:
    """What identifies the A5 page imposed on one half: its number, 'cover', or None if blank."""
    w, h = page.width, page.height
    half = page.crop((0, 0, w / 2, h) if left else (w / 2, 0, w, h))
    text = half.extract_text() or ""
    if not text.strip():
        return None
    if COVER_MARK in text:
        return "cover"
    folio = [x for x in half.extract_words() if x["top"] > h - FOLIO_BAND]
    assert len(folio) == 1, folio
    # Page numbers sit on the outer corners of the folded booklet.
    if left:
        assert folio[0]["x0"] == pytest.approx(w / 2 - A5[0] + mm(13), abs=0.5)
    else:
        assert folio[0]["x1"] == pytest.approx(w / 2 + A5[0] - mm(13), abs=0.5)
    return folio[0]["text"]


@pytest.mark.parametrize("target", [None, 8, 12])
def test_r19_booklet_imposed_in_folding_order(
    three_games: dict, rules: Ruleset, monkeypatch: pytest.MonkeyPatch, target: int | None
) -> None:
    """A5 pages 2-up on A4 landscape: as it comes (blanks added), then exactly 8 and 12 pages.

    The exact counts are made by changing the number of ruled pages at the end.
    """
    data = three_games[D]
    _, a5_pages = render(data, rules)
    if target is not None:
        content = a5_pages - story.RULED_PAGES
        monkeypatch.setattr(story, "RULED_PAGES", target - content)
        _, a5_pages = render(data, rules)
        assert a5_pages == target
    elif a5_pages % 4 == 0:  # one ruled page fewer, so the booklet needs blank pages
        monkeypatch.setattr(story, "RULED_PAGES", story.RULED_PAGES - 1)
        _, a5_pages = render(data, rules)
    assert target is not None or a5_pages % 4, "this journal should need blank pages"
    pdf, sides = render(data, rules, booklet=True)
    order = booklet_sides(padded(a5_pages))
    assert sides == len(order) == padded(a5_pages) // 2
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == sides
    assert reader.metadata.title == f"Posse journal: {D}"
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/DuplexFlipShortEdge"
    assert preferences["/PrintScaling"] == "/None"
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(A4_LANDSCAPE[0], abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(A4_LANDSCAPE[1], abs=TOL)

    def marker(number: int) -> str | None:
        if number > a5_pages:
            return None  # a blank page made up to a multiple of 4
        return "cover" if number == 1 else str(number)

    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        seen = [(half_marker(p, True), half_marker(p, False)) for p in doc.pages]
    assert seen == [(marker(left), marker(right)) for left, right in order]
    if target == 8:
        assert seen == [("8", "cover"), ("2", "7"), ("6", "3"), ("4", "5")]
    if target == 12:
        pairs = [("12", "cover"), ("2", "11"), ("10", "3"), ("4", "9"), ("8", "5"), ("6", "7")]
        assert seen == pairs
    if target is None:
        assert seen[0] == (None, "cover")  # the back cover is a blank page made up


def collect_fonts(resources: object, fonts: dict) -> None:
    """Every font a page uses, its forms (the booklet's imposed pages) included."""
    resources = resources.get_object() if resources is not None else {}
    for ref in (resources.get("/Font") or {}).values():
        font = ref.get_object()
        fonts[font["/BaseFont"]] = font
    for xobject in (resources.get("/XObject") or {}).values():
        collect_fonts(xobject.get_object().get("/Resources"), fonts)


def test_r19_fonts_embedded_truetype_only(three_games: dict, rules: Ruleset) -> None:
    for booklet in (False, True):
        reader = PdfReader(io.BytesIO(render(three_games[D], rules, booklet=booklet)[0]))
        fonts: dict = {}
        for page in reader.pages:
            collect_fonts(page.get("/Resources"), fonts)
        assert fonts, "no fonts found"
        for name, font in fonts.items():
            assert font["/Subtype"] == "/TrueType", name
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), name


def test_r19_output_is_deterministic(three_games: dict, rules: Ruleset) -> None:
    for booklet in (False, True):
        first, _ = render(three_games[L], rules, booklet=booklet)
        second, _ = render(three_games[L], rules, booklet=booklet)
        assert first == second


@pytest.mark.parametrize("booklet", [False, True])
def test_r19_progress_and_paths(
    three_games: dict, rules: Ruleset, tmp_path: Path, booklet: bool
) -> None:
    calls: list[tuple[int, int]] = []
    target = tmp_path / "journal.pdf"
    pages = write_journal(
        three_games[L], rules, target, booklet=booklet, progress=lambda d, t: calls.append((d, t))
    )
    assert len(PdfReader(target).pages) == pages
    total = calls[0][1]
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert [d for d, _ in calls] == list(range(total + 1))
    assert {t for _, t in calls} == {total}
    a5 = write_journal(three_games[L], rules, str(tmp_path / "a5.pdf"))
    assert total == a5 + (pages if booklet else 0)


def test_issue_31_each_game_shows_its_notes(tmp_path: Path, rules: Ruleset) -> None:
    """The players' notes on a game print in its entry, every line, escaped; none, no label."""
    noted = {**kid_taken_out_by_wyatt(1), "notes": "Kid went down first.\nR&D <b> won it"}
    plain = kid_taken_out_by_wyatt(2)
    data = journals(tmp_path / "c.sqlite3", rules, [DALTON, LAWMEN], [noted, plain])[D]
    assert [g.notes for g in data.games] == ["Kid went down first.\nR&D <b> won it", ""]
    pdf, _ = render(data, rules)
    text = "\n".join(page_texts(pdf))
    game_1 = text[text.index("Game 1") : text.index("Game 2")]
    assert "Notes\nKid went down first.\nR&D <b> won it" in game_1
    assert "Notes" not in text[text.index("Game 2") :]


def test_r19_a_house_rulesets_short_stat_names_keep_apart_in_the_roster_head(
    three_games: dict, rules: Ruleset
) -> None:
    """A column as wide as its head: "Vtdg" beside "LPkt" ran into one word ("VtdgLPkt")
    in 6.6 mm columns (hostile print pass); the shipped names keep their widths."""
    from rostermgr.rules_load import parse_ruleset_text

    text = (
        Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    ).read_text(encoding="utf-8")
    text = text.replace('defence = "Df"', 'defence = "Vtdg"', 1).replace(
        'wounds = "W"', 'wounds = "LPkt"', 1
    )
    house = parse_ruleset_text(text, "house.toml")
    pdf, _ = render(three_games[L], house)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        (page,) = [p for p in doc.pages if "The posse today" in (p.extract_text() or "")]
        words = page.extract_words(x_tolerance=1)
    (injuries,) = [w for w in words if w["text"] == "Injuries"]
    row = [w for w in words if abs(w["top"] - injuries["top"]) < 1]  # the roster's head
    heads = {w["text"]: w for w in row if w["text"] in ("T", "Vtdg", "LPkt", "Injuries")}
    assert set(heads) == {"T", "Vtdg", "LPkt", "Injuries"}, [w["text"] for w in words][:40]
    order = ["T", "Vtdg", "LPkt", "Injuries"]
    for left, right in pairwise(order):
        assert heads[right]["x0"] - heads[left]["x1"] >= 2 - TOL, (left, right)
