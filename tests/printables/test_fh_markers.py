"""Forlorn Hope's markers (issue 32 item 7): every marker of forlorn-hope.toml's [markers]
read back from the printed sheet, titled for the siege chosen, and a house rule followed."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from printables.forlorn_markers import write_markers
from rostermgr.errors import PrintRefused
from rostermgr.forlorn import ForlornRules, default_forlorn_rules


def _words(rules: ForlornRules, path: Path, **options: str) -> tuple[int, str, Counter[str]]:
    pages = write_markers(rules, path, **options)
    text = ""
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == pages
        for page in pdf.pages:
            text += (page.extract_text() or "") + "\n"
    words = Counter(re.findall(r"[A-Z][A-Z.]+(?: INF\.)?", text))
    return pages, text, words


@pytest.mark.parametrize(("siege", "ink"), [("ciudad-rodrigo", "colour"), ("badajoz", "line-art")])
def test_every_marker_and_the_sieges_title_are_printed(
    tmp_path: Path, siege: str, ink: str
) -> None:
    rules = default_forlorn_rules()
    m = rules.markers
    pages, text, words = _words(rules, tmp_path / "m.pdf", siege=siege, ink_mode=ink)
    assert pages == 1
    assert m.sieges[siege] in text
    assert words["WOUNDED"] == m.wounded
    assert words["DYING"] == m.dying
    track = "".join(str(f) for f in range(1, rules.die + 1))  # the boxes, read without gaps
    assert text.replace(" ", "").count(track) == m.dying
    assert f"Dying: D{rules.die} turns left ({m.dying})" in text
    for arm, label, count in m.french:
        assert words[label] == count, label
        assert f"{arm.lower()} {count}" in text
    assert words["PORTUGUESE"] == m.portuguese


def test_a_house_rule_in_the_data_is_what_the_sheet_says(tmp_path: Path) -> None:
    rules = default_forlorn_rules()
    markers = dataclasses.replace(
        rules.markers,
        wounded=50,
        portuguese=0,
        sieges={"san-sebastian": "San Sebastian, 1813"},
        french=(("Voltigeurs", "VOLTIGEUR", 7),),
    )
    house = dataclasses.replace(rules, markers=markers, die=8)
    _, text, words = _words(house, tmp_path / "house.pdf")
    assert "San Sebastian, 1813" in text
    assert words["WOUNDED"] == 50 and words["VOLTIGEUR"] == 7 and words["PORTUGUESE"] == 0
    assert "12345678" in text.replace(" ", "") and "Dying: D8" in text


def test_an_unknown_siege_is_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(PrintRefused, match="There is no siege 'vitoria'"):
        write_markers(default_forlorn_rules(), tmp_path / "x.pdf", siege="vitoria")
