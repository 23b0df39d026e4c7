"""`rostermgr card check` (issue 34): a card printed before a game says exactly that game's
changes; a code with one character changed is refused by its check value."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pypdfium2
import pytest

from cli import main
from rostermgr.cardcode import ALPHABET, normal_code

REPORT = {
    "scenario": "bounty",
    "posses": ["The Dalton Boys", "Last Hope Lawmen"],
    "winner": "Last Hope Lawmen",
    "out_of_action": [
        {"posse": "The Dalton Boys", "member": "Kid",
         "by": {"posse": "Last Hope Lawmen", "member": "Wyatt"}}
    ],
    "items_used": [{"posse": "The Dalton Boys", "member": "Doc", "item": "whiskey"}],
}  # fmt: skip


def backs_image(cli, tmp_path: Path, *names: str, dpi: int = 150) -> str:
    """The cards of names printed, and their first backs page rendered as a PNG."""
    pdf = tmp_path / "cards.pdf"
    cli.ok("print", "cards", *names, "-o", str(pdf))
    png = tmp_path / "backs.png"
    pypdfium2.PdfDocument(pdf)[1].render(scale=dpi / 72).to_pil().save(png)
    return str(png)


def test_a_card_printed_before_a_game_says_that_games_changes(cli, dalton, lawmen, tmp_path):
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    image = backs_image(cli, tmp_path, "The Dalton Boys", "Last Hope Lawmen")
    before = cli.ok("card", "check", image).out.splitlines()
    assert len(before) == 9 and all(line.endswith(": current") for line in before)
    cli.ok("game", "record", cli.file(REPORT))
    after = cli.ok("card", "check", image, "--json").json()
    changed = {s["members"][0]: s["changes"] for s in after if s["state"] == "changed"}
    assert changed == {
        "Kid": ["Kid: 1 strike since"],
        "Doc": ["Doc: Whiskey gone"],
        "Wyatt": ["Wyatt: 1 flip unspent (was 0)"],
    }
    assert {s["state"] for s in after} == {"current", "changed"}
    lines = cli.ok("card", "check", image).out.splitlines()
    assert "Kid (The Dalton Boys): 1 strike since" in lines


def test_a_typed_code_with_one_character_changed_is_refused(cli, dalton, tmp_path):
    cli.new_posse(dalton)
    image = backs_image(cli, tmp_path, "The Dalton Boys")
    code = cli.ok("card", "check", image, "--json").json()[0]["code"]
    assert cli.ok("card", "check", code.lower()).out.endswith(": current\n")
    raw = normal_code(code)
    tampered = raw[:5] + next(c for c in ALPHABET if c != raw[5]) + raw[6:]
    before = cli.state()
    result = cli("card", "check", tampered)
    assert result.code == 1 and result.out == ""
    assert result.err.count("\n") == 1 and "does not match its check value" in result.err
    assert cli.state() == before


def test_a_card_of_another_campaign_is_said_so(cli, dalton, tmp_path):
    cli.new_posse(dalton)
    image = backs_image(cli, tmp_path, "The Dalton Boys")
    codes = [s["code"] for s in cli.ok("card", "check", image, "--json").json()]
    other = tmp_path / "other.sqlite3"  # a campaign of its own, with no posse of that id
    out, err = io.StringIO(), io.StringIO()
    assert main(["--db", str(other), "card", "check", *codes, "--json"], out=out, err=err) == 0
    assert {s["state"] for s in json.loads(out.getvalue())} == {"other-campaign"}


@pytest.mark.parametrize(
    ("word", "said"),
    [("missing.png", "There is no image 'missing.png'"), ("hello", "is not a card code")],
)
def test_what_is_no_code_is_refused_in_a_sentence(cli, dalton, word, said):
    cli.new_posse(dalton)
    result = cli("card", "check", word)
    assert result.code == 1 and said in result.err and result.err.count("\n") == 1


def test_an_image_without_codes_is_refused(cli, dalton, tmp_path):
    from PIL import Image

    cli.new_posse(dalton)
    blank = tmp_path / "blank.png"
    Image.new("RGB", (200, 200), "white").save(blank)
    result = cli("card", "check", str(blank))
    assert result.code == 1 and "No card code was found" in result.err


def test_the_printed_pdf_itself_is_read(cli, dalton, tmp_path):
    cli.new_posse(dalton)
    pdf = tmp_path / "cards.pdf"
    cli.ok("print", "cards", "The Dalton Boys", "-o", str(pdf))
    assert cli.ok("card", "check", str(pdf)).out.count(": current") == 5
    broken = tmp_path / "broken.pdf"
    broken.write_text("not a pdf")
    result = cli("card", "check", str(broken))
    assert result.code == 1
    assert result.err == f"'{broken}' is not an image that can be read.\n"
