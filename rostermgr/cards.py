"""Playing cards in the app's notation (R7): rank then suit letter, `JK` for a joker."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rostermgr.errors import Refused, quoted
from rostermgr.rules import Ruleset

SUIT_LETTERS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"spades": "\u2660", "hearts": "\u2665", "diamonds": "\u2666", "clubs": "\u2663"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "JK"


@dataclass(frozen=True, order=True)
class Card:
    rank: str  # "2".."10", "J", "Q", "K", "A" or "JK"
    suit: str | None = None  # None for a joker

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        if self.suit is None:
            return JOKER
        letter = next(k for k, v in SUIT_LETTERS.items() if v == self.suit)
        return f"{self.rank}{letter}"


def parse_card(text: str) -> Card:
    """Read `10H`, `th`, `As`, `JK` or `joker`; refuse anything else with a sentence."""
    raw = text.strip().upper()
    if not raw:
        raise Refused("No card was given: write the rank then the suit letter, like 10H or JK.")
    if raw in (JOKER, "JOKER"):
        return Card(JOKER)
    rank, letter = raw[:-1], raw[-1:]
    if rank == "T":
        rank = "10"
    if rank not in RANKS or letter not in SUIT_LETTERS:
        raise Refused(
            f"{quoted(text)} is not a card: write the rank then the suit letter, "
            "like 10H, QS, AD or JK."
        )
    return Card(rank, SUIT_LETTERS[letter])


def in_deck(card: Card, rules: Ruleset) -> Card:
    """R7: a card of the ruleset's deck, 52 cards and `cards.jokers` jokers; a joker typed for a
    house ruleset played without them is refused, as the odds refuse it, not played as an ace."""
    if card.is_joker and not rules.jokers:
        raise Refused(f"The {rules.name} deck has no jokers (cards.jokers = 0), so no {card}.")
    return card


def full_deck(jokers: int = 2) -> list[Card]:
    """The 52 cards plus jokers, in a fixed order."""
    deck = [Card(rank, suit) for suit in SUIT_LETTERS.values() for rank in RANKS]
    return deck + [Card(JOKER)] * jokers


def shuffled_deck(jokers: int = 2, rng: random.Random | None = None) -> list[Card]:
    deck = full_deck(jokers)
    (rng or random.SystemRandom()).shuffle(deck)
    return deck


def allowed_stats(card: Card, rules: Ruleset) -> tuple[str, ...]:
    """R15: the two stats (by the ruleset's table) a card allows."""
    return rules.advancement_for(card.rank).stats
