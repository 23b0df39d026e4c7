"""Baseline for start-up: a bare PySide6 main window, shown, until its first paint."""

from __future__ import annotations

import sys

import _first_paint


def main() -> int:
    _first_paint.install()
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("bare")
    window.resize(1280, 760)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
