"""Card notation (R7)."""

from __future__ import annotations

import pytest

from rostermgr.cards import Card, full_deck, parse_card
from rostermgr.errors import Refused


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("2S", Card("2", "spades")),
        ("10h", Card("10", "hearts")),
        ("TD", Card("10", "diamonds")),
        ("qc", Card("Q", "clubs")),
        ("AS", Card("A", "spades")),
        ("JK", Card("JK")),
        ("joker", Card("JK")),
    ],
)
def test_r7_notation(text: str, card: Card) -> None:
    assert parse_card(text) == card
    assert parse_card(str(card)) == card


@pytest.mark.parametrize("text", ["1S", "11H", "ZZ", "10", "AX"])
def test_r7_bad_cards_refused(text: str) -> None:
    with pytest.raises(Refused, match="is not a card"):
        parse_card(text)


@pytest.mark.parametrize("text", ["", "  "])
def test_r7_no_card_is_said_so(text: str) -> None:
    with pytest.raises(Refused, match=r"^No card was given: write the rank then the suit letter"):
        parse_card(text)


def test_r7_deck_has_54_cards() -> None:
    deck = full_deck()
    assert len(deck) == 54 and sum(c.is_joker for c in deck) == 2 and len(set(deck)) == 53
