"""Backup thinning over a simulated year: today's, 7 daily, 4 weekly, 6 monthly."""

from __future__ import annotations

from datetime import datetime, timedelta

from rostermgr.retention import backups_to_keep


def test_a_year_of_hourly_editing_thins_to_the_schedule() -> None:
    start = datetime(2026, 1, 1, 9, 0)
    kept: set[datetime] = set()
    now = start
    # Every day for a year: backups at 9:00, 13:00 and 20:00, thinned after each one.
    for day in range(365):
        for hour in (9, 13, 20):
            now = start + timedelta(days=day, hours=hour - 9)
            kept = backups_to_keep(kept | {now}, now)
    today = [k for k in kept if k.date() == now.date()]
    older = sorted(k for k in kept if k.date() != now.date())
    assert len(today) == 3
    assert len(kept) <= 3 + 7 + 4 + 6
    # The last 7 days before today each keep their newest backup.
    for back in range(1, 8):
        day = (now - timedelta(days=back)).date()
        assert [k.hour for k in older if k.date() == day] == [20]
    # Six months are represented, the oldest kept backup about half a year back.
    months = {(k.year, k.month) for k in kept}
    assert len(months) >= 6
    assert (now - min(kept)).days >= 150


def test_nothing_from_today_is_thinned() -> None:
    now = datetime(2026, 5, 5, 18, 0)
    stamps = {now - timedelta(minutes=m) for m in range(0, 600, 7)}
    assert backups_to_keep(stamps, now) == stamps
