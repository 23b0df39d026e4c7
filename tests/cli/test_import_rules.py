"""A posse the shop would refuse is refused at import too, and `check` finds one (R3, R5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Cli

D = "The Dalton Boys"


def _exported(cli: Cli, dalton: dict, tmp_path: Path) -> dict:
    cli.new_posse(dalton)
    path = tmp_path / "dalton.json"
    cli.ok("posse", "export", D, "-o", str(path))
    return json.loads(path.read_text(encoding="utf-8"))


def _member(doc: dict, name: str) -> dict:
    return next(m for m in doc["members"] if m["name"] == name)


BREAKS = {
    "r5 a horse on a gang member": (
        lambda doc: _member(doc, "Kid")["items"].append("horse"),
        "The posse file is refused: Kid carries a horse, which only a leader or deputy may (R5).",
    ),
    "r5 two clothing items": (
        lambda doc: _member(doc, "Slim")["items"].extend(["light-leather", "fine-leather"]),
        "The posse file is refused: Slim carries 2 clothing items; a member may carry only 1 (R5).",
    ),
    "r3 a second living leader": (
        lambda doc: _member(doc, "Ma Dalton").update(role="leader"),
        "The posse file is refused: Copy has 2 living leaders; a posse may have at most 1 (R3).",
    ),
}


@pytest.mark.parametrize("name", list(BREAKS))
def test_an_import_the_shop_would_refuse_is_refused_whole(
    cli: Cli, dalton: dict, tmp_path: Path, name: str
) -> None:
    doc = _exported(cli, dalton, tmp_path)
    change, sentence = BREAKS[name]
    change(doc)
    before = cli.state()
    result = cli("posse", "import", cli.file(doc), "--as", "Copy")
    assert (result.code, result.err) == (1, sentence + "\n")
    assert cli.state() == before


def test_r3_a_posse_whose_leader_died_imports_with_the_place_empty(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    doc = _exported(cli, dalton, tmp_path)
    _member(doc, "Ike Dalton").update(status="dead", injuries=3, items=[])
    cli.ok("posse", "import", cli.file(doc), "--as", "Copy")


def test_r3_r5_check_finds_a_roster_edited_by_hand(cli: Cli, dalton: dict) -> None:
    cli.new_posse(dalton)
    [(kid,)] = cli.sql("SELECT id FROM member WHERE name='Kid'")
    cli.sql("INSERT INTO member_item (member_id, item) VALUES (?, 'horse')", (kid,))
    cli.sql("UPDATE member SET role='leader' WHERE name='Ma Dalton'")
    result = cli("check")
    assert result.code == 1
    assert "The Dalton Boys has 2 living leaders; a posse may have at most 1 (R3)." in result.out
    assert "Kid carries a horse, which only a leader or deputy may (R5)." in result.out
