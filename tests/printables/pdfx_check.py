"""A PDF/X-1a:2003 conformance checker for the tests (no tests here), written from the
requirements of ISO 15930-4 that a file like ours can break, and Ghostscript's reading of it.

veraPDF checks PDF/A and PDF/UA, not PDF/X, and no PDF/X validator can be installed here, so
this reads the file with pypdf, independently of the writer (printables.cards.pdfx). What it
checks, by clause of the standard's summary of requirements:

- header version 1.3 or 1.4; no encryption; a document ID in the trailer;
- Info: Title, CreationDate, ModDate, GTS_PDFXVersion "PDF/X-1a:2003", Trapped True or False;
- exactly one GTS_PDFX output intent, with an OutputConditionIdentifier; a DestOutputProfile
  when that identifier is not a characterisation registered with the ICC;
- every page: MediaBox, a TrimBox or an ArtBox (not both), TrimBox inside BleedBox inside
  MediaBox;
- colour: only DeviceCMYK, DeviceGray (and Separation/DeviceN) in every content stream, form
  and image, no RGB, ICC-based, CIE or Lab colour, no shading or inline image in another space;
- no transparency: no soft mask, constant alpha below 1, blend mode other than Normal, or
  transparency group, on pages, forms, images or graphics states; no transfer functions;
- every font embedded (FontFile, FontFile2 or FontFile3; Type 3 fonts are their own);
- no JavaScript, actions, embedded files, PostScript XObjects or annotations inside the trim.

Not checked (our writer has none of them, and reading them needs a full PDF parser's
semantics): halftones, OPI, overprint mode details, the internals of embedded fonts.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

# Characterisations in the ICC's registry (http://www.color.org/registry) a card printer uses.
REGISTERED = {
    "CGATS TR 001",
    "CGATS TR 003",
    "CGATS TR 005",
    "CGATS TR 006",
    "FOGRA27",
    "FOGRA28",
    "FOGRA29",
    "FOGRA39",
    "FOGRA40",
    "FOGRA47",
    "FOGRA51",
    "FOGRA52",
    "JC200103",
    "JCW2003",
}
DEVICE_SPACES = {"/DeviceCMYK", "/DeviceGray", "/CMYK", "/G"}
OPERATORS_RGB = {b"rg", b"RG"}
MAX_INK = 240.0


def _boxes(page: Any) -> dict[str, list[float]]:
    return {
        k: [float(v) for v in page[k]]
        for k in ("/MediaBox", "/TrimBox", "/BleedBox", "/ArtBox")
        if k in page
    }


def _inside(inner: list[float], outer: list[float], tol: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - tol
        and inner[1] >= outer[1] - tol
        and inner[2] <= outer[2] + tol
        and inner[3] <= outer[3] + tol
    )


def _space_ok(space: Any) -> bool:
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, str):
        return space in DEVICE_SPACES
    if isinstance(space, list) and space:
        family = space[0]
        if family in ("/Separation", "/DeviceN"):
            return _space_ok(space[2])  # the alternate space
        if family == "/Indexed":
            return _space_ok(space[1])
    return False


class _Checker:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.reader = PdfReader(io.BytesIO(data))
        self.problems: list[str] = []
        self.seen: set[int] = set()
        self.max_ink = 0.0

    def fail(self, text: str) -> None:
        if text not in self.problems:
            self.problems.append(text)

    def run(self) -> list[str]:
        self.document()
        for n, page in enumerate(self.reader.pages, start=1):
            self.page(n, page)
        return self.problems

    def document(self) -> None:
        header = self.data[:9]
        if header not in (b"%PDF-1.3\n", b"%PDF-1.4\n") and not re.match(rb"%PDF-1\.[34]", header):
            self.fail(f"header {header!r}: PDF/X-1a:2003 is PDF 1.3 or 1.4")
        trailer = self.reader.trailer
        if "/Encrypt" in trailer:
            self.fail("the file is encrypted")
        ids = trailer.get("/ID")
        if not ids or len(ids) != 2:
            self.fail("no document ID in the trailer")
        info = trailer.get("/Info")
        info = info.get_object() if info is not None else {}
        for key in ("/Title", "/CreationDate", "/ModDate"):
            if not info.get(key):
                self.fail(f"Info has no {key[1:]}")
        if info.get("/GTS_PDFXVersion") != "PDF/X-1a:2003":
            self.fail(f"GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}")
        if info.get("/Trapped") not in ("/True", "/False"):
            self.fail(f"Trapped is {info.get('/Trapped')!r}, not True or False")
        root = trailer["/Root"].get_object()
        for key in ("/OpenAction", "/AA", "/JavaScript"):
            if key in root:
                self.fail(f"the catalogue has {key[1:]}")
        names = root.get("/Names")
        if names is not None and any(
            k in names.get_object() for k in ("/JavaScript", "/EmbeddedFiles")
        ):
            self.fail("the catalogue names JavaScript or embedded files")
        intents = [i.get_object() for i in (root.get("/OutputIntents") or [])]
        pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
        if len(pdfx) != 1:
            self.fail(f"{len(pdfx)} GTS_PDFX output intents, not one")
        for intent in pdfx:
            ident = intent.get("/OutputConditionIdentifier")
            if not ident:
                self.fail("the output intent has no OutputConditionIdentifier")
            elif ident not in REGISTERED and "/DestOutputProfile" not in intent:
                self.fail(
                    f"{ident!r} is not a registered characterisation and no profile is embedded"
                )
            if "/DestOutputProfile" in intent:
                profile = intent["/DestOutputProfile"].get_object()
                if profile.get("/N") != 4:
                    self.fail("the output profile is not a CMYK one")

    def page(self, n: int, page: Any) -> None:
        boxes = _boxes(page)
        if "/MediaBox" not in boxes:
            self.fail(f"page {n} has no MediaBox")
            return
        has_trim, has_art = "/TrimBox" in boxes, "/ArtBox" in boxes
        if has_trim == has_art:
            self.fail(f"page {n} must have a TrimBox or an ArtBox, one of them")
        bleed = boxes.get("/BleedBox", boxes["/MediaBox"])
        if not _inside(bleed, boxes["/MediaBox"]):
            self.fail(f"the BleedBox of page {n} is outside its MediaBox")
        if has_trim and not _inside(boxes["/TrimBox"], bleed):
            self.fail(f"the TrimBox of page {n} is outside its BleedBox")
        if "/Group" in page:
            self.fail(f"page {n} is a transparency group")
        if "/AA" in page:
            self.fail(f"page {n} has actions")
        trim = boxes.get("/TrimBox") or boxes.get("/ArtBox")
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            rect = [float(v) for v in annot.get("/Rect", [0, 0, 0, 0])]
            if (
                annot.get("/Subtype") != "/PrinterMark"
                and trim
                and not (
                    rect[2] <= trim[0]
                    or rect[0] >= trim[2]
                    or rect[3] <= trim[1]
                    or rect[1] >= trim[3]
                )
            ):
                self.fail(f"page {n} has an annotation inside its trim")
        self.content(f"page {n}", page.get_contents(), page.get("/Resources"))

    def resources(self, where: str, resources: Any) -> None:
        for name, space in (resources.get("/ColorSpace") or {}).items():
            if not _space_ok(space):
                self.fail(f"{where} names the colour space {name} that is not CMYK or grey")
        for name, state in (resources.get("/ExtGState") or {}).items():
            state = state.get_object()
            if state.get("/SMask", "/None") != "/None":
                self.fail(f"{where}: graphics state {name} has a soft mask")
            for key in ("/CA", "/ca"):
                if float(state.get(key, 1)) != 1:
                    self.fail(f"{where}: graphics state {name} has {key[1:]} below 1")
            if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
                self.fail(f"{where}: graphics state {name} blends")
            for key in ("/TR", "/TR2"):
                if key in state and state[key] != "/Default":
                    self.fail(f"{where}: graphics state {name} has a transfer function")
        for name, font in (resources.get("/Font") or {}).items():
            self.font(where, name, font.get_object())
        for name, shading in (resources.get("/Shading") or {}).items():
            if not _space_ok(shading.get_object().get("/ColorSpace")):
                self.fail(f"{where}: shading {name} is not CMYK or grey")

    def font(self, where: str, name: str, font: Any) -> None:
        if font.get("/Subtype") == "/Type3":
            return
        if font.get("/Subtype") == "/Type0":
            for descendant in font.get("/DescendantFonts") or []:
                self.font(where, name, descendant.get_object())
            return
        descriptor = font.get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            self.fail(f"{where}: font {font.get('/BaseFont', name)} is not embedded")

    def content(self, where: str, content: Any, resources: Any) -> None:
        resources = resources.get_object() if resources is not None else {}
        self.resources(where, resources)
        if content is None:
            return
        xobjects = resources.get("/XObject") or {}
        for operands, operator in ContentStream(content, self.reader).operations:
            if operator in OPERATORS_RGB:
                self.fail(f"{where} sets an RGB colour")
            elif operator in (b"cs", b"CS"):
                name = operands[0]
                if name not in DEVICE_SPACES and name not in (resources.get("/ColorSpace") or {}):
                    self.fail(f"{where} selects the colour space {name}")
            elif operator in (b"k", b"K"):
                self.max_ink = max(self.max_ink, 100 * sum(float(v) for v in operands))
            elif operator == b"PS":
                self.fail(f"{where} has PostScript")
            elif operator == b"INLINE IMAGE":
                space = operands["settings"].get("/CS", operands["settings"].get("/ColorSpace"))
                if not _space_ok(space):
                    self.fail(f"{where} has an inline image that is not CMYK or grey")
            elif operator == b"Do":
                ref = xobjects.get(operands[0])
                if ref is None:
                    self.fail(f"{where} draws {operands[0]}, which it does not have")
                    continue
                key = getattr(ref, "idnum", None)
                if key is not None and key in self.seen:
                    continue
                if key is not None:
                    self.seen.add(key)
                self.xobject(f"{where}, {operands[0]}", ref.get_object())

    def xobject(self, where: str, xobject: Any) -> None:
        kind = xobject.get("/Subtype")
        if kind == "/Image":
            if "/SMask" in xobject or ("/SMaskInData" in xobject and xobject["/SMaskInData"] != 0):
                self.fail(f"{where} is an image with a soft mask")
            if not xobject.get("/ImageMask") and not _space_ok(xobject.get("/ColorSpace")):
                self.fail(f"{where} is an image that is not CMYK or grey")
        elif kind == "/Form":
            if "/Group" in xobject:
                self.fail(f"{where} is a transparency group")
            self.content(where, xobject, xobject.get("/Resources"))
        elif kind == "/PS":
            self.fail(f"{where} is a PostScript XObject")


def pdfx1a_violations(data: bytes, max_ink: float = MAX_INK) -> list[str]:
    """Every way data breaks PDF/X-1a:2003 (above), and a colour over max_ink % total ink."""
    checker = _Checker(data)
    problems = checker.run()
    if checker.max_ink > max_ink + 0.5:
        problems.append(f"a colour lays down {checker.max_ink:.1f}% ink, over {max_ink:g}%")
    return problems


# Ghostscript: the interpreter a RIP is likeliest to be, reading the file as a press would.


def ghostscript() -> str | None:
    return shutil.which("gs")


def gs_report(path: Path) -> list[str]:
    """What Ghostscript finds wrong in reading the file: any error or warning of its PDF
    interpreter (it stops on the first), and from its -dPDFINFO report a font not embedded or a
    page without a TrimBox."""
    gs = ghostscript()
    assert gs is not None
    problems = []
    read = subprocess.run(
        [
            gs,
            "-q",
            "-dBATCH",
            "-dNOPAUSE",
            "-dSAFER",
            "-dPDFSTOPONERROR",
            "-dPDFSTOPONWARNING",
            "-sDEVICE=nullpage",
            str(path),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if read.returncode != 0 or read.stdout.strip() or read.stderr.strip():
        problems.append(
            f"Ghostscript reading it: {read.returncode} {read.stdout}{read.stderr}"[:500]
        )
    info = subprocess.run(
        [gs, "-dNODISPLAY", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dPDFINFO", str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    text = info.stdout + info.stderr
    pages = re.findall(r"^Page \d+ MediaBox:.*$", text, flags=re.M)
    if not pages:
        problems.append("Ghostscript's PDFINFO listed no page")
    problems += [f"Ghostscript: no TrimBox on {line}" for line in pages if "TrimBox" not in line]
    fonts = re.findall(
        r"^\s+(\S+)\s+(TrueType|Type1|Type1C|Type3|CIDFontType\d|Type0)\s+(.*)$", text, flags=re.M
    )
    if not fonts:
        problems.append("Ghostscript's PDFINFO listed no font")
    problems += [
        f"Ghostscript: font {name} is not embedded"
        for name, kind, rest in fonts
        if (kind != "Type3" and "Embedded" not in rest.split()) or "Not embedded" in rest
    ]
    return problems


def gs_max_ink(path: Path, folder: Path, dpi: int = 100) -> float:
    """The most ink (%) on any pixel of any page as Ghostscript separates it into CMYK
    (tiff32nc, no anti-aliasing, so every pixel is a colour the file sets)."""
    from PIL import Image

    gs = ghostscript()
    assert gs is not None
    pattern = folder / "sep-%03d.tif"
    subprocess.run(
        [
            gs,
            "-q",
            "-dBATCH",
            "-dNOPAUSE",
            "-dSAFER",
            "-sDEVICE=tiff32nc",
            f"-r{dpi}",
            f"-sOutputFile={pattern}",
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=600,
    )
    worst = 0
    for tif in sorted(folder.glob("sep-*.tif")):
        with Image.open(tif) as image:
            assert image.mode == "CMYK"
            colours = image.getcolors(maxcolors=1 << 24) or []
            worst = max([worst, *(sum(pixel) for _, pixel in colours)])
    return 100 * worst / 255
