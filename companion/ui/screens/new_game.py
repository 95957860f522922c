"""Start a game: pick the game, then its setup (players in seating order, ...)."""

from __future__ import annotations

import flet as ft

from companion.ui.hooks import go
from companion.ui.components.common import screen
from companion.ui.screens.catalog import GAME_SCREENS
from sheets.i18n import _
from sheets.registry import KINDS


@ft.component
def NewGame() -> ft.View:
    game = ft.use_route_params().get("game")
    screens = GAME_SCREENS
    if game in screens:
        title = _(screens[game].heading or KINDS[game].title)
        return screen(f"/new/{game}", title, [screens[game].setup(game)], back="/new")
    return screen(
        "/new",
        _("New game"),
        [
            ft.Card(
                ft.ListTile(
                    title=ft.Text(_(s.heading or KINDS[g].title), size=18, weight=ft.FontWeight.W_600),
                    subtitle=ft.Text(_(s.blurb)),
                    on_click=lambda _e, g=g: go(f"/new/{g}"),
                )
            )
            for g, s in screens.items()
        ],
        language=True,
    )
