"""What an undo of one step takes back besides the step: every later change, adoptions included.

`game undo` and `rules undo` return the campaign to a stored mark; whatever was written after
the step itself goes too. This says what, so the front ends can list it and a backup is made
first (issue 27): an adoption writes no history line, and used to go unmentioned.
"""

from __future__ import annotations

from db import models as m
from db.sql import run
from rostermgr.records import LaterChanges


def after_step(
    mark: int, end: int | None, history_after: int, own_ruleset: int = 0
) -> LaterChanges:
    """Every change after the step that began at `mark` and whose own entries end at `end`.

    `history_after` is the newest history row the step itself wrote (or that stood before an
    adoption); `own_ruleset` is the ruleset row the step made, when it is an adoption. `end`
    is None for steps recorded before schema 4: then only what left a line is known.
    """
    adoptions = (
        m.StoredRuleset.select()
        .where((m.StoredRuleset.undo_mark >= mark) & (m.StoredRuleset.id != own_ruleset))
        .order_by(m.StoredRuleset.id)
    )
    lines = [f"the adoption of {row.ruleset_id} version {row.version}" for row in adoptions]
    rows = (
        m.History.select(m.History.text, m.Posse.name)
        .join(m.Posse)
        .where(m.History.id > history_after)
        .order_by(m.History.id)
    )
    lines += [f"{row.posse.name}: {row.text}" for row in rows]
    beyond = False
    if end is not None:
        found = run(m.database, "SELECT 1 FROM undo_log WHERE seq > ? LIMIT 1", (end,))
        beyond = found.fetchone() is not None
    return LaterChanges(tuple(lines), beyond)
