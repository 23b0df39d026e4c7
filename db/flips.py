"""Spending flips (R15) and the campaign's shuffled deck."""

from __future__ import annotations

import random
from dataclasses import replace

from peewee import fn

from db import models as m
from db.posses import add_history, load_posse, member_row, posse_row
from rostermgr.advancement import (
    FlipStep,
    allowed_stats,
    plan_choose,
    plan_flip,
    plan_reflip,
    stat_id,
)
from rostermgr.cards import Card, parse_card, shuffled_deck
from rostermgr.errors import Refused
from rostermgr.rules import Ruleset


def draw_card(rules: Ruleset, rng: random.Random | None = None) -> Card:
    """The top card of the campaign's deck; a fresh shuffle of all cards when it runs out."""
    top = m.DeckCard.select().order_by(m.DeckCard.position).first()
    if top is None:
        deck = shuffled_deck(rules.jokers, rng)
        m.DeckCard.insert_many(
            [(i, str(c)) for i, c in enumerate(deck)], fields=[m.DeckCard.position, m.DeckCard.card]
        ).execute()
        top = m.DeckCard.select().order_by(m.DeckCard.position).first()
    card = parse_card(top.card)
    top.delete_instance()
    return card


def deck_left() -> int:
    return m.DeckCard.select().count()


def spend_flip(
    posse_name: str,
    member_name: str,
    rules: Ruleset,
    card: str | None = None,
    draw: bool = False,
    choose: str | None = None,
    reflip: bool = False,
    rng: random.Random | None = None,
) -> FlipStep:
    """One `flip` command in one transaction: turn (or draw), choose, or re-flip (R15).

    A re-flip with no card given draws from the campaign's deck. A drawn card that does not
    allow the stat asked for leaves the flip waiting rather than wasting it.
    """
    with m.database.atomic():
        member = load_posse(posse_name).member(member_name)
        if card is None and not draw and not reflip:
            if choose is None:
                raise Refused(
                    "Say which card was turned (--card CARD), or --draw one; "
                    "settle a waiting flip with --choose STAT or --reflip."
                )
            step = plan_choose(member, choose, rules)
        else:
            plan = plan_reflip if reflip else plan_flip
            if card is not None:
                step = plan(member, parse_card(card), choose, rules)
            else:
                plan(member, Card("2", "spades"), None, rules)  # refuse before touching the deck
                turned = draw_card(rules, rng)
                asked = stat_id(choose, rules) if choose is not None else None
                if asked is not None and asked not in allowed_stats(turned, rules):
                    # the deck is spent either way: keep the card, and say the choice waits
                    step = plan(member, turned, None, rules)
                    step = replace(
                        step,
                        text=f"{step.text} {rules.stat_names[asked]} was asked for, which "
                        f"{turned} does not allow.",
                    )
                else:
                    step = plan(member, turned, asked, rules)
        _apply(posse_name, member_name, step, drawn=card is None and step.card is not None)
        return step


def _apply(posse_name: str, member_name: str, step: FlipStep, drawn: bool) -> None:
    posse = posse_row(posse_name)
    mem = member_row(posse, member_name)
    game = _latest_game(posse.id)
    mem.flips -= step.spent
    mem.pending_card = str(step.pending) if step.pending else None
    mem.save()
    if step.upgrade:
        m.Upgrade.create(member=mem, stat=step.upgrade, card=str(step.upgrade_card), game=game)
    add_history(
        posse,
        "flip",
        step.text,
        mem,
        game,
        card=str(step.card) if step.card else None,
        drawn=drawn,
        spent=step.spent,
        upgrade=step.upgrade,
    )


def _latest_game(posse_id: int) -> int | None:
    """Flips are earned in a game; their spending belongs to the posse's latest game."""
    latest: int | None = (
        m.GamePosse.select(fn.MAX(m.GamePosse.game)).where(m.GamePosse.posse == posse_id).scalar()
    )
    return latest
