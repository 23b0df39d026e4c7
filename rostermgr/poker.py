"""Initiative (R11): the best five-card poker hand of the cards played, and the first-turn draw.

Poker ranks run 2 low to ace high (an ace may also start the straight A-2-3-4-5). At most the
ruleset's `wild_jokers` jokers count as wild; a wild joker stands for any card not already in
the five, chosen to make the best hand and, among equal hands, the most cards of the favoured
suit. Equal hands are split by kickers, then by favoured-suit cards in the five, then the
current holder keeps priority (ruling in R11).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from rostermgr.cards import RANKS, Card, full_deck, in_deck, parse_card
from rostermgr.errors import Refused, quoted
from rostermgr.resolver import card_value, is_favoured
from rostermgr.rules import Faction, Ruleset

FIVE = 5  # a poker hand
FIRST, SECOND = "first", "second"
PLAYERS = (FIRST, SECOND)

# Lowest to highest.
CATEGORIES = (
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
)
WHEEL = (RANKS.index("A"), 0, 1, 2, 3)  # A-2-3-4-5: a straight to the 5
WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
# How many leading compared ranks make the hand itself; the ranks after them are kickers.
MADE = {"two-pair": 2, "full-house": 2}

# How the tie between two hands was settled.
BY_HAND, BY_KICKERS, BY_FAVOURED, BY_HOLDER = "hand", "kickers", "favoured-suit", "holder"


@dataclass(frozen=True)
class Hand:
    """A player's best five cards, as played and as counted (a wild joker replaced)."""

    faction: str
    played: tuple[Card, ...]  # the five cards from the player's played cards
    counted: tuple[Card, ...]  # the same five with a wild joker as the card it stands for
    category: str
    ranks: tuple[int, ...]  # rank positions in the order they are compared
    favoured: int  # cards of the player's favoured suit among the counted five
    discarded: Card | None = None  # of the leader's pair, the card that does not count (R11)

    @property
    def strength(self) -> tuple[int, tuple[int, ...]]:
        """What poker compares: category, then ranks (kickers included)."""
        return CATEGORIES.index(self.category), self.ranks

    @property
    def jokers(self) -> tuple[tuple[Card, Card], ...]:
        """Each wild joker with the card it stands for."""
        return tuple((p, c) for p, c in zip(self.played, self.counted, strict=True) if p != c)

    def describe(self) -> str:
        """'a pair of 2s', 'ace high', 'a full house, 3s over 2s', with any joker named."""
        r = [RANKS[i] for i in self.ranks]
        text = {
            "high-card": lambda: f"{_word(r[0])} high",
            "pair": lambda: f"a pair of {_plural(r[0])}",
            "two-pair": lambda: f"two pair, {_plural(r[0])} and {_plural(r[1])}",
            "three-of-a-kind": lambda: f"three {_plural(r[0])}",
            "straight": lambda: f"a straight, {_word(r[0])} high",
            "flush": lambda: f"a flush, {_word(r[0])} high",
            "full-house": lambda: f"a full house, {_plural(r[0])} over {_plural(r[1])}",
            "four-of-a-kind": lambda: f"four {_plural(r[0])}",
            "straight-flush": lambda: (
                "a royal flush" if r[0] == "A" else f"a straight flush, {_word(r[0])} high"
            ),
        }[self.category]()
        for joker, card in self.jokers:
            text += f" ({joker} as {card})"
        return text

    def in_order(self) -> tuple[tuple[Card, Card], ...]:
        """(played, counted) pairs, the made hand first, then kickers, high to low."""
        counts = Counter(c.rank for c in self.counted)
        return tuple(
            sorted(
                zip(self.played, self.counted, strict=True),
                key=lambda pc: (counts[pc[1].rank], RANKS.index(pc[1].rank)),
                reverse=True,
            )
        )

    def cards_text(self) -> str:
        """The five as played, in order: `2S 2H KD QS JD`."""
        return " ".join(str(p) for p, _ in self.in_order())

    def discarded_text(self) -> str:
        """Which card of the leader's pair was left out (R11), or "" when none was."""
        if self.discarded is None:
            return ""
        return f"{self.discarded} of the leader's pair discarded: the other makes the better hand"


@dataclass(frozen=True)
class Priority:
    """Which hand has priority next turn, and why (R11)."""

    first: Hand
    second: Hand
    winner: str | None  # FIRST, SECOND, or None when equal with no holder named
    decided_by: str  # BY_HAND, BY_KICKERS, BY_FAVOURED or BY_HOLDER
    reason: str


@dataclass(frozen=True)
class DrawSide:
    faction: str
    card: Card
    feet: int  # rabbit's feet spent
    total: int  # card value + the feet's bonus
    favoured: bool


@dataclass(frozen=True)
class FirstTurn:
    """The first-turn high-card draw (R11); winner None means both draw again."""

    first: DrawSide
    second: DrawSide
    winner: str | None
    reason: str


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Cards from words that may hold several, split by commas or spaces: `2S 3H`, `2S,3H`."""
    return [parse_card(t) for text in texts for t in re.split(r"[,\s]+", text) if t]


def evaluate(cards: Sequence[Card]) -> tuple[str, tuple[int, ...]]:
    """The category and compared ranks of five cards without jokers."""
    ords = sorted((RANKS.index(c.rank) for c in cards), reverse=True)
    counts = Counter(ords)
    groups = sorted(counts, key=lambda o: (counts[o], o), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    high = None
    if len(counts) == FIVE:
        if ords[0] - ords[-1] == FIVE - 1:
            high = ords[0]
        elif tuple(ords) == tuple(sorted(WHEEL, reverse=True)):
            high = WHEEL[-1]
    if high is not None:
        return ("straight-flush" if flush else "straight"), (high,)
    category = {
        (4, 1): "four-of-a-kind",
        (3, 2): "full-house",
        (3, 1, 1): "three-of-a-kind",
        (2, 2, 1): "two-pair",
        (2, 1, 1, 1): "pair",
    }.get(tuple(shape), "high-card")
    if flush and CATEGORIES.index(category) < CATEGORIES.index("flush"):
        return "flush", tuple(ords)
    return category, tuple(groups)


def best_hand(
    cards: Sequence[Card],
    faction_id: str,
    rules: Ruleset,
    pair: tuple[Card, Card] | None = None,
) -> Hand:
    """R11: the best five of the cards a player played, at most `wild_jokers` of them wild.

    When the leader spent an eighth-card pair (`pair`, two of the cards played), one of its two
    cards is discarded and does not count: the one whose loss leaves the better hand.
    """
    if pair is not None:
        _check_played(cards, rules.faction(faction_id), rules)
        _check_pair(cards, pair)
        kept = [
            replace(best_hand(_without(cards, gone), faction_id, rules), discarded=gone)
            for gone in pair
        ]
        return max(kept, key=_key)  # of equals, the first card of the pair goes
    faction = rules.faction(faction_id)
    _check_played(cards, faction, rules)
    deck = full_deck(0)
    best: Hand | None = None
    for five in combinations(cards, FIVE):
        jokers = [i for i, c in enumerate(five) if c.is_joker]
        if len(jokers) > rules.wild_jokers:
            continue
        spare = [c for c in deck if c not in five]
        for stand_ins in combinations(spare, len(jokers)):
            counted = list(five)
            for i, card in zip(jokers, stand_ins, strict=True):
                counted[i] = card
            category, ranks = evaluate(counted)
            favoured = sum(1 for c in counted if c.suit == faction.suit)
            hand = Hand(faction.id, tuple(five), tuple(counted), category, ranks, favoured)
            if best is None or _key(hand) > _key(best):
                best = hand
    assert best is not None  # _check_played guarantees five cards that count
    return best


def _players_hand(
    player: str, played: tuple[str, Sequence[Card]], rules: Ruleset, pair: tuple[Card, Card] | None
) -> Hand:
    """One player's best hand; a refusal says whose cards it was (two are typed side by side)."""
    try:
        return best_hand(played[1], played[0], rules, pair)
    except Refused as exc:
        raise Refused(f"{player.capitalize()} player: {exc}") from None


def priority(
    first: tuple[str, Sequence[Card]],
    second: tuple[str, Sequence[Card]],
    rules: Ruleset,
    holder: str | None = None,
    pairs: tuple[tuple[Card, Card] | None, tuple[Card, Card] | None] = (None, None),
) -> Priority:
    """R11: compare the two players' best hands; `first`/`second` are (faction id, cards), and
    `pairs` each player's leader's pair, if one was spent (one of its cards is discarded)."""
    if holder is not None and holder not in PLAYERS:
        raise Refused(
            f"The holder of priority is the first or the second player, not {quoted(holder)}."
        )
    a = _players_hand(FIRST, first, rules, pairs[0])
    b = _players_hand(SECOND, second, rules, pairs[1])
    names = {FIRST: _label(FIRST, a, rules), SECOND: _label(SECOND, b, rules)}
    if a.strength != b.strength:
        win, lose = (a, b) if a.strength > b.strength else (b, a)
        who = FIRST if win is a else SECOND
        made = MADE.get(win.category, 1)
        if win.category != lose.category or win.ranks[:made] != lose.ranks[:made]:
            reason = f"{win.describe()} beats {lose.describe()}"
            by = BY_HAND
        else:
            reason = (
                f"both have {win.describe()}; the kickers decide "
                f"({_ranks_text(win)} against {_ranks_text(lose)})"
            )
            by = BY_KICKERS
        return Priority(a, b, who, by, f"{_cap(names[who])} has priority: {reason}.")
    if a.favoured != b.favoured:
        who = FIRST if a.favoured > b.favoured else SECOND
        reason = (
            f"the hands are equal ({a.describe()}), so favoured suit decides: "
            f"{names[FIRST]} holds {_favoured_text(a, rules)}, "
            f"{names[SECOND]} {_favoured_text(b, rules)}"
        )
        return Priority(a, b, who, BY_FAVOURED, f"{_cap(names[who])} has priority: {reason}.")
    equal = (
        f"The hands are equal ({a.describe()}) and hold as many favoured cards each ({a.favoured})"
    )
    if holder is None:
        return Priority(a, b, None, BY_HOLDER, f"{equal}: whoever holds priority now keeps it.")
    keeps = f"{equal}: {names[holder]} holds priority and keeps it."
    return Priority(a, b, holder, BY_HOLDER, keeps)


def first_turn(
    first: tuple[str, Card, int],
    second: tuple[str, Card, int],
    rules: Ruleset,
) -> FirstTurn:
    """R11: the first-turn high-card draw; `first`/`second` are (faction id, card, feet spent)."""
    a, b = _draw_side(*first, rules), _draw_side(*second, rules)
    names = {
        FIRST: f"the first player ({_name(a.faction, rules)})",
        SECOND: f"the second player ({_name(b.faction, rules)})",
    }
    if a.card.is_joker and b.card.is_joker:
        return FirstTurn(a, b, None, "Both drew a joker: draw again.")
    if a.card.is_joker or b.card.is_joker:
        who = FIRST if a.card.is_joker else SECOND
        return FirstTurn(a, b, who, f"A joker always wins: {names[who]} goes first.")
    totals = f"{_draw_text(a)} against {_draw_text(b)}"
    if a.total != b.total:
        who = FIRST if a.total > b.total else SECOND
        return FirstTurn(a, b, who, f"{totals}: the higher card wins, {names[who]} goes first.")
    if a.favoured != b.favoured:
        who = FIRST if a.favoured else SECOND
        reason = f"{totals}: equal, and only {names[who]} drew a favoured suit, so goes first."
        return FirstTurn(a, b, who, reason)
    both = "both drew" if a.favoured else "neither drew"
    return FirstTurn(a, b, None, f"{totals}: equal, and {both} a favoured suit: draw again.")


def _check_played(cards: Sequence[Card], faction: Faction, rules: Ruleset) -> None:
    if not FIVE <= len(cards) <= rules.hand_size:
        raise Refused(
            f"A hand for initiative is the cards played in the turn, {FIVE} to {rules.hand_size} "
            f"of them, not {len(cards)}."
        )
    seen = Counter(c for c in cards if not c.is_joker)
    twice = [str(c) for c, n in seen.items() if n > 1]
    if twice:
        raise Refused(
            f"{', '.join(twice)} appears twice, but a player's deck holds one of each card."
        )
    jokers = len(cards) - sum(seen.values())
    if jokers > rules.jokers:
        raise Refused(f"A deck holds {rules.jokers} jokers, not {jokers}.")
    if sum(seen.values()) + min(jokers, rules.wild_jokers) < FIVE:
        raise Refused(
            f"The {faction.name} cards do not make five that count: at most "
            f"{rules.wild_jokers} joker{'s' if rules.wild_jokers != 1 else ''} may be wild."
        )


def _check_pair(cards: Sequence[Card], pair: tuple[Card, Card]) -> None:
    """The leader's pair (R1, R8) is two of the cards played: two of one rank, or a natural
    card and a joker standing for its partner."""
    missing = [str(c) for c in pair if Counter(cards)[c] < Counter(pair)[c]]
    if missing:
        raise Refused(
            f"The leader's pair {pair[0]} {pair[1]} must be two of the cards played; "
            f"{', '.join(missing)} is not among them."
        )
    a, b = pair
    if not (a.is_joker or b.is_joker or a.rank == b.rank):
        raise Refused(
            f"{a} and {b} are not a pair: a leader's pair is two cards of one rank, or a card "
            "and a joker standing for its partner."
        )


def _without(cards: Sequence[Card], gone: Card) -> list[Card]:
    """The cards played with one copy of `gone` taken out."""
    rest = list(cards)
    rest.remove(gone)
    return rest


def _key(hand: Hand) -> tuple[int, tuple[int, ...], int]:
    return (*hand.strength, hand.favoured)


def _draw_side(faction_id: str, card: Card, feet: int, rules: Ruleset) -> DrawSide:
    faction = rules.faction(faction_id)
    in_deck(card, rules)
    if feet < 0:
        raise Refused(f"Rabbit's feet spent must be 0 or more, not {feet}.")
    bonus = feet * _foot(rules) if feet else 0
    total = card_value(card, rules) + bonus
    return DrawSide(faction.id, card, feet, total, is_favoured(card, faction))


def _foot(rules: Ruleset) -> int:
    """The initiative bonus of one rabbit's foot, read from the item that grants it."""
    feet = [item.initiative for item in rules.items.values() if item.initiative]
    if not feet:
        raise Refused(f"No item in the {rules.name} ruleset adds to the initiative draw.")
    return feet[0]


def _draw_text(side: DrawSide) -> str:
    if not side.feet:
        return f"{side.card} ({side.total})"
    feet = "rabbit's foot" if side.feet == 1 else "rabbit's feet"
    return f"{side.card} + {side.feet} {feet} ({side.total})"


def _name(faction_id: str, rules: Ruleset) -> str:
    return rules.faction(faction_id).name


def _label(player: str, hand: Hand, rules: Ruleset) -> str:
    return f"the {player} player ({_name(hand.faction, rules)})"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _word(rank: str) -> str:
    return WORDS.get(rank, rank)


def _plural(rank: str) -> str:
    return f"{_word(rank)}s"


def _ranks_text(hand: Hand) -> str:
    return " ".join(RANKS[i] for i in _spread(hand))


def _spread(hand: Hand) -> list[int]:
    """All five counted ranks, in comparison order (groups first, then kickers)."""
    counts = Counter(RANKS.index(c.rank) for c in hand.counted)
    return sorted(
        (o for o in counts for _ in range(counts[o])), key=lambda o: (counts[o], o), reverse=True
    )


def _favoured_text(hand: Hand, rules: Ruleset) -> str:
    suit = rules.faction(hand.faction).suit
    return f"{hand.favoured} {suit if hand.favoured != 1 else suit[:-1]}"
