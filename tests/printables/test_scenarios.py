"""The scenario sheets (R12, issue 32 item 3): read back against the ruleset they came from."""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from printables.layout import MM
from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset, load_ruleset
from rostermgr.scenario_sheet import build_sheets
from services.printing import scenarios_job

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
DAY = dt.date(2026, 12, 1)
MM5 = 5 * MM


def _print(rules: Ruleset, path: Path, *ids: str, **options: str) -> int:
    return scenarios_job(rules, ids, printed=DAY, **options).draw(path, None)


def _pages(path: Path) -> list[str]:
    """Each page's text as one line, so a sentence wrapped in the column reads whole."""
    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(path).pages]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("scenarios") / "scenarios.pdf"
    _print(default_ruleset(), path)
    return path


def _deck_odds(rules: Ruleset) -> dict[int, Fraction]:
    """R12 worked out here from the end flips alone: a flip ends the game on its ranks' share."""
    deck = 52 + rules.jokers
    odds, going = {}, Fraction(1)
    for flip in rules.end_flips:
        ends = Fraction(sum(4 for r in flip.ends_on if r != "JK"), deck)
        odds[flip.after_turn] = going * ends
        going *= 1 - ends
    odds[rules.last_turn] = going
    return odds


def test_r12_one_page_per_scenario_with_an_objective_each_saying_its_rules(shipped: Path) -> None:
    rules = default_ruleset()
    pages = _pages(shipped)
    printable = [s for s in rules.scenarios.values() if s.objective]
    assert len(pages) == len(printable) == 4  # "other" has no objective: no sheet
    rewards = ", ".join(f"{r.name} ${r.bounty_reward}" for r in rules.roles.values())
    for page, scenario in zip(pages, printable, strict=True):
        assert f"{rules.name}: {scenario.name}" in page
        assert scenario.objective in page
        assert f"ruleset {rules.id} {rules.version} · 2026-12-01" in page
        if scenario.rout:
            assert (
                "its Leader and Deputy are both out of action, or 3 of its 5 models are out of "
                "action" in page
            )
            assert "Bounty rewards" not in page
        else:
            assert "The rout rule is ignored in this scenario." in page
            assert f"Bounty rewards by rank: {rewards}." in page
            assert "The game ends the moment either bounty is taken out of action" in page
        if scenario.map:
            assert f"Setup map {scenario.map} of the notes" in page
        # the setup order and the town map's two models (R4, R12)
        assert "Players take turns to set up 1 model at a time" in page
        assert "Town map (held by the Leader or Deputy): spend it to set up 2 models" in page
        for turn, chance in _deck_odds(rules).items():
            assert f"Ends after turn {turn}: {float(chance) * 100:.1f}%" in page
        assert "End of turn 5: flip a card; 2-5 ends the game" in page
    assert "Place the supplies where the map marks them." in pages[2]


def _rects(path: Path, page: int) -> list[dict]:
    """Rectangles and the rounded ones (a card's corners make it a curve)."""
    with pdfplumber.open(path) as pdf:
        shapes = (*pdf.pages[page].rects, *pdf.pages[page].curves)
        return [s | {"width": s["x1"] - s["x0"], "height": s["y1"] - s["y0"]} for s in shapes]


def _card_boxes(path: Path, page: int, scale: int) -> set[tuple[float, float]]:
    """The (width, height) in mm of each card-sized rectangle on the page, at the scale."""
    out = set()
    for r in _rects(path, page):
        w, h = r["width"] / MM * scale, r["height"] / MM * scale
        if 60 < min(w, h) < 66 and 85 < max(w, h) < 92:
            out.add((round(w, 1), round(h, 1)))
    return out


def test_r12_the_board_and_the_cards_are_drawn_to_one_scale(shipped: Path) -> None:
    """A4: 1:4. The 609.6 mm board is 152.4 mm on paper; every card is 88.9 x 63.5 at 1:4."""
    rules = default_ruleset()
    for page, scenario in enumerate(s for s in rules.scenarios.values() if s.objective):
        rects = _rects(shipped, page)
        board = max(rects, key=lambda r: r["width"] * r["height"])
        assert board["width"] == pytest.approx(609.6 / 4 * MM, abs=0.05)
        assert board["height"] == pytest.approx(609.6 / 4 * MM, abs=0.05)
        sizes = {(88.9, 63.5) if c.across else (63.5, 88.9) for c in scenario.cards}
        assert _card_boxes(shipped, page, 4) == sizes
    text = _pages(shipped)[0]
    assert "Scale 1:4: a playing card (88.9 x 63.5 mm) is 22.2 x 15.9 mm on the map" in text


def test_r12_the_cards_lie_where_the_ruleset_puts_them(shipped: Path) -> None:
    """Each laid card's lower-left corner, measured from the board's, is the TOML's x and y."""
    rules = default_ruleset()
    scenario = rules.scenarios["supply-drop"]
    rects = _rects(shipped, 2)
    board = max(rects, key=lambda r: r["width"] * r["height"])
    corners = {
        (round((r["x0"] - board["x0"]) / MM * 4, 1), round((r["y0"] - board["y0"]) / MM * 4, 1))
        for r in rects
        if r is not board and 60 < min(r["width"], r["height"]) / MM * 4 < 66
    }
    assert corners == {(c.x, c.y) for c in scenario.cards}


def _changed(tmp_path: Path) -> Ruleset:
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace("bounty_reward = 50", "bounty_reward = 75")
    text = text.replace("setup = 2   #", "setup = 3   #")
    text = text.replace("setup_models = 1 ", "setup_models = 2 ")
    text = text.replace(
        '"Western Prairie Dog"\nrout = true\nmap = 1\nobjective = "British',
        '"Western Prairie Dog"\nrout = true\nmap = 4\nobjective = "Cowboy',
    )
    text = text.replace(
        "{ posse = 1, x = 82.55, y = 0, across = true }", "{ posse = 1, x = 0, y = 0 }"
    )
    text = text.replace('ends_on = ["2", "3", "4", "5"]', 'ends_on = ["2", "3"]')
    path = tmp_path / "changed.toml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def test_r12_a_changed_ruleset_prints_its_own_numbers_and_map(tmp_path: Path) -> None:
    rules = _changed(tmp_path)
    path = tmp_path / "changed.pdf"
    _print(rules, path, "bounty", "western-prairie-dog")
    bounty, prairie = _pages(path)
    assert "Leader $75" in bounty and "Leader $50" not in bounty
    assert "set up 2 models at a time" in prairie
    assert "spend it to set up 3 models on one turn" in prairie
    assert "Setup map 4 of the notes" in prairie and "Cowboy bulldog" in prairie
    assert "End of turn 5: flip a card; 2-3 ends the game" in prairie
    for turn, chance in _deck_odds(rules).items():
        assert f"Ends after turn {turn}: {float(chance) * 100:.1f}%" in prairie
    # the first card of posse 1 now stands upright in the corner
    assert (63.5, 88.9) in _card_boxes(path, 1, 4)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", ["colour", "ink-saver", "line-art"])
def test_every_paper_and_ink_keeps_the_edge_rule_and_the_minimum_size(
    paper: str, ink: str, tmp_path: Path
) -> None:
    path = tmp_path / "s.pdf"
    assert _print(default_ruleset(), path, paper=paper, ink=ink) == 4
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            assert page.width > page.height  # landscape: the map beside the text
            for char in page.chars:
                assert char["size"] >= 7 - 0.01
                assert char["x0"] >= MM5 and char["x1"] <= page.width - MM5
                assert char["top"] >= MM5 and char["bottom"] <= page.height - MM5
                assert "DejaVu" in char["fontname"]
            for shape in (*page.rects, *page.curves, *page.lines):
                assert shape["x0"] >= MM5 and shape["x1"] <= page.width - MM5


def test_r12_an_unknown_scenario_or_one_without_an_objective_is_refused() -> None:
    rules = default_ruleset()
    with pytest.raises(Refused, match=r"^The scenario 'nope' is not known; the scenarios with"):
        build_sheets(rules, ("nope",))
    with pytest.raises(Refused, match=r"^The scenario 'other' has no objective to print;"):
        build_sheets(rules, ("other",))
    assert [s.scenario_id for s in build_sheets(rules, ("bloodbath", "bloodbath"))] == ["bloodbath"]


def test_r12_a_ruleset_without_objectives_is_refused_in_a_sentence(tmp_path: Path) -> None:
    """A campaign's ruleset from before the sheets (no objective, no map) prints none."""
    text = SHIPPED.read_text(encoding="utf-8")
    text = re.sub(r'objective = "[^"]*"\n', "", text)
    path = tmp_path / "old.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(Refused) as refused:
        build_sheets(load_ruleset(path))
    assert str(refused.value) == (
        "The Last Hope Frontier 0.1-playtest ruleset gives no scenario an objective to print: "
        "a ruleset from before the scenario sheets has none (the shipped one has)."
    )
