"""The product's start-up: `rostermgr --db FILE`, the desktop app, until its first paint.

Runs the real entry point, cli.main: it parses the command line, opens the campaign
with its lock and shows the main window. The only addition is the first-paint watcher, which
imports nothing until the product imports PySide6 itself (see _first_paint).
"""

from __future__ import annotations

import sys

import _first_paint


def main() -> int:
    _first_paint.install()
    from cli import main as rostermgr

    return rostermgr(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
