"""The quick-reference sheet (issue 20): read back, every figure of the ruleset on it."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path
from types import MappingProxyType

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printables.reference import columns_for, layout, write_reference
from printables.reference.style import edge, gutter
from rostermgr.reference import band_spans, build_reference, rank_span
from rostermgr.rules import DamageBand, Ruleset
from rostermgr.rules_load import default_ruleset, load_ruleset

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
DAY = dt.date(2026, 12, 1)
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0), "a5": (419.53, 595.28)}
MM5 = 5 * 72 / 25.4


def _write(rules: Ruleset, path: Path, **options: str) -> int:
    return write_reference(build_reference(rules), path, printed=DAY, **options)


def _text(path: Path, paper: str = "a4") -> str:
    """The text column by column, so a table's row reads as one line."""
    width = layout(build_reference(default_ruleset()), paper)[1]
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for col in range(columns_for(paper)):
                x = edge() + col * (width + gutter())
                box = page.crop((x - 1, 0, x + width + 1, page.height))
                out.append(box.extract_text() or "")
    return "\n".join(out)


def _words(path: Path, paper: str = "a4") -> str:
    """The text as one line, so a cell wrapped onto two lines still reads whole."""
    return re.sub(r"\s+", " ", _text(path, paper))


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ref") / "reference.pdf"
    _write(default_ruleset(), path)
    return path


def test_r4_r9_every_weapon_item_and_band_figure_is_printed(shipped: Path) -> None:
    rules = default_ruleset()
    text = _words(shipped)
    for item in rules.items.values():
        assert item.name in text, item.name
        assert re.search(rf"{re.escape(item.name)} .*?{item.price}\b", text), item.name
    weapons = [i for i in rules.items.values() if i.is_weapon]
    for w in weapons:
        # the weapons table: name, range, damage, reload, price on one row
        row = next(line for line in _text(shipped).splitlines() if line.startswith(w.name + " "))
        assert f"+{w.damage}" in row and str(w.price) in row
        if w.range is not None:
            low, high = w.range
            assert (f"{low}-{high}" if low != high else str(low)) in row
        if w.reload:
            assert f" {w.reload} " in row
    for span, damage in band_spans(rules):
        assert f"{span} {damage}" in text  # the damage band table
        assert f"{span}: {damage}" in text  # and the damage step's chart
    for item in rules.items.values():
        if item.defence:
            assert f"{item.name} +{item.defence} {item.price}" in text
    for row in rules.advancement:
        assert rank_span(row.cards) in text
    for role in rules.roles.values():
        assert f"{role.name} ${role.bounty_reward}" in text
    for faction in rules.factions.values():
        for action in faction.leader_actions:
            assert action.name in text


def test_r8_r11_r12_every_chart_is_drawn_with_boxes_diamonds_and_arrows(shipped: Path) -> None:
    text = _words(shipped)
    for title in (
        "Shot (R8)",
        "Combat (R8)",
        "Damage step (R9)",
        "Shooting into combat (R8)",
        "Dynamite test (R4)",
        "First-turn initiative (R11)",
        "Later-turn priority (R11)",
        "Game length (R12)",
        "After the game (R13-R17)",
    ):
        assert title in text
    with pdfplumber.open(shipped) as pdf:
        first = pdf.pages[0]
        # arrowheads and diamonds are filled paths, shafts and loops stroked paths
        assert len(first.curves) + len(first.lines) > 100
        assert len(first.rects) > 20  # the step boxes
        objects = first.objects
        assert objects.get("curve") or objects.get("line")


def test_the_sheet_is_three_a4_pages_with_ruleset_and_date_on_each(shipped: Path) -> None:
    reader = PdfReader(shipped)
    assert len(reader.pages) == 3  # the turn, movement, rout and bounty joined it (issue 32)
    with pdfplumber.open(shipped) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            assert abs(page.width - 595.28) < 0.01 and abs(page.height - 841.89) < 0.01
            text = page.extract_text() or ""
            assert "last-hope-frontier 0.1-playtest" in text and "2026-12-01" in text
            assert f"page {n} of 3" in text
            for char in page.chars:
                assert char["size"] >= 7 - 0.01, char
                assert char["x0"] >= MM5 and char["x1"] <= page.width - MM5
                assert char["top"] >= MM5 and char["bottom"] <= page.height - MM5
                assert "DejaVu" in char["fontname"]
    assert reader.metadata is not None and "quick reference" in (reader.metadata.title or "")


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
@pytest.mark.parametrize("ink", ["colour", "ink-saver", "line-art"])
def test_every_paper_and_ink_prints_every_chart_whole(paper: str, ink: str, tmp_path: Path) -> None:
    path = tmp_path / "r.pdf"
    pages = _write(default_ruleset(), path, paper=paper, ink_mode=ink)
    reader = PdfReader(path)
    assert len(reader.pages) == pages and pages <= (3 if paper != "a5" else 7)
    w, h = SIZES[paper]
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - w) < 0.01
        assert abs(float(page.mediabox.height) - h) < 0.01
    assert _words(path, paper).count("(R8)") >= 3


def _changed_ruleset(tmp_path: Path) -> Ruleset:
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace(
        "range = [0, 1]\ndamage = 1\nprice = 8", "range = [0, 1]\ndamage = 2\nprice = 9"
    )
    text = text.replace("from = 6\ndamage = 2", "from = 5\ndamage = 2")
    text = text.replace("from = 11\ndamage = 3", "from = 10\ndamage = 3")
    text += '\n[items.bowie-knife]\nname = "Bowie knife"\nkind = "melee"\ndamage = 2\nprice = 7\n'
    path = tmp_path / "changed.toml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def test_r4_r9_a_changed_ruleset_prints_its_own_numbers(tmp_path: Path) -> None:
    rules = _changed_ruleset(tmp_path)
    assert rules.items["pistol"].damage == 2 and "bowie-knife" in rules.items
    path = tmp_path / "changed.pdf"
    _write(rules, path)
    text = _words(path)
    pistol = next(line for line in _text(path).splitlines() if line.startswith("Pistol "))
    assert "+2" in pistol and "9" in pistol
    for band in ("1-4 1", "5-9 2", "10+ 3", "1-4: 1, 5-9: 2, 10+: 3"):
        assert band in text
    for gone in ("1-5 1", "6-10 2", "11+ 3"):
        assert gone not in text
    assert "Bowie knife" in text


@settings(max_examples=80, deadline=None)
@given(
    starts=st.lists(st.integers(2, 40), min_size=1, max_size=4, unique=True),
    pistol=st.integers(0, 9),
    price=st.integers(1, 999),
    tie=st.integers(1, 5),
)
def test_r9_r8_any_bands_and_weapon_numbers_reach_the_sheet(
    starts: list[int], pistol: int, price: int, tie: int
) -> None:
    """The content of the sheet follows any ruleset numbers: nothing is typed in Python."""
    rules = default_ruleset()
    bands = (DamageBand(1, 1), *(DamageBand(s, i + 2) for i, s in enumerate(sorted(starts))))
    items = dict(rules.items)
    items["pistol"] = dataclasses.replace(items["pistol"], damage=pistol, price=price)
    changed = dataclasses.replace(
        rules, damage_bands=bands, items=MappingProxyType(items), tie_break=tie
    )
    ref = build_reference(changed)
    damage = next(c for c in ref.charts if c.rule == "R9")
    expected = ", ".join(f"{span}: {d}" for span, d in band_spans(changed))
    assert f"({expected})" in damage.steps[0].text
    table = next(t for t in ref.tables if t.title.startswith("Damage bands"))
    assert [int(d) for _, d in table.rows] == [b.damage for b in bands]
    assert table.rows[-1][0] == f"{max(starts)}+"
    weapons = next(t for t in ref.tables if t.title.startswith("Weapons"))
    row = next(r for r in weapons.rows if r[0] == "Pistol")
    assert row[2] == f"+{pistol}" and row[4] == str(price)
    shot = next(c for c in ref.charts if c.title.startswith("Shot"))
    assert any(f"{tie:+d} to that side's total" in s.text for s in shot.steps)


@pytest.mark.parametrize("paper", ["letter", "a5"])
def test_every_paper_keeps_the_edge_rule_and_the_minimum_size(paper: str, tmp_path: Path) -> None:
    path = tmp_path / "r.pdf"
    _write(default_ruleset(), path, paper=paper)
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                assert char["size"] >= 7 - 0.01
                assert char["x0"] >= MM5 and char["x1"] <= page.width - MM5
                assert char["top"] >= MM5 and char["bottom"] <= page.height - MM5
            for shape in (*page.rects, *page.curves, *page.lines):
                assert shape["x0"] >= MM5 and shape["x1"] <= page.width - MM5


# Issue 32 item 1: the corrections, each read back from the printed sheet.


def _block(path: Path, title: str) -> str:
    """The sheet's words from a block's title to the title of whichever block is read after it
    (the columns in order, page by page)."""
    text = _words(path)
    start = text.index(title)
    ref = build_reference(default_ruleset())
    titles = [b.title for b in (*ref.charts, *ref.drawings, *ref.tables, *ref.write_ins)]
    ends = [text.find(t, start + len(title)) for t in titles if t != title]
    end = min((e for e in ends if e >= 0), default=len(text))
    return text[start:end]


def test_r8_a_tie_won_by_a_favoured_card_goes_on_to_the_damage_step(shipped: Path) -> None:
    """The tie branch used to end in a box of its own; the resolver sends an attacker who wins
    the tie to the damage step, so the +1 is applied on the spine, before the comparison."""
    rules = default_ruleset()
    for title in ("Shot (R8)", "Combat (R8)"):
        chart = _block(shipped, title)
        tie = f"favoured card on one side only: {rules.tie_break:+d} to that side's total"
        assert tie in chart, chart
        # in order: the tie bonus, the score draw left over, the comparison, then damage
        # (a diamond's words interleave with its side box's: read them word by word)
        order = [
            chart.index(tie),
            chart.index("Totals still"),
            chart.index("higher?"),
            chart.index("Success: the damage step (R9)"),
        ]
        assert order == sorted(order), chart
        assert "Score draw" in chart and "that side wins" not in chart
    for chart in build_reference(rules).charts:
        if chart.rule == "R8" and chart.title != "Shooting into combat (R8)":
            outcomes = [s.outcome for s in chart.steps if s.outcome]
            assert all("no damage" in o for o in outcomes), outcomes  # no success is a dead end


def test_r7_the_card_values_stand_beside_the_favoured_bonuses(shipped: Path) -> None:
    """They were only in the initiative chart; the shot and combat charts need them too."""
    rules = default_ruleset()
    table = _block(shipped, "Card values and bonuses (R7-R9)")
    test, damage = rules.favoured_test, rules.favoured_damage
    assert "2-10 face value +0 +0" in table
    for rank, value in rules.card_values.items():
        if rank != "JK":
            row = f"{rank} {value} {test.get(rank, 0):+d} {damage.get(rank, 0):+d}"
            assert row in table, (row, table)
    joker = next(line for line in _text(shipped).splitlines() if line.startswith("Joker alone"))
    assert joker == f"Joker alone {rules.card_values['JK']} {test['JK']:+d} {damage['JK']:+d}"
    assert "(favoured ace)" in table, table


def test_r8_the_tie_row_has_its_bonus_in_the_test_column_only(shipped: Path) -> None:
    rules = default_ruleset()
    lines = _text(shipped).splitlines()
    row = next(line for line in lines if line.startswith("Tie "))
    # Card, Value, Favoured test, Damage/toughness: the bonus is a test bonus, nothing else
    assert row == f"Tie - {rules.tie_break:+d} -"
    assert "any favoured card" not in _words(shipped)


def test_r11_one_card_of_the_leaders_pair_is_discarded_the_other_counts(shipped: Path) -> None:
    chart = _block(shipped, "Later-turn priority (R11)")
    assert "one card is discarded and does not count; the other counts" in chart
    assert "Cards of the leader's eighth-card pair do not count" not in chart


# Issue 32 item 2: the turn, movement and terrain, rout and bounty, read back from the sheet.


def _in_order(words: str, text: str) -> bool:
    """Whether every word of `words` is in `text`, in order (other words may come between)."""
    at = 0
    for word in words.split():
        at = text.find(word, at)
        if at < 0:
            return False
        at += len(word)
    return True


def test_r11_the_turn_chart_says_the_rulesets_hand_and_activations(shipped: Path) -> None:
    rules = default_ruleset()
    h = rules.hand_size
    turn = _block(shipped, "The turn (R11)")
    assert f"Each player holds {h} cards and must spend at least {h - 1} this turn" in turn
    assert "Movement phase, model by model, I go you go" in turn
    assert "activate a model for one of a second move, a shot or a combat" in turn
    # an outcome box beside a diamond is read line by line across the column: its words come
    # in order, with the diamond's between them
    assert _in_order("Once per model a turn; no combat in the same activation", turn)
    assert _in_order("Cards left to spend?", turn)
    assert _in_order("Activate again: another shot or combat, by any model", turn)
    drinks = ", ".join(f"{i.name} heals {i.heals}" for i in rules.items.values() if i.heals)
    assert f"Free actions at any time ({drinks})" in turn
    assert f"keep the unused eighth card and draw {h - 1}, or discard it and draw {h}" in turn
    assert "the best five of the seven cards played" in turn


def test_r12a_movement_and_terrain_in_the_rulesets_millimetres(shipped: Path) -> None:
    rules = default_ruleset()
    length, width = rules.tabletop.card_mm
    text = _words(shipped)
    assert f"Move 1, up to 1 card length ({length:g} mm)" in text
    horse = rules.items["horse"]
    assert f"Horse (Leader, Deputy): Move {horse.move}, 2 card lengths ({2 * length:g} mm)" in text
    assert f"Over a fence, wall or obstacle: one card width ({width:g} mm)" in text
    assert f"{width:g} mm over the wall" in text
    assert "Climbing: at most 1 card length up in a move" in text
    assert f"0-{length:g} mm: no damage" in text
    assert f"over {length:g}-{2 * length:g} mm: 1 unsoakable" in text
    assert f"a card ({length:g} x {width:g} mm) is 22.2 x 15.9 mm here" in text
    assert "No difficult terrain; distances may be measured at any time." in text


def _card_shapes(path: Path) -> list[tuple[float, float]]:
    """(width, height) in mm of every rounded rectangle of the sheet (a drawn card)."""
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for s in page.curves:
                out.append(
                    (
                        round((s["x1"] - s["x0"]) / 72 * 25.4, 2),
                        round((s["y1"] - s["y0"]) / 72 * 25.4, 2),
                    )
                )
    return out


def test_r12a_the_cards_of_the_movement_drawing_are_to_scale(shipped: Path) -> None:
    """At 1:4 a card is 88.9 / 4 by 63.5 / 4 mm: laid along a move, across a wall, stood up."""
    shapes = _card_shapes(shipped)
    along, upright = (22.22, 15.88), (15.88, 22.22)
    assert sum(1 for s in shapes if s == pytest.approx(along, abs=0.02)) == 3  # foot, horse x2
    # the obstacle's card, the climb's and the fall's three
    assert sum(1 for s in shapes if s == pytest.approx(upright, abs=0.02)) == 5


def test_r12_rout_and_bounty_from_the_ruleset(shipped: Path) -> None:
    rules = default_ruleset()
    text = _block(shipped, "Rout and bounty (R12)")
    rewards = ", ".join(f"{r.name} ${r.bounty_reward}" for r in rules.roles.values())
    assert f"(reward by rank: {rewards})" in text
    assert _in_order("Rout is ignored; the game ends the moment either named bounty is taken", text)
    assert (
        "Rout: its Leader and Deputy both out of action, or 3 of its 5 models out of action" in text
    )
    assert _in_order("The posse has lost", text) and "Routed?" in text


def test_r11_r12a_a_changed_ruleset_changes_the_turn_and_the_drawing(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace("hand_size = 8", "hand_size = 9")
    text = text.replace("card_length_mm = 88.9 ", "card_length_mm = 100 ")
    # a longer card lays the maps' cards further: a larger board keeps them on it
    text = text.replace("board_width_mm = 609.6 ", "board_width_mm = 700 ")
    text = text.replace("board_depth_mm = 609.6", "board_depth_mm = 700")
    text = text.replace("fall_free = 1 ", "fall_free = 2 ")
    text = text.replace("bounty_reward = 25", "bounty_reward = 30")
    path = tmp_path / "changed.toml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(path)
    pdf = tmp_path / "changed.pdf"
    _write(rules, pdf)
    words = _words(pdf)
    assert "Each player holds 9 cards and must spend at least 8 this turn" in words
    assert "Move 1, up to 1 card length (100 mm)" in words
    assert "the first 2 card lengths free" in words
    assert "100-200 mm: no damage" in words and "over 200-300 mm: 1 unsoakable" in words
    assert "Deputy $30" in words
    shapes = _card_shapes(pdf)
    assert sum(1 for s in shapes if s == pytest.approx((25.0, 15.88), abs=0.02)) == 3
