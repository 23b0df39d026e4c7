"""A campaign made under an older loader opens and moves on (h-rules, 2026-12).

The loader's designer checks (face values, composition, names and ids, the horse's shot,
bounds) hold a ruleset read from a file; a ruleset the campaign already stores is read as it
was accepted, or a campaign made before them could not be opened, not even to adopt a
corrected file.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cli import main
from rostermgr.errors import RulesetError
from rostermgr.rules_load import default_ruleset, parse_ruleset_text
from services import posses
from services.opening import for_command
from tests.conftest import DALTON

pytestmark = pytest.mark.sqlite_only

# Two items of one name: refused from a file since 2026-12, stored by campaigns before.
TWO_PISTOLS = default_ruleset().text.replace('name = "Revolver"', 'name = "Pistol"', 1)


def test_a_campaign_whose_stored_ruleset_predates_the_checks_opens_and_adopts(
    tmp_path: Path,
) -> None:
    with pytest.raises(RulesetError, match=r"'items\.revolver\.name' is the name of items\.pistol"):
        parse_ruleset_text(TWO_PISTOLS, "file.toml")
    older = parse_ruleset_text(TWO_PISTOLS.replace('"0.1-playtest"', '"0.5"', 1), "old", False)
    path = tmp_path / "c.sqlite3"
    with for_command(path, older, editing=True) as c:
        posses.create(c, posses.plan_request(c, DALTON))

    def run(*args: str) -> tuple[int, str]:
        out, err = io.StringIO(), io.StringIO()
        return main(["--db", str(path), *args], out=out, err=err), err.getvalue()

    assert run("posse", "list") == (0, "")
    assert run("check") == (0, "")
    fixed = tmp_path / "fixed.toml"
    fixed.write_text(default_ruleset().text.replace('"0.1-playtest"', '"0.6"', 1))
    assert run("rules", "adopt", str(fixed)) == (0, "")
    assert run("rules", "undo") == (0, "")
    assert run("check") == (0, "")
    again = tmp_path / "again.toml"
    again.write_text(TWO_PISTOLS.replace('"0.1-playtest"', '"0.7"', 1))
    code, said = run("rules", "adopt", str(again))
    assert code == 1 and "'items.revolver.name' is the name of items.pistol too" in said
