"""Whether a --db value names a campaign file or a campaign on a PostgreSQL server (issue 28).

No peewee here: the app decides what it opens before it loads the store.
"""

from __future__ import annotations

SCHEMES = ("postgresql://", "postgres://")
SERVICE = "service="


def is_server(given: str) -> bool:
    """A `postgresql://` (or `postgres://`) URL, or `service=NAME` for a libpq service."""
    return given.startswith(SCHEMES) or given.startswith(SERVICE)
