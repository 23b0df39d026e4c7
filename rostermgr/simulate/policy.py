"""What a simulated player does between games: spend flips, hire, shop (R14-R16).

Each step is planned by the domain function the app and the command line use
(`advancement.plan_flip`, `plan_choose`, `plan_reflip`, `shop.plan_hire`, `plan_buy`,
`plan_sell`), then applied in memory by `rostermgr.simulate.apply`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rostermgr.advancement import plan_choose, plan_flip, plan_reflip
from rostermgr.cards import Card, allowed_stats, full_deck, parse_card
from rostermgr.errors import RuleBroken
from rostermgr.roster import Member, Posse
from rostermgr.rules import Item, Ruleset
from rostermgr.shop import plan_buy, plan_hire, plan_sell
from rostermgr.simulate.apply import Books, bought, changed, flipped, hired, sold
from rostermgr.simulate.exchange import own_test
from rostermgr.simulate.game import below
from rostermgr.simulate.memo import Memo
from rostermgr.simulate.model import REFLIP_UNWANTED, SHOP_GEAR, SHOP_NONE, Model


def preferences(
    member: Member, posse: Posse, model: Model, rules: Ruleset, memo: Memo | None = None
) -> tuple[str, ...]:
    """The stats a member would raise, best first: the model's, or its own test's stat first."""
    if model.prefer:
        first: tuple[str, ...] = model.prefer
    else:
        test = memo.own_test(member, rules) if memo else own_test(member.stats(rules), rules)
        first = (rules.attack_stat(test),)
    key = (rules.stat_order, first)
    found = _preferences.get(key)
    if found is None:
        found = _preferences[key] = (*first, *(s for s in rules.stat_order if s not in first))
    return found


# the stats in order of preference, by the ruleset's stats and those preferred first
_preferences: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = {}


_decks: dict[int, tuple[Card, ...]] = {}


def _deck(rules: Ruleset) -> tuple[Card, ...]:
    """R15's deck: 52 cards and the ruleset's jokers."""
    if rules.jokers not in _decks:
        _decks[rules.jokers] = tuple(full_deck(rules.jokers))
    return _decks[rules.jokers]


def _draw(deck: Sequence[Card], rng: random.Random) -> Card:
    """R15: the top card of a freshly shuffled deck (52 and the jokers): `rng.randrange(n)`'s
    own draw (`game.below`), without its checks, for the thousands of flips of a run."""
    return deck[below(rng)(len(deck))]


def spend_flips(
    books: Books, model: Model, rules: Ruleset, rng: random.Random, memo: Memo | None = None
) -> Books:
    """Every living member turns its flips (R15); a card allowing no stat wanted waits."""
    deck = _deck(rules)
    memo = memo if memo is not None else Memo()
    # a member with no flip to turn and no card waiting does nothing (most, after most games)
    # a member keeps its place in the roster when it flips (apply._member)
    for i, m in enumerate(books.posse.members):
        if not (m.alive and (m.flips > 0 or m.pending_card)):
            continue
        while True:
            member = books.posse.members[i]
            if member.pending_card:
                card = parse_card(member.pending_card)
                pick, unwanted = _pick(member, card, books.posse, model, rules, memo)
                if (
                    model.reflip == REFLIP_UNWANTED
                    and unwanted
                    and member.flips >= rules.reflip_cost
                ):
                    books = flipped(books, plan_reflip(member, _draw(deck, rng), None, rules))
                    continue
                if pick is None:
                    break  # the card allows no stat: it waits, as it would on the table
                books = flipped(books, plan_choose(member, pick, rules))
            elif member.flips > 0:
                card = _draw(deck, rng)
                pick, unwanted = _pick(member, card, books.posse, model, rules, memo)
                # turned and chosen in one step when the choice would not wait or be re-flipped:
                # what turning it, then choosing, leaves (one flip spent, the stat raised)
                now = pick is not None and not (model.reflip == REFLIP_UNWANTED and unwanted)
                books = flipped(books, plan_flip(member, card, pick if now else None, rules))
            else:
                break
    return books


def _pick(
    member: Member, card: Card, posse: Posse, model: Model, rules: Ruleset, memo: Memo
) -> tuple[str | None, bool]:
    """The stat the member takes from the card (None: it allows none wanted), and whether
    that is not the stat it wants most."""
    allowed = allowed_stats(card, rules)
    wanted = preferences(member, posse, model, rules, memo)
    pick = next((s for s in wanted if s in allowed), None)
    return pick, pick != wanted[0]


def hire(books: Books, rules: Ruleset) -> Books:
    """Refill the composition (R3) while the purse allows: a vacant leader first."""
    living: dict[str, int] = {}
    for m in books.posse.members:
        if m.alive:
            living[m.role] = living.get(m.role, 0) + 1
    if all(living.get(role_id, 0) >= count for role_id, count in rules.composition.items()):
        return books  # no one to replace: most posses after most games
    for role_id, count in rules.composition.items():
        role = rules.role(role_id)
        while sum(1 for m in books.posse.active if m.role == role_id) < count:
            if books.posse.purse < role.hire_cost:
                break
            taken = {m.name for m in books.posse.members}
            n = 2
            while f"{role.name} {n}" in taken:
                n += 1
            try:
                member, entry = plan_hire(books.posse, role_id, f"{role.name} {n}", rules)
            except RuleBroken:
                break
            books = hired(books, member, entry)
    return books


_catalogues: dict[int, tuple[Ruleset, dict[bool | str, tuple[Item, ...]]]] = {}


def _catalogue(rules: Ruleset) -> dict[bool | str, tuple[Item, ...]]:
    """The weapons (True) and the clothing (False) of the ruleset, the best buy first; and, as
    `_weapons_for` files them, the weapons of each test."""
    found = _catalogues.get(id(rules))
    if found is None or found[0] is not rules:
        items = sorted(rules.items.values(), key=_rank, reverse=True)
        shelves: dict[bool | str, tuple[Item, ...]] = {
            True: tuple(i for i in items if rules.is_weapon(i)),
            False: tuple(i for i in items if not rules.is_weapon(i) and i.defence > 0),
        }
        found = _catalogues[id(rules)] = (rules, shelves)
    return found[1]


_cheapest: dict[int, tuple[Ruleset, float]] = {}


def _cheapest_weapon(rules: Ruleset) -> float:
    """The price of the ruleset's cheapest weapon (infinite without one): less buys none."""
    found = _cheapest.get(id(rules))
    if found is None or found[0] is not rules:
        prices = [i.price for i in _catalogue(rules)[True]]
        found = _cheapest[id(rules)] = (rules, min(prices, default=math.inf))
    return found[1]


def _weapons_for(test: str, rules: Ruleset) -> tuple[Item, ...]:
    """The weapons of the ruleset made for this test, the best buy first."""
    shelves = _catalogue(rules)
    found = shelves.get(test)
    if found is None:
        found = shelves[test] = tuple(i for i in shelves[True] if rules.kinds[i.kind].test == test)
    return found


def _worn(items: tuple[str, ...], rules: Ruleset) -> tuple[Item, ...]:
    """What gives a member holding these items defence and is no weapon: its clothing."""
    held = (rules.item(i) for i in items)
    return tuple(h for h in held if h.defence > 0 and not rules.is_weapon(h))


def _best_buy(
    books: Books, member: Member, weapon: bool, model: Model, rules: Ruleset, memo: Memo
) -> tuple[Item | None, tuple[Item, ...]]:
    """The item to buy, and the clothing to sell for it; (None, ()) when nothing is better:
    the best of the member's offers (`_offers`) within the budget."""
    key = (id(member), weapon)
    found = memo.shelves.get(key)
    if found is None or found[0] is not member:  # this very member's offers, once a campaign
        worn: tuple[Item, ...] = ()
        refund, test = 0, None
        if weapon:
            test = memo.own_test(member, rules)
        else:
            worn, refund = memo.worn(member.items, rules, _worn)
        offers = _offers(books.posse, member, test, worn, rules)
        found = memo.shelves[key] = (member, worn, refund, offers)
    _, sell, refund, offers = found
    budget = books.posse.purse + refund - model.reserve
    for item in offers:
        if item.price <= budget:
            return item, sell
    return None, ()


OfferKey = tuple[str, str, str, tuple[str, ...], str | None]
_offered: dict[int, tuple[Ruleset, dict[OfferKey, tuple[Item, ...]]]] = {}


def _offers(
    posse: Posse, member: Member, test: str | None, worn: tuple[Item, ...], rules: Ruleset
) -> tuple[Item, ...]:
    """What the shop would sell the member whatever the purse, the best buy first: a weapon
    for `test` (the test it is best at, R8) doing more damage than any of that test it holds,
    or, when `test` is None, clothing giving more defence than it wears; each one that
    plan_buy accepts for the member once its clothing (`worn`) is sold (R5: roles, a kind's
    limit).

    Kept per process by all plan_buy reads of the member and posse besides the purse (the
    faction, the standing, the role, the items held) and the test: campaigns meet the same
    members again and again. Within a budget the best buy is then the first offer priced within
    it, as plan_buy's own purse check (R16) would have it (tests/rostermgr/simulate checks the
    offers against plan_buy asked with the purse).
    """
    key = (posse.faction, posse.standing, member.role, member.items, test)
    found = _offered.get(id(rules))
    if found is None or found[0] is not rules:
        found = _offered[id(rules)] = (rules, {})
    offers = found[1].get(key)
    if offers is None:
        offers = found[1][key] = _work_out_offers(posse, member, test, worn, rules)
    return offers


def _work_out_offers(
    posse: Posse, member: Member, test: str | None, worn: tuple[Item, ...], rules: Ruleset
) -> tuple[Item, ...]:
    held = [rules.item(i) for i in member.items]
    if test is not None:  # a weapon doing more damage than any of its test it holds
        shelf = _weapons_for(test, rules)
        most = max((h.damage for h in held if rules.kinds[h.kind].test == test), default=-1)
        wanted = [i for i in shelf if i.damage > most]
    else:  # clothing giving more defence than it wears
        worn_defence = sum(h.defence for h in held)
        wanted = [i for i in _catalogue(rules)[False] if i.defence > worn_defence]
    if not wanted:
        return ()
    # plan_buy asked for the member without the clothing it would sell, with a purse that pays
    # for any item: what it accepts once sold, within the purse
    kept = list(member.items)
    for w in worn:
        kept.remove(w.id)
    trial = changed(
        posse,
        {
            "purse": max(i.price for i in wanted),
            "members": tuple(
                changed(m, {"items": tuple(kept)}) if m.name == member.name else m
                for m in posse.members
            ),
        },
    )
    return tuple(i for i in wanted if _accepted(trial, member.name, i, rules))


def shop(books: Books, model: Model, rules: Ruleset, memo: Memo | None = None) -> Books:
    """The shopping policy (R5, R16), member by member in roster order.

    weapons: the most damaging weapon it may carry and afford for the test it is best at (the
    highest attack stat, the ruleset's first test of equals), when better than any it holds
    for that test.
    gear: that, then the best clothing it can afford, selling the clothing it wears for it.
    Nothing is spent below the reserve.
    """
    if model.shopping == SHOP_NONE:
        return books
    memo = memo if memo is not None else Memo()
    wants = (True, False) if model.shopping == SHOP_GEAR else (True,)
    cheapest = _cheapest_weapon(rules)
    # a member keeps its place in the roster when it buys or sells (apply._member)
    for i, m in enumerate(books.posse.members):
        if not m.alive:
            continue
        name = m.name
        for weapon in wants:
            if weapon and books.posse.purse - model.reserve < cheapest:
                continue  # no weapon costs so little (many visits: purses hover by the reserve)
            member = books.posse.members[i]
            best, worn = _best_buy(books, member, weapon, model, rules, memo)
            if best is None:
                continue
            for old in worn:
                books = sold(books, plan_sell(books.posse, name, old.id, rules))
            books = bought(books, plan_buy(books.posse, name, best.id, rules))
    return books


def _accepted(posse: Posse, name: str, item: Item, rules: Ruleset) -> bool:
    try:
        plan_buy(posse, name, item.id, rules)
    except RuleBroken:
        return False
    return True


def _rank(item: Item) -> tuple[int, int]:
    """The better of two buys: more damage or defence, then the cheaper."""
    return (item.damage + item.defence, -item.price)
