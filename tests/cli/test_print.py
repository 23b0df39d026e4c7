"""`rostermgr print ...` on the command line (DESIGN 5, 6)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from tests.conftest import Cli


def test_r20_print_casualties_defaults_and_counts(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "cas.pdf"
    result = cli.ok("print", "casualties", "-o", str(out))
    assert "110 casualty markers on 1 page" in result.out
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    assert abs(float(reader.pages[0].mediabox.width) - 595.28) < 0.01
    letter = tmp_path / "l.pdf"
    cli.ok(
        "print",
        "casualties",
        "-o",
        str(letter),
        "--british",
        "250",
        "--paper",
        "letter",
        "--ink",
        "line-art",
    )
    assert abs(float(PdfReader(letter).pages[0].mediabox.height) - 792) < 0.01


def test_r20_bad_counts_are_refused_with_a_sentence(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "cas.pdf"
    result = cli("print", "casualties", "-o", str(out), "--british", "-3")
    assert result.code == 1 and result.err.count("\n") == 1 and not out.exists()
    assert cli("print", "casualties", "-o", str(out), "--ink", "neon").code == 2
