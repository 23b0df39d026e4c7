"""Issue 31 (6): a long name breaks at spaces, then at its hyphens, then between syllables
(pyphen), and never silently mid-word, in the cards, the journal and the shared picture."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import card_faces, write_cards
from printables.fonts import SERIF_BOLD, register_fonts
from printables.journal import story
from printables.share.image import _font, _wrap
from printables.text import break_word, text_width, wrap
from rostermgr.journal import build_journal
from rostermgr.roster import Member
from tests.printables.test_cards_support import cell_texts, open_pdf, posse, rules, sheet

register_fonts()
LONG = "Featherstonehaugh-Montgomery"


def _width(text: str) -> float:
    return text_width(text, SERIF_BOLD, 8)


def test_a_hyphenated_name_breaks_at_its_hyphen_first() -> None:
    assert wrap(LONG, SERIF_BOLD, 8, _width("Featherstonehaugh-") + 1) == [
        "Featherstonehaugh-",
        "Montgomery",
    ]


def test_a_long_word_breaks_between_syllables_with_a_hyphen() -> None:
    lines = wrap("Featherstonehaugh", SERIF_BOLD, 8, _width("Featherstone-") + 1)
    assert lines == ["Featherstone-", "haugh"]


def test_chinese_breaks_between_characters_without_a_hyphen() -> None:
    head, rest = break_word("张伟张伟张伟", _width, _width("张伟张") + 0.5)
    assert (head, rest) == ("张伟张", "伟张伟")


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(
        st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzé-"), min_size=1, max_size=30),
        min_size=1,
        max_size=4,
    ),
    width=st.floats(25, 120),
)
def test_no_line_ends_mid_word_without_a_hyphen(words: list[str], width: float) -> None:
    text = " ".join(words)
    lines = wrap(text, SERIF_BOLD, 8, width)
    i = 0  # where the next line starts in text
    for n, line in enumerate(lines):
        assert _width(line) <= width or len(line) <= 2, line
        if text.startswith(line, i):  # as written: ends at a space, the end, or its own hyphen
            i += len(line)
            assert i == len(text) or text[i] == " " or line.endswith("-"), (lines, n)
        else:  # broken inside a word: the hyphen that says so was added
            assert line.endswith("-") and text.startswith(line[:-1], i), (lines, n)
            i += len(line) - 1
        while i < len(text) and text[i] == " ":
            i += 1
    assert i == len(text)  # nothing lost


def test_the_journal_breaks_a_long_name_at_its_hyphen() -> None:
    members = (Member(LONG, "ganger", ()), Member("Kid", "leader", ()))
    data = build_journal(posse("Posse", "outlawmen", list(members)), [], rules())
    flowables = story.roster(data, rules())
    table = next(f for f in flowables[1]._content if hasattr(f, "_cellvalues"))
    cell = table._cellvalues[1][0].text
    assert "Featherstonehaugh-<br/>Montgomery" in cell  # broken at its own hyphen


def test_the_picture_breaks_at_the_hyphen() -> None:
    font = _font("bold", 50)
    lines = _wrap(LONG, font, font.getlength("Featherstonehaugh-") + 2)
    assert lines == ["Featherstonehaugh-", "Montgomery"]


def test_a_long_name_on_a_card_back_is_not_cut() -> None:
    name = 'Bartholomew "Two-Guns" Fitzwilliam'
    p = posse("Posse", "townsfolk", [Member(name, "leader", ())])
    out = io.BytesIO()
    write_cards(card_faces([p], rules()), rules(), out)
    with open_pdf(out.getvalue()) as pdf:
        backs = cell_texts(pdf.pages[1], sheet("a4", "duplex-long"))
    assert any(name in text for text in backs.values())
    assert not any("\u2026" in text for text in backs.values())
