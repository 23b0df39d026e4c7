"""Qt's own command-line options, passed through to Qt when the desktop app starts.

`rostermgr -style Fusion` or `rostermgr -platform xcb` start the app as any Qt program would
(QGuiApplication and QApplication read them); with a command they mean nothing and are left
for argparse to refuse.
"""

from __future__ import annotations

from collections.abc import Sequence

# The options QGuiApplication and QApplication take (Qt 6), with a value and without one.
WITH_VALUE = frozenset(
    {
        "platform",
        "platformpluginpath",
        "platformtheme",
        "plugin",
        "qwindowgeometry",
        "qwindowicon",
        "qwindowtitle",
        "session",
        "style",
        "stylesheet",
        "display",
        "geometry",
        "qmljsdebugger",
    }
)
FLAGS = frozenset({"reverse", "widgetcount", "nograb", "dograb", "sync"})


def _name(word: str) -> tuple[str, str | None]:
    """'-style=Fusion' -> ('style', 'Fusion'); '--platform' -> ('platform', None)."""
    bare = word[2:] if word.startswith("--") else word[1:]
    name, eq, value = bare.partition("=")
    return name, (value if eq else None)


def split_qt_options(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """Qt's options (with their values) and the rest of the command line, each in order."""
    qt: list[str] = []
    rest: list[str] = []
    words = list(argv)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":  # what follows is no option of anyone's
            rest += words[i:]
            break
        name, value = _name(word) if word.startswith("-") else ("", None)
        alone = (name in FLAGS and value is None) or (name in WITH_VALUE and value is not None)
        if alone:  # -reverse, -style=Fusion
            qt.append(word)
        elif name in WITH_VALUE and i + 1 < len(words):
            qt += [word, words[i + 1]]
            i += 1
        else:
            rest.append(word)
        i += 1
    return qt, rest
