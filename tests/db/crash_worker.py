"""Records games in a loop, acknowledging each after its commit, until it is killed."""

from __future__ import annotations

import sys
from pathlib import Path

from db.connection import open_campaign
from rostermgr.report import parse_report
from rostermgr.rules_load import default_ruleset
from tests.writes import record_game


def main(path: str, start: int) -> None:
    rules = default_ruleset()
    open_campaign(Path(path))
    n = start
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        n += 1
        report = {
            "date": "2026-01-01",
            "scenario": "other",
            "posses": ["A", "B"],
            "winner": "A",
            "notes": f"game {n}",
            "income": [{"posse": "A", "amount": 1, "reason": f"game {n}"}],
            "out_of_action": [
                {"posse": "B", "member": "Two", "by": {"posse": "A", "member": "Boss"}}
            ]
            if n % 7 == 0
            else [],
        }
        record_game(parse_report(report, rules), rules)
        sys.stdout.write(f"ack {n}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
