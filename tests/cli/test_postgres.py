"""The same campaign on a PostgreSQL server (issue 28): commands, undo, check, copy, faults.

Each story runs on a campaign file and on a database of the test server, and must say the
same on both. `campaign copy` carries a campaign grown by random commands to the server and
back, and the copy is exact both ways.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli import main
from db.connection import open_campaign
from db.copy import read_campaign
from db.postgres import open_server
from tests.cli.test_game import D, L, kid_taken_out_by_wyatt, report
from tests.conftest import DALTON, LAWMEN, Cli
from tests.postgres import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def _same_words(text: str, cli: Cli) -> str:
    return text.replace(str(cli.db), "CAMPAIGN")


def story(cli: Cli) -> list[str]:
    """Posses, purchases, games, flips, an undo and check: what each step printed."""
    said = []
    for doc in (DALTON, LAWMEN):
        said.append(cli.ok("posse", "new", cli.file(doc)).out)
    said.append(cli.ok("posse", "buy", D, "Ike Dalton", "whiskey").out)
    said.append(cli.ok("posse", "sell", D, "Kid", "pistol").out)
    said.append(cli.ok("game", "record", cli.file(kid_taken_out_by_wyatt(1))).out)
    said.append(cli.ok("game", "record", cli.file(report(2))).out)
    said.append(cli.ok("game", "undo").out)
    said.append(cli.ok("game", "list").out)
    said.append(cli.ok("posse", "show", D, "--json").out)
    said.append(cli.ok("posse", "show", L).out)
    said.append(cli.ok("posse", "rename", L, "The Law").out)
    said.append(cli.ok("posse", "ledger", D).out)
    result = cli("check")
    assert result.code == 0, result.out + result.err
    said.append(_same_words(result.out, cli))
    return said


def test_the_same_story_says_the_same_on_both_engines(
    tmp_path: Path, postgres_url: str, _isolated_backups: Path
) -> None:
    on_file = story(Cli(tmp_path / "c.sqlite3", tmp_path))
    server = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    on_server = story(server)
    # Who made each line is the server's role there (issue 29); a file has no roles.
    assert '"by": "postgres"' in on_server[8] and '"by": null' in on_file[8]
    assert '"by": null' not in on_server[8] and '"by": "' not in on_file[8]
    on_server[8] = on_server[8].replace('"by": "postgres"', '"by": null')
    assert on_server == on_file
    # The server campaign was backed up hourly, before its first game: campaign files.
    name = postgres_url.rsplit("/", 1)[1]
    server.ok("backup")
    made = sorted(_isolated_backups.glob(f"{name}-*/*.sqlite3"))
    assert len(made) >= 2, made
    # The backup made now holds both posses (the hourly one, before the second, held one).
    held = [Cli(path, tmp_path).ok("posse", "list").out.count("\n") for path in made]
    assert held[0] == 1 and held[-1] == 2
    listed = server.ok("backup", "--list").out
    assert all(str(path) in listed for path in made)


def test_a_game_recorded_after_an_undo_gets_the_undone_number(cli: Cli) -> None:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    cli.ok("game", "record", cli.file(report(1)))
    cli.ok("game", "record", cli.file(report(2)))
    cli.ok("game", "undo")
    cli.ok("game", "record", cli.file(report(3)))
    games = json.loads(cli.ok("game", "list", "--json").out)
    assert [g["id"] for g in games] == [1, 2]


def test_a_read_of_an_empty_database_is_refused_and_makes_nothing(
    postgres_url: str, tmp_path: Path
) -> None:
    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    result = cli("posse", "list")
    assert result.code == 1
    assert "holds no campaign yet" in result.err and "Traceback" not in result.err
    import psycopg

    with psycopg.connect(postgres_url) as conn:
        tables = conn.execute("SELECT COUNT(*) FROM pg_tables WHERE schemaname='public'")
        assert tables.fetchone() == (0,)


def test_take_over_is_said_to_do_nothing_on_a_server(
    postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    result = main(["--take-over", "--db", postgres_url, "posse", "new", cli.file(DALTON)])
    assert result == 0
    assert "--take-over does nothing" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("postgresql://postgres:s3cret@127.0.0.1:{closed}/x", "Cannot reach the PostgreSQL server"),
        ("postgresql://postgres:s3cret@127.0.0.1:{port}/no_such_db", "There is no such database"),
        ("postgresql://nobody_here:s3cret@127.0.0.1:{port}/postgres", "does not know that user"),
        # A URL the driver cannot use is a typo to correct, not an internal error; the part
        # it quotes may be the password, which is never said.
        ("postgresql://postgres:s3cret@127.0.0.1:99999/x", "does not accept that address"),
        ("postgresql://postgres:s3cret%zz@127.0.0.1:{port}/x", "does not accept that address"),
        ("postgresql://postgres:s3cret@127.0.0.1:{port}/x?sslmode=bogus", "does not accept"),
        ("postgresql://postgres:s3cret@127.0.0.1:{port}/x?bogus=1", "does not accept"),
        ("postgresql://postgres:s3cret@127.0.0.1:{port}/x?password=s3cret&no=1", "not accept"),
    ],
)
def test_a_server_fault_is_one_sentence_naming_the_server_without_its_password(
    postgres_server: PostgresServer, tmp_path: Path, url: str, words: str
) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    given = url.format(port=postgres_server.port, closed=closed)
    cli = Cli(given, tmp_path)  # type: ignore[arg-type]
    result = cli("posse", "new", cli.file(DALTON))
    assert result.code == 1
    assert words in result.err, result.err
    assert "s3cret" not in result.err and "Traceback" not in result.err
    assert result.err.count("\n") == 1
    assert "127.0.0.1" in result.err


def test_a_host_that_does_not_resolve_is_said_to_be_out_of_reach(tmp_path: Path) -> None:
    # A mistyped host name, or no network to look it up on: the app offers its backup then.
    given = "postgresql://postgres:s3cret@no-such-host.invalid/x"
    cli = Cli(given, tmp_path)  # type: ignore[arg-type]
    result = cli("posse", "list")
    assert result.code == 1
    assert result.err.startswith("Cannot reach the PostgreSQL server"), result.err
    assert "s3cret" not in result.err and result.err.count("\n") == 1


def test_a_server_that_is_not_postgresql_is_said_so(tmp_path: Path) -> None:
    import socket
    import threading

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)

        def answer_nonsense() -> None:
            conn, _ = listener.accept()
            with conn:
                conn.recv(1024)
                conn.sendall(b"garbage, not the PostgreSQL protocol\n")

        thread = threading.Thread(target=answer_nonsense, daemon=True)
        thread.start()
        given = f"postgresql://postgres@127.0.0.1:{listener.getsockname()[1]}/x"
        result = Cli(given, tmp_path)("posse", "list")  # type: ignore[arg-type]
        thread.join(timeout=10)
    assert result.code == 1
    assert result.err.startswith(f"What answered at {given} is not a PostgreSQL server")
    assert result.err.count("\n") == 1 and "internal error" not in result.err


def test_a_server_with_no_connection_to_spare_or_a_role_not_let_in_is_said_so(
    postgres_campaign_url: str, tmp_path: Path
) -> None:
    # Both were internal errors: libpq hands over no SQLSTATE for a refused connection.
    import uuid

    import psycopg

    role = "full_" + uuid.uuid4().hex[:8]
    with psycopg.connect(postgres_campaign_url, autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} NOLOGIN")
        as_role = postgres_campaign_url.replace("postgres@", f"{role}@", 1)
        result = Cli(as_role, tmp_path)("posse", "list")  # type: ignore[arg-type]
        assert result.code == 1 and result.err.count("\n") == 1, result.err
        assert result.err.startswith(f"The PostgreSQL server {as_role} refused the connection")
        assert f'role "{role}" is not permitted to log in' in result.err
        admin.execute(f"ALTER ROLE {role} LOGIN")
        taken: list[Any] = []
        try:
            while True:  # every slot a role without SUPERUSER may have
                taken.append(psycopg.connect(as_role))
        except psycopg.OperationalError:
            pass
        try:
            result = Cli(as_role, tmp_path)("posse", "list")  # type: ignore[arg-type]
        finally:
            for conn in taken:
                conn.close()
        admin.execute(f"DROP ROLE {role}")
    assert result.code == 1 and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"The PostgreSQL server {as_role} has no connection to spare")


def test_a_read_only_server_campaign_is_read_and_a_write_is_refused_in_a_sentence(
    postgres_campaign_url: str, tmp_path: Path
) -> None:
    # A standby, or a database its administrator made read-only: a write said "Another
    # program is writing to postgresql:/..." (the file's words, of a path made of the URL).
    import psycopg

    cli = Cli(postgres_campaign_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    name = postgres_campaign_url.rsplit("/", 1)[1]
    with psycopg.connect(postgres_campaign_url, autocommit=True) as admin:
        # made before the newest trigger: the owner's open would add it, but may not here
        admin.execute('DROP TRIGGER "keep_author_history" ON "history"')
        admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    before = _read(postgres_campaign_url)
    assert D in cli.ok("posse", "list").out
    for args in (("posse", "buy", D, "Ike Dalton", "whiskey"), ("posse", "rename", D, "Gang")):
        result = cli(*args)
        assert result.code == 1 and result.err.count("\n") == 1, result.err
        assert result.err.startswith(
            f"The PostgreSQL server {postgres_campaign_url} lets the campaign be read but not "
            "changed"
        ), result.err
    assert _read(postgres_campaign_url) == before


def test_the_driver_s_own_warnings_never_reach_the_user() -> None:
    # Seen on Ctrl+C under a SIGSTOPped server: two lines of psycopg's before the sentence.
    import logging
    import subprocess
    import sys

    warn = (
        "import logging, db.postgres; "
        "logging.getLogger('psycopg').warning('query cancellation failed: cancellation timeout')"
    )
    done = subprocess.run(
        [sys.executable, "-c", warn], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stderr == "" and done.stdout == ""
    assert logging.getLogger("psycopg").handlers  # in this process too


# --- campaign copy ---------------------------------------------------------------------------

STEPS = st.lists(
    st.sampled_from(["buy", "sell", "game", "undo", "rename", "flip"]), min_size=0, max_size=8
)


def grow(cli: Cli, steps: list[str]) -> None:
    """A campaign made by random commands; a refused one (nothing to undo) changes nothing."""
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    games = 0
    for i, step in enumerate(steps):
        if step == "buy":
            cli("posse", "buy", D, "Ike Dalton", "whiskey")
        elif step == "sell":
            cli("posse", "sell", D, "Ike Dalton", "whiskey")
        elif step == "game" and games < 8:
            games += 1
            cli("game", "record", cli.file(kid_taken_out_by_wyatt(games)))
        elif step == "undo":
            cli("game", "undo")
        elif step == "rename":
            cli("posse", "rename-member", L, "Wyatt", f"Wyatt {i}")
        elif step == "flip":
            cli("flip", L, f"Wyatt {i - 1}" if i else "Wyatt", "--card", "7H")


def _read(given: str) -> Any:
    db = open_server(given) if given.startswith("postgresql") else open_campaign(Path(given))
    try:
        with db.atomic():
            return read_campaign(db)
    finally:
        db.close()


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS)
def test_copy_to_the_server_and_back_is_exact(
    postgres_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory, steps: list[str]
) -> None:
    tmp = tmp_path_factory.mktemp("copy")
    name = postgres_server.create_database()
    try:
        url = postgres_server.url(name)
        source = Cli(tmp / "home.sqlite3", tmp)
        grow(source, steps)
        there = source.ok("campaign", "copy", str(source.db), url)
        assert re.match(r"Copied .* to postgresql://postgres@127\.0\.0\.1:\d+/\w+: ", there.out)
        back = tmp / "back.sqlite3"
        source.ok("campaign", "copy", url, str(back))
        original = _read(str(source.db))
        assert _read(url) == original
        assert _read(str(back)) == original
        # The copy is the same campaign: its undo reaches as far back, on the server too.
        server = Cli(url, tmp)  # type: ignore[arg-type]
        assert server("check").code == 0
        file_undo, server_undo = source("game", "undo"), server("game", "undo")
        assert server_undo.code == file_undo.code
        if file_undo.code == 0:
            assert _read(url)[0] == _read(str(source.db))[0]
    finally:
        postgres_server.drop_database(name)


def test_copy_into_a_campaign_that_is_not_empty_is_refused_and_changes_nothing(
    postgres_url: str, tmp_path: Path
) -> None:
    home = Cli(tmp_path / "home.sqlite3", tmp_path)
    home.new_posse(DALTON)
    other = Cli(tmp_path / "other.sqlite3", tmp_path)
    other.new_posse(LAWMEN)
    before = (tmp_path / "other.sqlite3").read_bytes()
    result = home("campaign", "copy", str(home.db), str(other.db))
    assert result.code == 1 and "is not empty" in result.err
    assert (tmp_path / "other.sqlite3").read_bytes() == before
    home.ok("campaign", "copy", str(home.db), postgres_url)
    again = home("campaign", "copy", str(home.db), postgres_url)
    assert again.code == 1 and "is not empty" in again.err
    assert _read(postgres_url) == _read(str(home.db))


def _lost_race() -> Exception:
    """What peewee raises when PostgreSQL rolls back a transaction that lost a race."""
    import peewee
    import psycopg.errors

    try:
        raise psycopg.errors.SerializationFailure("could not serialize access")
    except psycopg.errors.SerializationFailure as cause:
        try:
            raise peewee.OperationalError("could not serialize access") from cause
        except peewee.OperationalError as wrapped:
            return wrapped


def test_a_write_that_loses_a_race_runs_again_and_is_saved_once(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import db.postgres
    import services.campaign

    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    real = db.postgres.begin_write
    losses = [1]

    def first_loses(database: Any) -> None:
        real(database)
        if losses:
            losses.pop()
            raise _lost_race()

    entries = len(json.loads(cli.ok("posse", "show", D, "--json").out)["ledger"])
    monkeypatch.setattr(services.campaign, "begin_write", first_loses)
    said = cli.ok("posse", "buy", D, "Ike Dalton", "whiskey").out
    assert said.startswith("Bought whiskey") and not losses
    ledger = json.loads(cli.ok("posse", "show", D, "--json").out)["ledger"]
    assert len(ledger) == entries + 1


def test_a_write_after_an_adoption_by_another_is_made_under_the_adopted_ruleset(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command reads the campaign's ruleset when it opens it; an adoption another player
    commits while the command waits for its turn to write is the ruleset it writes under
    (the club night found purchases at the old price after an adoption)."""
    import db.postgres
    import services.campaign

    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    shipped = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    text = shipped.read_text(encoding="utf-8").replace('version = "', 'version = "9', 1)
    dearer = tmp_path / "dearer.toml"
    dearer.write_text(text.replace("heals = 2\nprice = 4", "heals = 2\nprice = 6"), "utf-8")
    real = db.postgres.begin_write
    adoptions = [dearer]

    def adopted_meanwhile(database: Any) -> None:
        if adoptions:  # another player's adoption, committed before this write's turn
            other = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
            other.ok("rules", "adopt", str(adoptions.pop()))
        real(database)

    monkeypatch.setattr(services.campaign, "begin_write", adopted_meanwhile)
    said = cli.ok("posse", "buy", D, "Ike Dalton", "hooch").out
    assert said.startswith("Bought hooch for Ike Dalton: -$6.") and not adoptions
    entry = json.loads(cli.ok("posse", "show", D, "--json").out)["ledger"][-1]
    assert (entry["reason"], entry["amount"]) == ("Bought hooch for Ike Dalton", -6)


def test_a_write_that_keeps_losing_is_refused_in_a_sentence_and_changes_nothing(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import services.campaign

    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    before = _read(postgres_url)

    def always_loses(database: Any) -> None:
        raise _lost_race()

    monkeypatch.setattr(services.campaign, "begin_write", always_loses)
    result = cli("posse", "buy", D, "Ike Dalton", "whiskey")
    assert result.code == 1
    assert "tried 4 times" in result.err and "nothing was changed" in result.err
    assert result.err.count("\n") == 1
    monkeypatch.undo()
    assert _read(postgres_url) == before


def test_a_server_campaign_is_restored_from_a_backup_only_when_told_what_it_replaces(
    postgres_url: str, tmp_path: Path
) -> None:
    server = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    server.new_posse(DALTON)
    said = server.ok("backup").out
    match = re.fullmatch(r"Backed up postgresql://\S+ to (\S+\.sqlite3)\.\n", said)
    assert match, said
    backup = match[1]
    server.new_posse(LAWMEN)
    server.ok("game", "record", server.file(report(1)))
    before = _read(postgres_url)
    asked = server("restore", backup)  # no terminal to ask on, and no --yes
    assert asked.code == 1
    assert asked.err == (
        f"Restoring {backup} replaces the whole campaign on {server.db} (2 posses and 1 game) "
        "with the backup's (1 posse and 0 games); nothing was changed: add --yes to do it.\n"
    )
    assert _read(postgres_url) == before
    done = server.ok("restore", backup, "--yes").out
    assert done.startswith(f"Restored the campaign on {server.db} from {backup}. What it replaced")
    assert _read(postgres_url) == _read(backup)
    assert server.ok("posse", "list").out.startswith(D)
    saved = done.rsplit(" was backed up to ", 1)[1].removesuffix(".\n")
    assert _read(saved) == before
    assert server("check").code == 0


def test_a_connection_lost_in_the_middle_of_a_write_is_one_sentence_and_writes_nothing(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    import services.campaign

    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    before = _read(postgres_url)
    real = services.campaign.begin_write

    def cut_off(database: Any) -> None:
        real(database)
        pid = database.execute_sql("SELECT pg_backend_pid()").fetchone()[0]
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))

    monkeypatch.setattr(services.campaign, "begin_write", cut_off)
    result = cli("posse", "buy", D, "Ike Dalton", "whiskey")
    assert result.code == 1
    assert result.err.startswith(f"The connection to the PostgreSQL server {postgres_url} was lost")
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    monkeypatch.undo()
    assert _read(postgres_url) == before


def test_a_network_lost_in_the_middle_of_a_command_is_noticed_within_half_a_minute(
    postgres_campaign_url: str,
) -> None:
    # A network that goes away sends no word: TCP alone would keep the command waiting for
    # some 15 minutes, or for ever while it waits for an answer (seen with a veth link set down
    # under a write). The campaign's connection and the app's listener ask libpq to give up on
    # a silent peer: keepalive probes while waiting, a limit on unacknowledged data.
    from db.live import listener

    db = open_server(postgres_campaign_url)
    listening = listener(db)
    try:
        for conn in (db.connection(), listening._conn):
            asked = conn.info.get_parameters()
            assert asked["keepalives"] == "1"
            silent = int(asked["keepalives_idle"])
            silent += int(asked["keepalives_interval"]) * int(asked["keepalives_count"])
            assert silent <= 30  # seconds, as the README says
            assert int(asked["tcp_user_timeout"]) <= 30_000
    finally:
        listening.close()
        db.close()


def test_each_undo_log_entry_on_the_server_says_who_made_it_and_when(
    postgres_url: str, tmp_path: Path
) -> None:
    import psycopg

    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    cli.ok("posse", "buy", D, "Ike Dalton", "whiskey")
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute(
            "SELECT author, made > now() - interval '5 minutes' FROM undo_log"
        ).fetchall()
    assert rows and set(rows) == {("postgres", True)}


def test_a_libpq_service_name_names_the_server_campaign(
    postgres_server: PostgresServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = postgres_server.create_database()
    try:
        services_file = tmp_path / "pg_service.conf"
        services_file.write_text(
            f"[club]\nhost=127.0.0.1\nport={postgres_server.port}\ndbname={name}\nuser=postgres\n"
        )
        monkeypatch.setenv("PGSERVICEFILE", str(services_file))
        cli = Cli("service=club", tmp_path)  # type: ignore[arg-type]
        cli.new_posse(DALTON)
        assert cli.ok("posse", "list").out.startswith(D)
        assert cli.ok("check").out == "No problems found in the PostgreSQL service 'club'.\n"
        assert _read(postgres_server.url(name))[0]["posse"]
    finally:
        postgres_server.drop_database(name)


def test_the_server_schema_has_the_file_schema_s_tables_and_columns(postgres_url: str) -> None:
    """The frozen schema 4 on PostgreSQL is SQLite's schema 4 (plus each table's rowid, and the
    undo log's author and time): a later version must change both alike."""
    import psycopg
    from peewee import SqliteDatabase

    from db.schema import MIGRATIONS

    db = SqliteDatabase(":memory:")
    for step in sorted(MIGRATIONS):
        MIGRATIONS[step](db)
    on_file = {
        t: [r[1] for r in db.execute_sql(f'PRAGMA table_info("{t}")').fetchall()]
        for (t,) in db.execute_sql(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
    }
    db.close()
    open_server(postgres_url).close()
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position"
        ).fetchall()
    on_server: dict[str, list[str]] = {}
    for table, column in rows:
        on_server.setdefault(table, []).append(column)
    extra = {"undo_log": ["author", "made", "posse"], "undo_state": ["issued"]}
    assert set(on_server) == set(on_file)
    for table, columns in on_file.items():
        server_columns = [c for c in on_server[table] if c != "rowid"]
        assert sorted(server_columns) == sorted(columns + extra.get(table, [])), table


def test_every_later_schema_version_has_its_server_step() -> None:
    from db.postgres import SERVER_MIGRATIONS
    from db.postgres_schema import FIRST_VERSION
    from db.schema import latest

    assert set(SERVER_MIGRATIONS) == set(range(FIRST_VERSION + 1, latest() + 1))


def test_a_server_campaign_is_backed_up_then_migrated_step_by_step(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _isolated_backups: Path
) -> None:
    import db.postgres

    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)

    def v6(database: Any) -> None:
        database.execute_sql('ALTER TABLE "posse" ADD COLUMN "motto" TEXT')

    steps = {**db.postgres.SERVER_MIGRATIONS, 6: v6}
    monkeypatch.setattr(db.postgres, "SERVER_MIGRATIONS", steps)
    monkeypatch.setattr(db.postgres, "latest", lambda: 6)
    migrated = open_server(postgres_url)
    try:
        versions = [r[0] for r in migrated.execute_sql("SELECT version FROM schema_version")]
        assert versions == [1, 2, 3, 4, 5, 6]
        # The new column is logged like the others: an update of it can be undone.
        migrated.execute_sql("UPDATE posse SET motto = 'Ride' WHERE id = 1")
        last = migrated.execute_sql("SELECT statement FROM undo_log ORDER BY seq DESC LIMIT 1")
        assert '"motto"=NULL' in last.fetchone()[0]
    finally:
        migrated.close()
    name = postgres_url.rsplit("/", 1)[1]
    made = list(_isolated_backups.glob(f"{name}-*/*before-schema6.sqlite3"))
    assert len(made) == 1
    assert Cli(made[0], tmp_path).ok("posse", "list").out.startswith(D)


def test_every_use_case_on_a_server_reads_one_serializable_moment(
    postgres_url: str, tmp_path: Path
) -> None:
    from rostermgr.rules_load import default_ruleset
    from services.campaign import Campaign, in_campaign
    from services.opening import for_server

    query = (
        "SELECT current_setting('transaction_isolation'), "
        "current_setting('transaction_read_only'), txid_current_if_assigned() IS NULL"
    )

    @in_campaign
    def reads(c: Campaign) -> tuple[Any, ...]:
        return tuple(c.db.execute_sql(query).fetchone())

    @in_campaign
    def reads_then_writes(c: Campaign) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        before = tuple(c.db.execute_sql(query).fetchone())
        with c.edit():
            during = tuple(
                c.db.execute_sql(
                    "SELECT current_setting('transaction_isolation'), "
                    "current_setting('transaction_read_only')"
                ).fetchone()
            )
        return before, during

    Cli(postgres_url, tmp_path).new_posse(DALTON)  # type: ignore[arg-type]
    with for_server(postgres_url, default_ruleset(), editing=True) as c:
        assert reads(c) == ("serializable", "on", True)
        assert reads_then_writes(c) == (("serializable", "on", True), ("serializable", "off"))
        assert not c.db.in_transaction()


def test_an_internal_error_never_logs_nor_says_a_server_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from services import crashlog

    monkeypatch.setattr(crashlog, "log_dir", lambda: tmp_path / "logs")
    fault = RuntimeError(
        "failed on postgresql://ike:dalton1857@club.example.org/lhf and "
        "host=club password=dalton1857 dbname=lhf"
    )
    said = crashlog.sentence(fault)
    logged = (tmp_path / "logs" / "errors.log").read_text()
    assert "dalton1857" not in said and "dalton1857" not in logged
    assert "postgresql://ike@club.example.org/lhf" in said


def test_a_server_backup_that_cannot_be_written_refuses_the_game_in_a_sentence(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    import peewee

    import db.copy

    cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    before = _read(postgres_url)

    def full(database: Any, target: Path) -> None:
        try:
            raise sqlite3.OperationalError("database or disk is full")
        except sqlite3.OperationalError as cause:
            raise peewee.OperationalError("database or disk is full") from cause

    from db.backup import list_backups

    for made in list_backups(cli.backups_name()):
        made.path.unlink()  # the backup before the game is due
    monkeypatch.setattr(db.copy, "write_file", full)
    result = cli("game", "record", cli.file(report(1)))
    assert result.code == 1
    assert result.err.startswith("Cannot make the backup before recording the game: the disk")
    assert "is full, so nothing was changed" in result.err
    assert result.err.count("\n") == 1
    monkeypatch.undo()
    assert _read(postgres_url) == before


def test_a_server_backup_on_a_nearly_full_disk_is_made_whole_or_said_full(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A real small disk: when the room runs out at the copy's COMMIT, SQLite ends the
    # transaction itself and peewee's rollback fails too; that must not hide the full disk
    # ("make that folder writable" was said of a folder that was writable and full).
    import subprocess

    from tests.cli.test_fault_sentences import _leave_free
    from tests.disks import mount_tmpfs

    disk = tmp_path / "small-disk"
    if not mount_tmpfs(disk, "1M"):
        pytest.skip("cannot mount a tmpfs here (not root, or no mount permission)")
    try:
        monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(disk / "backups"))
        cli = Cli(postgres_url, tmp_path)  # type: ignore[arg-type]
        cli.new_posse(DALTON)
        cli.new_posse(LAWMEN)
        for free_kib in range(0, 240, 16):
            _leave_free(disk, free_kib)
            result = cli("backup")
            if result.code == 0:
                continue
            assert result.err.startswith("Cannot make the backup: the disk holding"), result.err
            assert "is full, so nothing was changed" in result.err
            assert result.err.count("\n") == 1
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_server_url_s_scheme_is_read_in_any_case(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """URL schemes are case-insensitive (RFC 3986): `--db PostgreSQL://...` and ROSTERMGR_DB
    POSTGRES://... open the same server campaign, where they were taken for a campaign file
    ("The folder PostgreSQL:/... does not exist")."""
    rest = postgres_url.removeprefix("postgresql://")
    Cli(f"PostgreSQL://{rest}", tmp_path).new_posse(DALTON)  # type: ignore[arg-type]
    assert _read(postgres_url)[0]["posse"]
    monkeypatch.setenv("ROSTERMGR_DB", f"POSTGRES://{rest}")
    out, err = io.StringIO(), io.StringIO()
    assert main(["posse", "list"], out=out, err=err) == 0, err.getvalue()
    assert out.getvalue().startswith(D)
