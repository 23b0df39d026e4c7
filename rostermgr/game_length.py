"""Game length (R12): the end-of-turn flips that decide after which turn the game ends.

The game lasts the ruleset's `turns`. After each turn that has an end flip, a player turns a
card: a rank in that flip's `ends_on` ends the game, anything else plays one more turn. The game
always ends after `last_turn`, and also after a turn with no end flip to extend it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rostermgr.cards import JOKER, RANKS, Card, in_deck, shuffled_deck
from rostermgr.errors import Refused
from rostermgr.rules import Ruleset


@dataclass(frozen=True)
class Flip:
    after_turn: int
    card: Card
    ends: bool


@dataclass(frozen=True)
class GameLength:
    """The flips made and their outcome; `ends_after` is None while a flip is still to come."""

    flips: tuple[Flip, ...]
    ends_after: int | None
    next_flip_after: int | None  # the turn after which the next flip is due, if the game goes on
    steps: tuple[str, ...]

    def explain(self) -> list[str]:
        """Each turn end as a sentence."""
        return list(self.steps)

    def as_json(self) -> dict[str, object]:
        return {
            "flips": [
                {"after_turn": f.after_turn, "card": str(f.card), "ends": f.ends}
                for f in self.flips
            ],
            "ends_after": self.ends_after,
            "next_flip_after": self.next_flip_after,
        }


def game_length(cards: Sequence[Card], rules: Ruleset) -> GameLength:
    """R12 with the cards the players turned over, in order; too few leaves the game open."""
    queue = [in_deck(card, rules) for card in cards]
    result = _play(rules, lambda: queue.pop(0) if queue else None)
    if queue:
        used = len(result.flips)
        raise Refused(
            f"The game ends after turn {result.ends_after}, so only {used} card"
            f"{'s are' if used != 1 else ' is'} flipped; {len(cards)} were given."
        )
    return result


def drawn_game_length(rules: Ruleset, rng: random.Random | None = None) -> GameLength:
    """R12 with each flip turned from the top of a freshly shuffled deck (each player's own)."""
    return _play(rules, lambda: shuffled_deck(rules.jokers, rng)[0])


def _play(rules: Ruleset, next_card: Callable[[], Card | None]) -> GameLength:
    flips_after = {f.after_turn: f.ends_on for f in rules.end_flips}
    steps = [_lasts(rules, flips_after)]
    flips: list[Flip] = []
    turn = rules.turns
    while turn < rules.last_turn and turn in flips_after:
        ends_on = flips_after[turn]
        # two players take turns at the flips (R12 names two; a house ruleset may have more)
        who = ("one player", "the other player", "the first player")[
            0 if not flips else 2 - len(flips) % 2
        ]
        card = next_card()
        if card is None:
            steps.append(
                f"End of turn {turn}: {who} flips a card; {_ranks(ends_on)} ends the game, "
                f"anything else plays turn {turn + 1}."
            )
            return GameLength(tuple(flips), None, turn, tuple(steps))
        ends = card.rank in ends_on
        flips.append(Flip(turn, card, ends))
        if ends:
            steps.append(
                f"End of turn {turn}: {who} flips {card}; {_ranks(ends_on)} ends the game."
            )
            break
        steps.append(
            f"End of turn {turn}: {who} flips {card}; only {_ranks(ends_on)} ends the game, "
            f"so turn {turn + 1} is played."
        )
        turn += 1
    else:
        if turn >= rules.last_turn and turn > rules.turns:
            steps.append(f"Turn {turn} is the last turn a game can have.")
    steps.append(f"The game ends after turn {turn}.")
    return GameLength(tuple(flips), turn, None, tuple(steps))


def _lasts(rules: Ruleset, flips_after: Mapping[int, Sequence[str]]) -> str:
    """R12's first sentence, with the turns the end flips may add: "The game lasts 5 turns"
    alone read as contradicted by "The game ends after turn 7" below it."""
    reach = rules.turns
    while reach < rules.last_turn and reach in flips_after:
        reach += 1
    if reach == rules.turns:
        return f"The game lasts {rules.turns} turns."
    flips = "flip says" if reach == rules.turns + 1 else "flips say"
    return f"The game lasts {rules.turns} turns, or up to {reach} if the end {flips} so."


def _ranks(ranks: Sequence[str]) -> str:
    """Ranks as the notes write them: '2 to 5', '2 to 10', 'J, A or joker'."""
    order = [*RANKS, JOKER]
    idx = sorted(order.index(r) for r in ranks if r in order)
    runs: list[list[int]] = []
    for i in idx:
        if runs and i == runs[-1][-1] + 1 and order[i] != JOKER:
            runs[-1].append(i)
        else:
            runs.append([i])
    parts = [
        _rank(order[r[0]]) if len(r) == 1 else f"{_rank(order[r[0]])} to {_rank(order[r[-1]])}"
        for r in runs
    ]
    if not parts:
        return "no card"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"


def _rank(rank: str) -> str:
    return "a joker" if rank == JOKER else rank
