"""Players' post-game reports waiting for an arbitrator in a club campaign (issue 29)."""

from __future__ import annotations

import json

from db import models as m
from rostermgr.club import APPLIED, SENT_BACK, WAITING, SubmittedReport
from rostermgr.errors import Refused


def submit(posse_id: int, doc: str, today: str) -> int:
    """Keep a checked report, waiting; call inside the write's transaction. Returns its number."""
    row = m.SubmittedReport.create(posse=posse_id, doc=doc, submitted=today, status=WAITING)
    number: int = row.id
    return number


def _line(row: m.SubmittedReport) -> SubmittedReport:
    doc = json.loads(row.doc)
    return SubmittedReport(
        id=row.id,
        submitted=row.submitted,
        by=row.author,
        posses=tuple(str(p) for p in doc.get("posses", [])),
        date=str(doc.get("date", "")),
        scenario=str(doc.get("scenario", "")),
        status=row.status,
        doc=row.doc,
        reason=row.reason,
        game=row.game_id,
        decided_by=row.decided_by,
    )


def listing() -> list[SubmittedReport]:
    """Every submitted report, oldest first."""
    return [_line(r) for r in m.SubmittedReport.select().order_by(m.SubmittedReport.id)]


def waiting(number: int) -> SubmittedReport:
    """The waiting report `number`, or a refusal naming what became of it."""
    row = m.SubmittedReport.get_or_none(m.SubmittedReport.id == number)
    if row is None:
        raise Refused(f"There is no submitted report {number}; `game reports` lists them.")
    if row.status == APPLIED:
        raise Refused(f"Report {number} was applied already: it is game {row.game_id}.")
    if row.status == SENT_BACK:
        raise Refused(f"Report {number} was sent back already ({row.reason}).")
    return _line(row)


def decide(number: int, status: str, by: str | None, game: int | None, reason: str | None) -> None:
    """Mark the waiting report `number` applied (as `game`) or sent back (for `reason`)."""
    m.SubmittedReport.update(status=status, game=game, reason=reason, decided_by=by).where(
        m.SubmittedReport.id == number
    ).execute()
