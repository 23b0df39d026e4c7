"""Window sizes that fit the screen they open on, and whether there is a screen to ask on."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QScreen

# Qt platforms with no screen a person looks at.
UNSEEN_PLATFORMS = frozenset({"offscreen", "minimal"})


def fitted_size(width: int, height: int, share: float = 0.9) -> tuple[int, int]:
    """The size wanted, no more than `share` of the primary screen's free area either way.

    A window larger than the screen opens with its edges and buttons out of reach.
    """
    screen: QScreen | None = QGuiApplication.primaryScreen()  # None on a machine with none
    if screen is None:
        return width, height
    free = screen.availableGeometry()
    return min(width, int(free.width() * share)), min(height, int(free.height() * share))


def can_ask() -> bool:
    """Whether anyone can answer a message box: not on Qt's offscreen or minimal platform.

    There a modal box would wait for ever for a click nobody can make; the sentence on
    standard error and the exit code are all a caller without a screen can read.
    """
    return QGuiApplication.platformName() not in UNSEEN_PLATFORMS
