"""An open campaign plays the ruleset it holds after every write (R13, R1).

A write that takes back more than its own step can take an adoption back: `game undo` of a
game recorded before it, or the window's Undo, or put it back (Redo). The app's campaign stays
open across them, so the ruleset it plays must follow the one stored at once: before, a game
undo left the undone ruleset in play, and the games recorded next followed it (a death at 2
strikes where the campaign's ruleset kills at 3), which `check` found only on the next open.
"""

from __future__ import annotations

from pathlib import Path

from rostermgr.rules_load import default_ruleset, parse_ruleset_text
from services import games, posses, rulesets, safety
from tests.cli.test_game import kid_taken_out_by_wyatt
from tests.conftest import DALTON, LAWMEN, Target
from tests.engines import open_app

SHIPPED = default_ruleset()


def _quicker_death() -> object:
    text = SHIPPED.text.replace('version = "0.1-playtest"', 'version = "quick"', 1)
    return parse_ruleset_text(text.replace("strikes_to_die = 3", "strikes_to_die = 2", 1), "quick")


def _kid(c: object) -> object:
    return next(m for m in posses.load(c, DALTON["name"]).members if m.name == "Kid")


def test_r13_a_game_undo_that_takes_an_adoption_back_plays_the_ruleset_before_it(
    campaign_target: Target,
) -> None:
    c = open_app(campaign_target, SHIPPED)
    try:
        for doc in (DALTON, LAWMEN):
            posses.create(c, posses.plan_request(c, doc))
        games.record(c, games.parse(c, kid_taken_out_by_wyatt(1)))
        rulesets.adopt(c, _quicker_death())
        assert c.rules.strikes_to_die == 2
        games.undo_last(c)  # the game, and the adoption after it
        assert c.rules.hash == SHIPPED.hash
        for n in (2, 3):  # twice out of action: two strikes, alive under 3 to die
            games.record(c, games.parse(c, kid_taken_out_by_wyatt(n)))
        assert _kid(c).alive
        assert safety.check(c) == []
    finally:
        c.close()
    again = open_app(campaign_target, SHIPPED)
    try:
        assert safety.check(again) == []
    finally:
        again.close()


def test_r1_undo_and_redo_of_an_adoption_play_the_ruleset_they_leave(tmp_path: Path) -> None:
    c = open_app(tmp_path / "c.sqlite3", SHIPPED)
    try:
        posses.create(c, posses.plan_request(c, DALTON))
        mark = c.mark()
        rulesets.adopt(c, _quicker_death())
        statements = c.undo_to(mark)
        assert c.rules.hash == SHIPPED.hash
        c.redo(statements)
        assert c.rules.strikes_to_die == 2
    finally:
        c.close()
