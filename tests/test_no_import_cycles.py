"""Neither the rules engine nor the app has an import circle (issue 13, "a house without
circles"): every import counts, at module level, under ``if TYPE_CHECKING`` and inside
functions alike."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sheets", "companion")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


def imported(tree: ast.AST, here: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's own modules that ``tree`` imports. ``from pkg import name`` is an
    import of the module ``pkg.name`` when there is one, else of ``pkg``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")[: len(here.split(".")) - node.level + is_package]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in known else base)
    return {name for name in found if name in known}


def import_graph(package: str) -> dict[str, set[str]]:
    known = modules(package)
    return {
        name: imported(ast.parse(path.read_text()), name, path.name == "__init__.py", set(known))
        for name, path in known.items()
    }


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (its modules, the first repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        path.append(name)
        for target in sorted(graph[name]):
            found = visit(target)
            if found:
                return found
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name)
        if found:
            return found
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_itself_through_others(package: str) -> None:
    found = cycle(import_graph(package))
    assert found is None, "import circle: " + " -> ".join(found or [])


def test_the_check_finds_a_circle_and_imports_inside_functions() -> None:
    """The checker itself: a late import inside a function closes a circle too."""
    known = {"p", "p.a", "p.b"}
    a = imported(ast.parse("from p.b import x\n"), "p.a", False, known)
    b = imported(ast.parse("def f():\n    from p import a\n"), "p.b", False, known)
    assert cycle({"p": set(), "p.a": a, "p.b": b}) == ["p.a", "p.b", "p.a"]
    assert cycle({"p": set(), "p.a": a, "p.b": set()}) is None


# tests/ and bench/ share their harness through testkit/, and never import each other.
APART = {"tests": ("bench",), "bench": ("tests",), "testkit": ("tests", "bench")}


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (relative imports as written)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
    return found


def crossings(folder: str) -> list[str]:
    """``file: module`` for each import of a folder ``folder`` must not import."""
    banned = APART[folder]
    return [f"{path.relative_to(ROOT)}: {name}" for path in sorted((ROOT / folder).rglob("*.py"))
            for name in sorted(imports_of(path)) if name.split(".")[0] in banned]


@pytest.mark.parametrize("folder", sorted(APART))
def test_tests_and_bench_share_testkit_and_never_import_each_other(folder: str) -> None:
    assert crossings(folder) == []


def test_the_check_finds_an_import_across(tmp_path: Path) -> None:
    """The checker itself: an import of bench inside a test's function is found."""
    written = tmp_path / "t.py"
    written.write_text("import os\ndef f():\n    from bench.harness import Table\n")
    assert imports_of(written) == {"os", "bench.harness"}
