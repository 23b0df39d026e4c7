"""The main window: posses on the left, the selected posse on the right, menus for everything."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QLabel,
    QListView,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from db import posses
from db.backup import backup_if_due
from rostermgr.errors import Refused
from ui.commands import do_action
from ui.models import PosseListModel
from ui.posse_view import PosseView
from ui.session import Session

MAX_RECENT = 8


class MainWindow(QMainWindow):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.rules = session.rules
        self.undo_stack = QUndoStack(self)
        self.settings = QSettings("rostermgr", "rostermgr")
        self.posse_model = PosseListModel(self.rules)
        self.posse_list = QListView()
        self.posse_list.setModel(self.posse_model)
        self.posse_list.setMinimumWidth(200)
        new_posse = QPushButton("New posse...")
        new_posse.clicked.connect(self.new_posse)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(QLabel("Posses"))
        left_layout.addWidget(self.posse_list)
        left_layout.addWidget(new_posse)
        self.view = PosseView(self.rules)
        self.empty = self._empty_state()
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.view)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([240, 1000])
        self.setCentralWidget(splitter)
        self.posse_list.selectionModel().currentChanged.connect(lambda *_: self.show_selected())
        pane = self.view.member_pane
        pane.buy_requested.connect(self.buy_item)
        pane.sell_requested.connect(self.sell_item)
        pane.flip_requested.connect(self.spend_flip)
        pane.rename_requested.connect(self.rename_member)
        from ui.menus import build_menus

        build_menus(self)
        self._title()
        geometry = self.settings.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)  # type: ignore[arg-type]
        else:
            self.resize(1280, 760)
        self.refresh()

    def _empty_state(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addStretch()
        text = QLabel("This campaign has no posses yet.")
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text.setStyleSheet("font-size: 14pt;")
        self.first_posse = QPushButton("Create your first posse")
        self.first_posse.setObjectName("firstPosse")
        self.first_posse.setStyleSheet("font-size: 14pt; padding: 12px 24px;")
        self.first_posse.clicked.connect(self.new_posse)
        layout.addWidget(text)
        layout.addWidget(self.first_posse, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch()
        return page

    # -- state --------------------------------------------------------------------------
    def _title(self) -> None:
        self.setWindowTitle(f"{self.session.path.name} - rostermgr")

    def current_posse(self) -> str | None:
        return self.posse_model.name_at(self.posse_list.currentIndex().row())

    def refresh(self, select: str | None = None) -> None:
        """Reload everything from the campaign file; keep or change the selected posse."""
        keep = select or self.current_posse()
        rows = posses.summaries()
        self.posse_model.set_rows(rows)
        if not rows:
            self.stack.setCurrentWidget(self.empty)
            self.view.show_posse(None)
        else:
            self.stack.setCurrentWidget(self.view)
            row = self.posse_model.row_of(keep) if keep else -1
            index = self.posse_model.index(max(row, 0))
            moved = index != self.posse_list.currentIndex()
            self.posse_list.setCurrentIndex(index)
            if not moved:  # else currentChanged has just shown it: load the posse once, not twice
                self.show_selected()
        self.statusBar().showMessage(f"{len(rows)} posses in {self.session.path}")

    def show_selected(self) -> None:
        self.view.show_posse(self.current_posse())

    def act(self, text: str, action: Callable[[], Any], select: str | None = None) -> Any:
        """Run one undoable edit; a refusal becomes a sentence in the window."""
        backup_if_due(self.session.path)
        try:
            result = do_action(
                self.undo_stack, self.session, text, action, lambda: self.refresh(select)
            )
        except Refused as exc:
            self.refuse(str(exc))
            return None
        self.refresh(select)
        self.statusBar().showMessage(text, 5000)
        return result

    def refuse(self, sentence: str) -> None:
        QMessageBox.warning(self, "rostermgr", sentence)

    # -- actions (bodies in ui.actions so this module stays layout) ---------------------
    def new_posse(self) -> None:
        from ui.actions import new_posse

        new_posse(self)

    def buy_item(self, member: str) -> None:
        from ui.actions import buy_item

        buy_item(self, member)

    def sell_item(self, member: str, item: str) -> None:
        from ui.actions import sell_item

        sell_item(self, member, item)

    def rename_member(self, member: str) -> None:
        from ui.actions import rename_member

        rename_member(self, member)

    def spend_flip(self, member: str | None = None) -> None:
        from ui.actions import spend_flip

        spend_flip(self, member)

    # -- recent files and closing -------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [str(v) for v in (value if isinstance(value, list) else [value]) if v]

    def remember(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.settings.setValue("recent", recent[:MAX_RECENT])

    def switch_to(self, session: Session) -> None:
        """Replace the open campaign (the old one's lock is released)."""
        old = self.session
        self.session, self.rules = session, session.rules
        self.undo_stack.clear()
        old.close()
        self.remember(session.path)
        self._title()
        self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.setValue("geometry", self.saveGeometry())
        self.session.close()
        super().closeEvent(event)


def standard(action: QAction, key: QKeySequence.StandardKey) -> QAction:
    action.setShortcut(key)
    return action
