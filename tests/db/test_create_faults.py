"""A campaign file that could not be made leaves nothing behind (a full disk at creation).

The empty file SQLite had created stayed: the refusal said the disk was full, and once space
was freed the next command refused the 0-byte file as "not a campaign".
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import db.connection
from db.connection import open_campaign

pytestmark = pytest.mark.sqlite_only  # a campaign file


@pytest.mark.parametrize(
    "fault",
    [
        sqlite3.OperationalError("database or disk is full"),
        OSError(28, "No space left"),
        KeyboardInterrupt(),
    ],
)
def test_a_new_campaign_that_fails_to_open_is_not_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: BaseException
) -> None:
    def failing(*_: object) -> None:
        raise fault

    monkeypatch.setattr(db.connection, "migrate", failing)
    path = tmp_path / "new.sqlite3"
    with pytest.raises(type(fault)):
        open_campaign(path)
    assert list(tmp_path.iterdir()) == []


def test_an_existing_campaign_that_fails_to_open_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "campaign.sqlite3"
    open_campaign(path).close()
    before = path.read_bytes()

    def failing(*_: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(db.connection, "migrate", failing)
    with pytest.raises(sqlite3.OperationalError):
        open_campaign(path)
    assert path.read_bytes() == before
