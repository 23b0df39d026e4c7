"""The scenario sheets' content (R12, issue 32 item 3): one page per scenario, from the ruleset.

Each sheet says what the players set out to do, the rule that ends the game (rout, or the bounty
procedure and its rewards by rank), the setup order (with the items that let a player set up
more models at once: the town map), the game's length and its odds, and the setup map: the
board and the playing cards laid as each posse's territory. Every word and number comes from
the ruleset; the printable draws what this module says and adds no rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rostermgr.errors import Refused, quoted
from rostermgr.odds.length import game_length_odds
from rostermgr.reference_tables import rank_span
from rostermgr.rules import LaidCard, Marker, Ruleset, Scenario

__all__ = ["ScenarioSheet", "Section", "build_sheets", "printable_scenarios"]


@dataclass(frozen=True)
class Section:
    """A titled block of sentences on a sheet."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class ScenarioSheet:
    """One scenario's page: its sections, then its setup map drawn to scale."""

    scenario_id: str
    name: str
    map: int  # the notes' setup map it follows, 0 when none is named
    sections: tuple[Section, ...]
    board_mm: tuple[float, float]
    card_mm: tuple[float, float]
    cards: tuple[LaidCard, ...]
    markers: tuple[Marker, ...]


def printable_scenarios(rules: Ruleset) -> tuple[Scenario, ...]:
    """The scenarios a sheet can be printed for: those the ruleset gives an objective."""
    return tuple(s for s in rules.scenarios.values() if s.objective)


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}%"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _rout(rules: Ruleset) -> str:
    """R12: the rout rule as the ruleset states it."""
    roles = [rules.roles[r].name for r in rules.rout_roles if r in rules.roles]
    whole = sum(rules.composition.values())
    parts = []
    if len(roles) == 1:
        parts.append(f"its {roles[0]} is out of action")
    elif roles:
        every = "both" if len(roles) == 2 else "all"
        parts.append(f"its {' and '.join(roles)} are {every} out of action")
    if rules.rout_models:
        parts.append(f"{rules.rout_models} of its {whole} models are out of action")
    if not parts:
        return "This ruleset has no rout rule: the game runs its full length."
    return f"A posse has lost (routed) when {', or '.join(parts)}."


def _ending(rules: Ruleset, scenario: Scenario) -> Section:
    lines: list[str] = []
    if scenario.bounties:
        lines.append(
            "Before the game each player names one model of the opposing posse as their bounty."
        )
    if scenario.ends_on_bounty:
        lines.append(
            "The game ends the moment either bounty is taken out of action: the player who "
            "took it wins and claims the reward for its rank."
        )
    if scenario.bounties:
        rewards = ", ".join(f"{r.name} ${r.bounty_reward}" for r in rules.roles.values())
        lines.append(f"Bounty rewards by rank: {rewards}.")
    if scenario.rout:
        lines.append(_rout(rules))
    else:
        lines.append("The rout rule is ignored in this scenario.")
    return Section("How it ends (R12)", tuple(lines))


def _setup(rules: Ruleset, scenario: Scenario) -> Section:
    t = rules.tabletop
    per_turn = _plural(t.setup_models, "model")
    lines = [
        f"Lay the cards of each posse's territory as the map shows. Players take turns to set up "
        f"{per_turn} at a time, each within its own territory.",
    ]
    for item in rules.items.values():
        if not item.setup:
            continue
        who = " or ".join(rules.roles[r].name for r in item.roles if r in rules.roles)
        held = f" (held by the {who})" if who else ""
        lines.append(
            f"{item.name}{held}: spend it to set up {_plural(item.setup, 'model')} on one turn."
        )
    if scenario.markers:
        labels = sorted({m.label for m in scenario.markers})
        lines.append(f"Place the {', '.join(labels)} where the map marks them.")
    return Section("Setup (R12)", tuple(lines))


def _length(rules: Ruleset) -> Section:
    odds = game_length_odds(rules)
    lines = [f"The game lasts {rules.turns} turns; flips at the end of later turns decide."]
    for flip in rules.end_flips:
        lines.append(
            f"End of turn {flip.after_turn}: flip a card; {rank_span(flip.ends_on)} ends the "
            f"game, anything else plays turn {flip.after_turn + 1}."
        )
    lines.append(f"The game always ends after turn {rules.last_turn}.")
    lines += [f"Ends after turn {turn}: {_percent(p)}" for turn, p in odds.ends_after.items()]
    lines.append(f"Mean length: {float(odds.mean):.2f} turns.")
    return Section("Game length and its odds (R12)", tuple(lines))


def build_sheet(rules: Ruleset, scenario: Scenario) -> ScenarioSheet:
    """The sheet of one scenario."""
    return ScenarioSheet(
        scenario.id,
        scenario.name,
        scenario.map,
        (
            Section("Objective", (scenario.objective,)),
            _ending(rules, scenario),
            _setup(rules, scenario),
            _length(rules),
        ),
        rules.tabletop.board_mm,
        rules.tabletop.card_mm,
        scenario.cards,
        scenario.markers,
    )


def build_sheets(rules: Ruleset, ids: tuple[str, ...] = ()) -> tuple[ScenarioSheet, ...]:
    """The sheets of the named scenarios (all that have an objective when none is named).

    A name that is not a scenario, or a scenario without an objective, is refused.
    """
    printable = {s.id: s for s in printable_scenarios(rules)}
    if not ids:
        if not printable:
            raise Refused(
                f"The {rules.name} {rules.version} ruleset gives no scenario an objective to "
                "print: a ruleset from before the scenario sheets has none (the shipped one has)."
            )
        return tuple(build_sheet(rules, s) for s in printable.values())
    sheets = []
    for scenario_id in dict.fromkeys(ids):
        if scenario_id not in printable:
            known = ", ".join(printable) or "none"
            what = "has no objective to print" if scenario_id in rules.scenarios else "is not known"
            raise Refused(
                f"The scenario {quoted(scenario_id)} {what}; the scenarios with a sheet are "
                f"{known}."
            )
        sheets.append(build_sheet(rules, printable[scenario_id]))
    return tuple(sheets)
