"""A posse retired or deleted keeps its games and history; undo brings it back (DESIGN 4, 5)."""

from __future__ import annotations

from tests.conftest import DALTON, LAWMEN, Cli

D, L = DALTON["name"], LAWMEN["name"]


def _game(cli: Cli, posses: list[str]) -> str:
    return cli.file({"date": "2026-11-28", "scenario": "bloodbath", "posses": posses})


def test_a_retired_posse_is_listed_as_such_plays_no_game_and_comes_back(cli: Cli) -> None:
    for doc in (DALTON, LAWMEN):
        cli.new_posse(doc)
    assert cli.ok("posse", "retire", D).out == (
        f"Retired {D}; `rostermgr posse return` brings it back to play.\n"
    )
    standing = {n: cli.ok("posse", "show", n, "--json").json()["standing"] for n in (D, L)}
    assert standing == {D: "retired", L: "playing"}
    assert "retired" in cli.ok("posse", "list").out
    before = cli.state()
    refused = cli("game", "record", _game(cli, [D, L]))
    assert refused.code == 1 and "retired" in refused.err and "posse return" in refused.err
    assert cli.state() == before
    again = cli("posse", "retire", D)
    assert again.code == 1 and "retired already" in again.err
    cli.ok("posse", "return", D)
    cli.ok("game", "record", _game(cli, [D, L]))


def test_a_deleted_posse_leaves_the_lists_keeps_its_games_and_frees_its_name(cli: Cli) -> None:
    for doc in (DALTON, LAWMEN):
        cli.new_posse(doc)
    cli.ok("game", "record", _game(cli, [D, L]))
    said = cli.ok("posse", "delete", D).out
    assert said.startswith(f"Deleted {D}; its games list it as {D} (deleted ")
    assert [p["name"] for p in cli.ok("posse", "list", "--json").json()] == [L]
    (game,) = cli.ok("game", "list", "--json").json()
    assert any(name.startswith(f"{D} (deleted ") for name in game["posses"])
    cli.new_posse(DALTON)  # the name is free again
    assert sorted(p["name"] for p in cli.ok("posse", "list", "--json").json()) == [L, D]
    assert cli.ok("check").code == 0


def test_a_report_naming_a_deleted_posse_says_it_was_deleted(cli: Cli) -> None:
    """It said to bring the posse back to play (posse return), which a deleted posse is refused."""
    for doc in (DALTON, LAWMEN):
        cli.new_posse(doc)
    cli.ok("game", "record", _game(cli, [D, L]))
    cli.ok("posse", "delete", D)
    (gone,) = [n for n in cli.ok("game", "list", "--json").json()[0]["posses"] if n != L]
    before = cli.state()
    refused = cli("game", "record", _game(cli, [gone, L]))
    assert (refused.code, refused.err) == (
        1,
        f"The report names {gone}, which was deleted; a deleted posse plays no more.\n",
    )
    assert cli.state() == before


def test_a_rename_to_the_name_it_has_is_refused_and_writes_nothing(cli: Cli) -> None:
    """R17: a rename is a history line; one to the same name wrote 'Posse renamed from X to X.'"""
    cli.new_posse(DALTON)
    before = cli.state()
    refused = cli("posse", "rename", D, f" {D} ")  # the same once spaces are normalised
    assert (refused.code, refused.err) == (
        1,
        f"The posse is named '{D}' already; nothing changed.\n",
    )
    refused = cli("posse", "rename-member", D, "Kid", "Kid")
    assert (refused.code, refused.err) == (
        1,
        "'Kid' is the member's name already; nothing changed.\n",
    )
    assert cli.state() == before
