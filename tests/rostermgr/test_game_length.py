"""Game length (R12): the end-of-turn flips after turns 5 and 6, and the hard stop after 7."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rostermgr.errors import Refused
from rostermgr.game_length import drawn_game_length, game_length
from rostermgr.poker import parse_cards
from rostermgr.rules import EndFlip
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


def length(text: str, rules=RULES):
    return game_length(parse_cards([text]), rules)


@pytest.mark.parametrize("card", ["2H", "3S", "4H", "5C"])
def test_r12_two_to_five_after_turn_5_ends_the_game(card):
    result = length(card)
    assert result.ends_after == 5
    assert result.explain()[-1] == "The game ends after turn 5."


@pytest.mark.parametrize("card", ["6H", "10S", "JD", "QC", "KH", "AS", "JK"])
def test_r12_six_to_ace_or_joker_after_turn_5_plays_turn_6(card):
    result = length(card)
    assert (result.ends_after, result.next_flip_after) == (None, 6)
    assert "so turn 6 is played" in result.explain()[1]


@pytest.mark.parametrize("card", ["2D", "6C", "10H"])
def test_r12_two_to_ten_after_turn_6_ends_the_game(card):
    assert length(f"8S,{card}").ends_after == 6


@pytest.mark.parametrize("card", ["JD", "QD", "KS", "AH", "JK"])
def test_r12_face_card_or_joker_after_turn_6_plays_turn_7_the_last(card):
    result = length(f"8S,{card}")
    assert result.ends_after == 7
    assert [f.after_turn for f in result.flips] == [5, 6]
    assert [f.ends for f in result.flips] == [False, False]


def test_r12_the_other_player_makes_the_second_flip():
    steps = length("8S,QD").explain()
    assert steps[1].startswith("End of turn 5: one player flips 8S")
    assert steps[2].startswith("End of turn 6: the other player flips QD")


def test_r12_the_players_take_turns_at_a_house_ruleset_s_third_flip():
    three = dataclasses.replace(
        RULES,
        turns=5,
        last_turn=8,
        end_flips=(EndFlip(5, ("2",)), EndFlip(6, ("2",)), EndFlip(7, ("2",))),
    )
    steps = length("8S,QD,9H", three).explain()
    assert steps[1].startswith("End of turn 5: one player flips 8S")
    assert steps[2].startswith("End of turn 6: the other player flips QD")
    assert steps[3].startswith("End of turn 7: the first player flips 9H")


def test_r12_more_cards_than_flips_are_refused():
    with pytest.raises(Refused, match="ends after turn 5"):
        length("4H,8S")


def test_r12_drawn_flips_repeat_with_a_seed_and_end_by_turn_7():
    runs = [drawn_game_length(RULES, random.Random(seed)) for seed in range(40)]
    assert {r.ends_after for r in runs} == {5, 6, 7}
    again = drawn_game_length(RULES, random.Random(7))
    assert again == drawn_game_length(RULES, random.Random(7))


def test_r12_turns_and_flips_come_from_the_ruleset():
    rules = dataclasses.replace(RULES, turns=3, last_turn=4, end_flips=(EndFlip(3, ("A",)),))
    assert length("AS", rules).ends_after == 3
    assert length("KS", rules).ends_after == 4


@pytest.mark.parametrize(
    ("cards", "last"), [("3S", "turn 5"), ("8S QD", "turn 7"), ("8S 4D", "turn 6")]
)
def test_r12_the_first_line_says_the_turns_the_flips_may_add(cards: str, last: str) -> None:
    """ "The game lasts 5 turns." then "The game ends after turn 7." read as a contradiction:
    R12 says 5 turns, a flip after turn 5 and after turn 6 that may each play one more."""
    steps = game_length(parse_cards(cards.split()), RULES).explain()
    assert steps[0] == "The game lasts 5 turns, or up to 7 if the end flips say so."
    assert steps[-1] == f"The game ends after {last}."


def test_r12_the_first_line_follows_the_ruleset():
    one = dataclasses.replace(RULES, turns=3, last_turn=4, end_flips=(EndFlip(3, ("A",)),))
    assert length("KS", one).explain()[0] == (
        "The game lasts 3 turns, or up to 4 if the end flip says so."
    )
    none = dataclasses.replace(RULES, turns=4, last_turn=4, end_flips=())
    assert game_length([], none).explain()[0] == "The game lasts 4 turns."
