"""Spending flips (R15) and the campaign's shuffled deck."""

from __future__ import annotations

import random

from peewee import fn

from db import models as m
from db.posses import add_history, member_row, posse_row
from rostermgr.cards import Card, parse_card, shuffled_deck
from rostermgr.plans import FlipStep
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


def apply_flip(posse_name: str, member_name: str, step: FlipStep, drawn: bool) -> None:
    """Write a planned flip (`rostermgr.advancement.plan_spend`): the flips spent, the card
    left waiting, the stat raised and the history line, in one transaction; `drawn` tells the
    history the card came from the campaign's deck."""
    with m.database.atomic():
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
