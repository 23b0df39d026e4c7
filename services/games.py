"""Game use cases: preview and record a post-game report, list games, undo the last (R12-R17)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db import games as store
from db import models as m
from rostermgr.postgame import GamePlan
from rostermgr.records import GameSummary
from rostermgr.report import Report, parse_report
from services.campaign import Campaign


@dataclass(frozen=True)
class Recorded:
    """A game written to the campaign: its id and every change it made."""

    id: int
    plan: GamePlan


@dataclass(frozen=True)
class Undone:
    """What `undo_last` took back: the game, how many later changes, and the backup made."""

    game: GameSummary
    later: int
    backup: Path | None


def parse(c: Campaign, doc: Any) -> Report:
    """A post-game report document (DESIGN 5) checked for shape and ids against the rules."""
    return parse_report(doc, c.rules)


def preview(c: Campaign, report: Report) -> GamePlan:
    """Every change the report would make, planned against the campaign now; writes nothing."""
    return store.preview_game(report, c.rules)


def record(c: Campaign, report: Report) -> Recorded:
    """Apply the report in one transaction, after a checked backup.

    The report is planned first, so a refused report makes no backup. The app keeps the
    undo log of earlier edits for its own undo stack; the command line forgets what no undo
    can reach any more.
    """
    store.preview_game(report, c.rules)
    c.backup("before-game")
    with c.edit():
        game_id, plan = store.record_game(report, c.rules, prune=not c.keeps_undo)
    return Recorded(game_id, plan)


def listing(c: Campaign) -> list[GameSummary]:
    """Every recorded game, oldest first, its posses by their names today."""
    return store.list_games()


def changes_since_last(c: Campaign) -> list[str]:
    """The history lines written after the newest game: what undoing it also takes back."""
    game = m.Game.select().order_by(m.Game.id.desc()).first()
    if game is None:
        return []
    rows = (
        m.History.select(m.History.text, m.Posse.name)
        .join(m.Posse)
        .where(m.History.id > game.last_history)
        .order_by(m.History.id)
    )
    return [f"{row.posse.name}: {row.text}" for row in rows]


def undo_last(c: Campaign) -> Undone:
    """Return the campaign to its state before the newest game, and everything done since.

    When more than the game itself would be taken back, a checked backup is made first and
    named, so the later changes can still be recovered.
    """
    later = changes_since_last(c)
    made = c.backup("before-undo") if later else None
    with c.edit():
        game, count = store.undo_last_game()
    return Undone(game, count, made)
