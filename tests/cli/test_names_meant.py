"""A name not found is refused with what was most likely meant (a newcomer's first hour).

A posse, member or item typed in another case, without its accents, with a typo or in part
names the one meant; a name near none lists the posse's members, or the campaign's few posses,
or says the campaign has none yet (a misspelt --db file reads as an empty campaign). Exit 1,
one sentence, the campaign as it was.
"""

from __future__ import annotations

import copy

import pytest

from tests.conftest import DALTON, LAWMEN, Cli

D, L = DALTON["name"], LAWMEN["name"]
REPORT = {
    "scenario": "bounty",
    "posses": [D, L],
    "winner": L,
    "out_of_action": [{"posse": D, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}],
}


@pytest.fixture
def two(cli: Cli) -> Cli:
    cli.new_posse(DALTON)
    cli.new_posse(LAWMEN)
    return cli


def refused(cli: Cli, *argv: str) -> str:
    before = cli.state()
    result = cli(*argv)
    assert result.code == 1 and result.out == ""
    assert result.err.count("\n") == 1
    assert cli.state() == before
    return result.err.rstrip("\n")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["posse", "show", "last hope lawmen"], "; did you mean 'Last Hope Lawmen'?"),
        (["posse", "show", "Last Hope Lawman"], "; did you mean 'Last Hope Lawmen'?"),
        (["posse", "ledger", "Dalton"], "; did you mean 'The Dalton Boys'?"),
        (
            ["posse", "show", "Nobody"],
            "There is no posse named 'Nobody' in this campaign; its posses are "
            "'Last Hope Lawmen' and 'The Dalton Boys'.",
        ),
        (["posse", "buy", L, "doc h", "hatchet"], "no member named 'doc h'; did you mean 'Doc H'?"),
        (["flip", L, "wyatt", "--draw"], "; did you mean 'Wyatt'?"),
        (
            ["posse", "sell", L, "Zed", "pistol"],
            "Last Hope Lawmen has no member named 'Zed'; its members are 'Wyatt', 'Virgil', "
            "'Morgan', 'Doc H' and 'Texas Jack'.",
        ),
        (["posse", "buy", L, "Doc H", "Hatchet"], "ruleset; did you mean 'hatchet'?"),
        (["posse", "buy", L, "Doc H", "hunting knife"], "; did you mean 'hunting-knife'?"),
        (
            ["posse", "hire", L, "Gang member", "Bob"],
            "no role 'Gang member'; did you mean 'ganger'?",
        ),
        (["posse", "hire", L, "cook", "Bob"], "; the roles are leader, deputy, ganger."),
    ],
)
def test_a_name_not_found_says_the_one_meant_or_the_names_there_are(
    two: Cli, argv: list[str], said: str
) -> None:
    assert said in refused(two, *argv)


def test_an_empty_campaign_says_it_has_no_posses_yet(cli: Cli) -> None:
    """A misspelt --db opens an empty campaign: the refusal now says it is empty."""
    err = refused(cli, "posse", "show", "The Dalton Boys")
    assert (
        err
        == "There is no posse named 'The Dalton Boys' in this campaign, which has no posses yet."
    )


def test_a_report_naming_a_posse_or_member_in_another_case_says_the_one_meant(two: Cli) -> None:
    report = copy.deepcopy(REPORT)
    report["out_of_action"][0]["member"] = "kid"
    err = refused(two, "game", "record", two.file(report))
    assert err.endswith("who is not a member of The Dalton Boys; did you mean 'Kid'?")
    report = copy.deepcopy(REPORT)
    report["posses"] = [D, L.lower()]
    err = refused(two, "game", "record", two.file(report))
    assert err.endswith(f"among the posses that played, 'The Dalton Boys' and '{L.lower()}'.")
    report["winner"] = L.lower()
    report["out_of_action"] = []
    err = refused(two, "game", "record", two.file(report))
    assert err.endswith("which is not in this campaign; did you mean 'Last Hope Lawmen'?")


def test_a_misspelt_key_or_a_posse_in_another_case_in_a_report_says_the_one_meant(
    two: Cli,
) -> None:
    report = copy.deepcopy(REPORT)
    report["outofaction"] = report.pop("out_of_action")
    err = refused(two, "game", "record", two.file(report))
    assert err.endswith("has a key it does not take: 'outofaction'; did you mean 'out_of_action'?")
    report = copy.deepcopy(REPORT)
    report["out_of_action"][0]["posse"] = D.lower()
    err = refused(two, "game", "record", two.file(report))
    assert err.endswith(
        "which is not among the posses that played; did you mean 'The Dalton Boys'?"
    )


def test_a_misspelt_key_in_a_creation_request_says_the_one_meant(two: Cli) -> None:
    request = copy.deepcopy(DALTON)
    request["name"] = "The Dalton Girls"
    request["members"][0]["itmes"] = request["members"][0].pop("items")
    err = refused(two, "posse", "new", two.file(request))
    assert err == (
        "Member 1 of the creation request has a key it does not take: 'itmes'; "
        "did you mean 'items'?"
    )
