"""`rostermgr posse rebuild` (issue 34): a posse back from its rendered cards, through the
checks of `posse import`, refused whole when the codes disagree."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from rostermgr.cardcode import ALPHABET, normal_code


def rendered(cli, tmp_path: Path, name: str, dpi: int = 150) -> list[str]:
    """The cards of a posse printed, its backs pages rendered to PNGs; the PNGs' paths."""
    pdf = tmp_path / f"{name}.pdf"
    cli.ok("print", "cards", name, "-o", str(pdf))
    pngs = []
    for i, page in enumerate(list(pypdfium2.PdfDocument(pdf))[1::2]):
        png = tmp_path / f"{name}-{i}.png"
        page.render(scale=dpi / 72).to_pil().save(png)
        pngs.append(str(png))
    return pngs


def _roster(doc: dict) -> list[tuple]:
    """What the cards hold of each member: all but its name."""
    return [
        (m["role"], m["status"], m["stats"], m["injuries"], m["flips"], sorted(m["items"]))
        for m in doc["members"]
    ]


def test_a_posse_rebuilt_from_its_rendered_cards_has_their_roster(cli, dalton, tmp_path):
    cli.new_posse(dalton)
    cli.ok("posse", "buy", "The Dalton Boys", "Kid", "hatchet")
    images = rendered(cli, tmp_path, "The Dalton Boys")
    result = cli.ok("posse", "rebuild", *images, "--as", "Daltons Again")
    assert "history before today is lost" in result.out
    was = cli.ok("posse", "show", "The Dalton Boys", "--json").json()
    now = cli.ok("posse", "show", "Daltons Again", "--json").json()
    assert sorted(_roster(now)) == sorted(_roster(was))
    assert now["faction"] == was["faction"] and now["ruleset"] == was["ruleset"]
    assert any("is lost" in h["text"] for h in now["history"])


def cover_image(cli, tmp_path: Path, name: str, dpi: int = 150) -> str:
    """The posse's journal printed, its cover rendered to a PNG."""
    pdf = tmp_path / f"{name} journal.pdf"
    cli.ok("print", "journal", name, "-o", str(pdf))
    png = tmp_path / f"{name}-cover.png"
    pypdfium2.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().save(png)
    return str(png)


def _shown(doc: dict) -> dict:
    """`posse show --json` without what a rebuild cannot give back: history, ledger, name."""
    return {k: v for k, v in doc.items() if k not in ("history", "ledger", "name")}


REPORT = {
    "scenario": "bounty",
    "posses": ["The Dalton Boys", "Last Hope Lawmen"],
    "winner": "Last Hope Lawmen",
    "out_of_action": [
        {"posse": "The Dalton Boys", "member": "Kid",
         "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"}}
    ],
    "income": [{"posse": "Last Hope Lawmen", "amount": 15, "reason": "escort fee"}],
}  # fmt: skip


@pytest.mark.parametrize("dpi", [300, 150])
def test_cards_and_journal_cover_give_back_the_roster_exactly(cli, dalton, lawmen, tmp_path, dpi):
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    cli.ok("posse", "buy", "Last Hope Lawmen", "Doc H", "hatchet")
    cli.ok("game", "record", cli.file(REPORT))
    cli.ok("flip", "Last Hope Lawmen", "Wyatt", "--card", "7H", "--choose", "toughness")
    for name in ("Last Hope Lawmen", "The Dalton Boys"):
        images = [*rendered(cli, tmp_path, name, dpi), cover_image(cli, tmp_path, name, dpi)]
        result = cli.ok("posse", "rebuild", *images, "--as", f"{name} rebuilt")
        assert "named by their roles" not in result.out
        was = cli.ok("posse", "show", name, "--json").json()
        now = cli.ok("posse", "show", f"{name} rebuilt", "--json").json()
        assert _shown(now) == _shown(was)


def test_a_journal_of_another_moment_is_refused(cli, dalton, tmp_path):
    cli.new_posse(dalton)
    cover = cover_image(cli, tmp_path, "The Dalton Boys")
    cli.ok("posse", "buy", "The Dalton Boys", "Kid", "hatchet")
    images = rendered(cli, tmp_path, "The Dalton Boys")
    before = cli.state()
    result = cli("posse", "rebuild", *images, cover, "--as", "Again")
    assert result.code == 1 and result.err == (
        "Kid's card and the journal's cover disagree: one was printed before a change; "
        "print both again, or rebuild from the cards alone.\n"
    )
    assert cli.state() == before


def test_codes_of_two_posses_are_refused_whole(cli, dalton, lawmen, tmp_path):
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    images = rendered(cli, tmp_path, "The Dalton Boys") + rendered(
        cli, tmp_path, "Last Hope Lawmen"
    )
    before = cli.state()
    result = cli("posse", "rebuild", *images, "--as", "Mixed")
    assert result.code == 1 and result.err == (
        "The cards are of more than one posse: rebuild one posse at a time.\n"
    )
    assert cli.state() == before


def test_a_tampered_code_refuses_the_rebuild(cli, dalton, tmp_path):
    cli.new_posse(dalton)
    codes = [
        s["code"]
        for s in cli.ok(
            "card", "check", *rendered(cli, tmp_path, "The Dalton Boys"), "--json"
        ).json()
    ]
    raw = normal_code(codes[0])
    codes[0] = raw[:9] + next(c for c in ALPHABET if c != raw[9]) + raw[10:]
    before = cli.state()
    result = cli("posse", "rebuild", *codes, "--as", "Tampered")
    assert result.code == 1 and "check value" in result.err and result.err.count("\n") == 1
    assert cli.state() == before


def test_a_rebuild_under_a_taken_name_is_refused_as_an_import_is(cli, dalton, tmp_path):
    cli.new_posse(dalton)
    images = rendered(cli, tmp_path, "The Dalton Boys")
    result = cli("posse", "rebuild", *images, "--as", "The Dalton Boys")
    assert result.code == 1 and "The Dalton Boys" in result.err and result.err.count("\n") == 1
