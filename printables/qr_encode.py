"""reportlab's own QR encoder, its mask choice made fast (issue 33, issue 34).

reportlab's `QRCode.make` places the data eight times, once under each mask, and scores each
symbol with its `QRUtil.getLostPoint`, all on lists of booleans: some 6.5 ms a code, which made
every card's back cost ten times its drawing. Here the symbol is the same reportlab symbol,
module for module: reportlab segments the text and computes the Reed-Solomon codewords
(`QRCode.createData`), and reportlab draws each version's frame once (its function patterns,
type information and data positions, kept per version and level). What is new is only the
arithmetic: each row is an int, a mask is an XOR, and reportlab's four penalty rules (its own
variants of them, quirks kept, so the same mask wins) are counted with regular expressions and
bit operations. `tests/printables/test_qr_encode.py` checks the result against `QRCode.make`
for random texts of every version a card or a journal can have.
"""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import reportlab.graphics


def _reportlab_qrencoder() -> ModuleType:
    """reportlab's QR encoder module (it imports only re and itertools), without the barcode
    package's own __init__, which imports every barcode widget and platypus: some 90 ms of a
    `print cards` for nothing a card needs. Where reportlab is not a folder of sources (the
    bundle), or once the package is imported anyway, it is the usual import."""
    name = "reportlab.graphics.barcode.qrencoder"
    source = Path(reportlab.graphics.__file__).parent / "barcode" / "qrencoder.py"
    spec = importlib.util.spec_from_file_location(name, source)
    if name in sys.modules or not source.is_file() or spec is None or spec.loader is None:
        from reportlab.graphics.barcode import qrencoder

        usual: ModuleType = qrencoder
        return usual
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # one module, whoever imports it later
    spec.loader.exec_module(module)
    return module


rl = _reportlab_qrencoder()

Rows = tuple[int, ...]  # a symbol's rows, bit n-1-col of row r is module (r, col), 1 for dark

# reportlab's rule 1: five or more modules of one colour in a line, run n costs n - 2
_RUN = re.compile("0{5,}|1{5,}")
# reportlab's rule 3: its one finder-like pattern, left to right only
_FINDER = re.compile("10111010000")


@dataclass(frozen=True)
class _Frame:
    """What every symbol of one version and level shares, read off reportlab's own drawing."""

    size: int
    # the data bits' places in reportlab's order: (row, shift) in the rows, (col, shift) in
    # the columns
    places: tuple[tuple[int, int, int, int], ...]
    masks: tuple[Rows, ...]  # per mask: the data modules it darkens
    test_base: Rows  # function patterns with blank type information (reportlab's test symbol)
    bases: tuple[Rows, ...]  # per mask: function patterns and that mask's type information
    masks_t: tuple[Rows, ...]  # the same three, transposed (columns as ints)
    test_base_t: Rows


def _as_rows(modules: list[list[bool]]) -> Rows:
    return tuple(int("".join("1" if m else "0" for m in row), 2) for row in modules)


def _transpose(rows: Rows, size: int) -> Rows:
    text = [format(r, f"0{size}b") for r in rows]
    return tuple(int("".join(t[c] for t in text), 2) for c in range(size))


@cache
def _frame(version: int, level: int) -> _Frame:
    q = rl.QRCode(version, level)
    codewords = sum(b.totalCount for b in rl.QRRSBlock.getRSBlocks(version, level))
    q.dataCache = [0] * codewords  # blank data: the frame is what makeImpl draws around it
    q.makeImpl(True, 0)  # sets the module count the data positions are read with
    size = q.moduleCount
    spots = q.dataPosIterator()  # (col, row), reportlab's placement order
    rows_blank = [0] * size
    for col, row in spots:
        rows_blank[row] |= 1 << (size - 1 - col)
    masks: list[Rows] = []
    for k in range(8):
        mask = rl.QRUtil.getMask(k)
        rows = [0] * size
        for col, row in spots:
            if mask(row, col):
                rows[row] |= 1 << (size - 1 - col)
        masks.append(tuple(rows))

    def function_rows(test: bool, k: int) -> Rows:
        q.makeImpl(test, k)
        return tuple(r & ~d for r, d in zip(_as_rows(q.modules), rows_blank, strict=True))

    test_base = function_rows(True, 0)
    bases = tuple(function_rows(False, k) for k in range(8))
    return _Frame(
        size=size,
        places=tuple((row, size - 1 - col, col, size - 1 - row) for col, row in spots),
        masks=tuple(masks),
        test_base=test_base,
        bases=bases,
        masks_t=tuple(_transpose(m, size) for m in masks),
        test_base_t=_transpose(test_base, size),
    )


def _lost_points(rows: Rows, cols: Rows, size: int) -> int:
    """reportlab's `QRUtil.getLostPoint` of the symbol whose rows and columns these are."""
    form = f"0{size}b"
    as_text = [format(r, form) for r in rows]
    lines = " ".join(as_text) + " " + " ".join([format(c, form) for c in cols])
    runs = _RUN.findall(lines)
    points = sum(map(len, runs)) - 2 * len(runs)
    # reportlab's scan stops one module short of a line's end (`while j < maxj`), and looks
    # only along rows: its column scan compares a tuple with a list, never equal
    points += 40 * len(_FINDER.findall(" ".join([t[:-1] for t in as_text])))
    pairs = (1 << (size - 1)) - 1  # a module and its right neighbour, for every column but one
    for upper, lower in itertools.pairwise(rows):
        same = ~(upper ^ lower)
        points += 3 * (same & ~(upper ^ (upper >> 1)) & ~(lower ^ (lower >> 1)) & pairs).bit_count()
    dark = sum(r.bit_count() for r in rows)
    return points + 10 * (abs(100 * dark // (size * size) - 50) // 5)


@cache
def _products(ec_count: int) -> tuple[tuple[int, ...], ...]:
    """For each byte f, f times reportlab's generator polynomial for ec_count codewords (past
    its leading 1), over its own log and exponent tables: the division's steps looked up."""
    poly = rl.QRUtil.getErrorCorrectPolynomial(ec_count)
    exp, log = rl.EXP_TABLE, rl.LOG_TABLE
    table: list[tuple[int, ...]] = [(0,) * ec_count]
    for f in range(1, 256):
        table.append(tuple(exp[(log[f] + log[g]) % 255] if g else 0 for g in poly.num[1:]))
    return tuple(table)


def _remainder(block: list[int], ec_count: int) -> list[int]:
    """The Reed-Solomon codewords of block: what reportlab's `QRPolynomial.mod` gives, by the
    usual shift register."""
    products = _products(ec_count)
    rem = [0] * ec_count
    for byte in block:
        step = products[byte ^ rem[0]]
        rem = [a ^ b for a, b in zip(rem[1:], step, strict=False)]
        rem.append(step[-1])
    return rem


def _codewords(version: int, level: int, segments: list[Any]) -> list[int]:
    """reportlab's `QRCode.createData`: its segments written, padded, blocked and interleaved
    with their error correction; only the division is done by `_remainder`."""
    blocks = rl.QRRSBlock.getRSBlocks(version, level)
    buffer = rl.QRBitBuffer()
    for segment in segments:
        segment.write(buffer, version)
    capacity = sum(b.dataCount for b in blocks)
    if buffer.getLengthInBits() + 4 <= capacity * 8:
        buffer.put(0, 4)  # the terminator, when it fits
    while buffer.getLengthInBits() % 8:
        buffer.putBit(False)
    data = list(buffer.buffer)
    pads = itertools.cycle((rl.QRCode.PAD0, rl.QRCode.PAD1))
    data += [next(pads) for _ in range(capacity - len(data))]
    data_blocks, ec_blocks, offset = [], [], 0
    for b in blocks:
        data_blocks.append(data[offset : offset + b.dataCount])
        ec_blocks.append(_remainder(data_blocks[-1], b.totalCount - b.dataCount))
        offset += b.dataCount
    return [
        d
        for column in itertools.chain(
            itertools.zip_longest(*data_blocks), itertools.zip_longest(*ec_blocks)
        )
        for d in column
        if d is not None
    ]


def _masked(base: Rows, raw: Rows | list[int], mask: Rows) -> Rows:
    """The symbol of raw data under mask, in base's frame."""
    return tuple(b | r ^ m for b, r, m in zip(base, raw, mask, strict=True))


def encode(text: str, level: str = "M") -> tuple[int, Rows]:
    """The QR version and rows reportlab's `QRCode.make` gives text at this correction level."""
    q = rl.QRCode(None, getattr(rl.QRErrorCorrectLevel, level))
    q.addData(text)
    version = q.calculate_version()
    frame = _frame(version, q.errorCorrectLevel)
    data = _codewords(version, q.errorCorrectLevel, q.dataList)
    raw = [0] * frame.size
    bits = [bool(byte & (0x80 >> i)) for byte in data for i in range(8)]
    # the places past the data (a version's remainder bits) stay light before masking
    raw_t = [0] * frame.size
    for (row, shift, col, shift_t), dark in zip(frame.places, bits, strict=False):
        if dark:
            raw[row] |= 1 << shift
            raw_t[col] |= 1 << shift_t
    best, best_points = 0, -1
    for k in range(8):  # reportlab's rule: the first mask of the fewest lost points
        rows = _masked(frame.test_base, raw, frame.masks[k])
        cols = _masked(frame.test_base_t, raw_t, frame.masks_t[k])
        points = _lost_points(rows, cols, frame.size)
        if best_points < 0 or points < best_points:
            best, best_points = k, points
    return version, _masked(frame.bases[best], raw, frame.masks[best])
