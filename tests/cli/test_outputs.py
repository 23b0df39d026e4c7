"""Outputs never overwrite the campaign or a device; failed writes are said; refusals add none."""

from __future__ import annotations

import errno
import io
import json
from pathlib import Path

import pytest

from cli import main
from tests.conftest import DALTON, Cli

D = DALTON["name"]


@pytest.fixture
def one(cli: Cli) -> Cli:
    cli.new_posse(DALTON)
    return cli


def _bytes(path: Path) -> bytes:
    return path.read_bytes()


@pytest.mark.sqlite_only
@pytest.mark.parametrize("suffix", ["", "-wal", "-shm", ".lock"])
@pytest.mark.parametrize(
    "command",
    [
        ["posse", "export", D, "-o", "{target}"],
        ["print", "journal", D, "-o", "{target}"],
        ["print", "cards", D, "-o", "{target}"],
        ["print", "casualties", "-o", "{target}"],
        ["print", "calibration", "-o", "{target}"],
        ["stats", "--csv", "{target}"],
    ],
)
def test_an_output_is_refused_over_the_campaign_and_its_files(
    one: Cli, command: list[str], suffix: str
) -> None:
    target = Path(f"{one.db}{suffix}")
    if suffix and not target.exists():
        target.write_bytes(b"")  # as SQLite or the app would have made it
    before = _bytes(one.db), _bytes(target)
    result = one(*[a.format(target=target) for a in command])
    assert result.code == 1, result.out
    assert "Cannot write" in result.err or "is a file" in result.err, result.err
    assert "\n" not in result.err.rstrip("\n")
    # SQLite itself removes an empty -wal or -shm on closing; nothing of ours is in it
    after = _bytes(target) if target.exists() else before[1]
    assert (_bytes(one.db), after) == before


def test_an_output_is_refused_in_the_backups_folder_and_over_another_campaign(
    one: Cli, tmp_path: Path
) -> None:
    made = one.ok("backup").out.split(" to ")[-1].rstrip(".\n")
    backup = Path(made)
    before = _bytes(backup)
    refused = one("posse", "export", D, "-o", str(backup))
    assert refused.code == 1 and "backups folder" in refused.err
    assert _bytes(backup) == before
    other = tmp_path / "other.sqlite3"
    Cli(other, tmp_path).new_posse(DALTON)
    kept = _bytes(other)
    refused = one("print", "journal", D, "-o", str(other))
    assert refused.code == 1 and "SQLite database" in refused.err
    assert _bytes(other) == kept


def test_an_output_is_refused_on_a_device_or_a_folder(one: Cli, tmp_path: Path) -> None:
    for target, words in (("/dev/null", "not a regular file"), (str(tmp_path), "is a folder")):
        refused = one("posse", "export", D, "-o", target)
        assert refused.code == 1 and words in refused.err, refused.err
    assert Path("/dev/null").is_char_device()


def test_an_output_is_written_beside_and_renamed_into_place(one: Cli, tmp_path: Path) -> None:
    target = tmp_path / "dalton.json"
    target.write_text("the old export", encoding="utf-8")
    one.ok("posse", "export", D, "-o", str(target))
    assert json.loads(target.read_text(encoding="utf-8"))["posse"]["name"] == D
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


class FullDisk(io.StringIO):
    """Standard output on a full disk: the write is buffered, the flush fails."""

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_an_export_to_standard_output_on_a_full_disk_is_a_sentence_and_exit_1(one: Cli) -> None:
    out, err = FullDisk(), io.StringIO()
    code = main(["--db", str(one.db), "posse", "export", D], out=out, err=err)
    assert code == 1
    assert err.getvalue() == (
        "Cannot write the output (No space left on device); what was printed is incomplete.\n"
    )


def test_a_full_disk_under_an_output_file_is_named_and_leaves_nothing(
    one: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import services.outputs

    real = services.outputs.os.replace

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(services.outputs.os, "fsync", full)
    target = tmp_path / "journal.pdf"
    refused = one("print", "journal", D, "-o", str(target))
    monkeypatch.setattr(services.outputs.os, "replace", real)
    assert refused.code == 1
    assert refused.err == f"Cannot write {target}: the disk is full; nothing was written.\n"
    assert list(tmp_path.glob("*journal*")) == []


def test_a_refused_command_on_a_missing_campaign_makes_no_file(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite3"
    cli = Cli(missing, tmp_path)
    for args in (
        ("posse", "show", "Nobody"),
        ("posse", "buy", "Nobody", "Kid", "pistol"),
        ("game", "undo"),
        ("posse", "list"),
    ):
        cli(*args)
        assert not missing.exists(), args
        assert not list(tmp_path.glob("typo.sqlite3*")), args
    cli.new_posse(DALTON)
    assert missing.exists()


def test_an_undo_that_takes_back_later_changes_backs_them_up_first_and_names_it(
    one: Cli,
) -> None:
    from tests.conftest import LAWMEN

    one.new_posse(LAWMEN)
    report = {
        "date": "2026-11-28",
        "scenario": "bloodbath",
        "posses": [D, LAWMEN["name"]],
        "winner": D,
    }
    one.ok("game", "record", one.file(report))
    alone = one.ok("game", "undo").out
    assert "backed up" not in alone  # nothing but the game itself was undone
    one.ok("game", "record", one.file(report))
    one.ok("posse", "buy", D, "Slim", "whiskey")
    said = one.ok("game", "undo").out
    assert "It also took back everything done since (backed up first to " in said
    assert "Bought whiskey for Slim" in said
    backup = Path(said.split("backed up first to ")[1].split("):\n")[0])
    assert backup.is_file() and "before-undo" in backup.name
    kept = Cli(backup, one.tmp).ok("posse", "show", D, "--json").json()
    assert "whiskey" in next(m for m in kept["members"] if m["name"] == "Slim")["items"]
