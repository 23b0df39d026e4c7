"""The seed 003 volley on one page (issue 32 item 9): the six steps and every modifier of
volley.toml read back from the printed sheet, and a house rule followed."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path
from types import MappingProxyType

import pdfplumber
import pytest

from printables.reference import columns_for, layout, write_reference
from printables.reference.style import edge, gutter
from rostermgr.volley import Modifier, VolleyRules, default_volley_rules
from rostermgr.volley_reference import build_volley_reference

DAY = dt.date(2026, 12, 1)


def _lines(rules: VolleyRules, path: Path, paper: str) -> list[str]:
    """The sheet's text column by column, so a table's row reads as one line."""
    assert write_reference(build_volley_reference(rules), path, paper=paper, printed=DAY) == 1
    width = layout(build_volley_reference(rules), paper)[1]
    out: list[str] = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for col in range(columns_for(paper)):
                x = edge() + col * (width + gutter())
                box = page.crop((x - 1, 0, x + width + 1, page.height))
                out += (box.extract_text() or "").splitlines()
    return out


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_one_page_with_the_six_steps_and_every_modifier(tmp_path: Path, paper: str) -> None:
    rules = default_volley_rules()
    lines = _lines(rules, tmp_path / "v.pdf", paper)
    words = re.sub(r"\s+", " ", " ".join(lines))
    for n in range(1, 7):
        assert f"{n}. " in words
    assert "unless Indirect" in words  # the one exception to reciprocal visibility
    assert f"hit on {rules.hit_on}+" in words
    assert f"held at {rules.easiest}+ to {rules.hardest}+" in words
    assert f"Baseline {rules.hit_on}+" in lines
    assert f"Never easier than {rules.easiest}+" in lines
    assert f"Never harder than {rules.hardest}+" in lines
    for mod in rules.modifiers.values():
        assert any(line.startswith(mod.name) and line.endswith(f"{mod.change:+d}")
                   for line in lines), mod.id  # fmt: skip


def test_a_house_rule_in_the_data_is_what_the_sheet_says(tmp_path: Path) -> None:
    rules = default_volley_rules()
    mods = dict(rules.modifiers)
    mods["smoke"] = Modifier("smoke", "Smoke", 2, "The target is in smoke.")
    house = dataclasses.replace(rules, hit_on=3, hardest=5, modifiers=MappingProxyType(mods))
    lines = _lines(house, tmp_path / "house.pdf", "a4")
    assert "Baseline 3+" in lines and "Never harder than 5+" in lines
    assert any(line.startswith("Smoke") and line.endswith("+2") for line in lines)
