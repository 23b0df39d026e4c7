"""Drive the real app under Xvfb with the keyboard alone, and save a screenshot of each step.

    .venv/bin/python bench/xvfb_walk.py [--out DIR] [--display :99]

Not run by `make test`: it needs Xvfb, openbox, xdotool and ImageMagick's `import` (Debian:
xvfb openbox xdotool imagemagick, and Qt's xcb libraries). It walks what a keyboard user does:
creating a posse in the wizard (typing, Tab, arrows, Enter and Space in the shop, Alt+C),
recording a game (Alt+letters, Space in the posse list, Enter adding a take-out), spending the
flips it earned (a typed card, Enter, a stat chosen with Space), undo and redo (Ctrl+Z,
Ctrl+Shift+Z); then by the context-menu key (Menu) on the posse list, the roster and the gear:
buying an item, selling it, hiring (greyed: no place is free), retiring a posse and bringing it
back; the print dialog with an option changed (its preview follows) and saving the PDF; adopting
a ruleset file (Campaign > Rules); the simulator's run and the odds window (Tools); and quitting.
After the app has quit it checks the campaign with the command line: the posse, the game, the
upgrade, the item bought and sold, the standing, the adopted ruleset and the PDF. Each step's
screenshot is saved as NN-name.png in --out (default: a new temporary folder): look at them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
LAWMEN = {
    "name": "Last Hope Lawmen",
    "faction": "sheriffs",
    "members": [
        {"name": "Wyatt", "role": "leader", "items": ["pistol", "light-leather"]},
        {"name": "Virgil", "role": "deputy", "items": ["pistol"]},
        {"name": "Morgan", "role": "ganger", "items": ["switchblade"]},
        {"name": "Doc H", "role": "ganger", "items": []},
        {"name": "Texas Jack", "role": "ganger", "items": ["whiskey"]},
    ],
}


class Walk:
    def __init__(self, out: Path, display: str, env: dict[str, str]) -> None:
        self.out, self.display, self.env, self.n = out, display, env, 0

    def key(self, *keys: str, pause: float = 0.35) -> None:
        subprocess.run(["xdotool", "key", "--delay", "60", *keys], env=self.env, check=True)
        time.sleep(pause)

    def type(self, text: str, pause: float = 0.25) -> None:
        subprocess.run(["xdotool", "type", "--delay", "25", text], env=self.env, check=True)
        time.sleep(pause)

    def title(self) -> str:
        done = subprocess.run(
            ["xdotool", "getactivewindow", "getwindowname"],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout.strip()

    def wait_for(self, title: str, seconds: float = 15.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if title in self.title():
                return
            time.sleep(0.2)
        raise SystemExit(f"xvfb_walk: no window '{title}' (the active one is '{self.title()}')")

    def shot(self, name: str) -> Path:
        self.n += 1
        path = self.out / f"{self.n:02d}-{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True)
        print(f"xvfb_walk: {path.name}: {self.title()}")
        return path


def _cli(env: dict[str, str], db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "rostermgr"), "--db", str(db), *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def _start_display(display: str, env: dict[str, str]) -> list[subprocess.Popen[bytes]]:
    started = []
    if subprocess.run(["xdotool", "getmouselocation"], env=env, capture_output=True).returncode:
        started.append(subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24"]))
        time.sleep(1.0)
        started.append(subprocess.Popen(["openbox"], env=env))
        time.sleep(1.0)
    return started


def walk(w: Walk, work: Path) -> None:
    pdf = work / "cards.pdf"
    w.wait_for("c.sqlite3 - rostermgr")
    w.shot("opened")
    # A posse from the creation wizard, the keyboard only.
    w.key("ctrl+shift+n")
    w.wait_for("Create a posse")
    w.type("The Dalton Boys")
    w.key("Tab", "Down")  # the factions: Outlawmen
    w.shot("creation-faction")
    w.key("alt+n")
    for name in ("Ike Dalton", "Ma Dalton", "Kid", "Slim", "Doc"):
        w.type(name, pause=0.05)
        w.key("Tab", pause=0.05)
    w.shot("creation-names")
    w.key("alt+n")
    w.key("Down", "Down", "Return")  # Enter on the revolver buys it
    w.key(*["Down"] * 10, "space")  # Space on fine leather buys it
    w.shot("creation-shop")
    w.key("alt+c")
    w.wait_for("c.sqlite3 - rostermgr")
    w.shot("created")
    # A game: Bloodbath, both posses, the Lawmen won; Kid and Slim out of action by Wyatt.
    w.key("ctrl+g")
    w.wait_for("Record a game")
    w.key("alt+s", "Down", "Down", "Down")
    # Both posses are chosen already: the only two that may play.
    w.key("alt+w", "Down")
    w.shot("game")
    w.key("alt+n")
    for victim in ("Kid", "Slim"):
        w.type(victim)
        w.key("Tab")
        w.type("Wyatt")
        w.key("alt+a")  # added; the focus is back on the victim picker for the next line
    w.shot("out-of-action")
    w.key("alt+n")
    w.shot("money")
    w.key("alt+n")
    w.shot("preview")
    w.key("alt+r", pause=1.0)  # Record game: one commit, then the flips page
    w.shot("flips")
    w.type("7H")
    w.key("Return")  # the card is turned; the choice waits for the player
    w.shot("card-turned")
    w.key("space")  # the first stat the card allows, chosen with a key
    w.shot("flip-chosen")
    w.key("alt+c")  # Close
    w.wait_for("c.sqlite3 - rostermgr")
    w.shot("recorded")
    # Undo and redo of the flip and the game.
    w.key("ctrl+z")
    w.key("ctrl+z")
    w.shot("undone")
    w.key("ctrl+shift+z")
    w.key("ctrl+shift+z")
    w.shot("redone")
    context_menus(w)
    # Print the cards with an option changed: the preview follows it by itself, then save.
    w.key("ctrl+p")
    w.wait_for("Print")
    time.sleep(3.0)
    w.shot("print-preview")
    w.key("alt+r", "Down")  # Paper: the next one; the preview is drawn again by itself
    time.sleep(4.0)
    w.shot("print-option-changed")
    w.key("alt+s", pause=1.0)
    w.key("ctrl+a")
    w.type(str(pdf))
    w.key("Return", pause=1.5)
    w.shot("print-saved")
    w.key("Escape")
    w.wait_for("c.sqlite3 - rostermgr")
    adopt(w, work / "walk-rules.toml")
    tools(w)
    w.key("ctrl+q", pause=1.5)


def context_menus(w: Walk) -> None:
    """Buy, sell, retire and bring back, each from a right-click menu opened by the keyboard's
    Menu key (and Hire greyed there: no place is free)."""
    w.key("alt+p")  # the posse list (its label's mnemonic)
    w.key("Home")  # Last Hope Lawmen, first by name
    w.key("alt+r")  # the Roster tab's mnemonic puts the focus in its table: Wyatt
    w.key("Menu")
    w.shot("roster-menu")
    w.key("b")  # "Buy an item for Wyatt...": the shop
    w.wait_for("Buy")
    w.shot("shop")
    w.key("alt+i")  # the items table (its label "Items for sale")
    w.key("Return")  # Enter buys the item selected: the derringer, $4
    w.wait_for("c.sqlite3 - rostermgr")
    w.shot("bought")
    w.key("alt+g", "End")  # the gear list, on the item just bought
    w.key("Menu")
    w.shot("gear-menu")
    w.key("s")  # "Sell ... for $N"
    w.shot("sold")
    w.key("alt+p", "Menu")
    # Hire a replacement... is greyed: the Lawmen have every place filled (R3), which its
    # tooltip says; its letter does nothing and the menu stays open
    w.shot("posse-menu")
    w.key("h")
    w.shot("hire-greyed")
    if w.title() != "c.sqlite3 - rostermgr":
        raise SystemExit(f"xvfb_walk: H opened '{w.title()}' on a posse with no place free")
    w.key("Escape", pause=0.5)
    w.wait_for("c.sqlite3 - rostermgr")
    w.key("alt+p", "Menu")
    w.key("t")  # Retire posse
    w.shot("retired")
    w.key("Menu")
    w.shot("retired-menu")
    w.key("b")  # Bring posse back to play
    w.shot("back-to-play")


def adopt(w: Walk, rules: Path) -> None:
    """Campaign > Rules: adopt a ruleset file (the shipped one with a new version), previewed."""
    shipped = ROOT / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
    text = shipped.read_text(encoding="utf-8")
    rules.write_text(text.replace('version = "0.1-playtest"', 'version = "0.2-walk"', 1), "utf-8")
    w.key("alt+c", "u")
    w.wait_for("Rules")
    w.shot("rules")
    w.key("alt+a")  # Adopt a ruleset file...
    time.sleep(1.0)
    w.key("ctrl+a")
    w.type(str(rules))
    w.key("Return", pause=1.5)
    w.shot("adopt-preview")
    w.key("alt+a", pause=1.5)  # Adopt
    w.shot("adopted")
    w.key("Escape")
    w.wait_for("c.sqlite3 - rostermgr")


def tools(w: Walk) -> None:
    """Tools > Simulator: a small run; Tools > Odds."""
    w.key("alt+o", "m")
    w.wait_for("Simulator")
    w.key("alt+c", "ctrl+a")
    w.type("20")
    w.shot("simulator")
    w.key("alt+s", pause=8.0)  # Start
    w.shot("simulator-run")
    w.key("Escape")
    w.wait_for("c.sqlite3 - rostermgr")
    w.key("alt+o", "o")
    w.wait_for("Odds")
    time.sleep(2.0)
    w.shot("odds")
    w.key("alt+c", pause=1.5)  # Combat, by its mnemonic
    w.shot("odds-combat")
    w.key("Escape")
    w.wait_for("c.sqlite3 - rostermgr")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="where the screenshots go")
    parser.add_argument("--display", default=":99")
    args = parser.parse_args()
    for tool in ("Xvfb", "openbox", "xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"xvfb_walk: {tool} is missing (see the docstring)", file=sys.stderr)
            return 2
    work = Path(tempfile.mkdtemp(prefix="rostermgr-walk-"))
    out = args.out or work / "screens"
    out.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "DISPLAY": args.display,
        "QT_QPA_PLATFORM": "xcb",
        "ROSTERMGR_BACKUP_DIR": str(work / "backups"),
        "XDG_CONFIG_HOME": str(work / "config"),
        "XDG_DATA_HOME": str(work / "data"),
        "HOME": str(work),
    }
    db = work / "c.sqlite3"
    request = work / "lawmen.json"
    request.write_text(json.dumps(LAWMEN), encoding="utf-8")
    assert _cli(env, db, "posse", "new", str(request)).returncode == 0
    display = _start_display(args.display, env)
    app = subprocess.Popen([str(BIN / "rostermgr"), "--db", str(db)], env=env, cwd=ROOT)
    try:
        walk(Walk(out, args.display, env), work)
        code = app.wait(timeout=20)
    finally:
        if app.poll() is None:
            app.kill()
        for proc in display:
            proc.kill()
    shown = json.loads(_cli(env, db, "posse", "show", "The Dalton Boys", "--json").stdout)
    wyatt = next(
        m
        for m in json.loads(_cli(env, db, "posse", "show", "Last Hope Lawmen", "--json").stdout)[
            "members"
        ]
        if m["name"] == "Wyatt"
    )
    games = json.loads(_cli(env, db, "game", "list", "--json").stdout)
    checks = {
        "the app quit with 0": code == 0,
        "the posse was created with its gear": shown["members"][0]["items"]
        == ["revolver", "fine-leather"],
        "the game is recorded": len(games) == 1,
        "Wyatt's flip raised Strength (7H allows Strength or Toughness)": wyatt["stats"]["strength"]
        == 3,
        "the cards were saved": (work / "cards.pdf").stat().st_size > 0
        if (work / "cards.pdf").exists()
        else False,
        "check finds nothing": _cli(env, db, "check").returncode == 0,
        "the walk's ruleset was adopted": "0.2-walk" in _cli(env, db, "rules", "history").stdout,
        "Wyatt's item was bought and sold again": wyatt["items"] == ["pistol", "light-leather"],
        "the Lawmen play again after their retirement": "retired"
        not in _cli(env, db, "posse", "list").stdout,
    }
    for what, ok in checks.items():
        print(f"xvfb_walk: {'ok' if ok else 'FAILED'}: {what}")
    print(f"xvfb_walk: screenshots in {out}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
