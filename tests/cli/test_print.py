"""`rostermgr print ...` on the command line (DESIGN 5, 6)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from pypdf import PdfReader

from services import printing
from tests.conftest import Cli


def test_r20_print_casualties_defaults_and_counts(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "cas.pdf"
    result = cli.ok("print", "casualties", "-o", str(out))
    assert "110 casualty markers on 1 page" in result.out
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    assert abs(float(reader.pages[0].mediabox.width) - 595.28) < 0.01
    letter = tmp_path / "l.pdf"
    cli.ok(
        "print",
        "casualties",
        "-o",
        str(letter),
        "--british",
        "250",
        "--paper",
        "letter",
        "--ink",
        "line-art",
    )
    assert abs(float(PdfReader(letter).pages[0].mediabox.height) - 792) < 0.01


def test_r20_bad_counts_are_refused_with_a_sentence(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "cas.pdf"
    result = cli("print", "casualties", "-o", str(out), "--british", "5001")
    assert result.code == 1 and result.err.count("\n") == 1 and not out.exists()
    assert cli("print", "casualties", "-o", str(out), "--ink", "neon").code == 2


D, L = "The Dalton Boys", "Last Hope Lawmen"


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_r18_print_cards_then_only_the_changed_ones(
    cli: Cli, dalton: dict, lawmen: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    first = tmp_path / "all.pdf"
    assert "Wrote 10 cards" in cli.ok("print", "cards", D, L, "-o", str(first)).out
    again = tmp_path / "again.pdf"
    assert (
        "nothing was written" in cli.ok("print", "cards", D, L, "-o", str(again), "--changed").out
    )
    assert not again.exists()
    report = {
        "date": "2026-01-15",
        "scenario": "other",
        "posses": [D, L],
        "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
    }
    cli.ok("game", "record", cli.file(report))
    changed = tmp_path / "changed.pdf"
    assert "Wrote 1 card" in cli.ok("print", "cards", D, L, "-o", str(changed), "--changed").out
    text = _text(changed)
    assert "Kid" in text and "Slim" not in text and "Wyatt" not in text


def test_print_cards_draws_with_the_heap_it_started_with_frozen(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The garbage collector skips what was alive before the print while it draws (speed),
    and the objects are handed back to it afterwards, also when the print is refused."""
    cli.new_posse(dalton)
    frozen: list[int] = []
    write = printing.write

    def spy(*args: object, **kwargs: object) -> int:
        frozen.append(gc.get_freeze_count())
        return write(*args, **kwargs)

    monkeypatch.setattr(printing, "write", spy)
    cli.ok("print", "cards", D, "-o", str(tmp_path / "cards.pdf"))
    assert frozen and frozen[0] > 0
    assert gc.get_freeze_count() == 0
    assert cli("print", "cards", "Nobody", "-o", str(tmp_path / "no.pdf")).code == 1
    assert gc.get_freeze_count() == 0


def test_r18_card_options_and_refusals(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    cli.new_posse(dalton)
    out = tmp_path / "c.pdf"
    cli.ok(
        "print",
        "cards",
        D,
        "-o",
        str(out),
        "--paper",
        "letter",
        "--layout",
        "gutter-fold",
        "--ink",
        "line-art",
        "--gangers",
        "separate",
    )
    page = PdfReader(out).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)  # gutter-fold is landscape
    folded = tmp_path / "folded.pdf"
    refused = cli(
        "print", "cards", D, "-o", str(folded), "--layout", "gutter-fold", "--back-offset", "0.5,-1"
    )
    assert refused.code == 1 and "gutter-fold layout does not use" in refused.err
    assert not folded.exists()
    shifted = tmp_path / "shifted.pdf"
    cli.ok("print", "cards", D, "-o", str(shifted), "--paper", "letter", "--back-offset", "0.5,-1")
    too_far = cli(
        "print",
        "cards",
        D,
        "-o",
        str(tmp_path / "far.pdf"),
        "--paper",
        "letter",
        "--back-offset",
        "8,0",
    )
    assert too_far.code == 1 and too_far.err.startswith("On Letter paper the backs can move")
    spaced = tmp_path / "spaced.pdf"
    cli.ok("print", "cards", D, "-o", str(spaced), "--gap", "3")
    assert len(PdfReader(spaced).pages) == 2  # issue 31, 8: five cards fit one sheet of 2 x 3
    wide = cli("print", "cards", D, "-o", str(tmp_path / "wide.pdf"), "--gap", "12")
    assert wide.code == 1
    assert wide.err == "The gap between cards must be from 0 to 10 mm, not 12.\n"
    assert not (tmp_path / "wide.pdf").exists()
    folded_gap = cli(
        "print", "cards", D, "-o", str(folded), "--layout", "gutter-fold", "--gap", "2"
    )
    assert folded_gap.code == 1 and "takes no gap" in folded_gap.err and not folded.exists()
    assert cli("print", "cards", D, "-o", str(tmp_path / "g.pdf"), "--gap", "wide").code == 2
    bad = cli("print", "cards", D, "-o", str(tmp_path / "x.pdf"), "--back-offset", "left")
    assert bad.code == 2  # a malformed offset is a usage error (tests/cli/test_usage.py)
    assert cli("print", "cards", "Nobody", "-o", str(tmp_path / "y.pdf")).code == 1
    assert cli("print", "cards", D, "-o", str(tmp_path / "no" / "such" / "z.pdf")).code == 1


def test_r19_print_journal_and_booklet(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    cli.new_posse(dalton)
    a5 = tmp_path / "j.pdf"
    cli.ok("print", "journal", D, "-o", str(a5))
    page = PdfReader(a5).pages[0]
    assert abs(float(page.mediabox.width) - 419.53) < 0.01
    assert D in _text(a5)
    booklet = tmp_path / "b.pdf"
    cli.ok("print", "journal", D, "-o", str(booklet), "--booklet")
    reader = PdfReader(booklet)
    assert abs(float(reader.pages[0].mediabox.width) - 841.89) < 0.01


def test_r18_print_calibration(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    cli.ok("print", "calibration", "-o", str(out), "--paper", "letter")
    reader = PdfReader(out)
    assert len(reader.pages) == 2 and abs(float(reader.pages[0].mediabox.height) - 792) < 0.01


def test_user_text_never_makes_reportlab_open_a_file(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    """PDF hardening: markup in a name is printed as text, never followed."""
    dalton["name"] = 'P <img src="/etc/passwd"/> & <a href="http://x.io">x</a>'
    cli.new_posse(dalton)
    out = tmp_path / "j.pdf"
    cli.ok("print", "journal", dalton["name"], "-o", str(out))
    assert '<img src="/etc/passwd"/>' in _text(out).replace("\n", " ")
    cards = tmp_path / "c.pdf"
    cli.ok("print", "cards", dalton["name"], "-o", str(cards))


def test_print_reference_from_the_active_ruleset(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "ref.pdf"
    result = cli.ok("print", "reference", "-o", str(out))
    assert "quick reference of Last Hope Frontier 0.1-playtest (3 pages)" in result.out
    assert len(PdfReader(out).pages) == 3 and cli.untouched()  # read nothing, made nothing
    a5 = tmp_path / "a5.pdf"
    cli.ok("print", "reference", "-o", str(a5), "--paper", "a5", "--ink", "line-art")
    assert abs(float(PdfReader(a5).pages[0].mediabox.width) - 419.53) < 0.01
    assert cli("print", "reference", "-o", str(out), "--paper", "a3").code == 2


def test_print_reference_with_a_users_ruleset_prints_its_numbers(cli: Cli, tmp_path: Path) -> None:
    shipped = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    custom = tmp_path / "mine.toml"
    text = shipped.read_text(encoding="utf-8").replace('version = "0.1-playtest"', 'version = "9"')
    custom.write_text(text.replace("from = 11\ndamage = 3", "from = 12\ndamage = 3"), "utf-8")
    out = tmp_path / "ref.pdf"
    cli.ok("--ruleset", str(custom), "print", "reference", "-o", str(out))
    words = " ".join(_text(out).split())
    assert "last-hope-frontier 9" in words and "12+" in words and "11+" not in words


def test_print_reference_refuses_a_folder_and_writes_nothing(cli: Cli, tmp_path: Path) -> None:
    result = cli("print", "reference", "-o", str(tmp_path))
    assert result.code == 1 and "folder" in result.err and result.err.count("\n") == 1


def test_r18_r20_cut_lines_are_asked_for_on_the_command_line(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    import pdfplumber

    cli.new_posse(dalton)
    plain, lined = tmp_path / "plain.pdf", tmp_path / "lined.pdf"
    cli.ok("print", "cards", D, "-o", str(plain))
    cli.ok("print", "cards", D, "-o", str(lined), "--cut-lines")
    with pdfplumber.open(plain) as a, pdfplumber.open(lined) as b:
        assert len(b.pages[0].lines) > len(a.pages[0].lines)
    markers = tmp_path / "markers.pdf"
    cli.ok("print", "casualties", "-o", str(markers), "--cut-lines", "--british", "12")
    with pdfplumber.open(markers) as pdf:
        assert any(ln["linewidth"] == 0.3 for ln in pdf.pages[0].lines)


def test_print_cards_for_a_print_shop(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    from PIL import Image

    cli.new_posse(dalton)
    folder = tmp_path / "mpc"
    result = cli.ok("print", "cards", D, "--for", "mpc", "-o", str(folder))
    assert "Wrote 5 cards (10 PNG files, front and back) for MakePlayingCards" in result.out
    names = sorted(p.name for p in folder.iterdir())
    assert names[:2] == ["001-back.png", "001-front.png"] and len(names) == 10
    with Image.open(folder / "001-front.png") as image:
        assert image.size == (822, 1122)
    again = cli("print", "cards", D, "--for", "tgc", "-o", str(folder))
    assert again.code == 1 and "not empty" in again.err and again.err.count("\n") == 1
    assert sorted(p.name for p in folder.iterdir()) == names  # nothing replaced
    empty = tmp_path / "empty"
    empty.mkdir()
    cli.ok("print", "cards", D, "--for", "tgc", "-o", str(empty))
    with Image.open(empty / "003-back.png") as image:
        assert image.size == (825, 1125)
    pdf = tmp_path / "dtc.pdf"
    out = cli.ok("print", "cards", D, "--for", "dtc", "-o", str(pdf)).out
    assert "(10 pages, back then front) for DriveThruCards" in out
    reader = PdfReader(pdf)
    assert len(reader.pages) == 10
    assert [float(v) for v in reader.pages[0].trimbox] == [9, 9, 189, 261]
    blocked = tmp_path / "a-file"
    blocked.write_text("mine")
    refused = cli("print", "cards", D, "--for", "mpc", "-o", str(blocked))
    assert refused.code == 1 and blocked.read_text() == "mine"
    assert cli("print", "cards", D, "--for", "kinkos", "-o", str(pdf)).code == 2
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary folder left behind


@pytest.mark.parametrize("option", ["--british", "--french"])
@pytest.mark.parametrize("value", ["-3", "2.5", "ten"])
def test_a_malformed_number_of_markers_is_a_usage_error(
    cli: Cli, tmp_path: Path, option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """DESIGN 5: a malformed command line exits 2 with one line naming the option as typed."""
    out = tmp_path / "cas.pdf"
    result = cli("print", "casualties", "-o", str(out), f"{option}={value}")
    said = capsys.readouterr().err  # argparse's own line goes to sys.stderr
    assert result.code == 2 and not out.exists() and said.count("\n") == 1
    assert said == (
        f"rostermgr print casualties: argument {option}: '{value}' is not a whole number of "
        "markers, 0 or more\n"
    )


def _drawing_fails(*args: object, **kwargs: object) -> None:
    raise ValueError("bad value in a drawing routine")


def test_a_refusal_is_a_sentence_but_a_fault_while_drawing_is_an_internal_error(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the printables' own refusals (PrintRefused) are said as the user's doing: a
    ValueError from inside a drawing routine (reportlab's or Pillow's, say) is a fault of ours,
    said as one and logged in full, never passed off as a refusal."""
    from printables.casualties import sheet

    out = tmp_path / "cas.pdf"
    refused = cli("print", "casualties", "-o", str(out), "--british", "0", "--french", "0")
    assert refused.code == 1 and not out.exists()
    assert refused.err == "Ask for at least one casualty marker.\n"

    monkeypatch.setattr(sheet, "paint", _drawing_fails)
    failed = cli("print", "casualties", "-o", str(out))
    assert failed.code == 1 and not out.exists() and not list(tmp_path.glob(".*.tmp"))
    assert failed.err.count("\n") == 1
    assert failed.err.startswith("rostermgr hit an internal error (ValueError: ")
    log = Path(failed.err.rsplit("Details are in ", 1)[1].rstrip(".\n"))
    assert "_drawing_fails" in log.read_text(encoding="utf-8")  # the traceback, for a report


def test_r12_print_scenarios_one_page_each_or_the_ones_named(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "scenarios.pdf"
    result = cli.ok("print", "scenarios", "-o", str(out))
    assert "scenario sheets of Last Hope Frontier 0.1-playtest (4 pages)" in result.out
    assert len(PdfReader(out).pages) == 4 and cli.untouched()
    two = tmp_path / "two.pdf"
    cli.ok("print", "scenarios", "bounty", "bloodbath", "-o", str(two), "--paper", "letter")
    text = " ".join(page.extract_text() for page in PdfReader(two).pages)
    assert "Last Hope Frontier: Bounty" in text and "Last Hope Frontier: Bloodbath" in text
    assert "Supply Drop" not in text
    nothing = tmp_path / "nothing.pdf"
    refused = cli("print", "scenarios", "other", "-o", str(nothing))
    assert refused.code == 1 and refused.out == "" and not nothing.exists()
    assert refused.err == (
        "The scenario 'other' has no objective to print; the scenarios with a sheet are "
        "bounty, western-prairie-dog, supply-drop, bloodbath.\n"
    )


@pytest.mark.sqlite_only  # another connection holding the file's write lock
def test_cards_written_while_another_program_writes_are_kept_and_said_unrecorded(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PDF is whole before the cards are counted as printed: a busy campaign at that step
    was refused as "nothing was written", exit 1, with the PDF there all the same."""
    import sqlite3

    from db.connection import PRAGMAS

    cli.new_posse(dalton)
    monkeypatch.setitem(PRAGMAS, "busy_timeout", 100)
    out = tmp_path / "cards.pdf"
    writer = sqlite3.connect(cli.db, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        done = cli("print", "cards", D, "-o", str(out))
        writer.rollback()
    finally:
        writer.close()
    assert done.code == 0, done.err
    assert "Kid" in _text(out)
    assert done.out == (
        f"Wrote 5 cards to {out}. They are not counted as printed, so --changed will not know "
        f"about them. Another program is writing to {cli.db}; nothing was written. Try again in "
        "a moment.\n"
    )
    again = tmp_path / "again.pdf"
    assert "Wrote 5 cards" in cli.ok("print", "cards", D, "-o", str(again), "--changed").out


def test_print_reference_and_scenarios_are_of_the_campaigns_ruleset(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    """DESIGN 5: a campaign that adopted a ruleset prints that ruleset's sheets, as `rules`
    shows it and the window prints it (they were the shipped ruleset's, hostile print pass)."""
    shipped = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    house = tmp_path / "house.toml"
    text = shipped.read_text(encoding="utf-8").replace('version = "0.1-playtest"', 'version = "9"')
    house.write_text(text.replace("from = 11\ndamage = 3", "from = 12\ndamage = 3"), "utf-8")
    cli.new_posse(dalton)
    cli.ok("rules", "adopt", str(house))
    assert "Last Hope Frontier 9" in cli.ok("rules").out
    out = tmp_path / "ref.pdf"
    result = cli.ok("print", "reference", "-o", str(out))
    assert "quick reference of Last Hope Frontier 9 (3 pages)" in result.out
    words = " ".join(_text(out).split())
    assert "last-hope-frontier 9" in words and "12+" in words and "11+" not in words
    sheets = tmp_path / "scenarios.pdf"
    result = cli.ok("print", "scenarios", "bounty", "-o", str(sheets))
    assert "scenario sheets of Last Hope Frontier 9 (1 page)" in result.out
    assert "last-hope-frontier 9" in " ".join(_text(sheets).split())


def test_the_volley_reference_is_named_inside_its_sentence_in_small_letters(
    cli: Cli, tmp_path: Path
) -> None:
    """ "Wrote the Unit ranged combat (seed 003) step by step": a capital inside a sentence."""
    out = tmp_path / "volley.pdf"
    done = cli("print", "volley-reference", "-o", str(out))
    assert done.code == 0 and out.exists()
    assert done.out == f"Wrote the unit ranged combat (seed 003) step by step (1 page) to {out}.\n"


def test_r18_print_cards_names_a_rule_text_cut_short(
    cli: Cli, tmp_path: Path, dalton: dict
) -> None:
    """A designer's rule text too long for a back is cut with '…' on the card: the print says
    which text, on which card, and the key to shorten (it said nothing)."""
    shipped = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    custom = tmp_path / "mine.toml"
    rule = "An Outlawman may swap the card he played for the top card of the deck, once. " * 3
    text = shipped.read_text(encoding="utf-8").replace(
        'rule = { name = "Twist The Knife", text = "" }',
        f'rule = {{ name = "Twist The Knife", text = "{rule}" }}',
    )
    custom.write_text(text, "utf-8")
    cli.ok("--ruleset", str(custom), "posse", "new", cli.file(dalton))
    out = tmp_path / "cards.pdf"
    said = cli.ok("print", "cards", dalton["name"], "-o", str(out)).out.splitlines()
    assert said[0].startswith("Wrote ")
    assert any("whole text of 'Twist The Knife'" in line for line in said[1:])
    end = "shorten it under factions.outlawmen in the ruleset to print it whole (R18)."
    assert all(line.startswith("No room on the back") and line.endswith(end) for line in said[1:])
    assert "…" in _text(out)
