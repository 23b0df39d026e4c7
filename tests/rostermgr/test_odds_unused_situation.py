"""R8 step 3: cover and shooting from horseback count only in a shot. Asked for the odds of a
combat with them, the figures ignore them (as `resolve` does), and the matchup line says so
rather than naming them as if they had changed the figures."""

from __future__ import annotations

import dataclasses

from rostermgr.odds.exact import Matchup, exact_odds
from rostermgr.odds.text import describe
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()
COMBAT = Matchup("combat", "sheriffs", 3, "outlawmen", 1, toughness=1)


def test_r8_cover_and_horseback_in_combat_are_named_as_not_counting() -> None:
    given = dataclasses.replace(COMBAT, cover="half", horseback=True)
    text = describe(given, RULES)
    assert "half cover (does not count in combat)" in text
    assert "from horseback (counts only when shooting, not in combat)" in text
    assert exact_odds(given, RULES) == exact_odds(COMBAT, RULES)  # and indeed they do not


def test_r8_cover_and_horseback_in_a_shot_are_named_as_they_count() -> None:
    shot = dataclasses.replace(COMBAT, kind="shot", cover="half", horseback=True)
    text = describe(shot, RULES)
    assert "; half cover; shooting from horseback;" in text
    assert exact_odds(shot, RULES) != exact_odds(dataclasses.replace(shot, cover=None), RULES)
