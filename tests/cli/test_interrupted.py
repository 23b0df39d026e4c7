"""Ctrl+C says what it stopped: nothing written, or what was already written whole.

"Interrupted; nothing was written." after the game was committed invites recording it again,
a second game. What a command made lasting before the interruption (a committed edit, an
output renamed into place) is named instead.
"""

from __future__ import annotations

import io
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import services.printing
from services.campaign import Campaign
from tests.conftest import Cli

pytestmark = pytest.mark.sqlite_only  # the commit of a campaign file

D = "The Dalton Boys"
BUY = ("posse", "buy", D, "Slim", "switchblade")


def _slim(cli: Cli) -> list[str]:
    members = cli.ok("posse", "show", D, "--json").json()["members"]
    return next(m["items"] for m in members if m["name"] == "Slim")


def test_an_interruption_before_the_commit_says_nothing_was_written(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.new_posse(dalton)
    before = cli.db.read_bytes()
    real = Campaign.edit

    @contextmanager
    def interrupted_inside(self: Campaign) -> Iterator[None]:
        with real(self):
            yield
            raise KeyboardInterrupt

    monkeypatch.setattr(Campaign, "edit", interrupted_inside)
    done = cli(*BUY)
    assert (done.code, done.err) == (1, "Interrupted; nothing was written.\n")
    monkeypatch.undo()
    assert _slim(cli) == [] and cli.db.read_bytes() == before


def test_an_interruption_after_the_commit_names_the_campaign_as_changed(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.new_posse(dalton)
    real = Campaign.edit

    @contextmanager
    def interrupted_after(self: Campaign) -> Iterator[None]:
        with real(self):
            yield
        raise KeyboardInterrupt

    monkeypatch.setattr(Campaign, "edit", interrupted_after)
    done = cli(*BUY)
    assert done.code == 1
    assert done.err == (
        f"Interrupted, but only after {cli.db} was written in full: what the command did is "
        "done, so do not run it again.\n"
    )
    monkeypatch.undo()
    assert _slim(cli) == ["switchblade"]


def test_ctrl_c_during_the_commit_waits_for_it_and_names_the_campaign(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C pressed while the edit commits: the commit is made whole, then interrupted."""
    cli.new_posse(dalton)
    real = Campaign.edit

    @contextmanager
    def ctrl_c_at_commit(self: Campaign) -> Iterator[None]:
        commit = self.db.commit

        def pressed_then_commit() -> None:
            os.kill(os.getpid(), signal.SIGINT)
            commit()

        monkeypatch.setattr(self.db, "commit", pressed_then_commit)
        with real(self):
            yield

    monkeypatch.setattr(Campaign, "edit", ctrl_c_at_commit)
    done = cli(*BUY)
    assert done.code == 1 and f"only after {cli.db} was written in full" in done.err
    monkeypatch.undo()
    assert _slim(cli) == ["switchblade"]


def test_an_interruption_after_the_pdf_is_in_place_names_it(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.new_posse(dalton)
    out = tmp_path / "cards.pdf"

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(services.printing, "remember_printed", interrupted)
    done = cli("print", "cards", D, "-o", str(out))
    assert done.code == 1 and out.exists()
    assert done.err == (
        f"Interrupted, but only after {out} was written in full: what the command did is done, "
        "so do not run it again.\n"
    )


def test_an_interruption_while_the_command_line_is_read_is_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl+C in the first milliseconds, before any command runs: no traceback."""
    import io

    import cli

    def pressed(_: object) -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "join_signed_values", pressed)
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["posse", "list"], out=out, err=err) == 1
    assert err.getvalue() == "Interrupted; nothing was written.\n" and out.getvalue() == ""


class _CtrlCOnPrint(io.StringIO):
    """Standard output where Ctrl+C comes as the result is printed, after the work is done."""

    def write(self, text: str) -> int:
        raise KeyboardInterrupt


def _interrupted_on_print(cli: Cli, *args: str) -> tuple[int, str]:
    import cli as command_line

    err = io.StringIO()
    code = command_line.main(["--db", str(cli.db), *args], out=_CtrlCOnPrint(), err=err)
    return code, err.getvalue()


def test_an_interruption_after_a_backup_is_made_names_the_backup(cli: Cli, dalton: dict) -> None:
    from db.backup import list_backups

    cli.new_posse(dalton)
    code, err = _interrupted_on_print(cli, "backup")
    made = [b.path for b in list_backups(cli.db)]
    assert code == 1 and len(made) == 1
    assert err == (
        f"Interrupted, but only after {made[0]} was written in full: what the command did is "
        "done, so do not run it again.\n"
    )


def test_an_interruption_after_a_restore_names_the_campaign(cli: Cli, dalton: dict) -> None:
    from db.backup import list_backups

    cli.new_posse(dalton)
    cli.ok("backup")
    code, err = _interrupted_on_print(cli, "restore", str(list_backups(cli.db)[0].path))
    assert code == 1 and err.startswith(f"Interrupted, but only after {cli.db} was written")


def test_an_interruption_after_a_campaign_copy_names_the_copy(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    dest = tmp_path / "copy.sqlite3"
    code, err = _interrupted_on_print(cli, "campaign", "copy", str(cli.db), str(dest))
    assert code == 1 and dest.exists()
    assert err.startswith(f"Interrupted, but only after {dest} was written in full")


def test_an_edit_inside_another_transaction_is_not_said_written_before_that_commits(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A nested edit is a savepoint: interrupted before the outer commit, nothing is saved."""
    cli.new_posse(dalton)
    real = Campaign.edit

    @contextmanager
    def nested_then_interrupted(self: Campaign) -> Iterator[None]:
        with self.db.atomic():
            with real(self):
                yield
            raise KeyboardInterrupt

    monkeypatch.setattr(Campaign, "edit", nested_then_interrupted)
    done = cli(*BUY)
    assert (done.code, done.err) == (1, "Interrupted; nothing was written.\n")
    monkeypatch.undo()
    assert _slim(cli) == []


def test_ctrl_c_just_before_the_commit_is_held_rolls_back(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C after the edit's block, before the hold on it began: the transaction was left
    open and closing the file said "internal error (Attempting to close database while
    transaction is open.)"."""
    import services.campaign

    cli.new_posse(dalton)

    @contextmanager
    def pressed_before_the_hold() -> Iterator[None]:
        raise KeyboardInterrupt
        yield  # pragma: no cover - a generator, as the real one

    monkeypatch.setattr(services.campaign, "ctrl_c_held", pressed_before_the_hold)
    done = cli(*BUY)
    assert (done.code, done.err) == (1, "Interrupted; nothing was written.\n")
    monkeypatch.undo()
    assert _slim(cli) == []


def test_ctrl_c_that_leaves_a_transaction_open_is_still_a_sentence(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C between BEGIN and the code that would roll back (peewee's own, or ours)."""
    cli.new_posse(dalton)

    @contextmanager
    def begun_then_interrupted(self: Campaign) -> Iterator[None]:
        self.db.atomic().__enter__()
        raise KeyboardInterrupt
        yield  # pragma: no cover - a generator, as the real one

    monkeypatch.setattr(Campaign, "edit", begun_then_interrupted)
    done = cli(*BUY)
    assert (done.code, done.err) == (1, "Interrupted; nothing was written.\n")
    monkeypatch.undo()
    assert _slim(cli) == []


def test_an_interruption_after_a_folder_of_cards_is_in_place_names_it(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.new_posse(dalton)
    out = tmp_path / "mpc"

    def interrupted(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(services.printing, "remember_printed", interrupted)
    done = cli("print", "cards", D, "--for", "mpc", "-o", str(out))
    assert done.code == 1 and out.is_dir()
    assert done.err.startswith(f"Interrupted, but only after {out} was written in full")


def test_ctrl_c_turned_into_another_error_by_a_c_library_is_still_an_interruption(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ctypes reports a Ctrl+C met while converting a call's argument (pypdfium2 checking
    the drawn cards) as ctypes.ArgumentError("argument 1: KeyboardInterrupt: "): it was
    called an internal error."""
    import ctypes

    cli.new_posse(dalton)

    def converted(*_: object) -> None:
        raise ctypes.ArgumentError("argument 1: KeyboardInterrupt: ")

    monkeypatch.setattr(services.printing, "remember_printed", converted)
    done = cli("print", "cards", D, "-o", str(tmp_path / "cards.pdf"))
    assert done.code == 1
    assert done.err.startswith("Interrupted, but only after "), done.err


def test_an_interruption_right_after_the_restore_renamed_the_file_names_it(
    cli: Cli, dalton: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C between the rename and the end of `restore` (syncing the folder)."""
    import db.backup
    from db.backup import list_backups

    cli.new_posse(dalton)
    cli.ok("backup")
    saved = list_backups(cli.db)[0].path

    real = db.backup.fsync_folder

    def interrupted(folder: Path) -> None:
        real(folder)
        if folder == cli.db.parent:  # the campaign's folder, once the backup is renamed in
            raise KeyboardInterrupt

    monkeypatch.setattr(db.backup, "fsync_folder", interrupted)
    done = cli("restore", str(saved))
    assert done.code == 1
    assert done.err.startswith(f"Interrupted, but only after {cli.db} was written in full")
