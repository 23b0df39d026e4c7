"""A game's backup is the hourly one (issue 33), on either engine, in the app and a command.

A game is backed up first only when the newest backup is an hour old or more; within the hour
the undo log is what takes it back. For any game, any edits after it and either way of holding
the campaign, `game undo` returns every campaign table to its state before the game, whether
the game was backed up first or not, and a backup made before a game holds exactly that state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db.backup import Backup, list_backups
from rostermgr.errors import Refused
from rostermgr.rules_load import default_ruleset
from services import games, posses
from tests.conftest import DALTON, LAWMEN
from tests.engines import Target, on_server, open_app, opened, tables

D, L = DALTON["name"], LAWMEN["name"]
REPORT = {
    "date": "2026-01-15",
    "scenario": "bloodbath",
    "posses": [D, L],
    "winner": L,
    "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
    "income": [{"posse": D, "amount": 5, "reason": "stagecoach"}],
}
# What a player may do between a game and its undo (a refused one changes nothing).
LATER: dict[str, Callable[[Any], object]] = {
    "buy": lambda c: posses.buy(c, D, "Slim", "whiskey"),
    "sell": lambda c: posses.sell(c, L, "Wyatt", "pistol"),
    "hire": lambda c: posses.hire(c, L, "ganger", "New Hand"),
    "rename": lambda c: posses.rename_member(c, D, "Doc", "Doc Dalton"),
    "retire": lambda c: posses.retire(c, L),
}


def _named(target: Target) -> Path:
    """What names the campaign's backups folder: its file, or its server's stand-in."""
    if on_server(target):
        from db.postgres import server_stand_in, shown

        return server_stand_in(shown(str(target)))
    return Path(target)


def _rows(target: Target | Path) -> dict[str, list[tuple]]:
    """Every campaign table's rows (a server campaign's backup is a file: same rows, its own
    schema versions)."""
    return {k: v for k, v in tables(target).items() if k != "schema_version"}


@contextmanager
def _holding(target: Target, app: bool) -> Iterator[Callable[[], Any]]:
    """Each step's campaign: the app's, open throughout, or a command's, opened per step."""
    rules = default_ruleset()
    if app:
        c = open_app(target, rules)
        try:

            @contextmanager
            def same() -> Iterator[Any]:
                yield c

            yield same
        finally:
            c.close()
        return

    @contextmanager
    def command() -> Iterator[Any]:
        with opened(target, rules, editing=True) as each:
            yield each

    yield command


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    due=st.booleans(),
    app=st.booleans(),
    later=st.lists(st.sampled_from(sorted(LATER)), max_size=4),
)
def test_game_undo_takes_a_game_back_exactly_with_or_without_its_backup(
    new_campaign: Callable[[Path], Target],
    tmp_path_factory: pytest.TempPathFactory,
    due: bool,
    app: bool,
    later: list[str],
) -> None:
    target = new_campaign(tmp_path_factory.mktemp("game") / "c.sqlite3")
    with _holding(target, app) as step:
        for doc in (DALTON, LAWMEN):
            with step() as c:
                posses.create(c, posses.plan_request(c, doc))
        folder = _named(target)
        with step() as c:
            if due:  # no backup yet: the hourly one is due
                for b in list_backups(folder):
                    b.path.unlink()
            else:  # one made seconds ago: none is due within the hour
                c.backup("manual")
        had: list[Backup] = list_backups(folder)
        before = _rows(target)
        with step() as c:
            games.record(c, games.parse(c, REPORT))
        made = [b for b in list_backups(folder) if b not in had]
        if due:
            assert [b.reason for b in made] == ["before-game"]
            assert _rows(made[0].path) == before
        else:
            assert made == []
        for name in later:
            with step() as c, suppress(Refused):
                LATER[name](c)
        with step() as c:
            undone = games.undo_last(c)
        assert _rows(target) == before
        # Only an undo that took back more than the game backs up first (DESIGN 4).
        extra = [b for b in list_backups(folder) if b not in had and b not in made]
        assert [b.reason for b in extra] == (["before-undo"] if undone.later.anything else [])
