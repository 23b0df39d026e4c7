"""Movement and terrain at the table (R12a): a length measured, and what it allows or costs.

Every length is measured with a playing card (the ruleset's `tabletop.card_mm`): a move on foot
is the model's Move in card lengths, a move over an obstacle one card width, a climb
`tabletop.climb` card lengths; a fall or jump is free for `tabletop.fall_free` card lengths and
costs `tabletop.fall_damage` unsoakable damage for each further card length or part of one.
A house ruleset's card, climb or falls reach every answer here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from rostermgr.errors import Refused
from rostermgr.rules import Tabletop

MEASURES = ("move", "obstacle", "climb", "fall")
# A length as typed at the table: a number, then mm, cm, in (or "), or card lengths.
_LENGTH = re.compile(r"\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z\"]*)\s*", re.IGNORECASE)
_MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "inch": 25.4, "inches": 25.4, '"': 25.4}
_CARDS = ("card", "cards", "c")
# Lengths are compared to a thousandth of a millimetre: a length typed as "2 cards" is exactly
# two card lengths, never a hair over (177.8 mm is 2 x 88.9 in decimal, not in binary).
_EPSILON_MM = 0.001
LONGEST_MM = 10_000.0  # ten metres: anything longer is a mistyped number, not a table


@dataclass(frozen=True)
class Measured:
    """What a length allows (`allowed`) or costs (`damage`), said as the table wants it."""

    measure: str  # one of MEASURES
    length_mm: float
    cards: float  # the length in card lengths
    limit_mm: float  # the longest length allowed (a fall: the longest free)
    allowed: bool  # may the move, climb or crossing be made; a fall always happens
    damage: int  # unsoakable damage of a fall or jump; 0 for the others
    sentence: str


def parse_length(text: str, tabletop: Tabletop) -> float:
    """Millimetres from a length typed as '120', '120mm', '12cm', '4.5in', '3"' or '1.5 cards'
    (a bare number is millimetres); refused in one sentence when it is none of these."""
    found = _LENGTH.fullmatch(text)
    unit = found.group(2).lower() if found else ""
    if found is None or (unit and unit not in _MM_PER and unit not in _CARDS):
        raise Refused(
            f"'{text.strip()}' is not a length: write it as 120mm, 12cm, 4.5in or 1.5 cards."
        )
    number = float(found.group(1))
    length = number * (tabletop.card_mm[0] if unit in _CARDS else _MM_PER.get(unit, 1.0))
    if length > LONGEST_MM:
        raise Refused(f"{text.strip()} is longer than ten metres: no table is that long.")
    return length


def measure(kind: str, length_mm: float, tabletop: Tabletop, move: int = 1) -> Measured:
    """R12a: what a `length_mm` measured for a move (of `move` card lengths, the model's Move),
    a move over an obstacle, a climb or a fall or jump allows or costs."""
    card_length, card_width = tabletop.card_mm
    cards = length_mm / card_length
    said = f"{_mm(length_mm)} ({cards:.2f} card lengths)"
    if kind == "fall":
        free = tabletop.fall_free * card_length
        over = max(0.0, length_mm - free - _EPSILON_MM)
        damage = tabletop.fall_damage * math.ceil(over / card_length) if over > 0 else 0
        if damage == 0:
            sentence = f"A fall or jump of {said} is free: up to {_mm(free)} costs nothing."
        else:
            sentence = (
                f"A fall or jump of {said} costs {damage} unsoakable damage: "
                f"{tabletop.fall_damage} for each card length or part of one over {_mm(free)}; "
                "toughness does not count."
            )
        return Measured(kind, length_mm, cards, free, True, damage, sentence)
    if kind == "move":
        limit = move * card_length
        what = f"A move of {move} card length{'' if move == 1 else 's'}"
        allowed = length_mm <= limit + _EPSILON_MM
        verdict = "reaches" if allowed else "does not reach"
        sentence = f"{what} ({_mm(limit)}) {verdict} {said}."
    elif kind == "obstacle":
        limit = card_width
        allowed = length_mm <= limit + _EPSILON_MM
        sentence = (
            f"Over a fence, wall or obstacle the move is one card width ({_mm(limit)}): a "
            f"model wholly beyond it in {said} "
            + ("may cross." if allowed else "cannot make the move over it.")
        )
    elif kind == "climb":
        limit = tabletop.climb * card_length
        allowed = length_mm <= limit + _EPSILON_MM
        sentence = f"A climb of {said} is " + (
            f"within reach: up to {_mm(limit)} in a move."
            if allowed
            else f"out of reach: at most {_mm(limit)} in a move."
        )
    else:
        raise Refused(f"There is no measure '{kind}': choose {', '.join(MEASURES)}.")
    return Measured(kind, length_mm, cards, limit, allowed, 0, sentence)


def _mm(length: float) -> str:
    return f"{length:.1f} mm".replace(".0 mm", " mm")
