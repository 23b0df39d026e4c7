"""R18 roster cards: which cards a posse needs, what each shows, and its fingerprint."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from types import MappingProxyType

import pytest

from printables.cards import GANGERS, card_faces, changed_faces
from printables.cards.faces import CARD_DESIGN
from rostermgr.errors import PrintRefused
from rostermgr.roster import Member
from tests.printables.test_cards_support import SAMPLES, dalton, posse, rules, upgrades


def _names(faces):
    return [f.names for f in faces]


def test_r18_one_card_each_for_leader_and_deputy_and_one_shared_by_identical_gangers():
    faces = card_faces([dalton()], rules())
    assert _names(faces) == [("Ike Dalton",), ("Ma Dalton",), ("Kid", "Slim", "Doc")]
    assert [f.role_id for f in faces] == ["leader", "deputy", "ganger"]
    assert len({f.key for f in faces}) == 3


@pytest.mark.parametrize(
    "change",
    [
        {"injuries": 1},
        {"upgrades": upgrades(combat=1)},
        {"items": ("pistol", "whiskey")},
    ],
    ids=["injury", "upgrade", "item"],
)
def test_r18_a_ganger_who_differs_gets_own_card(change):
    p = dalton()
    kid = dataclasses.replace(p.members[2], **change)
    p = dataclasses.replace(p, members=(*p.members[:2], kid, *p.members[3:]))
    faces = card_faces([p], rules())
    assert _names(faces) == [("Ike Dalton",), ("Ma Dalton",), ("Kid",), ("Slim", "Doc")]


def test_r18_gangers_with_the_same_items_in_another_order_still_share():
    p = posse(
        "P",
        "outlawmen",
        [
            Member("A", "ganger", ("pistol", "whiskey")),
            Member("B", "ganger", ("whiskey", "pistol")),
        ],
    )
    assert _names(card_faces([p], rules())) == [("A", "B")]


def test_r18_gangers_separate_prints_one_card_each():
    faces = card_faces([dalton()], rules(), gangers="separate")
    assert _names(faces)[2:] == [("Kid",), ("Slim",), ("Doc",)]


def test_r18_leaders_and_deputies_never_share_even_when_identical():
    p = posse("P", "sheriffs", [Member("A", "deputy"), Member("B", "deputy")])
    assert _names(card_faces([p], rules())) == [("A",), ("B",)]


def test_r13_dead_members_get_no_card():
    p = dalton()
    dead = dataclasses.replace(p.members[1], status="dead", injuries=3)
    p = dataclasses.replace(p, members=(p.members[0], dead, *p.members[2:]))
    assert ("Ma Dalton",) not in _names(card_faces([p], rules()))


def test_gangers_option_is_checked_with_one_sentence():
    assert GANGERS == ("grouped", "separate")
    with pytest.raises(PrintRefused, match=r"^The gangers option 'both' is not known; .*\.$"):
        card_faces([dalton()], rules(), gangers="both")


def test_r18_front_shows_stats_from_the_ruleset_with_horse_and_clothing():
    r = rules()
    ike = dalton().members[0]
    face = card_faces([dalton()], r)[0]
    stats = {c.stat: c for c in face.stats}
    assert [c.stat for c in face.stats] == list(r.stat_order)
    assert stats["move"].value == r.item("horse").move == ike.move(r)
    assert stats["defence"].value == ike.stats(r)["defence"]
    assert stats["defence"].bonus == r.item("medium-leather").defence
    assert face.wounds == ike.stats(r)["wounds"]
    assert [w.name for w in face.weapons] == [r.item("revolver").name]
    assert face.clothing and r.item("medium-leather").name in face.clothing[0]
    assert any(r.item("horse").name in text for text in face.items)


def test_r13_r15_injuries_and_upgrades_show_on_the_card():
    r = rules()
    ma = card_faces([dalton()], r)[1]
    assert ma.injuries == 1
    assert ma.wounds == r.roles["deputy"].stats["wounds"] - r.wounds_lost
    assert ma.upgrades == ((r.stat_names["shot"], 1),)
    shot = next(c for c in ma.stats if c.stat == "shot")
    assert shot.value == r.roles["deputy"].stats["shot"] + 1


def test_r4_reload_boxes_come_from_the_item():
    r = rules()
    ma = card_faces([dalton()], r)[1]
    assert ma.weapons[0].reload == r.item("shotgun").reload


def test_r18_each_weapon_that_reloads_has_its_own_reload_boxes():
    """R18: reload boxes per weapon. Two shotguns reload apart, each after its own three shots:
    one line "Shotgun x2" with one row of boxes left the second one nowhere to be ticked. Weapons
    that never reload still share a line ("Pistol x2")."""
    r = rules()
    ma = Member("Ma Dalton", "deputy", ("shotgun", "pistol", "shotgun", "pistol", "carbine-rifle"))
    (face,) = card_faces([posse("The Dalton Boys", "outlawmen", [ma])], r)
    shotgun, carbine, pistol = r.item("shotgun"), r.item("carbine-rifle"), r.item("pistol")
    reloads = [(w.name, w.reload) for w in face.weapons if w.reload]
    assert sorted(reloads) == sorted(
        [(shotgun.name, shotgun.reload)] * 2 + [(carbine.name, carbine.reload)]
    )
    assert [w.name for w in face.weapons if not w.reload] == [f"{pistol.name} \u00d72"]


def test_r1_r8_r9_r15_back_tables_come_from_the_ruleset():
    r = rules()
    faces = card_faces([dalton()], r)
    back = faces[0].back
    assert back.suit == r.faction("outlawmen").suit
    table = {rank: (test, dmg) for rank, test, dmg in back.favoured}
    assert table["K"] == (r.favoured_test["K"], r.favoured_damage["K"])
    assert table["Q"] == (r.favoured_test.get("Q", 0), r.favoured_damage["Q"])
    assert [n for _, n in back.damage] == [b.damage for b in r.damage_bands]
    assert back.strikes == r.strikes_to_die
    assert len(back.advancement) == len(r.advancement)
    assert back.ruleset == f"{r.name} {r.version}"


def test_r1_eighth_card_actions_only_on_the_leader_and_rule_only_when_written():
    r = rules()
    faces = card_faces([dalton()], r)
    (action,) = r.faction("outlawmen").leader_actions
    # R1 ruling: an action's two names are one action, printed as one entry, attacker first
    (entry,) = faces[0].back.actions
    assert entry == (action.name, action.text)
    assert entry[0].index("Dirt In the Wound") < entry[0].index("Whiskey in the Wound")
    assert all(f.back.actions == () for f in faces[1:])
    assert faces[0].back.rule is None  # the rule text is empty in the shipped ruleset
    outlaws = dataclasses.replace(r.faction("outlawmen"), rule_text="Add one wound.")
    factions = MappingProxyType({**r.factions, "outlawmen": outlaws})
    written = dataclasses.replace(r, factions=factions)
    assert card_faces([dalton()], written)[1].back.rule == ("Twist The Knife", "Add one wound.")


def test_a_changed_ruleset_number_reaches_the_card():
    r = rules()
    changed = dataclasses.replace(r, favoured_test=MappingProxyType({**r.favoured_test, "J": 5}))
    face = card_faces([dalton()], changed)[0]
    assert dict((rank, t) for rank, t, _ in face.back.favoured)["J"] == 5


def test_fingerprints_are_stable_and_change_only_with_what_the_card_shows():
    first = card_faces([dalton()], rules())
    again = card_faces([dalton()], rules())
    assert [f.fingerprint for f in first] == [f.fingerprint for f in again]
    assert all(len(f.fingerprint) == 64 for f in first)
    p = dalton()
    ma = dataclasses.replace(p.members[1], items=("shotgun", "whiskey"))
    changed = card_faces(
        [dataclasses.replace(p, members=(p.members[0], ma, *p.members[2:]))], rules()
    )
    assert [f.key for f in changed] == [f.key for f in first]
    differs = [a.fingerprint != b.fingerprint for a, b in zip(first, changed, strict=True)]
    assert differs == [False, True, False]
    flips = dataclasses.replace(p.members[0], flips=3, id=42)  # not on the card
    same = card_faces([dataclasses.replace(p, members=(flips, *p.members[1:]))], rules())
    assert same[0].fingerprint == first[0].fingerprint


def test_fingerprints_are_the_same_from_one_release_to_the_next():
    """Stored by `print cards` for --changed: a new way of computing them must give the same
    values, or every card looks changed after an upgrade. They change with CARD_DESIGN and with
    what the cards show (the ruleset), never with how they are computed."""
    assert [f.fingerprint[:16] for f in card_faces([dalton()], rules())] == [
        "80d2b4831df3d3cc",  # roster-card/3 (issue 34): the backs carry the state code
        "c5b8a3f1bc45f6ed",
        "123ddb443d811689",
    ]


def _fingerprinted(value) -> dict:
    whole = dataclasses.asdict(value)
    return {
        f.name: whole[f.name]
        for f in dataclasses.fields(value)
        if f.metadata.get("fingerprint", True)
    }


def _one_shot_fingerprint(face) -> str:
    """The fingerprint's definition: sha256 of [CARD_DESIGN, what the card shows] as JSON with
    sorted keys, written in one go (the exporter writes it in pieces, remembering them). A
    field marked fingerprint=False repeats what another shows (the advancement rows' short
    names are the stat line's), so adding it left every stored fingerprint as it was."""
    shown = {
        f.name: _fingerprinted(getattr(face, f.name))
        if dataclasses.is_dataclass(getattr(face, f.name))
        else getattr(face, f.name)
        for f in dataclasses.fields(face)
        if f.name not in ("key", "fingerprint", "part", "parts", "code")
    }
    text = json.dumps([CARD_DESIGN, shown], ensure_ascii=False, sort_keys=True, default=vars)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("sample", sorted(SAMPLES))
@pytest.mark.parametrize("gangers", GANGERS)
def test_fingerprints_are_the_one_shot_json_of_what_the_card_shows(sample, gangers):
    faces = card_faces(SAMPLES[sample](), rules(), gangers)
    assert [f.fingerprint for f in faces] == [_one_shot_fingerprint(f) for f in faces]


def test_changed_faces_filters_on_stored_fingerprints():
    faces = card_faces([dalton()], rules())
    printed = {f.key: f.fingerprint for f in faces}
    assert changed_faces(faces, printed) == []
    printed[faces[1].key] = "0" * 64
    del printed[faces[2].key]
    assert changed_faces(faces, printed) == [faces[1], faces[2]]


def test_keys_name_the_posse_and_the_members_a_card_stands_for():
    faces = card_faces([dalton()], rules())
    assert "The Dalton Boys" in faces[2].key
    assert all(n in faces[2].key for n in ("Kid", "Slim", "Doc"))
    other = dataclasses.replace(dalton(), name="Other Boys")
    assert card_faces([other], rules())[2].key != faces[2].key
