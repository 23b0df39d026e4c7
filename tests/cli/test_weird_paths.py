"""The command line on a campaign whose path a SQLite URI would misread (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Cli

pytestmark = pytest.mark.sqlite_only  # special paths of the campaign file

D = "The Dalton Boys"


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("a#b", "c#d.sqlite3"),
        ("a?b", "c?d.sqlite3"),
        ("100%", "50%41.sqlite3"),
        ("my games", "the camp aign.sqlite3"),
        ("Ünïcødé ❤", "Pérez & Søn.sqlite3"),
    ],
)
def test_posse_new_backup_and_restore_keep_the_posse(
    tmp_path: Path, dalton: dict, folder: str, name: str
) -> None:
    (tmp_path / folder).mkdir()
    cli = Cli(tmp_path / folder / name, tmp_path)
    cli.new_posse(dalton)
    assert "Backed up" in cli.ok("backup").out
    listed = cli.ok("backup", "--list").out.splitlines()
    manual = next(line for line in listed if " manual " in line).split(None, 3)[-1]
    cli.ok("posse", "buy", D, "Slim", "switchblade")
    cli.ok("posse", "rename", D, "Daltons")
    cli.ok("restore", manual)
    assert [p["name"] for p in cli.ok("posse", "list", "--json").json()] == [D]
    assert cli.ok("posse", "show", D, "--json").json()["purse"] == 7
    assert cli.ok("check").out.startswith("No problems")
    assert sorted(p.name for p in (tmp_path / folder).iterdir()) == [name]
    assert not (tmp_path / "a").exists()  # nothing made from a path cut at # or ?
