"""The layers of DESIGN 1 hold: the import contracts pass, and they break on a wrong import."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rostermgr", "db", "printables", "services", "cli", "ui")
LINT = Path(sys.executable).with_name("lint-imports")


def _imports(path: Path) -> set[str]:
    """The top-level modules a file imports, relative imports left out."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_domain_imports_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) | {"rostermgr", "__future__"}
    for path in sorted((ROOT / "rostermgr").rglob("*.py")):
        outside = _imports(path) - allowed
        assert not outside, f"{path.relative_to(ROOT)} imports {sorted(outside)}"


def test_no_front_end_module_imports_storage_or_printing() -> None:
    for front in ("ui", "cli"):
        for path in sorted((ROOT / front).rglob("*.py")):
            wrong = _imports(path) & {"db", "printables", "peewee", "reportlab"}
            assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def _copy(tmp: Path) -> Path:
    tree = tmp / "tree"
    tree.mkdir()
    shutil.copy(ROOT / "pyproject.toml", tree)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tree / package, ignore=shutil.ignore_patterns("*.pyc"))
    return tree


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT), "--no-cache"], cwd=tree, capture_output=True, text=True, check=False
    )


@pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed beside Python")
def test_the_contracts_break_on_a_wrong_import_in_each_layer(tmp_path: Path) -> None:
    tree = _copy(tmp_path)
    kept = _lint(tree)
    assert kept.returncode == 0, kept.stdout
    wrong = {
        "rostermgr/roster.py": "import db.models",
        "ui/models.py": "import db.posses",
        "cli/posse.py": "import printables.cards",
        "services/stats.py": "import ui.models",
        "db/posses.py": "import printables.text",
        "services/games.py": "from db import models",
        "services/flips.py": "import peewee",
    }
    for file, line in wrong.items():
        path = tree / file
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}  # deliberate\n", "utf-8")
    broken = _lint(tree)
    assert broken.returncode != 0
    for contract in (
        "The domain imports no other layer and no framework BROKEN",
        "The window reaches storage and printing only through the use cases BROKEN",
        "The command line reaches storage and printing only through the use cases BROKEN",
        "The use cases never import Qt or a front end BROKEN",
        "db and printables never import each other BROKEN",
        "The use cases reach the store only through db, never peewee or its models BROKEN",
    ):
        assert contract in broken.stdout, broken.stdout


def test_every_use_case_module_imports_on_its_own() -> None:
    """A module of services or cli imported first, in a fresh interpreter, imports: no cycle
    between the use cases hides behind the order other tests happen to import them in."""
    modules = [
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for package in ("services", "cli")
        for p in sorted((ROOT / package).rglob("*.py"))
        if p.name != "__init__.py"
    ]
    script = (
        "import importlib, subprocess, sys\n"
        "bad = []\n"
        "for name in sys.argv[1:]:\n"
        "    done = subprocess.run([sys.executable, '-c', f'import {name}'], capture_output=True)\n"
        "    if done.returncode:\n"
        "        bad.append(name + ': ' + done.stderr.decode().strip().splitlines()[-1])\n"
        "print('\\n'.join(bad))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *modules], cwd=ROOT, capture_output=True, text=True
    )
    assert done.stdout.strip() == "", done.stdout


PLANNERS = {
    "db/games.py": "rostermgr.postgame",
    "db/posses.py": "rostermgr.shop",
    "db/flips.py": "rostermgr.advancement",
    "db/rulesets.py": "rostermgr.adoption",
    "db/exchange.py": "rostermgr.exchange",
    "db/stats.py": "rostermgr.simulate",
}


@pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed beside Python")
def test_a_planner_imported_by_db_breaks_its_contract(tmp_path: Path) -> None:
    """db writes the plans the use cases made: each planner module it imported, directly or
    through a value module, would break the contract (and the values it does use keep it)."""
    tree = _copy(tmp_path)
    kept = _lint(tree)
    assert "db stores what the use cases planned: it never imports a planner KEPT" in kept.stdout
    for file, planner in PLANNERS.items():
        path = tree / file
        path.write_text(path.read_text(encoding="utf-8") + f"\nimport {planner}  # deliberate\n")
    # and one through a module db may import: a value module that imports a planner
    records = tree / "rostermgr/records.py"
    records.write_text(
        records.read_text(encoding="utf-8") + "\nimport rostermgr.shop  # deliberate\n"
    )
    broken = _lint(tree)
    assert broken.returncode != 0
    assert (
        "db stores what the use cases planned: it never imports a planner BROKEN" in broken.stdout
    )
    for file, planner in PLANNERS.items():
        importer = file.removesuffix(".py").replace("/", ".")
        assert f"{importer} -> {planner}" in broken.stdout, broken.stdout
    assert "rostermgr.records -> rostermgr.shop" in broken.stdout, broken.stdout
