"""Spending flips (R15): turn a card or draw one, choose the stat, or re-flip."""

from __future__ import annotations

from dataclasses import dataclass

from db import flips as store
from rostermgr.advancement import FlipChoices, flip_choices, plan_spend, refuse_turn
from rostermgr.cards import parse_card
from rostermgr.plans import FlipStep
from rostermgr.roster import Member
from services import posses
from services.campaign import Campaign, in_campaign


@dataclass(frozen=True)
class Flipped:
    """One flip spent or settled, and the member after it."""

    step: FlipStep
    member: Member


@in_campaign
def spend(
    c: Campaign,
    posse: str,
    member: str,
    card: str | None = None,
    draw: bool = False,
    choose: str | None = None,
    reflip: bool = False,
) -> Flipped:
    """One flip in one transaction: with the card turned (or drawn), a choice, or a re-flip.

    A re-flip with no card given draws from the campaign's deck, as `draw` does; a turn the
    member may not make is refused before the deck is touched.
    """
    with c.edit():
        c.allow_posse(posse)
        who = posses.load(c, posse).member(member)
        turned = parse_card(card) if card is not None else None
        drawn = turned is None and (draw or reflip)
        if drawn:
            refuse_turn(who, reflip, c.rules)
            turned = store.draw_card(c.rules)
        step = plan_spend(who, turned, choose, reflip, c.rules, drawn=drawn)
        store.apply_flip(posse, member, step, drawn=card is None and step.card is not None)
    return Flipped(step, posses.load(c, posse).member(member))


@in_campaign
def choices(c: Campaign, member: Member, card: str | None = None) -> FlipChoices:
    """What the member's flips allow now: turning, the stats of the card, re-flipping (R15)."""
    return flip_choices(member, c.rules, parse_card(card) if card else None)


@in_campaign
def cards_left(c: Campaign) -> int:
    """How many cards are left in the campaign's shuffled deck before it is shuffled anew."""
    return store.deck_left()


@in_campaign
def posses_with_flips(c: Campaign) -> list[str]:
    """The posses with a member who may turn a card or settle one turned (R15), by name."""
    out = []
    for posse in posses.load_many(c, posses.names(c)):
        if any(_waiting(c, m) for m in posse.active):
            out.append(posse.name)
    return out


def _waiting(c: Campaign, member: Member) -> bool:
    answer = flip_choices(member, c.rules)
    return answer.can_turn or answer.card is not None
