"""Which backups to keep: all of today's, then the newest of each of the last 7 days,
4 weeks and 6 months that have backups (the way restic's --keep-daily/weekly/monthly count).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

DAILY, WEEKLY, MONTHLY = 7, 4, 6


def backups_to_keep(stamps: Iterable[datetime], now: datetime) -> set[datetime]:
    """The newest backup of each kept day, week and month; every backup made today."""
    ordered = sorted(set(stamps), reverse=True)
    keep = {s for s in ordered if s.date() == now.date()}
    days: dict[object, datetime] = {}
    weeks: dict[object, datetime] = {}
    months: dict[object, datetime] = {}
    for s in ordered:
        if s.date() == now.date():
            continue
        days.setdefault(s.date(), s)
        weeks.setdefault(s.isocalendar()[:2], s)
        months.setdefault((s.year, s.month), s)
    keep.update(list(days.values())[:DAILY])
    keep.update(list(weeks.values())[:WEEKLY])
    keep.update(list(months.values())[:MONTHLY])
    return keep
