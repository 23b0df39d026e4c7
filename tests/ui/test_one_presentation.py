"""Issue 31 (1): every output shows a member as their one presentation (rostermgr.presentation).

For randomly grown posses (any roles, gear, strikes, upgrades, flips, a flip waiting) the card
faces, the journal's roster table, the shared picture's and page's members, `posse show` and
the window's roster all show the same stat line, strikes, flips and gear.
"""

from __future__ import annotations

from types import MappingProxyType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from reportlab.platypus import KeepTogether, Table

from printables.cards.faces import card_faces
from printables.fonts import register_fonts
from printables.journal import story
from printables.share import posse_html
from printables.text import para_text
from rostermgr.journal import build_journal
from rostermgr.presentation import present
from rostermgr.roster import DEAD, Member, Posse
from rostermgr.rules_load import default_ruleset
from rostermgr.share import shared_posse
from rostermgr.views import posse_text
from ui.models import RosterModel

RULES = default_ruleset()
register_fonts()  # the journal's styles name them
CARDS = ("7H", "QS", "JK", "2D")


@st.composite
def members(draw: st.DrawFn, index: int) -> Member:
    dead = draw(st.booleans()) and index > 0
    strikes = RULES.strikes_to_die if dead else draw(st.integers(0, RULES.strikes_to_die - 1))
    upgrades = draw(st.dictionaries(st.sampled_from(RULES.stat_order), st.integers(0, 2)))
    return Member(
        name=f"Member {index}",
        role=draw(st.sampled_from(sorted(RULES.roles))),
        items=tuple(draw(st.lists(st.sampled_from(sorted(RULES.items)), max_size=5))),
        status=DEAD if dead else "active",
        injuries=strikes,
        flips=draw(st.integers(0, 3)),
        upgrades=MappingProxyType(upgrades),
        pending_card=draw(st.none() | st.sampled_from(CARDS)),
    )


@st.composite
def posses(draw: st.DrawFn) -> Posse:
    size = draw(st.integers(1, 7))
    grown = tuple(draw(members(i)) for i in range(size))
    faction = draw(st.sampled_from(sorted(RULES.factions)))
    return Posse("The Grown", faction, grown, 50, RULES.id, RULES.version)


def _journal_rows(posse: Posse) -> list[list[object]]:
    """The journal's roster table: each member's row of cells, their gear line last."""
    flowables = story.roster(build_journal(posse, [], RULES), RULES)
    kept = next(f for f in flowables if isinstance(f, KeepTogether))
    table = next(f for f in kept._content if isinstance(f, Table))
    rows = table._cellvalues[1::2]  # a member's row, then their gear's
    gear = table._cellvalues[2::2]
    return [[*row, g[0].text] for row, g in zip(rows, gear, strict=True)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(posse=posses())
def test_every_output_shows_the_one_presentation(posse: Posse, qapp: object) -> None:
    shown = {m.name: present(m, RULES) for m in posse.members}
    n = len(RULES.stat_order)

    # The cards: a face for every living member (identical gang members share one).
    for face in card_faces([posse], RULES):
        for name in face.names:
            expected = shown[name].stats
            assert [(c.stat, c.value, c.bonus) for c in face.stats] == [
                (s.stat, s.value, s.bonus) for s in expected
            ]
            assert face.injuries == shown[name].strikes

    # The journal's roster: the stat texts, strikes, flips and gear with effects.
    for member, row in zip(posse.members, _journal_rows(posse), strict=True):
        m = shown[member.name]
        assert member.name in row[0].text  # short names: one line
        assert tuple(row[1 : n + 1]) == m.stat_texts
        assert (row[n + 1].taken, row[n + 1].boxes) == (m.strikes, m.strikes_to_die)
        assert row[n + 2].text == str(m.flips)
        gear_line = row[n + 3]
        assert para_text(m.gear_text or "none") in gear_line or (m.dead and not m.gear)
        assert (m.pending in gear_line) if m.pending else "Flip turned" not in gear_line

    # The shared picture and page draw one value: it is the presentation.
    shared = shared_posse(posse, RULES)
    assert {m.name: m for m in shared.members} == shown
    page = posse_html(shared)
    for m in shown.values():
        cells = "".join(f"<td>{t}</td>" for t in m.stat_texts)
        assert cells in page
        assert m.strikes_text in page and m.flips_text.split(",")[0] in page

    # `posse show`: the stat texts, strikes and flips in the member's line, then the gear.
    lines = posse_text(posse, RULES).splitlines()
    for name, m in shown.items():
        words = next(x for x in lines if x.startswith(name + " ")).split()
        line = " ".join(words)
        assert f"{name} {m.role} " + " ".join((*m.stat_texts, str(m.strikes), str(m.flips))) in line
        assert line.endswith(m.gear_text or "-")

    # The window's roster: the same stat texts, column by column.
    model = RosterModel(RULES)
    model.set_posse(posse)
    for row, member in enumerate(posse.members):
        texts = tuple(
            model.data(model.index(row, 2 + i), Qt.ItemDataRole.DisplayRole) for i in range(n)
        )
        assert texts == shown[member.name].stat_texts


def test_the_roster_headings_say_what_their_short_names_mean() -> None:
    """Mv, Sh, Cb, Df... and Strikes, Flips: a new player hovers the heading, not a cell."""
    model = RosterModel(RULES)
    tip = Qt.ItemDataRole.ToolTipRole
    heads = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    tips = [model.headerData(c, Qt.Orientation.Horizontal, tip) for c in range(model.columnCount())]
    for stat in RULES.stat_order:
        assert tips[heads.index(RULES.stat_short[stat])] == RULES.stat_names[stat]
    assert tips[heads.index("Strikes")] == "Times taken out of action; the 3rd kills (R13)"
    assert "(R14, R15)" in tips[heads.index("Flips")]
    assert model.headerData(0, Qt.Orientation.Vertical, tip) is None
