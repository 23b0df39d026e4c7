"""A blast test's damage step (R4, R9, the 2026-12 dynamite ruling): every model within reach.

The opposed test itself is the resolver's; a test kind with a `blast` (dynamite) then hits every
model within its `area` of the target, the target first, for the base damage + the blast, minus
each model's own Toughness (no weapon, favoured or pair bonus), never below 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rostermgr.errors import Refused
from rostermgr.rules import Ruleset, TestKind


@dataclass(frozen=True)
class Blasted:
    """One model within the blast, the target first, and the wounds it takes."""

    toughness: int
    damage: int
    wounds: int


def check_blast(kind: TestKind, paired: bool, toughness: Sequence[int], rules: Ruleset) -> None:
    """R4: only a blast test reaches several models, and no leader's pair counts in one."""
    if kind.blast:
        if paired:
            raise Refused(
                f"A leader's eighth-card pair changes no number in {kind.in_words}: its test "
                "has no modifiers but the favoured tie-break (R4)."
            )
        return
    if len(toughness) > 1:
        blasts = " or ".join(t.in_words for t in rules.test_kinds.values() if t.blast)
        raise Refused(
            f"Only {blasts or 'a blast'} reaches more than one model; {kind.in_words} takes "
            "the target's Toughness alone."
        )


def blast_models(
    kind: TestKind, difference: int, toughness: Sequence[int], rules: Ruleset
) -> tuple[Blasted, ...]:
    """R4, R9: the damage and wounds of each model (Toughness given in order, the target first)."""
    if not toughness:
        raise Refused(
            f"The {kind.action} succeeds, so the damage step needs the Toughness of each model "
            f"within {_lengths(kind.area)} of the target, the target first, which was not given "
            "(R4, R9)."
        )
    damage = rules.damage_for(difference) + kind.blast
    return tuple(Blasted(tough, damage, max(0, damage - tough)) for tough in toughness)


def blast_explained(
    kind: TestKind, difference: int, hits: Sequence[Blasted], band: str, rules: Ruleset
) -> list[str]:
    """The sentences for `blast_models`' hits; `band` names the damage band of `difference`
    ("6 to 10")."""
    base = rules.damage_for(difference)
    damage = hits[0].damage
    reach = f"within {_lengths(kind.area)} of the target" if kind.area else "it reaches"
    steps = [
        f"A difference of {difference} gives {base} damage ({band}); "
        f"{kind.name.lower()} adds {kind.blast} for every model {reach}: {damage} damage each."
    ]
    for i, hit in enumerate(hits):
        who = "The target" if i == 0 else f"Model {i + 1}"
        steps.append(
            f"{who}: {hit.damage} damage - Toughness {hit.toughness} = {hit.wounds} "
            f"wound{'s' if hit.wounds != 1 else ''}" + (": winged." if hit.wounds == 0 else ".")
        )
    return steps


def _lengths(n: int) -> str:
    return f"{n} card length{'s' if n != 1 else ''}"
