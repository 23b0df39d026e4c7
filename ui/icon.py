"""The window icon: a sheriff's star, drawn with QPainter so no image file is needed."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap, QPolygonF


def star_pixmap(size: int) -> QPixmap:
    pix = QPixmap(size, size)
    pix.fill(QColor(0, 0, 0, 0))  # transparent: Qt.GlobalColor would create all Qt enums (13 ms)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    c = size / 2
    outer, inner = size * 0.46, size * 0.2
    points = [
        QPointF(
            c + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / 6),
            c - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / 6),
        )
        for i in range(12)
    ]
    p.setPen(QPen(QColor("#4a2c0a"), max(1.0, size / 32)))
    p.setBrush(QColor("#d9a441"))
    p.drawPolygon(QPolygonF(points))
    p.setBrush(QColor("#4a2c0a"))
    p.drawEllipse(QPointF(c, c), size * 0.08, size * 0.08)
    p.end()
    return pix


def app_icon() -> QIcon:
    icon = QIcon()
    for size in (16, 32, 48, 64, 128, 256):
        icon.addPixmap(star_pixmap(size))
    return icon
