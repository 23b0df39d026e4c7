"""The posse's code on the journal's cover (issue 34): on the cover whatever the roster, its
modules at least 0.4 mm, read back from the rendered cover."""

from __future__ import annotations

import dataclasses
import io

import pdfplumber
import pypdfium2
import pytest
import zxingcpp

from printables.journal import write_journal
from printables.journal.code import JOURNAL_MODULE_MIN_MM
from printables.layout import mm
from rostermgr.cardcode import decode_any, encode_posse, posse_code
from rostermgr.journal import build_journal
from rostermgr.roster import Member, Posse
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


def _posse(members: int, name_len: int, posse_name: str) -> Posse:
    roles = ["leader", "deputy"] + ["ganger"] * (members - 2)
    people = tuple(
        Member(f"N{i:02d}" + "x" * (name_len - 3), role, id=i + 1) for i, role in enumerate(roles)
    )
    return Posse(posse_name, "outlawmen", people, 123, RULES.id, RULES.version, id=1)


@pytest.mark.parametrize(
    ("members", "name_len", "posse_name"),
    [(5, 6, "The Dalton Boys"), (8, 20, "P" * 60), (12, 40, "P" * 60)],
)
@pytest.mark.parametrize("booklet", [False, True])
def test_the_cover_carries_the_posses_code(members, name_len, posse_name, booklet) -> None:
    posse = _posse(members, name_len, posse_name)
    code = encode_posse(posse_code(posse, RULES, 4321), RULES)
    data = dataclasses.replace(build_journal(posse, [], RULES), code=code)
    out = io.BytesIO()
    write_journal(data, RULES, out, booklet=booklet)
    cover = pypdfium2.PdfDocument(out.getvalue())[0]
    for dpi in (300, 150):
        found = zxingcpp.read_barcodes(cover.render(scale=dpi / 72).to_pil())
        assert [f.text for f in found] == [code]
    assert decode_any(code, RULES) == posse_code(posse, RULES, 4321)
    if not booklet:  # an A5 cover: its modules measured in the PDF
        with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
            heights = {round(r["height"], 3) for r in pdf.pages[0].rects if r["height"] < 3}
        assert heights and min(heights) >= mm(JOURNAL_MODULE_MIN_MM) - 0.001
