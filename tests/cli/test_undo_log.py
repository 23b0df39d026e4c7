"""Never lose a posse, third pass (issue 27, items 1, 3 and 5): undo-log numbers are never
reused, a stored mark that no longer holds its step refuses, every undo lists all it takes
back (adoptions included) after a backup, and an adoption is planned inside its write."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.test_game import L, report
from tests.cli.test_rulesets import edited
from tests.conftest import Cli
from tests.engines import on_server
from tests.engines import tables as engine_tables


@pytest.fixture
def pair(cli: Cli, dalton: dict, lawmen: dict) -> Cli:
    """A campaign with the two posses of the README."""
    cli.new_posse(dalton)
    cli.new_posse(lawmen)
    return cli


def version(tmp: Path, name: str) -> str:
    """The shipped ruleset under another version string: adoptable, changing nothing else."""
    return edited(
        tmp, f"{name}.toml", ("[ruleset]", 'version = "0.1-playtest"', f'version = "{name}"')
    )


def tables(cli: Cli) -> dict[str, list[tuple]]:
    return engine_tables(cli.db)


def test_rules_undo_after_the_log_was_emptied_takes_back_exactly_the_adoption(
    pair: Cli,
    tmp_path: Path,
) -> None:
    """The hostile sequence of item 1: it used to undo some later sales and keep A current."""
    cli = pair
    before_a = tables(cli)
    cli.ok("rules", "adopt", version(tmp_path, "A"))
    cli.ok("rules", "adopt", version(tmp_path, "B"))
    cli.ok("game", "record", cli.file(report(1)))
    cli.ok("rules", "undo")  # B, and game 1 with it: the log is emptied down to B's mark
    cli.ok("game", "record", cli.file(report(2)))
    for _ in range(20):
        cli.ok("posse", "buy", L, "Morgan", "whiskey")
        cli.ok("posse", "sell", L, "Morgan", "whiskey")
    said = cli.ok("rules", "undo").out
    assert "Took back the adoption of last-hope-frontier A" in said
    assert "played under last-hope-frontier 0.1-playtest again" in said
    assert "backed up first to" in said and "Sold whiskey of Morgan" in said
    history = cli.ok("rules", "history", "--json").json()
    assert [h["version"] for h in history if h["current"]] == ["0.1-playtest"]
    assert cli.ok("game", "list", "--json").json() == []
    after = tables(cli)
    assert {k: v for k, v in after.items() if k != "ruleset"} == {
        k: v for k, v in before_a.items() if k != "ruleset"
    }
    assert cli.ok("check").code == 0


def test_undo_log_numbers_are_never_issued_twice(pair: Cli, tmp_path: Path) -> None:
    cli = pair
    cli.ok("game", "record", cli.file(report(1)))
    [(issued,)] = cli.sql("SELECT MAX(seq) FROM undo_log")
    cli.ok("game", "undo")
    kept = {seq for (seq,) in cli.sql("SELECT seq FROM undo_log")}
    cli.ok("posse", "buy", L, "Morgan", "whiskey")
    # The buy's own entries (a server campaign keeps the older ones: it is never pruned).
    logged = {seq for (seq,) in cli.sql("SELECT seq FROM undo_log")} - kept
    assert logged and min(logged) > issued


def test_an_adoption_whose_entries_were_pruned_is_refused_and_nothing_changes(
    pair: Cli,
    tmp_path: Path,
) -> None:
    cli = pair
    cli.ok("rules", "adopt", version(tmp_path, "A"))
    cli.ok("posse", "buy", L, "Morgan", "whiskey")
    mark = cli.sql("SELECT undo_mark FROM ruleset ORDER BY id DESC")[0][0]
    cli.sql("DELETE FROM undo_log WHERE seq <= ?", (mark + 1,))  # pruned past its start
    before = cli.state()
    done = cli("rules", "undo")
    assert done.code == 1
    assert "cannot be undone" in done.err and "nothing was changed" in done.err
    assert len(done.err.strip().splitlines()) == 1
    assert cli.state() == before
    assert "cannot be undone" in cli("check").out


def test_game_undo_names_a_later_adoption_and_backs_up_first(
    pair: Cli,
    tmp_path: Path,
) -> None:
    cli = pair
    cli.ok("game", "record", cli.file(report(1)))
    cli.ok("rules", "adopt", version(tmp_path, "A"))
    said = cli.ok("game", "undo").out
    assert "the adoption of last-hope-frontier version A" in said
    backup = said.split("backed up first to ")[1].split(")")[0]
    assert Path(backup).is_file()
    current = [h for h in cli.ok("rules", "history", "--json").json() if h["current"]]
    assert current[0]["version"] == "0.1-playtest"


def test_game_undo_of_the_game_alone_makes_no_backup_and_lists_nothing(pair: Cli) -> None:
    cli = pair
    cli.ok("game", "record", cli.file(report(1)))
    said = cli.ok("game", "undo").out
    assert said.count("\n") == 1 and "backed up" not in said


def test_an_adoption_is_planned_inside_the_transaction_that_writes_it(
    pair: Cli,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item 5: while the adoption checks the posses, no other program can buy for them."""
    from services import rulesets

    cli = pair
    seen: list[str] = []
    check = rulesets.preview_adoption

    def check_then_race(*args: object):
        if on_server(cli.db):
            seen.append(_server_writer_tries(str(cli.db)))
            return check(*args)
        other = sqlite3.connect(cli.db, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            seen.append("the other writer got in")
            other.rollback()
        except sqlite3.OperationalError as exc:
            seen.append(str(exc))
        finally:
            other.close()
        return check(*args)

    monkeypatch.setattr(rulesets, "preview_adoption", check_then_race)
    cli.ok("rules", "adopt", version(tmp_path, "A"))
    # A writer on a server takes the lock every write begins with (db.postgres.begin_write).
    assert seen == ["lock not available" if on_server(cli.db) else "database is locked"]


def _server_writer_tries(url: str) -> str:
    """Another writer of a server campaign begins a write without waiting: what happened."""
    import psycopg

    with psycopg.connect(url) as other:
        try:
            other.execute("LOCK TABLE undo_state IN SHARE ROW EXCLUSIVE MODE NOWAIT")
        except psycopg.errors.LockNotAvailable:
            return "lock not available"
        finally:
            other.rollback()
    return "the other writer got in"
