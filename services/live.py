"""Another player's changes as they happen, for the app (issue 29).

A campaign on a PostgreSQL server tells its listeners of every change (db.live). The app waits
on a `Watch` in a worker thread (it has a connection of its own), and when it wakes asks
`changes` on the campaign's own connection what changed since it last looked, so that it
refreshes only that and says in the status bar what another player did. A lost connection is
said as such; `Watch.reconnect` tries again.
"""

from __future__ import annotations

from dataclasses import replace

from db import live as store
from rostermgr.club import LiveChange
from rostermgr.errors import Refused
from services.campaign import Campaign, in_campaign
from services.faults import DATABASE_ERRORS


class ConnectionLost(Refused):
    """The server campaign's connection was lost: the window turns read-only until it is back."""


class Watch:
    """Waits for changes to one server campaign, on a connection of its own (a thread's)."""

    def __init__(self, c: Campaign) -> None:
        if c.server is None:
            raise Refused(f"{c.where} is a campaign file: only a server campaign is watched.")
        self._db, self.where = c.db, c.where
        self._listener: store.Listener | None = None
        self.reconnect()

    def reconnect(self) -> bool:
        """Listen again after a lost connection; whether the server answered."""
        self.close()
        try:
            self._listener = store.listener(self._db)
        except DATABASE_ERRORS:
            return False
        except Exception as exc:  # the driver's own errors, not wrapped by peewee here
            if type(exc).__module__.startswith("psycopg"):
                return False
            raise
        return True

    def wait(self, timeout: float) -> frozenset[str]:
        """How the campaign changed within `timeout` seconds (INSERT, DELETE, or nothing);
        ConnectionLost, in a sentence, when the server is gone."""
        if self._listener is None:
            raise self._lost()
        try:
            return self._listener.wait(timeout)
        except Exception as exc:
            if type(exc).__module__.startswith("psycopg"):
                self.close()
                raise self._lost() from exc
            raise

    def _lost(self) -> ConnectionLost:
        return ConnectionLost(
            f"The connection to {self.where} was lost; the campaign is shown read-only until "
            "the server answers again (tried every few seconds)."
        )

    def close(self) -> None:
        """Stop waiting."""
        if self._listener is not None:
            self._listener.close()
            self._listener = None


@in_campaign
def changes(c: Campaign, seen: int, taken_out: bool = False) -> LiveChange:
    """What changed since the undo log's mark `seen` (`Campaign.mark`), as its user sees it;
    `elsewhere` unless every change was this open's own (the same player's other app counts
    as elsewhere: its changes are not shown in this window yet)."""
    change = store.changes_since(c.db, seen, c.seat.name, taken_out)
    return replace(change, elsewhere=c.written_elsewhere_since(seen, change.mark))
