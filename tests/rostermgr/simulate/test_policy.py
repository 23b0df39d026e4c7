"""The shopping policy's offers, kept per process, are what plan_buy accepts (R5, R16)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rostermgr.roster import Member, Posse
from rostermgr.rules import Item, Ruleset
from rostermgr.rules_load import parse_ruleset_text
from rostermgr.shop import shop_choices
from rostermgr.simulate.apply import Books
from rostermgr.simulate.exchange import own_test
from rostermgr.simulate.memo import Memo
from rostermgr.simulate.model import Model
from rostermgr.simulate.policy import _best_buy
from tests.rostermgr.simulate.test_exchange import FACTIONS, RULES, members

# R5 refuses more here: two ranged weapons at most, and the scope rifle for leaders only
_TEXT = RULES.text.replace(
    'ranged = { name = "Ranged weapon", limit = 0,',
    'ranged = { name = "Ranged weapon", limit = 2,',
).replace(
    "damage = 3\nreload = 1\nprice = 25\n",
    'damage = 3\nreload = 1\nprice = 25\nroles = ["leader"]\n',
)
STRICT = parse_ruleset_text(_TEXT, "strict.toml")
assert STRICT.kinds["ranged"].limit == 2 and STRICT.items["scope-rifle"].roles == ("leader",)


def _expected(
    posse: Posse, member: Member, weapon: bool, reserve: int, rules: Ruleset
) -> Item | None:
    """The policy stated afresh: the best buy of the catalogue worth having, within the budget,
    that the shop (plan_buy, asked of the posse as it stands) allows once the worn clothing
    is sold."""
    held = [rules.item(i) for i in member.items]
    worn = [] if weapon else [h for h in held if h.defence > 0 and not rules.is_weapon(h)]
    budget = posse.purse + sum(rules.resale_value(w.id) for w in worn) - reserve
    kept = list(member.items)
    for w in worn:
        kept.remove(w.id)
    others = tuple(m for m in posse.members if m.name != member.name)
    trial = Posse(
        posse.name,
        posse.faction,
        (*others, Member(member.name, member.role, tuple(kept), injuries=member.injuries)),
        max(budget, 0),
        posse.ruleset_id,
        posse.ruleset_version,
    )
    allowed = {c.item.id for c in shop_choices(trial, member.name, rules) if c.allowed}
    ranked = sorted(rules.items.values(), key=lambda i: (i.damage + i.defence, -i.price))[::-1]
    if weapon:
        test = own_test(member.stats(rules), rules)
        of_test = [h.damage for h in held if rules.kinds[h.kind].test == test]
        most = max(of_test, default=-1)
        wanted = [
            i
            for i in ranked
            if rules.is_weapon(i) and rules.kinds[i.kind].test == test and i.damage > most
        ]
    else:
        defence = sum(h.defence for h in held)
        wanted = [
            i for i in ranked if not rules.is_weapon(i) and i.defence > 0 and i.defence > defence
        ]
    return next((i for i in wanted if i.price <= budget and i.id in allowed), None)


@settings(max_examples=150, deadline=None)
@given(
    member=members(),
    other=members(),
    faction=st.sampled_from(FACTIONS),
    purse=st.integers(0, 250),
    reserve=st.sampled_from((0, 20, 60)),
    weapon=st.booleans(),
    strict=st.booleans(),
)
def test_r5_r16_the_kept_offers_give_the_buy_plan_buy_allows(
    member: Member,
    other: Member,
    faction: str,
    purse: int,
    reserve: int,
    weapon: bool,
    strict: bool,
) -> None:
    """Offers worked out for one posse answer for another member alike (the table is kept
    across examples, as across campaigns): each answer is the one asked of plan_buy itself."""
    rules = STRICT if strict else RULES
    member = Member("Buyer", member.role, member.items, injuries=member.injuries)
    posse = Posse("P", faction, (other, member), purse, rules.id, rules.version)
    best, sell = _best_buy(
        Books(posse, (purse,)), member, weapon, Model(reserve=reserve), rules, Memo()
    )
    expected = _expected(posse, member, weapon, reserve, rules)
    assert best == expected
    if best is None or weapon:
        assert sell == ()
    else:
        assert {s.id for s in sell} <= set(member.items)
