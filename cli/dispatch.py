"""Running a parsed command: its handler, with what slipped past it named (a name that is
not text, a fault of a file), and what Ctrl+C stopped."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, cast

from cli.global_options import campaign_path, campaign_server
from cli.output import _Discard, _Output, _Said
from cli.parsing import EXIT_REFUSED, Handler, build_parser
from rostermgr.errors import Refused, quoted


def _no_screen(qt_options: Sequence[str], err: TextIO | None) -> bool:
    """Say so, and answer True, when the desktop app has no screen to show on."""
    from cli.qt_options import no_screen

    problem = no_screen(qt_options)
    if problem is not None:
        _Said((sys.stderr if err is None else err) or _Discard()).write(problem + "\n")
    return problem is not None


def _cut_short_by_ctrl_c(exc: BaseException) -> bool:
    """Whether `exc` is a Ctrl+C another error stands for.

    ctypes reports a KeyboardInterrupt met while it converts a call's arguments (pypdfium2
    reading back the drawn cards) as ArgumentError("argument 1: KeyboardInterrupt: "), with
    the interruption itself gone; other wrappers keep it as the cause or context.
    """
    seen: list[BaseException] = []
    todo: list[BaseException] = [exc]
    while todo and len(seen) < 20:
        err = todo.pop()
        if any(err is s for s in seen):
            continue
        seen.append(err)
        if isinstance(err, KeyboardInterrupt):
            return True
        if type(err).__name__ == "ArgumentError" and ": KeyboardInterrupt:" in f": {err}":
            return True
        todo += [e for e in (err.__cause__, err.__context__) if e is not None]
    return False


def _interrupted() -> str:
    """What Ctrl+C stopped: nothing written, or what the command had already written whole.

    The record is kept by services.faults, loaded only by commands that read or write a file.
    """
    faults = sys.modules.get("services.faults")
    if faults is None:
        return "Interrupted; nothing was written."
    return str(faults.interrupted())


def _command(
    argv: list[str], split: tuple[argparse.Namespace, list[str]] | None, out: _Output
) -> int:
    """Parse the command line and run its command; argparse's own exits are returned."""
    parser = build_parser(split[1][0] if split is not None else None)
    try:
        args = parser.parse_args(argv)
        check: Callable[[argparse.Namespace], None] | None = getattr(args, "usage_check", None)
        if check is not None:
            check(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    _check_names_are_text(args)
    if args.command is None:
        if _no_screen([], None):
            return EXIT_REFUSED
        server = campaign_server(args)
        if server is not None:
            from ui.app_server import run_server_app

            return run_server_app(server, args.ruleset)
        from ui.app import run_app

        return run_app(campaign_path(args), args.ruleset)
    handler: Handler = args.handler
    try:
        return handler(args, cast(TextIO, out))
    except (Refused, BrokenPipeError, KeyboardInterrupt):
        raise
    except Exception as exc:
        fault = _named_fault(args, exc)
        if fault is None:
            raise
        raise fault from exc


# The arguments that name something (a posse, a member, an item, a role, a player), never a
# path: a path may hold any bytes the system allows, a name must be text to be found or kept.
NAME_ARGUMENTS: tuple[str, ...] = ("name", "names", "member", "new_name", "as_name", "item")
NAME_ARGUMENTS += ("role", "posse", "player", "reason")


def _check_names_are_text(args: argparse.Namespace) -> None:
    """Refuse a name typed in another character set than the terminal's locale says.

    A Latin-1 terminal under a UTF-8 locale (or the reverse) hands Python bytes it keeps as
    lone surrogates: "Peña" then reached SQLite, which cannot encode them, as an internal error.
    """
    for dest in NAME_ARGUMENTS:
        value = getattr(args, dest, None)
        for word in value if isinstance(value, list) else [value]:
            if isinstance(word, str) and any(0xD800 <= ord(c) <= 0xDFFF for c in word):
                typed = os.fsencode(word).decode("utf-8", "backslashreplace")
                raise Refused(
                    f"The name {quoted(typed)} is not text in the character set this terminal's "
                    f"locale says ({sys.getfilesystemencoding()}): set the terminal to UTF-8 "
                    "(and a UTF-8 locale, such as LANG=C.UTF-8) and type it again."
                )


def _named_fault(args: argparse.Namespace, exc: Exception) -> Refused | None:
    """A fault of the campaign file or of a file being written that reached the top, named.

    Every command's own code names what it expects; this catches what slipped past (a disk
    error while reading a backup, a name too long for the file system) so that it is a
    sentence, never "internal error".
    """
    import sqlite3

    if not isinstance(exc, OSError | sqlite3.Error) and "peewee" not in sys.modules:
        return None
    from services.faults import DATABASE_ERRORS, named_given

    if not isinstance(exc, (*DATABASE_ERRORS, OSError)):
        return None
    return named_given(getattr(args, "db", None), exc)
