"""Game use cases: preview and record a post-game report, list games, undo the last (R12-R17)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db import games as store
from db import posses, reports
from rostermgr.club import APPLIED, SENT_BACK, SubmittedReport, submit_refusal
from rostermgr.errors import Refused
from rostermgr.plans import GamePlan
from rostermgr.postgame import plan_game
from rostermgr.records import GameSummary, LaterChanges
from rostermgr.report import Report, parse_report, report_to_json
from services.campaign import Campaign, in_campaign


@dataclass(frozen=True)
class Recorded:
    """A game written to the campaign: its id and every change it made."""

    id: int
    plan: GamePlan


@dataclass(frozen=True)
class Undone:
    """What `undo_last` took back: the game, every later change, and the backup made."""

    game: GameSummary
    later: LaterChanges
    backup: Path | None


@in_campaign
def parse(c: Campaign, doc: Any) -> Report:
    """A post-game report document (DESIGN 5) checked for shape and ids against the rules."""
    return parse_report(doc, c.rules)


@in_campaign
def preview(c: Campaign, report: Report) -> GamePlan:
    """Every change the report would make, planned against the campaign now; writes nothing."""
    return plan_game(report, store.report_posses(report), c.rules)


@dataclass(frozen=True)
class Submitted:
    """A player's report kept for an arbitrator (issue 29): its number and what it would do."""

    number: int
    plan: GamePlan


def records_here(c: Campaign) -> bool:
    """Whether the user records games here (anyone outside a club, a club's arbitrators), or
    submits their reports for review (a club's players)."""
    return c.seat.arbitrates


@in_campaign
def record_or_submit(c: Campaign, report: Report) -> Recorded | Submitted:
    """Record the report; in a club campaign a player's is submitted for review instead."""
    if c.seat.arbitrates:
        return record(c, report)
    return submit(c, report)


@in_campaign
def submit(c: Campaign, report: Report) -> Submitted:
    """Keep a player's report, waiting for an arbitrator: refused unless one of their posses
    played, and unless it would be recorded now (it is checked again when applied)."""
    with c.edit():
        owners = {name: posses.owner_of(name) for name in report.posses}
        sentence = submit_refusal(c.seat, {name: owner for name, (_, owner) in owners.items()})
        if sentence is not None:
            raise Refused(sentence)
        plan = preview(c, report)
        mine = next(number for number, owner in owners.values() if owner == c.seat.name)
        doc = json.dumps(report_to_json(report), ensure_ascii=False)
        number = reports.submit(mine, doc, posses.today())
    return Submitted(number, plan)


@in_campaign
def submitted(c: Campaign) -> list[SubmittedReport]:
    """Every report players submitted, oldest first, waiting, applied or sent back."""
    return reports.listing()


@in_campaign
def apply_report(c: Campaign, number: int, dry_run: bool = False) -> Recorded:
    """Record the waiting report `number` as a game (an arbitrator's), after the same checks and
    backup as `record`; with `dry_run`, only what it would do (its id is then 0)."""
    c.allow("record")
    report = parse(c, json.loads(reports.waiting(number).doc))
    if dry_run:
        return Recorded(0, preview(c, report))
    return record(c, report, number)


@in_campaign
def send_back(c: Campaign, number: int, reason: str) -> SubmittedReport:
    """Return the waiting report `number` to its player with a reason (an arbitrator's)."""
    c.allow("send back")
    if not reason.strip():
        raise Refused("Say why the report is sent back, so its player can put it right.")
    with c.edit():
        reports.waiting(number)
        reports.decide(number, SENT_BACK, c.seat.name or None, None, reason.strip())
    return next(r for r in reports.listing() if r.id == number)


@in_campaign
def record(c: Campaign, report: Report, submitted: int | None = None) -> Recorded:
    """Apply the report in one transaction, after a checked backup when one is due.

    The undo log takes a game back (`game undo`), so a backup is made first only when the
    newest is older than the hourly schedule (issue 33); then the report is planned first, so
    a refused report makes none. It is planned inside the transaction that writes it, so what
    was checked is what is written. The app keeps the undo log of earlier edits for its own
    undo stack; the command line forgets what no undo can reach any more.
    """
    c.allow("record")
    if c.backup_due():
        preview(c, report)
        c.backup("before-game", when_due=True)
    with c.edit():
        if submitted is not None:
            reports.waiting(submitted)  # not applied or sent back by another meanwhile
        plan = preview(c, report)
        game_id = store.apply_game(report, plan, c.rules, prune=not c.keeps_undo)
        if submitted is not None:
            reports.decide(submitted, APPLIED, c.seat.name or None, game_id, None)
    return Recorded(game_id, plan)


@in_campaign
def listing(c: Campaign) -> list[GameSummary]:
    """Every recorded game, oldest first, its posses by their names today."""
    return store.list_games()


@in_campaign
def changes_since_last(c: Campaign) -> LaterChanges:
    """What undoing the newest game would take back besides it, adoptions included."""
    newest = store.newest_game_later()
    return newest[1] if newest is not None else LaterChanges((), False)


@in_campaign
def undo_last(c: Campaign) -> Undone:
    """Return the campaign to its state before the newest game, and everything done since.

    When more than the game itself would be taken back, a checked backup is made first and
    named, so the later changes can still be recovered.
    """
    c.allow("undo game")
    later = changes_since_last(c)
    with c.backed_up_edit("before-undo", later.anything) as made:
        game, taken = store.undo_last_game()
    return Undone(game, taken, made)
