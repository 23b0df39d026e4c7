"""The global options (--db, --ruleset) before any command: what the app is started with,
the campaign and the ruleset they name, and values argparse would misread (`--back-offset
-1,-1`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rostermgr.rules import Ruleset


def file_name(value: str) -> str:
    """A global option's file name: an empty one (`--db ""`) is a usage error, never the default.

    Without this an empty value read as "not given", so `--db ""` quietly opened the default
    campaign and `--ruleset ""` the shipped ruleset.
    """
    if not value:
        raise argparse.ArgumentTypeError("expected a file name, not an empty value")
    return value


# Options whose value may start with a minus sign that argparse would take for an option:
# --back-offset -1,-1 (argparse only knows plain negative numbers like -1 or -0.5).
SIGNED_VALUES = ("--back-offset",)


def join_signed_values(argv: Sequence[str]) -> list[str]:
    """`--back-offset -1,-1` as `--back-offset=-1,-1`, so argparse reads the value as one.

    Only a value that starts with a minus sign and a digit or a point is joined; anything after
    `--` is left alone.
    """
    out: list[str] = []
    words = list(argv)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            return out + words[i:]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if word in SIGNED_VALUES and len(nxt) > 1 and nxt[0] == "-" and nxt[1] in "0123456789.":
            out.append(f"{word}={nxt}")
            i += 2
            continue
        out.append(word)
        i += 1
    return out


class _NotJustTheApp(Exception):
    """The command line is more than the global options that start the app."""


class _GlobalOptions(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _NotJustTheApp(message)


def split_global(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]] | None:
    """--db and --ruleset, and the rest of the command line; None if the options are wrong.

    With nothing else on the command line, main starts the app without building the parser of
    the commands at all; otherwise the first word left names the command to build.
    """
    parser = _GlobalOptions(prog="rostermgr", add_help=False)
    parser.add_argument("--db", type=file_name)
    parser.add_argument("--ruleset", type=file_name)
    try:
        return parser.parse_known_args(argv)
    except _NotJustTheApp:
        return None


def campaign_server(args: argparse.Namespace) -> str | None:
    """The campaign on a PostgreSQL server that --db or ROSTERMGR_DB names, if it names one."""
    from services.paths import campaign_server as choose

    return choose(getattr(args, "db", None))


def campaign_path(args: argparse.Namespace) -> Path:
    """--db, then ROSTERMGR_DB, then the user data folder (DESIGN 4)."""
    from services.paths import campaign_path as choose

    return choose(getattr(args, "db", None))


def ruleset(args: argparse.Namespace) -> Ruleset:
    """The ruleset given with --ruleset, else the shipped one."""
    from services.opening import load_rules

    return load_rules(getattr(args, "ruleset", None))
