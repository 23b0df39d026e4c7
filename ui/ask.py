"""One line of text asked for in a small dialog (a new name, a reason), whose title is whole.

QInputDialog is as wide as its label and field: "Rename member" over "New name for Kid:" made
a window so narrow that the window manager cut its own title ("Renam... mber").
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QInputDialog, QLineEdit, QStyle, QWidget

# What a title bar holds besides its title: the window's icon and its three buttons (about
# 40 px each on Windows 11, less on Linux window managers), and their margins.
TITLE_BAR_ROOM = 200


def title_width(title: str, font: QFont) -> int:
    """The width a title bar needs for `title`: set in bold and a size larger than the
    dialog's text (as most window managers draw titles), with the bar's icon and buttons."""
    bold = QFont(font)
    bold.setBold(True)
    bold.setPointSizeF(font.pointSizeF() * 1.2 if font.pointSizeF() > 0 else 12)
    return QFontMetrics(bold).horizontalAdvance(title) + TITLE_BAR_ROOM


def text_dialog(
    parent: QWidget | None,
    title: str,
    label: str,
    text: str = "",
    echo: QLineEdit.EchoMode = QLineEdit.EchoMode.Normal,
) -> QInputDialog:
    """The dialog that asks for one line of text, at least as wide as its title needs."""
    dialog = QInputDialog(parent)
    dialog.setInputMode(QInputDialog.InputMode.TextInput)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setTextValue(text)
    dialog.setTextEchoMode(echo)
    # QInputDialog's layout, made when it is shown, fixes its minimum to its contents' own
    # (SetMinAndMaxSize): the width is asked of its field, less the margins on either side.
    field = dialog.findChild(QLineEdit)
    if field is not None:
        style = dialog.style()
        margins = style.pixelMetric(QStyle.PixelMetric.PM_LayoutLeftMargin) + style.pixelMetric(
            QStyle.PixelMetric.PM_LayoutRightMargin
        )
        field.setMinimumWidth(title_width(title, dialog.font()) - margins)
    return dialog


def ask_text(
    parent: QWidget | None,
    title: str,
    label: str,
    text: str = "",
    echo: QLineEdit.EchoMode = QLineEdit.EchoMode.Normal,
) -> tuple[str, bool]:
    """As QInputDialog.getText: the text typed, and whether the user pressed OK."""
    dialog = text_dialog(parent, title, label, text, echo)
    ok = bool(dialog.exec())
    return dialog.textValue(), ok
