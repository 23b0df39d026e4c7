"""Every write use case in any order (issue 27): a stateful property test.

The campaign is held as the app holds it (its lock, its undo log kept). Each step is one use
case; after every step `check` is clean (it checks each purse against its ledger), a refused
step left the campaign file byte for byte as it was, and undoing to any earlier point returns
every campaign table exactly to the state it had then (redo returns it to now). `game undo`
returns every table to the state before that game, with or without a backup made before it
(a game is backed up only when the hourly backup is due: the undo log takes it back).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from rostermgr.errors import Refused
from rostermgr.rules_load import default_ruleset
from services import cards, flips, games, posses, rulesets, safety
from services.campaign import Campaign
from services.opening import for_app, for_command
from tests.conftest import DALTON, LAWMEN, RYE
from tests.db.dump import dump, dump_state, strip_marks

pytestmark = pytest.mark.sqlite_only  # the app's campaign (for_app), its lock and take-over

SHIPPED = Path(__file__).resolve().parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
NAMES = ("The Dalton Boys", "Last Hope Lawmen")
MEMBERS = {
    "The Dalton Boys": ("Ike Dalton", "Ma Dalton", "Kid", "Slim", "Doc"),
    "Last Hope Lawmen": ("Wyatt", "Virgil", "Morgan", "Doc H", "Texas Jack"),
}
ITEMS = ("whiskey", "pistol", "hatchet", "derringer", "light-leather", "horse")
CARDS = ("2S", "7H", "QD", "JK", "9C", "AS")
STATS = ("shot", "combat", "strength", "toughness", "defence", "wounds")
# What an adopted ruleset changes (h-rules): what takes out, flips, strikes and prices read.
EDITS: dict[str, tuple[tuple[str, str], ...]] = {
    "same numbers": (),
    "dearer pistol": (("price = 8\n", "price = 9\n"),),
    "more flips": (
        ("per_take_out = 1", "per_take_out = 2"),
        ("per_killing_blow = 2", "per_killing_blow = 3"),
    ),
    "harsher strikes": (("wounds_lost = 1", "wounds_lost = 2"),),
    "quicker death": (("strikes_to_die = 3", "strikes_to_die = 2"),),
    "tougher ganger": (
        ("toughness = 1, defence = 1, wounds = 6", "toughness = 2, defence = 1, wounds = 7"),
    ),
    "no derringer": (
        ('[items.derringer]\nname = "Derringer"', '[items.derringer-gone]\nname = "Derringer"'),
    ),
}


def _files(path: Path) -> tuple[bytes, bytes]:
    wal = Path(f"{path}-wal")
    return path.read_bytes(), wal.read_bytes() if wal.exists() else b""


class CampaignMachine(RuleBasedStateMachine):
    """One campaign file, used by the app and, now and then, by a second writer."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(dir=os.environ["STATE_MACHINE_TMP"]))
        self.path = self.tmp / "c.sqlite3"
        self.rules = default_ruleset()
        self.c: Campaign = for_app(self.path, self.rules)
        for doc in (DALTON, LAWMEN):
            posses.create(self.c, posses.plan_request(self.c, doc))
        # (mark before the step, the tables before it) for each step this window may undo
        self.steps: list[tuple[int, dict[str, list[tuple]]]] = []
        self.versions = 0
        self.exported: dict[str, Any] = {}
        self.backups: list[Path] = []
        self.rebuilt = 0
        # every campaign table before each game recorded, by the game's number
        self.before_game: dict[int, dict[str, list[tuple]]] = {}
        # games whose state before was taken before a redo: a redo logs its entries again under
        # new numbers and moves the games' marks with them (tests.db.dump.MARKS)
        self.replaced: set[int] = set()

    def teardown(self) -> None:
        self.c.close()

    # -- one step, the way every front end takes it --------------------------------------
    def step(self, edit: Any, undoable: bool = True) -> None:
        mark, tables, before = self.c.mark(), dump(self.c.db), _files(self.path)
        try:
            edit()
        except Refused as exc:
            assert str(exc).strip() and "\n" not in str(exc).strip(), str(exc)
            assert _files(self.path) == before, f"a refusal changed the file: {exc}"
            return
        if not undoable:
            self.steps.clear()  # the app clears its stack after these
        elif self.c.mark() != mark:
            self.steps.append((mark, tables))

    @rule()
    def create(self) -> None:
        """A third posse (refused once it exists: its name is taken)."""
        self.step(lambda: posses.create(self.c, posses.plan_request(self.c, RYE)))

    @rule(posse=st.sampled_from(NAMES))
    def rename_there_and_back(self, posse: str) -> None:
        """Two steps, each one undo step; between them the posse is called "Interim"."""
        self.step(lambda: posses.rename(self.c, posse, "Interim"))
        self.step(lambda: posses.rename(self.c, "Interim", posse))

    @rule(posse=st.sampled_from(NAMES), member=st.integers(0, 4), item=st.sampled_from(ITEMS))
    def buy(self, posse: str, member: int, item: str) -> None:
        self.step(lambda: posses.buy(self.c, posse, MEMBERS[posse][member], item))

    @rule(posse=st.sampled_from(NAMES), member=st.integers(0, 4), item=st.sampled_from(ITEMS))
    def sell(self, posse: str, member: int, item: str) -> None:
        self.step(lambda: posses.sell(self.c, posse, MEMBERS[posse][member], item))

    @rule(posse=st.sampled_from(NAMES), role=st.sampled_from(("ganger", "deputy", "leader")))
    def hire(self, posse: str, role: str) -> None:
        self.step(lambda: posses.hire(self.c, posse, role, f"New {role}"))

    @rule(
        posse=st.sampled_from(NAMES), member=st.integers(0, 4), new=st.sampled_from(("Ace", "Kid"))
    )
    def rename_member(self, posse: str, member: int, new: str) -> None:
        self.step(lambda: posses.rename_member(self.c, posse, MEMBERS[posse][member], new))

    @rule(posse=st.sampled_from(NAMES), kind=st.sampled_from(("retire", "bring_back")))
    def standing(self, posse: str, kind: str) -> None:
        self.step(lambda: getattr(posses, kind)(self.c, posse))

    @rule(posse=st.sampled_from(NAMES))
    def export_delete_import(self, posse: str) -> None:
        try:
            doc = posses.export_document(self.c, posse)
        except Refused:
            return
        self.step(lambda: posses.delete(self.c, posse))
        self.step(lambda: posses.import_posse(self.c, doc))

    @rule(
        victim=st.integers(0, 4),
        by=st.integers(0, 4),
        dalton_first=st.booleans(),
    )
    def record_game(self, victim: int, by: int, dalton_first: bool) -> None:
        loser, winner = NAMES if dalton_first else NAMES[::-1]
        doc = {
            "scenario": "bloodbath",
            "posses": [loser, winner],
            "winner": winner,
            "out_of_action": [
                {
                    "posse": loser,
                    "member": MEMBERS[loser][victim],
                    "by": {"posse": winner, "member": MEMBERS[winner][by]},
                }
            ],
            "income": [{"posse": loser, "amount": 5, "reason": "stagecoach"}],
        }

        def record() -> None:
            tables = dump(self.c.db)
            made = games.record(self.c, games.parse(self.c, doc))
            self.before_game[made.id] = tables  # a game undone since and recorded again: anew

        self.step(record)

    @rule(
        posse=st.sampled_from(NAMES),
        member=st.integers(0, 4),
        card=st.sampled_from(CARDS),
        stat=st.sampled_from(STATS),
    )
    def flip(self, posse: str, member: int, card: str, stat: str) -> None:
        self.step(
            lambda: flips.spend(self.c, posse, MEMBERS[posse][member], card=card, choose=stat)
        )

    @rule(edit=st.sampled_from(sorted(EDITS)))
    def adopt(self, edit: str) -> None:
        """A new version: the same numbers, or numbers a game, a flip or a sale reads, or one
        that takes away an item the posses may carry (refused while one does)."""
        self.versions += 1
        text = SHIPPED.read_text(encoding="utf-8").replace(
            'version = "0.1-playtest"', f'version = "v{self.versions}"', 1
        )
        for old, new in EDITS[edit]:
            assert old in text, old
            text = text.replace(old, new, 1)
        path = self.tmp / f"v{self.versions}.toml"
        path.write_text(text, encoding="utf-8")
        self.step(lambda: rulesets.adopt(self.c, rulesets.load_file(path)))

    @rule()
    def rules_undo(self) -> None:
        self.step(lambda: rulesets.undo_adoption(self.c), undoable=False)

    @rule()
    def game_undo(self) -> None:
        def undo() -> None:
            undone = games.undo_last(self.c)
            before = self.before_game.pop(undone.game.id, None)
            if before is None:  # a game a restored backup brought back
                return
            if undone.game.id in self.replaced:
                assert dump_state(self.c.db) == strip_marks(before, self.c.db)
            else:
                assert dump(self.c.db) == before

        self.step(undo, undoable=False)

    @precondition(lambda self: bool(self.steps))
    @rule(data=st.data(), redo=st.booleans())
    def undo_to_a_point(self, data: st.DataObject, redo: bool) -> None:
        """Step by step, as the window's undo stack does; then perhaps redo them all."""
        point = data.draw(st.integers(0, len(self.steps) - 1))
        now = dump_state(self.c.db)
        undone = []
        for mark, tables in reversed(self.steps[point:]):
            undone.append(self.c.undo_to(mark))
            assert dump(self.c.db) == tables
        if not redo:
            del self.steps[point:]
            return
        for i, statements in zip(range(point, len(self.steps)), reversed(undone), strict=True):
            self.steps[i] = (self.c.mark(), dump(self.c.db))
            self.c.redo(statements)
        self.replaced |= set(self.before_game)
        assert dump_state(self.c.db) == now

    @rule(posse=st.sampled_from(NAMES), item=st.sampled_from(ITEMS))
    def second_writer_takes_over(self, posse: str, item: str) -> None:
        """`--take-over` from another program: the app can no longer write, and reopens."""
        try:
            with for_command(self.path, self.rules, editing=True, take_over=True) as other:
                posses.buy(other, posse, MEMBERS[posse][0], item)
        except Refused:
            pass
        before = _files(self.path)
        if self.c.lock is not None and self.c.lock.lost():
            with pytest.raises(Refused):
                posses.buy(self.c, posse, MEMBERS[posse][1], "whiskey")
            if self.steps:
                with pytest.raises(Refused):
                    self.c.undo_to(self.steps[-1][0])
            assert _files(self.path) == before
        self.reopen()

    def codes(self, posse: str) -> list[str]:
        """The codes its printed cards and journal cover would carry now (issue 34)."""
        from printables.cards import card_faces
        from rostermgr.cardcode import encode_posse, posse_code

        loaded = posses.load(self.c, posse)
        faces = card_faces([loaded], self.c.rules, "grouped", self.c.mark())
        journal = encode_posse(posse_code(loaded, self.c.rules, self.c.mark()), self.c.rules)
        return [f.code for f in faces] + [journal]

    @rule(posse=st.sampled_from(NAMES))
    def cards_printed_now_are_current(self, posse: str) -> None:
        try:
            codes = self.codes(posse)
        except Refused:  # a deleted posse
            return
        assert {s.state for s in cards.check_cards(self.c, codes)} == {cards.CURRENT}

    @rule(posse=st.sampled_from(NAMES))
    def rebuild_from_cards(self, posse: str) -> None:
        try:
            codes = self.codes(posse)
        except Refused:
            return
        self.rebuilt += 1
        name = f"{posse} rebuilt {self.rebuilt}"
        self.step(lambda: cards.rebuild_posse(self.c, codes, name))

    @rule()
    def backup(self) -> None:
        self.backups.append(safety.backup_now(self.path))

    @precondition(lambda self: bool(self.backups))
    @rule(data=st.data())
    def restore(self, data: st.DataObject) -> None:
        chosen = data.draw(st.sampled_from(self.backups))
        self.c.close()
        from peewee import SqliteDatabase

        source = SqliteDatabase(str(chosen))
        expected = dump(source)
        source.close()
        safety.restore(self.path, chosen)
        self.before_game.clear()  # the backup's games: their states before are not known here
        self.reopen(closed=True)
        assert dump(self.c.db) == expected

    def reopen(self, closed: bool = False) -> None:
        if not closed:
            self.c.close()
        self.c = for_app(self.path, self.rules)
        self.steps.clear()

    @invariant()
    def check_is_clean(self) -> None:
        assert safety.check(self.c) == []


@pytest.fixture
def machine_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STATE_MACHINE_TMP", str(tmp_path))
    monkeypatch.setenv("ROSTERMGR_BACKUP_DIR", str(tmp_path / "backups"))
    return tmp_path


def test_every_sequence_of_writes_keeps_the_campaign_whole(machine_tmp: Path) -> None:
    from hypothesis.stateful import run_state_machine_as_test

    run_state_machine_as_test(
        CampaignMachine,
        settings=settings(
            max_examples=int(os.environ.get("STATE_MACHINE_EXAMPLES", "12")),
            stateful_step_count=30,
            deadline=None,
            database=None,  # its example database is not kept (nor committed)
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        ),
    )
