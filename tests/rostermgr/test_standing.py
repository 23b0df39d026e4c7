"""A posse's standing follows from its history, like its purse from its ledger."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rostermgr.standing import DELETED, PLAYING, RETIRED, deleted_name, may_play, standing


def test_the_newest_standing_line_decides() -> None:
    assert standing([]) == PLAYING
    assert standing(["created", "buy", "retire"]) == RETIRED
    assert standing(["retire", "return", "game"]) == PLAYING
    assert standing(["retire", "delete"]) == DELETED
    assert may_play(PLAYING) and not may_play(RETIRED) and not may_play(DELETED)


@given(st.lists(st.sampled_from(["retire", "return", "delete", "buy", "game"])))
def test_any_history_ends_in_the_standing_of_its_last_standing_line(kinds: list[str]) -> None:
    last = [k for k in kinds if k in ("retire", "return", "delete")]
    expected = {"retire": RETIRED, "return": PLAYING, "delete": DELETED}
    assert standing(kinds) == (expected[last[-1]] if last else PLAYING)


def test_a_deleted_name_is_never_one_taken() -> None:
    taken = ["Kid (deleted 2026-12-01)"]
    assert deleted_name("Kid", "2026-12-01", taken) == "Kid (deleted 2026-12-01, 2)"
    assert deleted_name("Kid", "2026-12-02", taken) == "Kid (deleted 2026-12-02)"
