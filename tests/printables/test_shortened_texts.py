"""R18: a card back with no room for the whole of a ruleset's rule or action text cuts it short
with an ellipsis, and the print says which text, on which cards, and where to shorten it."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from printables.cards import card_faces, shortened_texts
from printables.cards.back import back_layout
from rostermgr.rules import Ruleset
from tests.printables.test_cards_support import dalton, rules

LONG = "Once per game an Outlawman may swap the card he played for the top card of the deck. " * 2


def _with_rule_text(r: Ruleset, text: str) -> Ruleset:
    outlaws = dataclasses.replace(r.faction("outlawmen"), rule_text=text)
    return dataclasses.replace(r, factions=MappingProxyType({**r.factions, "outlawmen": outlaws}))


def test_r18_the_shipped_ruleset_prints_every_text_whole() -> None:
    assert shortened_texts(card_faces([dalton()], rules(), counter=3)) == []


def test_r18_a_text_cut_short_is_named_with_its_cards_and_its_key() -> None:
    faces = card_faces([dalton()], _with_rule_text(rules(), LONG), counter=3)
    cut = [f for f in faces if back_layout(f).tables != f.back]
    assert cut  # the long rule does not fit every back
    notes = shortened_texts(faces)
    assert notes
    for note in notes:
        assert note.startswith("No room on the back for the whole text of '")
        assert note.endswith(
            "shorten it under factions.outlawmen in the ruleset to print it whole (R18)."
        )
    named = " ".join(notes)
    for face in cut:
        assert face.title in named
    assert "'Twist The Knife'" in named


def test_r18_many_cards_are_named_by_the_first_few() -> None:
    posse = dalton()
    faces = card_faces(
        [posse, *(dataclasses.replace(posse, name=f"Copy {i}") for i in range(4))],
        _with_rule_text(rules(), LONG),
        gangers="separate",
        counter=3,
    )
    notes = [n for n in shortened_texts(faces) if "'Twist The Knife'" in n]
    assert len(notes) == 1
    assert " more; shorten it under" in notes[0]
