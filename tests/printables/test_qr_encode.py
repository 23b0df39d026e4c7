"""The fast mask choice gives reportlab's own QR symbol, module for module (issues 33, 34)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.graphics.barcode.qr import QrCodeWidget

from printables.qr import module_runs
from printables.qr_encode import encode
from rostermgr.cardcode import grouped

BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def reportlab_symbol(text: str, level: str) -> tuple[int, tuple[int, ...]]:
    """What reportlab's `QRCode.make` draws: its version and its rows as ints."""
    widget = QrCodeWidget(text, barLevel=level)
    widget.qr.make()
    rows = tuple(int("".join("1" if m else "0" for m in row), 2) for row in widget.qr.modules)
    return int(widget.qr.version), rows


@settings(max_examples=300, deadline=None)
@given(st.text(BASE32, min_size=1, max_size=160), st.sampled_from("LMQH"))
def test_card_codes_are_reportlabs_symbol(text: str, level: str) -> None:
    """Base32 card codes (alphanumeric mode), every level, versions 1 to about 10."""
    assert encode(text, level) == reportlab_symbol(text, level)


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=120))
def test_byte_mode_texts_are_reportlabs_symbol(text: str) -> None:
    """Texts with lower case and punctuation (byte mode), as a posse's code may hold."""
    assert encode(text, "M") == reportlab_symbol(text, "M")


@settings(max_examples=60, deadline=None)
@given(st.text(BASE32, min_size=1, max_size=60))
def test_grouped_codes_are_reportlabs_symbol(text: str) -> None:
    """The grouped text form too (spaces put it in byte mode)."""
    assert encode(grouped(text), "M") == reportlab_symbol(grouped(text), "M")


def test_every_version_a_card_can_have() -> None:
    """Versions 1 to 7 at level M: each version's frame (and 7's version information) is right."""
    seen = set()
    for length in range(1, 160, 3):
        text = (BASE32 * 6)[:length]
        version, rows = encode(text, "M")
        assert (version, rows) == reportlab_symbol(text, "M")
        seen.add(version)
    assert {1, 2, 3, 4, 5, 6, 7} <= seen


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 41).flatmap(lambda n: st.lists(st.integers(0, 2**n - 1), min_size=n, max_size=n))
)
def testmodule_runs_are_each_rows_dark_runs(rows: list[int]) -> None:
    """Each run of dark modules is one `re` in module units, row by row, left to right: what
    a regular expression finds in each row's text (the way it was written before issue 33)."""
    size = len(rows)
    expected = [
        f"{run.start()} {-r - 1} {run.end() - run.start()} 1 re"
        for r, row in enumerate(rows)
        for run in re.finditer("1+", format(row, f"0{size}b"))
    ]
    assert module_runs(tuple(rows)) == "\n".join(expected)


@settings(max_examples=200, deadline=None)
@given(
    st.text("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", max_size=120), st.sampled_from("LMQH")
)
def test_alphanumeric_texts_are_reportlabs_symbol(text: str, level: str) -> None:
    """Every character of the alphanumeric mode, digits alone (numeric mode) and the empty
    text among them, to version 10 and past (where the count takes more bits)."""
    assert encode(text, level) == reportlab_symbol(text, level)
