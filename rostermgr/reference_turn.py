"""The quick reference's turn, movement and rout blocks (issue 32 item 2), from the ruleset.

The turn as a flow chart (R11: hand, movement phase, main-phase activations, free actions, the
end of the turn), movement and terrain as a drawing to scale (R12a: the playing card that
measures, obstacles, climbing and falls), and rout and the bounty as a flow chart (R12).
"""

from __future__ import annotations

from dataclasses import dataclass

from rostermgr.reference import FlowChart, Step
from rostermgr.rules import Ruleset

MOVE_SCALE = 4  # the movement drawing is at 1:4, as the scenario sheets' maps on A4


@dataclass(frozen=True)
class Ruler:
    """One row of the movement drawing: a sentence, and what is drawn to scale under it.

    `kind` is "move" (cards laid end to end along the move), "obstacle" (one card across a
    wall, its width along the move), "climb" (a card stood up) or "fall" (card lengths
    stacked, each labelled with what a fall that far costs).
    """

    text: str
    kind: str
    cards: int = 1
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class MoveDiagram:
    """Movement and terrain (R12a), every length drawn at 1:`scale`."""

    title: str
    rule: str
    scale: int
    card_mm: tuple[float, float]  # length, width
    rows: tuple[Ruler, ...]
    note: str


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _lengths(n: int) -> str:
    """'card length' for one, '2 card lengths' for more."""
    return "card length" if n == 1 else _plural(n, "card length")


def turn_chart(rules: Ruleset) -> FlowChart:
    """R11 (2026-12, revised): a turn, from the hand of cards to the priority for the next."""
    h = rules.hand_size
    move = rules.stat_names.get("move", "Move")
    heals = [i for i in rules.items.values() if i.heals]
    drinks = ", ".join(f"{i.name} heals {i.heals}" for i in heals)
    free = f"Free actions at any time ({drinks}), never above maximum wounds"
    return FlowChart(
        "The turn (R11)",
        "R11",
        (
            Step(
                f"Each player holds {h} cards and must spend at least {h - 1} this turn; "
                "cards also answer the other player's tests"
            ),
            Step(
                f"Movement phase, model by model, I go you go: each model moves up to its "
                f"{move} (see Movement and terrain)"
            ),
            Step(
                "Main phase, I go you go: activate a model for one of a second move, a shot "
                "or a combat"
            ),
            Step(
                "A second move?",
                decision=True,
                down="no",
                side="yes",
                outcome="Once per model a turn; no combat in the same activation",
            ),
            Step(
                "Cards left to spend?",
                decision=True,
                down="no",
                side="yes",
                outcome="Activate again: another shot or combat, by any model",
            ),
            Step(free),
            Step(
                f"End of turn: keep the unused eighth card and draw {h - 1}, or discard it and "
                f"draw {h}"
            ),
            Step(
                "Priority next turn: the best five of the seven cards played (Later-turn priority)",
                end=True,
            ),
        ),
    )


def rout_chart(rules: Ruleset) -> FlowChart:
    """R12: when a posse has lost, and the Bounty scenarios that ignore rout."""
    roles = " and ".join(rules.roles[r].name for r in rules.rout_roles if r in rules.roles)
    whole = sum(rules.composition.values())
    tests = []
    if roles:
        every = "both" if len(rules.rout_roles) == 2 else "all"
        tests.append(
            f"its {roles} {every} out of action"
            if len(rules.rout_roles) > 1
            else f"its {roles} out of action"
        )
    if rules.rout_models:
        tests.append(f"{rules.rout_models} of its {whole} models out of action")
    bounty = [s for s in rules.scenarios.values() if not s.rout]
    ends = [s for s in bounty if s.ends_on_bounty]
    rewards = ", ".join(f"{r.name} ${r.bounty_reward}" for r in rules.roles.values())
    steps = []
    if bounty:
        names = " or ".join(s.name for s in bounty)
        steps.append(
            Step(
                f"In a {names} game, before it starts each player names one opposing model as "
                f"their bounty (reward by rank: {rewards})"
            )
        )
    steps.append(Step("A model is taken out of action"))
    if bounty:
        outcome = "Rout is ignored"
        if ends:
            outcome += "; the game ends the moment either named bounty is taken out of action"
        steps.append(
            Step(f"{names} scenario?", decision=True, down="no", side="yes", outcome=outcome)
        )
    if tests:
        steps.append(Step(f"Rout: {', or '.join(tests)}"))
        steps.append(
            Step(
                "Routed?",
                decision=True,
                down="no",
                side="yes",
                outcome="The posse has lost",
            )
        )
    steps.append(Step("Play on", end=True))
    return FlowChart("Rout and bounty (R12)", "R12", tuple(steps))


def move_diagrams(rules: Ruleset) -> tuple[MoveDiagram, MoveDiagram]:
    """R12a: every distance as the playing card that measures it, drawn to scale; moves and
    obstacles, then climbing and falls (two blocks, so each fits an A5 column)."""
    t = rules.tabletop
    length, width = t.card_mm
    move = rules.stat_names.get("move", "Move")
    rows = []
    for stat in sorted({r.stats.get("move", 0) for r in rules.roles.values()} - {0}):
        who = ", ".join(r.name for r in rules.roles.values() if r.stats.get("move") == stat)
        rows.append(
            Ruler(
                f"On foot ({who}): {move} {stat}, up to {_plural(stat, 'card length')} "
                f"({stat * length:g} mm), measured from the same point of the base",
                "move",
                stat,
            )
        )
    for item in (i for i in rules.items.values() if i.move):
        who = ", ".join(rules.roles[r].name for r in item.roles if r in rules.roles)
        rows.append(
            Ruler(
                f"{item.name}{f' ({who})' if who else ''}: {move} {item.move}, "
                f"{_plural(item.move, 'card length')} "
                f"({item.move * length:g} mm)",
                "move",
                item.move,
            )
        )
    rows.append(
        Ruler(
            f"Over a fence, wall or obstacle: one card width ({width:g} mm); a model that "
            "cannot be placed wholly beyond it in that width cannot make the move",
            "obstacle",
        )
    )
    climbs = []
    climbs.append(
        Ruler(
            f"Climbing: at most {_plural(t.climb, 'card length')} up in a move; a height "
            "it cannot reach in that is out of reach",
            "climb",
            t.climb,
        )
    )
    labels = ["no damage"] * t.fall_free
    labels += [f"{t.fall_damage * n} unsoakable" for n in (1, 2)]
    climbs.append(
        Ruler(
            f"A fall or jump: the first {_lengths(t.fall_free)} free, then "
            f"{t.fall_damage} unsoakable damage for each further card length or part of one",
            "fall",
            len(labels),
            tuple(labels),
        )
    )
    return (
        MoveDiagram(
            "Movement and terrain (R12a)",
            "R12a",
            MOVE_SCALE,
            (length, width),
            tuple(rows),
            f"Drawn at 1:{MOVE_SCALE}: a card ({length:g} x {width:g} mm) is "
            f"{length / MOVE_SCALE:.1f} x {width / MOVE_SCALE:.1f} mm here. No difficult "
            "terrain; distances may be measured at any time.",
        ),
        MoveDiagram(
            "Climbing and falls (R12a)",
            "R12a",
            MOVE_SCALE,
            (length, width),
            tuple(climbs),
            f"Drawn at 1:{MOVE_SCALE}. A fall's damage is unsoakable: toughness does not count.",
        ),
    )
