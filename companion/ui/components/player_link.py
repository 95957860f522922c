"""The way to a player's record (issue 49, ``screens/player.py``): its address and a name that opens it."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import NAME_WIDTH
from companion.ui.hooks import go, player_route


def player_link(name: str, width: float = NAME_WIDTH) -> ft.Control:
    """A player's name, cut with "…" where it must: a tap opens their record."""
    return ft.TextButton(content=ft.Text(name, width=width, max_lines=1, no_wrap=True,
                                         overflow=ft.TextOverflow.ELLIPSIS),
                         tooltip=name, on_click=lambda _e: go(player_route(name)))
