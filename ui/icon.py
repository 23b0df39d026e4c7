"""The window icon: a sheriff's star, drawn with QPainter so no image file is needed.

The same star is exported as PNG and SVG files for the desktop (`save_icons`, used by
`packaging/make_icons.py`): one geometry, so the window and the launcher show the same star.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap, QPolygonF

GOLD, BROWN = "#d9a441", "#4a2c0a"
# The sizes of the hicolor icon theme a launcher looks for (and the window icon's).
ICON_SIZES = (16, 32, 48, 64, 128, 256)


def star_points(size: float) -> list[tuple[float, float]]:
    """The star's 12 corners (6 points, 6 notches) on a `size` square, y downwards."""
    c = size / 2
    outer, inner = size * 0.46, size * 0.2
    return [
        (
            c + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / 6),
            c - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / 6),
        )
        for i in range(12)
    ]


def _pen_width(size: float) -> float:
    return max(1.0, size / 32)


def star_pixmap(size: int) -> QPixmap:
    """The star on a transparent `size` x `size` pixmap."""
    pix = QPixmap(size, size)
    pix.fill(QColor(0, 0, 0, 0))  # transparent: Qt.GlobalColor would create all Qt enums (13 ms)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    c = size / 2
    p.setPen(QPen(QColor(BROWN), _pen_width(size)))
    p.setBrush(QColor(GOLD))
    p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in star_points(size)]))
    p.setBrush(QColor(BROWN))
    p.drawEllipse(QPointF(c, c), size * 0.08, size * 0.08)
    p.end()
    return pix


def star_svg(size: int = 256) -> str:
    """The star as a standalone SVG document of `size` user units (scalable)."""
    c = size / 2
    points = " ".join(f"{x:.2f},{y:.2f}" for x, y in star_points(size))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}">\n'
        "  <title>rostermgr</title>\n"
        f'  <polygon points="{points}" fill="{GOLD}" stroke="{BROWN}" '
        f'stroke-width="{_pen_width(size):.2f}" stroke-linejoin="miter"/>\n'
        f'  <circle cx="{c:.2f}" cy="{c:.2f}" r="{size * 0.08:.2f}" fill="{BROWN}"/>\n'
        "</svg>\n"
    )


def save_icons(folder: Path, name: str = "rostermgr") -> list[Path]:
    """Write the star as a hicolor icon theme under `folder`; returns the files written.

    `folder/hicolor/NxN/apps/NAME.png` for each of ICON_SIZES and
    `folder/hicolor/scalable/apps/NAME.svg`. Needs a QGuiApplication (offscreen will do).
    """
    written: list[Path] = []
    for size in ICON_SIZES:
        path = folder / "hicolor" / f"{size}x{size}" / "apps" / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp.png")  # Qt picks the format by the suffix
        if not star_pixmap(size).save(str(tmp), "PNG"):
            raise OSError(f"Cannot write the icon {tmp}.")
        tmp.replace(path)
        written.append(path)
    svg = folder / "hicolor" / "scalable" / "apps" / f"{name}.svg"
    svg.parent.mkdir(parents=True, exist_ok=True)
    tmp_svg = svg.with_name(svg.name + ".tmp")
    tmp_svg.write_text(star_svg(), encoding="utf-8")
    tmp_svg.replace(svg)
    written.append(svg)
    return written


def app_icon() -> QIcon:
    """The window icon, at every size of ICON_SIZES."""
    icon = QIcon()
    for size in ICON_SIZES:
        icon.addPixmap(star_pixmap(size))
    return icon
