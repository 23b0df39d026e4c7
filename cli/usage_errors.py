"""The one line a malformed command line gets: the nearest choice, or what the words left over
were (a global option after the command, an option of another command, a name without quotes).

argparse says only what it could not read; these say what was meant, by the command that was
given the words (DESIGN 5: exit 2, one line).
"""

from __future__ import annotations

import argparse

from rostermgr.errors import quoted

# The options that go before the command (the top parser's own; split_global reads --db and
# --ruleset itself): told as misplaced when given after it.
GLOBAL_OPTIONS = ("--db", "--ruleset", "--take-over")


def did_you_mean(message: str) -> str:
    """ "; did you mean 'list'?" after argparse's invalid choice, when one choice is close to
    what was typed (a typo, another case): the list of every choice is kept before it."""
    import difflib
    import re

    found = re.search(r"invalid choice: '(.*)' \(choose from (.*)\)$", message)
    if found is None:
        return ""
    # Python 3.11 quotes each choice; later ones list them bare
    typed, choices = found[1], re.findall(r"'([^']*)'", found[2]) or found[2].split(", ")
    alike = [c for c in choices if c.casefold() == typed.casefold()]
    alike = alike or difflib.get_close_matches(typed, choices, n=1, cutoff=0.6)
    return f"; did you mean '{alike[0]}'?" if alike else ""


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The sub commands of `parser` by name (none if it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def leftover(top: argparse.ArgumentParser, words: list[str], extras: list[str]) -> None:
    """The usage error for words no argument took, said by the command that was given them:
    a global option after the command, an option of the command before it, an option the
    command does not have (the nearest one it has, if any), or one word too many (most often a
    name with spaces typed without quotes)."""
    import difflib

    parser: argparse.ArgumentParser = top
    path: list[str] = []
    for word in words:  # the command and its sub commands, as far as they were given
        sub = subparsers(parser).get(word)
        if sub is not None:
            parser = sub
            path.append(word)
    first = extras[0]
    option = first.split("=", 1)[0]
    command = " ".join(path)
    own = [o for a in parser._actions for o in a.option_strings if o not in ("-h", "--help")]
    if path and option in GLOBAL_OPTIONS:
        problem = f"{option} goes before the command: rostermgr {option} ... {command} ..."
    elif path and option in own and words.index(first) < words.index(path[0]):
        problem = f"{option} goes after the command: rostermgr {command} ... {option}"
    elif first.startswith("-") and len(first) > 1 and first != "--":  # after --: words
        nearest = difflib.get_close_matches(option, own, n=1, cutoff=0.6)
        where = f"rostermgr {command}" if command else "rostermgr"
        problem = f"{first} is not one of its options; " + (
            f"did you mean {nearest[0]}?" if nearest else f"`{where} --help` lists its options"
        )
    else:
        problem = (
            f"more words than it takes: {quoted(' '.join(e for e in extras if e != '--'))}; "
            "a name with spaces goes "
            'in quotes, as in "Last Hope Lawmen"'
        )
    (parser if path else top).error(problem)
