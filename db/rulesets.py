"""The rulesets a campaign holds (schema 3): stored whole, one current, adopted and undone.

Rows never leave `db`: callers get `StoredRulesetLine` values.
"""

from __future__ import annotations

from dataclasses import dataclass

from db import models as m
from db.posses import today
from db.undo import undo_mark, undo_problem, undo_to
from rostermgr.errors import Refused
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


def history() -> list[StoredRulesetLine]:
    """Every ruleset the campaign has used, oldest first."""
    return [_line(r) for r in m.StoredRuleset.select().order_by(m.StoredRuleset.id)]


def by_hash() -> dict[str, StoredRulesetLine]:
    """The stored rulesets by hash (the newest row of a hash adopted twice)."""
    return {line.hash: line for line in history()}


def _insert(rules: Ruleset, mark: int, first: bool = False) -> None:
    from peewee import fn

    marks = {
        f"{model._meta.table_name}_mark": 0
        if first
        else model.select(fn.MAX(model.id)).scalar() or 0
        for model in (m.History, m.Ledger)
    }
    m.StoredRuleset.update(current=0).where(m.StoredRuleset.current == 1).execute()
    m.StoredRuleset.create(
        **marks,
        ruleset_id=rules.id,
        version=rules.version,
        hash=rules.hash,
        text=rules.text,
        adopted=today(),
        current=1,
        undo_mark=mark,
    )


def record_first(rules: Ruleset) -> None:
    """Record the ruleset a campaign without one is opened with; existing rows get its hash.

    Part of bringing the file to schema 3, so it is not an undo step: the undo log is off
    while it writes (like a migration), and no undo of an older game takes it back.
    """
    with m.database.atomic():
        if m.StoredRuleset.select().exists():
            return
        m.database.execute_sql("UPDATE undo_state SET active = 0")
        try:
            _insert(rules, undo_mark(m.database), first=True)
            for model in (m.Posse, m.Game, m.Upgrade):
                model.update(ruleset_hash=rules.hash).where(model.ruleset_hash.is_null()).execute()
        finally:
            m.database.execute_sql("UPDATE undo_state SET active = 1")


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


def undo_last_adoption() -> tuple[StoredRulesetLine, StoredRulesetLine, int]:
    """Take back the newest adoption and everything done since; returns it, the one current
    again, and how many later games were taken back with it.

    The first ruleset (recorded when the campaign was made or migrated) cannot be undone.
    """
    with m.database.atomic():
        rows = list(m.StoredRuleset.select().order_by(m.StoredRuleset.id.desc()).limit(2))
        if len(rows) < 2:
            raise Refused(
                "There is no adopted ruleset to undo: the campaign has only the ruleset it "
                "started with."
            )
        newest = rows[0]
        problem = undo_problem(m.database, newest.undo_mark)
        if problem:
            raise Refused(
                f"The adoption of {newest.ruleset_id} {newest.version} cannot be undone: "
                f"{problem}; nothing was changed."
            )
        games = m.Game.select().where(m.Game.undo_mark >= newest.undo_mark).count()
        undone = _line(newest)
        undo_to(m.database, newest.undo_mark)
        now = current()
        assert now is not None  # the row before it was current at the mark
    return undone, now, games


def changes_since_adoption() -> int:
    """How many changes were made after the newest adoption: undoing it takes them back too."""
    newest = m.StoredRuleset.select().order_by(m.StoredRuleset.id.desc()).first()
    if newest is None:
        return 0
    row = m.database.execute_sql(
        "SELECT MAX(seq) FROM undo_log WHERE statement = ?",
        (f'DELETE FROM "ruleset" WHERE rowid={newest.id}',),
    ).fetchone()
    if row[0] is None:
        return 0
    return int(
        m.database.execute_sql("SELECT COUNT(*) FROM undo_log WHERE seq > ?", row).fetchone()[0]
    )


def oldest_undoable_mark() -> int | None:
    """The undo log position no undo needs anything before: the oldest game or adoption."""
    from peewee import fn

    marks = [
        m.Game.select(fn.MIN(m.Game.undo_mark)).scalar(),
        m.StoredRuleset.select(fn.MAX(m.StoredRuleset.undo_mark))
        .where(m.StoredRuleset.id != m.StoredRuleset.select(fn.MIN(m.StoredRuleset.id)))
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
        for game_id, hash_ in m.Game.select(m.Game.id, m.Game.ruleset_hash).tuples()
    }


def upgrade_hashes() -> list[str | None]:
    """The ruleset hash of every upgrade, in the order of db.stats.upgrades (by id)."""
    return [h for (h,) in m.Upgrade.select(m.Upgrade.ruleset_hash).order_by(m.Upgrade.id).tuples()]


def row_marks() -> list[tuple[str, int, int]]:
    """Each ruleset's hash with the newest history and ledger row written before it, in order."""
    return list(
        m.StoredRuleset.select(
            m.StoredRuleset.hash, m.StoredRuleset.history_mark, m.StoredRuleset.ledger_mark
        )
        .order_by(m.StoredRuleset.id)
        .tuples()
    )
