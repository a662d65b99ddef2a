"""The shape of the code: no import circle in the game, apps depend one way, small files and functions.

Plain source reading with ``ast`` (no Django, no database). Every import counts,
at module level or inside a function.

The app arrows (an app → the apps it may import):
    blockknock (platform, accounts) → none of game, leaderboards, themes (except its root URLconf)
    themes → blockknock
    game → blockknock
    leaderboards → blockknock, game
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("blockknock", "game", "leaderboards", "themes")
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 50
ALLOWED = {
    "blockknock": set(),
    "themes": {"blockknock"},
    "game": {"blockknock"},
    "leaderboards": {"blockknock", "game"},
}
ROOT_URLCONF = Path("blockknock/urls.py")


def _sources(*, tests: bool = False) -> list[Path]:
    folders = [ROOT / app for app in APPS] + ([ROOT / "tests"] if tests else [])
    return sorted(p for folder in folders for p in folder.rglob("*.py") if "migrations" not in p.parts)


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (``from x import y`` counts as ``x.y`` too, a submodule or not)."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _game_graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in (ROOT / "game").rglob("*.py") if "migrations" not in p.parts}
    return {name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle in ``graph`` (module → modules it imports), or ``[]``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_no_import_circle_among_the_game_modules():
    assert _cycle(_game_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


@pytest.mark.parametrize("app", APPS)
def test_apps_import_one_way(app):
    wrong = []
    for path in _sources():
        if path.relative_to(ROOT).parts[0] != app or path.relative_to(ROOT) == ROOT_URLCONF:
            continue
        others = {name.split(".")[0] for name in _imports(path)} & set(APPS) - {app}
        wrong += [(str(path.relative_to(ROOT)), other) for other in sorted(others - ALLOWED[app])]
    assert wrong == []


SINGLE_FILE_TOOLS = {"tools/verify_deal.py"}
"""Programs that must stay one file to be useful (the fair-deal verifier: copy it, run it, nothing else)."""


def test_no_python_file_is_over_400_lines():
    sources = _sources() + sorted((ROOT / "tools").glob("*.py"))
    long = {str(p.relative_to(ROOT)): n for p in sources if (n := len(p.read_text().splitlines())) > MAX_FILE_LINES}
    assert set(long) <= SINGLE_FILE_TOOLS


def _exempt_from_function_length(path: Path) -> bool:
    relative = path.relative_to(ROOT)
    return "bench" in path.name or relative.parts[:2] == ("tests", "load")


def test_no_function_is_over_50_lines():
    long = {}
    for path in _sources(tests=True) + sorted((ROOT / "tools").glob("*.py")):
        if _exempt_from_function_length(path):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"] = lines
    assert long == {}


def test_benchmarks_live_in_tools_and_no_app_imports_tools():
    benches = [str(p.relative_to(ROOT)) for p in _sources() if "bench" in p.name]
    importers = [str(p.relative_to(ROOT)) for p in _sources() if any(m.split(".")[0] == "tools" for m in _imports(p))]
    assert (benches, importers) == ([], [])
