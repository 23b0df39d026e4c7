"""View > Appearance: the system's colours, or light or dark whatever the system says.

The choice is kept in the app's settings and applied when the app starts, before the first
window, and at once when it is changed. Light and Dark ask Qt for that colour scheme (Qt 6.8:
the platform's own light or dark look where it has one) and, on the Fusion style, which draws
with the application's palette on every platform, set a light or a dark palette too. System
leaves Qt's own choice, which follows the desktop.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QGuiApplication, QPalette

SYSTEM, LIGHT, DARK = "system", "light", "dark"
CHOICES = ((SYSTEM, "&System"), (LIGHT, "&Light"), (DARK, "&Dark"))
KEY = "view/appearance"

_started_with: list[QPalette] = []  # the palette before any choice of ours: System's


def saved(settings: QSettings | None = None) -> str:
    """The appearance chosen last, System when none was (or the setting is not one)."""
    value = (settings or QSettings("rostermgr", "rostermgr")).value(KEY, SYSTEM)
    return str(value) if value in (LIGHT, DARK) else SYSTEM


def choose(choice: str, settings: QSettings | None = None) -> None:
    """Apply `choice` now and keep it for the next start."""
    (settings or QSettings("rostermgr", "rostermgr")).setValue(KEY, choice)
    apply(choice)


def apply_saved() -> None:
    """At start-up: the kept choice, if it is not System (System costs nothing)."""
    choice = saved()
    if choice != SYSTEM:
        apply(choice)


def apply(choice: str) -> None:
    """Light, dark, or the system's colours, for every window of the application."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if not _started_with:
        _started_with.append(QPalette(app.palette()))
    scheme = {LIGHT: Qt.ColorScheme.Light, DARK: Qt.ColorScheme.Dark}.get(
        choice, Qt.ColorScheme.Unknown
    )
    QGuiApplication.styleHints().setColorScheme(scheme)
    style = app.style()
    if choice == SYSTEM:
        app.setPalette(_started_with[0])
    elif style is not None and style.name().lower() == "fusion":
        app.setPalette(style.standardPalette() if choice == LIGHT else dark_palette())
    from ui.style import restyle_all

    restyle_all()


def dark_palette() -> QPalette:
    """Fusion's colours turned dark: light text on dark grey, the highlight kept blue."""
    pal = QPalette()
    roles = QPalette.ColorRole
    colours = {
        roles.Window: "#2b2b2b",
        roles.WindowText: "#e6e6e6",
        roles.Base: "#1e1e1e",
        roles.AlternateBase: "#2f2f2f",
        roles.ToolTipBase: "#3a3a3a",
        roles.ToolTipText: "#e6e6e6",
        roles.PlaceholderText: "#8c8c8c",
        roles.Text: "#e6e6e6",
        roles.Button: "#353535",
        roles.ButtonText: "#e6e6e6",
        roles.BrightText: "#ff6b6b",
        roles.Light: "#4a4a4a",
        roles.Midlight: "#3f3f3f",
        roles.Mid: "#303030",
        roles.Dark: "#1a1a1a",
        roles.Shadow: "#0d0d0d",
        roles.Highlight: "#2f65ca",
        roles.HighlightedText: "#ffffff",
        roles.Link: "#8ab4f8",
        roles.LinkVisited: "#c58af9",
    }
    for role, colour in colours.items():
        pal.setColor(role, QColor(colour))
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        pal.setColor(disabled, role, QColor("#7a7a7a"))
    return pal
