"""A club campaign (issue 29): each player keeps their own posse, the arbitrators keep the
games, and the PostgreSQL server itself enforces it (DESIGN 4a).

Every test runs against the suite's real server: the program's refusals are sentences, and the
same changes made as raw SQL by a player's own role are refused by the server.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.cli.test_game import D, L, kid_taken_out_by_wyatt, report
from tests.conftest import DALTON, LAWMEN, Cli


def _as(url: str, role: str) -> str:
    """The same database's URL as `role` (the test server trusts loopback logins)."""
    return url.replace("postgres@", f"{role}@", 1)


def _names() -> tuple[str, str]:
    """Two player roles of this test's own (roles are the whole server's, not a database's)."""
    tag = uuid.uuid4().hex[:8]
    return f"ann_{tag}", f"bob_{tag}"


@pytest.fixture
def club(postgres_url: str, tmp_path: Path) -> tuple[Cli, Cli, Cli, str, str]:
    """A club campaign: the arbitrator (the server's superuser, who made it), and two players,
    ann with The Dalton Boys and bob with the Last Hope Lawmen, each made by its player."""
    boss = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    said = boss.ok("club", "init", postgres_url).out
    assert "club campaign now, with postgres as its first arbitrator" in said
    ann_role, bob_role = _names()
    for role in (ann_role, bob_role):
        added = boss.ok("club", "add-player", postgres_url, role).out
        assert added.startswith(f"{role} is a player of the club now. Their new role's password")
    ann = Cli(_as(postgres_url, ann_role), tmp_path)  # type: ignore[arg-type]
    bob = Cli(_as(postgres_url, bob_role), tmp_path)  # type: ignore[arg-type]
    ann.new_posse(DALTON)
    bob.new_posse(LAWMEN)
    return boss, ann, bob, ann_role, bob_role


def _rows(url: str) -> dict[str, Any]:
    """Each campaign table's rows, to show a refusal changed nothing."""
    with psycopg.connect(url) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'public' ORDER BY 1"
            )
        ]
        return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall() for t in tables}


def test_each_player_keeps_their_own_posse_and_is_refused_another_in_a_sentence(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    boss, ann, _bob, ann_role, bob_role = club
    ann.ok("posse", "buy", D, "Ike Dalton", "whiskey")
    before = _rows(postgres_url)
    for args in (
        ("posse", "buy", L, "Wyatt", "whiskey"),
        ("posse", "rename", L, "Ann's Lawmen"),
        ("posse", "retire", L),
        ("posse", "sell", L, "Wyatt", "revolver"),
    ):
        result = ann(*args)
        assert result.code == 1, args
        assert result.err == (
            f"{L} belongs to {bob_role}, so only {bob_role} or an arbitrator may change it.\n"
        )
    assert _rows(postgres_url) == before
    # The arbitrator may change any posse.
    boss.ok("posse", "buy", L, "Wyatt", "whiskey")
    listed = json.loads(boss.ok("club", "players", postgres_url, "--json").out)
    assert listed == [
        {"name": "postgres", "part": "arbitrator", "posses": 0},
        {"name": ann_role, "part": "player", "posses": 1},
        {"name": bob_role, "part": "player", "posses": 1},
    ]


def test_only_an_arbitrator_records_undoes_games_and_adopts_rulesets(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str, tmp_path: Path
) -> None:
    boss, ann, _bob, _ann_role, _bob_role = club
    played = ann.file(kid_taken_out_by_wyatt(1))
    before = _rows(postgres_url)
    ruleset = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    changed = tmp_path / "changed.toml"
    changed.write_text(
        ruleset.read_text(encoding="utf-8").replace('version = "', 'version = "9', 1),
        encoding="utf-8",
    )
    result = ann("rules", "adopt", str(changed))
    assert result.code == 1
    assert result.err.startswith("Only an arbitrator adopts a ruleset in a club campaign")
    assert _rows(postgres_url) == before
    boss.ok("game", "record", played)
    result = ann("game", "apply", "1")
    assert (result.code, result.err) == (
        1,
        "Only an arbitrator records games in a club campaign; ask one to record this report.\n",
    )
    result = ann("game", "undo")
    assert result.code == 1 and result.err.startswith("Only an arbitrator undoes a game")
    boss.ok("game", "undo")


def test_every_history_line_and_ledger_entry_says_who_made_it(
    club: tuple[Cli, Cli, Cli, str, str],
) -> None:
    boss, ann, _bob, ann_role, _bob_role = club
    ann.ok("posse", "buy", D, "Ike Dalton", "whiskey")
    boss.ok("game", "record", ann.file(kid_taken_out_by_wyatt(1)))
    shown = json.loads(ann.ok("posse", "show", D, "--json").out)
    assert shown["owner"] == ann_role
    by = {(line["kind"], line["by"]) for line in shown["history"]}
    assert ("created", ann_role) in by and ("buy", ann_role) in by
    assert any(line["by"] == "postgres" and line["game"] == 1 for line in shown["history"])
    assert {entry["by"] for entry in shown["ledger"]} == {ann_role, "postgres"}


def test_a_player_s_raw_sql_on_another_posse_is_refused_by_the_server(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    _boss, _ann, _bob, ann_role, _bob_role = club
    before = _rows(postgres_url)
    with psycopg.connect(_as(postgres_url, ann_role), autocommit=True) as conn:
        lawmen = conn.execute("SELECT id FROM posse WHERE name = %s", (L,)).fetchone()[0]
        # An update or delete of another's rows finds none it may touch.
        assert conn.execute("UPDATE posse SET name = 'Mine' WHERE id = %s", (lawmen,)).rowcount == 0
        assert (
            conn.execute(
                "DELETE FROM member_item WHERE member_id IN "
                "(SELECT id FROM member WHERE posse_id = %s)",
                (lawmen,),
            ).rowcount
            == 0
        )
        assert (
            conn.execute(
                "UPDATE member SET posse_id = posse_id WHERE posse_id = %s", (lawmen,)
            ).rowcount
            == 0
        )
        # Nor may a player switch the undo log off, or give the log a statement to replay.
        assert conn.execute("UPDATE undo_state SET active = 0").rowcount == 0
        for statement in (
            f"INSERT INTO ledger (posse_id, amount, reason, kind, date) "
            f"VALUES ({lawmen}, -50, 'fine', 'correction', '2026-12-02')",
            "INSERT INTO undo_log (statement) VALUES ('DELETE FROM posse')",
            "INSERT INTO ruleset (ruleset_id, version, hash, text, adopted, current, undo_mark, "
            "history_mark, ledger_mark) VALUES ('x', '1', 'h', '', '2026-12-02', 1, 0, 0, 0)",
            "INSERT INTO game (date, scenario, notes, report, undo_mark, last_history) "
            "VALUES ('2026-12-02', 'other', '', '{}', 0, 0)",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
    assert _rows(postgres_url) == before


def test_a_player_s_own_change_by_raw_sql_is_logged_as_theirs(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    _boss, _ann, _bob, ann_role, _bob_role = club
    with psycopg.connect(_as(postgres_url, ann_role), autocommit=True) as conn:
        assert conn.execute("UPDATE posse SET name = 'Daltons' WHERE name = %s", (D,)).rowcount == 1
        seq, author = conn.execute(
            "SELECT seq, author FROM undo_log ORDER BY seq DESC LIMIT 1"
        ).fetchone()
    assert author == ann_role and seq > 0


def test_posses_are_made_for_players_and_given_by_arbitrators_only(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    boss, ann, bob, ann_role, bob_role = club
    request = dict(DALTON, name="The Younger Gang")
    result = ann("posse", "new", ann.file(request), "--for", bob_role)
    assert result.code == 1 and result.err.startswith("Only an arbitrator makes a posse for")
    boss.ok("posse", "new", boss.file(request), "--for", bob_role)
    bob.ok("posse", "rename", "The Younger Gang", "The Youngers")
    result = boss("posse", "new", boss.file(dict(request, name="X")), "--for", "nobody_here")
    assert result.code == 1 and "nobody_here is not a player of this club" in result.err
    result = ann("club", "give", _as(postgres_url, ann_role), "The Youngers", ann_role)
    assert result.code == 1 and result.err.startswith("Only an arbitrator adds or removes")
    assert boss.ok("club", "give", postgres_url, "The Youngers", ann_role).out == (
        f"The Youngers is {ann_role}'s posse now.\n"
    )
    ann.ok("posse", "rename", "The Youngers", "Ann's Youngers")
    result = bob("posse", "rename", "Ann's Youngers", "Back")
    assert result.code == 1 and result.err.startswith(f"Ann's Youngers belongs to {ann_role}")


def test_players_come_and_go_and_the_last_arbitrator_stays(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    boss, ann, _bob, ann_role, _bob_role = club
    result = boss("club", "remove-player", postgres_url, "postgres")
    assert result.code == 1 and "the club's only arbitrator, so they stay" in result.err
    result = ann("club", "add-player", _as(postgres_url, ann_role), "carl")
    assert result.code == 1 and result.err.startswith("Only an arbitrator adds or removes")
    assert boss.ok("club", "remove-player", postgres_url, ann_role).out == (
        f"{ann_role} is out of the club; their posses stay.\n"
    )
    result = ann("posse", "buy", D, "Ike Dalton", "whiskey")
    assert result.code == 1 and result.err.count("\n") == 1
    assert result.err.startswith("Your role may not read the club campaign")
    assert "it is not one of its players or arbitrators" in result.err
    # Back in as an arbitrator (the role exists: no new password), they may do everything.
    again = boss.ok("club", "add-arbitrator", postgres_url, ann_role).out
    assert again == f"{ann_role} is an arbitrator of the club now (with the password they have).\n"
    ann.ok("posse", "buy", L, "Wyatt", "whiskey")
    result = boss("club", "add-player", postgres_url, "Not A Name")
    assert result.code == 1 and "cannot be a player's name on the server" in result.err


def test_club_commands_need_a_club_campaign_on_a_server(postgres_url: str, tmp_path: Path) -> None:
    on_file = Cli(tmp_path / "c.sqlite3", tmp_path)
    result = on_file("club", "init", str(tmp_path / "c.sqlite3"))
    assert result.code == 1 and "is a campaign file; a club campaign lives on a PostgreSQL" in (
        result.err
    )
    result = on_file("posse", "new", on_file.file(DALTON), "--for", "ann")
    assert result.code == 1 and result.err.startswith("--for names a club's player")
    server = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    server.new_posse(DALTON)
    result = server("club", "players", postgres_url)
    assert result.code == 1 and "is not a club campaign" in result.err
    server.ok("club", "init", postgres_url)
    result = server("club", "init", postgres_url)
    assert result.code == 1 and "is a club campaign already" in result.err
    # A posse made before the club belongs to no player until an arbitrator gives it.
    assert json.loads(server.ok("posse", "show", D, "--json").out)["owner"] is None


def test_a_player_s_report_waits_for_an_arbitrator_who_applies_or_sends_it_back(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    boss, ann, bob, ann_role, bob_role = club
    said = ann.ok("game", "record", ann.file(kid_taken_out_by_wyatt(1))).out.splitlines()
    assert said[0] == (
        "Only an arbitrator records games in a club campaign, so your report was submitted for "
        "review as report 1; an arbitrator applies it with: rostermgr game apply 1"
    )
    assert json.loads(boss.ok("game", "list", "--json").out) == []  # no game yet
    # Both posses' players, and everyone in the club, see it waiting.
    waiting = json.loads(bob.ok("game", "reports", "--json").out)
    assert [(r["id"], r["by"], r["status"], r["posses"]) for r in waiting] == [
        (1, ann_role, "waiting", [D, L])
    ]
    assert "(submitted by " + ann_role + "; waiting)" in bob.ok("game", "reports").out
    # The arbitrator previews it as `game record --dry-run` would, then applies it.
    preview = boss.ok("game", "apply", "1", "--dry-run").out.splitlines()
    assert preview[0] == "Would record from report 1." and preview[1:] == said[1:]
    assert boss.ok("game", "apply", "1").out.splitlines()[0] == "Recorded game 1 from report 1."
    applied = json.loads(ann.ok("game", "reports", "--json").out)[0]
    assert (applied["status"], applied["game"], applied["decided_by"]) == ("applied", 1, "postgres")
    result = boss("game", "apply", "1")
    assert (result.code, result.err) == (1, "Report 1 was applied already: it is game 1.\n")
    # Undoing the game puts its report back, waiting.
    boss.ok("game", "undo")
    assert json.loads(ann.ok("game", "reports", "--json").out)[0]["status"] == "waiting"
    assert boss.ok("game", "send-back", "1", "Kid was not out of action").out == (
        f"Sent report 1 back to {ann_role}: Kid was not out of action\n"
    )
    back = json.loads(ann.ok("game", "reports", "--json").out)[0]
    assert (back["status"], back["reason"]) == ("sent back", "Kid was not out of action")
    result = boss("game", "apply", "1")
    assert result.code == 1 and result.err.startswith("Report 1 was sent back already")
    # A player whose posses did not play may not submit the game's report.
    boss.ok("posse", "new", boss.file(dict(DALTON, name="The Younger Gang")), "--for", bob_role)
    other = dict(report(2), posses=["The Younger Gang", L], winner=None)
    result = ann("game", "record", ann.file(other))
    assert result.code == 1 and result.err.startswith("None of The Younger Gang, Last Hope")


def test_a_player_s_send_back_is_refused_naming_the_send_back(
    club: tuple[Cli, Cli, Cli, str, str],
) -> None:
    _boss, ann, bob, _ann_role, _bob_role = club
    ann.ok("game", "record", ann.file(kid_taken_out_by_wyatt(1)))
    before = bob.ok("game", "reports", "--json").out
    result = bob("game", "send-back", "1", "Kid was never out")
    assert (result.code, result.err) == (
        1,
        "Only an arbitrator sends a report back in a club campaign; ask one to send it back, "
        "or submit a corrected report.\n",
    )
    assert bob.ok("game", "reports", "--json").out == before


def test_a_player_may_not_rewrite_who_made_a_line_of_their_posse_by_raw_sql(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    boss, ann, _bob, ann_role, _bob_role = club
    boss.ok("posse", "buy", D, "Slim", "whiskey")  # an arbitrator's line on ann's posse
    ann.ok("posse", "buy", D, "Kid", "whiskey")
    shown = json.loads(ann.ok("posse", "show", D, "--json").out)
    before = [line["by"] for line in shown["history"]]
    assert {"postgres", ann_role} <= set(before)
    with psycopg.connect(_as(postgres_url, ann_role), autocommit=True) as conn:
        for table in ("history", "ledger"):  # her books take new lines only
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(f"UPDATE {table} SET author = 'postgres'")
    shown = json.loads(ann.ok("posse", "show", D, "--json").out)
    assert [line["by"] for line in shown["history"]] == before
    assert boss.ok("check").code == 0


def test_a_club_made_before_the_author_was_kept_gets_it_at_an_arbitrator_s_next_command(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    boss, ann, _bob, _ann_role, _bob_role = club

    def kept() -> list[str]:
        with psycopg.connect(postgres_url) as conn:
            rows = conn.execute(
                "SELECT tgname FROM pg_trigger WHERE tgname LIKE 'keep_author_%' ORDER BY 1"
            ).fetchall()
        return [r[0] for r in rows]

    with psycopg.connect(postgres_url, autocommit=True) as conn:
        for table in ("history", "ledger", "submitted_report"):
            conn.execute(f'DROP TRIGGER "keep_author_{table}" ON "{table}"')  # as it was made
    ann.ok("posse", "list")  # a player may not make triggers: the campaign is used as it is
    assert kept() == []
    boss.ok("posse", "list")
    assert kept() == ["keep_author_history", "keep_author_ledger", "keep_author_submitted_report"]


def test_a_player_may_not_submit_or_decide_reports_for_others_by_raw_sql(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    _boss, ann, _bob, ann_role, _bob_role = club
    ann.ok("game", "record", ann.file(kid_taken_out_by_wyatt(1)))
    before = _rows(postgres_url)
    with psycopg.connect(_as(postgres_url, ann_role), autocommit=True) as conn:
        ids = dict(conn.execute("SELECT name, id FROM posse").fetchall())
        for statement in (
            "INSERT INTO submitted_report (posse_id, doc, submitted, status) "
            f"VALUES ({ids[L]}, '{{}}', '2026-12-02', 'waiting')",
            "INSERT INTO submitted_report (posse_id, doc, submitted, status, game_id) "
            f"VALUES ({ids[D]}, '{{}}', '2026-12-02', 'applied', NULL)",
            "UPDATE submitted_report SET status = 'applied'",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
    assert _rows(postgres_url) == before


def test_a_player_s_undo_takes_back_their_own_change_unless_another_touched_that_posse(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    from rostermgr.errors import Refused
    from rostermgr.rules_load import default_ruleset
    from services import posses
    from services.opening import for_server

    boss, ann, bob, ann_role, _bob_role = club
    rules = default_ruleset()
    with for_server(_as(postgres_url, ann_role), rules, editing=True) as c:
        before = _rows(postgres_url)
        mark = c.mark()
        posses.buy(c, D, "Ike Dalton", "whiskey")
        bought = _rows(postgres_url)
        bob.ok("posse", "buy", L, "Wyatt", "whiskey")  # another posse: no clash
        with_bob = _rows(postgres_url)
        redo = c.undo_to(mark)
        undone = _rows(postgres_url)
        # Ann's purchase is gone, Bob's stays: every table but the log is as before hers.
        for table in ("member_item", "ledger", "history"):
            mine = {r for r in undone[table]} - {r for r in with_bob[table]}
            assert not mine, table
            assert len(undone[table]) == len(with_bob[table]) - (
                len(bought[table]) - len(before[table])
            )
        c.redo(redo)
        assert _rows(postgres_url)["member_item"] == with_bob["member_item"]
        # An arbitrator's game with her posse since: her undo is refused, nothing done.
        mark = c.mark()
        posses.buy(c, D, "Ma Dalton", "whiskey")
        boss.ok("game", "record", boss.file(kid_taken_out_by_wyatt(1)))
        held = _rows(postgres_url)
        with pytest.raises(Refused) as refused:
            c.undo_to(mark)
        assert str(refused.value) == (
            f"postgres changed {D} after you did, so your change was not undone; change it back "
            "yourself (sell what was bought, for example), or ask an arbitrator."
        )
        assert _rows(postgres_url) == held
    assert ann_role in {r["by"] for r in json.loads(ann.ok("posse", "ledger", D, "--json").out)}


@pytest.fixture
def owned_club(postgres_url: str, tmp_path: Path) -> tuple[str, str, Cli]:
    """A club campaign as a club makes one: its database owned by a role that may make roles
    (CREATEROLE), not the server's superuser, who runs `club init` and so is its first
    arbitrator. Returns that role, the campaign's URL as it, and its command line."""
    tag = uuid.uuid4().hex[:8]
    owner = f"ike_{tag}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f'CREATE ROLE "{owner}" LOGIN CREATEROLE')
        conn.execute(f'ALTER DATABASE "{postgres_url.rsplit("/", 1)[1]}" OWNER TO "{owner}"')
        conn.execute(f'ALTER SCHEMA public OWNER TO "{owner}"')
    url = _as(postgres_url, owner)
    boss = Cli(url, tmp_path)  # type: ignore[arg-type]
    boss.new_posse(DALTON)
    boss.ok("club", "init", url)
    return owner, url, boss


def test_any_arbitrator_adds_and_removes_players_not_only_the_owner(
    owned_club: tuple[str, str, Cli], postgres_url: str, tmp_path: Path
) -> None:
    """DESIGN 4a: arbitrators manage players. The server lets only whoever made the club's
    groups make roles and grant them; a second arbitrator was refused by the server."""
    _owner, url, boss = owned_club
    cal, dan, eve = (f"{n}_{uuid.uuid4().hex[:8]}" for n in ("cal", "dan", "eve"))
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f'CREATE ROLE "{eve}" LOGIN')  # a role the server has already
    boss.ok("club", "add-arbitrator", url, cal)
    as_cal = _as(postgres_url, cal)
    second = Cli(as_cal, tmp_path)  # type: ignore[arg-type]
    assert second.ok("club", "add-player", as_cal, dan).out.startswith(
        f"{dan} is a player of the club now. Their new role's password"
    )
    second.ok("club", "add-player", as_cal, eve)
    listed = second.ok("club", "players", as_cal).out
    assert dan in listed and eve in listed
    assert second.ok("club", "remove-player", as_cal, dan).out == (
        f"{dan} is out of the club; their posses stay.\n"
    )
    assert dan not in second.ok("club", "players", as_cal).out
    # what the function does for an arbitrator, a player may not call
    as_eve = _as(postgres_url, eve)
    result = Cli(as_eve, tmp_path)("club", "add-player", as_eve, dan)  # type: ignore[arg-type]
    assert result.code == 1 and result.err.startswith("Only an arbitrator adds or removes")
    with (
        psycopg.connect(as_eve, autocommit=True) as conn,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):
        conn.execute("SELECT club_manage(%s, 'arbitrator', NULL)", (eve,))


def test_the_owner_is_listed_once_and_stays_an_arbitrator(
    owned_club: tuple[str, str, Cli],
) -> None:
    """From PostgreSQL 16 the server gives the maker of the club's groups a membership of its
    own in each: `club players` listed the owner as arbitrator twice and as a player, and
    `club remove-player OWNER` said they were out while they could still do everything."""
    owner, url, boss = owned_club
    boss.ok("club", "add-arbitrator", url, f"cal_{uuid.uuid4().hex[:8]}")
    listed = boss.ok("club", "players", url).out
    assert listed.count(owner) == 1, listed
    result = boss("club", "remove-player", url, owner)
    assert result.code == 1 and result.err == (
        f"{owner} owns the campaign on the server, which lets its owner do everything, so they "
        "stay an arbitrator; nothing changed.\n"
    )
    assert boss.ok("club", "players", url).out == listed


def test_a_player_adds_lines_to_their_books_and_changes_none_by_raw_sql(
    club: tuple[Cli, Cli, Cli, str, str], postgres_url: str
) -> None:
    """DESIGN 4: corrections are new entries, never edits. A player with psql made every
    purchase of their posse pay it (UPDATE ledger SET amount = amount + 1000), and `check`
    was clean; a deleted purchase would have done the same."""
    boss, ann, _bob, ann_role, _bob_role = club
    ann.ok("posse", "buy", D, "Kid", "whiskey")
    before = _rows(postgres_url)
    with psycopg.connect(_as(postgres_url, ann_role), autocommit=True) as conn:
        for statement in (
            "UPDATE ledger SET amount = amount + 1000",
            "DELETE FROM ledger",
            "UPDATE history SET text = 'nothing happened'",
            "DELETE FROM history",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
    assert _rows(postgres_url) == before
    # what the program does for her still works: a sale, her own undo of it, a new purchase
    ann.ok("posse", "sell", D, "Kid", "whiskey")
    ann.ok("posse", "buy", D, "Kid", "whiskey")
    assert boss.ok("check").code == 0
