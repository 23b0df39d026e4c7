"""A club campaign's roles, grants and row-level security on PostgreSQL (issue 29).

A club has two group roles of its own, named after its database: `DB:players` and
`DB:arbitrators`. Each player or arbitrator logs in with a role of their own that is a member
of one of them. What the groups may do is granted on the tables, and row-level security keeps a
player to the rows of their own posses:

- everyone in the club reads everything;
- players write the posses they own (`posse.owner` is their role), with their members, gear
  and upgrades, add lines to their history and ledger (never change one), write the shared
  flip deck and printed-card records, and submit post-game reports for their posses; they
  may not write games, rulesets, the schema or the undo log (its triggers write it as the
  campaign's owner: db.postgres_schema);
- arbitrators add and remove players through a function that runs as the owner, whom the
  server lets make roles (club_manage);
- arbitrators write everything.

A player's change to another's row is refused by the server: an insert names the policy it
breaks, an update or delete finds no row it may touch. The program asks rostermgr.club first,
so that a player meets a sentence, not the server's refusal.
"""

from __future__ import annotations

from dataclasses import dataclass

from peewee import Database

from db.models import CAMPAIGN_TABLES
from db.sql import run

# Tables a player writes, and which of their rows are the player's own: a posse they own, or a
# row that hangs from one (directly by posse_id, or through a member).
_OWN_POSSE = "posse_id IN (SELECT id FROM posse WHERE owner = current_user)"
_OWN_MEMBER = (
    "member_id IN (SELECT m.id FROM member m JOIN posse p ON p.id = m.posse_id "
    "WHERE p.owner = current_user)"
)
OWN_ROWS: dict[str, str] = {
    "posse": "owner = current_user",
    "member": _OWN_POSSE,
    "ledger": _OWN_POSSE,
    "history": _OWN_POSSE,
    "member_item": _OWN_MEMBER,
    "upgrade": _OWN_MEMBER,
}
SHARED = ("deck_card", "printed_card")  # the flip deck and the printed-card records
# A posse's books are new lines only (DESIGN 4: corrections are new entries, never edits): a
# player adds lines to their posse's ledger and history and changes none, or a player with
# psql could give their posse any purse (an entry's amount made larger, a purchase deleted).
# What the program takes back for them, their own undo, runs as the owner (club_undo_own).
APPEND_ONLY = ("ledger", "history")
MAX_NAME = 40  # of the database's name in its group roles' names (a role name has 63 bytes)


@dataclass(frozen=True)
class Groups:
    """The club's two group roles on this server."""

    players: str
    arbitrators: str


@dataclass(frozen=True)
class Member:
    """A role in the club: its name, its part (player or arbitrator) and how many posses it owns."""

    name: str
    part: str
    posses: int


def groups(db: Database) -> Groups:
    """The group role names of the club whose database `db` is connected to."""
    name = str(run(db, "SELECT current_database()").fetchone()[0])[:MAX_NAME]
    return Groups(f"{name}:players", f"{name}:arbitrators")


def _q(name: str) -> str:
    """A role name quoted as an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def _role_exists(db: Database, name: str) -> bool:
    return run(db, "SELECT 1 FROM pg_roles WHERE rolname = ?", (name,)).fetchone() is not None


def is_club(db: Database) -> bool:
    """Whether the campaign is a club campaign: its arbitrators' group exists."""
    return _role_exists(db, groups(db).arbitrators)


def seat(db: Database) -> tuple[str, str | None, bool]:
    """Who logged in (the session's role), their part in the club, and whether it is a club.

    A superuser and the campaign's owner are arbitrators, as the server lets them do anything.
    """
    me = str(run(db, "SELECT session_user").fetchone()[0])
    if not is_club(db):
        return me, None, False
    g = groups(db)
    row = run(
        db,
        "SELECT pg_has_role(session_user, ?, 'MEMBER'), pg_has_role(session_user, ?, 'MEMBER'), "
        "(SELECT rolsuper FROM pg_roles WHERE rolname = session_user), "
        "(SELECT tableowner = session_user FROM pg_tables WHERE tablename = 'posse' "
        "AND schemaname = current_schema())",
        (g.arbitrators, g.players),
    ).fetchone()
    if row[0] or row[2] or row[3]:
        return me, "arbitrator", True
    return me, ("player" if row[1] else None), True


def init_club(db: Database) -> Groups:
    """Make the campaign a club: its groups, their grants and the row-level security, with the
    caller as its first arbitrator. Call inside a transaction; a club already is left alone."""
    g = groups(db)
    for group in (g.players, g.arbitrators):
        if not _role_exists(db, group):
            run(db, f"CREATE ROLE {_q(group)} NOLOGIN")
    run(db, f"GRANT {_q(g.arbitrators)} TO session_user")
    everyone = f"{_q(g.players)}, {_q(g.arbitrators)}"
    run(db, f"GRANT USAGE ON SCHEMA {_schema(db)} TO {everyone}")
    tables = [model._meta.table_name for model in CAMPAIGN_TABLES]
    tables += ["schema_version", "undo_log", "undo_state"]
    for table in tables:
        run(db, f'GRANT SELECT ON "{table}" TO {everyone}')
        run(db, f'GRANT ALL ON "{table}" TO {_q(g.arbitrators)}')
    run(db, f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {_schema(db)} TO {_q(g.arbitrators)}")
    for table in (*OWN_ROWS, *SHARED):
        rights = "INSERT" if table in APPEND_ONLY else "INSERT, UPDATE, DELETE"
        run(db, f'GRANT {rights} ON "{table}" TO {_q(g.players)}')
    # Every write waits its turn by locking undo_state (db.postgres.begin_write), which takes
    # the UPDATE privilege; its row-level security lets a player change nothing there.
    run(db, f'GRANT UPDATE ON "undo_state" TO {_q(g.players)}')
    # A player submits a post-game report for a posse of theirs; an arbitrator decides it.
    run(db, f'GRANT INSERT ON "submitted_report" TO {_q(g.players)}')
    for table in (*OWN_ROWS, "undo_state", "submitted_report"):
        run(db, f'ALTER TABLE "{table}" ENABLE ROW LEVEL SECURITY')
        for policy in ("club_read", "club_arbitrate", "club_own"):
            run(db, f'DROP POLICY IF EXISTS {policy} ON "{table}"')
        run(db, f'CREATE POLICY club_read ON "{table}" FOR SELECT TO {everyone} USING (true)')
        run(
            db,
            f'CREATE POLICY club_arbitrate ON "{table}" FOR ALL TO {_q(g.arbitrators)} '
            "USING (true) WITH CHECK (true)",
        )
    for table, own in OWN_ROWS.items():
        run(
            db,
            f'CREATE POLICY club_own ON "{table}" FOR ALL TO {_q(g.players)} '
            f"USING ({own}) WITH CHECK ({own})",
        )
    run(
        db,
        f'CREATE POLICY club_own ON "submitted_report" FOR INSERT TO {_q(g.players)} '
        f"WITH CHECK ({_OWN_POSSE} AND status = 'waiting' AND game_id IS NULL "
        "AND decided_by IS NULL)",
    )
    _create_undo_own(db, g)
    _create_manage(db, g)
    return g


# Undo in a club's app (issue 29): the user's own changes after a mark, taken back as the
# campaign's owner (a player may not write the undo log), unless someone else has changed one
# of the posses they changed since (then nothing is done, and the refusal names who changed
# what); an arbitrator's `game undo` still takes back everything. The replayed statements log
# their own inverses, which are handed back for a redo.
UNDO_REFUSED = "RMU01"  # the SQLSTATE of that refusal; its message is the sentence
_UNDO_OWN = """
CREATE OR REPLACE FUNCTION club_undo_own(mark bigint) RETURNS text[] LANGUAGE plpgsql
SECURITY DEFINER SET search_path FROM CURRENT AS $body$
DECLARE
    me text := session_user;
    top bigint;
    clash record;
    entry record;
    redo text[];
BEGIN
    SELECT l.author, p.name INTO clash FROM undo_log l LEFT JOIN posse p ON p.id = l.posse
    WHERE l.seq > mark AND l.author <> me AND l.posse IN (
        SELECT posse FROM undo_log WHERE seq > mark AND author = me AND posse IS NOT NULL)
    ORDER BY l.seq DESC LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = '{code}', MESSAGE = format(
            '%s changed %s after you did, so your change was not undone; change it back '
            'yourself (sell what was bought, for example), or ask an arbitrator.',
            clash.author, COALESCE(clash.name, 'that posse'));
    END IF;
    IF NOT EXISTS (SELECT 1 FROM undo_log WHERE seq > mark AND author = me) THEN
        RAISE EXCEPTION USING ERRCODE = '{code}', MESSAGE =
            'Your change is no longer in the campaign''s undo log, so it was not undone; '
            'change it back yourself, or ask an arbitrator.';
    END IF;
    SELECT GREATEST(COALESCE(MAX(seq), 0), (SELECT MAX(issued) FROM undo_state)) INTO top
    FROM undo_log;
    FOR entry IN SELECT statement FROM undo_log WHERE seq > mark AND author = me
        ORDER BY seq DESC LOOP
        EXECUTE entry.statement;
    END LOOP;
    SELECT COALESCE(array_agg(statement ORDER BY seq), '{{}}') INTO redo FROM undo_log
    WHERE seq > top AND author = me;
    UPDATE undo_state SET issued = GREATEST(issued, (SELECT COALESCE(MAX(seq), 0) FROM undo_log));
    DELETE FROM undo_log WHERE seq > mark AND author = me;
    RETURN redo;
END $body$
"""


def _create_undo_own(db: Database, g: Groups) -> None:
    run(db, _UNDO_OWN.format(code=UNDO_REFUSED))
    run(db, "REVOKE ALL ON FUNCTION club_undo_own(bigint) FROM PUBLIC")
    run(db, f"GRANT EXECUTE ON FUNCTION club_undo_own(bigint) TO {_q(g.players)}")
    run(db, f"GRANT EXECUTE ON FUNCTION club_undo_own(bigint) TO {_q(g.arbitrators)}")


def undo_own(db: Database, mark: int) -> tuple[str, ...]:
    """A player's undo of their own changes after `mark`; the statements that redo it.

    Refused by the server (SQLSTATE UNDO_REFUSED, its message a sentence) when another has
    changed a posse they changed since. Call inside the write's transaction."""
    row = run(db, "SELECT club_undo_own(?)", (mark,)).fetchone()
    return tuple(row[0] or ())


def _schema(db: Database) -> str:
    return _q(str(run(db, "SELECT current_schema()").fetchone()[0]))


# Every arbitrator adds and removes players (DESIGN 4a), but making a role and granting the
# club's groups are the server's to allow, and it allows them to whoever made the groups (the
# campaign's owner, with CREATEROLE), not to an arbitrator it made. So the work is done by a
# function that runs as the owner, which only the club's arbitrators may call.
_MANAGE = """
CREATE OR REPLACE FUNCTION club_manage(who text, part text, secret text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $body$
DECLARE
    groups text[] := ARRAY[{players}, {arbitrators}];
    target text := CASE part WHEN 'player' THEN {players} WHEN 'arbitrator' THEN {arbitrators} END;
    made boolean := false;
    grp text;
BEGIN
    IF target IS NULL AND part <> 'out' THEN
        RAISE EXCEPTION 'club_manage: no such part %', part;
    END IF;
    IF target IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = who) THEN
        IF secret IS NULL THEN
            EXECUTE format('CREATE ROLE %I LOGIN', who);
        ELSE
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', who, secret);
        END IF;
        made := true;
    END IF;
    FOREACH grp IN ARRAY groups LOOP
        IF grp IS DISTINCT FROM target AND EXISTS (
            SELECT 1 FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.member
            JOIN pg_roles g ON g.oid = a.roleid WHERE r.rolname = who AND g.rolname = grp
        ) THEN
            EXECUTE format('REVOKE %I FROM %I', grp, who);
        END IF;
    END LOOP;
    IF target IS NOT NULL THEN
        EXECUTE format('GRANT %I TO %I', target, who);
    END IF;
    RETURN made;
END $body$
"""


def _create_manage(db: Database, g: Groups) -> None:
    run(db, _MANAGE.format(players=_literal(g.players), arbitrators=_literal(g.arbitrators)))
    run(db, "REVOKE ALL ON FUNCTION club_manage(text, text, text) FROM PUBLIC")
    run(db, f"GRANT EXECUTE ON FUNCTION club_manage(text, text, text) TO {_q(g.arbitrators)}")


def _manage(db: Database, name: str, part: str, password: str | None) -> bool:
    """club_manage where the club has it; a club made before it, as its owner can."""
    if run(db, "SELECT to_regprocedure('club_manage(text, text, text)')").fetchone()[0]:
        return bool(run(db, "SELECT club_manage(?, ?, ?)", (name, part, password)).fetchone()[0])
    g = groups(db)
    made = part != "out" and not _role_exists(db, name)
    if made:
        secret = f" PASSWORD {_literal(password)}" if password else ""
        run(db, f"CREATE ROLE {_q(name)} LOGIN{secret}")
    into = {"player": g.players, "arbitrator": g.arbitrators}.get(part)
    for group in (g.players, g.arbitrators):
        if group != into and _is_member(db, name, group):
            run(db, f"REVOKE {_q(group)} FROM {_q(name)}")
    if into is not None:
        run(db, f"GRANT {_q(into)} TO {_q(name)}")
    return made


def add(db: Database, name: str, part: str, password: str | None) -> bool:
    """Put the role `name` in the club as a player or an arbitrator (and out of the other
    part); the role is made, able to log in with `password`, when it does not exist yet.
    Returns whether it was made. Call inside a transaction."""
    return _manage(db, name, part, password)


def remove(db: Database, name: str) -> None:
    """Take the role `name` out of the club's groups (the role itself, which may log in to other
    databases, is kept, and so are its posses). Call inside a transaction."""
    _manage(db, name, "out", None)


def owner(db: Database) -> str:
    """The role that owns the campaign's tables: an arbitrator for as long as it owns them."""
    row = run(
        db,
        "SELECT tableowner FROM pg_tables WHERE tablename = 'posse' "
        "AND schemaname = current_schema()",
    ).fetchone()
    return str(row[0])


def _is_member(db: Database, name: str, group: str) -> bool:
    row = run(
        db,
        "SELECT 1 FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.member "
        "JOIN pg_roles g ON g.oid = a.roleid WHERE r.rolname = ? AND g.rolname = ?",
        (name, group),
    ).fetchone()
    return row is not None


def _literal(text: str) -> str:
    """A string literal for a statement that takes no parameters (CREATE ROLE's password)."""
    return "'" + text.replace("'", "''") + "'"


def members(db: Database) -> list[Member]:
    """Every role in the club, arbitrators first, each with how many posses it owns, by name.

    From PostgreSQL 16 the server gives whoever makes a role (the owner, making the groups) a
    membership of its own in it that only lets them manage it: that is no seat in the club.
    A role granted a group twice (by two grantors) is listed once."""
    g = groups(db)
    sixteen = int(run(db, "SHOW server_version_num").fetchone()[0]) >= 160000
    real = " AND (a.inherit_option OR a.set_option)" if sixteen else ""
    rows = run(
        db,
        "SELECT DISTINCT r.rolname, CASE WHEN g.rolname = ? THEN 'arbitrator' ELSE 'player' END "
        "AS part, (SELECT COUNT(*) FROM posse p WHERE p.owner = r.rolname) "
        "FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.member "
        f"JOIN pg_roles g ON g.oid = a.roleid WHERE g.rolname IN (?, ?){real} "
        "ORDER BY part, r.rolname",
        (g.arbitrators, g.arbitrators, g.players),
    ).fetchall()
    return [Member(str(name), str(part), int(count)) for name, part, count in rows]


def give(db: Database, posse: int, owner: str) -> None:
    """Make `owner` the player of the posse with id `posse`. Call inside a transaction."""
    run(db, "UPDATE posse SET owner = ? WHERE id = ?", (owner, posse))
