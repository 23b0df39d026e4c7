"""The command line (DESIGN 5): the composition root that wires domain, db and printables.

`main` runs one command line; its parts are modules of their own: the parser and its helpers
(`parsing`), the global options (`global_options`), the run of a parsed command (`dispatch`)
and the guarded output (`output`). What the command modules use is named here, as before.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TextIO, cast

from cli.dispatch import (
    NAME_ARGUMENTS,
    _command,
    _cut_short_by_ctrl_c,
    _interrupted,
    _no_screen,
)
from cli.global_options import (
    SIGNED_VALUES,
    campaign_path,
    campaign_server,
    file_name,
    join_signed_values,
    ruleset,
    split_global,
)
from cli.output import _Discard, _Output, _Said, print_json, write_lines
from cli.parsing import (
    COMMAND_MODULES,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    HELP,
    WEAPON,
    Commands,
    Handler,
    UsageCheck,
    as_sentence,
    build_parser,
    cmd_help,
    cover_help,
    cover_usage,
    lazy_help,
    usage_check,
    version,
)
from rostermgr.errors import Refused
from services.lock import CampaignHeld

__all__ = [
    "COMMAND_MODULES",
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_USAGE",
    "HELP",
    "NAME_ARGUMENTS",
    "SIGNED_VALUES",
    "WEAPON",
    "Commands",
    "Handler",
    "UsageCheck",
    "as_sentence",
    "build_parser",
    "campaign_path",
    "campaign_server",
    "cmd_help",
    "cover_help",
    "cover_usage",
    "file_name",
    "join_signed_values",
    "lazy_help",
    "main",
    "print_json",
    "ruleset",
    "run",
    "split_global",
    "usage_check",
    "version",
    "write_lines",
]


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run one command line; the exit code (0 done, 1 refused, 2 a malformed command line).

    With only global options it starts the desktop app, which needs no console: a GUI launched
    without one has sys.stdout and sys.stderr None, and that is no fault.
    """
    try:
        return _main(argv, out, err)
    except KeyboardInterrupt:  # before the command ran: reading the command line, imports
        stream = sys.stderr if err is None else err
        said = _Said(stream if stream is not None else _Discard())
        said.write("Interrupted; nothing was written.\n")
        return EXIT_REFUSED


def _main(argv: Sequence[str] | None, out: TextIO | None, err: TextIO | None) -> int:
    """main(), but for a Ctrl+C before the command's own sentence for it is in place."""
    argv = join_signed_values(sys.argv[1:] if argv is None else argv)
    from cli.qt_options import split_qt_options

    qt_options, app_argv = split_qt_options(argv)
    split = split_global(app_argv)
    if split is not None and not split[1]:
        # the app: Qt's own options (-style Fusion, -platform xcb) go to Qt
        if _no_screen(qt_options, err):
            return EXIT_REFUSED
        server = campaign_server(split[0])
        if server is not None:
            from ui.app_server import run_server_app

            return run_server_app(server, split[0].ruleset, qt_options)
        from ui.app import run_app

        return run_app(campaign_path(split[0]), split[0].ruleset, qt_options)
    if qt_options and split is not None:  # a command: Qt's options mean nothing to it
        said_err = sys.stderr if err is None else err
        if said_err is not None:
            said_err.write(
                f"rostermgr: {qt_options[0]} is an option of the desktop app (Qt's); "
                "give it without a command.\n"
            )
        return EXIT_USAGE
    split = split_global(argv)
    faults = sys.modules.get("services.faults")
    if faults is not None:  # an earlier command in this process (tests, scripts) wrote its own
        faults.forget_written()
    if sys.stderr is None:  # no stderr at all: what would be said there is dropped, not a crash
        sys.stderr = _Discard()
    said = _Said(sys.stderr if err is None else err)
    # argparse prints --help and --version on sys.stdout: guarded too, so a full disk or a
    # closed stdout is said, and the buffered text is flushed before run() leaves with _exit.
    printed = _Output(sys.stdout)
    guarded = printed if out is None else _Output(out)
    try:
        with contextlib.redirect_stdout(cast(TextIO, printed)):
            code = _command(argv, split, guarded)
        printed.flush()
        guarded.flush()
        return code
    except CampaignHeld as exc:
        otherwise = ", or run the command again with --take-over to take it from that app"
        said.write(exc.holder.sentence(exc.campaign, otherwise) + "\n")
        return EXIT_REFUSED
    except Refused as exc:
        if exc.__cause__ is not None and not isinstance(exc.__cause__, Refused):
            from services.crashlog import log_exception

            log_exception(exc)  # what SQLite or the system said, in full, for whoever asks
        said.write(f"{exc}\n")
        return EXIT_REFUSED
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        said.write(_interrupted() + "\n")
        return EXIT_REFUSED
    except Exception as exc:  # every action is one transaction: a crash has written nothing
        if _cut_short_by_ctrl_c(exc):
            said.write(_interrupted() + "\n")
            return EXIT_REFUSED
        from services.crashlog import sentence

        said.write(sentence(exc) + "\n")
        return EXIT_REFUSED


def run() -> None:
    """The `rostermgr` script: main(), then, after a command, an exit without the clean-up.

    Tearing down the interpreter (freeing every module and the parsed fonts) takes 15 to 30 ms
    after a print, longer than many commands themselves. By then every file is closed, the
    campaign committed and its connection closed, so only the output needs flushing (mypy
    exits the same way). After the desktop app the normal exit runs: Qt's objects have
    destructors that matter.
    """
    code = main()
    if "PySide6" in sys.modules:
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        # a closed pipe or stream (None when closed before start): nothing more can be said
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    run()
