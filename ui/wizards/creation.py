"""Gang creation (DESIGN 7): faction and name, members' names, then a shop per member."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.errors import Refused
from rostermgr.plans import CreationPlan
from rostermgr.roster import Member, Posse, check_name, normal_name
from rostermgr.rules import Ruleset
from rostermgr.shop import creation_cost, plan_creation
from ui.keys import next_is_default, no_default_buttons, on_enter, with_mnemonic
from ui.screen import fitted_size
from ui.shop_widget import ShopWidget
from ui.style import error_style, purse_style
from ui.wizards.discard import confirm_discard


class FactionPage(QWizardPage):
    def __init__(self, rules: Ruleset, taken: list[str]) -> None:
        super().__init__()
        self.rules, self.taken = rules, taken
        self.setTitle("A new posse")
        self.setSubTitle("Name your posse and choose its faction.")
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. The Dalton Boys")
        self.group = QButtonGroup(self)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.addRow("Posse na&me", self.name)
        layout.addLayout(form)
        for faction in rules.factions.values():
            actions = ", ".join(a.name for a in faction.leader_actions)
            button = QRadioButton(
                f"{faction.name}   {SUIT_SYMBOLS[faction.suit]} {faction.suit} favoured; "
                f"leader: {actions}; rule: {faction.rule_name}"
            )
            # what the names mean, from the ruleset, for a player who has not read the rules
            said = [f"{a.name}: {a.text}" for a in faction.leader_actions if a.text]
            if faction.rule_text:
                said.append(f"{faction.rule_name}: {faction.rule_text}")
            button.setToolTip("\n".join(said))
            button.setProperty("faction", faction.id)
            self.group.addButton(button)
            layout.addWidget(button)
        self.group.buttons()[0].setChecked(True)
        self.error = QLabel()
        self.error.setStyleSheet(error_style())
        layout.addWidget(self.error)
        layout.addStretch()
        self.name.textChanged.connect(lambda _t: self.completeChanged.emit())

    def faction(self) -> str:
        checked = self.group.checkedButton()  # one faction is always checked
        return "" if checked is None else str(checked.property("faction"))

    def isComplete(self) -> bool:
        name = self.name.text().strip()
        problem = ""
        if name in self.taken:
            problem = f"This campaign already has a posse named '{name}'."
        else:
            try:
                check_name(name, "posse name")
            except Refused as exc:
                problem = str(exc) if name else ""
        self.error.setText(problem)
        return bool(name) and not problem


class NamesPage(QWizardPage):
    """One name per member of the composition (R3): a leader, a deputy, three gang members."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.setTitle("Members")
        self.setSubTitle("Name the members. The gang members are hired as one group.")
        self.fields: list[tuple[str, QLineEdit]] = []
        form = QFormLayout(self)
        # the names are the ruleset's, so their Alt letters are chosen here; the wizard's
        # own buttons keep theirs (< Back, Next >, Create posse)
        taken = {"b", "n", "c"}
        for role_id, count in rules.composition.items():
            role = rules.roles[role_id]
            for n in range(count):
                edit = QLineEdit()
                label = role.name if count == 1 else f"{role.name} {n + 1}"
                form.addRow(with_mnemonic(label, taken), edit)
                edit.textChanged.connect(lambda _t: self.completeChanged.emit())
                self.fields.append((role_id, edit))
            group = f" for all {count}" if role.creation_group > 1 else ""
            form.addRow("", QLabel(f"${role.creation_cost}{group}"))
        self.error = QLabel()
        self.error.setStyleSheet(error_style())
        form.addRow(self.error)

    def members(self) -> list[tuple[str, str]]:
        """Each role with its member's name, as names are stored and compared."""
        return [(role, normal_name(edit.text())) for role, edit in self.fields]

    def entered(self) -> bool:
        return any(edit.text().strip() for _role, edit in self.fields)

    def isComplete(self) -> bool:
        names = [n for _r, n in self.members()]
        problem = ""
        if len(set(n for n in names if n)) != len([n for n in names if n]):
            problem = "Each member needs a name of its own."
        for name in names:
            try:
                if name:
                    check_name(name, "member's name")
            except Refused as exc:
                problem = str(exc)
        self.error.setText(problem)
        return all(names) and not problem


class ShopPage(QWizardPage):
    """Buy gear member by member; the purse falls as you buy and blocked items say why."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self.rules = rules
        self.setTitle("The shop")
        self.gear: dict[str, list[str]] = {}
        self.roles: dict[str, str] = {}
        self.purse = QLabel()
        self.purse.setObjectName("wizardPurse")
        self.purse.setStyleSheet(purse_style(14))
        self.members = QListWidget()
        self.members.setMaximumWidth(220)
        # the Buy dialog's shop: rows, what the item does, why it cannot be bought
        self.shop = ShopWidget(rules)
        self.model, self.table, self.reason = self.shop.model, self.shop.table, self.shop.reason
        self.cart = QListWidget()
        self.buy = QPushButton("B&uy")
        self.remove = QPushButton("&Remove")
        left = QVBoxLayout()
        left.addWidget(_labelled("&Members", self.members))
        left.addWidget(self.members)
        left.addWidget(_labelled("Their &gear", self.cart))
        left.addWidget(self.cart)
        left.addWidget(self.remove)
        right = QVBoxLayout()
        right.addWidget(self.purse)
        right.addWidget(self.shop, 1)
        right.addWidget(self.buy)
        layout = QHBoxLayout(self)
        layout.addLayout(left)
        layout.addLayout(right, 1)
        self.members.currentRowChanged.connect(lambda _r: self.show_member())
        self.shop.selected.connect(self.explain)
        # Enter or Space on an item buys it; Enter never finishes the wizard from the shop
        self.shop.chosen.connect(lambda _id: self.buy_selected())
        on_enter(self.cart, self.remove_selected)
        self.buy.clicked.connect(self.buy_selected)
        self.remove.clicked.connect(self.remove_selected)
        # Remove acts on the gear the user selected, never on a row it merely lands on
        self.cart.itemSelectionChanged.connect(self._removable)
        self._removable()
        no_default_buttons(self)

    def initializePage(self) -> None:
        wizard: Any = self.wizard()
        names = wizard.names_page.members()
        self.roles = {name: role for role, name in names}
        self.gear = {name: self.gear.get(name, []) for _role, name in names}
        self.members.clear()
        for role, name in names:
            self.members.addItem(f"{name} ({self.rules.roles[role].name})")
        self.members.setCurrentRow(0)
        self.show_member()
        # keyboard users land in the shop: arrows choose an item, Enter or Space buys it
        self.table.setFocus()
        self.table.selectRow(0)
        QWidget.setTabOrder(self.table, self.buy)
        QWidget.setTabOrder(self.buy, self.members)
        QWidget.setTabOrder(self.members, self.cart)
        QWidget.setTabOrder(self.cart, self.remove)

    def member_names(self) -> list[str]:
        return list(self.gear)

    def current(self) -> str | None:
        row = self.members.currentRow()
        names = self.member_names()
        return names[row] if 0 <= row < len(names) else None

    def purse_left(self) -> int:
        members = [Member(n, self.roles[n], tuple(items)) for n, items in self.gear.items()]
        return self.rules.starting_purse - creation_cost(members, self.rules)

    def draft(self, purse: int) -> Posse:
        """The posse as bought so far, for the domain to say what each member may buy."""
        wizard: Any = self.wizard()
        page = wizard.faction_page if wizard else None
        return Posse(
            name=page.name.text().strip() if page else "The new posse",
            faction=page.faction() if page else next(iter(self.rules.factions)),
            members=tuple(Member(n, self.roles[n], tuple(i)) for n, i in self.gear.items()),
            purse=purse,
            ruleset_id=self.rules.id,
            ruleset_version=self.rules.version,
        )

    def show_member(self) -> None:
        name = self.current()
        left = self.purse_left()
        self.purse.setText(f"Purse: ${left} of ${self.rules.starting_purse}")
        self.setSubTitle("Buy gear for each member. Greyed items say why they cannot be bought.")
        if name is None:
            return
        self.shop.set_buyer(self.draft(left), name)  # the item selected stays selected
        self.cart.clear()
        for item_id in self.gear[name]:
            self.cart.addItem(
                f"{self.rules.items[item_id].name} (${self.rules.items[item_id].price})"
            )
        self._removable()
        self.explain()

    def explain(self) -> None:
        """Buy only what the domain allows the member now (the shop shows why not)."""
        self.buy.setEnabled(self.shop.item() is not None and not self.shop.blocked())

    def buy_item(self, item_id: str) -> bool:
        """Add an item to the current member if the rules allow it; False with the reason shown."""
        name = self.current()
        item = self.rules.items.get(item_id)
        if name is None or item is None:
            return False
        why = self.model.blocked(item)
        if why:
            self.reason.setText(why)
            return False
        self.gear[name].append(item_id)
        self.show_member()
        return True

    def buy_selected(self) -> None:
        row = self.table.currentIndex().row()
        item = self.model.item_at(row)
        if item is not None:
            self.buy_item(item.id)
        self.table.setFocus()  # go on shopping where the user was, not on Back
        self.table.selectRow(max(row, 0))

    def _selected_gear(self) -> int | None:
        """The row of the gear the user visibly selected, or None."""
        rows = [self.cart.row(item) for item in self.cart.selectedItems()]
        return rows[0] if rows else None

    def _removable(self) -> None:
        self.remove.setEnabled(self._selected_gear() is not None)

    def remove_selected(self) -> None:
        """Remove the selected piece of gear; nothing selected, nothing removed. Nothing is
        selected afterwards, so a second Remove cannot take an item the user never chose."""
        name, row = self.current(), self._selected_gear()
        if name is not None and row is not None and row < len(self.gear[name]):
            del self.gear[name][row]
            self.show_member()
        self.cart.setFocus()

    def bought_any(self) -> bool:
        return any(self.gear.values())


def _labelled(text: str, buddy: QWidget) -> QLabel:
    """A label whose Alt+letter moves the focus to `buddy` (a list or a table)."""
    label = QLabel(text)
    label.setBuddy(buddy)
    return label


class CreationWizard(QWizard):
    def __init__(self, rules: Ruleset, taken: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.setWindowTitle("Create a posse")
        self.faction_page = FactionPage(rules, taken)
        self.names_page = NamesPage(rules)
        self.shop_page = ShopPage(rules)
        for page in (self.faction_page, self.names_page, self.shop_page):
            self.addPage(page)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Create posse")
        self.resize(*fitted_size(1000, 620))
        next_is_default(self)

    def reject(self) -> None:
        """Cancel or Escape: what was typed and bought is only thrown away when the user says."""
        if self._entered() and not confirm_discard(self, "posse"):
            return
        super().reject()

    def _entered(self) -> bool:
        named = bool(self.faction_page.name.text().strip())
        return named or self.names_page.entered() or self.shop_page.bought_any()

    def request(self) -> dict[str, Any]:
        """The creation request of DESIGN 5, as the command line would take it."""
        return {
            "name": self.faction_page.name.text().strip(),
            "faction": self.faction_page.faction(),
            "members": [
                {"name": name, "role": role, "items": list(self.shop_page.gear.get(name, []))}
                for role, name in self.names_page.members()
            ],
        }

    def plan(self) -> CreationPlan:
        return plan_creation(self.request(), self.rules)

    def validateCurrentPage(self) -> bool:
        if self.currentPage() is self.shop_page:
            try:
                self.plan()
            except Refused as exc:
                self.shop_page.reason.setText(str(exc))
                return False
        return super().validateCurrentPage()
