"""A club campaign that cannot be reached: the app offers its newest backup, read-only
(issue 29, offline at the table)."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

import pytest

import ui.app_server
from db.backup import STAMP, backup_dir
from db.postgres import server_stand_in
from services.paths import server_shown
from tests.conftest import DALTON, LAWMEN, Cli

UNREACHABLE = "postgresql://ike@127.0.0.1:9/lhf-club"  # nothing listens on port 9


@pytest.fixture
def backup_of_club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A backup of the club campaign on this machine, as the hourly backups leave it."""
    monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(tmp_path / "backups"))
    file = tmp_path / "club.sqlite3"
    cli = Cli(file, tmp_path)
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    folder = backup_dir(server_stand_in(server_shown(UNREACHABLE)))
    folder.mkdir(parents=True)
    stand_in = server_stand_in(server_shown(UNREACHABLE))
    made = folder / f"{stand_in.stem}-{datetime(2026, 12, 1, 20, 15):{STAMP}}-editing.sqlite3"
    shutil.copy(file, made)
    return made


def _run(monkeypatch: pytest.MonkeyPatch, take: bool) -> tuple[int, list, list, list]:
    offers: list = []
    shown: list = []
    refusals: list = []
    monkeypatch.setenv("ROSTERMGR_SMOKE_QUIT", "1")
    monkeypatch.setattr(ui.app_server, "can_ask", lambda: True)
    monkeypatch.setattr(ui.app_server, "_refuse", lambda window, exc: refusals.append(str(exc)))
    monkeypatch.setattr(
        "ui.dialogs.offline.offer_backup",
        lambda parent, sentence, made: offers.append((sentence, made)) or take,
    )
    real = ui.app_server.show_campaign

    windows: list = []

    def seen(window, campaign) -> None:  # type: ignore[no-untyped-def]
        real(window, campaign)
        windows.append(window)
        shown.append((window.windowTitle(), campaign.read_only, window.posse_model.rowCount()))

    monkeypatch.setattr(ui.app_server, "show_campaign", seen)
    code = ui.app_server.run_server_app(UNREACHABLE)
    for window in windows:  # the smoke quit leaves it open: a later app's exec would wait on it
        window.close()
    return code, offers, shown, refusals


def test_an_unreachable_club_campaign_opens_its_newest_backup_read_only(
    qtbot, backup_of_club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, offers, shown, refusals = _run(monkeypatch, take=True)
    assert code == 0 and refusals == []
    sentence, made = offers[0]
    assert sentence.startswith("Cannot reach the PostgreSQL server postgresql://ike@127.0.0.1:9")
    assert made == datetime(2026, 12, 1, 20, 15)
    title, read_only, posses = shown[0]
    assert read_only and posses == 2
    assert title == f"{backup_of_club.name} (read-only) - rostermgr"


def test_declining_the_backup_says_why_the_campaign_did_not_open(
    qtbot, backup_of_club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, offers, shown, refusals = _run(monkeypatch, take=False)
    assert code == 1 and len(offers) == 1 and shown == []
    assert refusals[0].startswith("Cannot reach the PostgreSQL server")


def test_without_a_backup_nothing_is_offered(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(tmp_path / "backups"))
    code, offers, shown, refusals = _run(monkeypatch, take=True)
    assert code == 1 and offers == [] and shown == []
    assert refusals[0].startswith("Cannot reach the PostgreSQL server")


def test_file_open_server_campaign_offers_the_backup_too(
    window, backup_of_club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.setattr("ui.dialogs.offline.offer_backup", lambda parent, sentence, made: True)
    window.menus.file.open_server_address(UNREACHABLE)
    assert window.campaign.path == backup_of_club and window.campaign.read_only
    assert window.windowTitle() == f"{backup_of_club.name} (read-only) - rostermgr"
