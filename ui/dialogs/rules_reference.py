"""Help > Rules reference: the active ruleset's tables, drawn from the ruleset itself."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.rules import Ruleset
from rostermgr.views import carried_by, item_effect, item_range
from ui.dialogs.rules_reference_play import play_html
from ui.screen import fitted_size

NOT_WRITTEN = "(text not written yet)"
NONE = "\u2013"  # a cell the item has nothing for
TABLE = "<table border=1 cellpadding=4 cellspacing=0>"


def rule_text(text: str, muted: str) -> str:
    """A rule's text as HTML; the playtest ruleset leaves some empty, and says so in grey."""
    if text.strip():
        return escape(text)
    return f'<span style="color: {muted};"><i>{NOT_WRITTEN}</i></span>'


def named_rule(name: str, text: str, muted: str) -> str:
    return f"<b>{escape(name)}</b> {rule_text(text, muted)}"


def _factions(rules: Ruleset, muted: str) -> list[str]:
    out = [
        f"<h2>Factions (R1)</h2>{TABLE}"
        "<tr><th>Faction</th><th>Suit</th><th>Leader's eighth-card action</th><th>Rule</th></tr>"
    ]
    for f in rules.factions.values():
        actions = "<br>".join(named_rule(a.name, a.text, muted) for a in f.leader_actions)
        out.append(
            f"<tr><td>{escape(f.name)}</td><td>{SUIT_SYMBOLS[f.suit]} {f.suit}</td>"
            f"<td>{actions}</td><td>{named_rule(f.rule_name, f.rule_text, muted)}</td></tr>"
        )
    out.append("</table>")
    return out


def _stat_lines(rules: Ruleset) -> list[str]:
    out = [f"<h2>Stat lines (R2)</h2>{TABLE}<tr><th>Role</th>"]
    out += [f"<th>{escape(rules.stat_names[s])}</th>" for s in rules.stat_order]
    out.append("<th>Cost</th><th>Replacement</th><th>Bounty</th></tr>")
    for r in rules.roles.values():
        cells = "".join(f"<td align=center>{r.stats[s]}</td>" for s in rules.stat_order)
        group = f" for {r.creation_group}" if r.creation_group > 1 else ""
        out.append(
            f"<tr><td>{escape(r.name)}</td>{cells}<td>${r.creation_cost}{group}</td>"
            f"<td>${r.hire_cost}</td><td>${r.bounty_reward}</td></tr>"
        )
    out.append("</table>")
    return out


def _equipment(rules: Ruleset) -> list[str]:
    """One table, a heading row per kind of item (in the ruleset's order), then its items."""
    heads = ("Item", "Range", "Effect", "Carried by", "Price", "Notes")
    out = [
        "<h2>Equipment (R4-R6)</h2><p>Ranges are in playing-card lengths.</p>",
        TABLE,
        "<tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr>",
    ]
    for kind in rules.kinds.values():
        items = [i for i in rules.items.values() if i.kind == kind.id]
        if not items:
            continue
        out.append(f"<tr><td colspan={len(heads)}><b>{escape(kind.name)}</b></td></tr>")
        for i in items:
            out.append(
                f"<tr><td>{escape(i.name)}</td><td align=center>{escape(item_range(i, NONE))}</td>"
                f"<td>{escape(item_effect(i, rules, NONE))}</td>"
                f"<td>{escape(carried_by(i, rules))}</td>"
                f"<td align=right>${i.price}</td><td>{escape(i.notes)}</td></tr>"
            )
    out.append("</table>")
    limits = [
        f"at most {k.limit} {escape(k.name.lower())} item{'s' if k.limit != 1 else ''}"
        for k in rules.kinds.values()
        if k.limit
    ]
    if limits:
        out.append(f"<p>A model carries {' and '.join(limits)} (R5).</p>")
    return out


def rules_html(rules: Ruleset, muted: str = "#808080") -> str:
    """The reference as HTML; `muted`: the colour of text that is not a rule (placeholders)."""
    e = escape
    out = [f"<h1>{e(rules.name)} <small>{e(rules.version)}</small></h1>"]
    out.append(
        f"<p>Starting purse ${rules.starting_purse}. Items sell back for "
        f"{rules.resale_percent}%; goods sell for {rules.goods_percent}% of market value.</p>"
    )
    out += _factions(rules, muted)
    out += _stat_lines(rules)
    out += _equipment(rules)
    out.append("<h2>Damage (R9)</h2><ul>")
    bands = list(rules.damage_bands)
    for n, band in enumerate(bands):
        upper = f"-{bands[n + 1].start - 1}" if n + 1 < len(bands) else "+"
        out.append(f"<li>Difference {band.start}{upper}: {band.damage} damage</li>")
    out.append("</ul><h2>Advancement (R15)</h2><ul>")
    for row in rules.advancement:
        stats = " or ".join(rules.stat_names[s] for s in row.stats)
        out.append(f"<li>{', '.join(row.cards)}: {e(stats)}</li>")
    out.append(
        f"</ul><p>Injuries (R13): each time out of action, -{rules.wounds_lost} Wounds; "
        f"at {rules.strikes_to_die} strikes the model is dead and its gear buried.</p>"
    )
    out.append(play_html(rules))
    return "".join(out)


class RulesReference(QDialog):
    def __init__(self, rules: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules reference: {rules.name}")
        self.rules = rules
        self.text = QTextBrowser()
        # a keyboard reader's Ctrl+Home/End, arrows and Shift+arrows to copy, not Page keys alone
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextBrowserInteraction
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.show_rules()
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        self.resize(*fitted_size(1000, 720))

    def show_rules(self) -> None:
        """The reference in the palette's colours, where the reader had scrolled to."""
        bar = self.text.verticalScrollBar()
        at = bar.value()
        self.text.setHtml(rules_html(self.rules, muted_colour(self.palette())))
        bar.setValue(at)

    def changeEvent(self, event: QEvent) -> None:
        # the placeholder grey is written into the HTML: a light/dark switch needs it again
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.show_rules()
        super().changeEvent(event)


def muted_colour(palette: QPalette) -> str:
    """Halfway between text and background: reads as "not there yet" in light and dark themes.

    (The palette's PlaceholderText is often the text colour at half opacity, which HTML loses.)
    """
    text = palette.color(QPalette.ColorRole.Text)
    base = palette.color(QPalette.ColorRole.Base)
    rgb = zip(
        (text.red(), text.green(), text.blue()),
        (base.red(), base.green(), base.blue()),
        strict=True,
    )
    mixed = [(a + b) // 2 for a, b in rgb]
    return "#{:02x}{:02x}{:02x}".format(*mixed)
