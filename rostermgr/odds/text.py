"""The odds as lines of text for the command line: percentages and decimals, exact underneath."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rostermgr.cards import Card
from rostermgr.odds.exact import ATTACKER, Grid, Matchup, Odds
from rostermgr.odds.length import LengthOdds
from rostermgr.odds.worth import CardWorth
from rostermgr.rules import Ruleset

SHOW_SUCCESS, SHOW_WOUNDS, SHOW_BOTH = "success", "wounds", "both"
SHOWS = (SHOW_SUCCESS, SHOW_WOUNDS, SHOW_BOTH)


def pct(chance: Fraction, places: int = 2) -> str:
    """A chance as a percentage: '54.32%'."""
    return f"{float(chance) * 100:.{places}f}%"


def signed_pct(change: Fraction, places: int = 2) -> str:
    """A change in chance, in percentage points: '+3.70'."""
    return f"{float(change) * 100:+.{places}f}"


def dec(value: Fraction, places: int = 3) -> str:
    return f"{float(value):.{places}f}"


def describe(matchup: Matchup, rules: Ruleset, cells: bool = False) -> str:
    """'Shot: Sheriffs, Shot 3, against Outlawmen, Defence 1 + clothing 1; pistol; Toughness 1.'"""
    test = rules.test_kind(matchup.kind)
    stat = rules.attack_stat_name(matchup.kind)  # R8: which stat is ruleset data
    att, dfn = rules.faction(matchup.attacker).name, rules.faction(matchup.defender).name
    if cells:
        text = f"{test.name}: {att} against {dfn}"
    else:
        text = f"{test.name}: {att}, {stat} {matchup.attack}, against {dfn}, "
        text += f"Defence {matchup.defence}"
        if matchup.clothing:
            text += f" + clothing {matchup.clothing}"
    extras = []
    # R8 step 3: cover and horseback count only in a ranged test; given for another, they are
    # named as not counting (as `resolve` says), never as if they changed the figures
    if matchup.cover is not None and rules.cover.get(matchup.cover):
        unused = "" if test.cover else f" (does not count in {test.in_words})"
        extras.append(f"{matchup.cover} cover{unused}")
    if matchup.horseback:
        unused = "" if test.ranged else f" (counts only when shooting, not in {test.in_words})"
        extras.append(f"from horseback{unused}" if unused else "shooting from horseback")
    weapon = rules.item(matchup.weapon) if matchup.weapon else None
    extras.append(f"{weapon.name.lower()} (+{weapon.damage} damage)" if weapon else "no weapon")
    extras.append(f"Toughness {matchup.toughness}")
    if matchup.attacker_pair:
        extras.append("the attacking leader's pair")
    if matchup.defender_pair:
        extras.append("the defending leader's pair")
    return f"{text}; {'; '.join(extras)}."


def draw_sentence(odds: Odds, attack_card: Card | None, defence_card: Card | None) -> str:
    if attack_card is not None:
        return f"The attacker plays {attack_card}; the defender's card is random ({odds.pairs})."
    if defence_card is not None:
        return f"The defender plays {defence_card}; the attacker's card is random ({odds.pairs})."
    return f"Both cards random: {odds.pairs} equally likely pairs, one card from each deck."


def odds_lines(
    matchup: Matchup,
    odds: Odds,
    rules: Ruleset,
    attack_card: Card | None = None,
    defence_card: Card | None = None,
) -> list[str]:
    lines = [describe(matchup, rules), draw_sentence(odds, attack_card, defence_card)]
    for label, chance, count in (
        ("success", odds.success, odds.outcomes["success"]),
        ("failure", odds.failure, odds.outcomes["failure"]),
        ("score draw", odds.score_draw, odds.outcomes["score-draw"]),
        ("winged", odds.chance(odds.winged), odds.winged),
    ):
        lines.append(f"  {label:<11}{pct(chance):>8}  ({count} of {odds.pairs})")
    lines.append("Wounds inflicted (0 includes failures, draws and winged models):")
    for wounds, chance in odds.wound_chances.items():
        lines.append(f"  {wounds:>2}  {pct(chance):>8}  ({odds.wounds[wounds]} of {odds.pairs})")
    lines.append(f"Mean wounds: {dec(odds.mean_wounds)}")
    return lines


def grid_lines(grid: Grid, rules: Ruleset, show: str = SHOW_BOTH) -> list[str]:
    """One block per clothing level: attack down, defence across."""
    stat = rules.attack_stat_name(grid.matchup.kind)
    what = {
        SHOW_SUCCESS: "chance of success",
        SHOW_WOUNDS: "mean wounds",
        SHOW_BOTH: "chance of success / mean wounds",
    }[show]
    card = f"; the attacker plays {grid.attack_card}" if grid.attack_card else ""
    lines = [describe(grid.matchup, rules, cells=True), f"Each cell: {what}{card}."]
    width = {SHOW_SUCCESS: 8, SHOW_WOUNDS: 7, SHOW_BOTH: 14}[show]
    for clothing in grid.clothing:
        lines.append("")
        lines.append(f"Clothing +{clothing}:")
        head = f"{stat + ' / Defence':<18}" + "".join(f"{d:>{width}}" for d in grid.defences)
        lines.append(head)
        for attack in grid.attacks:
            row = f"{attack:<18}"
            for defence in grid.defences:
                odds = grid.odds(attack, defence, clothing)
                cell = {
                    SHOW_SUCCESS: pct(odds.success, 1),
                    SHOW_WOUNDS: dec(odds.mean_wounds, 2),
                    SHOW_BOTH: f"{pct(odds.success, 1)} {dec(odds.mean_wounds, 2)}",
                }[show]
                row += f"{cell:>{width}}"
            lines.append(row)
    return lines


def worth_lines(matchup: Matchup, worths: Sequence[CardWorth], rules: Ruleset) -> list[str]:
    """A table per side: each rank favoured against the same rank unfavoured."""
    lines = [describe(matchup, rules)]
    for side in dict.fromkeys(w.side for w in worths):
        rows = [w for w in worths if w.side == side]
        other = "defender" if side == ATTACKER else "attacker"
        lines += [
            "",
            f"The {side} plays each card; the {other}'s card is random. Changes are in the "
            "attacker's success (percentage points) and mean wounds.",
            f"{'card':<10}{'success':>10}{'unfav.':>10}{'change':>9}"
            f"{'wounds':>9}{'unfav.':>9}{'change':>9}",
        ]
        for w in rows:
            label = f"{w.favoured_card}/{w.unfavoured_card}"
            lines.append(
                f"{label:<10}{pct(w.favoured.success):>10}{pct(w.unfavoured.success):>10}"
                f"{signed_pct(w.success_change):>9}{dec(w.favoured.mean_wounds):>9}"
                f"{dec(w.unfavoured.mean_wounds):>9}{float(w.wounds_change):>+9.3f}"
            )
    return lines


def length_lines(length: LengthOdds, rules: Ruleset) -> list[str]:
    lines = [f"The game lasts {rules.turns} turns, then the end flips decide (R12):"]
    for turn, chance in length.ends_after.items():
        lines.append(f"  ends after turn {turn}: {pct(chance):>8}  (exactly {chance})")
    lines.append(f"Mean length: {dec(length.mean)} turns.")
    return lines
