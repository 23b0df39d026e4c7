"""File > Share: a posse as a picture or a web page to show on a phone, or on the clipboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rostermgr.errors import Refused
from services import share
from services.campaign import Campaign
from ui.files import save_file

if TYPE_CHECKING:
    from ui.main_window import MainWindow

IMAGE_FILES = "PNG images (*.png);;All files (*)"
PAGE_FILES = "Web pages (*.html *.htm);;All files (*)"


def _posse_to_share(w: MainWindow) -> str | None:
    name = w.current_posse()
    if name is None:
        w.refuse("Select a posse to share.")
    return name


def _save(
    w: MainWindow,
    title: str,
    suffix: str,
    files: str,
    write: Callable[[Campaign, str, Path], object],
    what: str,
) -> None:
    """Ask where, write the posse there through the use case, and say so (or why not)."""
    name = _posse_to_share(w)
    if name is None:
        return
    path = save_file(w, title, f"{name}{suffix}", files)
    if path is None:
        return
    try:
        write(w.campaign, name, path)
    except Refused as exc:
        w.refuse(str(exc))
        return
    w.statusBar().showMessage(f"Saved the {what} of {name} to {path}", 5000)


def share_image(w: MainWindow) -> None:
    """File > Share posse as image: the roster as a PNG sized for a phone."""
    _save(w, "Share posse as image", ".png", IMAGE_FILES, share.write_image, "picture")


def share_page(w: MainWindow) -> None:
    """File > Share posse as web page: one self-contained HTML file."""
    _save(w, "Share posse as web page", ".html", PAGE_FILES, share.write_page, "web page")


def copy_image(w: MainWindow) -> None:
    """File > Copy posse image: the same picture on the clipboard, to paste into a chat."""
    from PySide6.QtGui import QGuiApplication, QImage

    name = _posse_to_share(w)
    if name is None:
        return
    try:
        data = share.image_bytes(w.campaign, name)
    except Refused as exc:
        w.refuse(str(exc))
        return
    QGuiApplication.clipboard().setImage(QImage.fromData(data, "PNG"))
    w.statusBar().showMessage(f"Copied the picture of {name}: paste it where you share it", 5000)
