"""The campaign as plain tables, for `export --csv` (issue 20): ids kept, one consistent read."""

from __future__ import annotations

from dataclasses import dataclass

from peewee import fn

from db import models as m

Cell = str | int | None


@dataclass(frozen=True)
class TableRows:
    """One table of the campaign: its name (the CSV file's), its columns and its rows."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


def _fk(value: object) -> int | None:
    return value if isinstance(value, int) or value is None else int(str(value))


def campaign_tables() -> tuple[TableRows, ...]:
    """posses, members, items, upgrades, ledger, games and history, read in one transaction.

    Foreign keys are the ids of the rows they name; the purse is the sum of the ledger (R16).
    """
    with m.database.atomic():
        purses: dict[int, int] = dict(
            m.tuples(
                m.Ledger.select(m.Ledger.posse, fn.SUM(m.Ledger.amount)).group_by(m.Ledger.posse)
            )
        )
        posses = tuple(
            (
                p.id,
                p.name,
                p.faction,
                p.ruleset_id,
                p.ruleset_version,
                p.created,
                purses.get(p.id, 0),
            )
            for p in m.Posse.select().order_by(m.Posse.id)
        )
        members = tuple(
            (
                r.id,
                _fk(r.posse_id),
                r.position,
                r.name,
                r.role,
                r.status,
                r.injuries,
                r.flips,
                r.pending_card,
            )
            for r in m.Member.select().order_by(m.Member.id)
        )
        owners: dict[int | None, int | None] = {
            r.id: _fk(r.posse_id) for r in m.Member.select(m.Member.id, m.Member.posse)
        }
        items = tuple(
            (r.id, _fk(r.member_id), owners.get(_fk(r.member_id)), r.item)
            for r in m.MemberItem.select().order_by(m.MemberItem.id)
        )
        upgrades = tuple(
            (r.id, _fk(r.member_id), r.stat, r.card, _fk(r.game_id), r.game_label)
            for r in m.Upgrade.select().order_by(m.Upgrade.id)
        )
        ledger = tuple(
            (
                r.id,
                _fk(r.posse_id),
                r.date,
                _fk(r.game_id),
                r.game_label,
                r.kind,
                r.reason,
                r.amount,
            )
            for r in m.Ledger.select().order_by(m.Ledger.id)
        )
        names: dict[int | None, str] = {p[0]: p[1] for p in posses}
        sides: dict[int, list[str]] = {}
        for gp in m.GamePosse.select().order_by(m.GamePosse.id):
            sides.setdefault(_fk(gp.game_id) or 0, []).append(names.get(_fk(gp.posse_id), ""))
        games = tuple(
            (g.id, g.date, g.scenario, "; ".join(sides.get(g.id, [])), g.winner, g.notes)
            for g in m.Game.select().order_by(m.Game.id)
        )
        history = tuple(
            (
                r.id,
                _fk(r.posse_id),
                _fk(r.member_id),
                _fk(r.game_id),
                r.game_label,
                r.date,
                r.kind,
                r.text,
            )
            for r in m.History.select().order_by(m.History.id)
        )
    return (
        TableRows(
            "posses",
            ("id", "name", "faction", "ruleset_id", "ruleset_version", "created", "purse"),
            posses,
        ),
        TableRows(
            "members",
            (
                "id",
                "posse_id",
                "position",
                "name",
                "role",
                "status",
                "injuries",
                "flips",
                "pending_card",
            ),
            members,
        ),
        TableRows("items", ("id", "member_id", "posse_id", "item"), items),
        TableRows("upgrades", ("id", "member_id", "stat", "card", "game_id", "game"), upgrades),
        TableRows(
            "ledger",
            ("id", "posse_id", "date", "game_id", "game", "kind", "reason", "amount"),
            ledger,
        ),
        TableRows("games", ("id", "date", "scenario", "posses", "winner", "notes"), games),
        TableRows(
            "history",
            ("id", "posse_id", "member_id", "game_id", "game", "date", "kind", "text"),
            history,
        ),
    )
