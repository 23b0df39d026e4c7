"""`rostermgr fh odds ...` (issue 32 item 8): Forlorn Hope's exact chances on the command line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cli as cli_module

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "forlorn-hope.toml"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli_module.main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_fire_at_a_range_with_a_man_short() -> None:
    code, out, err = run("fh", "odds", "fire", "musket", "--range", "8", "--short", "1")
    assert (code, err) == (0, "")
    # 6-10": 2 dice hitting on 4+; a man short makes it 5+ (a 6 always hits): 1/3 a die
    assert 'Musket at 8": 2 D6, hit on 4+ with -1 a die' in out
    assert "33.33% a die" in out
    assert "0 hits: 44.44%" in out and "2 hits: 11.11%" in out  # (2/3)^2 and (1/3)^2
    assert "Each hit on the hit table: no effect 16.67%, wounded 33.33%" in out


def test_hand_to_hand_with_modifiers_on_each_side() -> None:
    code, out, err = run("fh", "odds", "melee", "--attacker", "charging", "--defender", "obstacle")
    assert (code, err) == (0, "")
    # D6+2 against D6+3: the attacker wins 10 of 36, ties 5, loses 21
    assert "Attacker wins 27.78%" in out and "Defender wins 58.33%" in out
    assert "Equal totals 13.89%" in out


def test_morale_and_the_event_check() -> None:
    code, out, _ = run("fh", "odds", "morale", "british", "--hits", "4", "--kills", "2")
    assert code == 0 and "Morale 15 -4 (4 hits) -2 (2 kills) = 9" in out
    assert "Passes 80.00%" in out
    code, out, _ = run("fh", "odds", "event")
    assert code == 0 and "14 in 36 (38.89%)" in out


def test_house_rules_from_a_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        SHIPPED.read_text(encoding="utf-8").replace("totals = [7, 11]", "totals = [7]"),
        encoding="utf-8",
    )
    code, out, _ = run("fh", "--rules", str(house), "odds", "event")
    assert code == 0 and "12 in 36" in out  # six 7s and six doubles


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("fire", "musket", "--range", "61"), "out of range"),
        (("fire", "cannon", "--range", "3"), "no fire table 'cannon'"),
        (("fire", "pistol", "--range", "3", "--short", "1"), "fires alone"),
        (("melee", "--attacker", "flying"), "no hand-to-hand modifier 'flying'"),
        (("melee", "--attacker", "bayonet", "bayonet"), "counts once"),
    ],
)
def test_a_refusal_is_one_sentence_and_exit_1(argv: tuple[str, ...], words: str) -> None:
    code, out, err = run("fh", "odds", *argv)
    assert code == 1 and out == "" and words in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_broken_rules_file_is_refused_naming_it(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[game\n", encoding="utf-8")
    code, _, err = run("fh", "--rules", str(broken), "odds", "event")
    assert code == 1 and "broken.toml" in err and err.count("\n") == 1


def test_print_fh_reference_writes_the_sheet(tmp_path: Path) -> None:
    target = tmp_path / "fh.pdf"
    code, out, err = run("print", "fh-reference", "-o", str(target), "--paper", "letter")
    assert (code, err) == (0, "")
    assert out == f"Wrote the quick reference of Forlorn Hope seed-002 (2 pages) to {target}.\n"
    assert target.read_bytes().startswith(b"%PDF-")


def test_print_fh_reference_with_a_broken_file_writes_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(
        SHIPPED.read_text(encoding="utf-8").replace("roll = [5, 6]", "roll = [5]"),
        encoding="utf-8",
    )
    target = tmp_path / "fh.pdf"
    code, out, err = run("print", "fh-reference", "-o", str(target), "--rules", str(broken))
    assert code == 1 and out == "" and "broken.toml" in err and "every face" in err
    assert not target.exists()


def test_print_fh_orders_writes_the_rosters(tmp_path: Path) -> None:
    target = tmp_path / "orders.pdf"
    code, out, err = run("print", "fh-orders", "-o", str(target), "--ink", "line-art")
    assert (code, err) == (0, "")
    assert out == f"Wrote the orders of battle of Forlorn Hope: 9 units on 3 pages, to {target}.\n"
    assert target.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('count = 20, kind = "crew"', 'count = 20, kind = "gunners"', "must be one of men"),
        ('side = "french"   #', "#", "no [[groups]] entry gives the side 'french'"),
        ("turns = 10 ", "turns = 0 ", "turns"),
    ],
)
def test_print_fh_orders_with_a_broken_file_writes_nothing(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace(old, new), encoding="utf-8")
    target = tmp_path / "orders.pdf"
    code, out, err = run("print", "fh-orders", "-o", str(target), "--rules", str(broken))
    assert code == 1 and out == "" and "broken.toml" in err and words in err
    assert err.count("\n") == 1
    assert not target.exists()


def test_print_fh_markers_titled_for_the_siege(tmp_path: Path) -> None:
    target = tmp_path / "markers.pdf"
    code, out, err = run("print", "fh-markers", "-o", str(target), "--siege", "badajoz")
    assert (code, err) == (0, "")
    assert out == f"Wrote 58 Forlorn Hope markers on 1 page to {target}.\n"
    assert target.read_bytes().startswith(b"%PDF-")


def test_print_fh_markers_refuses_an_unknown_siege_and_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "markers.pdf"
    code, out, err = run("print", "fh-markers", "-o", str(target), "--siege", "vitoria")
    assert (code, out) == (1, "")
    assert err == "There is no siege 'vitoria'; choose ciudad-rodrigo or badajoz.\n"
    assert not target.exists()


def test_print_casualties_is_titled_for_the_siege_chosen(tmp_path: Path) -> None:
    import pdfplumber

    from rostermgr.forlorn import default_forlorn_rules

    sieges = default_forlorn_rules().markers.sieges
    for siege, expected in ((None, next(iter(sieges.values()))), ("badajoz", sieges["badajoz"])):
        target = tmp_path / f"{siege}.pdf"
        more = ["--siege", siege] if siege else []
        code, _, err = run("print", "casualties", "-o", str(target), "--british", "8", *more)
        assert (code, err) == (0, "")
        with pdfplumber.open(target) as pdf:
            assert f"{expected} · page 1 of 1" in (pdf.pages[0].extract_text() or "")
    code, out, err = run("print", "casualties", "-o", str(tmp_path / "x.pdf"), "--siege", "x")
    assert (code, out) == (1, "") and err.startswith("There is no siege 'x'")
    assert not (tmp_path / "x.pdf").exists()
