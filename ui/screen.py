"""Window sizes that fit the screen they open on."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QScreen


def fitted_size(width: int, height: int, share: float = 0.9) -> tuple[int, int]:
    """The size wanted, no more than `share` of the primary screen's free area either way.

    A window larger than the screen opens with its edges and buttons out of reach.
    """
    screen: QScreen | None = QGuiApplication.primaryScreen()  # None on a machine with none
    if screen is None:
        return width, height
    free = screen.availableGeometry()
    return min(width, int(free.width() * share)), min(height, int(free.height() * share))
