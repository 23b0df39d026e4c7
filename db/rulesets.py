"""The rulesets a campaign holds (schema 3): stored whole, one current, adopted and undone.

Rows never leave `db`: callers get `StoredRulesetLine` values.
"""

from __future__ import annotations

from dataclasses import dataclass

from db import models as m
from db.later import after_step
from db.posses import today
from db.sql import run
from db.undo import creation, undo_mark, undo_problem, undo_to
from rostermgr.errors import Refused
from rostermgr.records import LaterChanges
from rostermgr.rules import Ruleset


@dataclass(frozen=True)
class StoredRulesetLine:
    """One ruleset the campaign has used, as `rules history` lists it."""

    id: str
    version: str
    hash: str
    adopted: str
    current: bool
    text: str


def _line(row: m.StoredRuleset) -> StoredRulesetLine:
    return StoredRulesetLine(
        row.ruleset_id, row.version, row.hash, row.adopted, bool(row.current), row.text
    )


def current() -> StoredRulesetLine | None:
    """The ruleset the campaign is read with; None before one is recorded."""
    row = m.StoredRuleset.get_or_none(m.StoredRuleset.current == 1)
    return _line(row) if row is not None else None


def current_hash() -> str | None:
    """The hash of the current ruleset alone (one small query, for every write on a server)."""
    return m.current_ruleset_hash()


def history() -> list[StoredRulesetLine]:
    """Every ruleset the campaign has used, oldest first."""
    return [_line(r) for r in m.StoredRuleset.select().order_by(m.StoredRuleset.id)]


def by_hash() -> dict[str, StoredRulesetLine]:
    """The stored rulesets by hash (the newest row of a hash adopted twice)."""
    return {line.hash: line for line in history()}


def _insert(rules: Ruleset, mark: int, first: bool = False) -> None:
    """The new current ruleset row, made first so that its insert is the step's first entry."""
    from peewee import fn

    marks = {
        f"{model._meta.table_name}_mark": 0
        if first
        else model.select(fn.MAX(model.id)).scalar() or 0
        for model in (m.History, m.Ledger)
    }
    row = m.StoredRuleset.create(
        **marks,
        ruleset_id=rules.id,
        version=rules.version,
        hash=rules.hash,
        text=rules.text,
        adopted=today(),
        current=1,
        undo_mark=mark,
    )
    m.StoredRuleset.update(current=0).where(
        (m.StoredRuleset.current == 1) & (m.StoredRuleset.id != row.id)
    ).execute()
    if not first:
        # The adoption's last write: its own log entry is the next number issued.
        row.undo_end = undo_mark(m.database) + 1
        row.save()


def record_first(rules: Ruleset) -> None:
    """Record the ruleset a campaign without one is opened with; existing rows get its hash.

    Part of bringing the file to schema 3, so it is not an undo step: the undo log is off
    while it writes (like a migration), and no undo of an older game takes it back.
    """
    with m.database.atomic():
        if m.StoredRuleset.select().exists():
            return
        run(m.database, "UPDATE undo_state SET active = 0")
        try:
            _insert(rules, undo_mark(m.database), first=True)
            for model in (m.Posse, m.Game, m.Upgrade):
                model.update(ruleset_hash=rules.hash).where(model.ruleset_hash.is_null()).execute()
        finally:
            run(m.database, "UPDATE undo_state SET active = 1")


def refuse_same_version_edit(rules: Ruleset) -> None:
    """Refuse a same-version edit: an id and version already stored must be the same text."""
    for line in history():
        if line.id == rules.id and line.version == rules.version and line.hash != rules.hash:
            raise Refused(
                f"The campaign already has {rules.id} version {rules.version} (adopted "
                f"{line.adopted}) with a different text; give the edited ruleset a new version "
                "string ([ruleset] version) and adopt it again."
            )


def adopt(rules: Ruleset) -> None:
    """Make `rules` the current ruleset: one transaction, one undo step (`undo_last_adoption`).

    The ledger and the rows made before are left as they are: prices apply from now on.
    """
    with m.database.atomic():
        refuse_same_version_edit(rules)
        _insert(rules, undo_mark(m.database))


def _newest_two() -> list[m.StoredRuleset]:
    rows = list(m.StoredRuleset.select().order_by(m.StoredRuleset.id.desc()).limit(2))
    if len(rows) < 2:
        raise Refused(
            "There is no adopted ruleset to undo: the campaign has only the ruleset it "
            "started with."
        )
    return rows


def _later(row: m.StoredRuleset) -> LaterChanges:
    return after_step(row.undo_mark, row.undo_end, row.history_mark, own_ruleset=row.id)


def newest_adoption_later() -> tuple[StoredRulesetLine, LaterChanges]:
    """The newest adoption and what undoing it would take back besides (refused without one)."""
    newest = _newest_two()[0]
    return _line(newest), _later(newest)


def undo_last_adoption() -> tuple[StoredRulesetLine, StoredRulesetLine, int, LaterChanges]:
    """Take back the newest adoption and everything done since; returns it, the one current
    again, how many later games were taken back with it, and every later change.

    The first ruleset (recorded when the campaign was made or migrated) cannot be undone.
    Refused, changing nothing, when the undo log no longer holds the adoption itself.
    """
    with m.database.atomic():
        newest = _newest_two()[0]
        problem = undo_problem(
            m.database, newest.undo_mark, newest.undo_end, creation("ruleset", newest.id)
        )
        if problem:
            raise Refused(
                f"The adoption of {newest.ruleset_id} {newest.version} cannot be undone: "
                f"{problem}; nothing was changed."
            )
        games = m.Game.select().where(m.Game.undo_mark >= newest.undo_mark).count()
        undone, later = _line(newest), _later(newest)
        undo_to(m.database, newest.undo_mark)
        now = current()
        if now is None or m.StoredRuleset.get_or_none(m.StoredRuleset.id == newest.id):
            # The log took back other entries than the adoption's: refuse, keep the file.
            raise Refused(
                f"The adoption of {undone.id} {undone.version} cannot be undone: the undo log "
                "does not return the campaign to before it; nothing was changed."
            )
    return undone, now, games, later


def oldest_undoable_mark() -> int | None:
    """The undo log position no undo needs anything before: the oldest game or adoption.

    Every game can be undone in turn, and so can every adoption (after the newer ones), so
    pruning keeps what the oldest of all of them needs.
    """
    from peewee import fn

    first = m.StoredRuleset.select(fn.MIN(m.StoredRuleset.id))
    marks = [
        m.Game.select(fn.MIN(m.Game.undo_mark)).scalar(),
        m.StoredRuleset.select(fn.MIN(m.StoredRuleset.undo_mark))
        .where(m.StoredRuleset.id != first)
        .scalar(),
    ]
    known = [mark for mark in marks if mark is not None]
    return min(known) if known else None


def game_rulesets() -> dict[int, StoredRulesetLine]:
    """For each game, the ruleset it was played under (a game without a hash: the first one)."""
    lines = history()
    if not lines:
        return {}
    known = {line.hash: line for line in lines}
    return {
        game_id: known.get(hash_ or "", lines[0])
        for game_id, hash_ in m.tuples(m.Game.select(m.Game.id, m.Game.ruleset_hash))
    }


def upgrade_hashes() -> list[str | None]:
    """The ruleset hash of every upgrade, in the order of db.stats.upgrades (by id)."""
    query = m.Upgrade.select(m.Upgrade.ruleset_hash).order_by(m.Upgrade.id)
    return [h for (h,) in m.tuples(query)]


def row_marks() -> list[tuple[str, int, int]]:
    """Each ruleset's hash with the newest history and ledger row written before it, in order."""
    query = m.StoredRuleset.select(
        m.StoredRuleset.hash, m.StoredRuleset.history_mark, m.StoredRuleset.ledger_mark
    ).order_by(m.StoredRuleset.id)
    return [(h, history_mark, ledger_mark) for h, history_mark, ledger_mark in m.tuples(query)]
