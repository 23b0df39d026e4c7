"""Every door a name comes in refuses control and format characters (#27 item 9).

NUL, U+0085 (NEL), a right-to-left override and the other bidi controls, zero-width spaces and
every other control (Cc) or format (Cf) character: refused with one sentence naming the
character, exit 1, the campaign byte for byte as it was. The doors: creation requests,
`posse rename`, `posse rename-member`, `posse hire`, `posse import` (the posse's and a member's
name, and `--as`) and post-game reports.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import DALTON, LAWMEN, Cli

D = DALTON["name"]
BAD = ["\x00", "\x85", "\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f"]
BAD += ["\u061c", "\u200b", "\ufeff", "\x1b", "\t", "\n", "\u2028", "\u00ad"]


def _request(name: str) -> dict:
    doc = copy.deepcopy(DALTON)
    doc["members"][2]["name"] = name
    return doc


def _posse_file(cli: Cli, tmp: Path, edit: Callable[[dict], None]) -> str:
    path = tmp / "dalton.json"
    cli.ok("posse", "export", D, "-o", str(path))
    doc = json.loads(path.read_text(encoding="utf-8"))
    cli.ok("posse", "delete", D)
    edit(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def _member_renamed(name: str) -> Callable[[dict], None]:
    def edit(doc: dict) -> None:
        for member in doc["members"]:
            if member["name"] == "Kid":
                member["name"] = name

    return edit


def _doors(cli: Cli, tmp: Path, name: str) -> dict[str, list[str]]:
    """Each door, as the arguments of one command that would store `name`."""
    report = {
        "date": "2026-11-28",
        "scenario": "bounty",
        "posses": [D, LAWMEN["name"]],
        "out_of_action": [{"posse": D, "member": name}],
    }
    return {
        "creation request": ["posse", "new", cli.file(_request(name))],
        "posse name in a request": ["posse", "new", cli.file({**DALTON, "name": name})],
        "rename": ["posse", "rename", D, name],
        "rename-member": ["posse", "rename-member", D, "Kid", name],
        "hire": ["posse", "hire", D, "ganger", name],
        "report": ["game", "record", cli.file(report)],
    }


@pytest.fixture
def two(cli: Cli) -> Cli:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    return cli


def _refused(cli: Cli, args: list[str], char: str) -> None:
    before = cli.state()
    result = cli(*args)
    assert result.code == 1, (args, result.out)
    assert f"invisible character U+{ord(char):04X}" in result.err, result.err
    assert result.err.count("\n") == 1 and char not in result.err[:-1]
    assert "Traceback" not in result.err
    assert cli.state() == before


@pytest.mark.parametrize("char", BAD)
@pytest.mark.parametrize(
    "door",
    ["creation request", "posse name in a request", "rename", "rename-member", "hire", "report"],
)
def test_a_name_with_a_control_or_format_character_is_refused_at_each_door(
    two: Cli, tmp_path: Path, char: str, door: str
) -> None:
    name = f"Kid{char}Two" if door != "report" else f"Kid{char}"
    _refused(two, _doors(two, tmp_path, name)[door], char)


@pytest.mark.parametrize("char", ["\x00", "\x85", "\u202e", "\u2067", "\u200b"])
def test_an_import_with_such_a_name_is_refused(two: Cli, tmp_path: Path, char: str) -> None:
    member = _posse_file(two, tmp_path, _member_renamed(f"Kid{char}"))
    _refused(two, ["posse", "import", member], char)
    path = Path(member)
    doc = json.loads(path.read_text(encoding="utf-8"))
    _member_renamed("Kid")(doc)
    doc["posse"]["name"] = f"Dalton{char}"
    path.write_text(json.dumps(doc), encoding="utf-8")
    _refused(two, ["posse", "import", member], char)
    _refused(two, ["posse", "import", member, "--as", f"New{char}"], char)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    # letters the bundled fonts draw, so the refusal can only be the hidden character's
    before=st.text(
        st.characters(categories=("L", "N"), min_codepoint=0x30, max_codepoint=0x24F),
        min_size=1,
        max_size=6,
    ),
    char=st.characters(categories=("Cc", "Cf", "Zl", "Zp"), exclude_characters="\u200d"),
    door=st.sampled_from(["rename", "rename-member", "hire"]),
)
def test_property_no_control_or_format_character_gets_into_a_name(
    two: Cli, tmp_path: Path, before: str, char: str, door: str
) -> None:
    _refused(two, _doors(two, tmp_path, f"{before}{char}x")[door], char)


# "Peña" typed in a Latin-1 terminal under a UTF-8 locale: Python keeps the byte it cannot
# decode as a lone surrogate, which SQLite cannot store nor look up.
LATIN1_PENA = "Pe\udcf1a"


@pytest.mark.parametrize(
    "argv",
    [
        ["posse", "show", LATIN1_PENA],
        ["posse", "buy", D, LATIN1_PENA, "whiskey"],
        ["posse", "rename", D, LATIN1_PENA],
        ["posse", "hire", D, "ganger", LATIN1_PENA],
        ["flip", D, LATIN1_PENA, "--draw"],
    ],
    ids=["show", "buy", "rename", "hire", "flip"],
)
def test_a_name_in_another_character_set_than_the_locale_is_one_sentence(
    cli: Cli, argv: list[str]
) -> None:
    cli.new_posse(DALTON)
    before = cli.state()
    result = cli(*argv)
    assert result.code == 1 and result.err.count("\n") == 1
    assert "internal error" not in result.err and "surrogate" not in result.err
    assert "'Pe\\xf1a'" in result.err and "UTF-8" in result.err
    assert cli.state() == before


def test_a_path_in_another_character_set_is_still_written(cli: Cli, tmp_path: Path) -> None:
    """Only names must be text: a file name may hold any bytes the system allows."""
    cli.new_posse(DALTON)
    out = tmp_path / f"cards-{LATIN1_PENA}.pdf"
    cli.ok("print", "cards", D, "-o", str(out))
    assert out.stat().st_size > 0
