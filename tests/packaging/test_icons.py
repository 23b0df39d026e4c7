"""The sheriff's star as desktop icons: PNGs at the usual sizes and an SVG, one geometry."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtGui import QImage

from ui.icon import ICON_SIZES, save_icons, star_points, star_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_save_icons_writes_each_size_and_the_svg(qapp, tmp_path: Path) -> None:
    written = save_icons(tmp_path, "star")
    assert len(written) == len(ICON_SIZES) + 1
    for size in ICON_SIZES:
        path = tmp_path / "hicolor" / f"{size}x{size}" / "apps" / "star.png"
        image = QImage(str(path))
        assert (image.width(), image.height()) == (size, size), path
        assert image.hasAlphaChannel()
        assert image.pixelColor(0, 0).alpha() == 0  # the corner is transparent
        assert image.pixelColor(size // 2, size // 2 - size // 4).alpha() == 255  # star body
    svg = tmp_path / "hicolor" / "scalable" / "apps" / "star.svg"
    assert ET.parse(svg).getroot().tag == f"{SVG}svg"
    assert not list(tmp_path.rglob("*.tmp*")), "a temporary file was left behind"


def test_the_svg_is_the_window_icons_star() -> None:
    root = ET.fromstring(star_svg(256))
    polygon = root.find(f"{SVG}polygon")
    assert polygon is not None
    corners = [tuple(float(v) for v in p.split(",")) for p in polygon.get("points", "").split()]
    assert len(corners) == 12
    for (x, y), (x0, y0) in zip(corners, star_points(256), strict=True):
        assert abs(x - x0) < 0.01 and abs(y - y0) < 0.01
    assert root.get("viewBox") == "0 0 256 256"
