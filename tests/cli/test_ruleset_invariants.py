"""Loading, diffing or adopting a ruleset refuses what `check` would refuse (#27 item 6).

Each refusal names the key; the campaign is byte for byte as it was, and `check` stays clean.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_game import D, L, report
from tests.cli.test_rulesets import edited
from tests.conftest import Cli

VERSION = ("[ruleset]", 'version = "0.1-playtest"', 'version = "0.9"')
BAD = {
    "a ganger with Wounds 0": (
        ("[roles.ganger]", "wounds = 6", "wounds = 0"),
        "roles.ganger.stats.wounds",
    ),
    "resale at 1000%": (
        ("[money]", "resale_percent = 50", "resale_percent = 1000"),
        "money.resale_percent",
    ),
    "resale at 101%": (
        ("[money]", "resale_percent = 50", "resale_percent = 101"),
        "money.resale_percent",
    ),
    "goods at 101%": (
        ("[money]", "goods_percent = 50", "goods_percent = 101"),
        "money.goods_percent",
    ),
}


@pytest.fixture
def two(cli: Cli, dalton: dict, lawmen: dict) -> Cli:
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    return cli


def _refused(cli: Cli, args: list[str], *words: str) -> str:
    before = cli.state()
    result = cli(*args)
    assert result.code == 1 and result.out == "", (result.out, result.err)
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    for word in words:
        assert word in result.err, result.err
    assert cli.state() == before
    return result.err


@pytest.mark.parametrize("kind", list(BAD))
def test_loading_diffing_and_adopting_refuse_naming_the_key(
    two: Cli, tmp_path: Path, kind: str
) -> None:
    change, key = BAD[kind]
    path = edited(tmp_path, "bad.toml", VERSION, change)
    for args in (
        ["rules", "diff", path],
        ["rules", "adopt", path, "--dry-run"],
        ["rules", "adopt", path],
        ["--ruleset", path, "rules"],
    ):
        _refused(two, args, f"key '{key}'")
    assert two.ok("check").code == 0


def _kid_struck(cli: Cli) -> None:
    kid = {"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}
    cli.ok("game", "record", cli.file(report(1, out_of_action=[kid])))


def test_strikes_to_die_1_is_refused_while_a_living_member_has_a_strike(
    two: Cli, tmp_path: Path
) -> None:
    _kid_struck(two)
    path = edited(
        tmp_path, "one.toml", VERSION, ("[injuries]", "strikes_to_die = 3", "strikes_to_die = 1")
    )
    said = _refused(
        two, ["rules", "adopt", path], "Kid of The Dalton Boys", "'injuries.strikes_to_die'"
    )
    assert "(R13)" in said
    dry = two("rules", "adopt", path, "--dry-run")
    assert dry.code == 1 and "Refused: Kid of The Dalton Boys" in dry.out
    assert two.ok("check").code == 0


def test_strikes_to_die_1_is_adopted_while_no_one_has_a_strike(two: Cli, tmp_path: Path) -> None:
    path = edited(
        tmp_path, "one.toml", VERSION, ("[injuries]", "strikes_to_die = 3", "strikes_to_die = 1")
    )
    two.ok("rules", "adopt", path)
    assert two.ok("check").code == 0


def test_more_strikes_to_die_is_refused_while_a_member_lies_dead_with_fewer(
    two: Cli, tmp_path: Path
) -> None:
    for n in (1, 2, 3):
        kid = {"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}
        doc = report(n, out_of_action=[kid])
        two.ok("game", "record", two.file(doc))
    path = edited(
        tmp_path, "four.toml", VERSION, ("[injuries]", "strikes_to_die = 3", "strikes_to_die = 4")
    )
    _refused(two, ["rules", "adopt", path], "Kid of The Dalton Boys", "'injuries.strikes_to_die'")
    assert two.ok("check").code == 0
