"""The designer's checks on a whole ruleset (h-rules, 2026-12; see rules_reader.STRICT): what
loaded before and then failed a later command (the odds, the simulator, a printout, creating a
posse), refused when the file is read instead, naming its key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rostermgr.roster import normal_name
from rostermgr.rules import Role, Ruleset
from rostermgr.rules_reader import STRICT, Reader

# R3: a posse is a handful of models (five in the notes); a hundred is beyond any table.
MAX_POSSE = 100
# R7: the ranks whose value is data; 2-10 count at face value unless the ruleset says otherwise.
FACES = ("J", "Q", "K", "A", "JK")


def check_playable(r: Reader, rules: Ruleset) -> None:
    """The designer's checks on the whole ruleset (see STRICT): what loaded before and then
    failed a later command (the odds, the simulator, a printout, creating a posse)."""
    if not any(kind.test for kind in rules.kinds.values()):
        # R4, R8: a weapon kind names the test it is used in; with none, no model attacks, and
        # the simulator and the odds have no test to make
        raise r.fail(
            "kinds", 'must name a test for at least one kind of weapon (test = "shot", R4, R8)'
        )
    for rank in FACES:
        if rank not in rules.card_values:
            raise r.sub("cards").fail(
                "values",
                f"must give a value to {rank}, as to {', '.join(FACES[:-1])} and {FACES[-1]} "
                "(2-10 count at face value) (R7)",
            )
    _distinct_names(r, rules)
    _horseback(r, rules)
    if rules.founding_cost() > rules.starting_purse:
        raise r.sub("money").fail(
            "starting_purse",
            f"is ${rules.starting_purse}, and a posse at creation (composition) costs "
            f"${rules.founding_cost()} before any gear: no posse could be founded (R3, R16)",
        )


def read_composition(r: Reader, roles: Mapping[str, Role]) -> Mapping[str, int]:
    """R3: how many of each role a posse is founded with; at least one model in all, and no
    more than MAX_POSSE (a billion gang members loaded, and founding them exhausted memory)."""
    table = r.sub("composition")
    counts = r.ints("composition", tuple(roles))
    if not STRICT.get():
        return counts
    for role_id in counts:
        table.count(role_id)
    total = sum(counts.values())
    if total < 1:
        raise r.fail("composition", "must found a posse of at least one model (R3)")
    if total > MAX_POSSE:
        raise r.fail(
            "composition", f"must found a posse of at most {MAX_POSSE} models, not {total} (R3)"
        )
    return counts


def _horseback(r: Reader, rules: Ruleset) -> None:
    """R4, R8: an item's `shot` is what a shot from its back takes, printed on the cards; the
    resolver, the odds and the simulator take `tests.horseback` for it. Two numbers for one
    rule would print one and play the other, so an item's `shot` is on a mount (it sets the
    move) and is tests.horseback's number."""
    for item in rules.items.values():
        if not item.shot:
            continue
        where = r.sub("items").sub(item.id)
        if not item.move:
            raise where.fail(
                "shot",
                "is the modifier of a shot from the item's back (R8), so it needs a mount, "
                "an item that sets the move",
            )
        if item.shot != rules.horseback:
            raise where.fail(
                "shot",
                f"is {item.shot}, but a shot from horseback takes tests.horseback, "
                f"{rules.horseback} (R8); give both the same number",
            )


def _distinct_names(r: Reader, rules: Ruleset) -> None:
    """Each faction, role, item, kind, scenario, test and stat its own name, compared as names
    are (roster.normal_name, any case): two items called Pistol cannot be told apart on a card
    or in a picker, and the simulator names its posses after their factions."""
    tables: tuple[tuple[str, Mapping[str, Any], str], ...] = (
        ("factions", rules.factions, ".name"),
        ("roles", rules.roles, ".name"),
        ("kinds", rules.kinds, ".name"),
        ("items", rules.items, ".name"),
        ("tests.kinds", rules.test_kinds, ".name"),
        ("scenarios", rules.scenarios, ".name"),
        ("stats.names", rules.stat_names, ""),
    )
    for table, entries, suffix in tables:
        seen: dict[str, str] = {}
        for entry_id, entry in entries.items():
            name = entry if isinstance(entry, str) else entry.name
            same = normal_name(name).casefold()
            if same in seen:
                raise r.fail(
                    f"{table}.{entry_id}{suffix}",
                    f"is the name of {table}.{seen[same]} too; each needs its own name",
                )
            seen[same] = entry_id
