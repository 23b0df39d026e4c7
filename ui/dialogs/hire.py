"""Hire a replacement: the role, the name and what it costs."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from rostermgr.errors import Refused
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from rostermgr.shop import plan_hire


class HireDialog(QDialog):
    def __init__(self, rules: Ruleset, posse: Posse, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules, self.posse = rules, posse
        self.setWindowTitle(f"Hire for {posse.name}")
        self.role = QComboBox()
        for role in rules.roles.values():
            self.role.addItem(f"{role.name} (${role.hire_cost})", role.id)
        self.name = QLineEdit()
        self.name.setPlaceholderText("the new member's name")
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel(f"Purse: ${posse.purse}"))
        form.addRow("&Role", self.role)
        form.addRow("&Name", self.name)
        form.addRow(self.reason)
        form.addRow(self.buttons)
        self.role.currentIndexChanged.connect(lambda _i: self.check())
        self.name.textChanged.connect(lambda _t: self.check())
        # the first role the posse may hire now (R3): a gang member while short of them
        hireable = [i for i in range(self.role.count()) if not self._refusal(self.role.itemData(i))]
        self.role.setCurrentIndex(hireable[0] if hireable else 0)
        self.check()
        self.setMinimumWidth(420)  # the name field shows its hint and a long name whole

    def choice(self) -> tuple[str, str]:
        return self.role.currentData(), self.name.text().strip()

    def _refusal(self, role: str, name: str = "") -> str:
        """The domain's sentence if this hire is refused, else ''."""
        try:
            plan_hire(self.posse, role, name or "New member", self.rules)
        except Refused as exc:
            return str(exc)
        return ""

    def check(self) -> None:
        """Explain a blocked hire before the player presses OK."""
        role, name = self.choice()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        refusal = self._refusal(role, name)
        self.reason.setText(refusal)
        ok.setEnabled(bool(name) and not refusal)
