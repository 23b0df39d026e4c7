"""The command line (DESIGN 5): the composition root that wires domain, db and printables."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeAlias, cast

from cli.usage_errors import did_you_mean, leftover
from rostermgr.errors import Refused, quoted
from services.lock import CampaignHeld

if TYPE_CHECKING:
    from rostermgr.rules import Ruleset

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2

Handler = Callable[[argparse.Namespace, TextIO], int]


UsageCheck = Callable[[argparse.Namespace], str | None]


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line on a malformed command line.

    `lazy_help` holds help texts made only when --help is asked for (by argument dest), so a
    command does not load the ruleset just to build its parser.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_help: dict[str, Callable[[], str]] = {}
        self.register("action", "parsers", _Commands)  # what add_subparsers makes

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: {message}{did_you_mean(message)}\n")

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """As argparse's, but words left over are told by the command they were given to."""
        words = list(sys.argv[1:] if args is None else args)
        parsed, extras = self.parse_known_args(words, namespace)
        if extras:
            leftover(self, words, extras)
        return parsed

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As argparse's, but a positional argument is shown in upper case (NAME, FILE) like
        every option's value, unless it shows its choices (shot|combat)."""
        positional = bool(args) and not args[0].startswith("-")
        if positional and "metavar" not in kwargs and "choices" not in kwargs:
            kwargs["metavar"] = str(kwargs.get("dest", args[0])).upper()
        return super().add_argument(*args, **kwargs)

    def format_help(self) -> str:
        for action in self._actions:
            make = self.lazy_help.get(action.dest)
            if make is not None:
                action.help = make().replace("%", "%%")
        return super().format_help()


# What each command module adds its subcommands to (their parsers are _Parser too).
Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The sub commands of a command: one given no description of its own is described, in its
    own --help, by the words that list it in its parent's (as a sentence), so the two never
    differ and no command's --help starts with its options alone."""

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        said = kwargs.get("help")
        if kwargs.get("description") is None and said:
            kwargs["description"] = as_sentence(said)
        return super().add_parser(name, **kwargs)


def as_sentence(words: str) -> str:
    """A help line ("make a checked backup") as a sentence ("Make a checked backup.")."""
    words = words.strip()
    end = "" if words.endswith((".", "!", "?")) else "."
    return f"{words[:1].upper()}{words[1:]}{end}"


def lazy_help(parser: argparse.ArgumentParser, dest: str, make: Callable[[], str]) -> None:
    """The help of argument `dest`, made by `make` when --help is shown."""
    assert isinstance(parser, _Parser)
    parser.lazy_help[dest] = make


def usage_check(parser: argparse.ArgumentParser, check: UsageCheck) -> None:
    """A check of the whole parsed command line, for what one argument cannot say alone.

    A problem it returns (words in argparse's style) is this parser's usage error: one line on
    stderr and exit 2, before the command runs.
    """

    def run(args: argparse.Namespace) -> None:
        problem = check(args)
        if problem is not None:
            parser.error(problem)

    parser.set_defaults(usage_check=run)


def cover_usage(args: argparse.Namespace) -> str | None:
    """--cover must be one of the active ruleset's cover values (R8), told like argparse does.

    A ruleset that cannot be loaded is left for the command to refuse with its own sentence.
    """
    if getattr(args, "cover", None) is None:
        return None
    from rostermgr.rules_load import default_ruleset, load_ruleset

    try:
        rules = load_ruleset(args.ruleset) if args.ruleset else default_ruleset()
    except Refused:
        return None
    if args.cover in rules.cover:
        return None
    allowed = ", ".join(f"'{c}'" for c in rules.cover)
    return f"argument --cover: invalid choice: '{args.cover}' (choose from {allowed})"


def cover_help() -> str:
    """The help of --cover, with the shipped ruleset's values (made only for --help)."""
    from rostermgr.rules_load import default_ruleset

    try:
        covers = ", ".join(default_ruleset().cover)
    except Refused:
        covers = "see `rostermgr rules`"
    return f"the target's cover, for shots only (the shipped ruleset's: {covers}; default: none)"


# --weapon of the test aids (resolve, odds)
WEAPON = "the attacker's weapon, an item id (default: none, and no weapon damage is added)"


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


def ruleset(args: argparse.Namespace) -> Ruleset:
    """The ruleset given with --ruleset, else the shipped one."""
    from services.opening import load_rules

    return load_rules(getattr(args, "ruleset", None))


def write_lines(lines: Sequence[str], out: TextIO) -> None:
    out.write("".join(f"{line}\n" for line in lines))


def print_json(doc: Any, out: TextIO) -> None:
    out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


# Each module of the command line and the commands it registers, in the order of --help.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "tools": ("rules",),
    "posse": ("posse",),
    "cards": ("card",),
    "game": ("game", "flip"),
    "aids": ("resolve", "initiative", "game-length"),
    "safety": ("check", "backup", "restore"),
    "campaign": ("campaign",),
    "club": ("club",),
    "printing": ("print",),
    "odds": ("odds",),
    "forlorn": ("fh",),
    "stats": ("stats",),
    "simulate": ("simulate",),
    "export": ("export",),
}


def file_name(value: str) -> str:
    """A global option's file name: an empty one (`--db ""`) is a usage error, never the default.

    Without this an empty value read as "not given", so `--db ""` quietly opened the default
    campaign and `--ruleset ""` the shipped ruleset.
    """
    if not value:
        raise argparse.ArgumentTypeError("expected a file name, not an empty value")
    return value


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given a command, only of the module that registers it.

    Each module imports what its commands need (the odds tables, the resolver, the db layer...)
    when it is imported, so a command line that builds only its own command's parser starts
    faster. An unknown command, or none, gets the full parser and its usual messages.
    """
    parser = _Parser(
        prog="rostermgr",
        description="Campaign and roster manager for Last Hope Frontier. With no COMMAND, "
        "rostermgr starts the desktop app on the campaign (--db FILE, or the default one).",
        epilog="`rostermgr help COMMAND [SUB]` (or `rostermgr COMMAND [SUB] --help`) describes "
        "a command. Exit codes: 0 done, 1 refused (one sentence on standard error says why; "
        "nothing is written), 2 a malformed command line.",
    )
    parser.add_argument(
        "--db",
        metavar="FILE",
        type=file_name,
        help="campaign file (default: $ROSTERMGR_DB or the user data folder)",
    )
    parser.add_argument(
        "--ruleset",
        metavar="FILE",
        type=file_name,
        help="a ruleset TOML file to use instead of the shipped one (default: a campaign's own "
        "ruleset, and the shipped one for a new campaign and for the table aids and odds); a "
        "campaign played under another ruleset refuses it: see `rules adopt`",
    )
    parser.add_argument("-V", "--version", action=_Version, help="print the version and exit")
    parser.add_argument(
        "--take-over",
        action="store_true",
        help="write even though a rostermgr app holds the campaign (it is named when a write "
        "is refused): the app can then no longer save, and says so",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    chosen = [name for name, commands in COMMAND_MODULES.items() if command in commands]
    for name in chosen:
        importlib.import_module(f"cli.{name}").add_parsers(sub)
    # no command, an unknown one, or the table above is stale: every command
    if command != HELP and command not in sub.choices:
        for name in COMMAND_MODULES:
            if name not in chosen:
                importlib.import_module(f"cli.{name}").add_parsers(sub)
    _add_help(sub)
    return parser


HELP = "help"


def _add_help(sub: Commands) -> None:
    """`rostermgr help [COMMAND [SUB]]`: the same as `rostermgr COMMAND [SUB] --help`."""
    p = sub.add_parser(
        HELP,
        help="describe a command: the same as COMMAND --help (alone: rostermgr --help)",
        description="The help of COMMAND, or of its SUB command (and of a SUB's own, as in "
        "`help fh odds fire`): the same as `rostermgr COMMAND [SUB ...] --help`. Without a "
        "COMMAND, `rostermgr --help`.",
    )
    p.add_argument(
        "topic",
        nargs="?",
        metavar="COMMAND",
        help="the command (default: every command, as rostermgr --help lists them)",
    )
    p.add_argument(
        "sub", nargs="*", metavar="SUB", help="its sub command, and theirs, if it has them"
    )
    p.set_defaults(handler=cmd_help)


def cmd_help(args: argparse.Namespace, out: TextIO) -> int:
    """The help asked for, printed as `COMMAND [SUB] --help` prints it; an unknown command is
    argparse's usage error (exit 2), as it is after --help."""
    words = [word for word in (args.topic, *args.sub) if word is not None]
    parser = build_parser(words[0] if words else None)
    try:
        parser.parse_args([*words, "--help"])
    except SystemExit as exc:
        return int(exc.code or 0)
    return EXIT_OK  # pragma: no cover - --help always exits


def version() -> str:
    """The installed rostermgr's version: setuptools-scm wrote it from git at install
    (CHANGELOG.md says how releases and development builds are named)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("rostermgr")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


class _Version(argparse.Action):
    """-V, --version: the version is read only when asked for (importlib.metadata takes ms)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        sys.stdout.write(f"rostermgr {version()}\n")
        parser.exit(0)


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


class _Output(io.TextIOBase):
    """Standard output that says when it cannot be written (a full disk, a closed file).

    The last flush used to lose such an error, so an export to a full disk ended with exit 0.
    A stream of None is standard output closed before rostermgr started (`>&-`).
    """

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def _failed(self, exc: OSError | ValueError) -> Refused:
        if isinstance(exc, BrokenPipeError):
            raise exc  # the reader has gone (`| head`): deliberately no complaint, exit 0
        if isinstance(exc, UnicodeEncodeError):  # a ValueError too, but the stream is open
            return _unwritable(exc)
        if isinstance(exc, ValueError):  # "I/O operation on closed file"
            return _closed()
        faults = sys.modules.get("services.faults")  # loaded by a command that wrote a file
        done = None if faults is None else faults.already_written()
        but = "" if done is None else f", but {done}"
        return Refused(
            f"Cannot write the output ({exc.strerror or exc}); what was printed is incomplete{but}."
        )

    def write(self, text: str) -> int:
        if self._stream is None:
            raise _closed()
        try:
            fd = self._fd()
            if fd is None:
                return self._stream.write(text)
            self._stream.flush()  # whatever was written to the stream itself goes first
            encoding = getattr(self._stream, "encoding", None) or "utf-8"
            data = memoryview(
                text.encode(encoding, getattr(self._stream, "errors", None) or "strict")
            )
            # A write to a file on a disk that fills up writes part and says so only when
            # asked to write the rest: Python's buffer kept the rest and lost the error, so a
            # truncated export ended with exit 0. Writing it all here meets the error.
            while data:
                data = data[os.write(fd, data) :]
            return len(text)
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from exc

    def _fd(self) -> int | None:
        """The file descriptor to write to directly, on POSIX, if the stream has one."""
        if os.name != "posix":
            return None  # newline translation is the stream's to do there
        try:
            return int(self._stream.fileno())  # type: ignore[union-attr]
        except (OSError, ValueError, AttributeError):
            return None  # a StringIO (tests), or a stream with no file behind it

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from exc

    def close(self) -> None:
        """Nothing: the stream is not ours to close, and main() has flushed it (or said why
        it could not), so the garbage collector's close must not try, and fail, again."""


def _closed() -> Refused:
    return Refused("Cannot write the output: standard output is closed.")


def _unwritable(exc: UnicodeEncodeError) -> Refused:
    """Text the output's character set has no letter for (an ASCII or Latin-1 locale, a file
    redirected on Windows): the characters are not replaced, which would print a name no
    command then finds, nor said as a closed output, which it is not; the user is told how to
    have them printed."""
    import unicodedata

    char = exc.object[exc.start]  # named in ASCII: standard error may not show it either
    name = unicodedata.name(char, "").lower() or "without a name"
    return Refused(
        f"Cannot print the character U+{ord(char):04X} ({name}) in this output's character "
        f"set ({exc.encoding}): run the "
        "command again with the environment variable PYTHONIOENCODING=utf-8 (or a UTF-8 locale, "
        "such as LANG=C.UTF-8)."
    )


class _Discard(io.TextIOBase):
    """In place of a standard error that does not exist: takes everything, keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


class _Said:
    """Standard error for the one sentence of a refusal: if it cannot be written (closed,
    full), the exit code alone tells, never a traceback."""

    def __init__(self, stream: TextIO | io.TextIOBase) -> None:
        self._stream = stream

    def write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._stream.write(text)
            self._stream.flush()


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
