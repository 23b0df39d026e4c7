"""Whether a --db value names a campaign file or a campaign on a PostgreSQL server (issue 28).

No peewee here: the app decides what it opens before it loads the store.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

SCHEMES = ("postgresql://", "postgres://")
SERVICE = "service="


def is_server(given: str) -> bool:
    """A `postgresql://` (or `postgres://`) URL, or `service=NAME` for a libpq service."""
    return given.startswith(SCHEMES) or given.startswith(SERVICE)


def conninfo(given: str) -> str:
    """The libpq connection URL of a --db value: a URL as it is, a service name as one."""
    if given.startswith(SERVICE):
        return f"postgresql:///?service={given.removeprefix(SERVICE)}"
    if given.startswith("postgres://"):
        return "postgresql://" + given.removeprefix("postgres://")
    return given


def shown(given: str) -> str:
    """The server campaign as sentences name it: its URL without any password."""
    if given.startswith(SERVICE):
        return f"the PostgreSQL service {given.removeprefix(SERVICE)!r}"
    parts = urlsplit(conninfo(given))
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}@{host}"
    query = "&".join(
        p for p in parts.query.split("&") if p and not p.lower().startswith("password=")
    )
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))
