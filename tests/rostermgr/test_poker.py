"""Initiative (R11): best five of the played cards, priority between hands, first-turn draw."""

from __future__ import annotations

import dataclasses

import pytest

from rostermgr import poker
from rostermgr.cards import parse_card
from rostermgr.errors import Refused
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


def cards(text: str):
    return poker.parse_cards([text])


def best(text: str, faction: str = "sheriffs", rules=RULES) -> poker.Hand:
    return poker.best_hand(cards(text), faction, rules)


def prio(first: str, second: str, holder=None, factions=("sheriffs", "outlawmen")):
    return poker.priority((factions[0], cards(first)), (factions[1], cards(second)), RULES, holder)


def test_r11_a_pair_of_2s_beats_ace_high():
    result = prio("2S 2H 5D 9C JD QS 3H", "AS KH 9D 7C 5S 3D 4H")
    assert result.first.describe() == "a pair of 2s"
    assert result.second.describe() == "ace high"
    assert (result.winner, result.decided_by) == ("first", "hand")
    assert "a pair of 2s beats ace high" in result.reason


@pytest.mark.parametrize(
    ("played", "category", "name"),
    [
        ("AS KH 9D 7C 5S 3D 2H", "high-card", "ace high"),
        ("9S 9H KD 7C 4S 2D 3H", "pair", "a pair of 9s"),
        ("9S 9H KD KC 4S 2D 3H", "two-pair", "two pair, kings and 9s"),
        ("7S 7H 7D KC 4S 2D JH", "three-of-a-kind", "three 7s"),
        ("AS 2D 3C 4H 5S 9D KD", "straight", "a straight, 5 high"),
        ("2S 7S 9S JS KS 3D 4H", "flush", "a flush, king high"),
        ("3S 3H 3D 2C 2S 9D KH", "full-house", "a full house, 3s over 2s"),
        ("8S 8H 8D 8C 2S 9D KH", "four-of-a-kind", "four 8s"),
        ("5H 6H 7H 8H 9H 2S 3C", "straight-flush", "a straight flush, 9 high"),
        ("AD KD QD JD 10D 2S 3C", "straight-flush", "a royal flush"),
    ],
)
def test_r11_best_five_of_seven_named_like_poker(played, category, name):
    hand = best(played)
    assert (hand.category, hand.describe()) == (category, name)
    assert len(hand.played) == 5


def test_r11_hands_rank_in_poker_order():
    ladder = [
        "AS KH 9D 7C 5S 3D 2H",
        "2S 2H 5D 9C JD QS 3H",
        "2S 2H 3D 3C JD QS 5H",
        "2S 2H 2D 9C JD QS 5H",
        "AS 2D 3C 4H 5S 9D KD",
        "6S 2D 3C 4H 5S 9D KD",
        "2C 7C 9C JC KC 3D 4H",
        "3S 3H 3D 2C 2S 9D KH",
        "8S 8H 8D 8C 2S 9D KH",
        "5H 6H 7H 8H 9H 2S 3C",
    ]
    strengths = [best(hand).strength for hand in ladder]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)


def test_r11_a_joker_is_wild():
    hand = best("JK 9S 9H 4D 4C 2S 7H")
    assert hand.category == "full-house"
    assert hand.describe().startswith("a full house, 9s over 4s (JK as 9")
    assert best("JK 5H 6H 8H 9H 2S KC").category == "straight-flush"


def test_r11_at_most_one_joker_is_wild():
    """Two jokers and a pair of 7s make three 7s, not four."""
    hand = best("JK JK 7S 7H 2C 9D 4H")
    assert hand.category == "three-of-a-kind"
    assert sum(1 for c in hand.played if c.is_joker) == 1


def test_r11_the_wild_joker_limit_is_read_from_the_ruleset():
    rules = dataclasses.replace(RULES, wild_jokers=0)
    assert best("JK 7S 7H 2C 9D 4H KS", rules=rules).category == "pair"
    with pytest.raises(Refused, match="five that count"):
        best("JK JK 7S 7H 2C", rules=rules)


def test_r11_a_joker_never_doubles_a_card_already_in_the_hand():
    """Four aces and a joker are four aces with a king kicker, not five aces."""
    hand = best("AS AH AD AC JK 2C 3C")
    assert hand.describe() == "four aces (JK as KS)"


def test_r11_equal_hands_split_by_kickers():
    result = prio("9S 9H KD 7C 4S 2D 3H", "9D 9C QH 7S 4H 2C 3S")
    assert (result.winner, result.decided_by) == ("first", "kickers")
    assert "9 9 K 7 4 against 9 9 Q 7 4" in result.reason


def test_r11_higher_pair_is_the_hand_not_a_kicker():
    result = prio("8S 8H AD KC 4S 2D 3H", "9D 9C 2H 3S 4H 5C 7S")
    assert (result.winner, result.decided_by) == ("second", "hand")


def test_r11_equal_hands_then_split_by_favoured_suit_in_the_hand():
    """Ruling: equal card for card, the hand with more favoured-suit cards wins."""
    result = prio("9S 9H KD 7C 4S 2D 3H", "9D 9C KH 7S 4H 2C 3D")
    assert (result.first.favoured, result.second.favoured) == (2, 1)
    assert (result.winner, result.decided_by) == ("first", "favoured-suit")


@pytest.mark.parametrize("holder", ["first", "second"])
def test_r11_fully_equal_hands_leave_priority_with_the_holder(holder):
    factions = ("bootleggers", "townsfolk")
    result = prio("9C 9H KD 7C 4H 2D 3H", "9S 9H KD 7S 4H 2C 3S", holder, factions)
    assert (result.first.favoured, result.second.favoured) == (2, 2)
    assert (result.winner, result.decided_by) == (holder, "holder")
    assert "keeps it" in result.reason


def test_r11_fully_equal_hands_without_a_holder_name_no_winner():
    same = "9C 9H KD 7C 4H 2D 3H"
    result = prio(same, same, factions=("sheriffs", "sheriffs"))
    assert result.winner is None


def test_r11_the_wild_joker_takes_the_favoured_suit_when_that_costs_nothing():
    hand = best("JK AH 9C 7D 4C 10D 2H")  # a pair of aces either way: the joker is the AS
    assert hand.describe() == "a pair of aces (JK as AS)"
    assert hand.favoured == 1


@pytest.mark.parametrize(
    ("played", "message"),
    [
        ("2S 3S 4S 5S", "5 to 8"),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S", "5 to 8"),
        ("2S 2S 4S 5S 6S 7S 8S", "2S appears twice"),
        ("JK JK JK 5S 6S 7S 8S", "2 jokers"),
        ("2S 3S 4S 5S XX", "'XX' is not a card"),
    ],
)
def test_r11_refuses_played_cards_that_cannot_be(played, message):
    with pytest.raises(Refused, match=message):
        best(played)


def test_r11_refuses_an_unknown_holder():
    with pytest.raises(Refused, match="first or the second"):
        prio("9C 9H KD 7C 4H 2D 3H", "9C 9H KD 7C 4H 2D 3H", holder="third")


# first-turn draw


def draw(first: str, second: str, first_feet: int = 0, second_feet: int = 0):
    return poker.first_turn(
        ("sheriffs", parse_card(first), first_feet),
        ("outlawmen", parse_card(second), second_feet),
        RULES,
    )


def test_r11_first_turn_highest_card_wins_aces_high():
    assert draw("AH", "KC").winner == "first"
    assert draw("2H", "3C").winner == "second"


def test_r11_first_turn_joker_always_wins():
    result = draw("AS", "JK", first_feet=3)
    assert result.winner == "second"
    assert "joker always wins" in result.reason


def test_r11_first_turn_two_jokers_draw_again():
    assert draw("JK", "JK").winner is None


def test_r11_first_turn_each_rabbits_foot_adds_to_the_card():
    foot = RULES.item("rabbits-foot").initiative
    result = draw("9H", "10C", first_feet=2)
    assert result.first.total == 9 + 2 * foot
    assert result.winner == "first"


def test_r11_first_turn_equal_values_a_favoured_suit_wins():
    assert draw("9H", "9D").winner == "second"
    assert draw("9S", "9C").winner == "first"
    # a rabbit's foot makes the values equal: the favoured 9S wins against the 10H
    assert draw("9S", "10H", first_feet=1).winner == "first"


def test_r11_first_turn_both_favoured_draw_again():
    result = draw("9S", "9D")
    assert result.winner is None
    assert "draw again" in result.reason


def test_r11_first_turn_neither_favoured_draw_again():
    """Ruling: equal values with neither card favoured is a redraw too."""
    assert draw("9H", "9C").winner is None


def test_r11_first_turn_refuses_negative_feet():
    with pytest.raises(Refused, match="0 or more"):
        draw("9H", "9C", first_feet=-1)


def test_r11_of_the_leader_s_pair_the_card_that_makes_the_better_hand_counts():
    # Keeping the 7 of diamonds makes a flush; keeping the 7 of spades only king high.
    hand = poker.best_hand(cards("7S 7D 2D 3D 5D 9D KC QH"), "sheriffs", RULES, pair=cards("7S 7D"))
    assert hand.discarded == parse_card("7S")
    assert hand.category == "flush" and parse_card("7D") in hand.played
    # Named the other way round, the same card goes.
    again = poker.best_hand(
        cards("7S 7D 2D 3D 5D 9D KC QH"), "sheriffs", RULES, pair=cards("7D 7S")
    )
    assert again.discarded == parse_card("7S")


def test_r11_only_one_card_of_the_pair_is_discarded_so_a_pair_never_counts_whole():
    hand = poker.best_hand(cards("7S 7D 2C 3D 5H 9D KC"), "sheriffs", RULES, pair=cards("7S 7D"))
    assert hand.category == "high-card" and hand.discarded is not None


@pytest.mark.parametrize(
    ("played", "pair", "said"),
    [
        ("7S 7D 2D 3D 5D 9D KC", "7S 7H", "7H is not among them"),
        ("7S 8D 2D 3D 5D 9D KC", "7S 8D", "7S and 8D are not a pair"),
        ("7S 7S 2D 3D 5D 9D KC", "7S 7S", "7S appears twice"),
    ],
)
def test_r11_a_leader_s_pair_is_two_of_the_cards_played_of_one_rank(played, pair, said):
    with pytest.raises(Refused, match=said):
        poker.best_hand(cards(played), "sheriffs", RULES, pair=cards(pair))


def test_r11_a_joker_stands_for_its_partner_in_the_pair():
    hand = poker.best_hand(cards("7S JK 2D 3D 5D 9D KC QH"), "sheriffs", RULES, pair=cards("7S JK"))
    assert hand.discarded is not None


@pytest.mark.parametrize(
    ("first", "second", "said"),
    [
        ("9C 9H KD 7C 4H 2D 3H", "", "^Second player: A hand .* not 0"),
        ("2S 2S 4S 5S 6S 7S 8S", "9C 9H KD 7C 4H 2D 3H", "^First player: 2S appears twice"),
    ],
)
def test_r11_a_refused_hand_names_whose_it_is(first, second, said):
    """Two hands are typed side by side (the table aid's fields, --first-cards and
    --second-cards): the refusal says which of them cannot be."""
    with pytest.raises(Refused, match=said):
        prio(first, second)
