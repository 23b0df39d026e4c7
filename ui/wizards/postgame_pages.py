"""The report pages of the post-game wizard: each edits lists of the DESIGN 5 report."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from rostermgr.choices import (
    by_choices,
    no_thief_reason,
    offered,
    out_of_action_choices,
    theft_choices,
    used_up_choices,
)
from rostermgr.report import Ref, Report
from services import posses
from ui.keys import on_enter, search_with_spaces
from ui.style import error_style
from ui.wizards.draft import as_entry, ref

if TYPE_CHECKING:
    from rostermgr.roster import Posse
    from rostermgr.rules import Ruleset

FALL = "no one (a fall, friendly fire)"

Key = tuple[str, str]  # (posse, member)
Made = dict[str, Any] | str  # a report entry, or the sentence saying why none can be added


class EntryList(QWidget):
    """A titled list of report entries with an editor row to add one and a button to remove.

    `make` returns the entry the editors describe, or a sentence saying why there is none; the
    sentence shows under the row while Add is disabled.
    """

    changed = Signal()

    def __init__(
        self,
        title: str,
        editors: list[QWidget],
        make: Callable[[], Made],
        describe: Callable[[dict[str, Any]], str],
        add_text: str = "&Add",
    ) -> None:
        super().__init__()
        self.title = title
        self.entries: list[dict[str, Any]] = []
        self._make, self._describe = make, describe
        self._typed = [e for e in editors if isinstance(e, (QLineEdit, QSpinBox))]
        self._editors = [e for e in editors if not isinstance(e, QLabel)]
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        self.add = QPushButton(add_text)  # each list of a page has its own Alt letter
        self.remove = QPushButton("Remove")
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text);")
        self.hint.hide()
        row = QHBoxLayout()
        for editor in editors:
            # Pickers share the spare width; labels, amounts and buttons keep their own.
            row.addWidget(editor, 1 if isinstance(editor, (QComboBox, QLineEdit)) else 0)
            if isinstance(editor, QComboBox):
                editor.currentIndexChanged.connect(self.update_add)
            elif isinstance(editor, QSpinBox):
                editor.valueChanged.connect(self.update_add)
        row.addWidget(self.add)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(QLabel(f"<b>{title}</b>"))
        head.addStretch()
        head.addWidget(self.remove)
        layout.addLayout(head)
        layout.addLayout(row)
        layout.addWidget(self.hint)
        layout.addWidget(self.list)
        # Tab runs through the row as read: pickers, Add, the list, then Remove.
        chain = [e for e in editors if e.focusPolicy() != Qt.FocusPolicy.NoFocus]
        chain += [self.add, self.list, self.remove]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        self.remove.setEnabled(False)
        self.list.currentRowChanged.connect(lambda row: self.remove.setEnabled(row >= 0))
        self.add.clicked.connect(self.add_from_editors)
        self.remove.clicked.connect(self.remove_selected)
        for editor in self._typed:
            # Enter adds the line being typed (or says what it lacks); it never leaves the page
            on_enter(editor, self.add_from_editors)
            if isinstance(editor, QLineEdit):
                editor.textChanged.connect(self.update_add)

    def pending(self) -> bool:
        """A line is being typed that has not been added: text in a field, or an amount."""
        return any(e.text().strip() if isinstance(e, QLineEdit) else e.value() for e in self._typed)

    def clear_typed(self) -> None:
        for editor in self._typed:
            if isinstance(editor, QLineEdit):
                editor.clear()
            elif isinstance(editor, QSpinBox):
                editor.setValue(0)

    def update_add(self) -> None:
        """Enable Add only for an entry the editors describe in full; else say why not."""
        made = self._make()
        self.add.setEnabled(not isinstance(made, str))
        self.hint.setText(made if isinstance(made, str) else "")
        self.hint.setVisible(isinstance(made, str))

    def add_from_editors(self) -> None:
        made = self._make()
        if isinstance(made, str):
            self.update_add()  # the sentence saying what is missing shows under the row
            return
        self.add_entry(made)
        self.clear_typed()
        self.update_add()
        if self._editors:
            self._editors[0].setFocus()  # ready for the next line, from its first field

    def add_entry(self, entry: dict[str, Any]) -> None:
        self.entries.append(entry)
        self.list.addItem(self._describe(entry))
        self.changed.emit()

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.entries):
            del self.entries[row]
            self.list.takeItem(row)
            self.changed.emit()


def model_combo() -> QComboBox:
    combo = search_with_spaces(QComboBox())  # members' names have spaces
    combo.setMinimumWidth(160)
    combo.setPlaceholderText("no one")
    return combo


def item_combo() -> QComboBox:
    combo = search_with_spaces(QComboBox())  # "Light leather clothing"
    combo.setMinimumWidth(120)
    combo.setPlaceholderText("nothing")
    return combo


def refill(combo: QComboBox, choices: Iterable[tuple[str, Any]]) -> None:
    """Replace the choices, keeping the one shown if it is still offered, else the first."""
    keep = combo.currentText()
    with QSignalBlocker(combo):
        combo.clear()
        for text, data in choices:
            combo.addItem(text, data)
        combo.setCurrentIndex(max(combo.findText(keep), 0) if combo.count() else -1)


def model_choice(key: Key) -> tuple[str, dict[str, str]]:
    """A model as 'member (posse)', data {'posse', 'member'} as in the report."""
    return f"{key[1]} ({key[0]})", {"posse": key[0], "member": key[1]}


def ref_choice(model: Ref) -> tuple[str, dict[str, str]]:
    """A model the domain offers, as 'member (posse)' with the report's data."""
    return f"{model.member} ({model.posse})", as_entry(model)


def fill_posses(combo: QComboBox, names: list[str]) -> None:
    refill(combo, [(name, name) for name in names])


def amount_box() -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, 100_000)
    box.setPrefix("$")
    return box


def reason_box(text: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setPlaceholderText(text)
    return edit


def ref_text(ref: dict[str, str] | None) -> str:
    return f"{ref['member']} ({ref['posse']})" if ref else "no one"


def key_of(ref: dict[str, str]) -> Key:
    return ref["posse"], ref["member"]


def claimed_box() -> QCheckBox:
    box = QCheckBox("claimed")
    box.setChecked(True)
    return box


class ReportPage(QWizardPage):
    """A page of report lists: Next asks the domain, and shows its sentence here if refused."""

    lists: tuple[str, ...] = ()  # the report lists this page edits
    checked: tuple[str, ...] = ()  # the lists checked on Next: this page's and earlier ones

    def __init__(self, title: str, subtitle: str) -> None:
        super().__init__()
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.parts: list[EntryList] = []
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(error_style())
        self.error.hide()

    def set_parts(self, parts: list[EntryList]) -> None:
        """Lay out the page's lists, the refusal under them."""
        self.parts = parts
        layout = QVBoxLayout(self)
        for part in parts:
            layout.addWidget(part)
            part.changed.connect(self.refresh)
        layout.addStretch()
        layout.addWidget(self.error)

    def played(self) -> list[str]:
        posses: list[str] = self.wizard().game_page.posses()  # type: ignore[attr-defined]
        return posses

    def played_posses(self) -> list[Posse]:
        """The posses that played, read from the campaign now."""
        campaign = self.wizard().w.campaign  # type: ignore[attr-defined]
        return posses.load_many(campaign, self.played())

    def refresh(self) -> None:
        """Offer only what the rules allow given the entries so far; forget an old refusal."""
        self.fill()
        for part in self.parts:
            part.update_add()
        self.show_error("")

    def fill(self) -> None:
        """Refill the pickers (each page's own)."""

    def show_error(self, sentence: str) -> None:
        self.error.setText(sentence)
        self.error.setVisible(bool(sentence))

    def entered(self) -> bool:
        """Has the user added or begun a line on this page?"""
        return any(part.entries or part.pending() for part in self.parts)

    def validatePage(self) -> bool:
        unadded = [part.title for part in self.parts if part.pending()]
        if unadded:
            self.show_error(
                f"The line being typed under {unadded[0]} is not added: press Add (or Enter), "
                "or clear it, before going on."
            )
            return False
        # this page's lists and the earlier pages' (a bounty needs its take-out, R12)
        sentence = self.wizard().refusal(self.checked)  # type: ignore[attr-defined]
        self.show_error(sentence or "")
        return sentence is None


class CasualtiesPage(ReportPage):
    """Who went out of action and by whom; items used up and stolen."""

    lists = ("out_of_action", "items_used", "items_stolen")
    checked = lists

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(
            "Out of action, items used and stolen",
            "Add a line for each model taken out of action, each item used up in play and "
            "each item stolen; leave a list empty if nothing happened.",
        )
        self.rules = rules
        self.posses_now: dict[str, Posse] = {}
        self.no_theft = ""
        self.victim, self.by = model_combo(), model_combo()
        self.ooa = EntryList(
            "Out of action", [self.victim, QLabel("by"), self.by], self._ooa, self._ooa_text
        )
        self.user, self.used_item = model_combo(), item_combo()
        self.used = EntryList(
            "Items used up in play",
            [self.user, self.used_item],
            self._use,
            lambda e: f"{ref_text(e)} used up a {self._name(e['item'])}",
            add_text="Add &use",
        )
        self.thief_from, self.stolen_item, self.thief = model_combo(), item_combo(), model_combo()
        self.stolen = EntryList(
            "Items stolen",
            [self.thief_from, self.stolen_item, QLabel("taken by"), self.thief],
            self._theft,
            lambda e: (
                f"{ref_text(e['to'])} stole a {self._name(e['item'])} from {ref_text(e['from'])}"
            ),
            add_text="Add t&heft",
        )
        self.set_parts([self.ooa, self.used, self.stolen])
        for combo in (self.victim, self.user, self.thief_from, self.stolen_item):
            combo.currentIndexChanged.connect(lambda _i: self.refresh())

    def initializePage(self) -> None:
        self.posses_now = self.wizard().played_posses()  # type: ignore[attr-defined]
        self.refresh()
        self.victim.setFocus()  # keyboard users start at the first picker of the page

    def _name(self, item_id: str) -> str:
        return self.rules.item(item_id).name.lower()

    def _items(self, ids: Iterable[str]) -> list[tuple[str, str]]:
        return [(self.rules.item(i).name, i) for i in dict.fromkeys(ids)]

    def fill(self) -> None:
        """Offer what the domain allows for the draft so far (R1, R4, R5, R13, R14)."""
        draft: Report = self.wizard().draft()  # type: ignore[attr-defined]
        played, rules = self.posses_now, self.rules
        victims = offered(out_of_action_choices(draft, played, rules))
        refill(self.victim, map(ref_choice, victims))
        victim = self.victim.currentData()
        by = offered(by_choices(draft, ref(victim), played, rules)) if victim else (None,)
        refill(self.by, [(FALL, None) if b is None else ref_choice(b) for b in by])
        uses = offered(used_up_choices(draft, played, rules))
        refill(self.user, map(ref_choice, dict.fromkeys(u.holder for u in uses)))
        user = self.user.currentData()
        refill(self.used_item, self._items(u.item for u in uses if user and u.holder == ref(user)))
        every_theft = theft_choices(draft, played, rules)
        thefts = offered(every_theft)
        # Why nothing may be stolen, when nothing may: said of the posses when none has a thief
        # (R1), else the domain's reason for the first try.
        across = [c for c in every_theft if c.value.source.posse != c.value.thief.posse]
        self.no_theft = no_thief_reason(played.values(), rules) or next(
            (c.reason for c in across if not c.allowed), ""
        )
        refill(self.thief_from, map(ref_choice, dict.fromkeys(t.source for t in thefts)))
        source = self.thief_from.currentData()
        from_source = [t for t in thefts if source and t.source == ref(source)]
        refill(self.stolen_item, self._items(t.item for t in from_source))
        item = self.stolen_item.currentData()
        refill(self.thief, [ref_choice(t.thief) for t in from_source if t.item == item])

    def _ooa(self) -> Made:
        victim, by = self.victim.currentData(), self.by.currentData()
        if victim is None:
            return "Every model of these posses is listed as out of action already."
        return {**victim, **({"by": by} if by else {})}

    @staticmethod
    def _ooa_text(e: dict[str, Any]) -> str:
        return f"{e['member']} ({e['posse']}) out of action by {ref_text(e.get('by'))}"

    def _use(self) -> Made:
        holder, item = self.user.currentData(), self.used_item.currentData()
        if holder is None or item is None:
            kinds = " or ".join(k.name.lower() for k in self.rules.kinds.values() if k.used_up)
            return f"No one here holds a {kinds} item, the only kind used up in play (R4)."
        return {**holder, "item": item}

    def _theft(self) -> Made:
        source, item = self.thief_from.currentData(), self.stolen_item.currentData()
        thief = self.thief.currentData()
        if source is None or item is None or thief is None:
            if self.no_theft:
                return f"Nothing may be stolen: {self.no_theft}"
            return "No one here holds an item."
        return {"from": source, "to": thief, "item": item}
