"""The house rules of the screens (issue 30, architecture.md), kept by a test rather than
by a comment a newcomer must remember: small rooms, no screen importing another, engines
reached through their packages' faces, Flet's internals in one room, and one way to
keep controls and hand taps to pieces."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.ui import hooks

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "companion" / "ui"
SCREENS = UI / "screens"
LONGEST = 500  # lines a module of companion/ui may have
COMPANION = ROOT / "companion"
LONGEST_IN_COMPANION = 600  # lines any other module of companion/ may have (issue 45)
# The engine's own faces: a game's package, and the modules every game shares.
GAME_PACKAGES = ("sheets.nicht_die_bohne", "sheets.space_beans", "sheets.bohnanza", "sheets.gone_with_the_beans",
                 "sheets.gone_with_the_beans.live")
SHARED = ("sheets.errors", "sheets.game", "sheets.i18n", "sheets.results", "sheets.limits", "sheets.registry",
          "sheets.scorefile", "sheets.results_out", "sheets.timeline",
          "sheets.names")  # names: how a name goes inside a label (isolated), how a list of names is said
FLET_COMPAT = "companion.ui.flet_compat"
FLET_COMPAT_TEST = "tests.companion.test_flet_compat"


def python_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> Iterator[str]:
    """Every module ``path`` imports by absolute name (``from a import b``: ``a``)."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module


def screen_of(module: str) -> str | None:
    """The screen a module of companion/ui/screens belongs to (its module or package)."""
    parts = module.split(".")
    return parts[3] if len(parts) > 3 and parts[:3] == ["companion", "ui", "screens"] else None


@pytest.mark.parametrize("path", python_files(UI), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_of_the_app_is_over_500_lines(path: Path) -> None:
    lines = len(path.read_text().splitlines())
    assert lines <= LONGEST, f"{path.relative_to(ROOT)} has {lines} lines: split it into a package"


def outside_ui(folder: Path) -> list[Path]:
    return [p for p in python_files(folder) if UI not in p.parents]


@pytest.mark.parametrize("path", outside_ui(COMPANION), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_of_companion_is_over_600_lines(path: Path) -> None:
    lines = len(path.read_text().splitlines())
    assert lines <= LONGEST_IN_COMPANION, f"{path.relative_to(ROOT)} has {lines} lines: split it by concern"


# What a screen may import of the screens: the catalog of game screens (the frame and New
# game show them) and the not-found screen (a route that finds nothing).
SCREEN_DOORS = ("catalog", "not_found")


def test_no_screen_imports_another_screen() -> None:
    """Pieces two screens share live in companion/ui/components."""
    crossing = [
        f"{module_of(path)} imports {name}"
        for path in python_files(SCREENS) if path.name != "catalog.py"
        for name in imports(path)
        if screen_of(name) not in (None, screen_of(module_of(path)), *SCREEN_DOORS)
    ]
    assert crossing == []


def test_screens_reach_the_engines_through_their_packages_faces() -> None:
    past_the_face = [
        f"{module_of(path)} imports {name}"
        for path in python_files(UI)
        for name in imports(path)
        if name.startswith("sheets.") and name not in GAME_PACKAGES + SHARED
        and not name.startswith("sheets.model")
    ]
    assert past_the_face == []


def test_flet_internals_are_touched_in_one_module_only() -> None:
    """Everything but ``import flet as ft`` (Flet's public face) goes through flet_compat,
    which checks the pinned Flet version when it is imported; so does Flet's wire format
    (msgpack frames: ``encode_frame``, ``decode_frame``), which only flet_compat's own test
    reads again with msgpack, to check it against Flet's."""
    folders = [ROOT / "companion", ROOT / "bench", ROOT / "tests", ROOT / "testkit"]
    internal = [
        f"{path.relative_to(ROOT)} imports {name}"
        for folder in folders if folder.exists()
        for path in python_files(folder) if module_of(path) != FLET_COMPAT
        for name in imports(path)
        if name.startswith(("flet.", "flet_web."))
        or (name.split(".")[0] == "msgpack" and module_of(path) != FLET_COMPAT_TEST)
    ]
    assert internal == []


@pytest.mark.parametrize("name", ["use_stable_handlers", "use_kept", "per_state", "use_entry_untyped",
                                  "shared_by_grounds", "offers_pending"])
def test_the_implicit_way_of_writing_screens_is_gone(name: str) -> None:
    """Taps are a typed dataclass of ``use_latest`` callbacks (not a dict looked up by a
    string), kept controls go through ``Kept`` (which puts their place in the key), what a
    screen shows of a state is worked out by the session (``GameOf.view``), and what a
    state allows is the engine's ``allowed``, kept by the session, not a module cache."""
    users = [str(path.relative_to(ROOT)) for folder in ("companion", "sheets", "bench", "testkit")
             if (ROOT / folder).exists() for path in python_files(ROOT / folder) if name in path.read_text()]
    assert users == []


def test_components_are_memoized_one_way() -> None:
    """Through ``hooks.piece`` (and ``hooks.part``), whose docstring says what a piece may
    not do: a memoized piece that reads a context loses it when Flet skips it."""
    hooks = UI / "hooks.py"
    assert [str(p.relative_to(ROOT)) for p in python_files(UI) if "ft.memo" in p.read_text() and p != hooks] == []


# The one way a change reaches a screen (issue 45): a screen follows its game with
# ``use_view`` (a listing with ``use_listing``), its pieces are given slices. What it
# replaced is gone from the kit, and no screen or bench brings it back by hand.
RETIRED = ("use_game_part", "use_slice", "use_keeper", "Kept", "ViewOf", "GameChanged", "GameChangedContext",
           "use_game_frame", "use_game")
# What a piece may not read: a context is lost when Flet passes over a piece.
CONTEXTS = ("use_games", "use_sheet_values", "use_language", "use_screen_column", "use_invite_url",
            "use_certificate", "use_context", "use_route_params", "use_game_of")


def moved_files() -> list[Path]:
    return python_files(UI)


def test_one_way_a_change_reaches_a_screen() -> None:
    """What the one way replaced is not in the kit (an import of it fails), nor made again
    by hand anywhere."""
    assert [name for name in RETIRED if hasattr(hooks, name)] == []
    made = [f"{p.relative_to(ROOT)}: {name}" for folder in ("companion", "bench", "testkit")
            for p in python_files(ROOT / folder) for name in RETIRED
            if re.search(rf"^\s*(def|class) {name}\b", p.read_text(), re.MULTILINE)]
    assert made == []


def pieces(path: Path) -> Iterator[ast.FunctionDef]:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Name) and d.id == "piece" for d in node.decorator_list):
            yield node


def test_the_house_finds_the_pieces() -> None:
    assert len([node for p in moved_files() for node in pieces(p)]) >= 20


def test_pieces_read_no_context_and_take_no_view() -> None:
    """A piece takes slices of the view as arguments: never the view's maker, a game, or a
    context (which Flet loses when it passes over the piece)."""
    wrong = [f"{p.relative_to(ROOT)}: {node.name} calls {name}"
             for p in python_files(UI) for node in pieces(p) for call in ast.walk(node) if isinstance(call, ast.Call)
             for name in [getattr(call.func, "id", None) or getattr(call.func, "attr", None)] if name in CONTEXTS]
    wrong += [f"{p.relative_to(ROOT)}: {node.name} takes {arg.arg}"
              for p in python_files(UI) for node in pieces(p) for arg in node.args.args
              if isinstance(arg.annotation, ast.Subscript) and isinstance(arg.annotation.value, ast.Name)
              and arg.annotation.value.id in ("GameOf", "ViewOf")]
    assert wrong == []
