"""Starting the desktop app on a campaign file."""

from __future__ import annotations

import sys
from pathlib import Path


def run_app(path: Path, ruleset_path: str | None = None) -> int:
    """Open the campaign file and show the main window; a refusal is a message box, exit 1."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    from db.connection import open_campaign
    from rostermgr.errors import Refused
    from rostermgr.rules_load import default_ruleset, load_ruleset
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("rostermgr")
    try:
        rules = load_ruleset(ruleset_path) if ruleset_path else default_ruleset()
        db = open_campaign(path)
    except Refused as exc:
        sys.stderr.write(f"{exc}\n")
        QMessageBox.critical(None, "rostermgr", str(exc))
        return 1
    window = MainWindow(path, rules)
    window.show()
    try:
        return app.exec()
    finally:
        db.close()
