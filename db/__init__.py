"""db package.

peewee imports psycopg, the PostgreSQL driver, when it is itself imported: some 150 ms of
every command's start (more than a third of `print cards` over plain reportlab, issue 33),
spent even when the campaign is a SQLite file. So peewee is imported here with psycopg hidden,
and the driver is handed to it the first time a PostgreSQL database is made
(`_bring_psycopg`), exactly as peewee's own import would have set it up.
"""

from __future__ import annotations

import sys
from typing import Any


def _import_peewee_without_psycopg() -> None:
    if "peewee" in sys.modules:  # imported before us (a test, a tool): it has the driver
        return
    hidden = "psycopg" not in sys.modules
    if hidden:
        sys.modules["psycopg"] = None  # type: ignore[assignment]  # import raises ImportError
    try:
        import peewee
    finally:
        if hidden:
            del sys.modules["psycopg"]
    make = peewee.PostgresqlDatabase.init

    def init(self: Any, *args: Any, **kwargs: Any) -> Any:
        _bring_psycopg(peewee)
        return make(self, *args, **kwargs)

    peewee.PostgresqlDatabase.init = init  # type: ignore[method-assign]


def _bring_psycopg(peewee: Any) -> None:
    """Set what peewee's import sets when psycopg 3 is installed (peewee 4.5: its module
    globals and the adapter's transaction states); nothing when it is not installed, so
    peewee says so as before."""
    if peewee.psycopg is not None:
        return
    try:
        import psycopg
        from psycopg.pq import TransactionStatus
        from psycopg.types.json import Json, Jsonb
    except ImportError:
        return
    peewee.psycopg, peewee.TransactionStatus = psycopg, TransactionStatus
    peewee.Json_pg3, peewee.Jsonb_pg3 = Json, Jsonb
    adapter = peewee.Psycopg3Adapter
    adapter.txn_idle = TransactionStatus.IDLE
    adapter.txn_inerror = TransactionStatus.INERROR
    adapter.txn_unknown = TransactionStatus.UNKNOWN


_import_peewee_without_psycopg()
