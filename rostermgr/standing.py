"""A posse's standing in the campaign: playing, retired, or deleted (its history kept).

The standing is never stored: like the purse, it follows from the posse's history, whose
newest `retire`, `return` or `delete` line says what it is now. So retiring and deleting are
history lines like any other change, and undo takes them back like any other.
"""

from __future__ import annotations

from collections.abc import Iterable

PLAYING, RETIRED, DELETED = "playing", "retired", "deleted"
# the history kinds that set the standing, and the standing each sets
KINDS = {"retire": RETIRED, "return": PLAYING, "delete": DELETED}


def standing(kinds: Iterable[str]) -> str:
    """The standing the posse's history kinds (oldest first) leave it in."""
    now = PLAYING
    for kind in kinds:
        now = KINDS.get(kind, now)
    return now


def may_play(posse_standing: str) -> bool:
    """Only a posse still playing may be in a game's report (a retired one is brought back)."""
    return posse_standing == PLAYING


def play_refusal(posse_name: str, posse_standing: str) -> str:
    """Why the posse may not be named in a game's report, or '' when it may (`may_play`)."""
    if posse_standing == DELETED:
        return f"The report names {posse_name}, which was deleted; a deleted posse plays no more."
    if posse_standing == RETIRED:
        return (
            f"The report names {posse_name}, which is retired; bring it back to play "
            "(posse return) before it plays a game."
        )
    return ""


def trading_refusal(posse_name: str, posse_standing: str) -> str:
    """Why the posse may not buy, sell or hire now, or '' when it may.

    A retired posse is out of the campaign with its roster as it left: it plays no game
    (`may_play`) and trades nothing until it is brought back to play.
    """
    if posse_standing == RETIRED:
        return f"{posse_name} is retired: bring it back to play before it buys, sells or hires."
    return ""


def deleted_name(name: str, day: str, taken: Iterable[str]) -> str:
    """The name a deleted posse keeps, freeing its own for a new posse: 'Name (deleted DAY)'."""
    used = set(taken)
    candidate, n = f"{name} (deleted {day})", 1
    while candidate in used:
        n += 1
        candidate = f"{name} (deleted {day}, {n})"
    return candidate
