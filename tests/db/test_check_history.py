"""`check` finds what import refuses (item 7): flips, upgrades, history data, ledger amounts."""

from __future__ import annotations

import pytest

from tests.conftest import Cli

EDITS = {
    "flips never earned (R15)": (
        "UPDATE member SET flips = 1000 WHERE name = 'Kid'",
        "Kid of The Dalton Boys has 1000 unspent flips; the history earns 0 and spends 0 (R15).",
    ),
    "an upgrade no flip told (R15)": (
        "INSERT INTO upgrade (member_id, stat, card) "
        "SELECT id, 'shot', '7H' FROM member WHERE name = 'Kid'",
        "Kid of The Dalton Boys has upgrades the history of flips does not tell (R15).",
    ),
    "a pending card with no flip (R15)": (
        "UPDATE member SET pending_card = '7H' WHERE name = 'Kid'",
        "Kid of The Dalton Boys waits on 7H; the history leaves no card waiting (R15).",
    ),
    "history amount as text": (
        "UPDATE history SET data = '{\"amount\": \"lots\"}' WHERE kind = 'buy'",
        "has 'amount' 'lots'; it must be a whole number of dollars.",
    ),
    "history data not JSON": (
        "UPDATE history SET data = 'nope' WHERE kind = 'created'",
        "has data that is not a JSON object.",
    ),
    "a ledger amount that is not whole (R16)": (
        "UPDATE ledger SET amount = 2.5 WHERE id = 1",
        "Row 1 of ledger has amount 2.5, not a whole number.",
    ),
}


@pytest.mark.parametrize("kind", list(EDITS))
def test_check_finds_history_and_flips_edited_by_hand(
    cli: Cli, dalton: dict, kind: str, engine: str
) -> None:
    cli.new_posse(dalton)
    assert cli("check").code == 0
    sql, sentence = EDITS[kind]
    cli.sql(sql)
    if engine == "postgresql" and "not whole" in kind:
        # Inherent: PostgreSQL's integer column rounds 2.5 as it stores it (SQLite's keeps
        # the REAL), so no amount that is not whole can be there for check to find.
        assert cli.sql("SELECT amount FROM ledger WHERE id = 1") == [(3,)]
        return
    result = cli("check")
    assert result.code == 1
    assert sentence in result.out, result.out
