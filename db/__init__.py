"""db package.

peewee imports psycopg, the PostgreSQL driver, when it is itself imported: some 150 ms of
every command's start (more than a third of `print cards` over plain reportlab, issue 33),
spent even when the campaign is a SQLite file. So peewee's import, whenever it comes, is
done with psycopg hidden, and the driver is handed to it the first time a PostgreSQL
database is made (`_bring_psycopg`), exactly as peewee's own import would have set it up.
"""

from __future__ import annotations

import sys
from typing import Any


class _PeeweeWithoutPsycopg:
    """Finds peewee the first time anything imports it, for a loader that hides psycopg.

    peewee is imported when the campaign is first opened, not with this package: the window
    paints before it (tests/ui/test_app.py). So the driver is hidden at peewee's own import,
    wherever that comes from, and whichever finder has it (a bundle's is not the path's).
    A plain class, as the import system asks no more: importlib.abc's base classes import
    importlib.resources (tempfile, random, shutil), some 7 ms of every start (issue 33).
    """

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "peewee":
            return None
        sys.meta_path.remove(self)  # once: the search below must not find this finder
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _HidingLoader(spec.loader)
                return spec
        return None


class _HidingLoader:
    """peewee's own loader, run with psycopg hidden; the driver is handed over later."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: Any) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        hidden = "psycopg" not in sys.modules
        if hidden:
            sys.modules["psycopg"] = None  # type: ignore[assignment]  # import raises ImportError
        try:
            self._loader.exec_module(module)
        finally:
            if hidden:
                del sys.modules["psycopg"]
        make = module.PostgresqlDatabase.init

        def init(self: Any, *args: Any, **kwargs: Any) -> Any:
            _bring_psycopg(module)
            return make(self, *args, **kwargs)

        module.PostgresqlDatabase.init = init


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


# imported before us (a test, a tool): peewee has its driver already
if "peewee" not in sys.modules:
    sys.meta_path.insert(0, _PeeweeWithoutPsycopg())
