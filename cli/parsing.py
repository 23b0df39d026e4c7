"""The command line's parser: argparse that says a malformed command line in one line, the
sub commands' descriptions, help made only when asked for, checks of the whole command line,
and `build_parser`, which builds only the parser of the command given (DESIGN 5)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO, TypeAlias

from cli.global_options import file_name
from cli.usage_errors import did_you_mean, leftover
from rostermgr.errors import Refused

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


# Each module of the command line and the commands it registers, in the order of --help.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "tools": ("rules",),
    "posse": ("posse",),
    "cards": ("card",),
    "game": ("game", "flip"),
    "aids": ("resolve", "initiative", "game-length"),
    "measure": ("measure",),
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
