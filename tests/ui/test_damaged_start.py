"""The app opening a damaged campaign offers its backup in its own words (h-fresh).

The fault's sentence, as the command line says it, ends with "restore it with: rostermgr
restore FILE"; the app asks "Restore the newest good backup?" with a Yes button, so its box
says the damage and asks, without a command to type (seen in the bundle under Xvfb).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

import ui.app
from rostermgr.errors import DamagedFile
from rostermgr.rules_load import default_ruleset
from services.opening import for_command
from tests.db.test_damage import campaign_with_data, damage, root


def test_the_offer_to_restore_names_no_command_to_type(
    tmp_path: Path, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.sqlite3"
    good = campaign_with_data(path)
    damage(path, "ledger", root)
    with pytest.raises(DamagedFile) as refused, for_command(path, default_ruleset(), True):
        pass
    assert f"rostermgr restore {good}" in str(refused.value)  # the command line's sentence
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(ui.app, "can_ask", lambda: True)
    monkeypatch.setattr(QMessageBox, "question", question)
    assert not ui.app._restore_offered(None, path, refused.value)  # type: ignore[arg-type]
    [text] = asked
    damage_said, offer = text.split("\n\n")
    assert damage_said.startswith(f"SQLite reports damage: the campaign file {path}")
    assert "rostermgr restore" not in text and str(good) not in text
    assert offer == (
        f"Restore the newest good backup, {good.name}? The damaged file is kept beside it under "
        "another name."
    )
