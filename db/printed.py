"""What each roster card showed when last printed, for `print cards --changed` (R18)."""

from __future__ import annotations

from collections.abc import Iterable

from peewee import EXCLUDED

from db import models as m


def printed_fingerprints() -> dict[str, str]:
    return dict(m.tuples(m.PrintedCard.select(m.PrintedCard.key, m.PrintedCard.fingerprint)))


def remember_printed(cards: Iterable[tuple[str, str]]) -> None:
    """Record (key, fingerprint) pairs of the cards just printed, in one transaction."""
    rows = [{"key": key, "fingerprint": fingerprint} for key, fingerprint in cards]
    with m.database.atomic():
        for start in range(0, len(rows), 400):  # SQLite caps the parameters of one statement
            # An upsert, not SQLite's INSERT OR REPLACE, which PostgreSQL does not have: a card
            # printed before keeps its row and takes the new fingerprint, on either engine.
            m.PrintedCard.insert_many(rows[start : start + 400]).on_conflict(
                conflict_target=[m.PrintedCard.key],
                update={m.PrintedCard.fingerprint: EXCLUDED.fingerprint},
            ).execute()
