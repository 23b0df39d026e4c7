"""Two backups of one server campaign made in the same second (issue 28).

Players on one server campaign each take a backup before a game, on their own machine or on
one shared folder. Two such backups in the same second were given the same name and the
same partial file, so the two copies were written into one SQLite file at once: an internal
error, or a refusal naming the wrong thing (the concurrency test found it). Each copy is now
written to a partial file of its own and takes the first free name only once it is whole.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import db.copy
from db.backup import list_backups
from db.connection import open_campaign
from db.copy import backup_server, read_campaign
from db.postgres import open_server, server_stand_in
from tests.conftest import DALTON, Cli


def _read(path: Path) -> Any:
    copy = open_campaign(path)
    try:
        with copy.atomic():
            return read_campaign(copy)
    finally:
        copy.close()


def test_two_backups_in_one_second_are_two_whole_files(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Cli(postgres_url, tmp_path).new_posse(dict(DALTON))  # type: ignore[arg-type]
    stand_in = server_stand_in(postgres_url)
    now = datetime(2026, 3, 1, 12, 0, 0)
    server = open_server(postgres_url)
    other = open_server(postgres_url)
    write = db.copy.write_campaign
    inner: list[Path] = []
    calls = []

    def another_backup_meanwhile(*args: Any) -> None:
        # While this copy is being written, another program backs the campaign up in the
        # same second, and finishes first.
        calls.append(args)
        if len(calls) == 1:
            inner.append(backup_server(other, stand_in, "before-game", now))
        write(*args)

    monkeypatch.setattr(db.copy, "write_campaign", another_backup_meanwhile)
    try:
        outer = backup_server(server, stand_in, "before-game", now)
        with server.atomic():
            original = read_campaign(server)
    finally:
        server.close()
        other.close()
    assert outer != inner[0]
    made = [b.path for b in list_backups(stand_in) if b.reason == "before-game"]
    assert sorted(made) == sorted([outer, inner[0]])
    assert _read(outer) == original
    assert _read(inner[0]) == original
    assert not list(outer.parent.glob("*.partial*"))
    for backup in (outer, inner[0]):  # each a campaign file that check finds sound
        assert "No problems found" in Cli(backup, tmp_path).ok("check").out
