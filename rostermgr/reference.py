"""The quick-reference sheet's content: flow charts and tables, every number from the ruleset.

A flow chart is a spine of steps read top to bottom; a decision may send its other answer to a
side box (an outcome) and a step may loop back to an earlier one. The printable draws what this
module says; it never adds a rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rostermgr.cards import JOKER
from rostermgr.reference_tables import (
    Table,
    band_spans,
    bonus_text,
    rank_span,
    rank_word,
    reference_tables,
)
from rostermgr.rules import Ruleset, TestKind

if TYPE_CHECKING:
    from rostermgr.reference_turn import MoveDiagram

__all__ = [
    "FlowChart",
    "Reference",
    "Step",
    "Table",
    "WriteIn",
    "band_spans",
    "build_reference",
    "rank_span",
    "rank_word",
]


@dataclass(frozen=True)
class Step:
    """One box of a flow chart's spine.

    `decision` draws a diamond: `down` labels the arrow to the next step, `side` the arrow to
    the `outcome` box beside it. `back` is the index of an earlier step this one returns to.
    """

    text: str
    decision: bool = False
    down: str = ""
    side: str = ""
    outcome: str = ""
    back: int | None = None
    end: bool = False  # the chart's last box: no arrow leaves it


@dataclass(frozen=True)
class FlowChart:
    title: str
    rule: str  # the rule ids it draws: "R8"
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class WriteIn:
    """A block the rules name but do not give: its title, a note that says so, ruled lines."""

    title: str
    note: str
    lines: int


@dataclass(frozen=True)
class Reference:
    ruleset_id: str
    ruleset_name: str
    version: str
    charts: tuple[FlowChart, ...]
    tables: tuple[Table, ...]
    write_ins: tuple[WriteIn, ...] = ()  # after the tables
    drawings: tuple[MoveDiagram, ...] = ()  # drawn to scale, after the charts (R12a)


def _stat(rules: Ruleset, stat: str) -> str:
    return rules.stat_names.get(stat, stat)


def _pair(rules: Ruleset, effect: str) -> str:
    """'Sheriffs leader's pair +1' for the factions whose pair has this effect."""
    names = [f.name for f in rules.factions.values() if f.pair_effect() == effect]
    if not names:
        return ""
    return f"; {' or '.join(names)} leader's pair {rules.leader_pair:+d}"


def _opposed(rules: Ruleset, test: TestKind, first: str) -> tuple[Step, ...]:
    """R8: the steps of an opposed test, from the nominating step to success or failure."""
    defence = _stat(rules, "defence")
    favoured = " + favoured bonus" if test.favoured else " (no favoured bonus)"
    attack = f"Attack total = {_stat(rules, test.stat)} + card{favoured}"
    guard = f"Defence total = {defence} + card{favoured} + clothing"
    if test.ranged:
        covers = ", ".join(f"{k} {v:+d}" for k, v in rules.cover.items() if v)
        attack += f"; from horseback {rules.horseback:+d}"
        guard += f" + cover ({covers})"
    if test.favoured:
        attack += _pair(rules, "test")
    # R8 step 6: the tie bonus goes on the spine, so an attacker who wins a tie goes on to the
    # damage step as the resolver does; only the score draw left over ends the test.
    tie = f"Tie: a favoured card on one side only: {rules.tie_break:+d} to that side's total"
    return (
        Step(first),
        Step("Both players choose a card and reveal at once"),
        Step(attack),
        Step(guard),
        Step(tie),
        Step(
            "Totals still equal?",
            decision=True,
            down="no",
            side="yes",
            outcome="Score draw (both or neither favoured): no damage",
        ),
        Step(
            "Attack total higher?",
            decision=True,
            down="yes",
            side="no",
            outcome="Failure: no damage",
        ),
    )


def _opposed_charts(rules: Ruleset) -> list[FlowChart]:
    charts = []
    for test in rules.test_kinds.values():
        if not rules.weapon_kinds(test.id):
            continue  # a test no weapon is used in is an item's own (see _item_tests)
        kinds = ", ".join(rules.kinds[k].name.lower() for k in rules.weapon_kinds(test.id))
        first = f"Nominate the attacker and the target ({test.in_words}; {kinds or 'no weapon'})"
        if not test.ranged:
            first += ", in base contact"
        steps = _opposed(rules, test, first)
        as_shot = [i.name for i in rules.items.values() if i.combat_as_shot]
        if not test.ranged and as_shot:
            note = f"{first}. {', '.join(as_shot)}: a shot in combat if no melee weapon"
            steps = (Step(note), *steps[1:])
        steps += (Step("Success: the damage step (R9)", end=True),)
        charts.append(FlowChart(f"{test.name} (R8)", "R8", steps))
    return charts


def _item_tests(rules: Ruleset) -> list[FlowChart]:
    """Tests thrown with an item of the same id and no weapon kind: dynamite (R4 ruling)."""
    charts = []
    for test in rules.test_kinds.values():
        item = rules.items.get(test.id)
        if item is None or rules.weapon_kinds(test.id):
            continue
        steps = _opposed(rules, test, f"Nominate the thrower and the target ({item.name.lower()})")
        success = f"On a success: {item.notes}" if item.notes else "Success: the damage step (R9)"
        steps += (Step(success, end=True),)
        charts.append(FlowChart(f"{item.name} test (R4)", "R4", steps))
    return charts


def _damage_chart(rules: Ruleset) -> FlowChart:
    bands = ", ".join(f"{span}: {d}" for span, d in band_spans(rules))
    fav = bonus_text(rules.favoured_damage)
    tough = _stat(rules, "toughness")
    wounds = _stat(rules, "wounds")
    return FlowChart(
        "Damage step (R9)",
        "R9",
        (
            Step(f"Difference of the totals gives base damage ({bands})"),
            Step(f"Damage = base + favoured bonus ({fav}) + weapon{_pair(rules, 'damage')}"),
            Step(
                f"{tough} total = {tough} + favoured bonus ({fav})"
                f"{_pair(rules, 'damage')}{' defending' if _pair(rules, 'damage') else ''}"
            ),
            Step(f"Wounds = damage - {tough.lower()}, never below 0"),
            Step("Any wound?", decision=True, down="yes", side="no", outcome="Winged: no wound"),
            Step(
                f"Wounds taken more than its {wounds}?",
                decision=True,
                down="no",
                side="yes",
                outcome="Out of action (R13 after the game)",
            ),
            Step("The model fights on", end=True),
        ),
    )


def _into_combat(rules: Ruleset) -> FlowChart:
    n = rules.friendly_wounds_into_combat
    return FlowChart(
        "Shooting into combat (R8)",
        "R8",
        (
            Step("A shot at a model in a combat with a friendly model"),
            Step("Resolve the shot (R8)"),
            Step(
                "Shot succeeds?",
                decision=True,
                down="no",
                side="yes",
                outcome="Damage step (R9) on the target",
            ),
            Step(
                f"Failure or score draw: the friendly model takes {n} unsoakable "
                f"wound{'s' if n != 1 else ''}",
                end=True,
            ),
        ),
    )


def _initiative(rules: Ruleset) -> FlowChart:
    feet = [i for i in rules.items.values() if i.initiative]
    high = ", ".join(f"{r} = {v}" for r, v in rules.card_values.items() if r != JOKER)
    draw = f"Each player draws one card ({high})"
    if feet:
        draw += f"; {feet[0].name}: {feet[0].initiative:+d} per one spent"
    return FlowChart(
        "First-turn initiative (R11)",
        "R11",
        (
            Step(draw),
            Step(
                "A joker drawn?",
                decision=True,
                down="no",
                side="yes",
                outcome="The joker wins (two jokers: draw again)",
            ),
            Step(
                "Values differ?",
                decision=True,
                down="no",
                side="yes",
                outcome="The higher card wins",
            ),
            Step(
                "One favoured suit only?",
                decision=True,
                down="no",
                side="yes",
                outcome="The favoured card wins",
            ),
            Step("Both or neither favoured: draw again", back=0, end=True),
        ),
    )


def _priority(rules: Ruleset) -> FlowChart:
    h = rules.hand_size
    return FlowChart(
        "Later-turn priority (R11)",
        "R11",
        (
            Step(f"Hold {h} cards; spend at least {h - 1} in the turn"),
            Step(
                "Of the leader's eighth-card pair, one card is discarded and does not count; "
                "the other counts (the player chooses)"
            ),
            Step(
                "Best five-card poker hand of the cards played; "
                f"at most {rules.wild_jokers} joker wild"
            ),
            Step(
                "Hands equal?",
                decision=True,
                down="yes",
                side="no",
                outcome="The better hand has priority",
            ),
            Step(
                "Still equal after kickers and favoured suit?",
                decision=True,
                down="yes",
                side="no",
                outcome="That hand has priority",
            ),
            Step("The current holder keeps priority"),
            Step(f"Keep the unused card and draw {h - 1}, or discard it and draw {h}", end=True),
        ),
    )


def _length(rules: Ruleset) -> FlowChart:
    steps = [Step(f"Play turns 1 to {rules.turns}")]
    for flip in rules.end_flips:
        steps.append(
            Step(
                f"End of turn {flip.after_turn}: flip a card. {rank_span(flip.ends_on)}?",
                decision=True,
                down="no",
                side="yes",
                outcome="The game ends",
            )
        )
        steps.append(Step(f"Play turn {flip.after_turn + 1}"))
    steps.append(Step(f"The game ends after turn {rules.last_turn}", end=True))
    return FlowChart("Game length (R12)", "R12", tuple(steps))


def _postgame(rules: Ruleset) -> FlowChart:
    wounds = _stat(rules, "wounds")
    n = rules.strikes_to_die
    return FlowChart(
        "After the game (R13-R17)",
        "R13-R17",
        (
            Step(f"Each model taken out of action: {wounds} -{rules.wounds_lost} for good (R13)"),
            Step(
                f"Out of action {n} times?",
                decision=True,
                down="no",
                side="yes",
                outcome="Dead: removed, its equipment buried with it",
            ),
            Step(
                f"Flips (R14): {rules.flips_per_take_out} per take-out, "
                f"{rules.flips_per_killing_blow} for a killing blow"
            ),
            Step(
                "Spend flips (R15): flip a card, see the table; "
                f"burn {rules.reflip_cost} more to re-flip"
            ),
            Step(
                f"Money (R16): rewards, bounties, goods at {rules.goods_percent}% rounded down; "
                "the purse never goes below $0"
            ),
            Step("History (R17): every change recorded with its game", end=True),
        ),
    )


def build_reference(rules: Ruleset) -> Reference:
    """The quick-reference sheet of a ruleset: its flow charts and tables, in print order."""
    # imported here: the turn's module builds on this one's FlowChart and Step
    from rostermgr.reference_turn import move_diagrams, rout_chart, turn_chart

    charts = [
        turn_chart(rules),
        *_opposed_charts(rules),
        _damage_chart(rules),
        _into_combat(rules),
        *_item_tests(rules),
        _initiative(rules),
        _priority(rules),
        _length(rules),
        rout_chart(rules),
        _postgame(rules),
    ]
    return Reference(
        rules.id,
        rules.name,
        rules.version,
        tuple(charts),
        tuple(reference_tables(rules)),
        drawings=move_diagrams(rules),
    )
