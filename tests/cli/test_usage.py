"""Malformed command lines exit 2 with one line (DESIGN 5); --help says what each word is."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cli import main
from rostermgr.rulesets import __file__ as rulesets_init
from tests.conftest import Cli

D = "The Dalton Boys"
SHOT = ["--attacker", "outlawmen", "--attack", "3", "--attack-card", "5H"]
SHOT += ["--defender", "sheriffs", "--defence", "2", "--defence-card", "3S", "--toughness", "2"]
ODDS = ["--attacker", "sheriffs", "--defender", "outlawmen", "--attack", "3", "--defence", "2"]


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command line that must be a usage error: exit 2, nothing on stdout, one line."""
    out = io.StringIO()
    assert main(list(argv), out=out, err=io.StringIO()) == 2
    assert out.getvalue() == ""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_r15_flip_without_card_draw_choose_or_reflip_is_a_usage_error(
    cli: Cli, dalton: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    cli.new_posse(dalton)
    capsys.readouterr()
    before = cli.state()
    err = usage_error(capsys, "--db", str(cli.db), "flip", D, "Kid")
    assert err.startswith("rostermgr flip: ") and "--card --draw --choose --reflip" in err
    assert cli.state() == before
    # a flip that names what to do is a request, refused by the rules, not a usage error
    assert cli("flip", D, "Kid", "--choose", "shot").code == 1


def test_r12_game_length_seed_goes_only_with_draw(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(capsys, "game-length", "--cards", "4H", "--seed", "3")
    assert "--seed" in err and "--draw" in err
    out = io.StringIO()
    assert main(["game-length", "--draw", "--seed", "3"], out=out, err=io.StringIO()) == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve", "shot", *SHOT],
        ["odds", "test", "shot", *ODDS],
        ["odds", "grid", "shot", "--attack", "1", "--defence", "1"],
        ["odds", "favoured", "shot", "--attack", "1", "--defence", "1"],
    ],
    ids=["resolve", "odds test", "odds grid", "odds favoured"],
)
def test_r8_a_cover_the_ruleset_lacks_is_a_usage_error_naming_its_covers(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    err = usage_error(capsys, *argv, "--cover", "quarter")
    assert "--cover" in err and "'quarter'" in err
    assert "'none', 'half', 'three-quarter'" in err


def test_r8_cover_values_come_from_the_active_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = Path(rulesets_init).with_name("last-hope-frontier.toml").read_text(encoding="utf-8")
    assert "three-quarter = 2" in shipped
    custom = tmp_path / "custom.toml"
    custom.write_text(shipped.replace("three-quarter = 2", "quarter = 2"), encoding="utf-8")
    out = io.StringIO()
    argv = ["--ruleset", str(custom), "resolve", "shot", *SHOT, "--cover", "quarter", "--json"]
    assert main(argv, out=out, err=io.StringIO()) == 0
    err = usage_error(capsys, "--ruleset", str(custom), "resolve", "shot", *SHOT, "--cover", "x")
    assert "'none', 'half', 'quarter'" in err


def test_r18_back_offset_takes_negative_numbers_after_a_space(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    spaced, joined = tmp_path / "spaced.pdf", tmp_path / "joined.pdf"
    cli.ok("print", "cards", D, "-o", str(spaced), "--back-offset", "-1,-1")
    cli.ok("print", "cards", D, "-o", str(joined), "--back-offset=-1,-1")
    assert spaced.stat().st_size > 0 and joined.stat().st_size > 0
    cli.ok("print", "cards", D, "-o", str(spaced), "--back-offset", "-.5,2")


@pytest.mark.parametrize("offset", ["1", "left", "1,2,3", "nan,0", "1,"])
def test_r18_a_malformed_back_offset_is_a_usage_error(
    cli: Cli, dalton: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str], offset: str
) -> None:
    cli.new_posse(dalton)
    capsys.readouterr()
    out = tmp_path / "x.pdf"
    argv = ["--db", str(cli.db), "print", "cards", D, "-o", str(out), "--back-offset", offset]
    err = usage_error(capsys, *argv)
    assert "--back-offset" in err and "DX,DY" in err
    assert not out.exists()


def test_r18_a_back_offset_too_far_for_the_paper_is_still_refused(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    result = cli("print", "cards", D, "-o", str(tmp_path / "x.pdf"), "--back-offset", "-20,0")
    assert result.code == 1 and "at most" in result.err and result.err.count("\n") == 1


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"], out=io.StringIO(), err=io.StringIO()) == 0
    return capsys.readouterr().out


def test_r3_hire_help_lists_the_roles(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "posse", "hire")
    assert "leader" in text and "deputy" in text and "ganger" in text
    assert "rostermgr rules" in text


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["posse", "show"], ["the posse's name", "print one JSON document, with the ledger"]),
        (["posse", "buy"], ["the member's name", "an item id"]),
        (["posse", "ledger"], ["the posse's name", "print one JSON document"]),
        (["posse", "export"], ["the posse's name", "- is"]),
        (["posse", "rename-member"], ["the member's new name"]),
        (["game", "list"], ["print one JSON document"]),
        (["flip"], ["the posse's name", "the member's name", "print one JSON document"]),
        (["print", "journal"], ["the posse's name", "the PDF file to write"]),
        (["rules"], ["print one JSON document"]),
        (["resolve", "shot"], ["none, half, three-quarter"]),
    ],
)
def test_positional_arguments_and_json_have_help(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    text = help_text(capsys, *argv)
    for word in words:
        assert word in text


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["posee", "list"], "rostermgr: argument COMMAND: invalid choice: 'posee' ("),
        (["Posse", "list"], "; did you mean 'posse'?"),
        (["posse", "lst"], "rostermgr posse: argument ACTION: invalid choice: 'lst' ("),
        (["posse", "lst"], "; did you mean 'list'?"),
        (["print", "scenario", "-o", "x.pdf"], "; did you mean 'scenarios'?"),
        (["print", "calibration", "-o", "x.pdf", "--paper", "A4"], "did you mean 'a4'?"),
    ],
)
def test_a_mistyped_command_or_choice_names_the_nearest(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    err = usage_error(capsys, *argv)
    assert said in err


def test_a_choice_nothing_is_near_keeps_the_list_alone(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(capsys, "xyzzy")
    assert err.endswith("'export', 'help')\n") and "did you mean" not in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["posse", "list", "--db", "c.sqlite3"],
            "rostermgr posse list: --db goes before the command: rostermgr --db ... posse list",
        ),
        (["game", "undo", "--take-over"], "rostermgr game undo: --take-over goes before"),
        (
            ["--json", "posse", "list"],
            "rostermgr posse list: --json goes after the command: rostermgr posse list ... --json",
        ),
        (["posse", "list", "--jsn"], "rostermgr posse list: --jsn is not one of its options; "),
        (["posse", "list", "--jsn"], "did you mean --json?"),
        (["check", "--json"], "`rostermgr check --help` lists its options"),
        (
            ["posse", "list", "--", "--all"],
            "rostermgr posse list: more words than it takes: '--all'; a name with spaces",
        ),
        (
            ["posse", "buy", "Last", "Hope", "Lawmen", "Doc H", "hatchet"],
            "rostermgr posse buy: more words than it takes: 'Doc H hatchet'; a name with spaces",
        ),
    ],
)
def test_words_no_argument_takes_are_told_by_their_command(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """They were "rostermgr: unrecognized arguments: ...", by the top command, with no hint."""
    err = usage_error(capsys, *argv)
    assert said in err and "unrecognized" not in err


def test_rules_help_says_it_shows_the_campaign_s_ruleset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It said "the shipped one, or --ruleset FILE": a designer who adopted a ruleset read
    that `rules` would not show it, which it does (README, DESIGN 5)."""
    text = " ".join(help_text(capsys, "rules").split())
    assert "The campaign's current ruleset (with --ruleset FILE, that file;" in text
    assert "the shipped one)" not in text
    listed = " ".join(help_text(capsys).split())
    assert "rules the campaign's current ruleset" in listed


def test_the_help_of_posse_new_and_game_record_says_what_their_file_holds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """They said only "the creation request" and "the post-game report (JSON)": a newcomer
    reading --help could not write either file."""
    new = " ".join(help_text(capsys, "posse", "new").split())
    assert '{"name": "The Dalton Boys", "faction": "outlawmen", "members": [' in new
    assert "leader, deputy, ganger" in new
    record = " ".join(help_text(capsys, "game", "record").split())
    for key in ("scenario", "posses", "winner", "out_of_action", "bounties", "items_used"):
        assert f'"{key}"' in record
    assert "--dry-run shows them first" in record
