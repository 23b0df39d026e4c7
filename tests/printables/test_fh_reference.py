"""Forlorn Hope's quick reference (issue 32 item 5): every figure of forlorn-hope.toml read back
from the printed sheet, and the seed's heading-only tables left as ruled write-in space."""

from __future__ import annotations

import datetime as dt
import re
from itertools import pairwise
from pathlib import Path

import pdfplumber
import pytest

from printables.reference import columns_for, layout, write_reference
from printables.reference.style import edge, gutter
from rostermgr.forlorn import ForlornRules, default_forlorn_rules, load_forlorn_rules
from rostermgr.forlorn_reference import build_fh_reference

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "forlorn-hope.toml"
DAY = dt.date(2026, 12, 1)
MM5 = 5 * 72 / 25.4


def _write(rules: ForlornRules, path: Path, paper: str = "a4") -> int:
    return write_reference(build_fh_reference(rules), path, paper=paper, printed=DAY)


def _lines(path: Path, rules: ForlornRules, paper: str = "a4") -> list[str]:
    """The text column by column, so a table's row reads as one line."""
    width = layout(build_fh_reference(rules), paper)[1]
    out: list[str] = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for col in range(columns_for(paper)):
                x = edge() + col * (width + gutter())
                box = page.crop((x - 1, 0, x + width + 1, page.height))
                out += (box.extract_text() or "").splitlines()
    return out


def _words(lines: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(lines))


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], str]:
    path = tmp_path_factory.mktemp("fh") / "fh.pdf"
    rules = default_forlorn_rules()
    assert _write(rules, path) == 2
    lines = _lines(path, rules)
    return lines, _words(lines)


def test_every_fire_table_band_dice_and_hit_is_printed(sheet: tuple[list[str], str]) -> None:
    lines, words = sheet
    rules = default_forlorn_rules()
    for table in rules.fire.values():
        assert f"Fire: {table.name}" in words
        for span, band in zip(table.spans(), table.bands, strict=True):
            assert f"{span} {band.dice} {band.hit}+" in lines, (table.id, span)
    assert "Fire: Rifle, reload 2 turns" in words
    assert "below 6 1 5+" in lines and "6-15 1 6+" in lines  # the pistol


def test_the_hit_mounted_and_horse_tables_row_by_row(sheet: tuple[list[str], str]) -> None:
    lines, words = sheet
    rules = default_forlorn_rules()
    for table in (rules.hits, rules.mounted_target, rules.horse_killed, rules.horse_panic):
        for row in table:
            faces = (
                f"{min(row.faces)}-{max(row.faces)}" if len(row.faces) > 1 else str(row.faces[0])
            )
            first_words = " ".join(row.result.split()[:3])
            assert any(line.startswith(f"{faces} {first_words}") for line in lines), row
    assert f"A horse wounded {rules.wounds_to_kill_horse} times is killed" in words


def test_modifiers_movement_and_morale_figures(sheet: tuple[list[str], str]) -> None:
    lines, words = sheet
    rules = default_forlorn_rules()
    for mod in rules.melee_modifiers.values():
        assert f"{mod.name} {mod.change:+d}" in lines
    fm = rules.fire_modifiers
    assert f"Each man short {fm.per_man_short:+d}" in lines
    elite = next(line for line in lines if line.startswith(fm.elite_text.split(" and ")[0]))
    assert elite.endswith(f" {fm.elite:+d}")  # the name wraps: its first line has the number
    assert f"A roll of {fm.natural_hit} always one hit" in lines
    for move in rules.movement:
        assert f"{move.name} {move.text()}" in words
    m = rules.morale
    assert f"Base, British {m.base['british']}" in lines
    assert f"Base, French {m.base['french']}" in lines
    assert f"Each 2 wounded in the unit {m.per_two_wounded:+d}" in lines
    assert f"Officer attached {m.officer:+d}" in lines
    assert "roll 2D6: an event on 7, 11 or doubles, 14 in 36" in words


def test_the_rules_in_words_reach_the_sheet(sheet: tuple[list[str], str]) -> None:
    _, words = sheet
    rules = default_forlorn_rules()
    texts = [
        *rules.sequence,
        *rules.sequence_notes,
        *rules.charges,
        *rules.melee_rules,
        *rules.morale.rout,
        *rules.artillery.values(),
        rules.fire_modifiers.pass_through,
        rules.victory,
        *(t.text for t in rules.terrain),
    ]
    for text in texts:
        assert re.sub(r"\s+", " ", text) in words, text
    assert 'eight-pounder firing at 21" has a target area 14" wide' in words


def test_the_heading_only_tables_are_ruled_write_in_space(tmp_path: Path) -> None:
    path = tmp_path / "fh.pdf"
    rules = default_forlorn_rules()
    _write(rules, path)
    words = _words(_lines(path, rules))
    for blank in rules.write_ins:
        assert f"{blank.title} {blank.note}" in words
    with pdfplumber.open(path) as pdf:
        # the ruled lines: horizontal, one per line to write on, 7 mm apart
        ruled = [
            round(line["top"], 1)
            for page in pdf.pages
            for line in page.lines
            if abs(line["top"] - line["bottom"]) < 0.1
        ]
    gaps = {round(b - a, 1) for a, b in pairwise(ruled)}
    assert round(7 * 72 / 25.4, 1) in gaps
    assert sum(b.lines for b in rules.write_ins) <= len(ruled)


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_every_paper_keeps_the_edge_rule_and_the_minimum_size(paper: str, tmp_path: Path) -> None:
    path = tmp_path / "fh.pdf"
    pages = _write(default_forlorn_rules(), path, paper)
    assert pages <= (2 if paper != "a5" else 5)
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            assert "forlorn-hope seed-002" in (page.extract_text() or "")
            for char in page.chars:
                assert char["size"] >= 7 - 0.01
                assert char["x0"] >= MM5 and char["x1"] <= page.width - MM5
                assert char["top"] >= MM5 and char["bottom"] <= page.height - MM5


def test_a_house_rule_changes_the_sheet(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        SHIPPED.read_text(encoding="utf-8")
        .replace("{ to = 6, dice = 2, hit = 3 }", "{ to = 8, dice = 3, hit = 3 }")
        .replace(
            'obstacle = { name = "Defending obstacle", change = 3 }',
            'obstacle = { name = "Defending obstacle", change = 2 }',
        ),
        encoding="utf-8",
    )
    rules = load_forlorn_rules(house)
    path = tmp_path / "house.pdf"
    _write(rules, path)
    lines = _lines(path, rules)
    assert "1-8 3 3+" in lines and "8-10 2 4+" in lines and "1-6 2 3+" not in lines
    assert "Defending obstacle +2" in lines
