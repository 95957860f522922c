"""Issue 18, contrast: every text a screen draws on a coloured fill is at least 4.5:1
(WCAG 2 AA for normal text), in light and dark themes alike (the pairs are explicit
colours, the same in both themes; text on the theme's surface uses its text roles)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.ui.colours import PAIRS, contrast
from companion.ui.screens import bohnanza, nicht_die_bohne, space_beans

# The theme's text roles (Material 3 tones chosen for text on the surfaces and containers
# they name); text in any other theme colour, or a fixed colour, must come from PAIRS.
THEME_TEXT = {
    "ON_SURFACE", "ON_SURFACE_VARIANT", "PRIMARY", "ON_PRIMARY", "ERROR", "ON_ERROR_CONTAINER",
    "ON_PRIMARY_CONTAINER", "ON_SECONDARY_CONTAINER", "ON_TERTIARY_CONTAINER",
}
UI = Path(__file__).resolve().parents[2] / "companion" / "ui"
# Every module of every screen and component (a screen may be a package of modules).
SCREEN_FILES = sorted([*(UI / "screens").rglob("*.py"), *(UI / "components").rglob("*.py")])


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_every_text_pair_is_at_least_4_5_to_1(name):
    fill, ink = PAIRS[name]
    assert contrast(fill, ink) >= 4.5, f"{name}: {contrast(fill, ink):.2f}:1"


def test_the_screens_bean_colours_are_checked_pairs():
    checked = set(PAIRS.values())
    for table in (bohnanza.BEAN_COLOURS, nicht_die_bohne.BEAN_COLOURS, space_beans.BEAN_COLOURS):
        assert set(table.values()) <= checked


GRAPHICS = ("Icon", "LineChartData", "BarChartRod")  # an icon, a chart's line or bar: drawn, not read as text


def text_colours(source: str) -> list[tuple[int, str]]:
    """Every ``ft.Colors.X`` a screen module's source gives as a ``color`` (of a text, a
    text style, or a helper's ``color`` parameter; icons are graphics, not text), with its line."""
    tree = ast.parse(source)
    constants = {t.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for t in node.targets if isinstance(t, ast.Name)}
    found = []

    def colours_in(expr: ast.AST) -> None:
        for node in ast.walk(expr):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "Colors":
                found.append((node.lineno, node.attr))
            elif isinstance(node, ast.Name) and node.id in constants:
                colours_in(constants[node.id])

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) not in GRAPHICS:
            for kw in node.keywords:
                if kw.arg == "color":
                    colours_in(kw.value)
        elif isinstance(node, (ast.FunctionDef, ast.Lambda)):
            named = node.args.args[len(node.args.args) - len(node.args.defaults):]
            for arg, default in zip(named, node.args.defaults):
                if arg.arg == "color":
                    colours_in(default)
    return found


@pytest.mark.parametrize("path", SCREEN_FILES, ids=lambda p: str(p.relative_to(UI)))
def test_no_text_in_a_game_screen_escapes_the_colour_table(path):
    """Issue 18: a fixed colour (ft.Colors.ORANGE_800, AMBER...) as text colour is a pair
    nobody checked; the screens take fixed colours from PAIRS, theme colours from its text roles."""
    escaped = [(line, name) for line, name in text_colours(path.read_text()) if name not in THEME_TEXT]
    assert escaped == []


def test_the_check_sees_a_fixed_text_colour():
    """The walk above finds what it is meant to find (a screen written the old way)."""
    source = ("import flet as ft\nMUTED = ft.Colors.AMBER\n"
              "x = ft.Text('a', color=MUTED if y else ft.Colors.WHITE)\n"
              "ft.Icon(ft.Icons.STAR, color=ft.Colors.AMBER)\n"
              "def note(text, color=ft.Colors.ORANGE_800): ...\n")
    assert sorted(name for _, name in text_colours(source)) == ["AMBER", "ORANGE_800", "WHITE"]


def test_contrast_matches_the_measured_failures_of_issue_18():
    """The old colours, as the issue measured them (light surface about #FFF8F6)."""
    assert round(contrast("#4CAF50", "#FFF8F6"), 2) == 2.65  # GREEN positive number
    assert round(contrast("#E64A19", "#FFFFFF"), 2) == 3.92  # white on DEEP_ORANGE_700
    assert round(contrast("#EF6C00", "#FFFFFF"), 2) == 3.08  # white on ORANGE_800 (Moonbohnen)
    assert round(contrast("#FFFFFF", "#000000"), 1) == 21.0
