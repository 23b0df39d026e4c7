"""What a planned change does to a posse held in memory: the simulator's `db.games._apply`.

The plans come from the domain functions a recorded game uses (plan_game, plan_flip,
plan_buy...); this module only carries them out on frozen values, the way `db` writes them, so a
simulated posse is what the campaign file would hold after the same report and flips.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeVar, assert_never

from rostermgr.plans import (
    CreationPlan,
    Entry,
    FlipsEarned,
    FlipStep,
    GamePlan,
    Injury,
    ItemGone,
    ItemMoved,
    Payment,
)
from rostermgr.roster import DEAD, Member, Posse


@dataclass(frozen=True)
class Books:
    """A posse and its ledger (R16): the purse is always the sum of the entries."""

    posse: Posse
    ledger: tuple[int, ...]


def founded(plan: CreationPlan, ruleset_id: str, version: str) -> Books:
    """A posse as `posse create` founds it from a creation plan."""
    amounts = tuple(e.amount for e in plan.entries)
    posse = Posse(plan.name, plan.faction, plan.members, sum(amounts), ruleset_id, version)
    return Books(posse, amounts)


V = TypeVar("V", Member, Posse)


def changed(value: V, change: Mapping[str, Any]) -> V:
    """`dataclasses.replace` for a member or a posse, without its field-by-field work: the
    simulator makes hundreds of thousands of these, and neither class has an `__post_init__` or
    a field outside `__init__` for replace to honour. The changes name fields this module and
    the shop write (tests/rostermgr/simulate/test_same_as_recorded compares what they make with
    what the campaign file records), so their names are not checked again each time."""
    new = object.__new__(type(value))
    new.__dict__.update(value.__dict__)  # a frozen dataclass refuses setattr, not its __dict__
    new.__dict__.update(change)
    return new


def _member(posse: Posse, name: str, change: Mapping[str, object]) -> Posse:
    members = posse.members
    for i, m in enumerate(members):
        if m.name == name:  # names are unique in a posse (plan_hire, plan_creation)
            members = (*members[:i], changed(m, change), *members[i + 1 :])
            break
    return changed(posse, {"members": members})


def _find(posse: Posse, name: str) -> Member:
    for m in posse.members:
        if m.name == name:
            return m
    raise StopIteration(name)  # as next() on no match: a plan names members of the posse


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _books(posse: Posse, ledger: tuple[int, ...]) -> Books:
    """`Books(posse, ledger)` without the frozen dataclass's setattr per field (see `changed`):
    a campaign keeps its books some 150 times."""
    new = object.__new__(Books)
    fields = new.__dict__
    fields["posse"] = posse
    fields["ledger"] = ledger
    return new


def _paid(posse: Posse, ledger: tuple[int, ...], amount: int) -> Books:
    """The posse's books after one more ledger entry: the purse moves by its amount (R16)."""
    return _books(changed(posse, {"purse": posse.purse + amount}), (*ledger, amount))


def pay(books: Books, entry: Entry) -> Books:
    """One ledger entry: the purse moves by its amount (R16)."""
    return _paid(books.posse, books.ledger, entry.amount)


def bought(books: Books, entry: Entry) -> Books:
    """plan_buy's entry: the item goes to the member and the price leaves the purse."""
    assert entry.member and entry.item
    held = _find(books.posse, entry.member).items
    posse = _member(books.posse, entry.member, {"items": (*held, entry.item)})
    return _paid(posse, books.ledger, entry.amount)


def sold(books: Books, entry: Entry) -> Books:
    """plan_sell's entry: the item leaves the member and the refund enters the purse."""
    assert entry.member and entry.item
    held = _find(books.posse, entry.member).items
    posse = _member(books.posse, entry.member, {"items": _without(held, entry.item)})
    return _paid(posse, books.ledger, entry.amount)


def hired(books: Books, member: Member, entry: Entry) -> Books:
    """plan_hire's member joins and its cost leaves the purse."""
    posse = changed(books.posse, {"members": (*books.posse.members, member)})
    return _paid(posse, books.ledger, entry.amount)


def flipped(books: Books, step: FlipStep) -> Books:
    """A flip step as `db.flips` applies it: flips spent, the card left waiting, the stat raised."""
    member = _find(books.posse, step.member)
    upgrades = member.upgrades
    if step.upgrade:  # a new mapping; otherwise the member keeps its own (and its stat line)
        raised = dict(upgrades)
        raised[step.upgrade] = raised.get(step.upgrade, 0) + 1
        upgrades = MappingProxyType(raised)
    change = {
        "flips": member.flips - step.spent,
        "pending_card": str(step.pending) if step.pending else None,
        "upgrades": upgrades,
    }
    return _books(_member(books.posse, step.member, change), books.ledger)


def after_game(plan: GamePlan, books: Mapping[str, Books]) -> dict[str, Books]:
    """Every change of a game plan, in order, as `db.games.record_game` writes them."""
    out = dict(books)
    for change in plan.changes:
        match change:
            case ItemGone():
                b = out[change.who.posse]
                held = _find(b.posse, change.who.member).items
                posse = _member(b.posse, change.who.member, {"items": _without(held, change.item)})
                out[change.who.posse] = _books(posse, b.ledger)
            case ItemMoved():
                src = out[change.source.posse]
                held = _find(src.posse, change.source.member).items
                src_posse = _member(
                    src.posse, change.source.member, {"items": _without(held, change.item)}
                )
                out[change.source.posse] = _books(src_posse, src.ledger)
                thief = out[change.thief.posse]
                held = _find(thief.posse, change.thief.member).items
                thief_posse = _member(
                    thief.posse, change.thief.member, {"items": (*held, change.item)}
                )
                out[change.thief.posse] = _books(thief_posse, thief.ledger)
            case Injury():
                b = out[change.who.posse]
                update: dict[str, object] = {"injuries": change.injuries}
                if change.dead:
                    update |= {"status": DEAD, "pending_card": None, "items": ()}
                out[change.who.posse] = _books(
                    _member(b.posse, change.who.member, update), b.ledger
                )
            case FlipsEarned():
                b = out[change.who.posse]
                flips = _find(b.posse, change.who.member).flips + change.count
                out[change.who.posse] = _books(
                    _member(b.posse, change.who.member, {"flips": flips}), b.ledger
                )
            case Payment():
                out[change.posse] = pay(out[change.posse], change.entry)
            case _:
                assert_never(change)
    return out
