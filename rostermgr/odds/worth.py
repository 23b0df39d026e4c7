"""What a favoured card is worth (R8, R9): the same rank favoured and unfavoured, exactly."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rostermgr.cards import JOKER, RANKS, SUIT_LETTERS, Card
from rostermgr.errors import Refused, quoted
from rostermgr.odds.exact import ATTACKER, DEFENDER, SIDES, Matchup, Odds, exact_odds
from rostermgr.rules import Ruleset


@dataclass(frozen=True)
class CardWorth:
    """One side plays a rank favoured, then unfavoured, against the other side's random card."""

    # The changes are in the attacker's chance of success and mean wounds (favoured minus
    # unfavoured): positive for an attacker's favoured card, negative for a defender's.

    side: str  # ATTACKER or DEFENDER: whose card is chosen
    rank: str  # "2".."A", or "JK" compared with an unfavoured Ace
    favoured_card: Card
    unfavoured_card: Card
    favoured: Odds
    unfavoured: Odds

    @property
    def success_change(self) -> Fraction:
        return self.favoured.success - self.unfavoured.success

    @property
    def wounds_change(self) -> Fraction:
        return self.favoured.mean_wounds - self.unfavoured.mean_wounds

    def as_json(self) -> dict[str, object]:
        return {
            "side": self.side,
            "rank": self.rank,
            "favoured_card": str(self.favoured_card),
            "unfavoured_card": str(self.unfavoured_card),
            "favoured": self.favoured.as_json(),
            "unfavoured": self.unfavoured.as_json(),
            "success_change": float(self.success_change),
            "wounds_change": float(self.wounds_change),
        }


def favoured_worth(matchup: Matchup, rules: Ruleset, side: str = ATTACKER) -> tuple[CardWorth, ...]:
    """Every rank, then the joker (a favoured Ace, R8), worth to `side` against a random card."""
    if side not in SIDES:
        raise Refused(f"The side is the attacker or the defender, not {quoted(side)}.")
    faction = rules.faction(matchup.attacker if side == ATTACKER else matchup.defender)
    other = next(s for s in SUIT_LETTERS.values() if s != faction.suit)
    pairs = [(rank, Card(rank, faction.suit), Card(rank, other)) for rank in RANKS]
    if rules.jokers:
        pairs.append((JOKER, Card(JOKER), Card(RANKS[-1], other)))
    out = []
    for rank, fav, unfav in pairs:
        odds = [
            exact_odds(matchup, rules, defence_card=card)
            if side == DEFENDER
            else exact_odds(matchup, rules, attack_card=card)
            for card in (fav, unfav)
        ]
        out.append(CardWorth(side, rank, fav, unfav, odds[0], odds[1]))
    return tuple(out)
