"""Peewee models of the campaign file (DESIGN 4); rows never leave `db`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast

from peewee import (
    AutoField,
    BaseQuery,
    CharField,
    Database,
    DatabaseProxy,
    ForeignKeyField,
    IntegerField,
    Model,
    TextField,
)

# The campaign database the code running now works on: each use case binds its campaign's own
# (`bound`), so two campaigns open in one process never see each other's rows (issue 28).
# A context variable, so a worker thread starts with none bound and binds its own.
_BOUND: ContextVar[Database | None] = ContextVar("rostermgr_campaign_database", default=None)


class CampaignRouter(DatabaseProxy):
    """What the models are bound to: the database bound in the running context, else the
    one opened last (`initialize`), which only the store's own tests still lean on."""

    __slots__ = ("_opened_last",)
    # Whether only a bound database is used: a test sets it to show that the program itself
    # always says which campaign it works on (tests/services/test_two_campaigns.py).
    strict = False

    def __init__(self) -> None:
        object.__setattr__(self, "_opened_last", None)
        super().__init__()

    def __setattr__(self, attr: str, value: Any) -> None:
        # peewee's Proxy.initialize sets `obj`: that is the fallback here, never the bound one.
        object.__setattr__(self, "_opened_last" if attr == "obj" else attr, value)

    @property
    def obj(self) -> Database | None:
        """The database the models query now."""
        here = _BOUND.get()
        if here is not None or type(self).strict:
            return here
        return cast("Database | None", self._opened_last)


database = CampaignRouter()


@contextmanager
def bound(db: Database) -> Iterator[Database]:
    """Run the store's queries on `db` for the duration, whatever else is open in the process;
    nested bindings of other campaigns are undone in order."""
    token = _BOUND.set(db)
    try:
        yield db
    finally:
        _BOUND.reset(token)


def bound_database() -> Database | None:
    """The database bound in the running context, if any."""
    return _BOUND.get()


# What the low-level helpers (db.undo) work on: a database, or the proxy standing for the open
# campaign's (peewee's stubs give the proxy no methods of its own; it forwards them all).
Store = Database | DatabaseProxy

# Typing at the boundary. A foreign key `posse` also gives each row a `posse_id` attribute
# (the raw id, no query), which peewee adds when the class is built: each model below declares
# its own with a bare annotation (no value, so peewee never sees it; a type checker does).


def tuples(query: BaseQuery) -> Iterator[tuple[Any, ...]]:
    """The rows of `query` as plain tuples, for the callers to annotate.

    peewee's stubs type `.tuples()` as returning the query itself, whose rows are model
    objects; at run time they are tuples, the point of asking for them.
    """
    return cast("Iterator[tuple[Any, ...]]", iter(query.tuples()))


class BaseModel(Model):
    class Meta:
        database = database
        legacy_table_names = False


class SchemaVersion(BaseModel):
    version = IntegerField()


class StoredRuleset(BaseModel):
    """A ruleset the campaign has used (schema 3): its whole TOML text; one row is current."""

    id = AutoField()
    ruleset_id = CharField()
    version = CharField()
    hash = CharField()  # sha256 of `text`
    text = TextField()
    adopted = CharField()  # the date it became current
    current = IntegerField()  # 1 for the ruleset the campaign is read with, else 0
    undo_mark = IntegerField()  # undo_log position before it was adopted (`rules undo`)
    undo_end = IntegerField(null=True)  # its own last undo_log entry (schema 4; None before)
    # The newest history and ledger rows written before it became current: later rows were
    # written under it (statistics by ruleset).
    history_mark = IntegerField()
    ledger_mark = IntegerField()

    class Meta:
        table_name = "ruleset"


def current_ruleset_hash() -> str | None:
    """The hash of the campaign's current ruleset: what a new posse, game or flip was made under."""
    found: str | None = (
        StoredRuleset.select(StoredRuleset.hash).where(StoredRuleset.current == 1).scalar()
    )
    return found


class Game(BaseModel):
    id = AutoField()
    date = CharField()
    scenario = CharField()
    winner = CharField(null=True)  # a posse name as reported; posses may later be renamed
    notes = TextField(default="")
    report = TextField()  # the report as validated, JSON
    undo_mark = IntegerField()  # undo_log position before this game was applied
    last_history = IntegerField(default=0)  # the newest history row the game itself wrote
    undo_end = IntegerField(null=True)  # its own last undo_log entry (schema 4; None before)
    ruleset_hash = CharField(null=True, default=current_ruleset_hash)  # played under (schema 3)


class Posse(BaseModel):
    id = AutoField()
    name = CharField(unique=True)
    faction = CharField()
    ruleset_id = CharField()
    ruleset_version = CharField()
    created = CharField()
    ruleset_hash = CharField(null=True, default=current_ruleset_hash)  # made under (schema 3)
    owner = CharField(null=True)  # the player's role in a club campaign (schema 5)


class GamePosse(BaseModel):
    id = AutoField()  # what peewee gives a model that names no primary key
    game = ForeignKeyField(Game, on_delete="RESTRICT")
    posse = ForeignKeyField(Posse, on_delete="RESTRICT")
    game_id: int
    posse_id: int

    class Meta:
        indexes = ((("game", "posse"), True),)


class Member(BaseModel):
    id = AutoField()
    posse = ForeignKeyField(Posse, backref="members", on_delete="RESTRICT")
    posse_id: int
    name = CharField()
    role = CharField()
    status = CharField(default="active")
    injuries = IntegerField(default=0)
    flips = IntegerField(default=0)
    pending_card = CharField(null=True)
    position = IntegerField()

    class Meta:
        indexes = ((("posse", "name"), True),)


class MemberItem(BaseModel):
    id = AutoField()
    member = ForeignKeyField(Member, backref="items", on_delete="RESTRICT")
    member_id: int
    item = CharField()


class Upgrade(BaseModel):
    id = AutoField()
    member = ForeignKeyField(Member, backref="upgrades", on_delete="RESTRICT")
    member_id: int
    stat = CharField()
    card = CharField()
    game = ForeignKeyField(Game, null=True, on_delete="RESTRICT")
    game_id: int | None
    game_label = CharField(null=True)
    ruleset_hash = CharField(null=True, default=current_ruleset_hash)  # flipped under (schema 3)


class Ledger(BaseModel):
    id = AutoField()
    posse = ForeignKeyField(Posse, backref="ledger", on_delete="RESTRICT")
    posse_id: int
    amount = IntegerField()
    reason = TextField()
    kind = CharField()
    date = CharField()
    game = ForeignKeyField(Game, null=True, on_delete="RESTRICT")
    game_id: int | None
    game_label = CharField(null=True)  # kept when a posse moves between campaigns
    author = CharField(null=True)  # who made it, on a server: its role (schema 5)


class History(BaseModel):
    id = AutoField()
    posse = ForeignKeyField(Posse, backref="history", on_delete="RESTRICT")
    member = ForeignKeyField(Member, null=True, on_delete="RESTRICT")
    game = ForeignKeyField(Game, null=True, on_delete="RESTRICT")
    posse_id: int
    member_id: int | None
    game_id: int | None
    game_label = CharField(null=True)
    kind = CharField()
    text = TextField()  # the sentence a journal prints
    data = TextField(default="{}")  # JSON details
    date = CharField()
    author = CharField(null=True)  # who made it, on a server: its role (schema 5)


class DeckCard(BaseModel):
    """The shuffled virtual deck for `flip --draw`, top card first (R15)."""

    position = IntegerField(primary_key=True)
    card = CharField()


class PrintedCard(BaseModel):
    """What each printed roster card last showed, for `print cards --changed`."""

    key = CharField(primary_key=True)
    fingerprint = CharField()


class SubmittedReport(BaseModel):
    """A player's post-game report waiting for an arbitrator in a club campaign (schema 5)."""

    id = AutoField()
    posse = ForeignKeyField(Posse, on_delete="RESTRICT")  # the submitter's posse that played
    posse_id: int
    doc = TextField()  # the report as submitted, JSON
    submitted = CharField()  # YYYY-MM-DD
    status = CharField()  # waiting, applied or sent back (rostermgr.club)
    reason = TextField(null=True)  # why it was sent back
    game = ForeignKeyField(Game, null=True, on_delete="RESTRICT")  # the game it became
    game_id: int | None
    author = CharField(null=True)  # who submitted it: stamped by the server
    decided_by = CharField(null=True)  # the arbitrator who applied it or sent it back

    class Meta:
        table_name = "submitted_report"


# Every table whose rows are campaign state; the undo log tracks them in this order.
CAMPAIGN_TABLES: tuple[type[BaseModel], ...] = (
    Game,
    Posse,
    GamePosse,
    Member,
    MemberItem,
    Upgrade,
    Ledger,
    History,
    DeckCard,
    PrintedCard,
    StoredRuleset,
    SubmittedReport,
)
