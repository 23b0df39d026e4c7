"""The write use cases at the store's level, for tests that open a campaign file without a
`Campaign`: each loads its values through db, plans in rostermgr and has db write the plan, in
one transaction, as the use cases in services do (no backup, no lock policy)."""

from __future__ import annotations

from typing import Any

from db import exchange, flips, games, posses
from db import models as m
from rostermgr.advancement import plan_spend, refuse_turn
from rostermgr.cards import parse_card
from rostermgr.exchange import validate_posse_file
from rostermgr.plans import Entry, FlipStep, GamePlan
from rostermgr.postgame import plan_game
from rostermgr.report import Report
from rostermgr.rules import Ruleset
from rostermgr.shop import plan_buy, plan_hire, plan_sell


def record_game(report: Report, rules: Ruleset, prune: bool = True) -> tuple[int, GamePlan]:
    """Plan the report against the campaign as it is and write the game; its number and plan."""
    with m.database.atomic():
        plan = plan_game(report, games.report_posses(report), rules)
        return games.apply_game(report, plan, rules, prune=prune), plan


def buy(posse: str, member: str, item: str, rules: Ruleset) -> Entry:
    with m.database.atomic():
        entry = plan_buy(posses.load_posse(posse), member, item, rules)
        posses.apply_buy(posse, entry)
        return entry


def sell(posse: str, member: str, item: str, rules: Ruleset) -> Entry:
    with m.database.atomic():
        entry = plan_sell(posses.load_posse(posse), member, item, rules)
        posses.apply_sell(posse, entry)
        return entry


def hire(posse: str, role: str, name: str, rules: Ruleset) -> Entry:
    with m.database.atomic():
        member, entry = plan_hire(posses.load_posse(posse), role, name, rules)
        posses.apply_hire(posse, member, entry)
        return entry


def spend_flip(
    posse: str,
    member: str,
    rules: Ruleset,
    card: str | None = None,
    draw: bool = False,
    choose: str | None = None,
    reflip: bool = False,
) -> FlipStep:
    """One `flip` command, as services.flips.spend plans and writes it."""
    with m.database.atomic():
        who = posses.load_posse(posse).member(member)
        turned = parse_card(card) if card is not None else None
        drawn = turned is None and (draw or reflip)
        if drawn:
            refuse_turn(who, reflip, rules)
            turned = flips.draw_card(rules)
        step = plan_spend(who, turned, choose, reflip, rules, drawn=drawn)
        flips.apply_flip(posse, member, step, drawn=card is None and step.card is not None)
        return step


def import_posse(doc: Any, rules: Ruleset, as_name: str | None = None) -> str:
    """A posse file validated whole, then written; returns the name it was imported under."""
    return exchange.apply_import(validate_posse_file(doc, rules, as_name))
