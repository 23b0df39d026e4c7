"""Any sequence of commands keeps the campaign sound (R16, R13, R15; DESIGN 4, 5).

After every command `check` finds nothing and each purse is the sum of its ledger; a command
that is refused leaves the campaign file byte-for-byte as it was.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import DALTON, LAWMEN, RYE, Cli
from tests.engines import Target

POSSES = {p["name"]: [m["name"] for m in p["members"]] for p in (DALTON, LAWMEN, RYE)}
ITEMS = ("pistol", "whiskey", "hatchet", "light-leather", "horse", "rabbits-foot", "hooch")
CARDS = ("2S", "7H", "QD", "JK", "AS", "10C")
STATS = ("shot", "combat", "strength", "toughness", "defence", "wounds")

posse = st.sampled_from(sorted(POSSES))
member = posse.flatmap(lambda p: st.tuples(st.just(p), st.sampled_from(POSSES[p])))
command = st.one_of(
    st.tuples(st.just("buy"), member, st.sampled_from(ITEMS)),
    st.tuples(st.just("sell"), member, st.sampled_from(ITEMS)),
    st.tuples(st.just("hire"), posse, st.sampled_from(("Ned", "Zeke", "Kid"))),
    st.tuples(st.just("rename-member"), member, st.sampled_from(("Ace", "Kid", "Deuce"))),
    st.tuples(st.just("flip"), member, st.sampled_from(CARDS), st.sampled_from(STATS)),
    st.tuples(st.just("reflip"), member),
    st.tuples(
        st.just("game"),
        st.lists(st.tuples(member, member), max_size=3),
        st.sampled_from(("bloodbath", "bounty", "other", "supply-drop")),
    ),
    st.tuples(st.just("undo")),
)


def _argv(cli: Cli, step: tuple) -> list[str]:
    kind = step[0]
    if kind in ("buy", "sell"):
        (p, m), item = step[1], step[2]
        return ["posse", kind, p, m, item]
    if kind == "hire":
        return ["posse", "hire", step[1], "ganger", step[2]]
    if kind == "rename-member":
        (p, m), new = step[1], step[2]
        return ["posse", "rename-member", p, m, new]
    if kind == "flip":
        (p, m), card, stat = step[1], step[2], step[3]
        return ["flip", p, m, "--card", card, "--choose", stat]
    if kind == "reflip":
        p, m = step[1]
        return ["flip", p, m, "--reflip", "--card", "5D"]
    if kind == "undo":
        return ["game", "undo"]
    pairs, scenario = step[1], step[2]
    played = sorted({v[0] for v, _ in pairs} | {b[0] for _, b in pairs} | {"Last Hope Lawmen"})
    if len(played) < 2:
        played.append("The Dalton Boys")
    report = {
        "date": "2026-11-28",
        "scenario": scenario,
        "posses": played,
        "out_of_action": [
            {"posse": v[0], "member": v[1], "by": {"posse": b[0], "member": b[1]}} for v, b in pairs
        ],
    }
    return ["game", "record", cli.file(report)]


def _purses_match_ledgers(cli: Cli) -> None:
    for row in cli.ok("posse", "list", "--json").json():
        ledger = cli.ok("posse", "ledger", row["name"], "--json").json()
        assert row["purse"] == sum(e["amount"] for e in ledger) >= 0, row


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(command, min_size=1, max_size=10))
def test_any_commands_leave_the_campaign_sound_and_refusals_leave_it_untouched(
    new_campaign: Callable[[Path], Target], steps: list[tuple]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        # a fresh campaign for each example, on each engine
        cli = Cli(new_campaign(tmp / "campaign.sqlite3"), tmp)
        for doc in (DALTON, LAWMEN, RYE):
            cli.new_posse(doc)
        for step in steps:
            before = cli.state()
            result = cli(*_argv(cli, step))
            assert result.code in (0, 1), (step, result.err)
            if result.code == 1:
                assert "\n" not in result.err.rstrip("\n"), result.err  # one sentence
                assert "internal error" not in result.err, result.err
                assert cli.state() == before, (step, result.err)
            checked = cli("check")
            assert checked.code == 0, (step, checked.out)
            _purses_match_ledgers(cli)
