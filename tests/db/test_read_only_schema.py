"""Opening a campaign only to read it: the refusal of another schema is true of any file mode.

The same path reads a read-only campaign and a writable one that is only to be read (the
simulator's --from-campaign), so it must not say "is read-only" of a file that is not.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest

from db.connection import open_campaign
from db.schema import latest
from rostermgr.errors import InvalidFile
from tests.db.test_adoption import legacy_campaign


@pytest.mark.parametrize("writable", [True, False])
def test_an_older_schema_read_only_says_how_to_update_it(tmp_path: Path, writable: bool) -> None:
    path = tmp_path / "c.sqlite3"
    legacy_campaign(path)
    if not writable:
        path.chmod(stat.S_IRUSR)
    before = path.read_bytes()
    try:
        with pytest.raises(InvalidFile) as refused:
            open_campaign(path, read_only=True)
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    message = str(refused.value)
    assert message == (
        f"The campaign file {path} is opened here only to read it, and it needs updating to "
        f"schema {latest()} first: open it once with the app or any command that writes "
        "(make it writable first if it is read-only)."
    )
    assert "is read-only and" not in message
    assert path.read_bytes() == before
    assert not [p for p in os.listdir(tmp_path) if p != "c.sqlite3"]  # no side file made


def test_a_newer_schema_read_only_says_to_update_rostermgr(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    open_campaign(path).close()
    con = sqlite3.connect(path)
    con.execute("INSERT INTO schema_version (version) VALUES (99)")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(InvalidFile) as refused:
        open_campaign(path, read_only=True)
    assert str(refused.value) == (
        f"The campaign file {path} was written by a newer rostermgr (schema 99); this one "
        f"reads up to schema {latest()}, so it was not opened. Update rostermgr."
    )
    assert path.read_bytes() == before
