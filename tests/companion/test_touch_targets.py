"""Issue 48: every tappable control on every screen is at least 48x48 px (Material's
minimum) whatever the browser reports. Flutter pads a tap target to 48 px only on a
platform it takes for a phone; a tablet or the host's laptop reporting a desktop got 32-40
px (Import, Round tabs, chips, Undo, the delete dialog's buttons, the setup radios).

The house rule this test walks on each screen in the harness: a button of any kind (and
an icon button, a snackbar's action) takes its size from the app's theme, whose buttons
are at least 48 px each way (``touch_theme``); a chip, a radio and a menu button are given
48 px themselves (a radio's label of two lines is spaced to 48 px); a segmented button's padding makes it 48 px high. A tappable control of
any other kind fails the walk until the rule says how it gets its 48 px. A tappable
container (a colour tab, a table's name cell, a timeline entry) is as big as what it holds:
the harness cannot tell, so tests/e2e/test_touch_targets_ui.py measures the drawn boxes
of every screen's buttons, chips and radios with a desktop browser's user agent."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from companion.ui.components.common import TOUCH
from companion.ui.flet_compat import TouchButtonStyle, page_layers
from testkit.harness import Table, controls_on
from testkit.positions import bohnanza_over, dealt_in_order, mid_game
from testkit.screen import EVENTS, hidden

THEMED = {  # a button kind -> the theme that sizes it
    ft.Button: "button_theme", ft.TextButton: "text_button_theme", ft.OutlinedButton: "outlined_button_theme",
    ft.FilledButton: "filled_button_theme", ft.FilledTonalButton: "filled_button_theme",
    ft.IconButton: "icon_button_theme",
}
SIZED = (ft.Chip, ft.Radio, ft.PopupMenuButton)  # 48 px of their own
ROOMY = (ft.TextField, ft.ListTile, ft.RadioGroup, ft.Dropdown, ft.PopupMenuItem)  # 48 px or more as drawn
# Sized by what they hold (measured in the browser); a Semantics node is its content's
CONTENT = (ft.Container, ft.GestureDetector, ft.Semantics)
LINE = 20  # px: a line of a button's label text (14 px type), what a segment's padding adds to
LABEL = 14  # px: a radio's label type


def themed_size(theme: ft.Theme | None, kind: str) -> float:
    """The minimum height (and width) ``theme`` gives the buttons of ``kind``."""
    style = getattr(getattr(theme, kind, None), "style", None)
    size = style.minimum_size if isinstance(style, TouchButtonStyle) else None
    return min(size.width, size.height) if size is not None else 0


def too_small(control: Any, page: ft.Page) -> str | None:
    """Why ``control`` may be drawn smaller than 48 px, or None."""
    name = type(control).__name__
    kind = next((k for cls, k in THEMED.items() if type(control) is cls), None)
    if kind is not None:
        if control.height is not None and control.height < TOUCH:
            return f"{name} {control.height} px high"
        if min(themed_size(page.theme, kind), themed_size(page.dark_theme, kind)) < TOUCH:
            return f"{name}: the theme's {kind} does not make it {TOUCH} px"
        return None
    if isinstance(control, ft.SegmentedButton):
        padding = getattr(getattr(control, "style", None), "padding", None)
        vertical = (padding.top + padding.bottom) if isinstance(padding, ft.Padding) else 0
        return None if LINE + vertical >= TOUCH else f"SegmentedButton {LINE + vertical} px high"
    if isinstance(control, ft.Radio) and "\n" in str(control.label):
        spacing = control.label_style.height if control.label_style is not None else None
        return None if 2 * LABEL * (spacing or 1.2) >= TOUCH else f"Radio: two lines {2 * LABEL * (spacing or 1.2)} px high"
    if isinstance(control, SIZED):
        if (control.height or 0) < TOUCH:
            return f"{name} {control.height} px high"
        if control.width is not None and control.width < TOUCH:
            return f"{name} {control.width} px wide"
        return None
    if isinstance(control, (*ROOMY, *CONTENT)):
        return None
    return f"{name}: a tappable control the rule does not size"


def tappable(control: Any) -> bool:
    return any(getattr(control, handler, None) for handler, _event in EVENTS) \
        or isinstance(control, (*THEMED, ft.SegmentedButton, ft.Chip, ft.Radio, ft.PopupMenuButton))


def small_targets(page: ft.Page) -> list[str]:
    """Each tappable control on the page (dialogs and snackbars included) that may be drawn
    under 48 px, with what it says."""
    found = []
    for layer in [page, *page_layers(page)]:
        for control in controls_on(layer):
            if hidden(control) or not tappable(control):
                continue
            why = too_small(control, page)
            if why:
                words = getattr(control, "tooltip", None) or getattr(control, "content", None) \
                    or getattr(control, "label", None) or getattr(control, "text", None)
                found.append(f"{why}: {str(words)[:60]}")
    return found


@pytest.fixture(scope="module")
def routes(tmp_path_factory):
    """A data directory with a game of each kind in play (one finished) and its routes."""
    data = tmp_path_factory.mktemp("touch")
    games = Games(open_repository(data))
    ndb = dealt_in_order(games, ["Ann", "Ben", "Cy"], rounds=1)
    fresh_ndb = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]})
    finished = bohnanza_over(games, ["Ann", "Ben", "Cy"])
    kinds = {kind: mid_game(games, kind, seated=False) for kind in ("bohnanza", "space-beans", "gone-with-the-beans-live")}
    kinds["gone-with-the-beans"] = games.new_game("gone-with-the-beans", {
        "sheet": "A", "players": [{"name": "Ann", "province": "macadimia"}, {"name": "Ben", "province": "ammond"}]})
    paths = ["/", "/stats", "/players/Ann", "/values", "/new", *(f"/new/{kind}" for kind in
             ("nicht-die-bohne", "bohnanza", "space-beans", "gone-with-the-beans", "gone-with-the-beans-live")),
             f"/game/{ndb}", f"/game/{fresh_ndb}", f"/game/{finished}", f"/game/{ndb}/timeline",
             f"/game/{ndb}/at/1", f"/game/{ndb}/seats",
             *(f"/game/{game_id}" for game_id in kinds.values())]
    yield games, paths
    games.repo.close()


def test_every_tappable_control_of_every_screen_is_48_px_whatever_the_browser(routes):
    games, paths = routes

    async def walk() -> dict[str, list[str]]:
        async with Table() as table:
            found = {}
            for path in paths:
                phone = await table.open(make_main(games), path, "a phone")
                page = phone.session.page
                for _ in range(50):  # a busy machine: the screen comes after the phone's token
                    if any(tappable(c) for c in controls_on(page)):
                        break
                    await asyncio.sleep(0.1)
                    await table.quiet()
                assert [c for c in controls_on(page) if tappable(c)], f"{path}: nothing to tap"
                found[path] = small_targets(page)
            return found

    found = asyncio.run(walk())
    small = {path: small for path, small in found.items() if small}
    assert small == {}, "\n".join(f"{path}: {s}" for path, found in small.items() for s in found)


def test_the_rule_finds_a_small_control():
    """The walk is not blind: a chip without its 48 px, a button under a plain theme, an
    unknown tappable kind are each found."""
    page: Any = type("P", (), {"theme": ft.Theme(), "dark_theme": ft.Theme()})()
    assert too_small(ft.Chip(label=ft.Text("Ann")), page) == "Chip None px high"
    assert too_small(ft.TextButton("Undo"), page) == "TextButton: the theme's text_button_theme does not make it 48 px"
    assert "does not size" in str(too_small(ft.Checkbox(label="x", on_change=lambda _e: None), page))
