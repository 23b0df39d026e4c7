"""File dialogs that start where the user last was (or in Documents), and remember it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

KEY = "files/last_folder"


def _settings() -> QSettings:
    return QSettings("rostermgr", "rostermgr")


def start_folder() -> Path:
    """The folder the last file was chosen in, else the documents folder, else home."""
    last = _settings().value(KEY)
    if last and Path(str(last)).is_dir():
        return Path(str(last))
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(docs) if docs and Path(docs).is_dir() else Path.home()


def remember_folder(path: str | Path) -> None:
    """Start the next file dialog in the folder of `path`."""
    _settings().setValue(KEY, str(Path(path).parent))


def open_file(parent: QWidget, title: str, filters: str) -> Path | None:
    """Ask for an existing file; None when cancelled."""
    path, _ = QFileDialog.getOpenFileName(parent, title, str(start_folder()), filters)
    if not path:
        return None
    remember_folder(path)
    return Path(path)


def save_file(
    parent: QWidget, title: str, name: str, filters: str, replace: bool = True
) -> Path | None:
    """Ask where to write `name`; `replace` False never offers to overwrite a file."""
    options = QFileDialog.Option(0) if replace else QFileDialog.Option.DontConfirmOverwrite
    path, _ = QFileDialog.getSaveFileName(
        parent, title, str(start_folder() / name), filters, options=options
    )
    if not path:
        return None
    remember_folder(path)
    return Path(path)
