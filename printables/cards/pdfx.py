"""PDF/X-1a:2003 (ISO 15930-4) for the DriveThruCards file (issue 31, item 3).

`make_pdfx` turns a reportlab canvas into a PDF/X-1a:2003 writer: every colour it sets becomes
its designed CMYK twin (printables.cards.colours), the catalogue carries an output intent for
a CGATS TR 001 (SWOP) press, a characterisation registered with the ICC, so no profile need be
embedded, and the document information names the standard, says the file is not trapped, and
keeps its title and dates. reportlab already writes what else the standard asks of this file:
PDF 1.3 or 1.4, every font embedded, a document ID, no transparency, no encryption; the pages'
TrimBox and BleedBox are set by the shop writer.

`pdfx_problems` is the part of the shop preflight that reads the written file back: only CMYK
or grey colour, no colour over 240% total ink, the output intent and the version key there.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from printables.cards.colours import MAX_INK_PERCENT, cmyk_for

PDFX_VERSION = "PDF/X-1a:2003"
# The output condition: US web offset (SWOP), whose characterisation is CGATS TR 001 in the
# ICC's registry (http://www.color.org). DriveThruCards is a US printer and the part of its
# card specification issue 31 quotes names no condition; another press changes these lines.
OUTPUT_CONDITION_ID = "CGATS TR 001"
OUTPUT_CONDITION = "SWOP (Publication) Grade 1 Paper"
REGISTRY = "http://www.color.org"
INK_TOLERANCE = 0.5  # percent: the file writes each component to a few decimals


class _PDFXInfo(PDFInfo):
    """reportlab's document information with the PDF/X version key that ISO 15930-4 asks for."""

    def format(self, document: Any) -> bytes:
        formatted: bytes = super().format(document)
        # PDFInfo formats a dictionary; the standard's key goes in before its close.
        value: bytes = PDFString(PDFX_VERSION).format(document)
        head, _, tail = formatted.rpartition(b">>")
        return head + b"/GTS_PDFXVersion " + value + b"\n>>" + tail


def pdfx_canvas_options() -> dict[str, Any]:
    """Canvas keyword arguments of a PDF/X-1a file: every colour set through its CMYK twin."""
    return {"enforce_colour": cmyk_for}


def make_pdfx(c: Canvas) -> None:
    """Make the file c writes PDF/X-1a:2003 (c made with pdfx_canvas_options); call it before
    c.save(), after the title is set."""
    doc = c._doc
    catalog = doc.Catalog
    # reportlab's catalogue writes only the keys it lists: this one lists the output intents too
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray(
        [
            PDFDictionary(
                {
                    "Type": PDFName("OutputIntent"),
                    "S": PDFName("GTS_PDFX"),
                    "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION_ID),
                    "OutputCondition": PDFString(OUTPUT_CONDITION),
                    "RegistryName": PDFString(REGISTRY),
                    "Info": PDFString(f"{OUTPUT_CONDITION_ID}, {OUTPUT_CONDITION}"),
                }
            )
        ]
    )
    info = _PDFXInfo()
    info.__dict__.update(doc.info.__dict__)
    info.trapped = "False"
    doc.info = info


def pdfx_problems(data: bytes) -> list[str]:
    """What in a PDF/X-1a file written here a press would refuse: a colour neither CMYK nor grey,
    more than 240% total ink, a missing output intent or version. Empty when it passes."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    problems: list[str] = []
    trailer: Any = reader.trailer  # pypdf's objects are dictionaries mypy cannot see into
    info = trailer.get("/Info")
    if info is None or info.get_object().get("/GTS_PDFXVersion") != PDFX_VERSION:
        problems.append(f"the file does not say it is {PDFX_VERSION}")
    intents = trailer["/Root"].get("/OutputIntents")
    if not intents or not any(i.get_object().get("/S") == "/GTS_PDFX" for i in intents):
        problems.append("the file has no PDF/X output intent")
    worst = 0.0
    seen: set[int] = set()
    for number, page in enumerate(reader.pages, start=1):
        for operator, operands in _colour_operations(page, seen):
            if operator in (b"k", b"K"):
                worst = max(worst, 100 * sum(float(v) for v in operands))
            elif operator in (b"cs", b"CS") and operands[0] in _PRINTABLE_SPACES:
                continue  # the colours that follow are checked as they are set
            elif operator not in (b"g", b"G"):
                problems.append(
                    f"page {number} sets a colour that is not CMYK ({operator.decode()})"
                )
                break
    if worst > MAX_INK_PERCENT + INK_TOLERANCE:
        problems.append(f"a colour lays down {worst:.0f}% ink, more than {MAX_INK_PERCENT}%")
    return problems


# The operators that set a colour, and sh: a shading, which no card has.
_COLOUR_OPS = {b"k", b"K", b"g", b"G", b"rg", b"RG", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}
_COLOUR_OPS.add(b"sh")
_PRINTABLE_SPACES = ("/DeviceCMYK", "/DeviceGray")


def _colour_operations(page: Any, seen: set[int]) -> Iterator[tuple[bytes, list[Any]]]:
    """(operator, operands) of every colour a page sets, in its content and in the forms and
    images it draws (each form read once: `seen` holds those already read)."""
    from pypdf.generic import ContentStream

    def walk(content: Any, resources: Any) -> Iterator[tuple[bytes, list[Any]]]:
        if content is None:
            return
        stream = ContentStream(content, page.pdf)
        xobjects = resources.get("/XObject", {}) if resources else {}
        for operands, operator in stream.operations:
            if operator == b"INLINE IMAGE":  # pypdf's name for BI ... ID ... EI
                if operands["settings"].get("/CS") not in ("/CMYK", "/G", *_PRINTABLE_SPACES):
                    yield b"inline image", []
            elif operator in _COLOUR_OPS:
                yield operator, operands
            elif operator == b"Do":
                ref = xobjects.get(operands[0])
                if ref is None:
                    continue
                key = getattr(ref, "idnum", id(ref))
                xobject = ref.get_object()
                if xobject.get("/Subtype") == "/Image":
                    space = xobject.get("/ColorSpace")
                    if space not in _PRINTABLE_SPACES and not xobject.get("/ImageMask"):
                        yield b"image", []
                elif key not in seen:
                    seen.add(key)
                    yield from walk(xobject, xobject.get("/Resources"))

    yield from walk(page.get_contents(), page.get("/Resources"))
