"""A layout module of ui/ (`*_layout.py`) builds and places widgets only: the owner's split of
a widget's layout from its behaviour. It connects no signal, filters no event and imports no
use case, storage or printing; the module beside it (`print_dialog` for `print_layout`) gives
the widgets their meaning.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = sorted((ROOT / "ui").rglob("*_layout.py"))
BEHAVIOUR_METHODS = {"connect", "installEventFilter"}
BEHAVIOUR_FUNCTIONS = {"on_enter", "on_enter_or_space"}  # ui.keys: an event filter each
BELOW = ("services", "db", "printables")


def _faults(source: str) -> list[str]:
    """What in one module's source is behaviour, not layout: each as a short phrase."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in BEHAVIOUR_METHODS | BEHAVIOUR_FUNCTIONS:
                found.append(f"calls {called}() on line {node.lineno}")
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        found += [
            f"imports {name} on line {node.lineno}" for name in names if name.split(".")[0] in BELOW
        ]
    return found


def test_the_split_dialogs_have_their_layout_modules() -> None:
    names = {p.name for p in LAYOUTS}
    assert {"print_layout.py", "table_aids_layout.py"} <= names


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_a_layout_module_connects_nothing_and_asks_no_use_case(path: Path) -> None:
    assert _faults(path.read_text(encoding="utf-8")) == []


def test_a_connection_or_a_use_case_in_a_layout_is_found() -> None:
    source = (
        "from services import posses\n"
        "import db.models\n"
        "from ui.keys import on_enter\n"
        "def build(box, go):\n"
        "    go.clicked.connect(box.clear)\n"
        "    on_enter(box, go.click)\n"
    )
    assert _faults(source) == [
        "imports services on line 1",
        "imports db.models on line 2",
        "calls connect() on line 5",
        "calls on_enter() on line 6",
    ]
