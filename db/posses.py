"""Posse services: posses read as domain values, and the shop (one transaction per action)."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import date
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from peewee import fn

from db import models as m
from rostermgr import roster
from rostermgr.errors import Refused, did_you_mean, listed, quoted
from rostermgr.records import HistoryLine, LedgerLine, PosseSummary
from rostermgr.rules import Ruleset
from rostermgr.standing import DELETED, PLAYING, deleted_name, standing
from rostermgr.standing import KINDS as STANDING_KINDS

if TYPE_CHECKING:  # the plans are written here, never made: a reading command skips them
    from rostermgr.plans import CreationPlan, Entry


def today() -> str:
    return date.today().isoformat()


def posse_row(name: str) -> m.Posse:
    """The posse of that name, as names are compared: `Kid` and `Kid\u200b` are one."""
    row = m.Posse.get_or_none(m.Posse.name == roster.normal_name(name))
    if row is None:
        raise no_posse(name)
    return row


# A campaign with this many posses or fewer lists them all when a name is not found.
POSSES_LISTED = 6


def no_posse(name: str) -> Refused:
    """The refusal for a posse name not found, saying what might have been meant: a name
    close to it, else the campaign's posses when they are few, or that it has none yet (a
    misspelt --db reads as an empty campaign)."""
    deleted = {i for i, kind in standings_of().items() if kind == DELETED}
    names = [n for i, n in m.tuples(m.Posse.select(m.Posse.id, m.Posse.name)) if i not in deleted]
    said = f"There is no posse named {quoted(name)} in this campaign"
    if not names:
        return Refused(f"{said}, which has no posses yet.")
    near = did_you_mean(name, names)
    if near or len(names) > POSSES_LISTED:
        return Refused(f"{said}{near or '.'}")
    return Refused(f"{said}; its posses are {listed(sorted(names))}.")


def owner_of(name: str) -> tuple[int, str | None]:
    """The posse's id and its player's role in a club campaign (None: nobody's)."""
    row = posse_row(name)
    return int(row.id), row.owner


def purse_of(posse_id: int) -> int:
    """R16: the purse is the sum of the ledger, never stored."""
    total = m.Ledger.select(fn.COALESCE(fn.SUM(m.Ledger.amount), 0)).where(
        m.Ledger.posse == posse_id
    )
    return int(total.scalar())


def load_posse(name: str) -> roster.Posse:
    return posse_from_row(posse_row(name))


def load_posses(names: Sequence[str]) -> list[roster.Posse]:
    """load_posse of each name, in order, in five queries however many posses there are."""
    found = {row.name: row for row in m.Posse.select().where(m.Posse.name.in_(list(names)))}
    for name in names:
        if name not in found:
            posse_row(name)  # the same refusal as load_posse
    return posses_from_rows([found[name] for name in names])


def posse_from_row(row: m.Posse) -> roster.Posse:
    return posses_from_rows([row])[0]


def posses_from_rows(rows: Sequence[m.Posse]) -> list[roster.Posse]:
    """Posse rows as domain values: members, items, upgrades and purses in one query each."""
    ids = [row.id for row in rows]
    standings = standings_of(ids)
    members: dict[int, list[m.Member]] = defaultdict(list)
    for mem in (
        m.Member.select().where(m.Member.posse.in_(ids)).order_by(m.Member.posse, m.Member.position)
    ):
        members[mem.posse_id].append(mem)
    of_posses = m.Member.select(m.Member.id).where(m.Member.posse.in_(ids))
    items: dict[int, list[str]] = defaultdict(list)
    for member_id, item in m.tuples(
        m.MemberItem.select(m.MemberItem.member, m.MemberItem.item)
        .where(m.MemberItem.member.in_(of_posses))
        .order_by(m.MemberItem.id)
    ):
        items[member_id].append(item)
    ups: dict[int, Counter[str]] = defaultdict(Counter)
    for member_id, stat in m.tuples(
        m.Upgrade.select(m.Upgrade.member, m.Upgrade.stat)
        .where(m.Upgrade.member.in_(of_posses))
        .order_by(m.Upgrade.id)
    ):
        ups[member_id][stat] += 1
    purses: dict[int, int | None] = dict(
        m.tuples(
            m.Ledger.select(m.Ledger.posse, fn.SUM(m.Ledger.amount))
            .where(m.Ledger.posse.in_(ids))
            .group_by(m.Ledger.posse)
        )
    )
    return [
        roster.Posse(
            name=row.name,
            faction=row.faction,
            purse=int(purses.get(row.id) or 0),  # R16: the sum of the ledger, never stored
            ruleset_id=row.ruleset_id,
            ruleset_version=row.ruleset_version,
            id=row.id,
            created=row.created or "",
            standing=standings.get(row.id, PLAYING),
            owner=row.owner,
            members=tuple(
                roster.Member(
                    name=mem.name,
                    role=mem.role,
                    items=tuple(items[mem.id]),
                    status=mem.status,
                    injuries=mem.injuries,
                    flips=mem.flips,
                    upgrades=MappingProxyType(dict(ups[mem.id])),
                    pending_card=mem.pending_card,
                    id=mem.id,
                )
                for mem in members[row.id]
            ),
        )
        for row in rows
    ]


def all_posses() -> list[roster.Posse]:
    return posses_from_rows(list(m.Posse.select().order_by(m.Posse.name)))


def summaries() -> list[PosseSummary]:
    """`posse list --json`: name, faction, purse and living members of every posse."""
    purses: dict[int, int] = dict(
        m.tuples(m.Ledger.select(m.Ledger.posse, fn.SUM(m.Ledger.amount)).group_by(m.Ledger.posse))
    )
    active: dict[int, int] = dict(
        m.tuples(
            m.Member.select(m.Member.posse, fn.COUNT(m.Member.id))
            .where(m.Member.status == roster.ACTIVE)
            .group_by(m.Member.posse)
        )
    )
    waiting: dict[int, int] = dict(
        m.tuples(
            m.Member.select(m.Member.posse, fn.COUNT(m.Member.id))
            .where((m.Member.status == roster.ACTIVE) & m.Member.pending_card.is_null(False))
            .group_by(m.Member.posse)
        )
    )
    rows = m.Posse.select(m.Posse.id, m.Posse.name, m.Posse.faction).order_by(m.Posse.name)
    standings = standings_of()
    return [
        PosseSummary(
            name,
            faction,
            int(purses.get(posse_id, 0)),
            int(active.get(posse_id, 0)),
            standings.get(posse_id, PLAYING),
            int(waiting.get(posse_id, 0)),
        )
        for posse_id, name, faction in m.tuples(rows)  # plain rows: no model objects to build
        if standings.get(posse_id, PLAYING) != DELETED
    ]


def standings_of(ids: Sequence[int] | None = None) -> dict[int, str]:
    """Each posse's standing, from its newest retire, return or delete history line."""
    query = m.History.select(m.History.posse, m.History.kind).where(
        m.History.kind.in_(list(STANDING_KINDS))
    )
    if ids is not None:
        query = query.where(m.History.posse.in_(list(ids)))
    kinds: dict[int, list[str]] = defaultdict(list)
    for posse_id, kind in m.tuples(query.order_by(m.History.id)):
        kinds[posse_id].append(kind)
    return {posse_id: standing(found) for posse_id, found in kinds.items()}


def set_standing(posse_name: str, kind: str) -> str:
    """Retire, bring back or delete a posse: one history line (a deleted one is also renamed,
    freeing its name); returns the name it has afterwards."""
    with m.database.atomic():
        row = posse_row(posse_name)
        now = standings_of([row.id]).get(row.id, PLAYING)
        new = STANDING_KINDS[kind]
        if now == DELETED:
            raise Refused(f"{row.name} was deleted; it cannot be changed any more.")
        if now == new:
            raise Refused(f"{row.name} is {now} already.")
        old = row.name
        if new == DELETED:
            taken = [n for (n,) in m.tuples(m.Posse.select(m.Posse.name))]
            row.name = deleted_name(old, today(), taken)
            row.save()
        words = {"retire": "retired", "return": "brought back to play", "delete": "deleted"}
        add_history(row, kind, f"Posse {old} {words[kind]}.", old=old, new=row.name)
        return row.name


def add_entry(
    posse: m.Posse, entry: Entry, game: m.Game | None = None, when: str | None = None
) -> None:
    m.Ledger.create(
        posse=posse,
        amount=entry.amount,
        reason=entry.reason,
        kind=entry.kind,
        date=when or today(),
        game=game,
    )


def add_history(
    posse: m.Posse,
    kind: str,
    text: str,
    member: m.Member | None = None,
    game: m.Game | int | None = None,  # a row or its id
    when: str | None = None,
    **data: Any,
) -> None:
    m.History.create(
        posse=posse,
        member=member,
        game=game,
        kind=kind,
        text=text,
        data=json.dumps(data, ensure_ascii=False, sort_keys=True),
        date=when or today(),
    )


def member_row(posse: m.Posse, name: str) -> m.Member:
    """The member of that name, compared as names are (normal_name)."""
    wanted = roster.normal_name(name)
    row = m.Member.get_or_none((m.Member.posse == posse.id) & (m.Member.name == wanted))
    if row is None:
        names = [
            n for (n,) in m.tuples(m.Member.select(m.Member.name).where(m.Member.posse == posse.id))
        ]
        raise Refused(roster.no_member(posse.name, name, names))
    return row


def create_posse(plan: CreationPlan, rules: Ruleset, owner: str | None = None) -> None:
    """Write a validated creation plan (R3, R16) in one transaction; `owner` is its player's
    role in a club campaign."""
    with m.database.atomic():
        if m.Posse.get_or_none(m.Posse.name == plan.name) is not None:
            raise Refused(f"This campaign already has a posse named {quoted(plan.name)}.")
        posse = m.Posse.create(
            name=plan.name,
            faction=plan.faction,
            ruleset_id=rules.id,
            ruleset_version=rules.version,
            created=today(),
            owner=owner,
        )
        rows = {}
        for position, member in enumerate(plan.members):
            rows[member.name] = m.Member.create(
                posse=posse, name=member.name, role=member.role, position=position
            )
            for item_id in member.items:
                m.MemberItem.create(member=rows[member.name], item=item_id)
        add_history(
            posse, "created", f"Posse {plan.name} founded ({rules.factions[plan.faction].name})."
        )
        for entry in plan.entries:
            add_entry(posse, entry)
            add_history(
                posse,
                entry.kind,
                f"{entry.reason}: {_money(entry.amount)}",
                rows.get(entry.member or ""),
                amount=entry.amount,
                item=entry.item,
            )


def apply_buy(posse_name: str, entry: Entry) -> None:
    """Write a planned purchase (`rostermgr.shop.plan_buy`): the item, the ledger entry and
    the history line telling it, in one transaction."""
    assert entry.member is not None and entry.item is not None, "a purchase names both"
    with m.database.atomic():
        row = posse_row(posse_name)
        mem = member_row(row, entry.member)
        m.MemberItem.create(member=mem, item=entry.item)
        _record_money(row, entry, mem, item=entry.item)


def remove_item(mem: m.Member, item: str) -> None:
    """Take one of the member's items away (the newest, when it carries several)."""
    (
        m.MemberItem.select()
        .where((m.MemberItem.member == mem.id) & (m.MemberItem.item == item))
        .order_by(m.MemberItem.id.desc())
        .first()
        .delete_instance()
    )


def _record_money(row: m.Posse, entry: Entry, mem: m.Member, **data: Any) -> None:
    """A ledger entry and the history row that tells it."""
    add_entry(row, entry)
    add_history(
        row,
        entry.kind,
        f"{entry.reason}: {_money(entry.amount)}",
        mem,
        amount=entry.amount,
        **data,
    )


def apply_sell(posse_name: str, entry: Entry) -> None:
    """Write a planned sale (`rostermgr.shop.plan_sell`): one of the member's items gone, the
    refund and the history line telling it, in one transaction."""
    assert entry.member is not None and entry.item is not None, "a sale names both"
    with m.database.atomic():
        row = posse_row(posse_name)
        mem = member_row(row, entry.member)
        remove_item(mem, entry.item)
        _record_money(row, entry, mem, item=entry.item)


def apply_hire(posse_name: str, member: roster.Member, entry: Entry) -> None:
    """Write a planned hire (`rostermgr.shop.plan_hire`): the new member last in the posse,
    the cost and the history line telling it, in one transaction."""
    with m.database.atomic():
        row = posse_row(posse_name)
        position = (
            m.Member.select(fn.MAX(m.Member.position)).where(m.Member.posse == row.id).scalar() or 0
        ) + 1
        mem = m.Member.create(posse=row, name=member.name, role=member.role, position=position)
        add_entry(row, entry)
        add_history(
            row,
            "hire",
            f"{entry.reason}: {_money(entry.amount)}",
            mem,
            amount=entry.amount,
            role=member.role,
        )


def rename_posse(old: str, new: str) -> str:
    with m.database.atomic():
        row = posse_row(old)
        new = roster.check_name(new, "posse name")
        if new == row.name:
            raise Refused(f"The posse is named {quoted(new)} already; nothing changed.")
        if m.Posse.get_or_none(m.Posse.name == new) is not None:
            raise Refused(f"This campaign already has a posse named {quoted(new)}.")
        row.name = new
        row.save()
        add_history(row, "rename", f"Posse renamed from {old} to {new}.", old=old, new=new)
        return new


def rename_member(posse_name: str, old: str, new: str) -> str:
    with m.database.atomic():
        row = posse_row(posse_name)
        mem = member_row(row, old)
        new = roster.check_name(new, "member's name")
        if new == mem.name:
            raise Refused(f"{quoted(new)} is the member's name already; nothing changed.")
        if m.Member.get_or_none((m.Member.posse == row.id) & (m.Member.name == new)):
            raise Refused(f"{row.name} already has a member named {quoted(new)}.")
        mem.name = new
        mem.save()
        add_history(row, "rename", f"{old} is now called {new}.", mem, old=old, new=new)
        return new


def ledger(posse_name: str) -> list[LedgerLine]:
    """Every money entry, oldest first, with its running balance (R16)."""
    row = posse_row(posse_name)
    balance = 0
    out = []
    for e in m.Ledger.select().where(m.Ledger.posse == row.id).order_by(m.Ledger.id):
        balance += e.amount
        out.append(
            LedgerLine(e.date, e.game_id, e.reason, e.amount, balance, e.game_label, e.author)
        )
    return out


def history(posse_name: str) -> list[HistoryLine]:
    row = posse_row(posse_name)
    names: dict[int | None, str] = dict(
        m.tuples(m.Member.select(m.Member.id, m.Member.name).where(m.Member.posse == row.id))
    )
    return [
        HistoryLine(
            h.date,
            h.game_id,
            h.kind,
            names.get(h.member_id),
            h.text,
            MappingProxyType(json.loads(h.data)),
            h.game_label,
            h.author,
        )
        for h in m.History.select().where(m.History.posse == row.id).order_by(m.History.id)
    ]


def _money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"+${amount}"
