"""Posse export and import (DESIGN 5): the whole posse with its history, as JSON."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from db import models as m
from db.posses import posse_row, today
from rostermgr.exchange import PosseFile, validate_posse_file
from rostermgr.rules import Ruleset

FORMAT = "rostermgr-posse"
VERSION = 1


def _label(game: m.Game | None, stored: str | None) -> str | None:
    if game is None:
        return stored
    return f"{game.date} {game.scenario}"


def export_posse(name: str) -> dict[str, Any]:
    row = posse_row(name)
    members = list(m.Member.select().where(m.Member.posse == row.id).order_by(m.Member.position))
    names = {mem.id: mem.name for mem in members}
    games = {g.id: g for g in m.Game.select()}

    def label(game_id: int | None, stored: str | None) -> str | None:
        return _label(games.get(game_id) if game_id else None, stored)

    return {
        "format": FORMAT,
        "version": VERSION,
        "posse": {
            "name": row.name,
            "faction": row.faction,
            "ruleset": {
                "id": row.ruleset_id,
                "version": row.ruleset_version,
                "hash": row.ruleset_hash or m.current_ruleset_hash(),
            },
            "created": row.created,
        },
        "members": [
            {
                "name": mem.name,
                "role": mem.role,
                "status": mem.status,
                "injuries": mem.injuries,
                "flips": mem.flips,
                "pending_card": mem.pending_card,
                "items": [
                    i.item
                    for i in m.MemberItem.select()
                    .where(m.MemberItem.member == mem.id)
                    .order_by(m.MemberItem.id)
                ],
                "upgrades": [
                    {"stat": u.stat, "card": u.card, "game": label(u.game_id, u.game_label)}
                    for u in m.Upgrade.select()
                    .where(m.Upgrade.member == mem.id)
                    .order_by(m.Upgrade.id)
                ],
            }
            for mem in members
        ],
        "ledger": [
            {
                "date": e.date,
                "amount": e.amount,
                "reason": e.reason,
                "kind": e.kind,
                "game": label(e.game_id, e.game_label),
            }
            for e in m.Ledger.select().where(m.Ledger.posse == row.id).order_by(m.Ledger.id)
        ],
        "history": [
            {
                "date": h.date,
                "kind": h.kind,
                "member": names.get(h.member_id),
                "text": h.text,
                "data": json.loads(h.data),
                "game": label(h.game_id, h.game_label),
            }
            for h in m.History.select().where(m.History.posse == row.id).order_by(m.History.id)
        ],
    }


def write_export(doc: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Write atomically: a crash never leaves half a posse file."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def refuse_if_taken(name: str) -> None:
    """An imported posse needs a name no posse of the campaign has."""
    from rostermgr.errors import Refused, quoted

    if m.Posse.get_or_none(m.Posse.name == name) is not None:
        raise Refused(
            f"This campaign already has a posse named {quoted(name)}; import it with --as NEW_NAME."
        )


def import_posse(doc: Any, rules: Ruleset, as_name: str | None = None) -> str:
    """Validate a stranger's posse file completely, then write it in one transaction."""
    posse: PosseFile = validate_posse_file(doc, rules, as_name)
    with m.database.atomic():
        refuse_if_taken(posse.name)
        row = m.Posse.create(
            name=posse.name,
            faction=posse.faction,
            ruleset_id=posse.ruleset_id,
            ruleset_version=posse.ruleset_version,
            created=posse.created or today(),
        )
        rows = {}
        for position, mem in enumerate(posse.members):
            rows[mem.name] = m.Member.create(
                posse=row,
                name=mem.name,
                role=mem.role,
                status=mem.status,
                injuries=mem.injuries,
                flips=mem.flips,
                pending_card=mem.pending_card,
                position=position,
            )
            for item in mem.items:
                m.MemberItem.create(member=rows[mem.name], item=item)
            for up in mem.upgrades:
                m.Upgrade.create(
                    member=rows[mem.name], stat=up.stat, card=up.card, game_label=up.game
                )
        for e in posse.ledger:
            m.Ledger.create(
                posse=row,
                amount=e.amount,
                reason=e.reason,
                kind=e.kind,
                date=e.date,
                game_label=e.game,
            )
        for h in posse.history:
            m.History.create(
                posse=row,
                member=rows.get(h.member) if h.member else None,
                kind=h.kind,
                text=h.text,
                data=json.dumps(h.data, ensure_ascii=False, sort_keys=True),
                date=h.date,
                game_label=h.game,
            )
    return posse.name
