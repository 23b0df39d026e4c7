"""reportlab's own QR encoder, its mask choice made fast (issue 33, issue 34).

reportlab's `QRCode.make` places the data eight times, once under each mask, and scores each
symbol with its `QRUtil.getLostPoint`, all on lists of booleans: some 6.5 ms a code, which made
every card's back cost ten times its drawing. Here the symbol is the same reportlab symbol,
module for module, in some 0.05 ms: reportlab segments the text (its `QR` data classes, which
write their bits into one int here, not a call per bit into its `QRBitBuffer`; a text in its
alphanumeric mode, as a card's code is, is written here the same way, pair by pair), its tables
give the blocks and the Galois field, and reportlab draws each version's frame once (its
function patterns, type information and data positions, kept per version and level). What is
new is only the arithmetic: the padding and the Reed-Solomon division of `QRCode.createData`
by table (the division's register one int), each codeword placed by two look-ups of its
halves, the whole symbol as one int, a mask as an XOR, and reportlab's four penalty rules
(its own variants of them, quirks kept, so the same mask wins) as shifts and bit counts.
`tests/printables/test_qr_encode.py` checks the result against `QRCode.make`
for random texts of every version a card or a journal can have.
"""

from __future__ import annotations

import importlib.util
import itertools
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

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


@dataclass(frozen=True)
class _Frame:
    """What every symbol of one version and level shares, read off reportlab's own drawing.

    A symbol is held as one int: row r's modules at bits r * (size + 1) to that plus size - 1,
    column c at bit size - 1 - c of its row, a light bit between rows so that nothing runs
    from one row into the next; the same for its columns (`_t`). A mask is then an XOR and
    each penalty rule a few shifts and a bit count over the whole symbol.
    """

    size: int
    places: tuple[tuple[int, int], ...]  # each data bit's place in rows and in columns
    masks: tuple[int, ...]  # per mask: the data modules it darkens
    test_base: int  # function patterns, type information blank (reportlab's test symbol)
    bases: tuple[int, ...]  # per mask: function patterns and that mask's type information
    masks_t: tuple[int, ...]
    test_base_t: int
    modules: int  # every module's bit (no gaps)
    squares: int  # the top left module of every 2 x 2 square
    finders: int  # where reportlab's rule 3 looks for its pattern's first module


def _joined(rows: Rows, size: int) -> int:
    return sum(row << (r * (size + 1)) for r, row in enumerate(rows))


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
    stride = size + 1
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
    full = (1 << size) - 1

    def every_row(bits: int, rows: int) -> int:
        return _joined((bits,) * rows, size)

    return _Frame(
        size=size,
        places=tuple(
            (row * stride + size - 1 - col, col * stride + size - 1 - row) for col, row in spots
        ),
        masks=tuple(_joined(m, size) for m in masks),
        test_base=_joined(test_base, size),
        bases=tuple(_joined(function_rows(False, k), size) for k in range(8)),
        masks_t=tuple(_joined(_transpose(m, size), size) for m in masks),
        test_base_t=_joined(_transpose(test_base, size), size),
        modules=every_row(full, size),
        # a square's top left (r, c) for r and c up to size - 2: bit size - 1 - c >= 1
        squares=every_row(full & ~1, size - 1),
        # reportlab's rule 3 starts at column j while j < size - 11: bit size - 1 - j >= 11
        finders=every_row(full & ~((1 << 11) - 1), size),
    )


def _run_points(lines: int) -> int:
    """Rule 1 along the lines of a symbol int of set modules: a run of n >= 5 costs n - 2."""
    fives = lines & (lines >> 1) & (lines >> 2) & (lines >> 3) & (lines >> 4)
    return fives.bit_count() + 2 * (fives & ~(fives >> 1)).bit_count()


@dataclass(frozen=True)
class _Quad:
    """A symbol's four views in one int, for scoring a mask in one pass (issue 33): its dark
    rows, light rows, dark columns and light columns, each `part` bits (a part ends with a row's
    light gap bit, so no run crosses into the next). `base` holds the function patterns' views
    (with the type information blank, as reportlab's test symbol), `masks` each mask's data
    modules in all four; a symbol's views are then base ^ data ^ mask."""

    part: int
    base: int
    masks: tuple[int, ...]


def _four(rows: int, rows_again: int, cols: int, cols_again: int, part: int) -> int:
    return rows | rows_again << part | cols << 2 * part | cols_again << 3 * part


@cache
def _quad(version: int, level: int) -> _Quad:
    f = _frame(version, level)
    part = f.size * (f.size + 1)
    light, light_t = f.modules ^ f.test_base, f.modules ^ f.test_base_t
    return _Quad(
        part=part,
        base=_four(f.test_base, light, f.test_base_t, light_t, part),
        masks=tuple(_four(m, m, m_t, m_t, part) for m, m_t in zip(f.masks, f.masks_t, strict=True)),
    )


def _lost_points(views: int, part: int, f: _Frame) -> int:
    """reportlab's `QRUtil.getLostPoint` of the symbol whose four views (`_Quad`) these are."""
    whole = (1 << part) - 1
    rows, light_rows = views & whole, views >> part & whole
    points = _run_points(views)  # rule 1 along dark and light rows and columns at once
    same_right = ~(rows ^ (rows << 1))  # a module's bit agrees with its right neighbour's
    same_below = ~(rows ^ (rows >> (f.size + 1)))
    square = same_right & same_below & (same_right >> (f.size + 1)) & f.squares
    points += 3 * square.bit_count()
    # Rule 3 along rows only (its column scan compares a tuple with a list, never equal); the
    # pattern (dark, light, dark, dark, dark, light, dark, then four light modules) cannot
    # overlap itself, so every match counts, as in reportlab's scan.
    dark = rows & rows << 2 & rows << 3 & rows << 4 & rows << 6
    light = light_rows << 1 & light_rows << 5 & light_rows << 7
    light &= light_rows << 8 & light_rows << 9 & light_rows << 10
    points += 40 * (f.finders & dark & light).bit_count()
    dark_count = rows.bit_count()
    return points + 10 * (abs(100 * dark_count // (f.size * f.size) - 50) // 5)


@cache
def _products(ec_count: int) -> tuple[int, ...]:
    """For each byte f, f times reportlab's generator polynomial for ec_count codewords (past
    its leading 1), over its own log and exponent tables, as one int of ec_count bytes (the
    first the highest): the division's steps looked up."""
    poly = rl.QRUtil.getErrorCorrectPolynomial(ec_count)
    exp, log = rl.EXP_TABLE, rl.LOG_TABLE
    table = [0]
    for f in range(1, 256):
        step = bytes(exp[(log[f] + log[g]) % 255] if g else 0 for g in poly.num[1:])
        table.append(int.from_bytes(step, "big"))
    return tuple(table)


def _remainder(block: bytes, ec_count: int) -> bytes:
    """The Reed-Solomon codewords of block: what reportlab's `QRPolynomial.mod` gives, by the
    usual shift register, its ec_count bytes held in one int."""
    products = _products(ec_count)
    shift, mask = 8 * (ec_count - 1), (1 << 8 * ec_count) - 1
    rem = 0
    for byte in block:
        rem = (rem << 8) & mask ^ products[byte ^ (rem >> shift)]
    return rem.to_bytes(ec_count, "big")


class _Bits:
    """reportlab's `QRBitBuffer` as its segments write it (`put` only), into one int: the same
    bits, without a Python call per bit."""

    __slots__ = ("length", "value")

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, num: int, length: int) -> None:
        """num's low length bits, the highest first (what `QRBitBuffer.put` writes)."""
        self.value = self.value << length | num & ((1 << length) - 1)
        self.length += length


_ALPHANUMERIC = {c: i for i, c in enumerate(rl.QRAlphaNum.chars)}
_DIGITS = frozenset("0123456789")


@cache
def _capacity(version: int, level: int) -> int:
    """A version's data codewords at this level (reportlab's blocks)."""
    return sum(b.dataCount for b in rl.QRRSBlock.getRSBlocks(version, level))


def _alphanumeric(text: str, level: int) -> tuple[int, _Bits] | None:
    """The version and written bits reportlab gives text that it puts in one alphanumeric
    segment (`QRAlphaNum`: not digits alone, which are numeric, and nothing outside its 45
    characters), in a version below 10; None for any other text, which reportlab writes.

    A card's code is such a text: its segment written here, pair by pair, rather than by
    reportlab's segment classes, which take as long as the rest of the code (issue 33).
    """
    values = [_ALPHANUMERIC.get(c, -1) for c in text]
    if -1 in values or _DIGITS.issuperset(text):
        return None
    length = 4 + 9 + 11 * (len(text) // 2) + 6 * (len(text) % 2)  # mode, count, pairs, odd
    # reportlab's calculate_version: the first version whose data capacity holds it
    version = next((v for v in range(1, 10) if length <= 8 * _capacity(v, level)), None)
    if version is None:  # a longer count field from version 10: reportlab's own way
        return None
    bits = _Bits()
    bits.put(rl.QRAlphaNum.mode, 4)
    bits.put(len(text), 9)
    for i in range(0, len(text) - 1, 2):
        bits.put(values[i] * 45 + values[i + 1], 11)
    if len(text) % 2:
        bits.put(values[-1], 6)
    return version, bits


def _codewords(version: int, level: int, buffer: _Bits) -> bytes:
    """reportlab's `QRCode.createData` of the segments written in buffer: padded, blocked and
    interleaved with their error correction; only the division is done by `_remainder`."""
    blocks = rl.QRRSBlock.getRSBlocks(version, level)
    capacity = sum(b.dataCount for b in blocks)
    if buffer.length + 4 <= capacity * 8:
        buffer.put(0, 4)  # the terminator, when it fits
    buffer.put(0, -buffer.length % 8)  # light bits up to a whole byte
    data = buffer.value.to_bytes(buffer.length // 8, "big")
    pads = (rl.QRCode.PAD0, rl.QRCode.PAD1) * (capacity - len(data))
    data += bytes(pads[: capacity - len(data)])
    data_blocks, ec_blocks, offset = [], [], 0
    for b in blocks:
        data_blocks.append(data[offset : offset + b.dataCount])
        ec_blocks.append(_remainder(data_blocks[-1], b.totalCount - b.dataCount))
        offset += b.dataCount
    return bytes(
        d
        for column in itertools.chain(
            itertools.zip_longest(*data_blocks), itertools.zip_longest(*ec_blocks)
        )
        for d in column
        if d is not None
    )


@cache
def _placed(version: int, level: int) -> tuple[tuple[int, ...], ...]:
    """For each codeword's high and low half (in that order, codeword by codeword) and each
    value of it, its dark bits placed in the symbol's rows and in its columns (per value:
    rows, then columns): a codeword is placed by two look-ups, not bit by bit."""
    f = _frame(version, level)
    halves: list[tuple[int, ...]] = []
    for start in range(0, len(f.places), 4):
        places = f.places[start : start + 4]  # the half's bits, its highest first
        table: list[int] = []
        for value in range(16):
            rows = cols = 0
            for i, (place, place_t) in enumerate(places):
                if value & (8 >> i):
                    rows |= 1 << place
                    cols |= 1 << place_t
            table += (rows, cols)
        halves.append(tuple(table))
    return tuple(halves)


def encode(text: str, level: str = "M") -> tuple[int, Rows]:
    """The QR version and rows reportlab's `QRCode.make` gives text at this correction level."""
    correction = getattr(rl.QRErrorCorrectLevel, level)
    written = _alphanumeric(text, correction)
    if written is None:
        q = rl.QRCode(None, correction)
        q.addData(text)
        version, bits = q.calculate_version(), _Bits()
        for segment in q.dataList:
            segment.write(bits, version)
    else:
        version, bits = written
    f = _frame(version, correction)
    halves = _placed(version, correction)
    # the places past the data (a version's remainder bits) stay light before masking
    raw = raw_t = 0
    # every codeword has its 8 places (past them, a version's 0 to 7 remainder bits)
    for i, byte in enumerate(_codewords(version, correction, bits)):
        high, low = byte >> 3 & 0x1E, byte << 1 & 0x1E  # two ints a value: rows, columns
        hi, lo = halves[2 * i], halves[2 * i + 1]
        raw |= hi[high] | lo[low]
        raw_t |= hi[high + 1] | lo[low + 1]
    quad = _quad(version, correction)
    data = quad.base ^ _four(raw, raw, raw_t, raw_t, quad.part)
    best, best_points = 0, -1
    for k, mask in enumerate(quad.masks):  # reportlab's rule: the first of the fewest points
        points = _lost_points(data ^ mask, quad.part, f)
        if best_points < 0 or points < best_points:
            best, best_points = k, points
    symbol = f.bases[best] | raw ^ f.masks[best]
    full, stride = (1 << f.size) - 1, f.size + 1
    return version, tuple(symbol >> (r * stride) & full for r in range(f.size))
