"""`rostermgr check`, `backup` and `restore`: never lose a posse (DESIGN 4)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from db import backup
from db.check import check_campaign
from db.connection import check_campaign_file
from db.lock import refuse_if_held
from db.models import database
from cli import EXIT_OK, EXIT_REFUSED, campaign_path
from cli.context import campaign
from rostermgr.errors import Refused


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="integrity and invariant check of the campaign file (exit 1 if it finds problems)",
    )
    p.set_defaults(handler=cmd_check)
    p = sub.add_parser("backup", help="make a checked backup copy of the campaign file now")
    p.add_argument("--list", action="store_true", help="list the backups instead")
    p.set_defaults(handler=cmd_backup)
    p = sub.add_parser(
        "restore",
        help="replace the campaign file with a backup (the current one is backed up first)",
    )
    p.add_argument("file", help="the backup file to restore (see backup --list)")
    p.set_defaults(handler=cmd_restore)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    path = campaign_path(args)
    if not path.exists():
        raise Refused(f"There is no campaign file at {path}.")
    with campaign(args) as rules:
        problems = check_campaign(database.obj, rules)
    if not problems:
        out.write(f"No problems found in {path}.\n")
        return EXIT_OK
    for line in problems:
        out.write(f"{line}\n")
    return EXIT_REFUSED


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    path = campaign_path(args)
    if args.list:
        for b in backup.list_backups(path):
            out.write(f"{b.made:%Y-%m-%d %H:%M:%S}  {b.reason:<16} {b.path}\n")
        return EXIT_OK
    check_campaign_file(path)
    if not path.exists():
        raise Refused(f"There is no campaign file at {path} to back up.")
    made = backup.make_backup(path, "manual")
    out.write(f"Backed up {path} to {made}.\n")
    return EXIT_OK


def cmd_restore(args: argparse.Namespace, out: TextIO) -> int:
    path = campaign_path(args)
    source = Path(args.file)
    if source.is_dir():
        raise Refused(
            f"{source} is a folder, not a backup file; `rostermgr backup --list` names them."
        )
    if not source.is_file():
        raise Refused(f"There is no backup file {source}.")
    check_campaign_file(source)
    refuse_if_held(path)
    saved = backup.restore(path, source)
    kept = f" The file it replaced was backed up to {saved}." if saved else ""
    out.write(f"Restored {path} from {source}.{kept}\n")
    return EXIT_OK
