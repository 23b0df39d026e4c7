"""R7: a house ruleset may play without jokers (`cards.jokers = 0`); then a joker typed into any
aid is refused, as the exact odds refuse it, rather than played as the favoured ace (R8), a sure
win of the first-turn draw (R11), a flip that does not end the game (R12) or an upgrade (R15)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from rostermgr.advancement import plan_flip
from rostermgr.cards import in_deck, parse_card
from rostermgr.errors import Refused
from rostermgr.game_length import game_length
from rostermgr.poker import first_turn
from rostermgr.resolution import resolve
from rostermgr.resolver import Test
from rostermgr.roster import Member
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()
NO_JOKERS = dataclasses.replace(RULES, jokers=0, wild_jokers=0)
JK, TWO = parse_card("JK"), parse_card("2C")
REFUSAL = re.escape("no jokers (cards.jokers = 0), so no JK")


def _shot(attack_card: str, defence_card: str) -> Test:
    return Test(
        kind="shot",
        attacker="sheriffs",
        attack=3,
        attack_card=parse_card(attack_card),
        defender="outlawmen",
        defence=1,
        defence_card=parse_card(defence_card),
        toughness=1,
    )


@pytest.mark.parametrize(("attack", "defence"), [("JK", "2C"), ("2C", "JK")])
def test_r7_r8_the_resolver_refuses_a_joker_of_a_deck_without_them(attack: str, defence: str):
    with pytest.raises(Refused, match=REFUSAL):
        resolve(_shot(attack, defence), NO_JOKERS)
    assert resolve(_shot(attack, defence), RULES).outcome  # the shipped deck has two


def test_r7_r11_the_first_turn_draw_refuses_a_joker_of_a_deck_without_them() -> None:
    with pytest.raises(Refused, match=REFUSAL):
        first_turn(("sheriffs", JK, 0), ("outlawmen", TWO, 0), NO_JOKERS)
    assert first_turn(("sheriffs", JK, 0), ("outlawmen", TWO, 0), RULES).winner == "first"


def test_r7_r12_the_end_flips_refuse_a_joker_of_a_deck_without_them() -> None:
    with pytest.raises(Refused, match=REFUSAL):
        game_length([JK, parse_card("3C")], NO_JOKERS)
    assert game_length([JK, parse_card("3C")], RULES).ends_after == 6


def test_r7_r15_a_flip_refuses_a_joker_of_a_deck_without_them() -> None:
    kid = Member("Kid", "ganger", flips=1)
    with pytest.raises(Refused, match=REFUSAL):
        plan_flip(kid, JK, "shot", NO_JOKERS)
    assert plan_flip(kid, JK, "shot", RULES).upgrade == "shot"


def test_r7_every_other_card_is_in_a_deck_without_jokers() -> None:
    assert in_deck(TWO, NO_JOKERS) == TWO
    assert in_deck(JK, RULES) == JK
