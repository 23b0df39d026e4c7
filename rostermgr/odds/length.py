"""Exact odds of the game's length (R12): the end-of-turn flips enumerated over the deck."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction

from rostermgr.cards import Card, full_deck
from rostermgr.game_length import game_length
from rostermgr.rules import Ruleset


@dataclass(frozen=True)
class LengthOdds:
    """The chance the game ends after each turn; every flip comes from a full, fresh deck."""

    ends_after: dict[int, Fraction]  # turn -> chance, rising turns

    @property
    def mean(self) -> Fraction:
        return sum((t * p for t, p in self.ends_after.items()), Fraction(0))

    def as_json(self) -> dict[str, object]:
        return {
            "ends_after": [
                {"turn": t, "chance": float(p), "exact": str(p)} for t, p in self.ends_after.items()
            ],
            "mean_turns": float(self.mean),
        }


def game_length_odds(rules: Ruleset) -> LengthOdds:
    """R12 through `game_length` itself: each flip's rank weighted by its share of the deck."""
    deck = full_deck(rules.jokers)
    counts = Counter(c.rank for c in deck)
    first = {c.rank: c for c in reversed(deck)}
    ends: defaultdict[int, Fraction] = defaultdict(Fraction)

    def walk(cards: list[Card], chance: Fraction) -> None:
        result = game_length(cards, rules)
        if result.ends_after is not None:
            ends[result.ends_after] += chance
            return
        for rank, n in counts.items():
            walk([*cards, first[rank]], chance * Fraction(n, len(deck)))

    walk([], Fraction(1))
    return LengthOdds({t: ends[t] for t in sorted(ends)})
