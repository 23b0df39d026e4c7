"""A creation request, a posse file and a report are told apart (rostermgr.documents)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rostermgr.documents import CREATION_REQUEST, POSSE_FILE, REPORT, document_kind
from rostermgr.errors import InvalidFile
from rostermgr.exchange import validate_posse_file
from rostermgr.report import parse_report
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_creation
from tests.conftest import DALTON

RULES = default_ruleset()
EXPORT = {"format": "rostermgr-posse", "version": 1, "posse": {}, "members": []}
GAME = {"scenario": "bounty", "posses": ["A", "B"]}


def test_each_document_is_known_by_its_own_keys() -> None:
    assert document_kind(DALTON) == CREATION_REQUEST
    assert document_kind(EXPORT) == POSSE_FILE
    assert document_kind(GAME) == REPORT
    assert document_kind({"name": "x"}) is None
    assert document_kind([DALTON]) is None


@pytest.mark.parametrize(
    ("load", "doc", "said"),
    [
        (lambda d: validate_posse_file(d, RULES), DALTON, "this is a creation request"),
        (lambda d: validate_posse_file(d, RULES), GAME, "this is a post-game report"),
        (lambda d: plan_creation(d, RULES), EXPORT, "this is a posse file written by"),
        (lambda d: plan_creation(d, RULES), GAME, "this is a post-game report"),
        (lambda d: parse_report(d, RULES), DALTON, "this is a creation request (for `posse new`)"),
        (lambda d: parse_report(d, RULES), EXPORT, "(for `posse import`), not a post-game report."),
    ],
)
def test_a_document_of_another_kind_is_refused_as_that_kind(
    load: Callable[[dict], object], doc: dict, said: str
) -> None:
    with pytest.raises(InvalidFile) as refused:
        load(doc)
    assert said in str(refused.value) and "key it does not take" not in str(refused.value)
