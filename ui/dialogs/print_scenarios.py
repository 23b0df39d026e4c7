"""The print dialog's Scenarios tab (R12, issue 32 item 3): which scenario sheets, paper, ink.

A tab of its own module: the dialog registers it by its TAB name and asks it for its job, so
another printable's tab is added beside it without either touching the other.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QListWidget, QListWidgetItem, QWidget

from rostermgr.errors import Refused
from rostermgr.rules import Ruleset
from rostermgr.scenario_sheet import printable_scenarios
from services import printing
from services.printing import PrintJob
from ui.dialogs.print_options import INKS, PAPERS, combo


class ScenarioOptions(QWidget):
    """The scenario sheets of the active ruleset: one page per scenario ticked."""

    TAB = "Scenarios"

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.scenarios = QListWidget()
        for scenario in printable_scenarios(rules):
            item = QListWidgetItem(scenario.name)
            item.setData(Qt.ItemDataRole.UserRole, scenario.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.scenarios.addItem(item)
        self.paper, self.ink = combo(PAPERS), combo(INKS)
        form = QFormLayout(self)
        form.addRow("Scenari&os", self.scenarios)
        form.addRow("Pape&r", self.paper)
        form.addRow("&Ink", self.ink)
        note = QLabel(
            f"One landscape page per scenario of {rules.name} {rules.version}: its objective, "
            "how it ends, the setup order, the game length and its odds, and the setup map "
            "with the board and the cards to scale."
        )
        note.setWordWrap(True)
        form.addRow(note)

    def chosen(self) -> list[str]:
        """The ids of the scenarios ticked, in the ruleset's order."""
        items = (self.scenarios.item(i) for i in range(self.scenarios.count()))
        return [
            item.data(Qt.ItemDataRole.UserRole)
            for item in items
            if item.checkState() == Qt.CheckState.Checked
        ]

    def job(self) -> PrintJob:
        """The sheets of the scenarios ticked; none ticked is refused in a sentence."""
        chosen = self.chosen()
        if not chosen:
            raise Refused("Tick at least one scenario to print its sheet.")
        return printing.scenarios_job(
            self.rules, chosen, self.paper.currentData(), self.ink.currentData()
        )
