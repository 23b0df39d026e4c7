"""Each campaign is its own unit of work (issue 28): two open in one process stay apart.

The app and the command line hold one campaign at a time, but `campaign copy`, a backup of a
server campaign and the front-end tests hold two: each use case works on the connection of the
campaign it is given, never on whichever was opened last.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from rostermgr.rules_load import default_ruleset
from services import games, posses, safety
from tests.conftest import DALTON, LAWMEN, RYE, Cli
from tests.db.dump import dump
from tests.engines import Target, open_app, opened


def test_two_campaigns_open_at_once_are_edited_each_on_its_own(
    tmp_path: Path, new_campaign: Callable[[Path], Target]
) -> None:
    rules = default_ruleset()
    first, second = new_campaign(tmp_path / "first.db"), new_campaign(tmp_path / "second.db")
    a = open_app(first, rules)
    b = open_app(second, rules)  # opened last: a store bound to one global would now see only b
    try:
        posses.create(a, posses.plan_request(a, DALTON))
        posses.create(b, posses.plan_request(b, LAWMEN))
        posses.create(a, posses.plan_request(a, RYE))
        posses.buy(b, LAWMEN["name"], LAWMEN["members"][0]["name"], "whiskey")
        assert posses.names(a) == sorted([DALTON["name"], RYE["name"]])
        assert posses.names(b) == [LAWMEN["name"]]
        # An undo on one takes back only its own step.
        mark = a.mark()
        posses.buy(a, DALTON["name"], DALTON["members"][0]["name"], "whiskey")
        before_b = dump(b.db)
        a.undo_to(mark)
        assert dump(b.db) == before_b
        assert posses.ledger(b, LAWMEN["name"])[-1].amount < 0
        assert all(line.reason != "bought whiskey" for line in posses.ledger(a, DALTON["name"]))
        assert safety.check(a) == [] and safety.check(b) == []
        assert games.listing(a) == [] and games.listing(b) == []
    finally:
        a.close()
        b.close()
    with opened(first, rules) as c:
        assert posses.names(c) == sorted([DALTON["name"], RYE["name"]])


def test_a_worker_thread_reads_the_campaign_it_is_given(
    tmp_path: Path, new_campaign: Callable[[Path], Target]
) -> None:
    rules = default_ruleset()
    a = open_app(new_campaign(tmp_path / "a.db"), rules)
    b = open_app(new_campaign(tmp_path / "b.db"), rules)
    try:
        posses.create(a, posses.plan_request(a, DALTON))
        seen: list[list[str]] = []
        worker = threading.Thread(target=lambda: seen.append(posses.names(a)))
        worker.start()
        worker.join()
        assert seen == [[DALTON["name"]]]
        assert posses.names(b) == []
    finally:
        a.close()
        b.close()


def test_the_program_never_leans_on_the_campaign_opened_last(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the store's fallback switched off, a whole story still runs: every command says
    which campaign it works on (only the store's own tests use the one opened last)."""
    from db.models import CampaignRouter
    from tests.cli.test_game import kid_taken_out_by_wyatt

    monkeypatch.setattr(CampaignRouter, "strict", True)
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    cli.ok("posse", "buy", DALTON["name"], "Ike Dalton", "whiskey")
    cli.ok("game", "record", cli.file(kid_taken_out_by_wyatt(1)))
    cli.ok("flip", LAWMEN["name"], "Wyatt", "--card", "7H")
    cli.ok("game", "undo")
    cli.ok("posse", "show", DALTON["name"], "--json")
    cli.ok("stats")
    cli.ok("export", "--csv", str(tmp_path / "csv"))
    cli.ok("print", "journal", DALTON["name"], "-o", str(tmp_path / "j.pdf"))
    cli.ok("rules", "history")
    assert cli("check").code == 0
    app = open_app(cli.db, default_ruleset())
    try:
        mark = app.mark()
        posses.buy(app, DALTON["name"], "Kid", "whiskey")
        app.undo_to(mark)
        assert games.listing(app) == []
    finally:
        app.close()
