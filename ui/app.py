"""Starting the desktop app on a campaign file."""

from __future__ import annotations

import sys
from pathlib import Path


def run_app(path: Path, ruleset_path: str | None = None) -> int:
    """Open the campaign (taking its lock) and show the main window; a refusal exits 1."""
    # The layers without Qt first: PySide6's import hook reads the source of every module
    # imported after PySide6 (looking for `from __feature__`), which slows start-up.
    from rostermgr.cli import refuse_missing_folder
    from rostermgr.errors import Refused
    from rostermgr.rules_load import default_ruleset, load_ruleset
    from ui.session import Session

    from PySide6.QtWidgets import QApplication, QMessageBox  # isort: skip
    from ui.errors import install_exception_hook
    from ui.icon import app_icon
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("rostermgr")
    app.setOrganizationName("rostermgr")
    app.setWindowIcon(app_icon())
    install_exception_hook()
    try:
        refuse_missing_folder(path)
        rules = load_ruleset(ruleset_path) if ruleset_path else default_ruleset()
        session = Session(path, rules)
    except Refused as exc:
        sys.stderr.write(f"{exc}\n")
        QMessageBox.critical(None, "rostermgr", str(exc))
        return 1
    window = MainWindow(session)
    window.remember(session.path)
    window.show()
    try:
        return app.exec()
    finally:
        session.close()
