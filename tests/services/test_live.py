"""Another player's change reaches an open app within a second (issue 29): LISTEN/NOTIFY.

Two campaigns open on one server database, as two players' apps hold them: one changes it,
the other's `Watch` wakes, and `changes` says what changed, for whom, in words.
"""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import psycopg
import pytest

from rostermgr.rules_load import default_ruleset
from services import games, live, posses
from services.opening import for_server
from tests.cli.test_game import D, L, kid_taken_out_by_wyatt
from tests.conftest import DALTON, LAWMEN, Cli


@pytest.fixture
def club(postgres_url: str, tmp_path: Path) -> tuple[str, str]:
    """A club campaign with ann's Dalton Boys and the arbitrator's Lawmen; ann's URL too."""
    boss = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    boss.ok("club", "init", postgres_url)
    ann = f"ann_{uuid.uuid4().hex[:8]}"
    boss.ok("club", "add-player", postgres_url, ann)
    Cli(postgres_url.replace("postgres@", f"{ann}@", 1), tmp_path).new_posse(DALTON)  # type: ignore[arg-type]
    boss.new_posse(LAWMEN)
    return postgres_url, postgres_url.replace("postgres@", f"{ann}@", 1)


def test_another_s_change_wakes_the_watch_within_a_second_and_says_what_it_was(
    club: tuple[str, str],
) -> None:
    boss_url, ann_url = club
    rules = default_ruleset()
    from rostermgr.report import parse_report

    with for_server(ann_url, rules) as mine, for_server(boss_url, rules, editing=True) as boss:
        watch = live.Watch(mine)
        try:
            seen = mine.mark()
            assert watch.wait(0.1) == frozenset()  # nothing yet
            began = time.monotonic()
            posses.buy(boss, D, "Ike Dalton", "whiskey")
            assert watch.wait(5) == frozenset({"INSERT"})
            assert time.monotonic() - began < 1.0
            change = live.changes(mine, seen)
            assert change.posses == frozenset({D}) and not change.everything
            assert {"ledger", "history", "member_item"} <= change.tables
            assert change.said is not None and change.said.startswith("postgres: Bought whiskey")
            assert change.said.endswith(f"({D})") and change.others == frozenset({"postgres"})
            # Her own change wakes the watch too, but says nothing of another.
            seen = change.mark
            posses.buy(mine, D, "Ma Dalton", "whiskey")
            assert watch.wait(5) == frozenset({"INSERT"})
            own = live.changes(mine, seen)
            assert own.posses == frozenset({D}) and own.said is None and own.others == frozenset()
            assert not own.elsewhere and change.elsewhere  # this open's own, and another's
            # A game undone takes entries out: anything may have changed.
            seen = own.mark
            report = parse_report(kid_taken_out_by_wyatt(1), boss.rules)
            games.record(boss, report)
            watch.wait(5)
            recorded = live.changes(mine, seen)
            assert recorded.posses == frozenset({D, L}) and "game" in recorded.tables
            games.undo_last(boss)
            assert "DELETE" in watch.wait(5)
            assert live.changes(mine, recorded.mark, taken_out=True).everything
        finally:
            watch.close()


def test_a_lost_connection_is_said_and_the_watch_comes_back(club: tuple[str, str]) -> None:
    boss_url, ann_url = club
    rules = default_ruleset()
    with for_server(ann_url, rules) as mine:
        watch = live.Watch(mine)
        try:
            with psycopg.connect(boss_url, autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE query LIKE 'LISTEN%%' AND usename = %s",
                    (ann_url.split("//", 1)[1].split("@", 1)[0],),
                )
            with pytest.raises(live.ConnectionLost) as lost:
                watch.wait(5)
            assert str(lost.value).startswith("The connection to postgresql://ann_")
            assert "read-only until the server answers again" in str(lost.value)
            with pytest.raises(live.ConnectionLost):
                watch.wait(0.1)  # still lost until it reconnects
            assert watch.reconnect()
            assert watch.wait(0.1) == frozenset()
        finally:
            watch.close()


def test_a_server_stopped_under_an_open_campaign_is_said_in_a_sentence(
    club: tuple[str, str],
) -> None:
    """The server stopped mid-evening (`pg_ctl stop -m fast` ends each session with 57P01,
    "terminating connection due to administrator command"): the window's next step, first
    the undo mark it takes, then the edit itself, is refused in a sentence, not a fault."""
    from rostermgr.errors import Refused

    boss_url, ann_url = club
    ann = ann_url.split("//", 1)[1].split("@", 1)[0]
    with for_server(ann_url, default_ruleset()) as mine:
        assert D in posses.names(mine)
        with psycopg.connect(boss_url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
                (ann,),
            )
        with pytest.raises(Refused, match="was lost"):
            mine.mark()
        with pytest.raises(Refused, match="lost"):
            posses.buy(mine, D, "Ma Dalton", "whiskey")
        mine.read_only = True  # what the window's watch does once it sees the loss
        with pytest.raises(Refused, match="is lost, so nothing was changed"):
            mine.mark()
