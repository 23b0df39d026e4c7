"""Qt's own command-line options, passed through to Qt when the desktop app starts.

`rostermgr -style Fusion` or `rostermgr -platform xcb` start the app as any Qt program would
(QGuiApplication and QApplication read them); with a command they mean nothing and are left
for argparse to refuse.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

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


# Where Qt shows windows through an X or Wayland server that the environment names.
_X_OR_WAYLAND = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly")


def no_screen(
    qt_options: Sequence[str],
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
) -> str | None:
    """Why the desktop app has no screen to show on, or None.

    Over SSH or on a text console Qt found no display, printed a screen of advice about its
    plugins (reinstalling among it) and aborted with exit 134. A platform named (`-platform`,
    QT_QPA_PLATFORM) is Qt's to try.
    """
    env = os.environ if environ is None else environ
    if not (sys.platform if platform is None else platform).startswith(_X_OR_WAYLAND):
        return None
    if any(env.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        return None
    if any(
        word.startswith("-") and _name(word)[0] in ("platform", "display") for word in qt_options
    ):
        return None
    return (
        "There is no screen here to show the desktop app on (neither DISPLAY nor "
        "WAYLAND_DISPLAY is set, as over SSH or on a text console): start it from the "
        "desktop, or give a command (`rostermgr --help` lists them)."
    )
