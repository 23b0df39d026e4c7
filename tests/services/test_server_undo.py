"""The app's Undo and Redo on a server campaign that another window writes to as well.

On a file the app is the only writer, so its Undo takes back everything since the step and
Redo puts the step back as it was. On a server (no club) another player's window may write in
between: an Undo must not take their change back with its own, and a Redo must not put rows
back over theirs; either is refused in a sentence, with the campaign as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rostermgr.errors import Refused
from rostermgr.rules_load import default_ruleset
from services import games, posses, safety
from tests.cli.test_game import report
from tests.conftest import DALTON, LAWMEN, Cli
from tests.db.dump import dump
from tests.engines import open_app

D, L = DALTON["name"], LAWMEN["name"]
SLIM, WYATT, VIRGIL = "Slim", LAWMEN["members"][0]["name"], LAWMEN["members"][1]["name"]


@pytest.fixture
def two_windows(postgres_campaign_url: str) -> Iterator[tuple[Any, Any]]:
    """Two apps open on one server campaign with two posses, as two players' would be."""
    rules = default_ruleset()
    a = open_app(postgres_campaign_url, rules)
    b = open_app(postgres_campaign_url, rules)
    try:
        posses.create(a, posses.plan_request(a, DALTON))
        posses.create(a, posses.plan_request(a, LAWMEN))
        yield a, b
    finally:
        a.close()
        b.close()


def test_an_undo_after_another_window_wrote_is_refused_and_takes_nothing_back(
    two_windows: tuple[Any, Any],
) -> None:
    a, b = two_windows
    mark = a.mark()
    posses.buy(a, L, WYATT, "whiskey")
    posses.buy(b, D, SLIM, "whiskey")  # another posse: the undo replayed the log past it
    before = dump(a.db)
    with pytest.raises(Refused, match=r"^Someone else changed the campaign .* not undone"):
        a.undo_to(mark)
    assert dump(a.db) == before
    assert safety.check(a) == []


def test_a_redo_after_another_window_wrote_is_refused_and_overwrites_nothing(
    two_windows: tuple[Any, Any],
) -> None:
    a, b = two_windows
    mark = a.mark()
    posses.buy(a, L, WYATT, "whiskey")
    statements = a.undo_to(mark)
    posses.buy(b, L, VIRGIL, "whiskey")  # the redo would set the purse back to before this
    before = dump(a.db)
    with pytest.raises(Refused, match=r"^Someone else changed the campaign .* not redone"):
        a.redo(statements)
    assert dump(a.db) == before
    assert safety.check(a) == []


def test_a_window_undoes_and_redoes_its_own_steps_after_others_wrote_before_them(
    two_windows: tuple[Any, Any],
) -> None:
    a, b = two_windows
    posses.buy(b, D, SLIM, "whiskey")  # before the steps: nothing to do with their undo
    first = a.mark()
    posses.buy(a, L, WYATT, "whiskey")
    second = a.mark()
    posses.buy(a, L, VIRGIL, "whiskey")
    bought = dump(a.db)  # no game nor adoption: no undo-log marks in the rows
    again = a.undo_to(second)
    earlier = a.undo_to(first)
    assert [line.reason for line in posses.ledger(a, L)][-1] != "bought whiskey"
    a.redo(earlier)
    a.redo(again)
    assert dump(a.db) == bought
    assert safety.check(a) == []


def test_two_arbitrators_undoing_the_newest_game_at_once_undo_it_once(
    postgres_campaign_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each planned "the newest game, nothing after it, so no backup"; the second then undid
    # the game before it too, unplanned and with no backup: an undo issues no new undo-log
    # number, so the guard that compares the log's position before and after missed it.
    cli = Cli(postgres_campaign_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    cli.ok("game", "record", cli.file(report(1)))
    cli.ok("game", "record", cli.file(report(2)))
    rules = default_ruleset()
    a = open_app(postgres_campaign_url, rules)
    b = open_app(postgres_campaign_url, rules)
    real = games.changes_since_last
    undone_by_b: list[Any] = []

    def b_undoes_meanwhile(c: Any) -> Any:
        planned = real(c)
        if c is a and not undone_by_b:
            undone_by_b.append(games.undo_last(b))  # after a read, before a writes
        return planned

    monkeypatch.setattr(games, "changes_since_last", b_undoes_meanwhile)
    try:
        with pytest.raises(Refused, match=r"^Another program changed the campaign .* meanwhile"):
            games.undo_last(a)
        assert undone_by_b[0].game.id == 2
        assert [g.id for g in games.listing(a)] == [1]
    finally:
        a.close()
        b.close()
