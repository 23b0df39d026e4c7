"""The command line's help: every option and argument of every command says what it does and
its default, metavars are upper case, and `rostermgr help [COMMAND [SUB]]` is `--help`."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
Path_ = tuple[str, ...]


def _walk(parser: argparse.ArgumentParser, path: Path_ = ()) -> Iterator[tuple[Path_, Any_]]:
    """Every parser under `parser`, through argparse's sub-parser actions, with its words."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _walk(sub, (*path, name))


Any_ = argparse.ArgumentParser
PARSERS = list(_walk(build_parser()))
PATHS = [path for path, _ in PARSERS]


def _arguments() -> Iterator[tuple[str, argparse.Action, str]]:
    """(where, action, its help as --help shows it) of every argument of every parser."""
    for path, parser in PARSERS:
        parser.format_help()  # the help texts made only when --help is asked for
        formatter = parser._get_formatter()
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
                continue
            name = "/".join(action.option_strings) or str(action.metavar or action.dest)
            where = f"rostermgr {' '.join(path)} {name}".replace("  ", " ")
            shown = formatter._expand_help(action) if action.help else ""
            yield where, action, shown


def test_the_walk_reaches_the_nested_commands() -> None:
    assert {("posse", "new"), ("print", "cards"), ("odds", "test"), ("rules", "diff")} <= set(PATHS)
    assert ("help",) in PATHS and () in PATHS
    assert len(PATHS) > 50


def test_every_argument_and_command_has_a_help_text() -> None:
    missing = [where for where, _action, shown in _arguments() if not shown.strip()]
    for path, parser in PARSERS:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [
                    f"rostermgr {' '.join(path)} {choice.dest}".replace("  ", " ")
                    for choice in action._choices_actions
                    if not choice.help
                ]
    assert not missing, f"no help text: {missing}"


def test_every_command_describes_itself_in_its_own_help() -> None:
    """`rostermgr COMMAND --help` starts with what the command does, never its options alone."""
    undescribed = [" ".join(path) for path, parser in PARSERS if path and not parser.description]
    assert not undescribed, f"no description in the --help of {undescribed}"


@pytest.mark.parametrize("command", ["check", "backup", "posse", "game", "print"])
def test_a_command_is_described_by_the_words_that_list_it(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = _run(["--help"], capsys)[1]
    # its line in the list of commands, and the lines it wraps onto (indented deeper)
    listed = re.search(rf"\n    {command} +(.*(?:\n {{6,}}\S.*)*)", listing)
    assert listed is not None
    said = " ".join(listed[1].split())
    own = " ".join(_run([command, "--help"], capsys)[1].split("\n\n")[1].split())
    assert own == f"{said[:1].upper()}{said[1:]}."


def _one_of_required() -> set[int]:
    """The options that are one of a required choice (--cards or --draw): never left out."""
    return {
        id(action)
        for _path, parser in PARSERS
        for group in parser._mutually_exclusive_groups
        if group.required
        for action in group._group_actions
    }


def test_every_option_with_a_value_says_its_default() -> None:
    """An option that takes a value and may be left out says what happens then."""
    chosen = _one_of_required()
    silent = [
        where
        for where, action, shown in _arguments()
        if action.option_strings
        and action.nargs != 0
        and not action.required
        and id(action) not in chosen
        and "default" not in shown.lower()
    ]
    assert not silent, f"no default in the help of {silent}"


def test_every_metavar_is_upper_case_or_the_choices() -> None:
    wrong = []
    for where, action, _shown in _arguments():
        if action.nargs == 0:
            continue
        metavars = action.metavar if isinstance(action.metavar, tuple) else (action.metavar,)
        for metavar in metavars:
            if metavar is None:  # argparse shows the choices, or the dest in upper case
                shown = action.dest.upper() if action.option_strings else action.dest
                if action.choices is None and shown != shown.upper():
                    wrong.append(f"{where}: {shown}")
                continue
            if metavar != metavar.upper() and metavar != "|".join(action.choices or ()):
                wrong.append(f"{where}: {metavar}")
    assert not wrong, f"metavars not in upper case: {wrong}"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("path", [p for p in PATHS if p[:1] != ("help",)], ids=" ".join)
def test_help_of_a_command_is_its_dash_dash_help(
    path: Path_, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = _run([*path, "--help"], capsys)
    assert expected[0] == 0 and expected[1].startswith("usage: rostermgr")
    assert _run(["help", *path], capsys) == expected


def test_help_alone_is_the_list_of_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["help"], capsys)
    assert (code, out, err) == _run(["--help"], capsys)
    assert code == 0 and "COMMAND" in out and "help" in out


@pytest.mark.parametrize(
    "argv", [["help", "frobnicate"], ["help", "posse", "frobnicate"], ["help", "a", "b", "c"]]
)
def test_help_of_an_unknown_command_is_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(argv, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("rostermgr")


def test_dash_v_is_dash_dash_version(capsys: pytest.CaptureFixture[str]) -> None:
    long = _run(["--version"], capsys)
    assert long[0] == 0 and long[1].startswith("rostermgr ")
    assert _run(["-V"], capsys) == long


def test_the_commands_help_says_no_command_starts_the_app(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = " ".join(_run(["--help"], capsys)[1].split())
    assert "With no COMMAND, rostermgr starts the desktop app" in out
    assert "rostermgr help COMMAND [SUB]" in out
    assert "-V, --version" in out


def _help_of(capsys: pytest.CaptureFixture[str], *path: str) -> str:
    return " ".join(_run([*path, "--help"], capsys)[1].split())


def test_print_cards_describes_its_choices_and_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _help_of(capsys, "print", "cards")
    for choice in ("duplex-long:", "duplex-short:", "gutter-fold:", "fronts-backs:"):
        assert choice in out
    for choice in ("colour:", "ink-saver:", "line-art:", "grouped:", "separate:"):
        assert choice in out
    for default in ("a4", "duplex-long", "colour", "grouped", "0,0"):
        assert f"default: {default})" in out
    assert "a new or empty folder" in out and "--for mpc" in out


def test_print_casualties_describes_british_and_french(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _help_of(capsys, "print", "casualties")
    assert "British casualty markers" in out and "(default: 100)" in out
    assert "French casualty markers (default: 10)" in out


def _readme_commands() -> list[str]:
    """The lines of the README's command-line summary (its first code block)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## The command line\n", 1)[1]
    block = section.split("```", 2)[1]
    return [line for line in block.splitlines() if line and not line.startswith(" ")]


def test_the_readme_lists_every_command_and_sub_command() -> None:
    lines = _readme_commands()
    missing = []
    for path in PATHS:
        if not path or len(path) > 2:
            continue
        words = " ".join(path)
        parser = dict(PARSERS)[path]
        has_subs = any(isinstance(a, argparse._SubParsersAction) for a in parser._actions)
        if has_subs and path != ("help",):
            continue  # listed by its sub commands
        if not any(line.startswith((words, f"rostermgr {words}")) for line in lines):
            missing.append(words)
    assert not missing, f"README.md, The command line, does not list {missing}"
    assert any(line.startswith("rostermgr -V | --version") for line in lines)
