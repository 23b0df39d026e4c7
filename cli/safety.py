"""`rostermgr check`, `backup` and `restore`: never lose a posse (DESIGN 4)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from cli import EXIT_OK, EXIT_REFUSED, Commands, campaign_path, campaign_server, write_lines
from cli.context import campaign
from rostermgr.errors import Refused
from services import safety


def add_parsers(sub: Commands) -> None:
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
    if campaign_server(args) is None and not path.exists():
        raise Refused(f"There is no campaign file at {path}.")
    with campaign(args) as c:
        problems = safety.check(c)
        where = c.where
    if not problems:
        out.write(f"No problems found in {where}.\n")
        return EXIT_OK
    write_lines(problems, out)
    return EXIT_REFUSED


def _files_only(args: argparse.Namespace, what: str) -> None:
    if campaign_server(args) is not None:
        raise Refused(
            f"`rostermgr {what}` works on campaign files; a campaign on a PostgreSQL server is "
            "backed up by itself, into campaign files in the backups folder (or copy it now with "
            "`rostermgr campaign copy URL FILE`)."
        )


def cmd_backup(args: argparse.Namespace, out: TextIO) -> int:
    _files_only(args, "backup")
    path = campaign_path(args)
    if args.list:
        write_lines(
            [f"{b.made:%Y-%m-%d %H:%M:%S}  {b.reason:<16} {b.path}" for b in safety.backups(path)],
            out,
        )
        return EXIT_OK
    made = safety.backup_now(path)
    out.write(f"Backed up {path} to {made}.\n")
    return EXIT_OK


def cmd_restore(args: argparse.Namespace, out: TextIO) -> int:
    _files_only(args, "restore")
    path = campaign_path(args)
    source = Path(args.file)
    done = safety.restore(path, source)
    replaced = (
        f" The file it replaced was backed up to {done.saved}."
        if done.saved
        else f" The file it replaced was damaged: it is kept as {done.kept}."
        if done.kept
        else ""
    )
    out.write(f"Restored {path} from {source}.{replaced}\n")
    return EXIT_OK
