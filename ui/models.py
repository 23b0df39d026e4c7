"""Qt item models over domain values: the posse list and a posse's roster."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QFont

from rostermgr.presentation import present
from rostermgr.records import PosseSummary
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset
from ui.style import dimmed

Index = QModelIndex | QPersistentModelIndex


class PosseListModel(QAbstractListModel):
    """The campaign's posses: name, with faction and purse as a tooltip."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self._rules = rules
        self._rows: list[PosseSummary] = []

    def set_rules(self, rules: Ruleset) -> None:
        """Name factions by another ruleset (the campaign adopted one, or undid that)."""
        self.beginResetModel()
        self._rules = rules
        self.endResetModel()

    def set_rows(self, rows: list[PosseSummary]) -> None:
        """Show `rows`: the lines that changed only, when the same posses are listed in the
        same order (the selection and the scroll position stay); else the list afresh."""
        rows = list(rows)
        if [r.name for r in rows] != [r.name for r in self._rows]:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
            return
        changed = [
            i for i, (old, new) in enumerate(zip(self._rows, rows, strict=True)) if old != new
        ]
        self._rows = rows
        if changed:
            self.dataChanged.emit(self.index(min(changed)), self.index(max(changed)))

    def name_at(self, row: int) -> str | None:
        return self._rows[row].name if 0 <= row < len(self._rows) else None

    def row_of(self, name: str) -> int:
        return next((i for i, r in enumerate(self._rows) if r.name == name), -1)

    def standing_of(self, name: str | None) -> str | None:
        """The listed posse's standing (playing or retired), None when it is not listed."""
        row = self.row_of(name) if name else -1
        return self._rows[row].standing if row >= 0 else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        faction = self._rules.factions.get(row.faction)
        retired = row.standing == "retired"
        # R15: a card turned and waiting for a choice is unfinished business: said in the list
        waits = f"{row.waiting} flip{'s' if row.waiting > 1 else ''} waiting" if row.waiting else ""
        if role == Qt.ItemDataRole.DisplayRole:
            notes = ", ".join(n for n in ("retired" if retired else "", waits) if n)
            return f"{row.name} ({notes})" if notes else row.name
        if role == Qt.ItemDataRole.ToolTipRole:
            label = faction.name if faction else row.faction
            note = "; retired: it plays no game until brought back" if retired else ""
            if waits:
                note += f"; {waits} for a choice (Campaign > Spend flips)"
            return f"{row.name}\n{label}: ${row.purse}, {row.active} active{note}"
        if role == Qt.ItemDataRole.ForegroundRole and retired:
            return QBrush(dimmed())
        if role == Qt.ItemDataRole.FontRole and retired:
            return _italic()
        return None


def _bold() -> QFont:
    font = QFont()
    font.setBold(True)
    return font


def _italic() -> QFont:
    font = QFont()
    font.setItalic(True)
    return font


def _struck() -> QFont:
    font = QFont()
    font.setStrikeOut(True)
    return font


def _nth(n: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


class RosterModel(QAbstractTableModel):
    """One posse's members with the stat line (R2), status and injury strikes (R13)."""

    def __init__(self, rules: Ruleset) -> None:
        super().__init__()
        self._rules = rules
        self._posse: Posse | None = None
        self._headers = [
            "Name",
            "Role",
            *[rules.stat_short[s] for s in rules.stat_order],
            "Strikes",
            "Flips",
            "Status",
        ]

    def set_posse(self, posse: Posse | None) -> None:
        self.beginResetModel()
        self._posse = posse
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self._posse is None else len(self._posse.members)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._headers):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._header_tips()[section]
        return None

    def _header_tips(self) -> list[str | None]:
        """What each short heading means, for a player who does not know Sh or Df yet: the
        stats by their ruleset names, the strikes and flips by their rules."""
        rules = self._rules
        return [
            None,
            None,
            *[rules.stat_names[s] for s in rules.stat_order],
            f"Times taken out of action; the {_nth(rules.strikes_to_die)} kills (R13)",
            "Flips earned by taking opposing models out of action and not spent yet: each turns "
            "a card for an upgrade (R14, R15)",
            None,
        ]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            self._posse is None
            or not index.isValid()
            or not 0 <= index.row() < len(self._posse.members)
        ):
            return None
        member = self._posse.members[index.row()]
        n_stats = len(self._rules.stat_order)
        col = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole and 2 <= col < 2 + n_stats + 2:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole and 2 <= col < 2 + n_stats:
            return self._rules.stat_names[self._rules.stat_order[col - 2]]
        flips_col = 2 + n_stats + 1
        if col == flips_col and member.pending_card and member.alive:
            if role == Qt.ItemDataRole.ToolTipRole:
                return (
                    f"{member.pending_card} is turned and waits for a choice "
                    "(Campaign > Spend flips)."
                )
            if role == Qt.ItemDataRole.FontRole:
                return _bold()
        if role == Qt.ItemDataRole.ForegroundRole and not member.alive:
            return QBrush(dimmed())  # R13: the dead stay on the roster, greyed
        if role == Qt.ItemDataRole.FontRole and not member.alive and col == 0:
            return _struck()
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if col == 0:
            return member.name
        if col == 1:
            return self._rules.role(member.role).name
        if col < 2 + n_stats:  # stats computed only here: data() is called for every role
            # the member's one presentation, as every printout shows it (Df "2+2", mounted Mv)
            return present(member, self._rules).stats[col - 2].text
        extra = col - 2 - n_stats
        strikes = "\u2715" * member.injuries + "\u25a1" * (
            self._rules.strikes_to_die - member.injuries
        )
        status = "Dead" if not member.alive else "Active"
        if member.alive and self._posse.standing == "retired":
            status = "Retired"  # out of the campaign with its posse until brought back
        flips: object = member.flips
        if member.pending_card and member.alive:  # R15: turned, the choice still to make
            flips = f"{member.flips} + {member.pending_card} waiting"
        return [strikes, flips, status][extra]
