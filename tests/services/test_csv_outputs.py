"""One CSV writer for every --csv (export, stats, simulate): checked, whole, formula-safe."""

from __future__ import annotations

from pathlib import Path

import pytest

from rostermgr.errors import Refused
from services.outputs import CsvFile, write_csv_files
from tests.conftest import DALTON, Cli

FILES = [CsvFile("a.csv", ("x",), [("=1+1",), (3,)]), CsvFile("b.csv", ("y",), [(None,)])]


def test_both_files_are_written_with_formula_cells_as_text(tmp_path: Path) -> None:
    paths = write_csv_files(tmp_path / "out", FILES)
    assert [p.name for p in paths] == ["a.csv", "b.csv"]
    assert paths[0].read_bytes() == b"x\r\n'=1+1\r\n3\r\n"
    assert paths[1].read_bytes() == b'y\r\n""\r\n'


@pytest.mark.sqlite_only
def test_a_database_among_the_targets_refuses_all_before_any_write(
    cli: Cli, tmp_path: Path
) -> None:
    cli.new_posse(DALTON)
    out = tmp_path / "out"
    out.mkdir()
    (out / "b.csv").write_bytes(cli.db.read_bytes())
    with pytest.raises(Refused, match="SQLite database"):
        write_csv_files(out, FILES)
    with pytest.raises(Refused, match="campaign file"):
        write_csv_files(out, FILES, campaign=out / "b.csv")
    assert sorted(p.name for p in out.iterdir()) == ["b.csv"]


@pytest.mark.sqlite_only
def test_stats_csv_never_overwrites_a_campaign(cli: Cli, tmp_path: Path) -> None:
    cli.new_posse(DALTON)
    out = tmp_path / "stats"
    written = cli.ok("stats", "--csv", str(out))
    first = sorted(out.iterdir())[0]
    first.write_bytes(cli.db.read_bytes())
    result = cli("stats", "--csv", str(out))
    assert result.code == 1 and first.name in result.err, written.out
    assert first.read_bytes() == cli.db.read_bytes()


def _full_disk() -> list[tuple[object, ...]]:
    import errno

    raise OSError(errno.ENOSPC, "No space left on device")


class _Rows:
    """Rows whose reading fails as a full disk's write does."""

    def __iter__(self) -> object:
        return iter(_full_disk())


@pytest.mark.parametrize("fault", [OSError, KeyboardInterrupt])
def test_a_failed_write_leaves_no_folder_it_made(tmp_path: Path, fault: type) -> None:
    """A refused export into a new folder took nothing away, and left the empty folder."""

    class Failing:
        def __iter__(self) -> object:
            if fault is OSError:
                return iter(_full_disk())
            raise KeyboardInterrupt

    out = tmp_path / "new" / "csv"
    files = [FILES[0], CsvFile("b.csv", ("y",), Failing())]  # type: ignore[arg-type]
    with pytest.raises((Refused, KeyboardInterrupt)):
        write_csv_files(out, files)
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_into_a_folder_that_was_there_keeps_it(tmp_path: Path) -> None:
    out = tmp_path / "csv"
    out.mkdir()
    (out / "mine.txt").write_text("keep")
    files = [FILES[0], CsvFile("b.csv", ("y",), _Rows())]  # type: ignore[arg-type]
    with pytest.raises(Refused):
        write_csv_files(out, files)
    assert [p.name for p in out.iterdir()] == ["mine.txt"]
