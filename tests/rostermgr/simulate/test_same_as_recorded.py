"""A simulated post-game is a recorded one: the same report, planned by plan_game, leaves the
posses in memory exactly as `game record` leaves them in the campaign file (R12-R17)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rostermgr.advancement import plan_flip
from rostermgr.cards import parse_card
from rostermgr.postgame import plan_game
from rostermgr.report import OutOfAction, Ref, Report, report_to_json
from rostermgr.roster import Posse
from rostermgr.rules_load import default_ruleset
from rostermgr.simulate.apply import Books, after_game, flipped
from rostermgr.simulate.exchange import OddsTable
from rostermgr.simulate.game import play
from rostermgr.simulate.model import Model
from services.posses import load
from tests.conftest import DALTON, LAWMEN, Cli
from tests.engines import opened

RULES = default_ruleset()


def _shape(p: Posse) -> tuple:
    return (
        p.purse,
        tuple(
            (
                m.name,
                m.role,
                m.status,
                m.injuries,
                m.flips,
                sorted(m.items),
                dict(m.upgrades),
                m.pending_card,
            )
            for m in sorted(p.members, key=lambda m: m.name)
        ),
    )


def _posses(cli: Cli) -> dict[str, Posse]:
    with opened(cli.db, RULES) as c:
        return {n: load(c, n) for n in (DALTON["name"], LAWMEN["name"])}


def _played_alike(cli: Cli, seed: int, exchanges: float, games: int) -> int:
    """Play games by the model, applying each in memory and recording it in the campaign, and
    compare after each; the members dead at the end."""
    model = Model(exchanges_per_turn=exchanges)
    odds, rng = OddsTable(RULES), random.Random(seed)
    books = {n: Books(p, (p.purse,)) for n, p in _posses(cli).items()}
    for g in range(games):
        pair = (books[DALTON["name"]].posse, books[LAWMEN["name"]].posse)
        game = play(pair, model, RULES, odds, rng, f"2026-11-{g + 1:02d}")
        plan = plan_game(game.report, {p.name: p for p in pair}, RULES)
        books = after_game(plan, books)
        cli.ok("game", "record", cli.file(report_to_json(game.report)))
        recorded = _posses(cli)
        for name, kept in books.items():
            assert _shape(kept.posse) == _shape(recorded[name])
            assert kept.posse.purse == sum(kept.ledger)
    return sum(not m.alive for b in books.values() for m in b.posse.members)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), exchanges=st.sampled_from((4.0, 12.0, 30.0)))
def test_r13_r14_r16_a_simulated_game_applies_as_the_campaign_records_it(
    tmp_path_factory: pytest.TempPathFactory, seed: int, exchanges: float
) -> None:
    tmp = tmp_path_factory.mktemp("sim")
    cli = Cli(tmp / "c.sqlite3", tmp)
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    _played_alike(cli, seed, exchanges, 2)


def test_r13_deaths_and_buried_gear_apply_as_the_campaign_records_them(cli: Cli) -> None:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    assert _played_alike(cli, 3, 40.0, 6) > 0


def test_r15_a_simulated_flip_applies_as_the_flip_command_records_it(cli: Cli) -> None:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    report = Report(
        date="2026-11-30",
        scenario="bloodbath",
        posses=(DALTON["name"], LAWMEN["name"]),
        winner=DALTON["name"],
        out_of_action=(OutOfAction(Ref(LAWMEN["name"], "Morgan"), Ref(DALTON["name"], "Kid")),),
    )
    cli.ok("game", "record", cli.file(report_to_json(report)))
    kid = _posses(cli)[DALTON["name"]]
    step = plan_flip(kid.member("Kid"), parse_card("7H"), "toughness", RULES)
    simulated = flipped(Books(kid, (kid.purse,)), step)
    cli.ok("flip", DALTON["name"], "Kid", "--card", "7H", "--choose", "toughness")
    assert _shape(simulated.posse) == _shape(_posses(cli)[DALTON["name"]])
