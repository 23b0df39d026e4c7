"""peewee without psycopg until a PostgreSQL database is made (db/__init__.py, issue 33)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# What a PostgreSQL database's adapter holds, as peewee's own import with psycopg sets it up.
ADAPTER = """
import json, sys
{first}
from db.postgres import ServerDatabase
was_loaded = "psycopg" in sys.modules
a = ServerDatabase("postgresql://someone@127.0.0.1:1/nowhere")._adapter
print(json.dumps([was_loaded, type(a).__name__, repr(a.txn_idle), repr(a.txn_inerror),
                  repr(a.txn_unknown), repr(a.json_type), repr(a.jsonb_type)]))
"""


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_a_sqlite_campaign_never_imports_the_postgresql_driver(tmp_path: Path) -> None:
    code = f"""
import sys
from cli import main
main(["--db", {str(tmp_path / "c.sqlite3")!r}, "posse", "list"])
print("psycopg" in sys.modules)
"""
    assert _run(code).splitlines()[-1] == "False"


def test_a_server_database_gets_the_driver_as_peeweees_own_import_sets_it() -> None:
    lazy = json.loads(_run(ADAPTER.format(first="import db")))
    eager = json.loads(_run(ADAPTER.format(first="import peewee")))  # peewee imported first
    assert lazy[0] is False  # hidden until the database was made
    assert lazy[1:] == eager[1:]
    assert lazy[1] == "Psycopg3Adapter"


def test_printing_cards_loads_neither_the_driver_nor_the_planners(tmp_path: Path) -> None:
    """What print cards only reads: the planners, the shop and posse files are not imported
    (issue 33: each frozen dataclass costs its import some time)."""
    from tests.conftest import DALTON

    doc = tmp_path / "dalton.json"
    doc.write_text(json.dumps(DALTON), encoding="utf-8")
    db, pdf = tmp_path / "c.sqlite3", tmp_path / "cards.pdf"
    _run(f"from cli import main; main(['--db', {str(db)!r}, 'posse', 'new', {str(doc)!r}])")
    code = f"""
import sys
from cli import main
main(["--db", {str(db)!r}, "print", "cards", {DALTON["name"]!r}, "-o", {str(pdf)!r}])
print(sorted(m for m in ("psycopg", "rostermgr.plans", "rostermgr.shop", "rostermgr.exchange",
                         "db.exchange", "rostermgr.report") if m in sys.modules))
"""
    assert _run(code).splitlines()[-1] == "[]"
    assert pdf.stat().st_size > 0
