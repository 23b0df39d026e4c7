"""Exact odds for the designer: tests (R8, R9), favoured cards, game length (R12)."""

from __future__ import annotations

from rostermgr.odds.exact import (
    ATTACKER,
    ATTACKS,
    DEFENCES,
    DEFENDER,
    OUTCOMES,
    SIDES,
    CardClass,
    Grid,
    GridCell,
    Matchup,
    Odds,
    Pairing,
    card_classes,
    chosen_class,
    clothing_levels,
    exact_odds,
    odds_grid,
    pairings,
    resolve_pair,
    tally,
)
from rostermgr.odds.length import LengthOdds, game_length_odds
from rostermgr.odds.worth import CardWorth, favoured_worth

__all__ = [
    "ATTACKER",
    "ATTACKS",
    "DEFENCES",
    "DEFENDER",
    "OUTCOMES",
    "SIDES",
    "CardClass",
    "CardWorth",
    "Grid",
    "GridCell",
    "LengthOdds",
    "Matchup",
    "Odds",
    "Pairing",
    "card_classes",
    "chosen_class",
    "clothing_levels",
    "exact_odds",
    "favoured_worth",
    "game_length_odds",
    "odds_grid",
    "pairings",
    "resolve_pair",
    "tally",
]
