"""Help > Rules reference: the active ruleset's tables, drawn from the ruleset itself."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.rules import Ruleset


def rules_html(rules: Ruleset) -> str:
    e = escape
    out = [f"<h1>{e(rules.name)} <small>{e(rules.version)}</small></h1>"]
    out.append(
        f"<p>Starting purse ${rules.starting_purse}. Items sell back for "
        f"{rules.resale_percent}%; goods sell for {rules.goods_percent}% of market value.</p>"
    )
    out.append(
        "<h2>Factions (R1)</h2><table border=1 cellpadding=4 cellspacing=0>"
        "<tr><th>Faction</th><th>Suit</th><th>Leader's eighth-card action</th><th>Rule</th></tr>"
    )
    for f in rules.factions.values():
        actions = "<br>".join(f"<b>{e(a.name)}</b> {e(a.text)}" for a in f.leader_actions)
        out.append(
            f"<tr><td>{e(f.name)}</td><td>{SUIT_SYMBOLS[f.suit]} {f.suit}</td>"
            f"<td>{actions}</td><td>{e(f.rule_name)} {e(f.rule_text)}</td></tr>"
        )
    out.append(
        "</table><h2>Stat lines (R2)</h2>"
        "<table border=1 cellpadding=4 cellspacing=0><tr><th>Role</th>"
    )
    out += [f"<th>{e(rules.stat_names[s])}</th>" for s in rules.stat_order]
    out.append("<th>Cost</th><th>Replacement</th><th>Bounty</th></tr>")
    for r in rules.roles.values():
        cells = "".join(f"<td align=center>{r.stats[s]}</td>" for s in rules.stat_order)
        group = f" for {r.creation_group}" if r.creation_group > 1 else ""
        out.append(
            f"<tr><td>{e(r.name)}</td>{cells}<td>${r.creation_cost}{group}</td>"
            f"<td>${r.hire_cost}</td><td>${r.bounty_reward}</td></tr>"
        )
    out.append(
        "</table><h2>Equipment (R4-R6)</h2><table border=1 cellpadding=4 cellspacing=0>"
        "<tr><th>Item</th><th>Kind</th><th>Price</th><th>Notes</th></tr>"
    )
    for i in rules.items.values():
        out.append(
            f"<tr><td>{e(i.name)}</td><td>{e(rules.kinds[i.kind].name)}</td>"
            f"<td>${i.price}</td><td>{e(i.notes)}</td></tr>"
        )
    out.append("</table><h2>Damage (R9)</h2><ul>")
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
    return "".join(out)


class RulesReference(QDialog):
    def __init__(self, rules: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules reference: {rules.name}")
        self.text = QTextBrowser()
        self.text.setHtml(rules_html(rules))
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        self.resize(820, 640)
