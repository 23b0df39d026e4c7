"""`posse image`, `posse html` and `export --csv` (issue 20): share a posse, tabulate a campaign."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import Cli

D, L = "The Dalton Boys", "Last Hope Lawmen"
HOSTILE = 'Kid <script>alert("x")</script> & Sons'
HOSTILE_MEMBER = "Doc & <b>Holliday</b>"
FORMULA = "=HYPERLINK(1)"


def _hostile(dalton: dict) -> dict:
    dalton["name"] = HOSTILE
    dalton["members"][4]["name"] = HOSTILE_MEMBER
    dalton["members"][3]["name"] = FORMULA
    return dalton


class _Page(HTMLParser):
    """Every tag, attribute and text run of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.extend(v or "" for _, v in attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_posse_image_is_a_phone_wide_picture_that_is_not_blank(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(_hostile(dalton))
    out = tmp_path / "posse.png"
    assert "as a picture" in cli.ok("posse", "image", HOSTILE, "-o", str(out)).out
    with Image.open(out) as image:
        assert image.format == "PNG" and image.width == 1080
        assert image.height > 1080  # five members' stat lines: taller than wide, for a phone
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000)
        assert colours is not None and len(colours) > 50  # text, bands, cards: not one colour
        ink = image.convert("L").point(lambda v: 255 if v < 80 else 0).getbbox()
        assert ink is not None  # dark text was drawn
    narrow = tmp_path / "narrow.png"
    cli.ok("posse", "image", HOSTILE, "-o", str(narrow), "--width", "480")
    with Image.open(narrow) as image:
        assert image.width == 480


def test_posse_image_refuses_a_bad_width_or_posse_and_writes_nothing(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    out = tmp_path / "posse.png"
    result = cli("posse", "image", D, "-o", str(out), "--width", "5")
    assert result.code == 1 and "width" in result.err and result.err.count("\n") == 1
    result = cli("posse", "image", "Nobody", "-o", str(out))
    assert result.code == 1 and result.err.count("\n") == 1
    assert cli("posse", "image", D, "-o", str(tmp_path)).code == 1
    assert not out.exists() and not list(tmp_path.glob(".*.tmp"))
    assert cli("posse", "image", D, "-o", str(out), "--width", "wide").code == 2


def test_posse_html_escapes_every_name_and_fetches_nothing(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(_hostile(dalton))
    out = tmp_path / "posse.html"
    cli.ok("posse", "html", HOSTILE, "-o", str(out))
    text = out.read_text(encoding="utf-8")
    page = _Page()
    page.feed(text)
    page.close()
    assert "script" not in page.tags and "b" not in page.tags  # the names stayed text
    assert not any(a.startswith(("http", "//")) for a in page.attrs)
    words = "".join(page.text)
    for name in (HOSTILE, HOSTILE_MEMBER, FORMULA, "Ike Dalton", "Outlawmen", "Revolver"):
        assert name in words
    assert "http:" not in text and "https:" not in text and "url(" not in text
    assert "<script" not in text and "@import" not in text and "<link" not in text
    assert "purse $" in words and "strikes 0 of 3" in words


def _read(folder: Path, name: str) -> list[dict[str, str]]:
    with (folder / f"{name}.csv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_export_csv_writes_every_table_and_reads_back_as_the_campaign(
    cli: Cli, dalton: dict, lawmen: dict, tmp_path: Path
) -> None:
    cli.new_posse(_hostile(dalton))
    cli.new_posse(lawmen)
    report = {
        "date": "2025-12-01",
        "scenario": "bloodbath",
        "posses": [HOSTILE, L],
        "winner": L,
        "out_of_action": [
            {"posse": HOSTILE, "member": "Kid", "by": {"posse": L, "member": "Wyatt"}}
        ],
        "income": [{"posse": HOSTILE, "amount": 10, "reason": "stagecoach"}],
    }
    cli.ok("game", "record", cli.file(report))
    folder = tmp_path / "sheets"
    result = cli.ok("export", "--csv", str(folder))
    assert "Wrote 7 CSV files" in result.out
    posses = _read(folder, "posses")
    rows = cli.sql("SELECT id, name, faction FROM posse ORDER BY id")
    assert [(int(p["id"]), p["name"], p["faction"]) for p in posses] == rows
    for p in posses:
        shown = cli.ok("posse", "show", p["name"], "--json").json()
        assert int(p["purse"]) == shown["purse"]
    members = _read(folder, "members")
    rows = cli.sql("SELECT id, posse_id, name, injuries, flips FROM member ORDER BY id")
    expected = [
        (i, pid, "'" + n if n.startswith("=") else n, inj, fl) for i, pid, n, inj, fl in rows
    ]
    got = [
        (int(m["id"]), int(m["posse_id"]), m["name"], int(m["injuries"]), int(m["flips"]))
        for m in members
    ]
    assert got == expected
    assert any(m["name"] == HOSTILE_MEMBER for m in members)
    items = _read(folder, "items")
    assert [(int(i["id"]), int(i["member_id"]), i["item"]) for i in items] == cli.sql(
        "SELECT id, member_id, item FROM member_item ORDER BY id"
    )
    ledger = _read(folder, "ledger")
    assert [(int(e["id"]), int(e["amount"]), e["reason"]) for e in ledger] == cli.sql(
        "SELECT id, amount, reason FROM ledger ORDER BY id"
    )
    games = _read(folder, "games")
    assert len(games) == 1 and games[0]["winner"] == L and HOSTILE in games[0]["posses"]
    history = _read(folder, "history")
    assert [(int(h["id"]), h["text"]) for h in history] == cli.sql(
        "SELECT id, text FROM history ORDER BY id"
    )
    assert (folder / "upgrades.csv").read_text(encoding="utf-8").startswith("id,member_id,")


def test_export_csv_refuses_a_file_as_the_folder(cli: Cli, dalton: dict, tmp_path: Path) -> None:
    cli.new_posse(dalton)
    target = tmp_path / "taken"
    target.write_text("mine", encoding="utf-8")
    result = cli("export", "--csv", str(target))
    assert result.code == 1 and result.err.count("\n") == 1
    assert target.read_text(encoding="utf-8") == "mine"
    assert cli("export").code == 2


def test_export_csv_formula_cells_are_text_but_numbers_stay_numbers() -> None:
    from services.outputs import csv_cell as cell

    assert cell("=1+1") == "'=1+1" and cell("@cmd") == "'@cmd" and cell("Kid") == "Kid"
    assert cell(-8) == -8 and cell(None) == ""
    buffer = io.StringIO()
    csv.writer(buffer).writerow([cell(v) for v in ("-3 dollars", 5)])
    assert buffer.getvalue().startswith("'-3 dollars,5")


def test_export_csv_writes_none_of_the_files_when_one_cannot_be(
    cli: Cli, dalton: dict, tmp_path: Path
) -> None:
    cli.new_posse(dalton)
    folder = tmp_path / "sheets"
    (folder / "members.csv").mkdir(parents=True)
    result = cli("export", "--csv", str(folder))
    assert result.code == 1 and "members.csv" in result.err and result.err.count("\n") == 1
    assert sorted(p.name for p in folder.iterdir()) == ["members.csv"]


def test_export_csv_a_full_disk_mid_way_leaves_no_file(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch
) -> None:
    import errno

    import services.outputs

    cli.new_posse(dalton)
    real = services.outputs.csv_cell

    def full(value: object) -> object:
        if value == "hunting-knife":  # a cell of items.csv, the third file
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(value)

    monkeypatch.setattr(services.outputs, "csv_cell", full)
    folder = tmp_path / "sheets"
    result = cli("export", "--csv", str(folder))
    assert result.code == 1 and "disk is full" in result.err
    # neither the first two files nor any temporary one, nor the folder the export made
    assert not folder.exists()


def test_posse_image_a_fault_while_painting_is_no_refusal(
    cli: Cli, dalton: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ValueError inside the painting (Pillow's, say) is an internal error, not a sentence
    that blames the width; the refusal of a bad width stays one (the test above)."""
    from printables.share import image

    def fails(*args: object) -> float:
        raise ValueError("bad value in Pillow")

    cli.new_posse(dalton)
    monkeypatch.setattr(image, "_paint", fails)
    out = tmp_path / "posse.png"
    result = cli("posse", "image", D, "-o", str(out))
    assert result.code == 1 and not out.exists() and result.err.count("\n") == 1
    assert result.err.startswith(
        "rostermgr hit an internal error (ValueError: bad value in Pillow)"
    )
