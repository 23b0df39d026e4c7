"""The bundle's executable: the `rostermgr` script (cli.run), as PyInstaller's entry point."""

from __future__ import annotations

import os
from collections.abc import MutableMapping

C_LOCALES = ("C", "POSIX")


def utf8_locale(environ: MutableMapping[str, str]) -> None:
    """Under the C locale, ask for C.UTF-8 in its place, as Python's own start-up does.

    A plain `python` coerces the C locale to C.UTF-8 (PEP 538), so `make run` under LANG=C
    is quiet; the bundle's embedded interpreter does not, and Qt, which needs UTF-8, then
    switched by itself with a four-line warning on every start. The variable that decides
    the character type (LC_ALL, else LC_CTYPE, else LANG) is the one replaced; a locale that
    is not C is left alone.
    """
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = environ.get(name)
        if value:
            if value in C_LOCALES:
                environ["LC_CTYPE" if name == "LANG" else name] = "C.UTF-8"
            return
    environ["LC_CTYPE"] = "C.UTF-8"


if __name__ == "__main__":
    utf8_locale(os.environ)
    from cli import run

    run()
