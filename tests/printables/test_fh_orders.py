"""Forlorn Hope's orders of battle (issue 32 item 6): every unit, row and chip of
forlorn-hope.toml read back from the printed sheet, and a house rule followed."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path
from types import MappingProxyType

import pdfplumber
import pytest

from printables.forlorn_orders import write_orders
from rostermgr.forlorn import ForlornRules, default_forlorn_rules
from rostermgr.forlorn_orders import orders_of_battle

DAY = dt.date(2026, 12, 1)


def _read(rules: ForlornRules, path: Path, paper: str = "a4") -> tuple[int, list[str], int]:
    """Pages, the text's lines, and the circles drawn (the chips: nothing else is round)."""
    pages = write_orders(rules, path, paper=paper, printed=DAY)
    lines: list[str] = []
    circles = 0
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == pages
        for page in pdf.pages:
            lines += (page.extract_text() or "").splitlines()
            circles += len(page.curves)
    return pages, lines, circles


def test_the_units_are_the_seeds_forces_figure_for_figure() -> None:
    rules = default_forlorn_rules()
    units = orders_of_battle(rules)
    for force in rules.forces:
        mine = [u for u in units if u.title.startswith(force.name)]
        assert len(mine) == force.count
        for unit in mine:
            assert unit.figures == sum(f.count for f in force.figures), unit.title
    line = next(u for u in units if u.title.startswith("British line company"))
    assert [r.figures for r in line.rows] == [1, 4, 4, 4, 4, 4, 4]  # 22 men, 2 NCOs, 1 officer
    french = units[-1]
    assert [r.label for r in french.rows if r.kind == "gun"] == [
        "Twelve-pounder 1: gun and 4 artillerymen",
        "Twelve-pounder 2: gun and 4 artillerymen",
        "Eight-pounder 1: gun and 4 artillerymen",
        "Eight-pounder 2: gun and 4 artillerymen",
        "Four-pounder: gun and 4 artillerymen",
    ]
    assert all(r.figures <= rules.group_size["french"] for r in french.rows if r.kind == "group")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_unit_row_and_chip_is_printed(tmp_path: Path, paper: str) -> None:
    rules = default_forlorn_rules()
    units = orders_of_battle(rules)
    pages, lines, circles = _read(rules, tmp_path / "o.pdf", paper)
    text = re.sub(r"\s+", " ", " ".join(lines))
    for unit in units:
        assert unit.title in text
        assert f"Figures ({unit.figures})" in text
        for row in unit.rows:
            assert row.label in text, row.label
    o = rules.orders
    assert f"each group {o.group_moves}" in text and f"each officer {o.officer_moves}" in text
    assert f"Turn 1 2 3 4 5 6 7 8 9 {o.turns}" in text
    assert circles == sum(r.chips for u in units for r in u.rows) * o.turns
    assert pages == 3  # A4: the five line companies, the rest, the French on a page of its own


def test_a_house_rule_in_the_data_is_what_the_sheet_says(tmp_path: Path) -> None:
    rules = default_forlorn_rules()
    house = dataclasses.replace(
        rules,
        orders=dataclasses.replace(rules.orders, turns=6, officer_moves=3),
        group_size=MappingProxyType({"british": 5, "french": 2}),
    )
    _, lines, circles = _read(house, tmp_path / "house.pdf")
    text = " ".join(lines)
    assert "Group 5 (4): Enlisted men 2, NCOs 2" in text  # 24 in fives: 5, 5, 5, 5, 4
    assert "Group 6" not in text.split("Rifle company")[0]
    assert "each officer 3" in text and "Turn 1 2 3 4 5 6 R" not in text
    units = orders_of_battle(house)
    assert circles == sum(r.chips for u in units for r in u.rows) * 6
