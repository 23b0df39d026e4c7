"""No import cycle inside ui/ (issue 30): each part of the window depends on what it needs,
never back on the window that uses it.

Every import counts, wherever it sits: at the top, inside a function (imported late only to
start faster) and under `if TYPE_CHECKING:` (a cycle a reader and the type checker still
have to follow).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _ui_imports(path: Path, modules: set[str]) -> set[str]:
    """The ui modules one file imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # `from ui import actions` imports ui.actions; `from ui.x import f` imports ui.x
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        found |= {n for n in names if n in modules}
    found.discard("ui")  # the package itself is empty
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module(p): p for p in UI.rglob("*.py")}
    modules = set(paths)
    return {m: _ui_imports(p, modules) - {m} for m, p in paths.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules around it, or None (a depth-first search)."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_the_walk_finds_a_cycle() -> None:
    """The search itself: a cycle through a TYPE_CHECKING-style back edge is found."""
    graph = {"ui.a": {"ui.b"}, "ui.b": {"ui.c"}, "ui.c": {"ui.a"}, "ui.d": set()}
    assert _cycle(graph) == ["ui.a", "ui.b", "ui.c", "ui.a"]
    assert _cycle({"ui.a": {"ui.b"}, "ui.b": set()}) is None


def test_no_import_cycle_inside_ui() -> None:
    graph = _graph()
    assert graph.get("ui.main_window"), "the walk found no imports"
    cycle = _cycle(graph)
    assert cycle is None, f"import cycle in ui/: {' -> '.join(cycle or [])}"
