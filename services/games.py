"""Game use cases: preview and record a post-game report, list games, undo the last (R12-R17)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db import games as store
from rostermgr.plans import GamePlan
from rostermgr.postgame import plan_game
from rostermgr.records import GameSummary, LaterChanges
from rostermgr.report import Report, parse_report
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


@in_campaign
def record(c: Campaign, report: Report) -> Recorded:
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
        plan = preview(c, report)
        game_id = store.apply_game(report, plan, c.rules, prune=not c.keeps_undo)
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
