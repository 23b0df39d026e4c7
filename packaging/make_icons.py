"""Write the sheriff's star as desktop icons: `python packaging/make_icons.py FOLDER`.

FOLDER/hicolor/NxN/apps/APP_ID.png at the usual sizes and FOLDER/hicolor/scalable/apps/APP_ID.svg,
drawn by ui.icon (the same star as the window icon). The PyInstaller spec copies them into the
bundle's share/icons.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_ID = "org.lasthopefrontier.rostermgr"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: make_icons.py FOLDER\n")
        return 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from ui.icon import save_icons

    app = QGuiApplication.instance() or QGuiApplication([])
    for path in save_icons(Path(argv[0]), APP_ID):
        print(path)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
