"""Which tests there are and which weapons each uses (R4, R8): all of it ruleset data.

The front ends offer the tests of `test_kinds` and the weapons of `weapons_for`; the resolver,
the odds and the cards ask the same functions, so no window re-decides which stat or weapon a
test takes.
"""

from __future__ import annotations

from collections.abc import Iterable

from rostermgr.rules import Item, Ruleset, TestKind


def test_kinds(rules: Ruleset) -> tuple[TestKind, ...]:
    """The opposed tests weapons are used in (R8), in ruleset order: the calculator's tests.

    A test no kind of weapon names (dynamite's) is ruleset data the calculator does not resolve.
    """
    named = {k.test for k in rules.kinds.values() if k.test}
    return tuple(t for t in rules.test_kinds.values() if t.id in named)


test_kinds.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


def test_ids(rules: Ruleset) -> tuple[str, ...]:
    """The ids of `test_kinds`: what `resolve KIND` and `odds test KIND` accept."""
    return tuple(t.id for t in test_kinds(rules))


test_ids.__test__ = False  # type: ignore[attr-defined]


def calculator_kinds(rules: Ruleset) -> tuple[TestKind, ...]:
    """The tests the calculator resolves, in ruleset order: `test_kinds` and blast tests (R4).

    Dynamite is no weapon's test, but its `blast` makes it a test of its own the table aids,
    `resolve` and `odds test` offer.
    """
    named = {t.id for t in test_kinds(rules)}
    return tuple(t for t in rules.test_kinds.values() if t.id in named or t.blast)


def calculator_ids(rules: Ruleset) -> tuple[str, ...]:
    """The ids of `calculator_kinds`: what `resolve KIND` accepts."""
    return tuple(t.id for t in calculator_kinds(rules))


def usable_in(test_id: str, weapon: Item, rules: Ruleset) -> bool:
    """R4, R8: a weapon of a kind used in this test, or a thrown weapon in a ranged test."""
    kind = rules.kinds.get(weapon.kind)
    if kind is None or not kind.test:
        return False
    if kind.test == test_id:
        return True
    test = rules.test_kinds.get(test_id)
    return test is not None and test.ranged and bool(weapon.thrown)


def weapons_for(rules: Ruleset, test_id: str, items: Iterable[str | Item]) -> tuple[Item, ...]:
    """The weapons among `items` (ids or items) that may be used in this test (R4).

    A thrown melee weapon counts for a shot (the hunting knife). A `combat_as_shot` weapon (the
    derringer) is a weapon of its own test: see `base_contact_shots` for its use in combat.
    """
    rules.test_kind(test_id)
    found = (rules.item(i) if isinstance(i, str) else i for i in items)
    return tuple(dict.fromkeys(w for w in found if usable_in(test_id, w, rules)))


def base_contact_shots(rules: Ruleset, items: Iterable[str | Item]) -> tuple[Item, ...]:
    """R4: weapons a model in base-to-base combat may use as a shot-vs-defence test instead.

    The derringer (`combat_as_shot`) may be, but only by a model with no weapon of a test that is
    not ranged (no melee weapon).
    """
    held = [rules.item(i) if isinstance(i, str) else i for i in items]
    close = [
        w
        for w in held
        if rules.is_weapon(w) and not rules.test_kinds[rules.kinds[w.kind].test].ranged
    ]
    if close:
        return ()
    return tuple(dict.fromkeys(w for w in held if w.combat_as_shot))


def best_weapon(rules: Ruleset, test_id: str, items: Iterable[str | Item]) -> Item | None:
    """The weapon for this test that adds the most damage, the first of equals; None if none."""
    weapons = weapons_for(rules, test_id, items)
    return max(weapons, key=lambda w: w.damage) if weapons else None


def test_label(rules: Ruleset, test_id: str) -> str:
    """'Combat (Combat vs Defence)': a test with the stats it sets against each other (R8)."""
    test = rules.test_kind(test_id)
    defence = rules.stat_names.get("defence", "Defence")
    return f"{test.name} ({rules.attack_stat_name(test_id)} vs {defence})"


test_label.__test__ = False  # type: ignore[attr-defined]  # not a pytest test
