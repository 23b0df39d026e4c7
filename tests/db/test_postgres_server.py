"""The suite's throwaway PostgreSQL server works (issue 28): it starts under `make test` even
as root, peewee connects to it, and SERIALIZABLE transactions conflict as the retry of a use
case will need them to."""

from __future__ import annotations

import os
from pathlib import Path

import peewee
import psycopg
import pytest
from psycopg import errors

from tests import postgres as pg
from tests.postgres import PostgresServer


class Purse(peewee.Model):
    name = peewee.TextField(unique=True)
    scrip = peewee.IntegerField()


def _database(url: str) -> peewee.PostgresqlDatabase:
    # peewee takes a postgresql:// URL as the database name and hands it to the driver.
    return peewee.PostgresqlDatabase(url, autoconnect=False)


def _driver_error(error: BaseException) -> BaseException | None:
    """The driver's exception under peewee's. peewee raises its own class from within the
    handling of the driver's (so as __context__), and its first argument is the driver's
    exception or only its message, depending on the path: try each, through every wrap."""
    while isinstance(error, peewee.PeeweeException):
        inner = [error.__cause__, error.__context__, *error.args[:1]]
        found = [e for e in inner if isinstance(e, BaseException)]
        if not found:
            return None
        error = found[0]
    return error


def test_the_server_listens_on_loopback_and_runs_unprivileged(postgres_server: PostgresServer):
    assert postgres_server.url("x").startswith(
        f"postgresql://postgres@127.0.0.1:{postgres_server.port}/"
    )
    with psycopg.connect(postgres_server.url(), autocommit=True) as conn:
        version = conn.execute("SHOW server_version_num").fetchone()
        assert version is not None and int(version[0]) >= 140000  # the floor: 14
    data = postgres_server.base / "data"
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # As root (CI, the shared machines) the server runs as nobody and owns its data.
        assert postgres_server.os_user == "nobody"
        assert data.stat().st_uid != 0
    else:
        assert postgres_server.os_user is None
    print(f"PostgreSQL test server started in {postgres_server.start_seconds:.2f} s")


def test_each_test_gets_a_fresh_database(postgres_server: PostgresServer, postgres_url: str):
    other = postgres_server.create_database()
    try:
        assert other != postgres_url.rsplit("/", 1)[1]
        with psycopg.connect(postgres_server.url(other)) as conn:
            assert conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
            assert conn.execute("SELECT current_database()").fetchone() == (other,)
    finally:
        postgres_server.drop_database(other)


def test_peewee_creates_a_table_and_commits_a_serializable_transaction(postgres_url: str):
    db = _database(postgres_url)
    with db.bind_ctx([Purse]), db.connection_context():
        db.create_tables([Purse])
        assert db.get_tables() == ["purse"]
        with db.atomic(isolation_level="SERIALIZABLE"):
            level = db.execute_sql("SHOW transaction_isolation").fetchone()
            assert level == ("serializable",)
            Purse.create(name="Dalton", scrip=100)
        assert Purse.get(Purse.name == "Dalton").scrip == 100


def test_two_connections_that_conflict_see_a_serialization_failure_and_a_retry_succeeds(
    postgres_url: str,
):
    """Write skew: each reads both purses and moves scrip out of a different one, which no
    serial order allows; SERIALIZABLE refuses the second commit (40001), and retrying it
    from the start, as a use case will, sees the first one's change."""
    setup = _database(postgres_url)
    with setup.bind_ctx([Purse]), setup.connection_context():
        setup.create_tables([Purse])
        Purse.insert_many([("Dalton", 60), ("Lawmen", 60)], [Purse.name, Purse.scrip]).execute()

    def total(db: peewee.PostgresqlDatabase) -> int:
        return int(db.execute_sql("SELECT sum(scrip) FROM purse").fetchone()[0])

    def take(db: peewee.PostgresqlDatabase, who: str) -> None:
        db.execute_sql("UPDATE purse SET scrip = scrip - 20 WHERE name = %s", (who,))

    # The rule both check before taking 20: the two purses together never drop below 100.
    first, second = _database(postgres_url), _database(postgres_url)
    first.connect()
    second.connect()
    try:
        with pytest.raises(peewee.OperationalError) as refused:  # noqa: SIM117  (the order)
            with second.atomic(isolation_level="SERIALIZABLE"):
                assert total(second) - 20 >= 100
                with first.atomic(isolation_level="SERIALIZABLE"):
                    assert total(first) - 20 >= 100
                    take(first, "Dalton")
                # first has committed; second's write (or commit) is refused, rolled back.
                take(second, "Lawmen")
        cause = _driver_error(refused.value)
        assert isinstance(cause, errors.SerializationFailure), cause
        assert cause.sqlstate == "40001"

        # The retry: the same use case again, in a new transaction, sees the first commit
        # and, by the rule, now takes nothing.
        with second.atomic(isolation_level="SERIALIZABLE"):
            assert total(second) == 100
        rows = dict(second.execute_sql("SELECT name, scrip FROM purse").fetchall())
        assert rows == {"Dalton": 40, "Lawmen": 60}
    finally:
        first.close()
        second.close()


def test_a_server_that_cannot_start_fails_in_ci_and_skips_elsewhere(monkeypatch, tmp_path: Path):
    # No binaries where the wheel should be: start_server refuses and leaves nothing behind.
    monkeypatch.setattr(pg, "_wheel_dirs", lambda: (tmp_path / "pginstall", tmp_path / "libs"))
    monkeypatch.setattr(pg.tempfile, "tempdir", str(tmp_path))
    with pytest.raises(pg.ServerError) as error:
        pg.start_server()
    assert list(tmp_path.iterdir()) == []

    monkeypatch.delenv("ROSTERMGR_CI", raising=False)
    for ci in ("true", "1"):
        monkeypatch.setenv("CI", ci)
        with pytest.raises(pytest.fail.Exception, match="PostgreSQL test server could not start"):
            pg.unavailable(error.value)
    for ci in ("", "0", "false"):
        monkeypatch.setenv("CI", ci)
        with pytest.raises(pytest.skip.Exception, match="could not start"):
            pg.unavailable(error.value)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        pg.unavailable(error.value)
    monkeypatch.setenv("ROSTERMGR_CI", "1")  # what .ci/run sets, whatever the runner does
    with pytest.raises(pytest.fail.Exception):
        pg.unavailable(error.value)
