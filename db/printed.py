"""What each roster card showed when last printed, for `print cards --changed` (R18)."""

from __future__ import annotations

from collections.abc import Iterable

from peewee import EXCLUDED

from db import models as m


def printed_fingerprints() -> dict[str, str]:
    return dict(m.tuples(m.PrintedCard.select(m.PrintedCard.key, m.PrintedCard.fingerprint)))


def remember_printed(cards: Iterable[tuple[str, str]]) -> None:
    """Record (key, fingerprint) pairs of the cards just printed, in one transaction.

    Only what changes is written: a card printed again as it was keeps its row untouched, so
    printing the same cards again writes nothing (and logs nothing to undo; issue 33: 500
    unchanged rows took some 100 ms through the undo triggers).
    """
    known = printed_fingerprints()
    rows = [
        {"key": key, "fingerprint": fingerprint}
        for key, fingerprint in cards
        if known.get(key) != fingerprint
    ]
    if not rows:
        return
    with m.database.atomic():
        for start in range(0, len(rows), 400):  # SQLite caps the parameters of one statement
            # An upsert, not SQLite's INSERT OR REPLACE, which PostgreSQL does not have: a card
            # printed before keeps its row and takes the new fingerprint, on either engine.
            m.PrintedCard.insert_many(rows[start : start + 400]).on_conflict(
                conflict_target=[m.PrintedCard.key],
                update={m.PrintedCard.fingerprint: EXCLUDED.fingerprint},
            ).execute()
