"""`rostermgr export --csv DIR`: the campaign as CSV tables for a spreadsheet (issue 20)."""

from __future__ import annotations

import argparse
from typing import TextIO

from cli import EXIT_OK, Commands
from cli.context import campaign
from services import export


def add_parsers(sub: Commands) -> None:
    p = sub.add_parser("export", help="the campaign as CSV tables for a spreadsheet")
    p.add_argument(
        "--csv",
        required=True,
        metavar="DIR",
        help="the folder to write posses.csv, members.csv, items.csv, upgrades.csv, "
        "ledger.csv, games.csv and history.csv into (made if missing)",
    )
    p.set_defaults(handler=cmd_export)


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    with campaign(args) as c:
        files = export.export_csv(c, args.csv)
    out.write(f"Wrote {len(files)} CSV files to {args.csv}: {', '.join(f.name for f in files)}.\n")
    return EXIT_OK
