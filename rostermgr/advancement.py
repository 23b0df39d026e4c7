"""Spending card flips (R15): turn a card, choose one of the stats it allows, or burn a re-flip."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rostermgr.cards import Card, allowed_stats, in_deck, parse_card
from rostermgr.errors import Refused, RuleBroken, quoted
from rostermgr.roster import Member
from rostermgr.rules import Ruleset

if TYPE_CHECKING:
    # Imported where a step is made: the window asks flip_choices while it opens a campaign,
    # and the plans (with the game report they hold) are some 10 ms of imports (issue 33).
    from rostermgr.plans import FlipStep


@dataclass(frozen=True)
class FlipChoices:
    """What a member may do with a flip (R15): the stats a card allows, turning, re-flipping."""

    member: str
    card: Card | None  # the card asked about: the one given, else the pending one
    stats: tuple[str, ...]  # the stats that card allows; () without a card
    can_turn: bool  # a new card may be turned (a flip to spend, none waiting)
    turn_reason: str  # why not, when it may not
    can_reflip: bool  # the pending card may be re-flipped by burning a flip
    reflip_reason: str


def flip_choices(member: Member, rules: Ruleset, card: Card | None = None) -> FlipChoices:
    """R15: for a member (and a card, or the one pending), what the flip allows.

    The answers are plan_flip's and plan_reflip's own refusals, so the window offers what the
    `flip` command accepts (turning is refused for who, never for which card).
    """
    pending = parse_card(member.pending_card) if member.pending_card else None
    shown = card or pending
    turn, reflip = turn_refusal(member), reflip_refusal(member, rules)
    return FlipChoices(
        member.name,
        shown,
        allowed_stats(shown, rules) if shown else (),
        not turn,
        turn,
        not reflip,
        reflip,
    )


def stat_id(text: str, rules: Ruleset) -> str:
    """The stat a player named: its id, name or short form, in any case ("Strength", "st")."""
    found = _stat_names(rules).get(text.strip().casefold())
    if found is not None:
        return found
    names = ", ".join(rules.stat_names[s] for s in rules.stat_order)
    raise RuleBroken(f"{quoted(text)} is not a stat: choose one of {names} (R2).")


_named: dict[int, tuple[Ruleset, dict[str, str]]] = {}


def _stat_names(rules: Ruleset) -> dict[str, str]:
    """Each stat's id, name and short form, casefolded, to the stat: the first stat in the
    ruleset's order that a form names, kept per ruleset (a simulated campaign names thousands)."""
    found = _named.get(id(rules))
    if found is None or found[0] is not rules:
        forms: dict[str, str] = {}
        for stat in rules.stat_order:
            for form in (stat, rules.stat_names[stat], rules.stat_short[stat]):
                forms.setdefault(form.casefold(), stat)
        found = _named[id(rules)] = (rules, forms)
    return found[1]


def _choose(member: str, card: Card, stat: str, rules: Ruleset, waiting: bool) -> str:
    """The stat chosen, if the card allows it; `waiting`: the card is already turned and kept."""
    stat = stat_id(stat, rules)
    allowed = allowed_stats(card, rules)
    if stat not in allowed:
        names = " or ".join(rules.stat_names[s] for s in allowed)
        then = f"{member}'s flip still waits" if waiting else "no flip was spent"
        raise RuleBroken(f"{card} allows {names}, not {rules.stat_names[stat]} (R15); {then}.")
    return stat


def turn_refusal(member: Member) -> str:
    """R14, R15: why `member` may not turn a card over for a flip now; "" when it may."""
    if not member.alive:
        return _dead(member)
    if member.pending_card:
        return (
            f"{member.name} has {member.pending_card} waiting: settle it with --choose STAT "
            "or --reflip first (R15)."
        )
    if member.flips < 1:
        return f"{member.name} has no flips to spend (R14)."
    return ""


def reflip_refusal(member: Member, rules: Ruleset) -> str:
    """R15: why `member` may not burn a flip to re-flip its waiting card; "" when it may."""
    if not member.alive:
        return _dead(member)
    if not member.pending_card:
        return f"{member.name} has no flip waiting to re-flip."
    if member.flips < rules.reflip_cost:
        return (
            f"{member.name} has no flip left to burn for a re-flip of {member.pending_card} (R15)."
        )
    return ""


def plan_flip(member: Member, card: Card, choose: str | None, rules: Ruleset) -> FlipStep:
    """Spend one earned flip on a card turned over; choose now or leave it pending."""
    refused = turn_refusal(member)
    if refused:
        raise RuleBroken(refused)
    return _turned(member, card, choose, rules, spent=1, verb="turns")


def plan_choose(member: Member, stat: str, rules: Ruleset) -> FlipStep:
    """Settle a pending flip with one of the two stats its card allows."""
    from rostermgr.plans import FlipStep

    _alive(member)
    if not member.pending_card:
        raise RuleBroken(f"{member.name} has no flip waiting for a choice.")
    card = parse_card(member.pending_card)
    stat = _choose(member.name, card, stat, rules, waiting=True)
    return FlipStep(
        member.name,
        None,
        0,
        None,
        stat,
        card,
        f"{member.name} takes +1 {rules.stat_names[stat]} from {card}.",
    )


def plan_reflip(member: Member, card: Card, choose: str | None, rules: Ruleset) -> FlipStep:
    """Burn another flip to turn again instead of taking the pending card (R15)."""
    refused = reflip_refusal(member, rules)
    if refused:
        raise RuleBroken(refused)
    return _turned(
        member, card, choose, rules, spent=rules.reflip_cost, verb="burns a flip and turns"
    )


def plan_spend(
    member: Member,
    card: Card | None,
    choose: str | None,
    reflip: bool,
    rules: Ruleset,
    drawn: bool = False,
) -> FlipStep:
    """One `flip` command (R15): settle the waiting card with `choose` (no `card`), or turn
    `card` (burning a flip to re-flip when `reflip`) and choose now or leave it waiting.

    A card drawn from the campaign's deck (`drawn`) that does not allow the stat asked for
    leaves the flip waiting rather than wasting it: the deck is spent either way.
    """
    if card is None:
        if choose is None:
            raise Refused(
                "Say which card was turned (--card CARD), or --draw one; "
                "settle a waiting flip with --choose STAT or --reflip."
            )
        return plan_choose(member, choose, rules)
    plan = plan_reflip if reflip else plan_flip
    if not drawn:
        return plan(member, card, choose, rules)
    asked = stat_id(choose, rules) if choose is not None else None
    if asked is not None and asked not in allowed_stats(card, rules):
        step = plan(member, card, None, rules)
        return replace(
            step,
            text=f"{step.text} {rules.stat_names[asked]} was asked for, which "
            f"{card} does not allow.",
        )
    return plan(member, card, asked, rules)


def refuse_turn(member: Member, reflip: bool, rules: Ruleset) -> None:
    """Refuse, as `plan_spend` would, a turn (or re-flip) the member may not make: asked before
    a card is drawn for it, so a refused flip leaves the deck as it was."""
    # any card: turning is refused for who, not which card
    (plan_reflip if reflip else plan_flip)(member, Card("2", "spades"), None, rules)


def _turned(
    member: Member, card: Card, choose: str | None, rules: Ruleset, spent: int, verb: str
) -> FlipStep:
    from rostermgr.plans import FlipStep

    in_deck(card, rules)
    if choose is None:
        allowed = " or ".join(rules.stat_names[s] for s in allowed_stats(card, rules))
        return FlipStep(
            member.name,
            card,
            spent,
            card,
            None,
            None,
            f"{member.name} {verb} {card}: {allowed}; the choice waits.",
        )
    stat = _choose(member.name, card, choose, rules, waiting=False)
    return FlipStep(
        member.name,
        card,
        spent,
        None,
        stat,
        card,
        f"{member.name} {verb} {card} and takes +1 {rules.stat_names[stat]}.",
    )


def _alive(member: Member) -> None:
    if not member.alive:
        raise RuleBroken(_dead(member))


def _dead(member: Member) -> str:
    return f"{member.name} is dead and cannot advance."
