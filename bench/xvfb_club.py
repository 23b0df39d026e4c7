"""Two players' apps on two X displays, one club campaign: a purchase in one shows in the other.

    .venv/bin/python bench/xvfb_club.py [--out DIR]

Not run by `make test` (tests/ui/test_live.py checks the same in one process): it needs Xvfb,
openbox, xdotool and ImageMagick's `import`, as bench/xvfb_walk.py does, and the test suite's
throwaway PostgreSQL server (tests/postgres.py). It makes a club campaign with two players, ann
(The Dalton Boys) and bob (Last Hope Lawmen), starts `rostermgr --db URL` as ann on display
:91 and as bob on :92, buys whiskey for Ike Dalton in ann's window by the keyboard alone
(Alt+B, typing the item's name, Enter), and takes a screenshot of bob's screen one second
later: his posse list shows the Daltons' new purse and his status bar says what ann did. Each
screenshot is saved as NN-display-name.png in --out (default: a new temporary folder).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from xvfb_walk import LAWMEN, Walk, _start_display  # noqa: E402

from tests.conftest import DALTON  # noqa: E402

BIN = Path(sys.executable).parent


def _cli(url: str, *args: str) -> str:
    from cli import main

    out, err = io.StringIO(), io.StringIO()
    if main(["--db", url, *args], out=out, err=err) != 0:
        raise SystemExit(f"xvfb_club: rostermgr {' '.join(args)}: {err.getvalue()}")
    return out.getvalue()


def _club(url: str, work: Path) -> tuple[str, str]:
    """The club campaign with ann's and bob's posses; their URLs."""
    _cli(url, "club", "init", url)
    urls = []
    for role, doc in (("ann", DALTON), ("bob", LAWMEN)):
        _cli(url, "club", "add-player", url, role)
        mine = url.replace("postgres@", f"{role}@", 1)
        request = work / f"{role}.json"
        request.write_text(json.dumps(doc), encoding="utf-8")
        _cli(mine, "posse", "new", str(request))
        urls.append(mine)
    return urls[0], urls[1]


def _numbered(walk: Walk, shots: object) -> object:
    def shot(name: str) -> Path:
        walk.n = next(shots) - 1  # type: ignore[call-overload]
        return Walk.shot(walk, name)

    return shot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="where the screenshots go")
    args = parser.parse_args()
    for tool in ("Xvfb", "openbox", "xdotool", "import"):
        if shutil.which(tool) is None:
            raise SystemExit(f"xvfb_club: {tool} is not installed")
    out = args.out or Path(tempfile.mkdtemp(prefix="xvfb-club-"))
    out.mkdir(parents=True, exist_ok=True)
    from tests.postgres import running_server

    work = Path(tempfile.mkdtemp(prefix="xvfb-club-work-"))
    started: list[subprocess.Popen[bytes]] = []
    apps: list[subprocess.Popen[bytes]] = []
    try:
        with running_server() as server:
            ann_url, bob_url = _club(server.url(server.create_database()), work)
            walks = []
            for display, url, who in ((":91", ann_url, "ann"), (":92", bob_url, "bob")):
                env = {
                    **os.environ,
                    "DISPLAY": display,
                    "QT_QPA_PLATFORM": "xcb",
                    "XDG_CONFIG_HOME": str(work / f"config-{who}"),
                    "ROSTERMGR_BACKUP_DIR": str(work / f"backups-{who}"),
                }
                started += _start_display(display, env)
                apps.append(subprocess.Popen([str(BIN / "rostermgr"), "--db", url], env=env))
                walk = Walk(out, display, env)
                walk.wait_for(f"{url} - rostermgr", 60)
                walks.append(walk)
            ann, bob = walks
            bob.out = ann.out
            shots = iter(range(1, 100))
            for walk in walks:  # one numbering for both displays' screenshots
                walk.shot = _numbered(walk, shots)  # type: ignore[method-assign]
            time.sleep(1.0)
            ann.shot("ann-opened")
            bob.shot("bob-opened")
            # The posse list has the focus and shows every posse of the club: typing picks
            # hers, whose leader the roster then shows.
            ann.type("The Dalton")
            ann.key("alt+b")  # Buy item... for the member shown: Ike Dalton, the leader
            ann.wait_for("Buy for Ike Dalton")
            ann.type("Whiskey")
            ann.shot("ann-shop")
            ann.key("Return", pause=0.0)
            bought = time.monotonic()
            time.sleep(max(0.0, 1.0 - (time.monotonic() - bought)))
            bob.shot("bob-one-second-later")
            ann.shot("ann-bought")
            print(f"xvfb_club: screenshots in {out}")
    finally:
        for proc in apps + started:
            proc.terminate()
        for proc in apps + started:
            proc.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
