"""Whether a --db value names a campaign file or a campaign on a PostgreSQL server (issue 28).

No peewee here: the app decides what it opens before it loads the store.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

SCHEMES = ("postgresql://", "postgres://")
SERVICE = "service="


def _scheme(given: str) -> str | None:
    """The server scheme `given` begins with, in lower case, or None. A URL's scheme is
    case-insensitive (RFC 3986, 3.1): PostgreSQL:// and POSTGRES:// name a server too."""
    head, sep, _rest = given.partition("://")
    scheme = f"{head.lower()}{sep}"
    return scheme if sep and scheme in SCHEMES else None


def is_server(given: str) -> bool:
    """A `postgresql://` (or `postgres://`) URL in any case, or `service=NAME` for a libpq
    service."""
    return _scheme(given) is not None or given.startswith(SERVICE)


def conninfo(given: str) -> str:
    """The libpq connection URL of a --db value: a URL with its scheme as `postgresql://` (libpq
    knows it in lower case only), a service name as one."""
    if given.startswith(SERVICE):
        return f"postgresql:///?service={given.removeprefix(SERVICE)}"
    scheme = _scheme(given)
    if scheme is not None:
        return "postgresql://" + given[len(scheme) :]
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
