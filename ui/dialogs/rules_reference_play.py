"""Help > Rules reference, its play section: the cards' values, each flow chart of the printed
quick reference (R8, R9, R11, R12) as numbered steps, and movement and terrain (R12a).

The content is the quick reference's own (rostermgr.reference.build_reference): the window
shows what the printed sheet draws, never a rule of its own.
"""

from __future__ import annotations

from html import escape

from rostermgr.reference import FlowChart, Table, build_reference
from rostermgr.reference_turn import MoveDiagram
from rostermgr.rules import Ruleset

TABLE = "<table border=1 cellpadding=4 cellspacing=0>"
# the printed sheet's tables the window's own sections above do not already give
PLAY_TABLES = ("Card values and bonuses (R7-R9)",)


def _table(table: Table) -> list[str]:
    out = [f"<h3>{escape(table.title)}</h3>{TABLE}<tr>"]
    out += [f"<th>{escape(head)}</th>" for head in table.heads]
    out.append("</tr>")
    for row in table.rows:
        cells = (
            f"<td{' align=right' if i in table.numeric else ''}>{escape(cell)}</td>"
            for i, cell in enumerate(row)
        )
        out.append(f"<tr>{''.join(cells)}</tr>")
    out.append("</table>")
    return out


def _chart(chart: FlowChart) -> list[str]:
    """A flow chart read top to bottom: a decision names where each answer goes."""
    out = [f"<h3>{escape(chart.title)}</h3><ol>"]
    for step in chart.steps:
        text = escape(step.text)
        if step.decision:
            text += (
                f" <i>{escape(step.side.capitalize())}:</i> {escape(step.outcome)}."
                f" <i>{escape(step.down.capitalize())}:</i> the next step."
            )
        if step.back is not None:
            text += f" Then back to step {step.back + 1}."
        out.append(f"<li>{text}</li>")
    out.append("</ol>")
    return out


def _movement(diagram: MoveDiagram) -> list[str]:
    out = [f"<h3>{escape(diagram.title)}</h3><ul>"]
    out += [f"<li>{escape(row.text)}.</li>" for row in diagram.rows]
    out.append(f"</ul><p>{escape(diagram.note.split('. ', 1)[-1])}</p>")
    return out


def play_html(rules: Ruleset) -> str:
    """The play section as HTML: the cards, the tests, the turn, the game and movement."""
    reference = build_reference(rules)
    out = ["<h2>At the table (R7-R12a)</h2>"]
    for table in reference.tables:
        if table.title in PLAY_TABLES:
            out += _table(table)
    for chart in reference.charts:
        out += _chart(chart)
    for diagram in reference.drawings:
        out += _movement(diagram)
    return "".join(out)
