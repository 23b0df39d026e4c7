"""R12a at the table (rostermgr.movement): a measured length, and what it allows or costs."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rostermgr.errors import Refused
from rostermgr.movement import measure, parse_length
from rostermgr.rules import Tabletop

NOTES = Tabletop()  # the notes' numbers: a card of 88.9 x 63.5 mm, 1 to climb, 1 free to fall
HOUSE = Tabletop(card_mm=(100.0, 70.0), climb=2, fall_free=2, fall_damage=2)


@pytest.mark.parametrize(
    ("height", "damage"),
    [(0, 0), (88.9, 0), (89.0, 1), (177.8, 1), (177.9, 2), (266.7, 2), (300, 3)],
)
def test_r12a_a_fall_costs_one_for_each_further_card_length_or_part_of_one(height, damage):
    assert measure("fall", height, NOTES).damage == damage


def test_r12a_a_fall_typed_in_whole_card_lengths_is_exactly_that_many():
    # 2 x 88.9 is not 177.8 in binary: still exactly two card lengths, one further, 1 damage
    assert measure("fall", parse_length("2 cards", NOTES), NOTES).damage == 1
    assert measure("fall", parse_length("3 cards", NOTES), NOTES).damage == 2


def test_r12a_a_house_ruleset_s_card_and_falls_reach_the_answer():
    fall = measure("fall", 250, HOUSE)  # 50 mm over two free 100 mm card lengths
    assert fall.damage == 2 and "2 unsoakable damage" in fall.sentence
    assert measure("climb", 200, HOUSE).allowed and not measure("climb", 201, HOUSE).allowed
    assert measure("obstacle", 70, HOUSE).allowed and not measure("obstacle", 70.5, HOUSE).allowed


@given(st.floats(min_value=0, max_value=5000), st.floats(min_value=0, max_value=5000))
def test_r12a_a_longer_fall_never_costs_less(a, b):
    low, high = sorted((a, b))
    assert measure("fall", low, NOTES).damage <= measure("fall", high, NOTES).damage


@given(st.floats(min_value=0, max_value=5000))
def test_r12a_fall_damage_is_the_card_lengths_over_the_free_one_rounded_up(height):
    over = height - 88.9
    expected = 0 if over <= 0.001 else math.ceil((over - 0.001) / 88.9)
    assert measure("fall", height, NOTES).damage == expected


@pytest.mark.parametrize(
    ("kind", "length", "allowed"),
    [
        ("move", 88.9, True),
        ("move", 89, False),
        ("obstacle", 63.5, True),  # wholly beyond within one card width
        ("obstacle", 64, False),
        ("climb", 88.9, True),
        ("climb", 90, False),
    ],
)
def test_r12a_moves_obstacles_and_climbs_are_measured_with_the_card(kind, length, allowed):
    assert measure(kind, length, NOTES).allowed is allowed


def test_r12a_a_model_with_a_longer_move_reaches_further():
    assert not measure("move", 150, NOTES).allowed
    done = measure("move", 150, NOTES, move=2)
    assert done.allowed and done.sentence.startswith("A move of 2 card lengths (177.8 mm) reaches")


def test_r12a_each_answer_is_one_sentence_naming_the_length():
    for kind in ("move", "obstacle", "climb", "fall"):
        said = measure(kind, 100, NOTES).sentence
        assert "100 mm (1.12 card lengths)" in said and said.endswith(".")


@pytest.mark.parametrize(
    ("typed", "mm"),
    [
        ("120", 120),
        ("120mm", 120),
        ("12 cm", 120),
        ("4in", 101.6),
        ('4"', 101.6),
        ("1.5 cards", 133.35),
        ("2c", 177.8),
    ],
)
def test_a_length_is_typed_as_at_the_table(typed, mm):
    assert parse_length(typed, NOTES) == pytest.approx(mm)


@pytest.mark.parametrize("typed", ["", "tall", "3 feet", "-4in", "12 m m", "20000mm"])
def test_a_length_that_is_none_is_refused_in_one_sentence(typed):
    with pytest.raises(Refused) as refused:
        parse_length(typed, NOTES)
    assert str(refused.value).count(".") <= 3 and str(refused.value).endswith(".")


def test_an_unknown_measure_is_refused_naming_the_four():
    with pytest.raises(Refused, match="choose move, obstacle, climb, fall"):
        measure("swim", 10, NOTES)
