"""`rules --toml`: the ruleset file itself, for a designer to save and edit (README, The ruleset).

README said "Copy it" of rostermgr/rulesets/last-hope-frontier.toml, a file inside the installed
package or the bundle that a designer who installed the app cannot find.
"""

from __future__ import annotations

import io
from pathlib import Path

from cli import main
from rostermgr.rulesets import __file__ as rulesets_init
from tests.conftest import DALTON, Cli

SHIPPED = Path(rulesets_init).with_name("last-hope-frontier.toml").read_text(encoding="utf-8")


def test_with_no_campaign_yet_it_is_the_shipped_file_byte_for_byte(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["--db", str(tmp_path / "none.sqlite3"), "rules", "--toml"], out=out) == 0
    assert out.getvalue() == SHIPPED
    assert not (tmp_path / "none.sqlite3").exists()


def test_it_is_the_campaign_s_current_ruleset_and_reads_back_the_same(
    cli: Cli, tmp_path: Path
) -> None:
    cli.new_posse(DALTON)
    house = tmp_path / "house.toml"
    house.write_text(
        SHIPPED.replace('version = "0.1-playtest"', 'version = "0.2-house"', 1), encoding="utf-8"
    )
    cli.ok("rules", "adopt", str(house))
    shown = cli.ok("rules", "--toml").out
    assert shown == house.read_text(encoding="utf-8")
    copy = tmp_path / "copy.toml"
    copy.write_text(shown, encoding="utf-8")
    assert cli.ok("rules", "diff", str(copy)).out == "The two rulesets say the same.\n"


def test_toml_and_json_are_one_or_the_other(cli: Cli) -> None:
    assert cli("rules", "--toml", "--json").code == 2
