"""Start a game: pick the game, then its setup (players in seating order, ...)."""

from __future__ import annotations

import flet as ft

from companion.ui.hooks import go
from companion.ui.components.common import screen
from companion.ui.screens.catalog import GAME_SCREENS
from sheets.registry import KINDS


@ft.component
def NewGame():
    game = ft.use_route_params().get("game")
    screens = GAME_SCREENS
    if game in screens:
        title = screens[game].heading or KINDS[game].title
        return screen(f"/new/{game}", title, [screens[game].setup(game)], back="/new")
    return screen(
        "/new",
        "New game",
        [
            ft.Card(
                ft.ListTile(
                    title=ft.Text(s.heading or KINDS[g].title, size=18, weight=ft.FontWeight.W_600),
                    subtitle=ft.Text(s.blurb),
                    on_click=lambda _, g=g: go(f"/new/{g}"),
                )
            )
            for g, s in screens.items()
        ],
    )
